# Prints, one a line, the matches zsh's completion system offers for a command line.
# Usage: zsh -f tests/support/zsh-complete.zsh FPATH_DIR 'dose config '
# A child interactive zsh (zsh/zpty) runs compinit with FPATH_DIR first; compadd is wrapped so every
# match it is given is also written to a file; TAB is sent after the line.
zmodload zsh/zpty || exit 2
dir=$1 line=$2
out=$(mktemp)
zpty z zsh -f -i
zpty -w z "PS1=''; fpath=($dir \$fpath); autoload -U compinit; compinit -u -d $out.dump"
zpty -w z "compadd() { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd \"\$@\"; return; fi; local -a hits; builtin compadd -A hits \"\$@\"; print -rl -- \$hits >>$out; builtin compadd \"\$@\"; }"
zpty -w z "zstyle ':completion:*' list-prompt ''; zstyle ':completion:*' menu no"
zpty -w z "print READY-\$((6*7))"
zpty -r z buf '*READY-42*' || exit 2
zpty -n -w z "$line"$'\t'
sleep 1
zpty -w z $'\C-u'"print DONE-\$((6*7))"
zpty -r z buf '*DONE-42*'
zpty -d z
sort -u $out
rm -f $out $out.dump
