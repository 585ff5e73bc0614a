//! A solver that plays by deduction, as CIS 120's homework builds it, made
//! strong: what the player can see goes in, certain squares (each with the
//! reason it is certain) or the best guess (with why) come out.
//!
//! The layers, each tried only when the one before finds nothing:
//!
//! 1. **One clue** (`local`): a clue whose mines are all known clears its
//!    other neighbours; a clue with as many unknown neighbours as mines still
//!    to find makes them all mines. The homework's two rules.
//! 2. **Two clues** (`local`): what one clue forces on the squares it
//!    shares with another decides the other's remaining squares.
//! 3. **Every arrangement** (`arrangements`): the exact probability of a
//!    mine on every unknown square, counting all the arrangements of the
//!    remaining mines that fit the clues and the mine count. Probability 0 or
//!    1 is a deduction; otherwise `guess` picks where to guess: an
//!    unavoidable 50/50 at once (`fifty_fifty`), an exact search once
//!    few arrangements are left (`endgame`), a square that is a mine only
//!    where a 50/50 would form anyway, else the square most likely to be
//!    survived with the move after it (`look_ahead`, under `guess`),
//!    weighed with the 50/50s it may spare (`long_term`).
//!
//! The solver keeps its own knowledge: it never trusts a player's flags.
//!
//! ```
//! use engine::{Action, Game, Move, Pos, Rules, parse_board};
//! use minesweeper_solver::{Hint, Reason, Verdict, hint};
//!
//! let board = parse_board(b"+++++++\n+  *  +\n+++++++\n").unwrap();
//! let mut game = Game::new(board, Rules::CLASSIC);
//! game.apply(Move { action: Action::Reveal, at: Pos::new(0, 0) });
//! // Open: a blank, then a 1 whose one covered neighbour must be its mine.
//! let Some(Hint::Certain(found)) = hint(&game) else {
//!     panic!("the 1 decides its neighbour");
//! };
//! assert_eq!((found.at, found.verdict), (Pos::new(0, 2), Verdict::Mine));
//! assert!(matches!(found.reason, Reason::Crowded { value: 1, .. }));
//! ```
//!
//! # Map
//!
//! Owns: what a player can infer from what is open, the exact chance of a
//! mine on every square, where to guess, hints, the solver playing alone,
//! boards that need no guess (and the engine's `BoardMaker` for them). May
//! use: `engine`, `rustc-hash`, `thiserror`. Must never use: I/O, threads,
//! or anything above it. Nothing of it is in words: the console says it.
//!
//! | file | concept | main items |
//! |---|---|---|
//! | `src/lib.rs` | the solver's knowledge and its layers | `Solver` (`new`, `seeing(game)`, `open`, `deduce`, `with_depth`), `Known`, `Deduction`, `Verdict`, `Reason`, `Progress` |
//! | `src/knowledge.rs` | what is known of each square | `Knowledge`: a square's `Known` in half a byte, the marks of three lists (`List`: layer 1's, layer 2's changed squares, the frontier) in the other half, and in a second byte how many of its neighbours are unknown and how many are deduced mines, counted as squares change (`set`), so a list or layer 1 asks a square, not its three rows |
//! | `src/local.rs` | layers 1 and 2 | `single_clues` (the homework's two rules, on a queue of changed clues), `pairs` (subset and overlap of two clues), `safe_found_near` (the look ahead for guesses) |
//! | `src/arrangements/mod.rs` | layer 3 | `analyse`: frontier groups and components, combining their counts with the mine count; `analyse_supposing` (the same with squares supposed open with a clue, mines or clear); `Probabilities` (per square, exact or not, certainties, the number of arrangements as a logarithm) |
//! | `src/arrangements/enumerate.rs` | one component's solutions | `Component::enumerate`: backtracking over its groups within `NODE_BUDGET`, counts by mines used |
//! | `src/arrangements/kept.rs` | the position a look ahead supposes on | `Kept`: the frontier as it is with its components counted; `analyse_patched`: a supposed position's analysis, rebuilding only the components the supposition touches |
//! | `src/arrangements/by_total.rs` | weights by number of mines | `ByTotal`: a component's or a product's weights kept from the fewest mines to the most, so a component with one total (a 50/50 pocket) shifts a product instead of widening it; counts (`f64`) and possible totals (`bool`) share the product; `product_work` bounds a combination |
//! | `src/arrangements/set_aside.rs` | components nothing near them changes | `SetAside`, `SET_ASIDE_FROM` (64), `GUESS_POOL` (12) |
//! | `src/arrangements/remembered.rs` | counts kept between analyses | `Remembered::count`: a component described exactly as last time keeps its count; only the last analysis's components are kept; `peek` reads them for a supposed position without replacing them |
//! | `src/candidates.rs` | which squares a guess weighs | `Solver::guess_candidates`: the unknown squares near what is known, and the first untouched square of each neighbour count standing for the rest (forward-only cursors) |
//! | `src/guess/mod.rs` | where to guess, in order | `Solver::guess`: an unavoidable 50/50, else the endgame search, else the look ahead, else `ranked_guess` (safest, then most likely to lead somewhere); `Guess` with `Why` (the reason as data) |
//! | `src/guess/look_ahead.rs` | one move past a guess | `Solver::outlook`: each clue a candidate could show supposed in turn (`analyse_supposing`), its chance from the arrangement counts, the safest square after it; `Outlook` (survival, certain progress, the chance of an opening, dead, a square safe whenever it is) |
//! | `src/guess/two_ahead.rs` | two moves past the best candidates | `Solver::two_ahead`: in each position a candidate's clue would leave, the safest next moves looked past with that clue given; `TwoAhead` (worth, survival) |
//! | `src/fifty_fifty.rs` | guesses no clue can ever spare | `Solver::unavoidable_fifty_fifty`: two squares of one group holding one mine in every arrangement (`Probabilities::one_of_two`), with every square next to just one of them open or a mine |
//! | `src/long_term.rs` | 50/50s that may form | `Solver::risks`: pairs and 2x2 boxes whose outer squares are mines or could be, each one's chance of forming counted exactly (`analyse_supposing`); `Risks::credit` (what a guess spares), `Risks::pseudos` (squares that hold a mine only where one forms) |
//! | `src/endgame/mod.rs` | the end, or a whole small game, searched exactly | `Solver::endgame`: which sets and budget (at most 512 arrangements as bit sets, 20,000 positions; on a board of at most 64 squares, up to 4,096 as lists, 500 million looks); `Endgame` (square, chance of winning) |
//! | `src/endgame/listing.rs` | the arrangements that fit | `Arrangements::list(solver, most)` (over at most 64 unknown squares, each clue checked only as the squares beside it are decided), `shows(a, k)` (a square's clue or `MINE`) |
//! | `src/endgame/sets.rs` | two ways to hold a set of arrangements | `Family` (split by a clue, safe count, mines in some and all, cost); `Bits` (512-bit sets, a split in word operations), `Listed` (the arrangements in order, a position costs what it holds) |
//! | `src/endgame/search.rs` | the game tree | `Search`: games won from a set of arrangements, free squares first, safest squares first; asked only whether a position beats what its caller needs, so answers are exact or bounds (`Value`), both cached |
//! | `src/hint.rs` | a hint for a player | `hint(game) -> Hint`: certain and news to the player, the first move, or a guess; `Adviser` (`opened`, `hint`): the same through a game, with a solver that follows it |
//! | `src/autoplay.rs` | the solver playing alone | `autoplay(game, first, WhenStuck, observe) -> Autoplay` (finish, hints, guesses, work), `autoplay_within` (stops past a work limit: `OutOfWork`), `Event` |
//! | `src/no_guess.rs` | boards that need no guess | `no_guess_board`, `no_guess_board_within`, `clears_without_guessing`, `max_tries`, `MAX_WORK`, `NoGuessError`; `NoGuess`, the engine's `BoardMaker` of such boards |
//! | `src/pair_queue.rs` | layer 2's line of pairs | `PairQueue`: the pairs of clues with a changed square, by clue in reading order, each taken once |
//! | `src/bits.rs` | a set of squares, a bit each | `Bits`: which squares a `SetAside` holds (and, a bit for 64 squares, where any are) |
//! | `src/watchlist.rs` | lists of squares to look at again | `Watchlist`: each square once, in order; drops what is no longer worth a look before growing; which squares are on it kept where the caller says (`Marks`): in the squares' cells of `Knowledge` for the solver's three lists of open squares, nowhere (`Unmarked`) for the deduced squares, which are listed again only when a component set aside beside them comes back |
//! | `src/neighbours.rs` | eight indexes without allocating | `Neighbours`, `within_two`, `neighbour_count` (and `neighbour_count_at` for a walk in order) |
//!
//! What `SetAside` (`src/arrangements/set_aside.rs`) keeps out of the
//! frontier: once an analysis finds 64 components with one mine total in
//! every solution, those riskier than a guess would weigh, and of the
//! others all but a pool of the 12 safest, each kept as its mines,
//! squares, ways and fixed chances, watching the squares beside it. One
//! comes back when one of its squares or watched squares is opened or
//! learnt, or when the pool has room; a pool of them when they hide a
//! safer square than any a guess weighs; all of them once 64 squares or
//! fewer are unknown.
//!
//! # Decisions
//!
//! - **The solver learns opened squares from the fill.** `Game::apply_noting`
//!   tells a callback each square the scanline fill opens, with its clue, so
//!   `autoplay` needs neither clearRegion's stack (8 bytes a square) nor a list
//!   of the squares an island opened (16 bytes each).
//!
//! # How the solver works
//!
//! - **Its own knowledge, never the player's flags.** `Solver` holds one
//!   `Known` a square (unknown, deduced mine, deduced safe, open with its
//!   clue), with the counts of unknown neighbours and deduced mines around
//!   it (`Knowledge`, two bytes a square). It is built from what a player sees (`Solver::seeing`) or fed
//!   squares as they open (`autoplay`), so hints stay right when a flag is
//!   wrong, and the same code plays, hints, generates and benchmarks.
//! - **Layers, cheapest first, each usable alone.** `deduce` runs layer 1
//!   until it finds nothing, then layer 2, then layer 3; `with_depth` stops at
//!   a layer (the soundness test runs each depth). Layer 1 works from a queue
//!   of open squares whose neighbourhood changed, so a deduction costs the
//!   squares around it, not a scan (and a clue that decides nothing, most of
//!   them, costs its own counts in `Knowledge`, not a look around); layer 2 works from the pairs of the
//!   clues that changed, and layer 3 and the guesses read a list of the open
//!   squares that still have unknown neighbours (pruned before it is read),
//!   so their cost follows the frontier, not the board (on a 1000x1000 board,
//!   0.48 s for a whole `solve` against 4.95 s with scans). Layer 2 stops at the first pair that
//!   decides something, so layer 1 gets the first look at the news: every
//!   deduction is explained by the simplest rule that finds it (the
//!   `solve --steps` transcripts read that way).
//! - **Every deduction carries its reason as data** (`Reason`: the clue, its
//!   value, the mines or the other clue, the counts); the console's `explain.rs` turns
//!   it into one sentence. The engine allocates no text.
//! - **Layer 3 is exact, and bounded.** Frontier squares that touch the same
//!   clues form a group (only its mine count matters: C(n, k) ways); groups
//!   linked by clues form components; each component is counted by
//!   backtracking over its groups in breadth-first order, so constraints close
//!   early and prune; at each group the counts it may take are the range no
//!   clue forbids (none overfilled, none left short of room), found in one
//!   pass over its clues. Components combine through the mine count: the squares
//!   touching no clue share what is left, C(interior, rest) ways, weighed in
//!   logarithms and scaled so nothing overflows. Two budgets keep it fast on
//!   wide frontiers: a component whose search visits more than 200,000 nodes
//!   is given up (its squares get the board's density and no certainties),
//!   and when more than 20 million operations would be needed to combine the
//!   totals exactly (a huge board with many components, counted as components
//!   times the square of the spread between the fewest mines the frontier can
//!   hold and the most: `ByTotal` keeps each product over that spread only, so
//!   hundreds of 50/50 pockets cost a multiplication each) each component is
//!   weighed on its own against the density, and the mine count is not used
//!   for certainty. `Probabilities::is_exact` says which happened.
//! - **What a big board leaves behind is set aside.** Played with hints, a
//!   big board piles up components with a fixed mine total that nothing near
//!   them changes (50/50 pockets left on a row, pockets between flags on a
//!   square board). Their chances are their own and they only take their
//!   mines and ways from the count, so once 64 of them are riskier than any
//!   guess would weigh, `SetAside` keeps them out of the analyses and the
//!   guesses' lists, watching the squares beside them, and of those a guess
//!   could weigh it leaves a pool of 12 (at the end of a row all the pockets
//!   left are as risky as each other): a stuck point then costs what has
//!   changed near play, not every pocket the game has left.
//!   Below 64 (every expert game) nothing is set aside, so the usual boards
//!   are played exactly as before; on big boards the guesses do not weigh
//!   the squares beside pockets set aside unless those hide the safest one.
//! - **Certainty never comes from a float.** Which totals each component can
//!   use together with the others and the mine count is worked out with
//!   booleans; a square is certain when, for every possible total, every
//!   solution agrees on its group (fewest and most mines recorded per group
//!   and total). Rounding can make a probability slightly off, never a
//!   deduction wrong.
//! - **Guessing is six layers, tried in this order, each bounded.** When
//!   nothing is certain, `Solver::guess` asks:
//!
//!   0. *An unavoidable 50/50* (`fifty_fifty.rs`): two squares touching the
//!      same clues, one mine between them in every arrangement, and every
//!      square next to just one of them already open or a mine, so no clue
//!      will ever tell them apart and the mine count cannot either. It is
//!      guessed at once: it must be some time, nothing else depends on how it
//!      falls, and a loss then wastes the least of the player's work. The
//!      check reads the analysis's groups and the pair's neighbours: no
//!      search.
//!   1. *The endgame search* (`endgame/`), when the analysis says at most
//!      512 arrangements are left (its count, kept as a logarithm so nothing
//!      overflows) and at most 64 squares are unknown (512 won 0.05 points
//!      more expert games than 128, for 15 % of the speed); on a board of at
//!      most 64 squares, from the first guess on, with up to 4,096
//!      arrangements. Every arrangement is listed (at most 400 steps for
//!      each it may find, each checking only the clues beside the square it
//!      decides); a position is the set of arrangements still possible.
//!      Two ways to hold a set, behind one trait so that the search is
//!      written once: up to 512 as a 512-bit set, each square's arrangements
//!      kept as one such set for a mine there and one per clue it would
//!      show, so opening it splits a position in a few word operations
//!      (the end of a big game, where the sets stay large); beyond, a list
//!      of the arrangements, split by a table of what each square shows in
//!      each, so a position costs what it holds (a whole small game, where
//!      most positions hold a few). Squares safe in all of them are opened
//!      for free, splitting the set by their clues; otherwise each uncertain
//!      square is tried, safest first, and the games it wins are the sum
//!      over the clues it could show of the games won from there (counts,
//!      not chances, so ties are exact). A position is asked only whether
//!      it wins more than its caller needs: one that holds no more
//!      arrangements than that answers at once, and a move's clues are
//!      added biggest first and left as soon as they cannot beat the best
//!      move found. So an answer is exact or a bound, and the cache keeps
//!      which. Past its budget (20,000 positions for the bit sets, 500
//!      million arrangement looks for the lists, about 2 s and 80 MB at
//!      most) the search gives up and the look ahead guesses. On a bigger
//!      board, the lists' search of the first positions over 512 ran out of
//!      its budget nearly every time and cut expert from 800 games a second
//!      to under 40, so there only the end is searched. The move is the one
//!      that wins the most games; `tests/solver/optimal.rs` checks the solver's
//!      wins on every arrangement of boards up to 5x5 against a search
//!      written apart (and that search against the published 961 of 1,820
//!      for 4x4 with 4 mines).
//!   2. *The 50/50s that may form* (`long_term.rs`), with an exact analysis.
//!      A pair of squares side by side whose outer squares (next to one but
//!      not the other) are all mines, or a 2x2 box whose four outer corners
//!      are, with a mine on one diagonal, can never be told apart: a 50/50
//!      in waiting, which loses half the arrangements where it forms. Near
//!      each known mine, the shapes missing at most one outer mine are
//!      counted: the analysis supposing the shape's mines, clear squares and
//!      missing outer mines, against the analysis now (a proptest checks the
//!      chance against every arrangement of small boards). A square that
//!      holds a mine only in arrangements where such a shape forms around it
//!      (a pseudo 50/50) costs nothing a later guess would not, and the best
//!      of them by the look ahead is guessed at once. Otherwise each
//!      candidate of the look ahead is credited with the likeliest shape of
//!      each kind around it (missing up to three outer mines), and with the
//!      shapes it would complete as a missing outer square: guessing it now
//!      spares that later 50/50. Its worth is multiplied by 1 + 0.3 x credit
//!      / its chance of being safe (0.2 to 0.5 won alike, 0.9 less; the idea
//!      is DavidNHill's, whose solver weighs it at 0.9 of a different count).
//!   3. *The look ahead* (`look_ahead.rs`), when the analysis is exact and
//!      the frontier has at most 2,000 squares (each supposition redoes the
//!      analysis, whose cost follows the frontier): the
//!      squares at least 0.8 as likely to be safe as the safest (at most 40,
//!      safest first) are each opened in supposition with every clue they
//!      could show, likeliest first (`analyse_supposing`). The number of arrangements behind a clue against the number
//!      now is the chance of that clue; the safest square of the supposed
//!      position is the next move's safety. A candidate is worth the chance
//!      of surviving it and the next move, times 1 + 0.01 x the chance that
//!      something is certain after it, times its credit from layer 2, and,
//!      while at least 0.97 of the board is unknown (before the first opening
//!      with a safe first move), times 1 + 0.1 x the chance that it shows 0
//!      and opens an area: a look one or two moves deep sees an opening as
//!      one safe move more, when it starts many (without the bonus, a corner
//!      showing 1 had it guess 1,3 beside it rather than a far corner, as
//!      DavidNHill's solver does and wins more). Dead squares (one possible clue) are
//!      taken only if all are; a square certainly safe in every supposed
//!      position is safe whenever the candidate is, and is opened instead.
//!      Candidates that cannot reach the best worth even if all went well
//!      are cut short (sooner for the clues being supposed likeliest first).
//!      The frontier as it is, its components and their counts are kept
//!      once per guess (`Solver::keep_frontier`, `arrangements/kept.rs`); a
//!      supposition rebuilds and counts only the components it touches
//!      (those holding a supposed square or a supposed clue's unknown
//!      neighbours) and takes the others as kept, in the order a whole
//!      rebuild would put them, so the result is the same to the bit (a
//!      proptest compares them). The touched components' frontier is kept
//!      for the next supposition of the same squares, which only changes
//!      what the supposed clues still need (a look ahead supposes every clue
//!      of a square in turn). The groups and clues of a frontier are
//!      lists of lists in one allocation each (`arrangements/rows.rs`).
//!   4. *Two moves ahead* (`two_ahead.rs`), for the best two candidates of
//!      the look ahead when the second's worth is at least 0.97 of the
//!      best's: in each position a candidate's clue would leave (the
//!      supposed analyses the look ahead kept), the two safest next moves
//!      are looked past in turn, with the candidate's clue given
//!      (`analyse_supposing` takes several supposed squares), and the best of
//!      their worths is what that clue leads to; the candidate with the
//!      higher sum over its clues is taken. The one-move survival (with the
//!      bonuses a worth adds) bounds the two-move worth, so the second
//!      candidate stops as soon as it cannot win. Bounded to two and 0.97 because each next move costs
//!      what the candidate did: looking at every candidate within 0.8 ran
//!      465 expert games a second on one core, under the 500 wanted, and won
//!      no more games than 0.97.
//!   5. *One step* (`ranked_guess`), when a component was too big to count
//!      exactly, and for the hints that must name a safe square: among the
//!      squares within 0.01 of the lowest probability (at most 12), the one
//!      whose chance of being safe times the safe squares layers 1 and 2
//!      would then find near it (up to 3; their clues estimated from the
//!      neighbours' probabilities, as if independent) is highest; ties to the
//!      square most likely to open an area (corners first).
//!
//!   Each answer says why (`Why`: looked ahead with the next move's safety,
//!   looked two moves ahead with the chance of surviving both, safe whenever
//!   another is, only dead squares, an unavoidable 50/50, a pseudo 50/50,
//!   searched to the end with the chance of winning), and `explain.rs` says
//!   it in a sentence.
//!   BENCHMARKS.md has the win rates of each rule and bound tried.
//! - **A guess costs what the known part of the board costs.** Untouched
//!   squares (no known neighbour, no open square within two) with as many
//!   neighbours are alike in all the guess rule weighs, and ties go to the
//!   first in reading order, so `candidates.rs` puts forward only the first of
//!   each kind beside the squares near what is known; forward-only cursors
//!   find it, since a square never becomes untouched again. A hint allows no
//!   mine, so the first untouched square it may take can lie further on: the
//!   search keeps how far it went and the untouched squares it passed, and
//!   asks those again first (a proptest checks it against a scan whatever
//!   the caller allows). Weighing every square took 1.3 GB for one hint on
//!   5000x5000 and made one-row games quadratic; starting the search again
//!   from the cursor looked at 146 million squares on a row of 40,000. The look-ahead writes a clue into the solver and takes it
//!   back instead of cloning it.
//! - **Layer 3 counts only what changed.** Between two analyses the solver
//!   learns a few squares; a component with the same squares in the same
//!   groups and the same clues needing the same mines has the same count, so
//!   `Remembered` keeps the last analysis's counts by that description. On
//!   dense boards, where large components run out of budget, this was most of
//!   the time: `solve` on 100x100 with half the squares mines went from 20 s
//!   to 3.3 s, and on 140x140 from 18.6 s to 11.2 s, with the same moves.
//!   The memory is the frontier's: only the last analysis's components are
//!   kept.
//! - **Layer 2 pairs again only what changed, each pair once.** A pair of
//!   clues decides the same while neither clue's neighbourhood changes, so
//!   only pairs with a changed clue are compared again, in the same reading
//!   order: the deductions and their order are those of pairing everything (a
//!   proptest checks it, round after round). The pairs wait in a heap by
//!   clue (`PairQueue`, fed where layer 1's queue is), so a round that stops
//!   at a finding leaves the rest in line for the next instead of starting
//!   again from the top of the board: on a 5000x5000 board layer 2 looked at
//!   4.4 million clues and now looks at each pair once per change, and the
//!   solver's work went from 163 to 59 million.
//! - **The solver's lists follow the frontier, not the board.** The open
//!   squares waiting for layer 1, the frontier's clues and the deduced squares
//!   a guess weighs are `Watchlist`s: before one would grow, it drops the
//!   squares with no unknown neighbour left (they never get one back), and it
//!   grows only when half of it is still worth a look. Opening a large area
//!   used to leave every square it opened on two lists: 33 MB each on a
//!   sparse 2000x2000 board. The frontier is also pruned before an analysis
//!   or a guess reads it: read as it stood, the squares of the largest area
//!   ever opened made every stuck point cost that area (half of `solve` on
//!   5000x5000). Which squares are on a list is a bit a square (a byte made
//!   the three lists 300 MB of a 10000x10000 game).
//! - **Hints are certain first.** `hint(game)` returns the first deduction
//!   that is news to the player (a safe square, or a mine not flagged), in the
//!   order the layers find them; only when nothing is certain, the guess with
//!   its probability. Before the first opening of a random board with a safe
//!   first move, any square is safe: the hint names the best one to start.
//! - **Hints follow the game.** The prompt game keeps an `Adviser`: from the
//!   first hint on, a solver that the game tells each square it opens
//!   (`apply_noting`, or the steps of an animated reveal), with the
//!   deductions it made that the player has not acted on. A hint costs what
//!   changed since the last one, not a solver built from the whole board
//!   (ten hints on 10000x10000: 4.1 s before, 1.3 s with the first one's
//!   load). The squares opened since the last hint are put in reading order
//!   before layer 1 looks, so a hint does not depend on the order a reveal
//!   reported them in; a proptest checks the hints against a fresh look.
//! - **`solve` is the homework's `solve()`.** Deduce until stuck, then a hint
//!   (a square the board knows is safe: the solver's own choice among the safe
//!   squares) or, with `--when-stuck guess`, the guess; count both. It plays
//!   by proj3 rules, so it ends by flagging the last mines.
//! - **`bench` game `i` is seed `seed + i`.** Threads take chunks of 64 games
//!   from an atomic counter; each counts its own wins and losses and they are
//!   added up when it ends, so the result does not depend on the thread
//!   count, and any game can be replayed with `--rules classic --seed`.
//!   It is also the board `generate --seed seed+i` prints with bench's first
//!   move and square, so `bench --each` and `generate --count` let another
//!   solver play the very same games and be compared game by game
//!   (`scripts/peer.sh`); the results of every game are kept only when
//!   `--each` asks (16 bytes a game, checked against the memory first).
//!   Where a game was lost is read off the autoplay's events (whether a
//!   square showing 0 has opened, and the reason of the last guess), so the
//!   engine needs nothing new for it; the phase before any area opens is
//!   told apart because its guesses are nearly blind (they lose about what
//!   guessing corners blindly would, BENCHMARKS.md). The interval is
//!   Wilson's score interval, which stays inside 0..1 and behaves near 0 %
//!   and 100 %. The progress bar (`indicatif`) draws
//!   on stderr only when it is a terminal.
//! - **The solver's commands plan their memory from the limits the process
//!   has** (`memory.rs`). `game_bytes` is a measured ceiling of one game's
//!   heap (48 bytes a square and 256 KiB, above the 40 and 44 KB seen),
//!   checked by `tests/memory.rs` with a counting allocator. Three limits
//!   can stop the process, in two ways. A control group's limit (of its
//!   group or any above it, version 1 or 2) and the machine running out
//!   (`MemAvailable`) kill it without a word (status 137 under a 150 MB
//!   group before): so `solve`, `--hints`, `generate --no-guess` and `bench`
//!   check a game against them before the big buffers (`Room::check`).
//!   An address-space limit (`ulimit -v`) refuses the block instead, and
//!   std's answer to a refused block is an abort (status 134, "memory
//!   allocation of N bytes failed"), which stable Rust offers no hook to
//!   change: so the allocator itself writes the message (from a buffer on
//!   the stack) and exits with status 1, with advice that fits the command
//!   (`allocator::Advice`, set once in `commands::run`: a smaller board, or
//!   fewer `--threads`, or for `stats` a higher limit or fewer games). A
//!   single game under that limit is
//!   played rather than refused on a ceiling that errs high (solve on
//!   3000x3000 with 15 % mines needs 127 MB of address space, planned at
//!   432 MB), and ends with the message if a block is refused. `bench`
//!   plans against all three, each thread's game and 8 MB for its stack and
//!   arena (`THREAD_BYTES`, and under an address-space limit `ARENA` for
//!   each thread past the first): fewer threads than cores if it must, or an
//!   explicit `--threads` refused with how many fit.
//! - **Under an address-space limit, every block from the system, in one
//!   arena.** A refusal must follow the limit: refused under one limit,
//!   refused under every smaller one. It did not: mimalloc reserves address
//!   space ahead, 1 GiB or else 128 MiB when the limit lets it, and glibc
//!   64 MiB for each thread's arena, so room (the limit less `VmSize`)
//!   shrank as the limit grew (`bench` on 1000x1000 ran under 100 and 130
//!   MiB, refused under 150 and 170; `stats` panicked where rayon's threads
//!   could not start). So the allocator looks at `RLIMIT_AS` at its first
//!   block, before any thread, and under a limit sends every block to glibc
//!   with `M_ARENA_MAX` 1; the choice never changes, so every block is
//!   freed where it came from. mimalloc told to reserve nothing ahead
//!   (`MIMALLOC_ARENA_RESERVE=0`) was tried first: it refused 16-byte blocks
//!   at random limits. One arena made two threads wait for each other
//!   (expert games 3.6 times as slow), so `bench`, which plans its threads,
//!   counts 128 MiB of address space for every thread past the first
//!   (glibc reserves twice its 64 MiB heap to align it; counted at 64 MiB,
//!   a second thread under 96 to 136 MiB got no arena and mapped each block
//!   alone, 12 to 54 expert games a second against 500) (`memory::at_once`; the first shares the arena of the main thread,
//!   which only waits) and raises the arenas to its thread count before they
//!   start (`allocator::arenas_for_threads`): 1.2 times as slow, glibc's
//!   small blocks against mimalloc's. And no thread that
//!   cannot start is a panic: the history's readers are a pool of their own,
//!   read on the calling thread when it cannot start; `bench` falls back to
//!   a pool of the calling thread; `check`'s workers and a game's pipe
//!   readers are started with `thread::Builder`, an error when none start. Reading four /proc and
//!   /sys files is a few lines; a system-information crate would be far
//!   more than that.
//! - **No-guess boards by trying seeds.** Try `k` is the ordinary random board
//!   of seed `seed + k`, kept if the solver clears it from the first move with
//!   certainties alone. Expert boards come out in 2.0 ms on average (6.4 tries
//!   over 2,000 seeds, 50 at most), well inside the target, so moving mines
//!   about to repair a board (as Simon Tatham's generator does) was not
//!   needed. The search is bounded twice: `max_tries` boards (ten million
//!   squares' worth, at most 20,000) and `MAX_WORK` units of the solver's
//!   own count of its work (`Solver::work`: squares looked at by each layer
//!   and each guess, layer 3's search nodes, squares placed), with
//!   `autoplay_within` stopping a game that would pass it. Counting boards
//!   alone let one dense 1000x1000 board run for minutes; counting work, not
//!   time, keeps the same command giving the same board, or the same error,
//!   on every machine. Past either bound, a clear error suggests fewer
//!   mines.

