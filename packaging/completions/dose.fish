# fish completion for dose (Daily Dose)

set -l __dose_commands import sync validate config today calendar list search show open learn daemon help

complete -c dose -f
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -s h -l help -d 'Show the help'
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -l version -d 'Show the version'
complete -c dose -n "__fish_seen_subcommand_from $__dose_commands" -s h -l help -d "Show the command's help"

complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -a import -d 'Validate a pack and replace the pool with it'
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -a sync -d 'Fetch the configured (or given) pack and import it'
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -a validate -d 'Check a pack without touching anything'
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -a config -d 'Show or change the settings'
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -a today -d "Print the day's dose (answer kept back)"
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -a calendar -d 'List the coming doses, one line each'
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -a list -d "List the pool's items"
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -a search -d 'Find items by words in id, title or text'
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -a show -d 'Print a dose by id'
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -a open -d 'Open the dose page'
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -a learn -d 'The learning queue'
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -a daemon -d 'The background half (a user service)'
complete -c dose -n "not __fish_seen_subcommand_from $__dose_commands" -a help -d 'Print the help of dose or of a command'

# Packs are files.
complete -c dose -n "__fish_seen_subcommand_from import validate sync" -F
complete -c dose -n "__fish_seen_subcommand_from import validate" -l pubkey -x -d 'Check PACK.minisig with this minisign public key'
complete -c dose -n "__fish_seen_subcommand_from validate" -l preview -d 'Print each item\'s notification text'

# config
set -l __dose_config_actions list get set unset
set -l __dose_config_keys branch notify-time source source.pubkey sync-timeout provider.url provider.model provider.key-file
complete -c dose -n "__fish_seen_subcommand_from config; and not __fish_seen_subcommand_from $__dose_config_actions" -a list -d 'Print every setting'
complete -c dose -n "__fish_seen_subcommand_from config; and not __fish_seen_subcommand_from $__dose_config_actions" -a get -d 'Print one setting'
complete -c dose -n "__fish_seen_subcommand_from config; and not __fish_seen_subcommand_from $__dose_config_actions" -a set -d 'Store one setting'
complete -c dose -n "__fish_seen_subcommand_from config; and not __fish_seen_subcommand_from $__dose_config_actions" -a unset -d 'Remove one setting'
complete -c dose -n "__fish_seen_subcommand_from config; and __fish_seen_subcommand_from get set unset; and not __fish_seen_subcommand_from $__dose_config_keys" -a "$__dose_config_keys" -d 'Config key'

# today
complete -c dose -n "__fish_seen_subcommand_from today" -l date -x -d 'Start at this day (YYYY-MM-DD)'
complete -c dose -n "__fish_seen_subcommand_from today" -l days -x -d 'Number of consecutive days'
complete -c dose -n "__fish_seen_subcommand_from today" -l branch -x -d 'Resolve for this branch'
complete -c dose -n "__fish_seen_subcommand_from today" -l all -d 'Ignore branches'
complete -c dose -n "__fish_seen_subcommand_from today" -l answer -d "Print a question's answer at once"
complete -c dose -n "__fish_seen_subcommand_from today show" -l json -d 'Print JSON'

# calendar
complete -c dose -n "__fish_seen_subcommand_from calendar" -l from -x -d 'Start at this day (YYYY-MM-DD)'
complete -c dose -n "__fish_seen_subcommand_from calendar" -l days -x -d 'Number of days'
complete -c dose -n "__fish_seen_subcommand_from calendar" -l branch -x -d 'Resolve for this branch'
complete -c dose -n "__fish_seen_subcommand_from calendar" -l all -d 'Ignore branches'

# list (the top-level command, not learn list nor config list)
complete -c dose -n "__fish_seen_subcommand_from list; and not __fish_seen_subcommand_from learn config" -l kind -x -a 'fact formula question' -d 'Only this kind'
complete -c dose -n "__fish_seen_subcommand_from list; and not __fish_seen_subcommand_from learn config" -l branch -x -d 'Only what this branch is shown'
complete -c dose -n "__fish_seen_subcommand_from list; and not __fish_seen_subcommand_from learn config" -l json -d 'Print JSON Lines'
complete -c dose -n "__fish_seen_subcommand_from config; and __fish_seen_subcommand_from list" -l branches -d "Print the pool's branches"

# open
complete -c dose -n "__fish_seen_subcommand_from open" -l print-path -d 'Print the path of the page'
complete -c dose -n "__fish_seen_subcommand_from open" -l no-launch -d 'Write the page but do not open it'

# learn
set -l __dose_learn_actions tick untick list deck quiz run
complete -c dose -n "__fish_seen_subcommand_from learn; and not __fish_seen_subcommand_from $__dose_learn_actions" -a tick -d 'Mark a topic covered; queue its deck and quiz'
complete -c dose -n "__fish_seen_subcommand_from learn; and not __fish_seen_subcommand_from $__dose_learn_actions" -a untick -d 'Remove a ticked topic'
complete -c dose -n "__fish_seen_subcommand_from learn; and not __fish_seen_subcommand_from $__dose_learn_actions" -a list -d 'List ticked topics and their state'
complete -c dose -n "__fish_seen_subcommand_from learn; and not __fish_seen_subcommand_from $__dose_learn_actions" -a deck -d "Print a topic's flashcards"
complete -c dose -n "__fish_seen_subcommand_from learn; and not __fish_seen_subcommand_from $__dose_learn_actions" -a quiz -d "Print or take a topic's quiz"
complete -c dose -n "__fish_seen_subcommand_from learn; and not __fish_seen_subcommand_from $__dose_learn_actions" -a run -d 'Work the queue now until it is empty'
complete -c dose -n "__fish_seen_subcommand_from learn; and __fish_seen_subcommand_from list" -l json -d 'Print JSON'
complete -c dose -n "__fish_seen_subcommand_from learn; and __fish_seen_subcommand_from quiz" -l interactive -d 'Ask the questions one by one'

# help COMMAND
complete -c dose -n "__fish_seen_subcommand_from help" -a "$__dose_commands"
