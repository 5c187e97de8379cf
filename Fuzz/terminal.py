#!/usr/bin/env python3
"""Terminal-safety fuzz of the `marbles` binary over the examples.

Deterministic: mutant i is a function of (--seed, i) only. Each mutant puts terminal controls
(ESC sequences, CR, BEL, DEL, C1 controls, bidi marks, line separators), wide and non-ASCII
characters into the string positions of an example (titles, labels, string literals), raw or as
`\\u{...}` escapes, and sometimes into its file name; it then runs through `render` (ascii and
unicode), `test` and `step`. A finding is any output that carries one of those controls raw
(outside the tool's own colour codes, off with `--color never`), or `render --format ascii`
output with a byte above 0x7F. Findings are saved under Fuzz/findings/ (spoof-*.marble).

    swift build -c release
    nice -n 10 python3 Fuzz/terminal.py --count 2000 [--seed 1] [--timeout 10]
"""
import argparse, os, random, re, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RAW = ["\x1b[2J", "\x1b]0;title\x07", "\r", "\x07", "\x7f", "\x9b1m", "\u202e", "\u2066",
       "\u2028", "\x1b[2K", "\t"]
ESCAPED = ["\\u{1b}[2J", "\\r", "\\n", "\\u{7}", "\\u{9b}", "\\u{202e}", "\\u{2029}", "\\t"]
TEXT = ["日本", "😀", "→", "…", "é", "🇫🇷"]
COMMANDS = [["render", "--format", "ascii"], ["render", "--format", "unicode"], ["test"],
            ["step"]]
# Raw in the output, these act on a terminal (tab and newline are layout).
BAD = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
                 "\u2028\u2029]")


def mutate(text, rng):
    """Inserts into string literals (after an opening quote) or into `as`/title text."""
    quotes = [m.end() for m in re.finditer(r'(?:title |as |\(|, |= )"', text)]
    s = text
    for _ in range(rng.randint(1, 4)):
        if not quotes:
            break
        at = rng.choice(quotes)
        pool = rng.choice([RAW, ESCAPED, TEXT])
        piece = rng.choice(pool)
        s = s[:at] + piece + s[at:]
        quotes = [q + len(piece) if q > at else q for q in quotes]
    return s


def check(binary, command, path, timeout):
    """The reason the run's output is unsafe, or None."""
    try:
        p = subprocess.run([binary, command[0], path] + command[1:] + ["--color", "never",
                            "--max-frames", "5000"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None  # hangs are mutate.py's business
    for name, data in (("stdout", p.stdout), ("stderr", p.stderr)):
        text = data.decode("utf-8", "replace")
        found = BAD.search(text)
        if found:
            return "%s %s: raw U+%04X" % (" ".join(command), name, ord(found.group()))
    if command[:3] == ["render", "--format", "ascii"] and any(b > 0x7F for b in p.stdout):
        return "render --format ascii: a byte above 0x7F"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/marbles"))
    args = parser.parse_args()
    folder = os.path.join(ROOT, "Examples")
    examples = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".marble"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                examples.append((name[:-7], f.read()))
    findings = os.path.join(ROOT, "Fuzz/findings")
    os.makedirs(findings, exist_ok=True)
    work = tempfile.mkdtemp(prefix="marbles-terminal-")
    found = 0
    try:
        for i in range(args.count):
            rng = random.Random(args.seed * 1_000_003 + i)
            name, text = examples[rng.randrange(len(examples))]
            # Sometimes the file name carries a control too.
            suffix = rng.choice(["", "", "\x1b[31m", "\r", "\u202e"])
            path = os.path.join(work, "m%06d-%s%s.marble" % (i, name, suffix))
            with open(path, "w", encoding="utf-8") as f:
                f.write(mutate(text, rng))
            command = COMMANDS[i % len(COMMANDS)]
            reason = check(args.binary, command, path, args.timeout)
            if reason:
                found += 1
                saved = os.path.join(findings, "spoof-s%d-%06d-%s.marble" % (args.seed, i, name))
                shutil.copy(path, saved)
                print("FOUND %s: %s" % (os.path.basename(saved), reason), flush=True)
            os.remove(path)
            if i % 500 == 0:
                print("%d scripts, %d findings" % (i, found), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("done: %d mutated scripts (seed %d), %d findings" % (args.count, args.seed, found),
          flush=True)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
