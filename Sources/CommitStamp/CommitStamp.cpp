// The manifest names git's `logs/HEAD`, which gets a line `old new name <mail> time zone\tmessage`
// each time HEAD moves; the compiler lists the file it embeds among this file's inputs, so a build
// after a commit compiles this again. The log is read in a constant expression: only 12 digits
// of the last line's new commit reach the binary.
#include "CommitStamp.h"
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#pragma clang diagnostic ignored "-Wc++26-extensions"
#pragma clang diagnostic ignored "-Wc23-extensions"

struct Commit {
  char text[13] = "unknown";
};
// A compiler without `#embed` (or a build outside git) names no commit rather than failing.
#if defined(MARBLES_HEAD_LOG) && defined(__has_embed)
#if __has_embed(MARBLES_HEAD_LOG)
#define MARBLES_EMBEDS_HEAD_LOG 1
#endif
#endif
#ifdef MARBLES_EMBEDS_HEAD_LOG
static constexpr char headLog[] = {
#embed MARBLES_HEAD_LOG suffix(, )
  0};
static constexpr Commit lastCommit() {
  int end = sizeof headLog - 1;
  while (end > 0 && headLog[end - 1] == '\n') end -= 1;
  int start = end;
  while (start > 0 && headLog[start - 1] != '\n') start -= 1;
  while (start < end && headLog[start] != ' ') start += 1;
  Commit commit;
  for (int i = 0; i < 12; i += 1) {
    char digit = start + 1 + i < end ? headLog[start + 1 + i] : 0;
    if (!((digit >= '0' && digit <= '9') || (digit >= 'a' && digit <= 'f'))) return Commit();
    commit.text[i] = digit;
  }
  commit.text[12] = 0;
  return commit;
}
static constexpr Commit stamp = lastCommit();
#else
static constexpr Commit stamp;
#endif
const char *marbles_commit(void) { return stamp.text; }
