#!/usr/bin/env python3
"""Turns a `tmux capture-pane -e -p` capture (ANSI colours) into an HTML page for a screenshot."""
import html
import re
import sys

BASE = ["#1e1e1e", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5"]
BRIGHT = ["#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"]


def color256(n):
    if n < 8:
        return BASE[n]
    if n < 16:
        return BRIGHT[n - 8]
    if n < 232:
        n -= 16
        r, g, b = n // 36, (n // 6) % 6, n % 6
        return "#%02x%02x%02x" % tuple(0 if c == 0 else 55 + 40 * c for c in (r, g, b))
    gray = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (gray, gray, gray)


def convert(text, title):
    out = []
    fg, bg, bold, reverse, underline = None, None, False, False, False
    for part in re.split(r"(\x1b\[[0-9;:]*m)", text):
        if part.startswith("\x1b["):
            codes = [c for c in re.split("[;:]", part[2:-1])] or ["0"]
            i = 0
            while i < len(codes):
                code = int(codes[i] or 0)
                if code == 0:
                    fg, bg, bold, reverse, underline = None, None, False, False, False
                elif code == 1:
                    bold = True
                elif code in (4, 21):
                    underline = True
                elif code == 7:
                    reverse = True
                elif code == 22:
                    bold = False
                elif code == 24:
                    underline = False
                elif code == 27:
                    reverse = False
                elif 30 <= code <= 37:
                    fg = BASE[code - 30]
                elif 90 <= code <= 97:
                    fg = BRIGHT[code - 90]
                elif 40 <= code <= 47:
                    bg = BASE[code - 40]
                elif 100 <= code <= 107:
                    bg = BRIGHT[code - 100]
                elif code == 39:
                    fg = None
                elif code == 49:
                    bg = None
                elif code in (38, 48) and i + 1 < len(codes):
                    if codes[i + 1] == "5":
                        value = color256(int(codes[i + 2]))
                        i += 2
                    else:
                        value = "#%02x%02x%02x" % tuple(int(c) for c in codes[i + 2:i + 5])
                        i += 4
                    if code == 38:
                        fg = value
                    else:
                        bg = value
                i += 1
            continue
        if not part:
            continue
        f, b = fg or "#d4d4d4", bg or "#1e1e1e"
        if reverse:
            f, b = b, f
        style = f"color:{f};background:{b}" + (";font-weight:bold" if bold else "") + (
            ";text-decoration:underline" if underline else "")
        out.append(f'<span style="{style}">{html.escape(part)}</span>')
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>" + html.escape(title) + "</title>"
        "<style>body{margin:0;background:#1e1e1e}pre{margin:8px;font:14px/1.25 'DejaVu Sans Mono',monospace;"
        "color:#d4d4d4}</style></head><body><pre>" + "".join(out) + "</pre></body></html>"
    )


if __name__ == "__main__":
    sys.stdout.write(convert(open(sys.argv[1], encoding="utf-8").read(), sys.argv[2] if len(sys.argv) > 2 else ""))
