-- Headless Neovim: open a script with an error, wait for Neovim's own LSP client to receive
-- the diagnostic from `marbles lsp`, print it, and exit 0 when it is the expected one.
-- Run: MARBLES=/path/to/marbles nvim --headless -u Editors/tests/nvim_init.lua \
--        Editors/tests/broken.marble -c 'luafile Editors/tests/nvim_check.lua'
local ok = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local diagnostics = vim.diagnostic.get(0)
local lines = {}
for _, d in ipairs(diagnostics) do
  table.insert(lines, string.format('%d:%d: %s', d.lnum + 1, d.col + 1, d.message))
end
io.stdout:write('neovim diagnostics: ' .. table.concat(lines, ' | ') .. '\n')
local expected = ok and #diagnostics == 1 and diagnostics[1].lnum == 2 and diagnostics[1].col == 19
  and diagnostics[1].message == "unknown operator 'mapp'; did you mean 'map'?"
if expected then
  vim.cmd('qall!')
else
  io.stdout:write('neovim check FAILED\n')
  vim.cmd('cquit 1')
end
