// Reads the commit at compile time, so no build step runs git: the manifest names the checkout's
// `logs/HEAD` (git adds a line `old new name <mail> time zone\tmessage` each time HEAD moves: a
// commit, a checkout, a reset, a pull), and the compiler lists the file this embeds as an input
// of this file, so a build after a new commit compiles it again. Only the 12 digits reach the
// binary: the log is read in a constant expression.
#include "CommitStamp.h"
#pragma clang diagnostic ignored "-Wc++26-extensions"

namespace {
struct Commit {
  char text[13] = "unknown";
};

#if defined(MARBLES_HEAD_LOG) && __has_embed(MARBLES_HEAD_LOG)
constexpr char headLog[] = {
#embed MARBLES_HEAD_LOG suffix(, )
  0};

/// The new commit of the log's last line, or `unknown` if that line does not start with two.
constexpr Commit lastCommit() {
  int end = sizeof headLog - 1, start;
  while (end > 0 && headLog[end - 1] == '\n') end -= 1;
  for (start = end; start > 0 && headLog[start - 1] != '\n';) start -= 1;
  while (start < end && headLog[start] != ' ') start += 1;
  Commit commit, unknown;
  for (int i = 0; i < 12; i += 1) {
    char digit = start + 1 + i < end ? headLog[start + 1 + i] : ' ';
    if (!((digit >= '0' && digit <= '9') || (digit >= 'a' && digit <= 'f'))) return unknown;
    commit.text[i] = digit;
  }
  commit.text[12] = 0;
  return commit;
}
constexpr Commit stamp = lastCommit();
#else
constexpr Commit stamp;
#endif
}  // namespace

const char *marbles_commit(void) { return stamp.text; }
