# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_minesweeper_global_optspecs
    string join \n color= q/quiet v/verbose rules= animate= hints screen-reader background= no-record record resume level= rows= cols= mines= seed= first-move= h/help V/version
end

function __fish_minesweeper_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_minesweeper_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_minesweeper_using_subcommand
    set -l cmd (__fish_minesweeper_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c minesweeper -n "__fish_minesweeper_needs_command" -l color -d 'When to colour the output: `auto` colours a terminal unless NO_COLOR is set' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t'Even on a pipe or into a file'
never\t'Plain text, even on a terminal'"
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l rules -d 'The rules to play by' -r -f -a "proj3\t'CMSC 201 Project 3: win by flagging exactly the mines'
classic\t'The classic game: win by opening every safe square; flags, question marks'
coms227\t'Iowa State COMS 227: the classic game, but an empty square clears only what it reaches up, left, down and right (clearRegion), plus its numbered rim'"
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l animate -d 'Show each reveal step by step, as the island is explored: on a terminal, redrawn in place MS milliseconds apart (60 without a value; any key skips to the end); piped, every step\'s board one after another' -r
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l background -d 'The terminal\'s background, for the clue colours on a terminal of 16 colours (the Linux console), where none reads on both: without it, the terminal is asked, then COLORFGBG, then what was last said here (kept in the settings), then dark' -r -f -a "dark\t'Black or near it'
light\t'White or near it'"
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l level -d 'A standard size: beginner 9x9 with 10 mines, intermediate 16x16 with 40, expert 16 rows and 30 columns with 99. --rows, --cols and --mines change the size they give' -r -f -a "beginner\t'9x9, 10 mines'
intermediate\t'16x16, 40 mines'
expert\t'16x30, 99 mines'"
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l rows -d 'Rows of the board (1 to 5000)' -r
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l cols -d 'Columns of the board (1 to 5000)' -r
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l mines -d 'How many mines' -r
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l seed -d 'Makes the board reproducible: the same seed gives the same mines, on every platform and in every release. Without it a seed is picked and printed (at the end of the game, or on stderr by `generate`)' -r
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l first-move -d 'Which squares the mines avoid, given the first square opened: none (`any`), that square (`safe`, the default), or it and its neighbours (`opening`)' -r -f -a "any\t'Nothing: the first square opened may be a mine'
safe\t'The first square opened is never a mine'
opening\t'The first square opened and its neighbours hold no mine, so it opens an area'"
complete -c minesweeper -n "__fish_minesweeper_needs_command" -s q -l quiet -d 'Say nothing on stderr but the error that ends the program: no warnings, no progress bars. The output itself is the same'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -s v -l verbose -d 'Say on stderr what the program decides (the sandbox\'s layers, each student\'s check), as MINESWEEPER_LOG=debug does; twice, every step'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l hints -d 'Offer `h` for a hint at the row and action prompts: a square that is certainly safe or certainly a mine, or the best guess; and why. Hints used are counted at the end'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l screen-reader -d 'Play for a screen reader or a braille display: no board is reprinted; after each move one line says what changed, and commands read a square, its neighbours, a row, a column or the counts (`?` lists them). No colour and no escape codes'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l no-record -d 'Leave no trace of this game: neither the history of finished games nor the save of the game in progress is written (or read). So does MINESWEEPER_NO_RECORD set and not empty'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l record -d 'Keep this game in the records although its input is not a terminal. Games played from a script or a file (`< moves.txt`) are not recorded without it, so scripted runs leave no trace'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -l resume -d 'Carry on the game saved in progress, where it was left (a game is saved after every move). Without it, a terminal is asked'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -s V -l version -d 'Print version'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -a "show" -d 'Print a board file solved: mines as `*`, every clue, blanks, in the game\'s board format'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -a "completions" -d 'Print a completion script for SHELL, to be sourced or installed (README says where each shell looks for it)'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -a "man" -d 'Print the manual page (roff), for `man -l -` or a man directory'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -a "comp1511" -d 'Play the COMP1511 (UNSW) game: integer commands on stdin, as the course\'s reference program'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -a "play" -d 'Play full screen, with keys and mouse: chording, undo, pause, hints and the chance of a mine on every square (? lists the keys)'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -a "stats" -d 'Statistics of the games kept in the history: for each rule set and board, games played and won, streaks, winning times, 3BV/s and efficiency, and the last games'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -a "replay" -d 'Watch a recorded game again, full screen, at the pace it was played: space pauses, the arrows step back and forward, + and - change the speed'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -a "generate" -d 'Write a random board file to stdout, to play or to keep'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -a "solve" -d 'Let the solver play a board file alone, and say how it went: hints used, guesses made, won or lost'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -a "bench" -d 'Let the solver play many random games alone and report its win rate, with a 95 % interval, where it lost, and its speed'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -a "check" -d 'Play many games against a proj3 program and report, for each kind of failure, the smallest game that shows it'
complete -c minesweeper -n "__fish_minesweeper_needs_command" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand show" -l color -d 'When to colour the output: `auto` colours a terminal unless NO_COLOR is set' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t'Even on a pipe or into a file'
never\t'Plain text, even on a terminal'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand show" -s q -l quiet -d 'Say nothing on stderr but the error that ends the program: no warnings, no progress bars. The output itself is the same'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand show" -s v -l verbose -d 'Say on stderr what the program decides (the sandbox\'s layers, each student\'s check), as MINESWEEPER_LOG=debug does; twice, every step'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand completions" -l color -d 'When to colour the output: `auto` colours a terminal unless NO_COLOR is set' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t'Even on a pipe or into a file'
never\t'Plain text, even on a terminal'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand completions" -s q -l quiet -d 'Say nothing on stderr but the error that ends the program: no warnings, no progress bars. The output itself is the same'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand completions" -s v -l verbose -d 'Say on stderr what the program decides (the sandbox\'s layers, each student\'s check), as MINESWEEPER_LOG=debug does; twice, every step'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand man" -l color -d 'When to colour the output: `auto` colours a terminal unless NO_COLOR is set' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t'Even on a pipe or into a file'
never\t'Plain text, even on a terminal'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand man" -s q -l quiet -d 'Say nothing on stderr but the error that ends the program: no warnings, no progress bars. The output itself is the same'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand man" -s v -l verbose -d 'Say on stderr what the program decides (the sandbox\'s layers, each student\'s check), as MINESWEEPER_LOG=debug does; twice, every step'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand man" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand comp1511" -l color -d 'When to colour the output: `auto` colours a terminal unless NO_COLOR is set' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t'Even on a pipe or into a file'
never\t'Plain text, even on a terminal'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand comp1511" -s q -l quiet -d 'Say nothing on stderr but the error that ends the program: no warnings, no progress bars. The output itself is the same'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand comp1511" -s v -l verbose -d 'Say on stderr what the program decides (the sandbox\'s layers, each student\'s check), as MINESWEEPER_LOG=debug does; twice, every step'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand comp1511" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l rules -d 'The rules to play by [default: proj3 with BOARD; without, the menu\'s last choice or classic]' -r -f -a "proj3\t'CMSC 201 Project 3: win by flagging exactly the mines'
classic\t'The classic game: win by opening every safe square; flags, question marks'
coms227\t'Iowa State COMS 227: the classic game, but an empty square clears only what it reaches up, left, down and right (clearRegion), plus its numbered rim'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l theme -d 'The colours: classic clue colours, colorblind (Okabe-Ito), or mono (also when colour is off) [default: the menu\'s last choice, or classic]' -r -f -a "classic\t'The classic clue colours: 1 blue, 2 green, 3 red, and on'
colorblind\t'Okabe-Ito colours, distinguishable without telling red from green'
mono\t'No colour: reverse video for the cursor'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l level -d 'A standard size: beginner 9x9 with 10 mines, intermediate 16x16 with 40, expert 16 rows and 30 columns with 99. --rows, --cols and --mines change the size they give' -r -f -a "beginner\t'9x9, 10 mines'
intermediate\t'16x16, 40 mines'
expert\t'16x30, 99 mines'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l rows -d 'Rows of the board (1 to 5000)' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l cols -d 'Columns of the board (1 to 5000)' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l mines -d 'How many mines' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l seed -d 'Makes the board reproducible: the same seed gives the same mines, on every platform and in every release. Without it a seed is picked and printed (at the end of the game, or on stderr by `generate`)' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l first-move -d 'Which squares the mines avoid, given the first square opened: none (`any`), that square (`safe`, the default), or it and its neighbours (`opening`)' -r -f -a "any\t'Nothing: the first square opened may be a mine'
safe\t'The first square opened is never a mine'
opening\t'The first square opened and its neighbours hold no mine, so it opens an area'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l animate -d 'Show each reveal step by step, as the island is explored, MS milliseconds a step (60 without a value); any key skips to the end' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l color -d 'When to colour the output: `auto` colours a terminal unless NO_COLOR is set' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t'Even on a pipe or into a file'
never\t'Plain text, even on a terminal'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l no-guess -d 'Deal random boards that the solver clears from the first square opened without guessing, made once that square is chosen'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l screen-reader -d 'Play in lines for a screen reader or a braille display instead of the full screen: the same boards and records, one line a move, commands to read the board (`?` lists them), hints with `h`'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l no-record -d 'Leave no trace of this game: neither the history of finished games nor the save of the game in progress is written (or read). So does MINESWEEPER_NO_RECORD set and not empty'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l record -d 'Keep this game in the records although its input is not a terminal. Games played from a script or a file (`< moves.txt`) are not recorded without it, so scripted runs leave no trace'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -l resume -d 'Carry on the game saved in progress, where it was left (a game is saved after every move). Without it, a terminal is asked'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -s q -l quiet -d 'Say nothing on stderr but the error that ends the program: no warnings, no progress bars. The output itself is the same'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -s v -l verbose -d 'Say on stderr what the program decides (the sandbox\'s layers, each student\'s check), as MINESWEEPER_LOG=debug does; twice, every step'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand play" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand stats" -l rules -d 'Only games played by these rules' -r -f -a "proj3\t'CMSC 201 Project 3: win by flagging exactly the mines'
classic\t'The classic game: win by opening every safe square; flags, question marks'
coms227\t'Iowa State COMS 227: the classic game, but an empty square clears only what it reaches up, left, down and right (clearRegion), plus its numbered rim'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand stats" -l level -d 'Only games of this level\'s size' -r -f -a "beginner\t'9x9, 10 mines'
intermediate\t'16x16, 40 mines'
expert\t'16x30, 99 mines'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand stats" -l color -d 'When to colour the output: `auto` colours a terminal unless NO_COLOR is set' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t'Even on a pipe or into a file'
never\t'Plain text, even on a terminal'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand stats" -l json -d 'Print one JSON object instead of a table'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand stats" -s q -l quiet -d 'Say nothing on stderr but the error that ends the program: no warnings, no progress bars. The output itself is the same'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand stats" -s v -l verbose -d 'Say on stderr what the program decides (the sandbox\'s layers, each student\'s check), as MINESWEEPER_LOG=debug does; twice, every step'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand stats" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand replay" -l export -d 'Write the game as a plain text move log to FILE (`-` for stdout) instead of showing it; `replay FILE` reads it back' -r -F
complete -c minesweeper -n "__fish_minesweeper_using_subcommand replay" -l html -d 'Write the game as a page that plays it back to FILE (`-` for stdout): one file, to open in any browser or to share' -r -F
complete -c minesweeper -n "__fish_minesweeper_using_subcommand replay" -l speed -d 'Times the real pace to start at (0.25 to 64)' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand replay" -l color -d 'When to colour the output: `auto` colours a terminal unless NO_COLOR is set' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t'Even on a pipe or into a file'
never\t'Plain text, even on a terminal'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand replay" -s q -l quiet -d 'Say nothing on stderr but the error that ends the program: no warnings, no progress bars. The output itself is the same'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand replay" -s v -l verbose -d 'Say on stderr what the program decides (the sandbox\'s layers, each student\'s check), as MINESWEEPER_LOG=debug does; twice, every step'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand replay" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand generate" -l level -d 'A standard size: beginner 9x9 with 10 mines, intermediate 16x16 with 40, expert 16 rows and 30 columns with 99. --rows, --cols and --mines change the size they give' -r -f -a "beginner\t'9x9, 10 mines'
intermediate\t'16x16, 40 mines'
expert\t'16x30, 99 mines'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand generate" -l rows -d 'Rows of the board (1 to 5000)' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand generate" -l cols -d 'Columns of the board (1 to 5000)' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand generate" -l mines -d 'How many mines' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand generate" -l seed -d 'Makes the board reproducible: the same seed gives the same mines, on every platform and in every release. Without it a seed is picked and printed (at the end of the game, or on stderr by `generate`)' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand generate" -l first-move -d 'Which squares the mines avoid, given the first square opened: none (`any`), that square (`safe`, the default), or it and its neighbours (`opening`)' -r -f -a "any\t'Nothing: the first square opened may be a mine'
safe\t'The first square opened is never a mine'
opening\t'The first square opened and its neighbours hold no mine, so it opens an area'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand generate" -l at -d 'The first square that will be opened, as ROW,COL (from 1), for --first-move safe or opening to keep clear' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand generate" -l count -d 'How many boards to print, a blank line between them: those of seeds SEED, SEED+1, and on (with --no-guess, each search starts after the seed of the board before). A set of boards to test a program on, or to give another solver the very games `bench` plays' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand generate" -l color -d 'When to colour the output: `auto` colours a terminal unless NO_COLOR is set' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t'Even on a pipe or into a file'
never\t'Plain text, even on a terminal'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand generate" -l no-guess -d 'Only a board the solver clears from --at (the centre without it) by deduction alone, never guessing. The first move opens an area unless --first-move says otherwise'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand generate" -s q -l quiet -d 'Say nothing on stderr but the error that ends the program: no warnings, no progress bars. The output itself is the same'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand generate" -s v -l verbose -d 'Say on stderr what the program decides (the sandbox\'s layers, each student\'s check), as MINESWEEPER_LOG=debug does; twice, every step'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand generate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand solve" -l at -d 'The first square to open, as ROW,COL (from 1). Without it the first move is a hint' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand solve" -l when-stuck -d 'What to do when nothing is certain' -r -f -a "hint\t'Ask for a hint: open a square the board knows is safe'
guess\t'Open the square least likely to hold a mine'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand solve" -l color -d 'When to colour the output: `auto` colours a terminal unless NO_COLOR is set' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t'Even on a pipe or into a file'
never\t'Plain text, even on a terminal'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand solve" -l steps -d 'Print every deduction with its reason, and the board after it'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand solve" -s q -l quiet -d 'Say nothing on stderr but the error that ends the program: no warnings, no progress bars. The output itself is the same'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand solve" -s v -l verbose -d 'Say on stderr what the program decides (the sandbox\'s layers, each student\'s check), as MINESWEEPER_LOG=debug does; twice, every step'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand solve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -l games -d 'How many games' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -l threads -d 'Threads to play on, 1 to 256 [default: every core]' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -l at -d 'The first square opened in every game, as ROW,COL (from 1) [default: the top left corner; when the first move opens an area, 3,4 on expert and 3,3 otherwise: the squares measured to win most]' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -l level -d 'A standard size: beginner 9x9 with 10 mines, intermediate 16x16 with 40, expert 16 rows and 30 columns with 99. --rows, --cols and --mines change the size they give' -r -f -a "beginner\t'9x9, 10 mines'
intermediate\t'16x16, 40 mines'
expert\t'16x30, 99 mines'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -l rows -d 'Rows of the board (1 to 5000)' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -l cols -d 'Columns of the board (1 to 5000)' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -l mines -d 'How many mines' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -l seed -d 'Makes the board reproducible: the same seed gives the same mines, on every platform and in every release. Without it a seed is picked and printed (at the end of the game, or on stderr by `generate`)' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -l first-move -d 'Which squares the mines avoid, given the first square opened: none (`any`), that square (`safe`, the default), or it and its neighbours (`opening`)' -r -f -a "any\t'Nothing: the first square opened may be a mine'
safe\t'The first square opened is never a mine'
opening\t'The first square opened and its neighbours hold no mine, so it opens an area'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -l color -d 'When to colour the output: `auto` colours a terminal unless NO_COLOR is set' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t'Even on a pipe or into a file'
never\t'Plain text, even on a terminal'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -l json -d 'Print one JSON object instead of text'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -l each -d 'Say how each game went as well, in game order: its seed, won or where it was lost, its guesses, and their chances of a mine added up (the mines it was expected to meet). A table before the report, or `each` in the JSON object'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -s q -l quiet -d 'Say nothing on stderr but the error that ends the program: no warnings, no progress bars. The output itself is the same'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -s v -l verbose -d 'Say on stderr what the program decides (the sandbox\'s layers, each student\'s check), as MINESWEEPER_LOG=debug does; twice, every step'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand bench" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l games -d 'How many games' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l seed -d 'Makes the games reproducible: game n (from 1, as reports count) is made from SEED + n - 1. Without it a seed is picked and printed' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l inputs -d 'Which bad answers to type' -r -f -a "required\t'What the assignment says a program must refuse: numbers out of range or negative, and actions other than r and f'
all\t'Also what it lets programs assume away: words where a number is asked for, empty lines, and actions in upper case'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l max-size -d 'The most rows and columns of a random board (the course\'s boards are played as they are)' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l min-size -d 'The fewest rows and columns of a random board, and of a failing game made smaller: 2 leaves out boards of one row or column, when the assignment never asked about them' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l timeout -d 'Seconds of CPU time one game may use before the program is stopped (with everything it started) and reported as hanging; one still running after twice this on the clock is played again, and hangs only if it waits as long again' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l threads -d 'Games at once, 1 to 256 [default: every core]' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l out -d 'The folder for the smallest failing games, one folder a kind' -r -F
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l frame -d 'The frame of the board files the program is given: `+` (the course\'s files) or `#` (its 2019 files) [default: the one the program reads, tried when its first game fails in `+`]' -r -f -a "+\t'The course\'s board files'
#\t'The 2019 offering\'s board files'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l folder -d 'The program\'s own folder, copied afresh into a folder of its own for every game, where it runs [default: the current folder]. The original is never written to' -r -F
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l gradescope -d 'Also write FILE in the format of Gradescope\'s results.json: one test a part of the score, worth its weight' -r -F
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l github-classroom -d 'Also write FILE as GitHub Classroom\'s autograding reporter reads a test runner\'s result (base64 it into the step\'s `result` output): one test a part of the score, worth its weight' -r -F
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l prairielearn -d 'Also write FILE as PrairieLearn\'s external grader\'s results.json (/grade/results/results.json): the score from 0 to 1, one test a part of it, and the report' -r -F
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l weights -d 'The points of each part of the score, such as boards=60,endings=25,input=15 (and text=N with --exact); parts not named keep theirs [default: boards=60,endings=25,input=15, with --exact boards=50 and text=10]' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l budget -d 'The most time one program\'s check may take, such as 30s or 2m. Every game asked is played first: when they do not all fit, there is no score (never one over some of them). Shrinking takes what is left, keeping the smallest game reached by the end' -r
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l class -d 'Check a whole class: each folder in DIR is a student\'s, the program is run in a fresh copy of it, and --out gets summary.csv and a folder a student (report.txt, results.json, the smallest games)' -r -F
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l gradescope-bundle -d 'Write a Gradescope autograder to DIR (setup.sh, run_autograder and this program) that checks each submission with these options, then stop' -r -F
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l color -d 'When to colour the output: `auto` colours a terminal unless NO_COLOR is set' -r -f -a "auto\t'On a terminal, unless NO_COLOR is set'
always\t'Even on a pipe or into a file'
never\t'Plain text, even on a terminal'"
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l at-least-one-mine -d 'Give every random board a mine, and keep one in every failing game made smaller: leaves out boards with no mines, when the assignment never asked about them'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l exact -d 'Compare whole transcripts, byte for byte, with the course\'s text (by default only the boards and the ending must agree)'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l json -d 'Print one JSON object instead of text'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l unprivileged -d 'When the check runs as root, run each game as the user nobody rather than a user of its own, its jail built by nobody as for a check run by another user, nothing of root\'s used (each smallest game is played again from a copy of its board that nobody can read, so --out may be a folder only you can enter)'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l no-sandbox -d 'Run each game without the sandbox: in the program\'s own folder, with this environment and your rights, no limits, namespaces or Landlock. For measuring what the sandbox costs, on a program you trust; every report says so. With --class and --gradescope-bundle only with --trust-programs too'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -l trust-programs -d 'With --no-sandbox, run a class\'s or a Gradescope bundle\'s programs without the sandbox too: every student\'s program then runs with your rights'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -s q -l quiet -d 'Say nothing on stderr but the error that ends the program: no warnings, no progress bars. The output itself is the same'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -s v -l verbose -d 'Say on stderr what the program decides (the sandbox\'s layers, each student\'s check), as MINESWEEPER_LOG=debug does; twice, every step'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand help; and not __fish_seen_subcommand_from show completions man comp1511 play stats replay generate solve bench check help" -f -a "show" -d 'Print a board file solved: mines as `*`, every clue, blanks, in the game\'s board format'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand help; and not __fish_seen_subcommand_from show completions man comp1511 play stats replay generate solve bench check help" -f -a "completions" -d 'Print a completion script for SHELL, to be sourced or installed (README says where each shell looks for it)'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand help; and not __fish_seen_subcommand_from show completions man comp1511 play stats replay generate solve bench check help" -f -a "man" -d 'Print the manual page (roff), for `man -l -` or a man directory'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand help; and not __fish_seen_subcommand_from show completions man comp1511 play stats replay generate solve bench check help" -f -a "comp1511" -d 'Play the COMP1511 (UNSW) game: integer commands on stdin, as the course\'s reference program'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand help; and not __fish_seen_subcommand_from show completions man comp1511 play stats replay generate solve bench check help" -f -a "play" -d 'Play full screen, with keys and mouse: chording, undo, pause, hints and the chance of a mine on every square (? lists the keys)'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand help; and not __fish_seen_subcommand_from show completions man comp1511 play stats replay generate solve bench check help" -f -a "stats" -d 'Statistics of the games kept in the history: for each rule set and board, games played and won, streaks, winning times, 3BV/s and efficiency, and the last games'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand help; and not __fish_seen_subcommand_from show completions man comp1511 play stats replay generate solve bench check help" -f -a "replay" -d 'Watch a recorded game again, full screen, at the pace it was played: space pauses, the arrows step back and forward, + and - change the speed'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand help; and not __fish_seen_subcommand_from show completions man comp1511 play stats replay generate solve bench check help" -f -a "generate" -d 'Write a random board file to stdout, to play or to keep'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand help; and not __fish_seen_subcommand_from show completions man comp1511 play stats replay generate solve bench check help" -f -a "solve" -d 'Let the solver play a board file alone, and say how it went: hints used, guesses made, won or lost'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand help; and not __fish_seen_subcommand_from show completions man comp1511 play stats replay generate solve bench check help" -f -a "bench" -d 'Let the solver play many random games alone and report its win rate, with a 95 % interval, where it lost, and its speed'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand help; and not __fish_seen_subcommand_from show completions man comp1511 play stats replay generate solve bench check help" -f -a "check" -d 'Play many games against a proj3 program and report, for each kind of failure, the smallest game that shows it'
complete -c minesweeper -n "__fish_minesweeper_using_subcommand help; and not __fish_seen_subcommand_from show completions man comp1511 play stats replay generate solve bench check help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
