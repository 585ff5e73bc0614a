//! Lists of lists in one allocation: the frontier is rebuilt for every
//! clue a look ahead supposes, and a vector per group and per clue made
//! the allocator a third of the work.

/// Rows of indexes, stored end to end.
#[derive(Clone, Debug, Default)]
pub(super) struct Rows {
    /// Where each row starts in `items`, and one past the last row's end.
    starts: Vec<usize>,
    items: Vec<usize>,
}

impl Rows {
    pub(super) fn with_capacity(rows: usize, items: usize) -> Self {
        let mut starts = Vec::with_capacity(rows + 1);
        starts.push(0);
        Self {
            starts,
            items: Vec::with_capacity(items),
        }
    }

    /// Adds a row at the end.
    pub(super) fn push(&mut self, row: impl IntoIterator<Item = usize>) {
        self.items.extend(row);
        self.starts.push(self.items.len());
    }

    pub(super) fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    pub(super) fn row(&self, k: usize) -> &[usize] {
        &self.items[self.starts[k]..self.starts[k + 1]]
    }

    /// Each row in turn.
    pub(super) fn iter(&self) -> impl Iterator<Item = &[usize]> {
        (0..self.len()).map(|k| self.row(k))
    }

    /// For `n` rows, row `r` lists (in order) each `k` whose row here
    /// holds `r`: the same relation read the other way.
    pub(super) fn transposed(&self, n: usize) -> Self {
        let mut starts = vec![0; n + 1];
        for &r in &self.items {
            starts[r + 1] += 1;
        }
        for r in 0..n {
            starts[r + 1] += starts[r];
        }
        let mut fill = starts.clone();
        let mut items = vec![0; self.items.len()];
        for (k, row) in self.iter().enumerate() {
            for &r in row {
                items[fill[r]] = k;
                fill[r] += 1;
            }
        }
        Self { starts, items }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_back_and_transpose() {
        let mut rows = Rows::with_capacity(3, 5);
        rows.push([0, 2]);
        rows.push([]);
        rows.push([1, 2, 0]);
        assert_eq!(rows.len(), 3);
        assert_eq!(rows.row(0), &[0, 2]);
        assert_eq!(rows.row(1), &[] as &[usize]);
        assert_eq!(rows.row(2), &[1, 2, 0]);
        assert!(rows.iter().eq([&[0, 2][..], &[], &[1, 2, 0]]));
        let by_item = rows.transposed(4);
        assert_eq!(by_item.len(), 4);
        assert_eq!(by_item.row(0), &[0, 2]);
        assert_eq!(by_item.row(1), &[2]);
        assert_eq!(by_item.row(2), &[0, 2]);
        assert_eq!(by_item.row(3), &[] as &[usize]);
    }
}
