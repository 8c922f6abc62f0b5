# fish completion for dose (Daily Dose)
# Generated from the command tables (CommandTable); do not edit: UPDATE_COMPLETIONS=1 swift test --filter CompletionFileTests

# The positional words before the cursor (option values left out).
function __dose_args
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
            case --pubkey --date --days --branch --from --kind --anki --markdown
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

# __dose_at N WORDS…: the words so far start with WORDS and number N.
function __dose_at
    set -l args (__dose_args)
    test (count $args) -eq $argv[1]; or return 1
    for i in (seq 2 (count $argv))
        set -l j (math $i - 1)
        test "$args[$j]" = $argv[$i]; or return 1
    end
end

# __dose_in WORDS…: the words so far start with WORDS (and none follow for the root).
function __dose_in
    set -l args (__dose_args)
    test (count $argv) -eq 0; and begin; test (count $args) -eq 0; return; end
    for i in (seq (count $argv))
        test "$args[$i]" = $argv[$i]; or return 1
    end
end

# __dose_last: the last word so far (a topic's subject).
function __dose_last
    set -l args (__dose_args)
    echo $args[-1]
end

complete -c dose -f
complete -c dose -n '__dose_in' -s h -l help -d 'show this help'
complete -c dose -n '__dose_in' -l version -d 'show the version'
complete -c dose -n '__dose_at 0' -a import -d 'validate a content pack and replace the pool with it'
complete -c dose -n '__dose_at 0' -a sync -d 'fetch the configured (or given) pack and import it'
complete -c dose -n '__dose_at 0' -a validate -d 'check a content pack without touching anything'
complete -c dose -n '__dose_at 0' -a config -d 'show or change the settings'
complete -c dose -n '__dose_at 0' -a today -d 'print the day'\''s dose (a question'\''s answer kept back)'
complete -c dose -n '__dose_at 0' -a calendar -d 'list the coming doses, one line each, never an answer'
complete -c dose -n '__dose_at 0' -a list -d 'list the pool'\''s items, one line each, never an answer'
complete -c dose -n '__dose_at 0' -a search -d 'find items by id, title or text, ignoring case and accents'
complete -c dose -n '__dose_at 0' -a show -d 'print a dose by id'
complete -c dose -n '__dose_at 0' -a open -d 'open the dose page in the browser'
complete -c dose -n '__dose_at 0' -a learn -d 'the learning queue: decks and quizzes for covered topics'
complete -c dose -n '__dose_at 0' -a daemon -d 'the background half: learning queue and planning passes'
complete -c dose -n '__dose_at 0' -a help -d 'print the help of dose or of a command'
complete -c dose -n '__dose_in help' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 1 help' -a 'import sync validate config today calendar list search show open learn daemon help' -d 'COMMAND'
complete -c dose -n '__dose_in daemon' -s h -l help -d 'show this help'
complete -c dose -n '__dose_in learn' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 1 learn' -a tick -d 'mark a topic covered and queue its deck and quiz'
complete -c dose -n '__dose_at 1 learn' -a untick -d 'remove a topic (and anything pending for it)'
complete -c dose -n '__dose_at 1 learn' -a retry -d 'try a pending topic now: its backoff (and a pause) lifted, the daemon woken'
complete -c dose -n '__dose_at 1 learn' -a list -d 'every ticked topic and the state of its deck and quiz'
complete -c dose -n '__dose_at 1 learn' -a syllabus -d 'the pack'\''s syllabus for a branch: subjects and topics to tick, with their states'
complete -c dose -n '__dose_at 1 learn' -a deck -d 'print a topic'\''s flashcards'
complete -c dose -n '__dose_at 1 learn' -a quiz -d 'print a topic'\''s quiz; --interactive asks the questions'
complete -c dose -n '__dose_at 1 learn' -a study -d 'study a topic'\''s deck: today'\''s cards one at a time, graded 1–4 (FSRS)'
complete -c dose -n '__dose_at 1 learn' -a due -d 'cards due and new, per topic and overall'
complete -c dose -n '__dose_at 1 learn' -a export -d 'write a topic'\''s deck for Anki (--anki FILE) or deck and quiz as Markdown'
complete -c dose -n '__dose_at 1 learn' -a run -d 'work the queue now, in the foreground, until it is empty'
complete -c dose -n '__dose_in learn run' -s h -l help -d 'show this help'
complete -c dose -n '__dose_in learn export' -l anki -r -F -d 'write the deck as Anki'\''s tab-separated import'
complete -c dose -n '__dose_in learn export' -l markdown -r -F -d 'write the deck and the quiz as Markdown'
complete -c dose -n '__dose_in learn export' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 2 learn export' -a "(dose completions subjects 2>/dev/null)" -d 'SUBJECT'
complete -c dose -n '__dose_at 3 learn export' -a "(dose completions topics (__dose_last) 2>/dev/null)" -d 'TOPIC'
complete -c dose -n '__dose_in learn due' -l json -d 'one JSON document'
complete -c dose -n '__dose_in learn due' -s h -l help -d 'show this help'
complete -c dose -n '__dose_in learn study' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 2 learn study' -a "(dose completions subjects 2>/dev/null)" -d 'SUBJECT'
complete -c dose -n '__dose_at 3 learn study' -a "(dose completions topics (__dose_last) 2>/dev/null)" -d 'TOPIC'
complete -c dose -n '__dose_in learn quiz' -s i -l interactive -d 'ask the questions one by one'
complete -c dose -n '__dose_in learn quiz' -l history -d 'print the topic'\''s quiz scores, oldest first, with local dates'
complete -c dose -n '__dose_in learn quiz' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 2 learn quiz' -a "(dose completions subjects 2>/dev/null)" -d 'SUBJECT'
complete -c dose -n '__dose_at 3 learn quiz' -a "(dose completions topics (__dose_last) 2>/dev/null)" -d 'TOPIC'
complete -c dose -n '__dose_in learn deck' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 2 learn deck' -a "(dose completions subjects 2>/dev/null)" -d 'SUBJECT'
complete -c dose -n '__dose_at 3 learn deck' -a "(dose completions topics (__dose_last) 2>/dev/null)" -d 'TOPIC'
complete -c dose -n '__dose_in learn syllabus' -l branch -x -a 'CS EE EC ME CE CH common' -d 'for this branch instead of the configured one'
complete -c dose -n '__dose_in learn syllabus' -l all -d 'every topic of the syllabus, whatever its branches'
complete -c dose -n '__dose_in learn syllabus' -l json -d 'JSON Lines'
complete -c dose -n '__dose_in learn syllabus' -s h -l help -d 'show this help'
complete -c dose -n '__dose_in learn list' -l json -d 'JSON Lines'
complete -c dose -n '__dose_in learn list' -s h -l help -d 'show this help'
complete -c dose -n '__dose_in learn retry' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 2 learn retry' -a "(dose completions subjects 2>/dev/null)" -d 'SUBJECT'
complete -c dose -n '__dose_at 3 learn retry' -a "(dose completions topics (__dose_last) 2>/dev/null)" -d 'TOPIC'
complete -c dose -n '__dose_in learn untick' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 2 learn untick' -a "(dose completions subjects 2>/dev/null)" -d 'SUBJECT'
complete -c dose -n '__dose_at 3 learn untick' -a "(dose completions topics (__dose_last) 2>/dev/null)" -d 'TOPIC'
complete -c dose -n '__dose_in learn tick' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 2 learn tick' -a "(dose completions subjects 2>/dev/null)" -d 'SUBJECT'
complete -c dose -n '__dose_at 3 learn tick' -a "(dose completions topics (__dose_last) 2>/dev/null)" -d 'TOPIC'
complete -c dose -n '__dose_in open' -l print-path -d 'print the path of the page written'
complete -c dose -n '__dose_in open' -l no-launch -d 'write the page but do not open it'
complete -c dose -n '__dose_in open' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 1 open' -a "(dose completions ids 2>/dev/null)" -d 'ID|CODE'
complete -c dose -n '__dose_in show' -l json -d 'print it as one JSON object'
complete -c dose -n '__dose_in show' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 1 show' -a "(dose completions ids 2>/dev/null)" -d 'ID|CODE'
complete -c dose -n '__dose_in search' -s h -l help -d 'show this help'
complete -c dose -n '__dose_in list' -l kind -x -a 'fact formula question' -d 'only facts, formulas or questions'
complete -c dose -n '__dose_in list' -l branch -x -a 'CS EE EC ME CE CH common' -d 'only what this branch is shown'
complete -c dose -n '__dose_in list' -l json -d 'JSON Lines'
complete -c dose -n '__dose_in list' -s h -l help -d 'show this help'
complete -c dose -n '__dose_in calendar' -l from -x -a "(date +%F)" -d 'start at this day instead of today'
complete -c dose -n '__dose_in calendar' -l days -x -a '1 7 30 365' -d 'list N days'
complete -c dose -n '__dose_in calendar' -l branch -x -a 'CS EE EC ME CE CH common' -d 'for this branch instead of the configured one'
complete -c dose -n '__dose_in calendar' -l all -d 'ignore branches'
complete -c dose -n '__dose_in calendar' -s h -l help -d 'show this help'
complete -c dose -n '__dose_in today' -l date -x -a "(date +%F)" -d 'start at this day instead of today'
complete -c dose -n '__dose_in today' -l days -x -a '1 7 30 365' -d 'print N consecutive days'
complete -c dose -n '__dose_in today' -l branch -x -a 'CS EE EC ME CE CH common' -d 'for this branch instead of the configured one'
complete -c dose -n '__dose_in today' -l all -d 'ignore branches'
complete -c dose -n '__dose_in today' -l answer -d 'print a question'\''s answer and explanation at once'
complete -c dose -n '__dose_in today' -l json -d 'JSON Lines'
complete -c dose -n '__dose_in today' -s h -l help -d 'show this help'
complete -c dose -n '__dose_in config' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 1 config' -a list -d 'print every setting'
complete -c dose -n '__dose_at 1 config' -a get -d 'print one setting'
complete -c dose -n '__dose_at 1 config' -a set -d 'store one setting'
complete -c dose -n '__dose_at 1 config' -a unset -d 'remove one setting'
complete -c dose -n '__dose_in config unset' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 2 config unset' -a 'branch notify-time source source.pubkey sync-timeout provider.url provider.model provider.key-file' -d 'KEY'
complete -c dose -n '__dose_in config set' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 2 config set' -a 'branch notify-time source source.pubkey sync-timeout provider.url provider.model provider.key-file' -d 'KEY'
complete -c dose -n '__dose_in config get' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 2 config get' -a 'branch notify-time source source.pubkey sync-timeout provider.url provider.model provider.key-file' -d 'KEY'
complete -c dose -n '__dose_in config list' -l branches -d 'print the branches the pool'\''s items carry'
complete -c dose -n '__dose_in config list' -s h -l help -d 'show this help'
complete -c dose -n '__dose_in validate' -l pubkey -x -d 'also check the minisign signature PACK.minisig with this public key'
complete -c dose -n '__dose_in validate' -l preview -d 'print each item'\''s notification'
complete -c dose -n '__dose_in validate' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 1 validate' -F
complete -c dose -n '__dose_in sync' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 1 sync' -F
complete -c dose -n '__dose_in import' -l pubkey -x -d 'first check the minisign signature PACK.minisig with this public key'
complete -c dose -n '__dose_in import' -s h -l help -d 'show this help'
complete -c dose -n '__dose_at 1 import' -F
