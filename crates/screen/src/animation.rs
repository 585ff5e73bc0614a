//! `--animate` on the full screen: a reveal's steps, as the engine
//! reported them while it played the move, shown one at a time a delay
//! apart over the squares as they were before. Any key skips to the end.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use engine::{Glyph, Pos, RevealStatus, Step};

/// The most steps kept of one reveal: over an hour and a half at 60 ms a
/// step, in about 3 MB. A bigger reveal is not kept, and shows at once.
pub(crate) const MOST_STEPS: usize = 100_000;

/// The steps of a reveal as the engine reports them, kept while there are
/// no more than [`MOST_STEPS`].
#[derive(Debug, Default)]
pub(crate) struct Steps {
    steps: Vec<(Step, u8)>,
    too_many: bool,
}

impl Steps {
    /// Keeps `step` of a square whose clue is `clue`.
    pub(crate) fn note(&mut self, step: Step, clue: u8) {
        if self.too_many {
            return;
        }
        if self.steps.len() == MOST_STEPS {
            self.too_many = true;
            self.steps = Vec::new();
            return;
        }
        self.steps.push((step, clue));
    }

    /// The animation of what was kept, starting at `now`, `delay` a step;
    /// `None` if there is nothing to watch (one square opened) or too much.
    pub(crate) fn animation(self, delay: Duration, now: Instant) -> Option<Animation> {
        if self.too_many || self.steps.len() < 2 {
            return None;
        }
        // Every square the reveal touches shows covered until its turn.
        let glyphs = self
            .steps
            .iter()
            .map(|&(step, _)| (step.at, Glyph::Hidden))
            .collect();
        let mut animation = Animation {
            steps: self.steps,
            shown: 0,
            glyphs,
            delay,
            started: now,
        };
        animation.advance(now);
        Some(animation)
    }
}

/// A reveal being played back.
#[derive(Debug)]
pub(crate) struct Animation {
    steps: Vec<(Step, u8)>,
    /// Steps shown so far.
    shown: usize,
    /// What each square the reveal touches shows after the steps shown.
    glyphs: HashMap<Pos, Glyph>,
    delay: Duration,
    started: Instant,
}

impl Animation {
    /// Shows the steps due by `now`: the first at once, then one a delay.
    /// Whether any was.
    pub(crate) fn advance(&mut self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.started);
        let due = match self.delay.as_nanos() {
            0 => self.steps.len(),
            delay => (elapsed.as_nanos() / delay + 1).min(self.steps.len() as u128) as usize,
        };
        let before = self.shown;
        for &(step, clue) in &self.steps[before.min(due)..due] {
            let glyph = match step.status {
                RevealStatus::Seen => Glyph::Seen,
                RevealStatus::Exploring(direction) => Glyph::Exploring(direction),
                RevealStatus::Revealed => Glyph::Open(clue),
            };
            self.glyphs.insert(step.at, glyph);
        }
        self.shown = self.shown.max(due);
        self.shown > before
    }

    /// Whether every step has been shown.
    pub(crate) fn is_over(&self) -> bool {
        self.shown == self.steps.len()
    }

    /// When the next step is due.
    pub(crate) fn next_due(&self) -> Instant {
        self.started + self.delay.saturating_mul(self.shown as u32)
    }

    /// What `pos` shows at the step shown, if the reveal touches it.
    pub(crate) fn glyph(&self, pos: Pos) -> Option<Glyph> {
        self.glyphs.get(&pos).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Direction;

    fn step(row: usize, col: usize, status: RevealStatus) -> Step {
        Step {
            at: Pos::new(row, col),
            status,
        }
    }

    #[test]
    fn one_step_a_delay_from_the_squares_as_they_were() {
        let start = Instant::now();
        let delay = Duration::from_millis(60);
        let mut steps = Steps::default();
        steps.note(step(0, 0, RevealStatus::Seen), 0);
        steps.note(step(0, 0, RevealStatus::Exploring(Direction::Right)), 0);
        steps.note(step(0, 1, RevealStatus::Revealed), 1);
        steps.note(step(0, 0, RevealStatus::Revealed), 0);
        let mut animation = steps.animation(delay, start).unwrap();
        assert_eq!(animation.glyph(Pos::new(0, 0)), Some(Glyph::Seen));
        assert_eq!(animation.glyph(Pos::new(0, 1)), Some(Glyph::Hidden));
        assert_eq!(animation.glyph(Pos::new(1, 1)), None, "untouched");
        assert!(!animation.advance(start + Duration::from_millis(59)));
        assert_eq!(animation.next_due(), start + delay);
        assert!(animation.advance(start + Duration::from_millis(130)));
        assert_eq!(animation.glyph(Pos::new(0, 1)), Some(Glyph::Open(1)));
        assert!(!animation.is_over());
        animation.advance(start + Duration::from_secs(1));
        assert!(animation.is_over());
        assert_eq!(animation.glyph(Pos::new(0, 0)), Some(Glyph::Open(0)));
    }

    #[test]
    fn one_square_or_too_many_steps_are_not_animated() {
        let now = Instant::now();
        let mut one = Steps::default();
        one.note(step(0, 0, RevealStatus::Revealed), 2);
        assert!(one.animation(Duration::from_millis(60), now).is_none());
        let mut many = Steps::default();
        for _ in 0..=MOST_STEPS {
            many.note(step(0, 0, RevealStatus::Seen), 0);
        }
        assert!(many.steps.is_empty(), "the steps are let go");
        assert!(many.animation(Duration::from_millis(60), now).is_none());
    }
}
