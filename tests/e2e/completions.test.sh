#!/usr/bin/env bash
# The bash, zsh and fish completions load without errors from where `make install` puts them and
# complete every subcommand, action, config key and option.
source "$(dirname "$0")/lib.sh"

for shell in bash zsh fish; do command -v "$shell" >/dev/null || fail "$shell is missing: run scripts/install-deps.sh test"; done
[ -f /usr/share/bash-completion/bash_completion ] || fail "bash-completion is missing: run scripts/install-deps.sh test"

# The installed layout (as `make install PREFIX=$share/..` lays it out).
share="$work/share"
completions="$DOSE_ROOT/packaging/completions"
install -Dm644 "$completions/dose.bash" "$share/bash-completion/completions/dose"
install -Dm644 "$completions/dose.bash" "$share/bash-completion/completions/dose-notify"
install -Dm644 "$completions/_dose" "$share/zsh/vendor-completions/_dose"
install -Dm644 "$completions/dose.fish" "$share/fish/vendor_completions.d/dose.fish"
install -Dm644 "$completions/dose-notify.fish" "$share/fish/vendor_completions.d/dose-notify.fish"

dose_commands="import sync validate config today calendar list search show open learn daemon help"
# check SHELL LINE EXPECTED_WORDS...: every expected word is among the matches printed for LINE
check() {
    local shell=$1 line=$2; shift 2
    local matches missing=()
    matches=$(complete_in_"$shell" "$line" 2>"$work/$shell.err") || fail "$shell: completing '$line' failed: $(cat "$work/$shell.err")"
    [ -s "$work/$shell.err" ] && fail "$shell: completing '$line' printed errors: $(cat "$work/$shell.err")"
    for word in "$@"; do grep -qx -- "$word" <<<"$matches" || missing+=("$word"); done
    [ ${#missing[@]} -eq 0 ] || fail "$shell: '$line' does not offer ${missing[*]} (got: $(echo $matches))"
    log "ok: $shell completes '$line' -> $*"
}

# bash: bash-completion loads the file on demand by command name, as in an interactive shell.
complete_in_bash() {
    BASH_COMPLETION_USER_DIR="$work/none" XDG_DATA_DIRS="$share" bash --norc --noprofile -c '
        source /usr/share/bash-completion/bash_completion
        command=${1%% *}
        __load_completion "$command" || { echo "no completion loaded for $command" >&2; exit 1; }
        complete -p "$command" >/dev/null || exit 1
        read -ra COMP_WORDS <<<"$1"
        [[ $1 == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE=$1; COMP_POINT=${#COMP_LINE}
        function=$(complete -p "$command" | sed -E "s/.* -F ([^ ]+) .*/\1/")
        "$function" "$command" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf "%s\n" "${COMPREPLY[@]}"' _ "$1"
}
# zsh: compinit in a clean ZDOTDIR, the real completion system driven through zpty.
complete_in_zsh() {
    ZDOTDIR="$work/zdot" timeout 30 zsh -f "$DOSE_ROOT/tests/support/zsh-complete.zsh" "$share/zsh/vendor-completions" "$1"
}
# fish: XDG_DATA_DIRS puts the vendor directory on fish's completion path, as for a system install;
# fish autoloads a command's completions only when the command is on PATH (stand-ins will do).
mkdir -p "$work/bin"
# The stand-ins run the real programs: the completions ask `dose completions ids|subjects|topics` for values.
for command in dose dose-notify; do printf '#!/bin/sh\nexec "%s" "$@"\n' "$DOSE_BIN/$command" >"$work/bin/$command"; chmod +x "$work/bin/$command"; done
export PATH="$work/bin:$PATH" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache"
complete_in_fish() {
    PATH="$work/bin:$PATH" XDG_DATA_DIRS="$share:/usr/share" fish -c "complete -C '$1'" | cut -f1
}
mkdir -p "$work/zdot" "$work/none"

# Each file loads cleanly on its own.
expect "bash: the file sources without error" bash -c "source /usr/share/bash-completion/bash_completion; source '$share/bash-completion/completions/dose' 2>'$work/bash-source.err'; test ! -s '$work/bash-source.err' && complete -p dose && complete -p dose-notify"
expect "zsh: _dose parses" zsh -n "$share/zsh/vendor-completions/_dose"
zsh_defines() {
    ZDOTDIR="$work/zdot" zsh -f -c "fpath=($share/zsh/vendor-completions \$fpath); autoload -U compinit; compinit -u -d $work/zcompdump; [[ \$_comps[dose] == _dose && \$_comps[dose-notify] == _dose ]] && autoload +X _dose && (( \$+functions[_dose] ))"
}
expect "zsh: compinit binds _dose to dose and dose-notify" zsh_defines
expect "fish: dose.fish sources without error" fish --no-config -c "source $share/fish/vendor_completions.d/dose.fish"
expect "fish: dose-notify.fish sources without error" fish --no-config -c "source $share/fish/vendor_completions.d/dose-notify.fish"

for shell in bash zsh fish; do
    # shellcheck disable=SC2086
    check "$shell" "dose " $dose_commands
    check "$shell" "dose config " list get set unset
    check "$shell" "dose config set " branch notify-time source source.pubkey sync-timeout provider.url provider.model provider.key-file
    check "$shell" "dose today --" --date --days --branch --all --answer --json --help
    check "$shell" "dose calendar --" --from --days --branch --all --help
    check "$shell" "dose list --" --kind --branch --json --help
    check "$shell" "dose list --kind " fact formula question
    check "$shell" "dose config list --" --branches
    check "$shell" "dose show --" --json
    check "$shell" "dose open --" --print-path --no-launch
    check "$shell" "dose learn " tick untick list deck quiz run
    check "$shell" "dose learn list --" --json
    check "$shell" "dose learn quiz --" --interactive
    check "$shell" "dose import --" --pubkey --help
    check "$shell" "dose-notify " run fire
    check "$shell" "dose-notify --" --dry-run --help --version
    check "$shell" "dose-notify --dry-run --" --date --days --id --json
    check "$shell" "dose-notify fire --" --id
done
# Values only the data knows: ids from the snapshot, subjects and topics from the learning queue.
expect "the sample pack imports" dose import "$DOSE_ROOT/content/sample-pack.json"
expect "a topic is ticked" dose learn tick Circuits Thevenin
# sed reads to the end: `head -1` would close the pipe under dose, and pipefail would see its SIGPIPE.
some_id=$(dose completions ids | sed -n 1p)
[ -n "$some_id" ] || fail "dose completions ids printed no id"
for shell in bash zsh fish; do
    check "$shell" "dose show " "$some_id"
    check "$shell" "dose open " "$some_id"
    check "$shell" "dose-notify fire --id " "$some_id"
    check "$shell" "dose learn deck " Circuits
    check "$shell" "dose learn quiz Circuits " Thevenin
done
check bash "dose --" --help --version
check zsh "dose --" --help --version
check fish "dose --" --help --version
log "done"
