# bash completion for dose and dose-notify (Daily Dose)        -*- shell-script -*-
# Installed as .../bash-completion/completions/dose and .../dose-notify (the same file).

_dose_config_keys="branch notify-time source source.pubkey sync-timeout provider.url provider.model provider.key-file"

# Values for the options both commands share: --date (today, as a start) and --days.
__dose_option_value()
{
    case $1 in
        --date) COMPREPLY=($(compgen -W "$(date +%F)" -- "$cur")) ;;
        --days) COMPREPLY=($(compgen -W "1 7 30 365" -- "$cur")) ;;
    esac
}

_dose()
{
    local cur prev words cword
    _init_completion -n = || return

    local commands="import sync validate config today calendar list search show open learn daemon help"
    local command="" action="" i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            -*) ;;
            *)
                if [[ -z $command ]]; then
                    command=${words[i]}
                elif [[ -z $action ]]; then
                    action=${words[i]}
                    break
                fi
                ;;
        esac
    done

    if [[ -z $command ]]; then
        COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
        return
    fi

    case $prev in
        --date | --days | --from)
            __dose_option_value "${prev/--from/--date}"
            return
            ;;
        --kind)
            COMPREPLY=($(compgen -W "fact formula question" -- "$cur"))
            return
            ;;
        --branch)
            COMPREPLY=($(compgen -W "CS EE EC ME CE CH" -- "$cur"))
            return
            ;;
    esac

    case $command in
        import | validate)
            [[ $prev == --pubkey ]] && return
            local options="--pubkey --help"
            [[ $command == validate ]] && options+=" --preview"
            [[ $cur == -* ]] && COMPREPLY=($(compgen -W "$options" -- "$cur")) && return
            _filedir json
            ;;
        sync)
            [[ $cur == -* ]] && COMPREPLY=($(compgen -W "--help" -- "$cur")) && return
            _filedir json
            ;;
        config)
            if [[ -z $action ]]; then
                COMPREPLY=($(compgen -W "list get set unset --help" -- "$cur"))
            elif [[ $action == list ]]; then
                COMPREPLY=($(compgen -W "--branches --help" -- "$cur"))
            elif [[ $prev == "$action" && $action =~ ^(get|set|unset)$ ]]; then
                COMPREPLY=($(compgen -W "$_dose_config_keys" -- "$cur"))
            elif [[ $action == set && $prev == provider.key-file ]]; then
                _filedir
            elif [[ $action == set && $prev == source ]]; then
                _filedir json
            fi
            ;;
        today)
            COMPREPLY=($(compgen -W "--date --days --branch --all --answer --json --help" -- "$cur"))
            ;;
        calendar)
            COMPREPLY=($(compgen -W "--from --days --branch --all --help" -- "$cur"))
            ;;
        list)
            COMPREPLY=($(compgen -W "--kind --branch --json --help" -- "$cur"))
            ;;
        search)
            [[ $cur == -* ]] && COMPREPLY=($(compgen -W "--help" -- "$cur"))
            ;;
        show)
            COMPREPLY=($(compgen -W "--json --help" -- "$cur"))
            ;;
        open)
            COMPREPLY=($(compgen -W "--print-path --no-launch --help" -- "$cur"))
            ;;
        learn)
            if [[ -z $action ]]; then
                COMPREPLY=($(compgen -W "tick untick list deck quiz run --help" -- "$cur"))
            else
                case $action in
                    list) COMPREPLY=($(compgen -W "--json --help" -- "$cur")) ;;
                    quiz) COMPREPLY=($(compgen -W "--interactive --help" -- "$cur")) ;;
                    *) COMPREPLY=($(compgen -W "--help" -- "$cur")) ;;
                esac
            fi
            ;;
        daemon)
            COMPREPLY=($(compgen -W "--help" -- "$cur"))
            ;;
        help)
            [[ -z $action ]] && COMPREPLY=($(compgen -W "$commands" -- "$cur"))
            ;;
    esac
} &&
    complete -F _dose dose

_dose_notify()
{
    local cur prev words cword
    _init_completion -n = || return

    case $prev in
        --date | --days)
            __dose_option_value "$prev"
            return
            ;;
        --id)
            return
            ;;
    esac

    local command="" i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            --dry-run) command=dry-run ;;
            --date | --days | --id) ((i++)) ;;
            -*) ;;
            *) [[ -z $command ]] && command=${words[i]} ;;
        esac
    done

    case $command in
        "") COMPREPLY=($(compgen -W "run fire --dry-run --help --version" -- "$cur")) ;;
        run) COMPREPLY=($(compgen -W "--help" -- "$cur")) ;;
        fire) COMPREPLY=($(compgen -W "--id --help" -- "$cur")) ;;
        dry-run) COMPREPLY=($(compgen -W "--date --days --id --json --help" -- "$cur")) ;;
    esac
} &&
    complete -F _dose_notify dose-notify

# ex: filetype=sh
