# bash completion for crosscheck
_crosscheck()
{
    local cur prev words cword
    _init_completion || return
    local commands="check extract rules init"
    local opts="--format --output --rules --config --fail-on --jobs --color --date --one-story
        --story-per-dir --include-source-conflicts --agreements --sources --quiet --version --help"
    case "$prev" in
    --format) COMPREPLY=($(compgen -W "text json jsonl sarif github html" -- "$cur")); return ;;
    --fail-on) COMPREPLY=($(compgen -W "error warning info never" -- "$cur")); return ;;
    --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    --rules|--sources) _filedir -d; return ;;
    --output|--config) _filedir; return ;;
    --jobs|--date) return ;;
    rules) COMPREPLY=($(compgen -W "test list" -- "$cur")); return ;;
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
    elif [[ $cword -eq 1 ]]; then
        COMPREPLY=($(compgen -W "$commands" -- "$cur"))
        _filedir
    else
        _filedir
    fi
}
complete -F _crosscheck crosscheck
