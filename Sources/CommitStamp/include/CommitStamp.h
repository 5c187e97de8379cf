#ifdef __cplusplus
extern "C"
#endif
/// The commit `marbles` was built from: its first 12 hex digits, or `unknown` outside git.
const char *marbles_commit(void);
