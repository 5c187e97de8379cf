#!/usr/bin/env python3
"""Checks the TextMate grammar of `.marble` scripts on every example.

A small TextMate tokenizer (match and begin/end rules, captures, contentName, includes from the
repository; the grammar's regular expressions keep to what Python's `re` and Oniguruma read
alike) scopes each line. Then every marble string of every example -- the first argument of
`cold(`/`hot(`, the string after `==` (or each string of a `== [...]` list), the string after
`subscribed` -- is found on its own, each of its characters is classified by the marble grammar
(frame `-`, value, `|`, `#`, `^`, `!`, group parentheses, time progressions, spaces), and the
scope the grammar gave that character must be the one its glyph calls for. Other strings (titles,
labels, string values) must not be scoped as marbles.

Usage: check_grammar.py GRAMMAR.json FILE_OR_FOLDER...   (exit 1 on the first mismatches)
"""
import json
import os
import re
import sys

EXPECTED = {
    "nothing": "punctuation.definition.frame.marble",
    "value": "variable.other.value.marble",
    "completion": "keyword.control.completion.marble",
    "failure": "keyword.control.failure.marble",
    "subscribe": "keyword.control.subscription.marble",
    "unsubscribe": "keyword.control.unsubscription.marble",
    "group": "punctuation.section.group.marble",
    "progression": "constant.numeric.time-progression.marble",
}
MARBLE = "meta.marble.timeline"


class Grammar:
    def __init__(self, path):
        with open(path, encoding="utf-8") as file:
            self.data = json.load(file)
        self.repository = self.data.get("repository", {})
        self.cache = {}

    def rules(self, patterns):
        """The rules of a pattern list, includes resolved."""
        result = []
        for pattern in patterns:
            if "include" in pattern:
                target = self.repository[pattern["include"].lstrip("#")]
                if "match" in target or "begin" in target:
                    result.append(target)
                else:
                    result.extend(self.rules(target.get("patterns", [])))
            elif "match" in pattern or "begin" in pattern:
                result.append(pattern)
            else:
                result.extend(self.rules(pattern.get("patterns", [])))
        return result

    def regex(self, text):
        if text not in self.cache:
            self.cache[text] = re.compile(text)
        return self.cache[text]

    def tokenize(self, line):
        """The scopes of every character of one line (lines are independent in this grammar)."""
        scopes = [[] for _ in line]
        stack = []  # (rule, scopes inside it)

        def paint(start, end, names):
            for index in range(start, min(end, len(line))):
                scopes[index] = scopes[index] + [n for n in names if n]

        def captures(match, table, base):
            for key, value in (table or {}).items():
                group = int(key)
                if match.start(group) >= 0:
                    paint(match.start(group), match.end(group), base + value.get("name", "").split())

        position = 0
        guard = 0
        while position <= len(line):
            inside = stack[-1][1] if stack else []
            patterns = self.rules(stack[-1][0].get("patterns", [])) if stack else self.rules(
                self.data["patterns"])
            best = None
            if stack:
                end = self.regex(stack[-1][0]["end"]).search(line, position)
                if end:
                    best = (end.start(), 0, "end", end, None)
            for order, rule in enumerate(patterns, start=1):
                found = self.regex(rule.get("match") or rule["begin"]).search(line, position)
                if found and (best is None or found.start() < best[0]):
                    best = (found.start(), order, "rule", found, rule)
            if best is None:
                paint(position, len(line), inside)
                break
            start, _, kind, match, rule = best
            paint(position, start, inside)
            if kind == "end":
                rule_scopes = stack[-1][2]
                paint(match.start(), match.end(), rule_scopes)
                captures(match, stack[-1][0].get("endCaptures"), rule_scopes)
                stack.pop()
            elif "match" in rule:
                names = inside + rule.get("name", "").split()
                paint(match.start(), match.end(), names)
                captures(match, rule.get("captures"), names)
            else:
                outer = inside + rule.get("name", "").split()
                paint(match.start(), match.end(), outer)
                captures(match, rule.get("beginCaptures"), outer)
                stack.append((rule, outer + rule.get("contentName", "").split(), outer))
            if match.end() > position:
                position = match.end()
            elif kind == "rule" and "match" in rule:
                position += 1  # an empty match changes nothing: step over one character
            guard += 1
            if guard > 10 * (len(line) + 10):
                raise RuntimeError("the grammar loops on: " + line)
        return scopes


