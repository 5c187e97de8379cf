-- Marbles for Neovim (0.7 and later): starts `marbles lsp` for every `marble` buffer and
-- attaches it, with its diagnostics, hover (K), completion (<C-x><C-o>), go to definition,
-- references, document symbols, formatting and quick fixes. Copy this folder into your
-- runtimepath (or add it), then: require('marbles').setup()
local M = {}

--- Starts the server for `marble` buffers.
--- opts.cmd: the command (default { 'marbles', 'lsp' }); opts.on_attach(client, bufnr).
function M.setup(opts)
  opts = opts or {}
  local cmd = opts.cmd or { 'marbles', 'lsp' }
  vim.api.nvim_create_autocmd('FileType', {
    pattern = 'marble',
    callback = function(args)
      if M.client_id == nil or vim.lsp.get_client_by_id(M.client_id) == nil then
        M.client_id = vim.lsp.start_client({
          name = 'marbles',
          cmd = cmd,
          root_dir = vim.fn.getcwd(),
          on_attach = opts.on_attach,
        })
      end
      if M.client_id then
        vim.lsp.buf_attach_client(args.buf, M.client_id)
      end
      vim.bo[args.buf].commentstring = '// %s'
      vim.bo[args.buf].omnifunc = 'v:lua.vim.lsp.omnifunc'
    end,
  })
end

--- Asks the server to draw the current buffer (`marbles/render`) and writes it to `path`
--- (default: a temporary .svg file); returns the path. Open it in a browser that reloads.
function M.render(path, format)
  format = format or 'svg'
  path = path or (vim.fn.tempname() .. '.' .. format)
  local params = { textDocument = vim.lsp.util.make_text_document_params(), format = format }
  local result = vim.lsp.buf_request_sync(0, 'marbles/render', params, 5000)
  for _, answer in pairs(result or {}) do
    if answer.result and answer.result.content ~= vim.NIL and answer.result.content then
      local file = io.open(path, 'w')
      file:write(answer.result.content)
      file:close()
      return path
    end
  end
  return nil
end

return M
