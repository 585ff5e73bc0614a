//! A set of square indexes as a bit each: which squares are held by a
//! component set aside (a byte a square would be 100 MB of a 10000x10000
//! game), or on a list that keeps its marks apart.

/// A bit for each index below the length it was made with; none at all
/// when made empty, and then every index is absent.
#[derive(Clone, Debug, Default)]
pub(super) struct Bits(Vec<u64>);

impl Bits {
    /// Every index below `len` absent.
    pub(super) fn new(len: usize) -> Self {
        Self(vec![0; len.div_ceil(64)])
    }

    /// Whether it was made with room for any index.
    pub(super) fn has_room(&self) -> bool {
        !self.0.is_empty()
    }

    #[inline]
    pub(super) fn contains(&self, i: usize) -> bool {
        self.0
            .get(i / 64)
            .is_some_and(|word| word & (1 << (i % 64)) != 0)
    }

    /// Adds or removes `i`; an index beyond the room is never present.
    #[inline]
    pub(super) fn set(&mut self, i: usize, on: bool) {
        if let Some(word) = self.0.get_mut(i / 64) {
            let bit = 1 << (i % 64);
            if on {
                *word |= bit;
            } else {
                *word &= !bit;
            }
        }
    }

    /// Whether any of the 64 indexes that share `i`'s word is present.
    pub(super) fn any_beside(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|&word| word != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_come_and_go_within_the_room() {
        let mut bits = Bits::new(130);
        assert!(bits.has_room() && !bits.contains(129));
        bits.set(129, true);
        bits.set(3, true);
        assert!(bits.contains(129) && bits.contains(3) && !bits.contains(4));
        assert!(bits.any_beside(128) && bits.any_beside(0) && !bits.any_beside(127));
        bits.set(3, false);
        assert!(!bits.contains(3) && !bits.any_beside(0));
        // Beyond the room nothing is ever present.
        bits.set(1_000, true);
        assert!(!bits.contains(1_000));
        let none = Bits::default();
        assert!(!none.has_room() && !none.contains(0));
    }
}