mod arrangements;
pub mod autoplay;
mod bits;
mod candidates;
mod endgame;
mod fifty_fifty;
mod guess;
mod hint;
mod knowledge;
mod local;
mod long_term;
mod neighbours;
mod no_guess;
mod pair_queue;
mod watchlist;

use engine::{Cover, Game, Pos};
use knowledge::{Knowledge, List};
use neighbours::Neighbours;
use pair_queue::PairQueue;
use watchlist::{Unmarked, Watchlist};

pub use arrangements::Probabilities;
pub use autoplay::{Autoplay, Event, Finish, OutOfWork, WhenStuck, autoplay, autoplay_within};
pub use guess::{Guess, Why};
pub use hint::{Adviser, ChancesToWorkOut, ChancesWorkedOut, Hint, hint};
pub use no_guess::{
    MAX_WORK, NoGuess, NoGuessBoard, NoGuessError, clears_without_guessing, max_tries,
    no_guess_board, no_guess_board_within,
};

/// What the solver knows of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Nothing yet.
    Unknown,
    /// Deduced to hold a mine.
    Mine,
    /// Deduced to be clear, not opened yet.
    Safe,
    /// Opened, showing its clue.
    Open(u8),
}

/// What a deduction says of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No mine.
    Safe,
    /// A mine.
    Mine,
}

