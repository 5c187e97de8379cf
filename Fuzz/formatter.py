#!/usr/bin/env python3
"""Proves `marbles format` safe on the examples and on grammar-aware generated scripts.

Deterministic: script i is a function of (--seed, i) only. The generator writes what the
grammar allows (Guides/Syntax.md): `let`s of marble sources and operator chains, closures with
implicit and named parameters, block bodies (`var`, `for`, `if`/`else`, `switch`, `return`,
compound assignment `+=`, `-=`, `*=`), closures held in `let`s and called by other closures,
multi-line calls, `show` and `expect` lines, names up to 60 characters, odd spacing (none or
several spaces where the grammar allows, random indentation), whole-line and trailing comments,
and sometimes no final newline. For every script, and for every example under Examples/:

- `marbles format` accepts it (it parses) and `format --check` then passes on the result:
  formatting is idempotent, and the formatted script parses;
- `marbles run` prints byte-identical JSON for the script and for its formatted text, apart
  from the "column" members that re-indenting moves (the generator keeps line numbers stable:
  at most one blank line in a row, none at the start);
- the formatted text is at most --growth times the script's size plus 4 KB (the
  formatter's own bound), and the largest ratio seen is printed.

Scripts go through the binary in batches (one `format`, one `format --check` and two `run`s per
batch of --batch scripts). A failing script is saved as Fuzz/findings/format-*.marble.

    swift build -c release --product marbles
    python3 Fuzz/formatter.py --binary .build/release/marbles --count 300 --seed 1
"""
import argparse, json, os, random, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORDS = ["input", "clicks", "total", "ticks", "values", "doubled", "evens", "sums", "merged",
         "result", "shared", "later", "counts", "xs"]


