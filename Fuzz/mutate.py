#!/usr/bin/env python3
"""Mutation fuzz of the release `marbles` binary over the examples.

Deterministic: mutation i of the run is a function of (--seed, i) only. Every fifth script is
not a mutation but a generated shape that once took a command down (values that share or nest
structure, dictionaries, long progressions before '^', huge strings and labels, replays fanned
out, '+' in a loop). Scripts are written in batches to a scratch folder and run with
`marbles test FOLDER` (one process per batch); every tenth batch also with `marbles render` on
all its files, and its first files one by one through every format of `render` and `step`. A
process that dies from a signal, exits with a code other than 0/1, passes --timeout, writes more
than its --max-output or grows past 1 GB is bisected down to the single scripts that do it,
which are saved under Fuzz/findings/ (crash-*.marble, hang-*.marble).

    swift build -c release
    nice -n 10 python3 Fuzz/mutate.py --count 100000 [--seed 1] [--batch 200] [--timeout 10]
        [--limits "--max-frames 5000 --max-events 200000 ..."]   (budgets per run; "" = defaults)
"""
import argparse, os, random, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FRAGMENTS = ["(", ")", "{", "}", "[", "]", '"', ",", ".", "|", "#", "^", "!", "-", " x in ",
             "map", "switchToLatest()", "defer { }", "let ", "expect ", "show ", "\n", "\\",
             "a", "0", "1e308", "-1", "9223372036854775807", "nil", "repeat(", "execute(",
             "flattenMap { x in ", "concat(", "startWith(", "{ f in f(f) }"]


def shape(rng):
    """A script of a shape an adversarial round found (see FuzzTests.shape)."""
    seed = rng.choice(['[1]', '["k": 1]', '(1, 2)', '"ab"'])
    grow = rng.choice(['[acc, acc]', '["a": acc, "b": acc]', '(acc, acc)', '[acc]',
                       '["a": acc, "b": x]', '(acc, x)', 'acc + acc', 'next(acc)'])
    frames = rng.choice([10, 60, 300, 99999])
    value = "let v = interval(1).take(%d).scan(%s) { acc, x in %s }\n" % (frames, seed, grow)
    huge = "x" * rng.choice([0, 1000, 500000])
    kind = rng.randrange(8)
    if kind == 0:
        return value + "show v.last()"
    if kind == 1:
        return value + "show v.map { x in x == x }, v.distinct()"
    if kind == 2:
        return value + "show v.last().map { x in x - 1 }"
    if kind == 3:
        return value + 'show v.map { x in ["k": x, "j": [x, x]] }.collect()'
    if kind == 4:
        return 'show hot("a %dms ^-b|")\nshow timer(%d)' % (
            rng.choice([1, 999, 5000, 999999999]), rng.randrange(10**9))
    if kind == 5:
        label = "y" * rng.choice([10, 500000])
        return ('let big = "%s"\n' % huge
                + "\n".join('show cold("a|", a: big) as "%s"' % label
                            for _ in range(rng.choice([1, 600]))))
    if kind == 6:
        return ("let r = interval(1).take(%d).replay()\n" % (frames * 100)
                + "show r.flattenMap { _ in r.take(%d) }.count()" % rng.choice([5, 5000]))
    return "show interval(1).take(%d).scan([]) { acc, x in acc + [x] }.count()" % (frames * 300)


def mutate(text, rng):
    s = list(text)
    lines = text.split("\n")
    for _ in range(rng.randint(1, 6)):
        at = rng.randint(0, len(s))
        op = rng.randrange(10)
        if op == 0 and s:
            del s[at:at + rng.randint(1, 12)]
        elif op == 1:
            s[at:at] = s[at:at + rng.randint(1, 60)]
        elif op == 2 and len(s) > 1:
            a, b = rng.randrange(len(s)), rng.randrange(len(s))
            s[a], s[b] = s[b], s[a]
        elif op == 3:
            s[at:at] = [chr(rng.randrange(1, 0x80)) for _ in range(rng.randint(1, 4))]
        elif op == 4:
            s[at:at] = list(rng.choice(FRAGMENTS))
        elif op == 5:
            s[at:at] = list(rng.choice("-a(x 0|") * rng.choice([100, 2000, 20000]))
        elif op == 6:
            opener = rng.choice(["(", "[", "{", "map { x in ", "defer { ", "-("])
            s[at:at] = list(opener * rng.choice([10, 200, 5000]))
        elif op == 7:
            s[at:at] = list(rng.choice(lines) + "\n") * rng.randint(1, 50)
        elif op == 8 and s:
            s[at:at] = [chr(rng.randrange(0x80, 0x3000))]
        else:
            digits = str(rng.choice([0, 1, 7, 1000, 10**6, 10**9, 2**31, 2**62, 10**30]))
            s[at:at] = list(digits)
    return "".join(s)