/// Why a square is certain: the clues (and counts) that decide it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The clue's mines are all known (`mines`), so its other unknown
    /// neighbours are clear. Layer 1.
    Satisfied {
        /// The clue.
        clue: Pos,
        /// Its number.
        value: u8,
        /// Its mines, all known.
        mines: Vec<Pos>,
    },
    /// The clue still needs `needs` mines and has exactly that many unknown
    /// neighbours. Layer 1.
    Crowded {
        /// The clue.
        clue: Pos,
        /// Its number.
        value: u8,
        /// The mines it still needs.
        needs: u8,
    },
    /// Layer 2, for a safe square: `clue` needs at least `bound` mines among
    /// the unknown squares it shares with `other`, and `bound` is all that
    /// `other` still needs, so `other`'s remaining squares are clear.
    /// For a mine: `clue` allows at most `bound` mines among the shared
    /// squares, and `other` still needs `other_needs`, which leaves a mine
    /// on each of `other`'s remaining squares.
    Pair {
        /// The clue that bounds the shared squares.
        clue: Pos,
        /// Its number.
        value: u8,
        /// The clue whose remaining squares are decided.
        other: Pos,
        /// Its number.
        other_value: u8,
        /// The mines `other` still needs.
        other_needs: u8,
        /// The bound `clue` sets on the shared squares.
        bound: u8,
    },
    /// Every arrangement of the `mines_left` unknown mines that fits the
    /// clues agrees on the square. Layer 3.
    Arrangements {
        /// The mines not yet found.
        mines_left: usize,
    },
}

