-- Headless test against the real server:
--   nvim --headless -u NONE -c 'luafile editors/neovim/test/run.lua'   (from the repository root)
-- Opens a fixture whose URL stands after non-ASCII text, checks the diagnostics' columns, applies a
-- quick-fix and then :PctlintFixAll, and compares the buffer with the expected text.
local root = vim.fn.getcwd()
local bin = os.getenv('PCTLINT_BIN') or (root .. '/build/server/pctlint')
vim.opt.runtimepath:prepend(root .. '/editors/neovim')

local function fail(message)
  io.stderr:write('FAIL: ' .. message .. '\n')
  vim.cmd('cquit 1')
end

local ok, err = pcall(function()
  local dir = vim.fn.tempname()
  vim.fn.mkdir(dir, 'p')
  local file = dir .. '/fixture.py'
  vim.fn.writefile(vim.fn.readfile(root .. '/editors/neovim/test/fixture.py'), file)

  require('pctlint').setup({ cmd = { bin, '--stdio' } })
  vim.cmd('edit ' .. file)
  local bufnr = vim.api.nvim_get_current_buf()

  local got = vim.wait(10000, function() return #vim.diagnostic.get(bufnr) >= 3 end, 20)
  if not got then return fail('no diagnostics after 10 s: ' .. vim.inspect(vim.diagnostic.get(bufnr))) end
  local diags = vim.diagnostic.get(bufnr)
  table.sort(diags, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  -- Neovim reports byte columns (converted from the server's UTF-16 ones).
  local line1 = vim.api.nvim_buf_get_lines(bufnr, 1, 2, false)[1]
  local expect = {
    { 1, line1:find('%%c3', 1, false) - 1, 'PCT001' },
    { 1, line1:find(' file', 1, true) - 1, 'PCT003' },
    { 2, 30, 'PCT006' },
  }
  for i, e in ipairs(expect) do
    local d = diags[i]
    if d.lnum ~= e[1] or d.col ~= e[2] or d.code ~= e[3] then
      return fail(('diagnostic %d: expected %s at %d:%d, got %s at %d:%d'):format(i, e[3], e[1], e[2], tostring(d.code), d.lnum, d.col))
    end
  end

  -- A quick-fix on the first diagnostic.
  local d = diags[1]
  local range = { start = { line = d.lnum, character = 0 }, ['end'] = { line = d.lnum, character = 200 } }
  if not require('pctlint').apply_code_action(bufnr, 'quickfix', range) then return fail('no quick-fix applied') end
  local after = vim.api.nvim_buf_get_lines(bufnr, 1, 2, false)[1]
  if not after:find('%C3%A9', 1, true) then return fail('quick-fix did not uppercase: ' .. after) end

  -- Then fix everything.
  vim.wait(300)
  vim.cmd('PctlintFixAll')
  local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
  local expected = vim.fn.readfile(root .. '/editors/neovim/test/expected.py')
  if not vim.deep_equal(lines, expected) then
    return fail('buffer after :PctlintFixAll:\n' .. table.concat(lines, '\n') .. '\nexpected:\n' .. table.concat(expected, '\n'))
  end
  print('neovim test passed: ' .. #diags .. ' diagnostics at the right columns, quick-fix and :PctlintFixAll applied')
end)
if not ok then fail(tostring(err)) end
vim.cmd('qa!')
