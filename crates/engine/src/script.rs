//! The words of the console game, one script per rule set: data, as the
//! rules are. The proj3 script is the course's text, byte for byte; the
//! classic script says the same things where the rules agree.

/// Everything the console game says that depends on the rule set.
#[derive(Debug, PartialEq, Eq)]
pub struct Script {
    /// The welcome before the first board.
    pub intro: &'static str,
    /// The action prompt.
    pub ask_action: &'static str,
    /// The action prompt when hints are on.
    pub ask_action_or_hint: &'static str,
    /// Said when the game is won.
    pub won: &'static str,
    /// Said when the game is lost.
    pub lost: &'static str,
    /// Messages for moves that changed nothing or took a mark away, with
    /// `{row}` and `{col}` standing for the square; `None` says nothing.
    pub reveal_flagged: Option<&'static str>,
    /// Opening a square that is open.
    pub reveal_open: Option<&'static str>,
    /// Flagging a square that is open.
    pub flag_open: Option<&'static str>,
    /// Taking a flag away.
    pub flag_removed: Option<&'static str>,
    /// After the game: the elapsed time and the board's 3BV.
    pub reports_time_and_3bv: bool,
    /// After the game: `Play again? (y/n)`.
    pub offers_another_game: bool,
    /// At the row prompt, a whole move on one line (`5 5 r`), `q` to quit
    /// and `?` for what can be typed. Not the course's proj3 text.
    pub shortcuts: Option<&'static str>,
}

impl Script {
    /// CMSC 201 Project 3.
    pub const PROJ3: Script = Script {
        intro: "
\tThis program allows you to play Minesweeper.
\tThe object of the game is to flag every mine,
\tusing clues about the number of neighboring
\tmines in each field.  To win the game, flag
\tall of the mines (and don't incorrectly flag
\tany non-mine fields).  Good luck!

",
        ask_action: "Enter 'r' to reveal the space, or\nenter 'f' to mark the space with a flag: ",
        ask_action_or_hint: "Enter 'r' to reveal the space,\n\
                             enter 'f' to mark the space with a flag, or\n\
                             enter 'h' for a hint: ",
        won: "You won! Congratulations, and good game!",
        lost: "You detonated a mine!  Game Over!",
        reveal_flagged: Some("Field {row}, {col} must be unflagged before it can be revealed"),
        reveal_open: Some("Field {row}, {col} is already revealed"),
        flag_open: Some("Field {row}, {col} is already revealed, so it cannot be flagged"),
        flag_removed: Some("Flag removed from {row}, {col}"),
        reports_time_and_3bv: false,
        offers_another_game: false,
        shortcuts: None,
    };

    /// The classic game: open every safe square.
    pub const CLASSIC: Script = Script {
        intro: "
\tThis program allows you to play Minesweeper.
\tThe object of the game is to open every field
\tthat has no mine, using clues about the number
\tof neighboring mines in each field.  Flags and
\tquestion marks help you remember; they do not
\tcount towards winning.  Good luck!

",
        ask_action: "Enter 'r' to reveal the space, or\n\
                     enter 'f' to mark it (flag, then question mark, then none): ",
        ask_action_or_hint: "Enter 'r' to reveal the space,\n\
                             enter 'f' to mark it (flag, then question mark, then none), or\n\
                             enter 'h' for a hint: ",
        won: "You won! Congratulations, and good game!",
        lost: "You detonated a mine!  Game Over!",
        reveal_flagged: Some("Field {row}, {col} must be unflagged before it can be revealed"),
        reveal_open: None,
        flag_open: Some("Field {row}, {col} is already revealed, so it cannot be marked"),
        flag_removed: None,
        reports_time_and_3bv: true,
        offers_another_game: true,
        shortcuts: Some(
            "\tAt the row prompt you may type:\n\
             \t  a row number, then answer the column and action prompts\n\
             \t  a whole move on one line: row, column and r or f, as in 5 5 r\n\
             \t  q to quit (the seed of a random board is printed)\n\
             \t  ? for this list\n",
        ),
    };
}