impl Reason {
    /// The layer that found it: 1, 2 or 3.
    pub fn layer(&self) -> u8 {
        match self {
            Reason::Satisfied { .. } | Reason::Crowded { .. } => 1,
            Reason::Pair { .. } => 2,
            Reason::Arrangements { .. } => 3,
        }
    }
}

/// A square the solver is certain of, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// The square.
    pub at: Pos,
    /// Safe, or a mine.
    pub verdict: Verdict,
    /// Why.
    pub reason: Reason,
}

/// What one round of deduction found.
#[derive(Clone, Debug)]
pub enum Progress {
    /// Certain squares, in the order found; the solver already knows them.
    Deduced(Vec<Deduction>),
    /// Nothing is certain: the probabilities of a mine, to guess from.
    Stuck(Probabilities),
}

/// The solver's knowledge of a board of `rows` x `cols` with `mines` mines,
/// and the open clues still to look at.
#[derive(Clone, Debug)]
pub struct Solver {
    rows: usize,
    cols: usize,
    mines: usize,
    /// The deepest layer to use: 1, 2 or 3.
    depth: u8,
    known: Knowledge,
    known_mines: usize,
    unknown: usize,
    /// Open squares whose neighbourhood changed since layer 1 last looked.
    pending: Watchlist,
    /// The pairs of open squares layer 2 has yet to look at.
    to_pair: PairQueue,
    /// Every open square with unknown neighbours, and some whose neighbours
    /// have all become known since (dropped before an analysis or a guess
    /// reads the list, or when it would grow): the clues layer 3 and the
    /// guesses work from, so they never scan the whole board.
    frontier: Watchlist,
    /// Every square deduced and not opened that has unknown neighbours not
    /// set aside, and some that no longer do (dropped when a guess next
    /// looks, or when the list would grow; listed again when a component
    /// beside it comes back, twice if it was still on the list, which the
    /// guess's list of squares does not mind): with the frontier, where a
    /// guess looks for squares unlike the rest.
    settled: Watchlist,
    untouched: candidates::Untouched,
    /// Layer 3's components as the last analysis counted them.
    remembered: arrangements::Remembered,
    /// Components with a fixed mine total, kept out of the analyses while
    /// nothing around them changes.
    set_aside: arrangements::SetAside,
    /// The frontier as it is, while a look ahead supposes clues on it
    /// ([`Solver::keep_frontier`]).
    kept: Option<arrangements::Kept>,
    /// Work done so far, in squares looked at and search nodes visited:
    /// what bounds the search for boards that need no guess.
    work: u64,
}