class Gen:
    """One generated script: token-level pieces joined with random spacing."""

    def __init__(self, rng):
        self.rng = rng
        self.signals = []   # names of `let`s holding signals of Ints
        self.closures = []  # names of `let`s holding closures of one Int (name, arity)
        self.used = set()

    # Spacing -------------------------------------------------------------------------------
    def sp(self):
        """Where the grammar allows any spacing: none, one or several spaces."""
        return self.rng.choice(["", " ", " ", " ", "  ", "   "])

    def sp1(self):
        """Where at least one space is needed (between words)."""
        return self.rng.choice([" ", " ", " ", "  "])

    def indent(self):
        return " " * self.rng.choice([0, 0, 1, 2, 2, 4, 6])

    # Names and values ----------------------------------------------------------------------
    def name(self):
        rng = self.rng
        for _ in range(100):
            kind = rng.random()
            if kind < 0.7:
                base = rng.choice(WORDS) + str(rng.randint(0, 99))
            elif kind < 0.9:
                base = "a" + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz_")
                                     for _ in range(rng.randint(20, 45)))
            else:
                base = "long" + "Name" * rng.randint(8, 15)
            if base not in self.used:
                self.used.add(base)
                return base
        raise RuntimeError("no fresh name")

    def marble(self):
        rng = self.rng
        body = "".join(rng.choice("--abc") for _ in range(rng.randint(2, 9)))
        return "-" + body + rng.choice(["|", "|", "#", ""])

    def source(self):
        m = self.marble()
        values = ", ".join("%s:%s%d" % (k, self.sp(), self.rng.randint(-5, 9)) for k in "abc")
        kind = self.rng.choice(["cold", "cold", "hot"])
        return '%s("%s",%s%s)' % (kind, m.replace("#", "|") if kind == "hot" else m, self.sp(),
                                  values)

    # Expressions over one Int `v` ------------------------------------------------------------
    def expr(self, v, depth=0):
        rng, sp = self.rng, self.sp
        choices = [
            lambda: "%s%s*%s%d" % (v, sp(), sp(), rng.randint(1, 4)),
            lambda: "%s%s+%s%d" % (v, sp(), sp(), rng.randint(0, 9)),
            lambda: "%s%s-%s%d" % (v, sp(), sp(), rng.randint(0, 9)),
            lambda: "-%s" % v,
            lambda: "(%s%s%s)%s*%s2" % (sp(), self.expr(v, depth + 1), sp(), sp(), sp()),
            lambda: "%s%s%%%s3%s==%s0%s?%s%s%s:%s%s" % (v, sp(), sp(), sp(), sp(), sp(), sp(),
                                                      v, sp(), sp(), self.expr(v, depth + 1)),
            lambda: "[%s%s,%s%s%s]" % (sp(), v, sp(), self.expr(v, depth + 1), sp()),
        ]
        if self.closures:
            choices.append(lambda: self.call_closure(v))
        if depth > 2:
            return v
        return rng.choice(choices)()

    def call_closure(self, v):
        name, arity = self.rng.choice(self.closures)
        if arity == 1:
            return "%s(%s)" % (name, v)
        return "%s(%s,%s%d)" % (name, v, self.sp1(), self.rng.randint(0, 3))

    def block(self, v, depth):
        """The lines of a block body that returns an Int, indented at random."""
        rng, sp, sp1 = self.rng, self.sp, self.sp1
        lines = []
        total = "t%d" % depth
        lines.append("var %s%s=%s%s" % (total, sp(), sp(), self.expr(v)))
        for _ in range(rng.randint(1, 4)):
            kind = rng.random()
            op = rng.choice(["+=", "-=", "*=", "="])
            if kind < 0.3:
                lines.append("%s%s%s%s%s" % (total, sp1(), op, sp1(), self.expr(v)))
            elif kind < 0.55:
                i = "i%d" % depth
                lines.append("for %s in 0%s%s%d%s{%s%s %s%s%s%s}" % (
                    i, rng.choice(["..<", "..."]), "", rng.randint(0, 4), sp1(), sp(), total,
                    rng.choice(["+=", "-="]), sp1(), i, sp()))
            elif kind < 0.75:
                lines.append("if %s%s>%s%d {" % (total, sp(), sp(), rng.randint(-3, 5)))
                lines.append("%s%s%s%s%d" % (total, sp1(), op, sp1(), rng.randint(0, 5)))
                if rng.random() < 0.5:
                    lines.append("}%selse%s{" % (sp1(), sp1()))
                    lines.append("%s%s%s%s%s" % (total, sp1(), rng.choice(["+=", "*="]), sp1(),
                                                 self.expr(v)))
                lines.append("}")
            elif kind < 0.85:
                lines.append("switch %s%s%%%s3 {" % (v, sp(), sp()))
                lines.append("case 0:%s%s%s+=%s1" % (sp1(), total, sp1(), sp1()))
                lines.append("case 1,%s2:%s%s%s=%s%s" % (sp(), sp1(), total, sp1(), sp1(),
                                                         self.expr(v)))
                lines.append("default:%sbreak" % sp1())
                lines.append("}")
            else:
                lines.append("// %s" % rng.choice(["keep", "the total", "x += 1 here"]))
        lines.append("return %s" % total)
        return lines

    def closure(self, v="x"):
        """A closure of one Int, as text (maybe several lines)."""
        rng, sp, sp1 = self.rng, self.sp, self.sp1
        kind = rng.random()
        if kind < 0.3:
            return "{%s%s%s}" % (sp1(), self.expr("$0"), sp1())
        if kind < 0.6:
            return "{%s%s in%s%s%s}" % (sp1(), v, sp1(), self.expr(v), sp1())
        body = self.block(v, rng.randint(0, 9))
        lines = ["{%s%s in" % (sp1(), v)]
        for line in body:
            comment = "%s// note" % sp1() if rng.random() < 0.15 and "//" not in line else ""
            lines.append(self.indent() + line + comment)
        lines.append(self.indent() + "}")
        return "\n".join(lines)

    # Statements ------------------------------------------------------------------------------
    def statement(self):
        rng, sp, sp1 = self.rng, self.sp, self.sp1
        kind = rng.random()
        if not self.signals or kind < 0.2:
            name = self.name()
            self.signals.append(name)
            return "let %s%s=%s%s" % (name, sp1(), sp(), self.source())
        if kind < 0.3 and len(self.closures) < 3:
            name = self.name()
            if rng.random() < 0.5:
                self.closures.append((name, 1))
                return "let %s = { v in %s }" % (name, self.expr("v"))
            self.closures.append((name, 2))
            return "let %s = { v, k in v%s*%sk%s+%s1 }" % (name, sp(), sp(), sp(), sp())
        src = rng.choice(self.signals)
        name = self.name()
        if kind < 0.6:
            op = rng.choice(["map", "map", "filter", "scan"])
            if op == "filter":
                call = ".filter%s{%s$0%s>%s%d%s}" % (sp1(), sp(), sp(), sp(), rng.randint(0, 4),
                                                     sp())
            elif op == "scan":
                call = ".scan(0)%s{%sacc,%sx in%sacc%s+%sx%s}" % (sp1(), sp1(), sp(), sp1(),
                                                                  sp(), sp(), sp1())
            else:
                call = ".map%s%s" % (sp1(), self.closure())
            self.signals.append(name)
            return "let %s%s=%s%s%s" % (name, sp1(), sp1(), src, call)
        if kind < 0.7 and len(self.signals) > 1:
            other = rng.choice(self.signals)
            self.signals.append(name)
            lines = ["let %s = merge(" % name, self.indent() + src + ",",
                     self.indent() + other + ".map { $0 + 1 }", self.indent() + ")"]
            return "\n".join(lines)
        if kind < 0.85:
            shown = rng.sample(self.signals, min(len(self.signals), rng.randint(1, 3)))
            parts = [s if rng.random() < 0.7 else '%s as "%s"' % (s, s[:6]) for s in shown]
            return "show " + ("," + sp()).join(parts)
        return 'expect %s%s==%s"%s"' % (src, sp(), sp(), self.marble().replace("#", "|"))

    def script(self):
        rng = self.rng
        lines = []
        if rng.random() < 0.3:
            lines.append('title "generated %d"' % rng.randint(0, 999))
        for _ in range(rng.randint(2, 12)):
            statement = self.statement()
            if rng.random() < 0.2:
                lines.append("// " + rng.choice(["a comment", "let x = 1", "  spaced  ", "é → …"]))
            first, *rest = statement.split("\n")
            if rng.random() < 0.25:
                first += self.sp1() + "// trailing"
            lines.append(self.indent() + first)
            lines.extend(rest)
            if rng.random() < 0.15:
                lines.append("")
        if self.signals:
            lines.append("show " + self.signals[-1])
        text = "\n".join(lines)
        return text if rng.random() < 0.3 else text + "\n"


