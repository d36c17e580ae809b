-- pctlint for Neovim: starts `pctlint --stdio` for buffers and adds :PctlintFixAll.
-- Works on Neovim 0.7 (vim.lsp.start_client + buf_attach_client) and uses vim.lsp.start on 0.8+.
local M = {}

local defaults = {
  cmd = { 'pctlint', '--stdio' },
  filetypes = nil, -- nil: every buffer backed by a file
  settings = {}, -- the shape of .pctlint.json: { rules = { PCT004 = 'off' }, allowNonAscii = true }
  root_markers = { '.pctlint.json', '.git' },
}

local config = vim.deepcopy(defaults)
local clients = {} -- root_dir -> client id (Neovim 0.7)

-- The LSP clients (of a buffer): vim.lsp.get_clients on 0.10+, the older calls before.
function M.clients(bufnr)
  if vim.lsp.get_clients then return vim.lsp.get_clients(bufnr and { bufnr = bufnr } or nil) end
  if bufnr then return vim.lsp.buf_get_clients(bufnr) end
  return vim.lsp.get_active_clients()
end

local function root_dir(path)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  for _, marker in ipairs(config.root_markers) do
    local file = vim.fn.findfile(marker, dir .. ';')
    if file ~= '' then return vim.fn.fnamemodify(file, ':p:h') end
    local found = vim.fn.finddir(marker, dir .. ';')
    if found ~= '' then return vim.fn.fnamemodify(found, ':p:h:h') end
  end
  return dir
end

local function wanted(bufnr)
  if vim.api.nvim_buf_get_option(bufnr, 'buftype') ~= '' then return false end
  if vim.api.nvim_buf_get_name(bufnr) == '' then return false end
  if not config.filetypes then return true end
  return vim.tbl_contains(config.filetypes, vim.api.nvim_buf_get_option(bufnr, 'filetype'))
end

-- Settings as a JSON object: an empty Lua table would be sent as [] otherwise.
local function as_object(t)
  if t == nil or next(t) == nil then return vim.empty_dict() end
  return t
end

local function client_config(root)
  return {
    name = 'pctlint',
    cmd = config.cmd,
    root_dir = root,
    init_options = as_object(config.settings),
    settings = { pctlint = as_object(config.settings) },
  }
end

function M.attach(bufnr)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  if not wanted(bufnr) then return end
  local root = root_dir(vim.api.nvim_buf_get_name(bufnr))
  if vim.lsp.start then
    vim.api.nvim_buf_call(bufnr, function() vim.lsp.start(client_config(root)) end)
    return
  end
  local id = clients[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client(client_config(root))
    clients[root] = id
  end
  if id then vim.lsp.buf_attach_client(bufnr, id) end
end

local function pctlint_client(bufnr)
  for _, client in pairs(M.clients(bufnr)) do
    if client.name == 'pctlint' then return client end
  end
end

-- Applies a code action as Neovim's own code_action() does: resolves it first when the server left
-- its edit for codeAction/resolve, then applies the edit and runs the command.
local function apply_action(client, bufnr, action)
  if not action.edit and not action.command and action.data then
    local resolved = client.request_sync('codeAction/resolve', action, 5000, bufnr)
    if resolved and resolved.result then action = resolved.result end
  end
  if not action.edit and not action.command then return false end
  if action.edit then vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or 'utf-16') end
  local command = type(action.command) == 'table' and action.command or nil
  if command then
    client.request_sync('workspace/executeCommand', { command = command.command, arguments = command.arguments }, 10000, bufnr)
  end
  return true
end

-- The LSP diagnostics of pctlint on lines first..last (0-based), for context.diagnostics, with
-- ranges in the client's position encoding. (Neovim 0.7's own conversion back to LSP puts byte
-- columns there; the server matches those by code and message on the same line instead.)
local function lsp_diagnostics(client, bufnr, first, last)
  local encoding = client.offset_encoding or 'utf-16'
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = (d.user_data and d.user_data.lsp) or {}
    if d.lnum >= first and d.lnum <= last and (d.source or lsp.source) == 'pctlint' then
      local range = lsp.range
      if not range then
        range = {
          start = { line = d.lnum, character = vim.lsp.util.character_offset(bufnr, d.lnum, d.col, encoding) },
          ['end'] = { line = d.end_lnum, character = vim.lsp.util.character_offset(bufnr, d.end_lnum, d.end_col, encoding) },
        }
      end
      table.insert(out, {
        range = range,
        severity = lsp.severity or d.severity,
        code = d.code or lsp.code,
        source = 'pctlint',
        message = d.message,
        data = lsp.data,
      })
    end
  end
  return out
end

-- Requests code actions of `kind` over `range` (default: the whole buffer) and applies the
-- preferred one, or the first. Returns true when an edit was applied.
function M.apply_code_action(bufnr, kind, range)
  bufnr = bufnr or vim.api.nvim_get_current_buf()
  local client = pctlint_client(bufnr)
  if not client then return false end
  local last = vim.api.nvim_buf_line_count(bufnr)
  range = range or { start = { line = 0, character = 0 }, ['end'] = { line = last, character = 0 } }
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = range,
    context = {
      diagnostics = kind == 'quickfix' and lsp_diagnostics(client, bufnr, range.start.line, range['end'].line) or {},
      only = { kind },
    },
  }
  local response = client.request_sync('textDocument/codeAction', params, 5000, bufnr)
  local actions = response and response.result or {}
  local chosen
  for _, action in ipairs(actions) do
    if action.isPreferred then chosen = action break end
  end
  chosen = chosen or actions[1]
  if not chosen then return false end
  return apply_action(client, bufnr, chosen)
end

-- Tells the running pctlint servers that .pctlint.json files changed, as
-- workspace/didChangeWatchedFiles (Neovim before 0.9 does not let servers register file watchers;
-- the server re-reads the files and re-lints the open buffers).
function M.config_files_changed(paths)
  local changes = {}
  for _, path in ipairs(paths or {}) do
    table.insert(changes, { uri = vim.uri_from_fname(vim.fn.fnamemodify(path, ':p')), type = 2 })
  end
  for _, client in pairs(M.clients()) do
    if client.name == 'pctlint' then client.notify('workspace/didChangeWatchedFiles', { changes = changes }) end
  end
end

-- Changes the settings (the shape of .pctlint.json) of the running servers and of those started
-- later: workspace/didChangeConfiguration with the new `pctlint` section.
function M.update_settings(settings)
  config.settings = settings or {}
  for _, client in pairs(M.clients()) do
    if client.name == 'pctlint' then
      client.config.settings = { pctlint = as_object(config.settings) }
      client.notify('workspace/didChangeConfiguration', { settings = { pctlint = as_object(config.settings) } })
    end
  end
end

function M.fix_all(bufnr) return M.apply_code_action(bufnr, 'source.fixAll.pctlint') end

function M.setup(opts)
  config = vim.tbl_deep_extend('force', vim.deepcopy(defaults), opts or {})
  local group = vim.api.nvim_create_augroup('pctlint', { clear = true })
  vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
    group = group,
    callback = function(args) M.attach(args.buf) end,
  })
  vim.api.nvim_create_autocmd('BufWritePost', {
    group = group,
    pattern = '.pctlint.json',
    callback = function(args) M.config_files_changed({ args.file }) end,
  })
  vim.api.nvim_create_user_command('PctlintFixAll', function() M.fix_all() end, { desc = 'pctlint: fix all problems in this buffer' })
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) then M.attach(bufnr) end
  end
end

return M
