" pctlint in Vim with ALE (Debian's vim-ale 3.3), headless, against the real server:
"
"   PCTLINT_BIN=build/server/pctlint PCTLINT_VIM_OUT=out.txt vim -Nu tests/editors/vim/test.vim -es </dev/null
"
" The linter is defined as editors/vim/README.md says, with initializationOptions
" {"positionEncoding": "utf-8"}: ALE reads an LSP `character` as a byte column, so the server must
" count UTF-8 bytes. A copy of the file linted without the override shows what goes wrong. Then
" :ALEHover into the preview window, and two quick-fixes through :ALECodeAction (its numbered
" menu answered by a stand-in for input()), one of them an edit after multi-byte text.
" Prints (to $PCTLINT_VIM_OUT) "vim-ale: N passed, N failed".
set nocompatible
set encoding=utf-8
set nomore
set shortmess+=F
set noswapfile
filetype plugin on
let s:here = expand('<sfile>:p:h')
let s:bin = empty($PCTLINT_BIN) ? s:here . '/../../../build/server/pctlint' : $PCTLINT_BIN
let s:passed = 0
let s:failed = 0
let s:out = []

" Ex mode prints nothing: the lines go to $PCTLINT_VIM_OUT (run.sh prints them), as they come.
let s:out_file = empty($PCTLINT_VIM_OUT) ? '/dev/stderr' : $PCTLINT_VIM_OUT
function! s:Out(line) abort
  call writefile([a:line], s:out_file, 'a')
endfunction

function! s:Test(name, func) abort
  try
    call call(a:func, [])
    let s:passed += 1
    call s:Out('vim-ale: ok   ' . a:name)
  catch
    let s:failed += 1
    call s:Out('vim-ale: FAIL ' . a:name . ': ' . v:exception . ' (' . v:throwpoint . ')')
  endtry
endfunction

function! s:WaitFor(what, expr, ...) abort
  let l:deadline = reltimefloat(reltime()) + (a:0 ? a:1 : 10)
  while !eval(a:expr)
    if reltimefloat(reltime()) > l:deadline
      throw 'timed out waiting for ' . a:what
    endif
    sleep 20m
  endwhile
endfunction

" --- the setup from editors/vim/README.md ---
let g:ale_linters = {'python': ['pctlint']}
let g:ale_linters_explicit = 1
let g:ale_lint_delay = 0
let g:ale_hover_to_preview = 1
let g:ale_set_balloons = 0
let g:ale_echo_cursor = 0
let g:ale_virtualtext_cursor = 0
packadd ale
call ale#linter#Define('python', {
\   'name': 'pctlint',
\   'lsp': 'stdio',
\   'executable': s:bin,
\   'command': '%e --stdio',
\   'project_root': {buffer -> fnamemodify(bufname(buffer), ':p:h')},
\   'initialization_options': {'positionEncoding': 'utf-8'},
\   'lsp_config': {'pctlint': {'rules': {'PCT010': 'error'}}},
\})
" The same without the override, for a copy of the file in another directory: the server then
" counts UTF-16 code units, which ALE takes for bytes.
call ale#linter#Define('python', {
\   'name': 'pctlint_utf16',
\   'lsp': 'stdio',
\   'executable': s:bin,
\   'command': '%e --stdio',
\   'project_root': {buffer -> fnamemodify(bufname(buffer), ':p:h')},
\})

let s:dir = tempname()
call mkdir(s:dir . '/utf16', 'p')
let s:file = s:dir . '/app.py'
let s:text = [
\   '# Ärger 😀 — pctlint in Vim',
\   'URL = {"😀é": ''https://x.example/caf%c3%a9/my file.pdf''}',
\   'OTHER = "https://y.example/?q=%u00E4"',
\   'DOCS = "https://z.example/a%2Fb"',
\]
call writefile(s:text, s:file)
call writefile(s:text, s:dir . '/utf16/app.py')
set hidden
autocmd BufReadPre */utf16/app.py let b:ale_linters = ['pctlint_utf16']
" ALE lints the current buffer: each is current until its diagnostics are in.
execute 'edit ' . fnameescape(s:dir . '/utf16/app.py')
let s:buf_utf16 = bufnr('')
call s:Test('ALE starts the server and lints (a copy without the override)', {-> s:WaitFor('diagnostics without the override', 'len(get(get(g:ale_buffer_info, s:buf_utf16, {}), "loclist", [])) == 4', 15)})
execute 'edit ' . fnameescape(s:file)
let s:buf = bufnr('')

function! s:Loclist(linter) abort
  let l:buf = a:linter is# 'pctlint' ? s:buf : s:buf_utf16
  return filter(copy(get(get(g:ale_buffer_info, l:buf, {}), 'loclist', [])), 'v:val.linter_name is# a:linter')
endfunction

function! s:Find(linter, code) abort
  for l:item in s:Loclist(a:linter)
    if get(l:item, 'code', '') is# a:code
      return l:item
    endif
  endfor
  return {}
endfunction

