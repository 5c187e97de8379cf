-- The Neovim set-up the editor check uses: Editors/nvim on the runtimepath, the server from
-- $MARBLES (else `marbles` on PATH).
local here = debug.getinfo(1, 'S').source:sub(2):match('(.*/)')
vim.opt.runtimepath:append(here .. '../nvim')
vim.cmd('filetype on')
vim.cmd('syntax on')
require('marbles').setup({ cmd = { os.getenv('MARBLES') or 'marbles', 'lsp' } })
