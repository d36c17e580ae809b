-- For Neovim 0.11+: vim.lsp.enable('pctlint') with this file on the runtimepath.
return {
  cmd = { 'pctlint', '--stdio' },
  root_markers = { '.pctlint.json', '.git' },
  settings = { pctlint = {} },
}
