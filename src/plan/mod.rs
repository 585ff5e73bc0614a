//! What a command's parsed arguments ask for, checked in one place: a
//! function a command turns clap's arguments into the plan the command
//! carries out, and refuses a combination that means nothing with a usage
//! error before anything is read, written or played. What one option
//! means alone (a number's range, a square's form) is clap's, in its value
//! parsers; what takes two options, or the memory the process has, is
//! here. What comes from outside (a fresh seed, the folder the check runs
//! in, the room left) is handed in, so each plan is tested without
//! running the program.

mod bench;
mod boards;
mod check;
mod generate;
mod screen;

pub(crate) use bench::bench;
pub(crate) use boards::{Boards, Dealing, play, prompt};
pub(crate) use check::{CheckPlan, Then, check};
pub(crate) use generate::{GeneratePlan, generate};
pub(crate) use screen::{ScreenPlan, looks, screen};
