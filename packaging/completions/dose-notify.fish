# fish completion for dose-notify (Daily Dose)

complete -c dose-notify -f
complete -c dose-notify -s h -l help -d 'Show the help'
complete -c dose-notify -n "not __fish_seen_subcommand_from run fire; and not __fish_contains_opt dry-run" -l version -d 'Show the version'
complete -c dose-notify -n "not __fish_seen_subcommand_from run fire; and not __fish_contains_opt dry-run" -a run -d 'The long-running scheduler (the user service)'
complete -c dose-notify -n "not __fish_seen_subcommand_from run fire; and not __fish_contains_opt dry-run" -a fire -d 'Show a notification now and handle its click'
complete -c dose-notify -n "not __fish_seen_subcommand_from run fire; and not __fish_contains_opt dry-run" -l dry-run -d 'Print the next notification without showing it'
complete -c dose-notify -n "__fish_contains_opt dry-run" -l date -x -d 'The notification of this day (YYYY-MM-DD)'
complete -c dose-notify -n "__fish_contains_opt dry-run" -l days -x -d 'Number of consecutive days'
complete -c dose-notify -n "__fish_contains_opt dry-run" -l json -d 'Print JSON'
complete -c dose-notify -n "__fish_contains_opt dry-run; or __fish_seen_subcommand_from fire" -l id -x -d 'Use this dose id'