def generate(seed, index):
    return Gen(random.Random("%d/%d" % (seed, index))).script()


def without_columns(value):
    """The JSON without "column" members: re-indenting and re-spacing a line moves columns (of
    an `expect`, of a diagnostic), and nothing else."""
    if isinstance(value, dict):
        return {k: without_columns(v) for k, v in value.items() if k != "column"}
    if isinstance(value, list):
        return [without_columns(v) for v in value]
    return value


def run(binary, args, cwd, timeout):
    return subprocess.run([binary] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          stdin=subprocess.DEVNULL, timeout=timeout)


def check_batch(binary, scripts, growth, timeout):
    """Failures (name, reason) of one batch of (name, text)."""
    failures = []
    base = tempfile.mkdtemp(prefix="marbles-format-fuzz-")
    try:
        before, after = os.path.join(base, "before"), os.path.join(base, "after")
        os.makedirs(before)
        os.makedirs(after)
        for name, text in scripts:
            for folder in (before, after):
                with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
                    f.write(text)
        names = [name for name, _ in scripts]
        fmt = run(binary, ["format"] + names, after, timeout)
        if fmt.returncode != 0:
            err = fmt.stderr.decode("utf-8", "replace")
            for name in names:
                if name + ":" in err:
                    failures.append((name, "format refused it:\n" + err[:2000]))
            if not failures:
                failures.append((names[0], "format exited %d:\n%s" % (fmt.returncode, err[:2000])))
            return failures
        check = run(binary, ["format", "--check"] + names, after, timeout)
        if check.returncode != 0:
            for name in check.stdout.decode().split():
                failures.append((name, "not idempotent or does not parse once formatted:\n"
                                 + check.stderr.decode("utf-8", "replace")[:2000]))
            if not failures:
                failures.append((names[0], "format --check exited %d" % check.returncode))
        for name, text in scripts:
            with open(os.path.join(after, name), encoding="utf-8") as f:
                formatted = f.read()
            limit = growth * len(text.encode()) + 4096
            if len(formatted.encode()) > limit:
                failures.append((name, "grew from %d to %d bytes" % (len(text.encode()),
                                                                     len(formatted.encode()))))
        flags = ["--max-frames", "200", "--max-events", "200000"]
        one = run(binary, ["run"] + names + flags, before, timeout)
        two = run(binary, ["run"] + names + flags, after, timeout)
        if one.stdout != two.stdout:
            a = json.loads(one.stdout) if len(names) > 1 else [json.loads(one.stdout)]
            b = json.loads(two.stdout) if len(names) > 1 else [json.loads(two.stdout)]
            for name, x, y in zip(names, a, b):
                if json.dumps(without_columns(x)) != json.dumps(without_columns(y)):
                    failures.append((name, "run JSON differs after formatting"))
        return failures
    finally:
        shutil.rmtree(base, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "marbles"))
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--growth", type=int, default=8)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--no-examples", action="store_true")
    args = ap.parse_args()
    # The binary runs inside a scratch folder: a relative path is taken from where we started.
    args.binary = os.path.abspath(args.binary)

    scripts = []
    if not args.no_examples:
        for folder, _, files in os.walk(os.path.join(ROOT, "Examples")):
            for file in sorted(files):
                if file.endswith(".marble"):
                    path = os.path.join(folder, file)
                    rel = os.path.relpath(path, ROOT).replace(os.sep, "_")
                    with open(path, encoding="utf-8") as f:
                        scripts.append((rel, f.read()))
    examples = len(scripts)
    for i in range(args.count):
        scripts.append(("gen-%d-%d.marble" % (args.seed, i), generate(args.seed, i)))

    failures = []
    for start in range(0, len(scripts), args.batch):
        failures += check_batch(args.binary, scripts[start:start + args.batch], args.growth,
                                args.timeout)
    texts = dict(scripts)
    if failures:
        out = os.path.join(ROOT, "Fuzz", "findings")
        os.makedirs(out, exist_ok=True)
        for name, reason in failures:
            path = os.path.join(out, "format-" + name)
            with open(path, "w", encoding="utf-8") as f:
                f.write(texts.get(name, ""))
            print("FAIL %s: %s (saved as %s)" % (name, reason, os.path.relpath(path, ROOT)))
        return 1
    print("formatter fuzz: %d examples and %d generated scripts (seed %d): idempotent, parse, "
          "same run JSON, within %dx" % (examples, args.count, args.seed, args.growth))
    return 0


if __name__ == "__main__":
    sys.exit(main())