function! s:Diagnostics() abort
  try
    call s:WaitFor('diagnostics from both linters', 'len(s:Loclist("pctlint")) == 4 && len(s:Loclist("pctlint_utf16")) == 4', 15)
  catch
    throw v:exception . ': ' . string(g:ale_buffer_info)
  endtry
  let l:line = getline(2)
  " ALE's columns are 1-based byte columns.
  let l:want = [
  \   ['PCT001', 2, stridx(l:line, '%c3') + 1],
  \   ['PCT003', 2, stridx(l:line, ' file') + 1],
  \   ['PCT006', 3, stridx(getline(3), '%u00E4') + 1],
  \]
  for [l:code, l:lnum, l:col] in l:want
    let l:got = s:Find('pctlint', l:code)
    if get(l:got, 'lnum') != l:lnum || get(l:got, 'col') != l:col
      throw printf('%s: want %d:%d, got %s', l:code, l:lnum, l:col, string(l:got))
    endif
  endfor
  " lsp_config reaches the server (workspace/didChangeConfiguration): PCT010 is an error, not info
  " (which ALE 3.3 shows as a warning).
  if get(s:Find('pctlint', 'PCT010'), 'type') isnot# 'E' || get(s:Find('pctlint_utf16', 'PCT010'), 'type') isnot# 'W'
    throw 'PCT010: ' . string(s:Find('pctlint', 'PCT010')) . ' / ' . string(s:Find('pctlint_utf16', 'PCT010'))
  endif
  " Without the override the columns on line 2 are off: the emoji is 4 bytes but 2 UTF-16 units,
  " and é 2 bytes but 1 unit, so ALE marks 3 bytes too far left.
  let l:off = s:Find('pctlint_utf16', 'PCT001')
  if get(l:off, 'col') != stridx(l:line, '%c3') + 1 - 3
    throw 'without positionEncoding: ' . string(l:off)
  endif
endfunction
call s:Test('diagnostics at byte columns after non-ASCII text with positionEncoding utf-8 (3 bytes off without); lsp_config applied', function('s:Diagnostics'))


function! s:Hover() abort
  call cursor(2, stridx(getline(2), '%c3') + 2)
  ALEHover
  call s:WaitFor('the preview window', 'len(filter(range(1, winnr("$")), "getwinvar(v:val, \"&previewwindow\")")) > 0')
  let l:win = filter(range(1, winnr('$')), 'getwinvar(v:val, "&previewwindow")')[0]
  let l:text = join(getbufline(winbufnr(l:win), 1, '$'), "\n")
  pclose
  " Plain text (ALE asks for plaintext): a line per component, as written -> decoded, no Markdown.
  if l:text !~# '\n  path \+/caf%c3%a9/my file\.pdf  ->  /café/my file\.pdf\n'
  \ || stridx(l:text, "\nCanonical form https://x.example/caf%C3%A9/my%20file.pdf\n") < 0
  \ || l:text =~# '\*\*\|`\||'
    throw 'hover: ' . l:text
  endif
endfunction
call s:Test(':ALEHover shows the URL decoded and canonical, as plain text', function('s:Hover'))

" ALE's code action menu asks with input(): answer with the number of the wanted title.
let s:want_title = ''
let s:menu = ''
function! ale#util#Input(message, value, ...) abort
  let s:menu = a:message
  for l:line in split(a:message, "\n")
    let l:m = matchlist(l:line, '^\(\d\+\)) \(.*\)$')
    if !empty(l:m) && l:m[2] is# s:want_title
      return l:m[1]
    endif
  endfor
  return ''
endfunction

function! s:CodeAction() abort
  call s:WaitFor('diagnostics', 'len(s:Loclist("pctlint")) == 4')
  let s:want_title = 'Use uppercase hex: %C3%A9'
  call cursor(2, stridx(getline(2), '%c3') + 1)
  ALECodeAction
  call s:WaitFor('the fixed line', 'stridx(getline(2), "caf%C3%A9/my file") >= 0')
  if s:menu !~# 'Disable PCT001 for this line'
    throw 'menu: ' . s:menu
  endif
endfunction
call s:Test(':ALECodeAction applies a quick-fix at the right bytes', function('s:CodeAction'))

function! s:CodeActionAfterEmoji() abort
  " The raw space: the fix's edit lands after the emoji and é, counted in bytes.
  " Ex mode has no TextChanged event: ask ALE to lint the changed buffer (it sends didChange).
  ALELint
  call s:WaitFor('PCT001 gone', 'empty(s:Find("pctlint", "PCT001"))')
  let s:want_title = 'Percent-encode it: %20'
  call cursor(2, stridx(getline(2), ' file') + 1)
  ALECodeAction
  call s:WaitFor('the space encoded; ' . s:menu, 'getline(2) is# ''URL = {"😀é": ''''https://x.example/caf%C3%A9/my%20file.pdf''''}''')
endfunction
call s:Test(':ALECodeAction encodes the space (an edit after multi-byte text)', function('s:CodeActionAfterEmoji'))

call s:Out(printf('vim-ale: %d passed, %d failed', s:passed, s:failed))
call delete(s:dir, 'rf')
execute s:failed == 0 ? 'qall!' : 'cquit!'