impl Solver {
    /// Knows nothing yet of a board of `rows` x `cols` holding `mines` mines.
    pub fn new(rows: usize, cols: usize, mines: usize) -> Self {
        let squares = rows * cols;
        Self {
            rows,
            cols,
            mines,
            depth: 3,
            known: Knowledge::new(rows, cols),
            known_mines: 0,
            unknown: squares,
            pending: Watchlist::default(),
            to_pair: PairQueue::new(),
            frontier: Watchlist::default(),
            settled: Watchlist::default(),
            untouched: candidates::Untouched::default(),
            remembered: arrangements::Remembered::default(),
            set_aside: arrangements::SetAside::new(squares),
            kept: None,
            work: 0,
        }
    }

    /// Knows what the player of `game` can see: its open squares and its
    /// mine count. Flags are the player's opinion, and are ignored.
    pub fn seeing(game: &Game) -> Self {
        let board = game.board();
        let mut solver = Self::new(board.rows(), board.cols(), game.mine_count());
        for pos in board.mines().positions() {
            if game.cover(pos) == Cover::Open {
                solver.open(pos, board.clue(pos));
            }
        }
        solver
    }

    /// Uses layers 1 to `depth` only (1, 2 or 3).
    pub fn with_depth(mut self, depth: u8) -> Self {
        self.depth = depth.clamp(1, 3);
        self
    }

