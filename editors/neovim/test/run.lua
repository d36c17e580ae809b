-- Headless test against the real server:
--   nvim --headless -u NONE -c 'luafile editors/neovim/test/run.lua'   (from the repository root)
-- Opens a fixture whose URLs stand after non-ASCII text, checks the diagnostics' columns, applies a
-- quick-fix through Neovim's own vim.lsp.buf.code_action() with the cursor elsewhere on the line
-- (the server finds the finding through context.diagnostics), another through the plugin, then
-- :PctlintFixAll, and compares the buffer with the expected text; then changes a severity by
-- writing .pctlint.json in Neovim and by the plugin's settings. Prints "neovim: N passed, N failed".
local root = vim.fn.getcwd()
local bin = os.getenv('PCTLINT_BIN') or (root .. '/build/server/pctlint')
vim.opt.runtimepath:prepend(root .. '/editors/neovim')

local function out(line) io.stdout:write(line .. '\n') end
local passed, failed = 0, 0
local function test(name, fn)
  local ok, err = pcall(fn)
  if ok then
    passed = passed + 1
    out('neovim: ok   ' .. name)
  else
    failed = failed + 1
    out('neovim: FAIL ' .. name .. ': ' .. tostring(err))
  end
end

local function sorted_diagnostics(bufnr)
  local diags = vim.diagnostic.get(bufnr)
  table.sort(diags, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  return diags
end

local function show(diags)
  local out = {}
  for _, d in ipairs(diags) do
    table.insert(out, ('%s %d:%d sev %d'):format(tostring(d.code), d.lnum, d.col, d.severity))
  end
  return table.concat(out, ', ')
end

local function wait_for(what, fn, timeout)
  if not vim.wait(timeout or 10000, fn, 20) then error('timed out waiting for ' .. what, 2) end
end

local function find(bufnr, code)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.code == code then return d end
  end
end

local dir = vim.fn.tempname()
vim.fn.mkdir(dir, 'p')
local file = dir .. '/fixture.py'
local config_file = dir .. '/.pctlint.json'
vim.fn.writefile(vim.fn.readfile(root .. '/editors/neovim/test/fixture.py'), file)
vim.fn.writefile({ '{ "rules": { "PCT010": "info" } }' }, config_file)

require('pctlint').setup({ cmd = { bin, '--stdio' } })
vim.cmd('edit ' .. file)
local bufnr = vim.api.nvim_get_current_buf()

test('diagnostics at byte columns after non-ASCII text', function()
  wait_for('5 diagnostics', function() return #vim.diagnostic.get(bufnr) >= 5 end)
  local diags = sorted_diagnostics(bufnr)
  -- Neovim reports byte columns (converted from the server's UTF-16 ones).
  local line1 = vim.api.nvim_buf_get_lines(bufnr, 1, 2, false)[1]
  local line2 = vim.api.nvim_buf_get_lines(bufnr, 2, 3, false)[1]
  local line3 = vim.api.nvim_buf_get_lines(bufnr, 3, 4, false)[1]
  local line4 = vim.api.nvim_buf_get_lines(bufnr, 4, 5, false)[1]
  local expect = {
    { 1, line1:find('%c3', 1, true) - 1, 'PCT001' },
    { 1, line1:find(' file', 1, true) - 1, 'PCT003' },
    { 2, line2:find('%u00E4', 1, true) - 1, 'PCT006' },
    { 3, line3:find('%2F', 1, true) - 1, 'PCT010' },
    { 4, line4:find('%7e', 1, true) - 1, 'PCT008' },
  }
  assert(#diags == #expect, 'got ' .. show(diags))
  for i, e in ipairs(expect) do
    local d = diags[i]
    assert(d.lnum == e[1] and d.col == e[2] and d.code == e[3],
      ('diagnostic %d: expected %s at %d:%d, got %s'):format(i, e[3], e[1], e[2], show({ d })))
  end
end)

test('vim.lsp.buf.code_action() with the cursor elsewhere on the line applies a quick-fix', function()
  -- The cursor at column 0 of line 2, outside every finding's range: only context.diagnostics
  -- (the line's diagnostics, which Neovim sends) tells the server which findings are meant.
  vim.api.nvim_win_set_cursor(0, { 2, 0 })
  local offered = {}
  local original_select = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    local pick
    for _, item in ipairs(items) do
      local title = opts.format_item(item)
      table.insert(offered, title)
      if title == 'Use uppercase hex: %C3%A9' then pick = item end
    end
    on_choice(pick)
  end
  vim.lsp.buf.code_action()
  local ok = vim.wait(5000, function()
    return vim.api.nvim_buf_get_lines(bufnr, 1, 2, false)[1]:find('%C3%A9', 1, true) ~= nil
  end, 20)
  vim.ui.select = original_select
  assert(ok, 'the line was not fixed; offered: ' .. table.concat(offered, ' | '))
  assert(vim.tbl_contains(offered, 'Disable PCT001 for this line'), 'offered: ' .. table.concat(offered, ' | '))
end)

test("the plugin's quick-fix over a range at the start of a line with non-ASCII before the URL", function()
  -- The plugin sends the line's diagnostics with UTF-16 ranges (Neovim 0.7's own conversion
  -- sends byte columns; the server then matches them by code and message on the line).
  wait_for('PCT001 gone', function() return find(bufnr, 'PCT001') == nil end)
  local range = { start = { line = 4, character = 0 }, ['end'] = { line = 4, character = 0 } }
  assert(require('pctlint').apply_code_action(bufnr, 'quickfix', range), 'no quick-fix applied')
  local after = vim.api.nvim_buf_get_lines(bufnr, 4, 5, false)[1]
  assert(after:find('/~user', 1, true), 'PCT008 not fixed: ' .. after)
end)

test(':PctlintFixAll', function()
  wait_for('PCT008 gone', function() return find(bufnr, 'PCT008') == nil end)
  vim.cmd('PctlintFixAll')
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local expected = vim.fn.readfile(root .. '/editors/neovim/test/expected.py')
  assert(vim.deep_equal(lines, expected),
    'buffer after :PctlintFixAll:\n' .. table.concat(lines, '\n') .. '\nexpected:\n' .. table.concat(expected, '\n'))
end)

test('writing .pctlint.json in Neovim changes a severity in the open buffer', function()
  wait_for('only PCT010 left', function()
    local diags = vim.diagnostic.get(bufnr)
    return #diags == 1 and diags[1].code == 'PCT010'
  end)
  assert(find(bufnr, 'PCT010').severity == vim.diagnostic.severity.INFO, show(vim.diagnostic.get(bufnr)))
  vim.cmd('split ' .. config_file)
  vim.api.nvim_buf_set_lines(0, 0, -1, false, { '{ "rules": { "PCT010": "error" } }' })
  vim.cmd('silent write')
  vim.cmd('close')
  wait_for('PCT010 as an error', function()
    local d = find(bufnr, 'PCT010')
    return d and d.severity == vim.diagnostic.severity.ERROR
  end)
end)

test("the plugin's settings change (workspace/didChangeConfiguration) turns a rule off", function()
  require('pctlint').update_settings({ rules = { PCT010 = 'off' } })
  wait_for('PCT010 gone', function() return #vim.diagnostic.get(bufnr) == 0 end)
  require('pctlint').update_settings({})
  wait_for('PCT010 back', function() return find(bufnr, 'PCT010') ~= nil end)
end)

out(('neovim: %d passed, %d failed'):format(passed, failed))
vim.cmd(failed == 0 and 'qa!' or 'cquit 1')
