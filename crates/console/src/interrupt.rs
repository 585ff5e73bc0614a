//! The seed of the random board in play, said on stderr when a signal
//! ends the program, so the board can be played again; the signal itself
//! is the `signals` crate's.

use signals::SaidOnInterrupt;

use crate::words::seed_sentence;

/// The seed of the board being played, printed if a signal ends the
/// program; forgotten when dropped.
#[derive(Default)]
pub struct SeedOnInterrupt(SaidOnInterrupt);

impl SeedOnInterrupt {
    /// A seed to say, none yet.
    pub fn new() -> Self {
        SeedOnInterrupt(SaidOnInterrupt::new())
    }

    /// The game now played has this seed (`None`: a board file).
    pub fn keep(&self, seed: Option<u64>) {
        self.0.keep(seed.map(seed_sentence));
    }
}
