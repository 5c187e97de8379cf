-- Marbles for Neovim (0.7 and later): starts `marbles lsp` for every `marble` buffer and
-- attaches it, with its diagnostics, hover, completion (<C-x><C-o>), go to definition,
-- references, rename, document symbols, formatting, quick fixes, signature help, code lenses
-- and highlights, and maps keys for them in
-- `marble` buffers (M.keys). Copy this folder into your runtimepath (or add it), then:
-- require('marbles').setup()
local M = {}

--- The keys setup() maps in each `marble` buffer (normal mode), and what they do.
M.keys = {
  hover = 'K',
  definition = 'gd',
  references = 'gr',
  rename = '<leader>rn',
  format = '<leader>f',
  code_action = '<leader>ca',
  signature = '<C-k>',
  code_lens = '<leader>cl',
  highlight = '<leader>h',
}

--- Formats the buffer through the server: vim.lsp.buf.format (0.8+) or formatting (0.7).
function M.format()
  if vim.lsp.buf.format then
    vim.lsp.buf.format({ async = true })
  else
    vim.lsp.buf.formatting()
  end
end

--- What each M.keys entry runs, and its description.
local actions = {
  hover = { vim.lsp.buf.hover, 'Marbles: hover (diagram, lane or frame)' },
  definition = { vim.lsp.buf.definition, 'Marbles: go to definition' },
  references = { vim.lsp.buf.references, 'Marbles: references' },
  rename = { vim.lsp.buf.rename, 'Marbles: rename' },
  format = { M.format, 'Marbles: format the buffer' },
  code_action = { vim.lsp.buf.code_action, 'Marbles: quick fixes' },
  signature = { vim.lsp.buf.signature_help, 'Marbles: the signature of the operator' },
  code_lens = { vim.lsp.codelens.run, 'Marbles: run the code lens (render, step) of the line' },
  highlight = { vim.lsp.buf.document_highlight, 'Marbles: highlight the name and its uses' },
}

--- Maps `keys` (M.keys with the user's changes; a key set to false is not mapped) in `buffer`.
local function map_keys(buffer, keys)
  for name, action in pairs(actions) do
    local lhs = keys[name]
    if lhs then
      vim.keymap.set('n', lhs, action[1], { buffer = buffer, silent = true, desc = action[2] })
    end
  end
end

--- Starts the server for `marble` buffers and maps the keys of M.keys in them.
--- opts.cmd: the command (default { 'marbles', 'lsp' }); opts.on_attach(client, bufnr);
--- opts.keys: false to map no keys, or a table that changes some of M.keys
--- (e.g. { rename = '<F2>', format = false }).
function M.setup(opts)
  opts = opts or {}
  local cmd = opts.cmd or { 'marbles', 'lsp' }
  local keys = nil
  if opts.keys ~= false then
    keys = vim.tbl_extend('force', M.keys, opts.keys or {})
  end
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
      if keys then
        map_keys(args.buf, keys)
      end
      -- The code lenses ("▶ render", "▶ step", "✓ 3 expects pass") follow the text, once the
      -- server has said it has them.
      vim.api.nvim_create_autocmd({ 'BufEnter', 'InsertLeave', 'BufWritePost', 'CursorHold' }, {
        buffer = args.buf,
        callback = function()
          local client = M.client_id and vim.lsp.get_client_by_id(M.client_id)
          if client and client.server_capabilities and client.server_capabilities.codeLensProvider then
            vim.lsp.codelens.refresh()
          end
        end,
      })
      vim.api.nvim_create_autocmd('CursorMoved', {
        buffer = args.buf,
        callback = function() pcall(vim.lsp.buf.clear_references) end,
      })
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
