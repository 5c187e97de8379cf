#!/usr/bin/env bash
# Makes the screenshots of Guides/Editors.md: Neovim (Debian's, in tmux) with its own LSP client
# talking to `marbles lsp`, and Emacs with marble-mode and eglot, captured with colours and drawn
# by headless Chromium; the grammar's scopes and the preview drawn the same way. Needs tmux,
# nvim, emacs with eglot, chromium and a built marbles.
# Usage: Editors/screenshots/make.sh [MARBLES]   (run from the repository root)
#        ONLY=emacs Editors/screenshots/make.sh   makes the Emacs screenshots alone
#        ONLY=features Editors/screenshots/make.sh   code lenses, signature help and highlights
#        in Neovim alone
set -euo pipefail
marbles="$(cd "$(dirname "${1:-$(swift build --show-bin-path)/marbles}")" && pwd)/$(basename "${1:-marbles}")"
[ -x "$marbles" ] || marbles="$(swift build --show-bin-path)/marbles"
out=Guides/Images/editors
work="$(mktemp -d)"
trap 'tmux kill-session -t marbles-shots 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$out"

shoot() { # shoot NAME HTML WIDTH HEIGHT
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --screenshot="$out/$1.png" --window-size="$3,$4" "file://$2" >/dev/null 2>&1
}

capture() { # capture NAME WIDTH HEIGHT
  tmux capture-pane -t marbles-shots -e -p > "$work/$1.ansi"
  python3 Editors/screenshots/ansi2html.py "$work/$1.ansi" "$1" > "$work/$1.html"
  shoot "$1" "$work/$1.html" "$2" "$3"
}

nvim_session() { # nvim_session FILE
  tmux kill-session -t marbles-shots 2>/dev/null || true
  sleep 1
  tmux new-session -d -s marbles-shots -x 92 -y 24 \
    "MARBLES='$marbles' TERM=xterm-256color nvim -u Editors/tests/nvim_init.lua -c 'luafile $work/look.lua' $1"
  sleep 3
}

keys() { tmux send-keys -t marbles-shots "$@"; sleep 1.5; }

cat > "$work/look.lua" <<'LUA'
vim.opt.termguicolors = true
vim.cmd('hi NormalFloat guibg=#2d2d30 guifg=#d4d4d4')
vim.cmd('hi Pmenu guibg=#2d2d30 guifg=#d4d4d4')
vim.cmd('hi PmenuSel guibg=#094771 guifg=#ffffff')
vim.cmd('hi SignColumn guibg=#1e1e1e')
LUA
cp Editors/tests/broken.marble "$work/broken.marble"
cp Examples/map.marble "$work/map.marble"

# What Neovim 0.7 shows beside the text: code lenses, signature help, highlights.
cat >> "$work/look.lua" <<'LUA'
vim.cmd('hi LspCodeLens guifg=#6a9955')
vim.cmd('hi LspReferenceRead guibg=#264f78')
vim.cmd('hi LspReferenceWrite guibg=#6f4a1a')
vim.cmd('hi LspReferenceText guibg=#3a3d41')
LUA
printf 'let input = cold("--1--2--3--|")\nlet total = input.scan(0) { acc, x in acc + x }\nshow input, total\nexpect total == "--a--b--c--|", a: 1, b: 3, c: 6\nexpect input == "--1--2--4--|"\n' > "$work/lenses.marble"
[ "${ONLY:-}" = emacs ] || {
nvim_session "$work/lenses.marble"
keys ":lua vim.lsp.codelens.refresh()" Enter
capture code-lens 860 250
keys 2G 30\| ":lua vim.lsp.buf.signature_help()" Enter
capture signature-help 860 250
keys Escape 1G 6\| ":lua vim.lsp.buf.document_highlight()" Enter
capture highlight 860 250
}
[ "${ONLY:-}" = features ] && { echo "screenshots in $out"; exit 0; }