LIMITS = []


MAX_OUTPUT = 50_000_000
MAX_MEMORY = 1 << 30


def run(binary, args, timeout):
    """None, or why the run of `args` is a finding (a crash, a hang, too much output or memory)."""
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    try:
        p = subprocess.run([binary] + args[:1] + LIMITS + ["--max-output", str(MAX_OUTPUT)]
                           + args[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return "hang"
    if p.returncode < 0 or p.returncode not in (0, 1):
        return "crash %d %s" % (p.returncode, p.stderr[-300:].decode("utf-8", "replace"))
    if len(p.stdout) > MAX_OUTPUT:
        return "crash: %d bytes of output" % len(p.stdout)
    # ru_maxrss (KB) is the largest of all children so far: a new maximum past 1 GB is this run.
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if after > before and after * 1024 > MAX_MEMORY:
        return "crash: %d MB of memory" % (after // 1024)
    return None


def bisect(binary, command, files, folder, timeout, findings, label):
    """Runs `files` one by one (small batches first halve) and saves the bad ones."""
    if len(files) == 1:
        result = run(binary, command.split() + [files[0]], timeout)
        if result:
            kind = "hang" if result == "hang" else "crash"
            name = "%s-%s-%s" % (kind, label, os.path.basename(files[0]))  # one name per script
            shutil.copy(files[0], os.path.join(findings, name))
            print("FOUND %s: %s" % (name, result.splitlines()[0] if result else ""), flush=True)
            return [(kind, name)]
        return []
    half = len(files) // 2
    found = []
    for part in (files[:half], files[half:]):
        sub = tempfile.mkdtemp(dir=folder)
        for f in part:
            os.link(f, os.path.join(sub, os.path.basename(f)))
        if run(binary, [command, sub] if command == "test" else command.split() + part,
               timeout * max(1, len(part) // 20)):
            found += bisect(binary, command, part, folder, timeout, findings, label)
        shutil.rmtree(sub)
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=10)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/marbles"))
    parser.add_argument("--limits", default="--max-frames 5000 --max-events 200000 "
                        "--max-subscriptions 2000 --max-value-size 100000",
                        help="budget flags passed to every run (bounded work per script)")
    args = parser.parse_args()
    LIMITS.extend(args.limits.split())
    examples = []
    folder = os.path.join(ROOT, "Examples")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".marble"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                examples.append((name[:-7], f.read()))
    findings = os.path.join(ROOT, "Fuzz/findings")
    os.makedirs(findings, exist_ok=True)
    work = tempfile.mkdtemp(prefix="marbles-mutate-")
    executed = 0
    found = set()
    try:
        for start in range(0, args.count, args.batch):
            batch = os.path.join(work, "b%d" % start)
            os.makedirs(batch)
            files = []
            for i in range(start, min(args.count, start + args.batch)):
                rng = random.Random(args.seed * 1_000_003 + i)
                name, text = examples[rng.randrange(len(examples))]
                if i % 5 == 4:
                    name, script = "shape", shape(rng)
                else:
                    script = mutate(text, rng)
                path = os.path.join(batch, "m%07d-%s.marble" % (i, name))
                with open(path, "w", encoding="utf-8", errors="surrogatepass") as f:
                    f.write(script)
                files.append(path)
            tenth = (start // args.batch) % 10 == 0
            commands = ["test"] + (["render"] if tenth else [])
            for command in commands:
                argv = [command, batch] if command == "test" else [command] + files
                if run(args.binary, argv, args.timeout * max(1, len(files) // 20)):
                    found.update(bisect(args.binary, command, files, work, args.timeout,
                                        findings, "s%d" % args.seed))
            if tenth:
                # Every format and `step`, one file at a time (svg and html draw one file).
                for command in ["render --format unicode", "render --format json",
                                "render --format svg", "render --format html", "step"]:
                    for path in files[:10]:
                        found.update(bisect(args.binary, command, [path], work, args.timeout,
                                            findings, "s%d" % args.seed))
            executed += len(files)
            shutil.rmtree(batch)
            crashes = sum(kind == "crash" for kind, _ in found)
            hangs = len(found) - crashes
            if (start // args.batch) % 25 == 0:
                print("%d scripts, %d crashes, %d hangs" % (executed, crashes, hangs), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    crashes = sum(kind == "crash" for kind, _ in found)
    hangs = len(found) - crashes
    print("done: %d mutated scripts (seed %d), %d crashes, %d hangs" %
          (executed, args.seed, crashes, hangs), flush=True)
    return 1 if crashes or hangs else 0


if __name__ == "__main__":
    sys.exit(main())