    /// The work done so far: squares looked at by every layer and by the
    /// guesses, and layer 3's search nodes. It depends only on what the
    /// solver was told, never on the machine.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// What the solver knows of the square at `pos`.
    pub fn known(&self, pos: Pos) -> Known {
        self.known.get(self.index(pos))
    }

    /// Learns that `pos` is open and shows `clue`.
    pub fn open(&mut self, pos: Pos, clue: u8) {
        let i = self.index(pos);
        // A clue beside a component set aside changes it: forgetting an
        // unknown square brings such components back, and so does this for
        // a square already deduced.
        match self.known.get(i) {
            Known::Open(_) => return,
            Known::Unknown => self.forget_unknown(i),
            Known::Safe => self.bring_back_holding(i),
            // A sound solver never deduces a mine on a square that opens;
            // should it happen, what the board shows wins.
            Known::Mine => {
                self.bring_back_holding(i);
                self.known_mines -= 1;
            }
        }
        self.known.set(i, Known::Open(clue));
        self.work += 1;
        self.queue(i);
        self.keep_on_frontier(i);
    }

    /// One round: layer 1 until it finds nothing more, else layer 2, else
    /// layer 3. What it deduces it knows from then on.
    pub fn deduce(&mut self) -> Progress {
        let found = local::single_clues(self);
        if !found.is_empty() || self.depth < 2 {
            return self.settle(found);
        }
        let found = local::pairs(self);
        if !found.is_empty() || self.depth < 3 {
            return self.settle(found);
        }
        let probabilities = arrangements::analyse(self);
        let found = probabilities.certainties(self);
        if found.is_empty() {
            return Progress::Stuck(probabilities);
        }
        self.settle(found)
    }

