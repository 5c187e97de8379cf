#!/usr/bin/env python3
"""What a test file that writes `import MarblesTesting` gets, read from a checkout of Marbles.

visible.py SRC          the public declarations the file can see: every `public`/`open`
                        declaration (members included) of MarblesTesting, of each module it
                        re-exports whole (`@_exported import M`), and, for each declaration it
                        re-exports alone (`@_exported import struct M.Name`), that declaration
                        and the public members written in its body and in its extensions in M.
visible.py --lines SRC  the lines of the package's sources that a build of the product compiles
                        (the Swift files of every target MarblesTesting depends on,
                        transitively), then the same without Reactive and ReactiveEvents (the
                        library under test, which the code under test compiles anyway).
"""
import json, os, re, subprocess, sys, tempfile

PUBLIC = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s")


def swift_files(path):
    for root, _, files in os.walk(path):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(root, name)


def targets(src):
    with tempfile.TemporaryDirectory() as scratch:
        out = subprocess.run(["swift", "package", "--package-path", src, "--scratch-path", scratch,
                              "describe", "--type", "json"],
                             check=True, capture_output=True, text=True).stdout
    return {t["name"]: t for t in json.loads(out[out.index("{"):])["targets"]}


def closure(all_targets, name):
    seen, stack = [], [name]
    while stack:
        current = stack.pop()
        if current in seen:
            continue
        seen.append(current)
        stack += all_targets[current].get("target_dependencies", [])
    return seen


def public_lines(text):
    return sum(1 for line in text.split("\n") if PUBLIC.match(line))


def spans(text, head):
    """The texts of the braced bodies that follow each match of `head`."""
    for match in re.finditer(head, text, re.M):
        start = text.find("{", match.end())
        depth, index = 0, start
        while index < len(text):
            depth += {"{": 1, "}": -1}.get(text[index], 0)
            if depth == 0:
                break
            index += 1
        yield text[start:index + 1]


def visible(src, all_targets, module):
    sources = {path: open(path).read() for path in swift_files(os.path.join(src, all_targets[module]["path"]))}
    count = sum(public_lines(text) for text in sources.values())
    for text in sources.values():
        for whole in re.findall(r"^@_exported import (\w+)$", text, re.M):
            count += visible(src, all_targets, whole)
        for kind, other, name in re.findall(r"^@_exported import (\w+) (\w+)\.(\w+)$", text, re.M):
            others = [open(p).read() for p in swift_files(os.path.join(src, all_targets[other]["path"]))]
            count += 1
            for body_of in others:
                for body in spans(body_of, rf"^(?:public |open |final )*{kind} {name}\b"):
                    count += public_lines(body)
                for body in spans(body_of, rf"^(?:public )?extension {name}\b"):
                    count += public_lines(body)
    return count


def main():
    lines_mode = sys.argv[1] == "--lines"
    src = os.path.abspath(sys.argv[-1])
    all_targets = targets(src)
    if lines_mode:
        counts = {t: sum(open(p).read().count("\n")
                         for p in swift_files(os.path.join(src, all_targets[t]["path"])))
                  for t in closure(all_targets, "MarblesTesting")}
        library = counts.get("Reactive", 0) + counts.get("ReactiveEvents", 0)
        print(sum(counts.values()), sum(counts.values()) - library)
    else:
        print(visible(src, all_targets, "MarblesTesting"))


main()