# Emacs: marble-mode's colours, and eglot's diagnostics in Flymake's list.
cat > "$work/init.el" <<ELISP
(setq native-comp-async-report-warnings-errors 'silent inhibit-startup-screen t)
(menu-bar-mode -1)
(load-theme 'wombat t)
(add-to-list 'load-path "$PWD/Editors/emacs")
(require 'eglot)
(require 'marble-mode)
(setq marble-lsp-command '("$marbles" "lsp"))
(add-hook 'marble-mode-hook #'eglot-ensure)
ELISP
tmux kill-session -t marbles-shots 2>/dev/null || true
sleep 1
tmux new-session -d -s marbles-shots -x 92 -y 16 \
  "cd '$work' && TERM=xterm-256color emacs -nw -q -l init.el broken.marble \
     --eval '(run-with-timer 1 nil (function flymake-show-buffer-diagnostics))'"
for _ in $(seq 60); do  # until eglot is connected and Flymake lists the diagnostic (60 s at most)
  tmux capture-pane -t marbles-shots -p | grep -q 'unknown operator' && break
  sleep 1
done
sleep 1
capture emacs-diagnostics 860 330
tmux kill-session -t marbles-shots 2>/dev/null || true
[ "${ONLY:-}" = emacs ] && { echo "screenshots in $out"; exit 0; }


# Diagnostics as you type, and the quick fix for a "did you mean".
nvim_session "$work/broken.marble"
capture diagnostics 860 470
keys 3G 20\| ":lua vim.lsp.buf.code_action()" Enter
capture quick-fix 860 470
keys Escape

# Hover on an operator: its signature, meaning and catalogue diagram.
nvim_session "$work/map.marble"
line=$(grep -n '\.map {' "$work/map.marble" | head -1 | cut -d: -f1)
column=$(( $(grep '\.map {' "$work/map.marble" | head -1 | awk '{print index($0, ".map {")}') + 1 ))
keys "${line}G" "${column}|" ":lua vim.lsp.buf.hover()" Enter
capture hover-operator 860 470
keys Escape

# Hover on a name: the lane as the run draws it.
keys "${line}G" "5|" ":lua vim.lsp.buf.hover()" Enter
capture hover-lane 860 470
keys Escape

# Hover on a marble character: its frame and event.
mline=$(grep -n 'cold("' "$work/map.marble" | head -1 | cut -d: -f1)
mcolumn=$(( $(grep 'cold("' "$work/map.marble" | head -1 | awk '{print index($0, "cold(\"")}') + 8 ))
keys "${mline}G" "${mcolumn}|" ":lua vim.lsp.buf.hover()" Enter
capture hover-marble 860 470
keys Escape

# Completion after '.': operators with their signatures.
keys "G" "o" "let doubled = input.sw" C-x C-o
capture completion 860 470
keys Escape

# References of a name, in the quickfix list.
keys Escape "u" ":pclose" Enter
keys "${line}G" "15|" ":lua vim.lsp.buf.references()" Enter
capture references 860 470
keys ":cclose" Enter

# Formatting: a messy script, then after the server's formatting.
printf 'let input=cold( "--a--b--|",a:1 , b:2 )\nlet doubled   =input.map{x in x*2}\n  show input , doubled\nexpect doubled=="--a--b--|",a:2,b:4\nexpect input == "--a--b--|", a: 1, b: 2\n' > "$work/messy.marble"
nvim_session "$work/messy.marble"
capture format-before 860 250
keys ":lua vim.lsp.buf.formatting_sync()" Enter
capture format-after 860 250

# render --watch: the diagram in a terminal, drawn again at every save.
tmux kill-session -t marbles-shots 2>/dev/null || true
sleep 1
tmux new-session -d -s marbles-shots -x 92 -y 14 "cd '$work' && '$marbles' render --watch map.marble --color always"
sleep 2
capture render-watch 860 300

# The TextMate grammar's scopes (as the VS Code extension colours them).
python3 Editors/screenshots/grammar2html.py Editors/vscode/syntaxes/marble.tmLanguage.json \
  Examples/command-double-tap.marble > "$work/highlighting.html"
shoot highlighting "$work/highlighting.html" 1000 400

# The preview: the SVG the render request returns for the buffer.
"$marbles" render Examples/command-double-tap.marble --format svg --theme light -o "$work/preview.svg"
shoot preview "$work/preview.svg" 900 580
echo "screenshots in $out"
