/// The commit `marbles` was built from: its first 12 hex digits, or `unknown` outside git.
#ifdef __cplusplus
extern "C"
#endif
const char *marbles_commit(void);
