//! Rectangular storage addressed by [`Pos`], and the neighbours of a square.

/// A square of the board: zero-based row and column, row 0 at the top.
///
/// Players see one-based numbers; converting is the front end's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
}

impl Pos {
    /// The square at `row`, `col`.
    pub const fn new(row: usize, col: usize) -> Self {
        Self { row, col }
    }
}

/// A step from a square to one of its neighbours. Declared in reading
/// order (top-left first): the order neighbours are visited in is part of
/// the behaviour, since it fixes the sequence in which squares open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Row above, column to the left.
    UpLeft,
    /// Row above.
    Up,
    /// Row above, column to the right.
    UpRight,
    /// Column to the left.
    Left,
    /// Column to the right.
    Right,
    /// Row below, column to the left.
    DownLeft,
    /// Row below.
    Down,
    /// Row below, column to the right.
    DownRight,
}

impl Direction {
    /// The row and column change of one step.
    pub const fn offset(self) -> (isize, isize) {
        match self {
            Direction::UpLeft => (-1, -1),
            Direction::Up => (-1, 0),
            Direction::UpRight => (-1, 1),
            Direction::Left => (0, -1),
            Direction::Right => (0, 1),
            Direction::DownLeft => (1, -1),
            Direction::Down => (1, 0),
            Direction::DownRight => (1, 1),
        }
    }
}

/// Which neighbours connect the squares of an island.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Neighbourhood {
    /// Up, left, down, right: the order COMS 227's clearRegion explores them in.
    Four,
    /// All eight, in reading order.
    Eight,
}

impl Neighbourhood {
    /// The neighbours' directions, in the order they are explored.
    pub const fn directions(self) -> &'static [Direction] {
        use Direction::*;
        match self {
            Neighbourhood::Four => &[Up, Left, Down, Right],
            Neighbourhood::Eight => &[UpLeft, Up, UpRight, Left, Right, DownLeft, Down, DownRight],
        }
    }
}

/// A dense row-major grid of `T`, one per square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A `rows` x `cols` grid with every square set to `value`.
    pub fn filled(rows: usize, cols: usize, value: T) -> Self {
        Self {
            rows,
            cols,
            cells: vec![value; rows * cols],
        }
    }
}

impl<T> Grid<T> {
    /// Builds a grid from its squares in row-major order.
    ///
    /// # Panics
    /// If `cells.len() != rows * cols`; callers build `cells` from the same
    /// dimensions, so a mismatch is a bug, not bad input.
    pub fn from_row_major(rows: usize, cols: usize, cells: Vec<T>) -> Self {
        assert_eq!(cells.len(), rows * cols, "grid size mismatch");
        Self { rows, cols, cells }
    }

    /// A grid of the same shape with `f` of each cell.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid::from_row_major(self.rows, self.cols, self.cells.iter().map(f).collect())
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether `pos` lies on the grid.
    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.rows && pos.col < self.cols
    }

    /// Every position, in row-major order.
    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<T> {
        let cols = self.cols;
        (0..self.rows * self.cols).map(move |i| Pos::new(i / cols, i % cols))
    }

    /// The squares in row-major order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.cells.iter()
    }

    /// The squares in row-major order, as one slice.
    pub fn as_slice(&self) -> &[T] {
        &self.cells
    }

    /// The neighbours of `pos` that lie on the grid, in reading order.
    pub fn neighbours(&self, pos: Pos) -> impl Iterator<Item = Pos> + use<T> {
        let (rows, cols) = (self.rows, self.cols);
        Neighbourhood::Eight
            .directions()
            .iter()
            .filter_map(move |d| step(pos, d.offset(), rows, cols))
    }

    /// The neighbour of `pos` at `offset`, if it lies on the grid.
    pub fn neighbour(&self, pos: Pos, offset: (isize, isize)) -> Option<Pos> {
        step(pos, offset, self.rows, self.cols)
    }

    /// The row-major index of `pos`: half the size of a `Pos`, for long
    /// lists of squares.
    pub fn index_of(&self, pos: Pos) -> usize {
        debug_assert!(self.contains(pos), "{pos:?} is off the grid");
        pos.row * self.cols + pos.col
    }

    /// The square at row-major `index`; the inverse of [`Grid::index_of`].
    pub fn pos_at(&self, index: usize) -> Pos {
        Pos::new(index / self.cols, index % self.cols)
    }
}

fn step(pos: Pos, (dr, dc): (isize, isize), rows: usize, cols: usize) -> Option<Pos> {
    let row = pos.row.checked_add_signed(dr)?;
    let col = pos.col.checked_add_signed(dc)?;
    (row < rows && col < cols).then_some(Pos::new(row, col))
}

impl<T> std::ops::Index<Pos> for Grid<T> {
    type Output = T;

    fn index(&self, pos: Pos) -> &T {
        &self.cells[self.index_of(pos)]
    }
}

impl<T> std::ops::IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        let index = self.index_of(pos);
        &mut self.cells[index]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_has_three_neighbours_in_reading_order() {
        let grid = Grid::filled(3, 3, ());
        let around: Vec<_> = grid.neighbours(Pos::new(0, 0)).collect();
        assert_eq!(around, [Pos::new(0, 1), Pos::new(1, 0), Pos::new(1, 1)]);
    }

    #[test]
    fn centre_has_eight_neighbours() {
        let grid = Grid::filled(3, 3, ());
        assert_eq!(grid.neighbours(Pos::new(1, 1)).count(), 8);
    }

    #[test]
    fn single_square_has_no_neighbours() {
        let grid = Grid::filled(1, 1, ());
        assert_eq!(grid.neighbours(Pos::new(0, 0)).count(), 0);
    }

    #[test]
    fn positions_are_row_major() {
        let grid = Grid::filled(2, 3, ());
        let all: Vec<_> = grid.positions().collect();
        assert_eq!(all[3], Pos::new(1, 0));
        assert_eq!(all.len(), 6);
    }

    #[test]
    fn index_is_row_major() {
        let mut grid = Grid::filled(2, 3, 0);
        grid[Pos::new(1, 2)] = 7;
        assert_eq!(grid.iter().position(|&v| v == 7), Some(5));
    }
}
