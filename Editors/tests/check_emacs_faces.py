#!/usr/bin/env python3
"""Checks that Emacs's marble-mode colours scripts with the token classes of the TextMate grammar.

Batch Emacs fontifies every file with marble-mode (Editors/tests/emacs_faces.el prints the face
of each character); check_grammar.py's TextMate tokenizer scopes the same lines with
Editors/vscode/syntaxes/marble.tmLanguage.json. Each character's scopes and face are reduced to
a token class (statement, keyword, number, string, comment, frame, value, completion, ...) and
every character must have the same class both ways.

Usage: check_emacs_faces.py FILE_OR_FOLDER...   (needs `emacs` on PATH; exit 1 on mismatches)
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_grammar  # noqa: E402  (beside this file)

GRAMMAR = os.path.join(HERE, "..", "vscode", "syntaxes", "marble.tmLanguage.json")
MODE = os.path.join(HERE, "..", "emacs")

# The most specific scope first: the first prefix a character's innermost scope starts with.
SCOPES = [
    ("comment.line", "comment"),
    ("keyword.other.statement", "statement"),
    ("keyword.other", "keyword"),
    ("constant.language", "constant"),
    ("support.constant", "builtin"),
    ("constant.numeric.time-progression", "progression"),
    ("constant.numeric", "number"),
    ("variable.language.parameter", "parameter"),
    ("entity.name.function.member", "member"),
    ("entity.name.function", "function"),
    ("keyword.operator", "operator"),
    ("constant.character.escape", "escape"),
    ("punctuation.definition.frame", "frame"),
    ("variable.other.value", "value"),
    ("keyword.control.completion", "completion"),
    ("keyword.control.failure", "failure"),
    ("keyword.control.subscription", "subscription"),
    ("keyword.control.unsubscription", "unsubscription"),
    ("punctuation.section.group", "group"),
    ("punctuation.definition.string", "string"),
    ("string.quoted", "string"),
    ("meta.marble.timeline", "string"),
    ("punctuation.accessor", "none"),
]

FACES = {
    "nil": "none",
    "font-lock-string-face": "string",
    "font-lock-comment-face": "comment",
    "font-lock-comment-delimiter-face": "comment",
}


def scope_class(scopes):
    """The token class of a character with TextMate `scopes` (outermost first)."""
    for scope in reversed(scopes):
        for prefix, name in SCOPES:
            if scope.startswith(prefix):
                return name
    return "none"


def face_class(face):
    if face in FACES:
        return FACES[face]
    if face.startswith("marble-") and face.endswith("-face"):
        return face[len("marble-"):-len("-face")]
    return "unknown face " + face


def emacs_faces(files):
    command = ["emacs", "--batch", "-Q", "-L", MODE, "-l", os.path.join(HERE, "emacs_faces.el")] + files
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise SystemExit(f"check_emacs_faces: emacs failed ({result.returncode}):\n{result.stderr}")
    return [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


def main(arguments):
    files = []
    for argument in arguments:
        if os.path.isdir(argument):
            for folder, _, names in sorted(os.walk(argument)):
                files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".marble")]
        else:
            files.append(argument)
    grammar = check_grammar.Grammar(GRAMMAR)
    problems = []
    checked = 0
    reports = emacs_faces(files)
    if len(reports) != len(files):
        raise SystemExit(f"check_emacs_faces: emacs reported {len(reports)} of {len(files)} files")
    for report in reports:
        with open(report["file"], encoding="utf-8") as file:
            lines = file.read().split("\n")
        for number, (line, faces) in enumerate(zip(lines, report["lines"]), start=1):
            scopes = grammar.tokenize(line)
            if len(faces) != len(line):
                problems.append(f"{report['file']}:{number}: emacs saw {len(faces)} characters, not {len(line)}")
                continue
            for column, (character, face) in enumerate(zip(line, faces)):
                expected = scope_class(scopes[column])
                got = face_class(face)
                if expected != got:
                    problems.append(f"{report['file']}:{number}:{column + 1}: {character!r} is {got} in Emacs, "
                                    f"{expected} in the grammar ({' '.join(scopes[column])})")
                checked += 1
    for problem in problems[:40]:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check_emacs_faces: {len(problems)} characters differ", file=sys.stderr)
        return 1
    print(f"check_emacs_faces: {len(files)} files, {checked} characters: marble-mode's faces are the grammar's classes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