PROGRESSION = re.compile(r"[0-9]+(?:\.[0-9]+)?(?:ms|s|m)(?=\s|$)")


def glyph_kinds(marble):
    """The marble grammar's kind of every character (as the language server's MarbleGlyphs)."""
    kinds = []
    index = 0
    while index < len(marble):
        if index == 0 or marble[index - 1].isspace():
            match = PROGRESSION.match(marble, index)
            if match:
                kinds += ["progression"] * (match.end() - index)
                index = match.end()
                continue
        character = marble[index]
        kinds.append({
            " ": "space", "\t": "space", "-": "nothing", "|": "completion", "#": "failure",
            "(": "group", ")": "group", "^": "subscribe", "!": "unsubscribe",
        }.get(character, "value"))
        index += 1
    return kinds


MARBLE_STRINGS = [
    re.compile(r'\b(?:cold|hot)\s*\(\s*"([^"\\]*)"'),
    re.compile(r'==\s*"([^"\\]*)"'),
    re.compile(r'\bsubscribed\s+"([^"\\]*)"'),
]
LIST = re.compile(r"==\s*\[([^\]]*)\]")
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def marble_spans(line):
    """(start, end) of the contents of every marble string of a line, found without the grammar."""
    code = line.split("//")[0] if '"' not in line.split("//")[0] else line
    spans = set()
    for pattern in MARBLE_STRINGS:
        for match in pattern.finditer(code):
            spans.add((match.start(1), match.end(1)))
    for match in LIST.finditer(code):
        for inner in STRING.finditer(match.group(1)):
            offset = match.start(1)
            spans.add((offset + inner.start(1), offset + inner.end(1)))
    return sorted(spans)


def check(grammar, path):
    problems = []
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    checked = 0
    for number, line in enumerate(lines, start=1):
        scopes = grammar.tokenize(line)
        spans = marble_spans(line)
        inside = set()
        for start, end in spans:
            marble = line[start:end]
            for offset, kind in enumerate(glyph_kinds(marble)):
                column = start + offset
                inside.add(column)
                names = scopes[column]
                if MARBLE not in names:
                    problems.append(f"{path}:{number}:{column + 1}: '{line[column]}' is not scoped as a marble: {names}")
                elif kind != "space" and EXPECTED[kind] not in names:
                    problems.append(
                        f"{path}:{number}:{column + 1}: '{line[column]}' ({kind}) should be {EXPECTED[kind]}, is {names}")
                checked += 1
        # Every other string character must not be a marble.
        for match in STRING.finditer(line):
            if line[: match.start()].count("//") and "//" in line[: match.start()].split('"')[0]:
                continue
            for column in range(match.start(1), match.end(1)):
                if column not in inside and MARBLE in scopes[column]:
                    problems.append(f"{path}:{number}:{column + 1}: '{line[column]}' is scoped as a marble but is not one")
                    break
    return problems, checked


def main(arguments):
    grammar = Grammar(arguments[0])
    files = []
    for target in arguments[1:]:
        if os.path.isdir(target):
            for folder, _, names in os.walk(target):
                files += [os.path.join(folder, n) for n in names if n.endswith(".marble")]
        else:
            files.append(target)
    problems = []
    glyphs = 0
    for path in sorted(files):
        found, checked = check(grammar, path)
        problems += found
        glyphs += checked
    for problem in problems[:50]:
        print(problem)
    print(f"grammar: {len(files)} files, {glyphs} marble characters checked, {len(problems)} problems")
    return 1 if problems or glyphs == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