    /// The probabilities of a mine on every unknown square, whatever the depth.
    pub fn probabilities(&mut self) -> Probabilities {
        arrangements::analyse(self)
    }

    fn settle(&mut self, found: Vec<Deduction>) -> Progress {
        if found.is_empty() {
            return Progress::Stuck(arrangements::analyse(self));
        }
        Progress::Deduced(found)
    }

    /// Records a deduction, unless the square is already known.
    fn learn(&mut self, found: &mut Vec<Deduction>, deduction: Deduction) {
        let i = self.index(deduction.at);
        if self.known.get(i) != Known::Unknown {
            return;
        }
        self.forget_unknown(i);
        self.settle_square(i);
        let known = match deduction.verdict {
            Verdict::Safe => Known::Safe,
            Verdict::Mine => {
                self.known_mines += 1;
                Known::Mine
            }
        };
        self.known.set(i, known);
        found.push(deduction);
    }

    /// `i` stops being unknown: the open clues around it have news.
    fn forget_unknown(&mut self, i: usize) {
        self.bring_back_holding(i);
        self.unknown -= 1;
        for n in self.neighbours(i) {
            if matches!(self.known.get(n), Known::Open(_)) {
                self.queue(n);
            }
        }
    }

    /// Keeps the open square `i`, which has unknown neighbours, for layers 2 and 3.
    fn keep_on_frontier(&mut self, i: usize) {
        let Self {
            frontier,
            known,
            set_aside,
            ..
        } = self;
        frontier.add(i, &mut known.marks(List::Frontier), |marks, j| {
            still_on_frontier(marks.knowledge(), set_aside, j)
        });
    }

    /// Puts in line for layer 2 the pairs of every open square whose
    /// neighbourhood changed.
    fn line_up_pairs(&mut self) {
        let Self {
            to_pair,
            known,
            rows,
            cols,
            ..
        } = self;
        let is_open = |known: &Knowledge, j| matches!(known.get(j), Known::Open(_));
        to_pair.line_up(
            *rows,
            *cols,
            &mut known.marks(List::Changed),
            |marks, j| is_open(marks.knowledge(), j) && has_unknown_neighbour(marks.knowledge(), j),
            |marks, j| is_open(marks.knowledge(), j),
        );
    }

