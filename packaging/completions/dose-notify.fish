# fish completion for dose-notify (Daily Dose)
# Generated from the command tables (CommandTable); do not edit: UPDATE_COMPLETIONS=1 swift test --filter CompletionFileTests

# The positional words before the cursor (option values left out).
function __dose_notify_args
    set -l out
    set -l skip 0
    set -l words (commandline -opc)
    set -e words[1]
    for word in $words
        if test $skip = 1
            set skip 0
            continue
        end
        switch $word
            case --dry-run
                set -p out dry-run
            case --id --wait --date --days
                set skip 1
            case '-*'
            case '*'
                set -a out $word
        end
    end
    for word in $out
        echo $word
    end
end

# __dose_notify_at N WORDS…: the words so far start with WORDS and number N.
function __dose_notify_at
    set -l args (__dose_notify_args)
    test (count $args) -eq $argv[1]; or return 1
    for i in (seq 2 (count $argv))
        set -l j (math $i - 1)
        test "$args[$j]" = $argv[$i]; or return 1
    end
end

# __dose_notify_in WORDS…: the words so far start with WORDS (and none follow for the root).
function __dose_notify_in
    set -l args (__dose_notify_args)
    test (count $argv) -eq 0; and begin; test (count $args) -eq 0; return; end
    for i in (seq (count $argv))
        test "$args[$i]" = $argv[$i]; or return 1
    end
end

# __dose_notify_last: the last word so far (a topic's subject).
function __dose_notify_last
    set -l args (__dose_notify_args)
    echo $args[-1]
end

complete -c dose-notify -f
complete -c dose-notify -n '__dose_notify_in' -s h -l help -d 'show this help'
complete -c dose-notify -n '__dose_notify_in' -l version -d 'show the version'
complete -c dose-notify -n '__dose_notify_in' -l dry-run -d 'print the next notification without showing it'
complete -c dose-notify -n '__dose_notify_at 0' -a run -d 'the long-running scheduler (the user service)'
complete -c dose-notify -n '__dose_notify_at 0' -a fire -d 'show a notification now and handle its click'
complete -c dose-notify -n '__dose_notify_at 0' -a dry-run -d 'print the next notification without showing it'
complete -c dose-notify -n '__dose_notify_in dry-run' -l date -x -a "(date +%F)" -d 'the notification of this day instead of the next one due'
complete -c dose-notify -n '__dose_notify_in dry-run' -l days -x -a '1 7 30 365' -d 'N consecutive days'
complete -c dose-notify -n '__dose_notify_in dry-run' -l id -x -a "(dose completions ids 2>/dev/null)" -d 'preview this item instead of the day'\''s'
complete -c dose-notify -n '__dose_notify_in dry-run' -l json -d 'one JSON object per notification'
complete -c dose-notify -n '__dose_notify_in dry-run' -s h -l help -d 'show this help'
complete -c dose-notify -n '__dose_notify_in fire' -l id -x -a "(dose completions ids 2>/dev/null)" -d 'notify this item instead of today'\''s'
complete -c dose-notify -n '__dose_notify_in fire' -l wait -x -a '1 7 30 365' -d 'wait at most SECONDS for a click'
complete -c dose-notify -n '__dose_notify_in fire' -s h -l help -d 'show this help'
complete -c dose-notify -n '__dose_notify_in run' -s h -l help -d 'show this help'
