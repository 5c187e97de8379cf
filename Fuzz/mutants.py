#!/usr/bin/env python3
"""Mutation testing of the Swift sources: how sharp are the tests?

Each entry of the catalogue (Fuzz/mutants.json) plants one plausible one-line bug: an off-by-one
frame, `>` for `>=`, a dropped flush, `continue` for `break`, swapped branches, the wrong
subscription picked, a budget off by one. The runner applies one entry at a time, builds the
tests incrementally, runs only the tests the entry names (its `tests`, joined into one
`--filter`), and puts the file back. An entry is

    killed    a named test failed (or the tests passed the time limit: a hang is caught too);
    survived  every named test passed: no test notices the bug (or the mutant is equivalent,
              and the entry says why in `equivalent`);
    stale     its snippet is not found in Sources, or found more than once: the code moved or
              changed, and the entry must be updated (never counted as killed);
    unbuilt   the mutant did not compile (a broken entry, not counted);
    error     the named tests matched nothing.

A site is found by its exact code (`snippet`, searched across all of Sources/, which must hold
it exactly once), never by a path or a line number, so entries survive files moving between
folders and targets. `replace` is what the snippet becomes.

The file is always restored: on success, failure, timeout, Ctrl-C or SIGTERM; a journal
(`<scratch>/mutant-journal.json`) written before each mutation lets the next run restore a file a
killed run left mutated (`--restore` does only that).

    python3 Fuzz/mutants.py                      # the whole catalogue (long: one rebuild each)
    python3 Fuzz/mutants.py --ci                 # the entries marked "ci": true
    python3 Fuzz/mutants.py --only diff-last-frame-terminated-early,clock-rounds-down
    python3 Fuzz/mutants.py --list               # ids, layers and whether each snippet is found
    python3 Fuzz/mutants.py --check              # only: is every snippet found exactly once?

After the last entry it builds the restored sources once more, so the build folder holds the
real code again (a later `swift test --skip-build` tests what is in Sources).

Options: --scratch-path (default .build-mutants, apart from the main build), --build-timeout and
--test-timeout (seconds per mutant), --no-baseline (skip the run of the unmutated code),
--log FILE (a line per entry, appended as it goes). Exit status: 0 when every run entry was
killed or is listed as equivalent, 1 otherwise (survivors, stale, unbuilt or errors).
"""
import argparse, json, os, re, signal, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CATALOGUE = os.path.join(ROOT, "Fuzz", "mutants.json")


def sources():
    """Every Swift file under Sources/, with its text."""
    found = []
    for folder, _, names in os.walk(os.path.join(ROOT, "Sources")):
        for name in sorted(names):
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8") as f:
                    found.append((path, f.read()))
    return sorted(found)


def locate(entry, files):
    """(path, text, offset) of the entry's one site, or (None, why) when it is stale."""
    snippet = entry["snippet"]
    hits = []
    for path, text in files:
        start = text.find(snippet)
        while start != -1:
            hits.append((path, text, start))
            start = text.find(snippet, start + 1)
    if len(hits) == 1:
        return hits[0]
    where = ", ".join(sorted({os.path.relpath(p, ROOT) for p, _, _ in hits}))
    return None, ("not found in Sources" if not hits
                  else "found %d times (%s)" % (len(hits), where))


class Journal:
    """Remembers the file being mutated, so that it is put back whatever happens."""

    def __init__(self, scratch):
        self.path = os.path.join(scratch, "mutant-journal.json")
        self.active = None

    def restore_left_over(self):
        if not os.path.exists(self.path):
            return
        with open(self.path, encoding="utf-8") as f:
            record = json.load(f)
        with open(record["path"], "w", encoding="utf-8") as f:
            f.write(record["original"])
        os.remove(self.path)
        print("restored %s (left mutated by an earlier run)" % os.path.relpath(record["path"], ROOT),
              flush=True)

    def mutate(self, path, original, mutated):
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        with open(self.path, "w", encoding="utf-8") as f:
            json.dump({"path": path, "original": original}, f)
        self.active = (path, original)
        with open(path, "w", encoding="utf-8") as f:
            f.write(mutated)

    def restore(self):
        if self.active is None:
            return
        path, original = self.active
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)
        # Keep the restored file's mtime moving forward so the next build sees it changed.
        os.utime(path, None)
        self.active = None
        if os.path.exists(self.path):
            os.remove(self.path)


