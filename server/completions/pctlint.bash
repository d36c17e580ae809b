# bash completion for pctlint
_pctlint() {
  local cur prev
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  local options="--check --fix --unsafe-fixes --diff --format -o --output-file --color --config
    --fail-on --exit-zero --select --ignore --stdin-filename --force-exclude --statistics
    --baseline --write-baseline --changed-since --shard -j --jobs --max-findings-per-file
    --follow-symlinks --no-ignore -q --quiet -h --help --stdio --version"
  local rules="PCT001 PCT002 PCT003 PCT004 PCT005 PCT006 PCT007 PCT008 PCT009 PCT010 PCT011 PCT012"
  case $prev in
    --format) COMPREPLY=($(compgen -W "text json sarif github junit gitlab" -- "$cur")); return ;;
    --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    --fail-on) COMPREPLY=($(compgen -W "info warning error" -- "$cur")); return ;;
    --select|--ignore) COMPREPLY=($(compgen -W "$rules" -- "$cur")); return ;;
    --config|--baseline|--write-baseline|-o|--output-file|--stdin-filename)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
    rule) COMPREPLY=($(compgen -W "$rules" -- "$cur")); return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
  elif [[ $COMP_CWORD == 1 ]]; then
    COMPREPLY=($(compgen -W "encode decode canon explain rules rule" -- "$cur") $(compgen -f -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _pctlint pctlint
