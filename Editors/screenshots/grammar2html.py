#!/usr/bin/env python3
"""Colours a script by the TextMate grammar's scopes (the tokenizer of check_grammar.py) with a
dark theme close to VS Code's Dark+, for the highlighting screenshot."""
import html
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))
from check_grammar import Grammar  # noqa: E402

COLOURS = [
    ("comment", "#6a9955"),
    ("keyword.control.completion", "#4ec9b0"),
    ("keyword.control.failure", "#f44747"),
    ("keyword.control.subscription", "#c586c0"),
    ("keyword.control.unsubscription", "#c586c0"),
    ("punctuation.definition.frame", "#808080"),
    ("punctuation.section.group", "#ffd700"),
    ("constant.numeric.time-progression", "#b5cea8"),
    ("variable.other.value", "#9cdcfe"),
    ("constant.character.escape", "#d7ba7d"),
    ("string", "#ce9178"),
    ("keyword.other", "#569cd6"),
    ("keyword.operator", "#d4d4d4"),
    ("constant", "#569cd6"),
    ("entity.name.function", "#dcdcaa"),
    ("variable.language", "#9cdcfe"),
]


def colour(scopes):
    for prefix, value in COLOURS:
        if any(s.startswith(prefix) for s in scopes):
            return value
    return "#d4d4d4"


grammar = Grammar(sys.argv[1])
lines = []
for line in open(sys.argv[2], encoding="utf-8").read().rstrip("\n").split("\n"):
    scopes = grammar.tokenize(line)
    lines.append("".join(
        f'<span style="color:{colour(scopes[i])}">{html.escape(c)}</span>' for i, c in enumerate(line)))
print("<!DOCTYPE html><html><head><meta charset='utf-8'><style>body{margin:0;background:#1e1e1e}"
      "pre{margin:10px;font:14px/1.35 'DejaVu Sans Mono',monospace;color:#d4d4d4}</style></head>"
      "<body><pre>" + "\n".join(lines) + "</pre></body></html>")
