-- Headless Neovim: open a script with an error, wait for Neovim's own LSP client to receive
-- the diagnostic from `marbles lsp`, then press K on `cold` and wait for the hover window with
-- the server's documentation, and check that setup() mapped the other keys of
-- require('marbles').keys in the buffer. Prints what it saw; exits 0 when all of it holds.
-- Run: MARBLES=/path/to/marbles nvim --headless -u Editors/tests/nvim_init.lua \
--        Editors/tests/broken.marble -c 'luafile Editors/tests/nvim_check.lua'
local failures = 0
local function check(name, ok, detail)
  io.stdout:write(string.format('neovim %s: %s -- %s\n', name, ok and 'ok' or 'FAILED', detail))
  if not ok then failures = failures + 1 end
end

local function run()
  -- 1. Diagnostics.
  local ok = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
  local diagnostics = vim.diagnostic.get(0)
  local lines = {}
  for _, d in ipairs(diagnostics) do
    table.insert(lines, string.format('%d:%d: %s', d.lnum + 1, d.col + 1, d.message))
  end
  check('diagnostics', ok and #diagnostics == 1 and diagnostics[1].lnum == 2 and diagnostics[1].col == 19
    and diagnostics[1].message == "unknown operator 'mapp'; did you mean 'map'?", table.concat(lines, ' | '))

  -- 2. K on `cold` (line 2) opens the server's hover in a floating window (not `man`).
  local function float_text()
    for _, window in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(window).relative ~= '' then
        local buffer = vim.api.nvim_win_get_buf(window)
        return table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, false), '\n')
      end
    end
    return nil
  end
  local line = vim.api.nvim_buf_get_lines(0, 1, 2, false)[1]
  vim.api.nvim_win_set_cursor(0, { 2, (line:find('cold', 1, true)) })
  local pressed, problem = pcall(vim.api.nvim_feedkeys, 'K', 'mx', false)
  local shown = pressed and vim.wait(10000, function() return float_text() ~= nil end, 50)
  local text = float_text() or (problem and tostring(problem)) or 'no hover window'
  check('K', shown and text:find('plays the marble', 1, true) ~= nil, vim.fn.strcharpart((text:gsub('\n', ' | ')), 0, 100))

  -- 3. The other keys are mapped in the buffer to setup()'s actions.
  local mapped = {}
  local all = true
  for name, lhs in pairs(require('marbles').keys) do
    local map = vim.fn.maparg(lhs, 'n', false, true)
    local here = map.buffer == 1 and type(map.desc) == 'string' and map.desc:find('^Marbles: ') ~= nil
    all = all and here
    table.insert(mapped, string.format('%s=%s%s', name, lhs, here and '' or ' (not mapped)'))
  end
  table.sort(mapped)
  check('keys', all, table.concat(mapped, ' '))
end

local ran, error = pcall(run)
if not ran then
  check('run', false, tostring(error))
end
if failures == 0 then
  vim.cmd('qall!')
else
  io.stdout:write('neovim check FAILED\n')
  vim.cmd('cquit 1')
end