    /// Drops from the frontier the open squares with no unknown neighbour
    /// left. Opening an area lists every square it opens, and the list is
    /// pruned otherwise only when it would grow: read as it stands at each
    /// guess, its dead squares made a guess cost the largest area ever
    /// opened, not the frontier (half the time of `solve` at 5000x5000).
    fn prune_frontier(&mut self) {
        let Self {
            frontier,
            known,
            set_aside,
            ..
        } = self;
        frontier.retain(&mut known.marks(List::Frontier), |marks, j| {
            still_on_frontier(marks.knowledge(), set_aside, j)
        });
    }

    /// The open squares with unknown neighbours, in reading order, but
    /// the clues of components set aside.
    fn frontier_clues(&self) -> Vec<usize> {
        let mut clues: Vec<usize> = self
            .frontier
            .iter()
            .filter(|&i| still_on_frontier(&self.known, &self.set_aside, i))
            .collect();
        clues.sort_unstable();
        clues
    }

    /// Keeps the square `i`, just deduced, for choosing guesses.
    fn settle_square(&mut self, i: usize) {
        let Self {
            settled,
            known,
            rows,
            cols,
            set_aside,
            ..
        } = self;
        settled.add(i, &mut Unmarked, |_, j| {
            still_settled(known, *rows, *cols, set_aside, j)
        });
    }

    /// Puts the open square `i`, whose neighbourhood changed, in line for
    /// layers 1 and 2.
    fn queue(&mut self, i: usize) {
        let Self {
            pending,
            to_pair,
            known,
            ..
        } = self;
        let worth_a_look =
            |marks: &knowledge::ListMarks, j| has_unknown_neighbour(marks.knowledge(), j);
        pending.add(i, &mut known.marks(List::Pending), worth_a_look);
        to_pair.changed(i, &mut known.marks(List::Changed), worth_a_look);
    }

    fn index(&self, pos: Pos) -> usize {
        debug_assert!(pos.row < self.rows && pos.col < self.cols);
        pos.row * self.cols + pos.col
    }

    fn pos(&self, i: usize) -> Pos {
        Pos::new(i / self.cols, i % self.cols)
    }

    fn neighbours(&self, i: usize) -> Neighbours {
        Neighbours::of(i, self.rows, self.cols)
    }

    /// Unknown squares and deduced mines around the open square `i`.
    fn around(&self, i: usize) -> (Neighbours, u8) {
        let mut unknown = Neighbours::empty();
        let mut mines = 0;
        for n in self.neighbours(i) {
            match self.known.get(n) {
                Known::Unknown => unknown.push(n),
                Known::Mine => mines += 1,
                Known::Safe | Known::Open(_) => {}
            }
        }
        (unknown, mines)
    }
}

/// Whether the deduced square `i` is still not open and has unknown
/// neighbours not set aside, which a guess must weigh.
fn still_settled(
    known: &Knowledge,
    rows: usize,
    cols: usize,
    set_aside: &arrangements::SetAside,
    i: usize,
) -> bool {
    !matches!(known.get(i), Known::Open(_))
        && has_unknown_neighbour(known, i)
        && Neighbours::of(i, rows, cols)
            .into_iter()
            .any(|n| known.get(n) == Known::Unknown && !set_aside.holds(n))
}

/// Whether the open square `i` still has unknown neighbours and its
/// component is not set aside: a clue layer 3 and the guesses work from.
fn still_on_frontier(known: &Knowledge, set_aside: &arrangements::SetAside, i: usize) -> bool {
    has_unknown_neighbour(known, i) && !set_aside.holds(i)
}

/// Whether square `i` has a neighbour the solver knows nothing of: an open
/// square without one has nothing left to say, and never will again.
fn has_unknown_neighbour(known: &Knowledge, i: usize) -> bool {
    known.unknown_around(i) > 0
}

/// What the solver's property tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::{Probabilities, Progress, Solver};

    /// Deduces until nothing more is certain, and gives the analysis then.
    pub(crate) fn stuck(solver: &mut Solver) -> Probabilities {
        loop {
            if let Progress::Stuck(probabilities) = solver.deduce() {
                return probabilities;
            }
        }
    }

    /// A row of `cols` squares holding `mines` mines, with `pockets` clues
    /// of 1 every `stride` squares from the second ("? 1 ?" pockets when
    /// the stride is 3), opened.
    pub(crate) fn pockets_on_a_row(
        cols: usize,
        mines: usize,
        pockets: usize,
        stride: usize,
    ) -> Solver {
        let mut solver = Solver::new(1, cols, mines);
        for k in 0..pockets {
            solver.open(engine::Pos::new(0, stride * k + 1), 1);
        }
        solver
    }

    /// Follows a game on a `rows` x `cols` board whose mines `mines` gives
    /// (row-major, at least that long): opens the safe squares of `opens`
    /// (indexes taken modulo the board) one at a time, with their clues,
    /// and calls `after` after each.
    pub(crate) fn follow_openings<E>(
        rows: usize,
        cols: usize,
        mines: &[bool],
        opens: &[usize],
        mut after: impl FnMut(&mut Solver) -> Result<(), E>,
    ) -> Result<(), E> {
        let squares = rows * cols;
        let mine_count = mines[..squares].iter().filter(|&&m| m).count();
        let mut solver = Solver::new(rows, cols, mine_count);
        for &k in opens {
            let i = k % squares;
            if mines[i] {
                continue;
            }
            open_with_clue(&mut solver, mines, i);
            after(&mut solver)?;
        }
        Ok(())
    }

    /// Opens the square `i`, showing the clue the board's `mines`
    /// (row-major) give it.
    pub(crate) fn open_with_clue(solver: &mut Solver, mines: &[bool], i: usize) {
        let clue = solver
            .neighbours(i)
            .into_iter()
            .filter(|&n| mines[n])
            .count();
        solver.open(solver.pos(i), clue as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solver_can_work_on_another_thread() {
        // A front end may think about a hint while it keeps drawing.
        fn shareable<T: Send + Sync>() {}
        shareable::<Solver>();
    }
}