def run(argv, timeout, log):
    """(exit code or "timeout", output tail); the whole process group is ended on timeout."""
    started = time.monotonic()
    process = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
        code = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        code = "timeout"
    except BaseException:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise
    text = output.decode("utf-8", "replace")
    if log:
        log.write("$ %s  (%.0fs, %s)\n%s\n" % (" ".join(argv), time.monotonic() - started, code,
                                              text[-4000:]))
        log.flush()
    return code, text


def tests_ran(output):
    """How many tests the output says ran (XCTest and Swift Testing together)."""
    count = 0
    for match in re.finditer(r"Executed (\d+) tests?", output):
        count = max(count, int(match.group(1)))
    swift_testing = re.findall(r"Test run with (\d+) tests?", output)
    return count + sum(int(n) for n in swift_testing)


def filter_of(tests):
    return "|".join(tests)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--catalogue", default=CATALOGUE)
    parser.add_argument("--scratch-path", default=os.path.join(ROOT, ".build-mutants"))
    parser.add_argument("--only", default="", help="comma-separated ids")
    parser.add_argument("--layer", default="", help="only the entries of this layer")
    parser.add_argument("--ci", action="store_true", help="only the entries marked ci")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--restore", action="store_true")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--build-timeout", type=float, default=1200)
    parser.add_argument("--test-timeout", type=float, default=300)
    parser.add_argument("--log", default="")
    args = parser.parse_args()

    with open(args.catalogue, encoding="utf-8") as f:
        catalogue = json.load(f)["mutants"]
    ids = [e["id"] for e in catalogue]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        print("duplicate ids: %s" % ", ".join(sorted(duplicates)))
        return 2
    journal = Journal(args.scratch_path)
    journal.restore_left_over()
    if args.restore:
        return 0

    chosen = catalogue
    if args.only:
        wanted = args.only.split(",")
        unknown = set(wanted) - set(ids)
        if unknown:
            print("unknown ids: %s" % ", ".join(sorted(unknown)))
            return 2
        by_id = {e["id"]: e for e in chosen}
        chosen = [by_id[i] for i in dict.fromkeys(wanted)]  # in the order given
    if args.layer:
        chosen = [e for e in chosen if e["layer"] == args.layer]
    if args.ci:
        chosen = [e for e in chosen if e.get("ci")]

    files = sources()
    if args.list or args.check:
        stale = 0
        for entry in chosen:
            site = locate(entry, files)
            state = os.path.relpath(site[0], ROOT) if site[0] else "STALE: " + site[1]
            stale += site[0] is None
            if args.list:
                print("%-34s %-12s %s" % (entry["id"], entry["layer"], state))
            elif site[0] is None:
                print("%s: %s" % (entry["id"], state))
        layers = sorted({e["layer"] for e in chosen})
        print("%d entries, %d layers (%s), %d stale" % (len(chosen), len(layers),
                                                        ", ".join(layers), stale))
        return 1 if stale else 0

    log = open(args.log, "a", encoding="utf-8") if args.log else None
    scratch = ["--scratch-path", args.scratch_path]
    build = ["swift", "build", "--build-tests"] + scratch
    results = []

    def interrupted(signum, _frame):
        raise KeyboardInterrupt("signal %d" % signum)

    signal.signal(signal.SIGTERM, interrupted)
    try:
        if not args.no_baseline:
            union = sorted({t for e in chosen for t in e["tests"]})
            print("baseline: building and running %d test filters on the unmutated code"
                  % len(union), flush=True)
            code, output = run(build, args.build_timeout, log)
            if code != 0:
                print("baseline build failed (%s):\n%s" % (code, output[-3000:]))
                return 2
            code, output = run(["swift", "test", "--skip-build"] + scratch
                               + ["--filter", filter_of(union)], args.test_timeout * 4, log)
            if code != 0:
                print("baseline tests fail (%s): fix them first\n%s" % (code, output[-3000:]))
                return 2

        for number, entry in enumerate(chosen, 1):
            started = time.monotonic()
            site = locate(entry, sources())
            if site[0] is None:
                results.append((entry, "stale", site[1]))
            else:
                path, text, offset = site
                mutated = text[:offset] + entry["replace"] + text[offset + len(entry["snippet"]):]
                try:
                    journal.mutate(path, text, mutated)
                    code, output = run(build, args.build_timeout, log)
                    if code != 0 and "modified during the build" in output:
                        code, output = run(build, args.build_timeout, log)  # an editor saved
                    if code == "timeout":
                        results.append((entry, "unbuilt", "the build passed the time limit"))
                    elif code != 0:
                        errors = [l for l in output.splitlines() if "error:" in l][:2]
                        results.append((entry, "unbuilt", " / ".join(errors)))
                    else:
                        code, output = run(["swift", "test", "--skip-build"] + scratch
                                           + ["--filter", filter_of(entry["tests"])],
                                           args.test_timeout, log)
                        if code == "timeout":
                            results.append((entry, "killed", "the tests passed the time limit"))
                        elif code != 0:
                            names = sorted(set(re.findall(
                                r"✘ Test (?!run with)(\S+?\(.*?\))(?: with \d+ test cases?)? "
                                r"(?:recorded an issue|failed after)", output)
                                + re.findall(r"Test Case '([^']+)' failed", output)))
                            results.append((entry, "killed", ", ".join(names[:3])))
                        elif tests_ran(output) == 0:
                            results.append((entry, "error", "no test matched the filter"))
                        else:
                            results.append((entry, "survived", "%d tests passed"
                                            % tests_ran(output)))
                finally:
                    journal.restore()
            entry_result = results[-1]
            line = "[%d/%d] %-34s %-9s %4.0fs  %s" % (
                number, len(chosen), entry["id"], entry_result[1],
                time.monotonic() - started, entry_result[2])
            print(line, flush=True)
            if log:
                log.write(line + "\n")
                log.flush()
    except KeyboardInterrupt:
        print("interrupted; the file is restored", flush=True)
        interrupted_run = True
    else:
        interrupted_run = False
    finally:
        journal.restore()
    if results and not interrupted_run and any(r[1] != "stale" for r in results):
        # The last mutant's binaries are still in the build folder: build the restored sources
        # once more, so that what runs from it next (`swift test --skip-build`) is the real code.
        code, _ = run(build, args.build_timeout, log)
        print("rebuilt the restored sources: %s" % ("done" if code == 0 else "FAILED (%s)" % code),
              flush=True)

    counted = [r for r in results if r[1] in ("killed", "survived")]
    killed = [r for r in counted if r[1] == "killed"]
    survivors = [r for r in counted if r[1] == "survived"]
    equivalent = [r for r in survivors if r[0].get("equivalent")]
    others = [r for r in results if r[1] not in ("killed", "survived")]
    if counted:
        print("\nscore: %d of %d killed (%.1f%%); %d survived (%d listed as equivalent)" % (
            len(killed), len(counted), 100.0 * len(killed) / len(counted), len(survivors),
            len(equivalent)))
    for entry, state, why in survivors:
        reason = entry.get("equivalent")
        print("  survived %s [%s]: %s" % (entry["id"], entry["layer"],
                                          "equivalent: " + reason if reason else
                                          "no test notices " + entry["bug"]))
    for entry, state, why in others:
        print("  %s %s: %s" % (state, entry["id"], why))
    bad = [r for r in survivors if not r[0].get("equivalent")] + others
    return 1 if bad or len(results) < len(chosen) else 0


if __name__ == "__main__":
    sys.exit(main())
