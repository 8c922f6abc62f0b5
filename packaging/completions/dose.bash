# bash completion for dose and dose-notify (Daily Dose)        -*- shell-script -*-
# Generated from the command tables (CommandTable); do not edit: UPDATE_COMPLETIONS=1 swift test --filter CompletionFileTests

# __dose_words WORDS: the words that match the current one.
__dose_words()
{
    COMPREPLY=($(compgen -W "$1" -- "$cur"))
}

# __dose_values KIND: the values of a kind (the caller's $keys and $commands, $args for a topic's subject).
__dose_values()
{
    local IFS=$'\n'
    case $1 in
        file) _filedir json ;;
        date) __dose_words "$(date +%F)" ;;
        count) __dose_words "1 7 30 365" ;;
        keys) IFS=' ' __dose_words "$keys" ;;
        commands) IFS=' ' __dose_words "$commands" ;;
        ids) __dose_words "$(dose completions ids 2>/dev/null)" ;;
        subjects) __dose_words "$(dose completions subjects 2>/dev/null)" ;;
        topics) __dose_words "$(dose completions topics "${args[${#args[@]} - 1]}" 2>/dev/null)" ;;
        w:*) IFS=',' __dose_words "${1#w:}" ;;
    esac
}

# __dose_node OPTIONS ACTIONS KINDS: what may follow the node the words so far reached ($p positionals after it).
__dose_node()
{
    if [[ $cur == -* ]]; then __dose_words "$1"; return; fi
    if [[ -n $2 ]]; then ((p == 0)) && __dose_words "$2"; return; fi
    local kinds=($3)
    if ((p < ${#kinds[@]})); then __dose_values "${kinds[p]}"; else __dose_words "$1"; fi
}

_dose()
{
    local cur prev words cword
    _init_completion -n = || return
    local keys='branch notify-time source source.pubkey sync-timeout provider.url provider.model provider.key-file'
    local commands='import sync validate config today calendar list search show open learn daemon help'
    local args=() i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            (--pubkey | --date | --days | --branch | --from | --kind | --anki | --markdown) ((i++)) ;;
            (-*) ;;
            (*) args+=("${words[i]}") ;;
        esac
    done
    case $prev in
        (--pubkey) __dose_values 'text'; return ;;
        (--date) __dose_values 'date'; return ;;
        (--days) __dose_values 'count'; return ;;
        (--branch) __dose_values 'w:CS,EE,EC,ME,CE,CH,common'; return ;;
        (--from) __dose_values 'date'; return ;;
        (--kind) __dose_values 'w:fact,formula,question'; return ;;
        (--anki) __dose_values 'file'; return ;;
        (--markdown) __dose_values 'file'; return ;;
    esac
    local node depth
    case " ${args[*]} " in
        (" import "*) node='import' depth=1 ;;
        (" sync "*) node='sync' depth=1 ;;
        (" validate "*) node='validate' depth=1 ;;
        (" config list "*) node='config list' depth=2 ;;
        (" config get "*) node='config get' depth=2 ;;
        (" config set "*) node='config set' depth=2 ;;
        (" config unset "*) node='config unset' depth=2 ;;
        (" config "*) node='config' depth=1 ;;
        (" today "*) node='today' depth=1 ;;
        (" calendar "*) node='calendar' depth=1 ;;
        (" list "*) node='list' depth=1 ;;
        (" search "*) node='search' depth=1 ;;
        (" show "*) node='show' depth=1 ;;
        (" open "*) node='open' depth=1 ;;
        (" learn tick "*) node='learn tick' depth=2 ;;
        (" learn untick "*) node='learn untick' depth=2 ;;
        (" learn retry "*) node='learn retry' depth=2 ;;
        (" learn list "*) node='learn list' depth=2 ;;
        (" learn syllabus "*) node='learn syllabus' depth=2 ;;
        (" learn deck "*) node='learn deck' depth=2 ;;
        (" learn quiz "*) node='learn quiz' depth=2 ;;
        (" learn study "*) node='learn study' depth=2 ;;
        (" learn due "*) node='learn due' depth=2 ;;
        (" learn export "*) node='learn export' depth=2 ;;
        (" learn run "*) node='learn run' depth=2 ;;
        (" learn "*) node='learn' depth=1 ;;
        (" daemon "*) node='daemon' depth=1 ;;
        (" help "*) node='help' depth=1 ;;
        (*) node='' depth=0 ;;
    esac
    local p=$((${#args[@]} - depth))
    case $node in
        'import') __dose_node '--pubkey -h --help' '' 'file' ;;
        'sync') __dose_node '-h --help' '' 'file' ;;
        'validate') __dose_node '--pubkey --preview -h --help' '' 'file' ;;
        'config list') __dose_node '--branches -h --help' '' '' ;;
        'config get') __dose_node '-h --help' '' 'keys' ;;
        'config set') __dose_node '-h --help' '' 'keys text' ;;
        'config unset') __dose_node '-h --help' '' 'keys' ;;
        'config') __dose_node '-h --help' 'list get set unset' '' ;;
        'today') __dose_node '--date --days --branch --all --answer --json -h --help' '' '' ;;
        'calendar') __dose_node '--from --days --branch --all -h --help' '' '' ;;
        'list') __dose_node '--kind --branch --json -h --help' '' '' ;;
        'search') __dose_node '-h --help' '' 'text' ;;
        'show') __dose_node '--json -h --help' '' 'ids' ;;
        'open') __dose_node '--print-path --no-launch -h --help' '' 'ids' ;;
        'learn tick') __dose_node '-h --help' '' 'subjects topics' ;;
        'learn untick') __dose_node '-h --help' '' 'subjects topics' ;;
        'learn retry') __dose_node '-h --help' '' 'subjects topics' ;;
        'learn list') __dose_node '--json -h --help' '' '' ;;
        'learn syllabus') __dose_node '--branch --all --json -h --help' '' '' ;;
        'learn deck') __dose_node '-h --help' '' 'subjects topics' ;;
        'learn quiz') __dose_node '-i --interactive --history -h --help' '' 'subjects topics' ;;
        'learn study') __dose_node '-h --help' '' 'subjects topics' ;;
        'learn due') __dose_node '--json -h --help' '' '' ;;
        'learn export') __dose_node '--anki --markdown -h --help' '' 'subjects topics' ;;
        'learn run') __dose_node '-h --help' '' '' ;;
        'learn') __dose_node '-h --help' 'tick untick retry list syllabus deck quiz study due export run' '' ;;
        'daemon') __dose_node '-h --help' '' '' ;;
        'help') __dose_node '-h --help' '' 'commands' ;;
        '') __dose_node '-h --help --version' 'import sync validate config today calendar list search show open learn daemon help' '' ;;
    esac
} &&
    complete -F _dose dose

