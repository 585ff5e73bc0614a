//! Up to eight square indexes, without allocating: the solver asks for a
//! square's neighbours millions of times in a benchmark run.

/// A short list of row-major square indexes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Neighbours {
    items: [usize; 8],
    len: usize,
}

impl Neighbours {
    pub(super) fn empty() -> Self {
        Self {
            items: [0; 8],
            len: 0,
        }
    }

    /// The neighbours of square `i` on a `rows` x `cols` board, in reading order.
    pub(super) fn of(i: usize, rows: usize, cols: usize) -> Self {
        let (row, col) = (i / cols, i % cols);
        if row > 0 && row + 1 < rows && col > 0 && col + 1 < cols {
            // Away from the edges, the common case: eight, without checks.
            let (above, below) = (i - cols, i + cols);
            return Self {
                items: [
                    above - 1,
                    above,
                    above + 1,
                    i - 1,
                    i + 1,
                    below - 1,
                    below,
                    below + 1,
                ],
                len: 8,
            };
        }
        // On an edge (every square of a board one square wide): half-open
        // ranges and one comparison a square, which a row of 40,000 squares
        // asks for millions of times.
        let (first_row, last_row) = (row.saturating_sub(1), (row + 1).min(rows - 1));
        let (first_col, last_col) = (col.saturating_sub(1), (col + 1).min(cols - 1));
        let mut list = Self::empty();
        for r in first_row..last_row + 1 {
            let start = r * cols;
            for j in start + first_col..start + last_col + 1 {
                if j != i {
                    list.push(j);
                }
            }
        }
        list
    }

    pub(super) fn push(&mut self, i: usize) {
        self.items[self.len] = i;
        self.len += 1;
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn as_slice(&self) -> &[usize] {
        &self.items[..self.len]
    }

    pub(super) fn contains(&self, i: usize) -> bool {
        self.as_slice().contains(&i)
    }
}

impl IntoIterator for Neighbours {
    type Item = usize;
    type IntoIter = std::iter::Take<std::array::IntoIter<usize, 8>>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(self.len)
    }
}

/// How many neighbours square `i` has on a `rows` x `cols` board: 8 inside,
/// 5 on an edge, 3 in a corner (fewer on a board one square wide).
pub(super) fn neighbour_count(i: usize, rows: usize, cols: usize) -> usize {
    neighbour_count_at(i / cols, i % cols, rows, cols)
}

/// [`neighbour_count`] of the square at `row`, `col`, for a caller walking
/// the board in order, which knows both without dividing.
pub(super) fn neighbour_count_at(row: usize, col: usize, rows: usize, cols: usize) -> usize {
    let span = |at: usize, len: usize| 1 + usize::from(at > 0) + usize::from(at + 1 < len);
    span(row, rows) * span(col, cols) - 1
}

/// The squares up to two rows and columns away from square `i` (not `i`
/// itself), in reading order: those that can share a neighbour with it.
pub(super) fn within_two(i: usize, rows: usize, cols: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (i / cols, i % cols);
    (row.saturating_sub(2)..=(row + 2).min(rows - 1))
        .flat_map(move |r| {
            (col.saturating_sub(2)..=(col + 2).min(cols - 1)).map(move |c| r * cols + c)
        })
        .filter(move |&j| j != i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_edges_and_middles() {
        assert_eq!(Neighbours::of(0, 3, 3).as_slice(), &[1, 3, 4]);
        assert_eq!(
            Neighbours::of(4, 3, 3).as_slice(),
            &[0, 1, 2, 3, 5, 6, 7, 8]
        );
        assert_eq!(Neighbours::of(7, 3, 3).as_slice(), &[3, 4, 5, 6, 8]);
        assert_eq!(Neighbours::of(0, 1, 1).len(), 0);
        assert_eq!(Neighbours::of(1, 1, 3).as_slice(), &[0, 2]);
    }

    #[test]
    fn every_square_has_the_squares_around_it_in_reading_order() {
        for (rows, cols) in [
            (1, 1),
            (1, 7),
            (7, 1),
            (2, 2),
            (3, 3),
            (3, 7),
            (5, 4),
            (16, 30),
        ] {
            for i in 0..rows * cols {
                let (row, col) = ((i / cols) as isize, (i % cols) as isize);
                let around: Vec<usize> = (-1..=1)
                    .flat_map(|dr| (-1..=1).map(move |dc| (row + dr, col + dc)))
                    .filter(|&(r, c)| (r, c) != (row, col))
                    .filter(|&(r, c)| r >= 0 && c >= 0 && r < rows as isize && c < cols as isize)
                    .map(|(r, c)| r as usize * cols + c as usize)
                    .collect();
                assert_eq!(
                    Neighbours::of(i, rows, cols).as_slice(),
                    around,
                    "square {i} of {rows}x{cols}"
                );
            }
        }
    }

    #[test]
    fn neighbour_counts_agree_with_the_lists() {
        for (rows, cols) in [(1, 1), (1, 4), (4, 1), (2, 2), (3, 5), (6, 4)] {
            for i in 0..rows * cols {
                assert_eq!(
                    neighbour_count(i, rows, cols),
                    Neighbours::of(i, rows, cols).len(),
                    "square {i} of {rows}x{cols}"
                );
            }
        }
    }

    #[test]
    fn within_two_is_the_five_by_five_square_around() {
        let near: Vec<usize> = within_two(0, 4, 4).collect();
        assert_eq!(near, [1, 2, 4, 5, 6, 8, 9, 10]);
        assert_eq!(within_two(12, 5, 5).count(), 24);
    }
}
