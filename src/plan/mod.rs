//! What a command's parsed arguments ask for, decided in one place: a
//! function a command turns clap's arguments (and, for `play`, the menu's
//! last choices) into the plan the command carries out, and refuses a
//! combination that means nothing with a usage error before anything is
//! read, written or played. The dispatcher (`commands::run`) makes the
//! plan and hands the command that alone. What one option means alone (a
//! number's range, a square's form) is clap's, in its value parsers; what
//! takes two options, an option and a setting, or the memory the process
//! has, is here. What comes from outside (a fresh seed, the folder the
//! check runs in, the room left, the settings) is handed in, so each plan
//! is tested without running the program.

mod bench;
mod boards;
mod check;
mod game;
mod generate;
mod screen;

pub(crate) use bench::{BenchPlan, bench};
pub(crate) use boards::{Boards, Dealing};
pub(crate) use check::{CheckPlan, Then, check};
pub(crate) use game::{PlayPlan, PromptPlan, play, prompt};
pub(crate) use generate::{GeneratePlan, generate};
pub(crate) use screen::{ScreenPlan, hint_penalty, looks};