_dose_notify()
{
    local cur prev words cword
    _init_completion -n = || return
    local keys=''
    local commands='run fire dry-run'
    local args=() i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            (--dry-run) args=(dry-run "${args[@]}") ;;
            (--id | --wait | --date | --days) ((i++)) ;;
            (-*) ;;
            (*) args+=("${words[i]}") ;;
        esac
    done
    case $prev in
        (--id) __dose_values 'ids'; return ;;
        (--wait) __dose_values 'count'; return ;;
        (--date) __dose_values 'date'; return ;;
        (--days) __dose_values 'count'; return ;;
    esac
    local node depth
    case " ${args[*]} " in
        (" run "*) node='run' depth=1 ;;
        (" fire "*) node='fire' depth=1 ;;
        (" dry-run "*) node='dry-run' depth=1 ;;
        (*) node='' depth=0 ;;
    esac
    local p=$((${#args[@]} - depth))
    case $node in
        'run') __dose_node '-h --help' '' '' ;;
        'fire') __dose_node '--id --wait -h --help' '' '' ;;
        'dry-run') __dose_node '--date --days --id --json -h --help' '' '' ;;
        '') __dose_node '-h --help --version --dry-run' 'run fire dry-run' '' ;;
    esac
} &&
    complete -F _dose_notify dose-notify

# ex: filetype=sh
