//! Choosing a move: immediate wins and blocks, threat-space search, then alpha-beta.
//!
//! [`think`] runs the stages cheapest first and stops at the first that decides the move:
//! a five of our own; a block of the opponent's five; a VCF (continuous fours); a VCT
//! (threes and fours, on a share of the time); otherwise iterative-deepening alpha-beta
//! over the candidate moves until the time budget or the stop flag ends it. A zero budget
//! (Gomocup `timeout_turn 0`) skips every search and plays the best-ordered move.

mod alphabeta;
pub mod patterns;
pub mod position;
mod threats;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use arbiter_rules::gomoku::Point;

pub use position::Position;

/// Score of a won position (minus the plies to the win), from the mover's point of view.
pub const WIN: i32 = 10_000_000;

/// What the caller allows the search.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Thinking time; `None` thinks until the stop flag is raised (AGI `INFINITE`, ponder).
    pub budget: Option<Duration>,
    /// Only these moves may be chosen (AGI `GO SEARCH`); `None` allows every legal move.
    pub restrict: Option<Vec<Point>>,
}

/// Progress of the search, for AGI `INFO` lines.
#[derive(Debug, Clone)]
pub struct Report {
    pub depth: u32,
    pub score: i32,
    pub pv: Vec<Point>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// The chosen move.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub best: Point,
    /// The opponent's expected reply.
    pub ponder: Option<Point>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    /// Which stage decided: "five", "block", "vcf", "vct", "alphabeta", "only", "quick".
    pub stage: &'static str,
    /// Whether the result is a forced win or loss, so that an infinite search may end.
    pub proven: bool,
}

/// Node counter, deadline and stop flag, polled by every search.
pub struct Clock<'a> {
    start: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
    stop: Option<&'a AtomicBool>,
    pub nodes: u64,
    stopped: bool,
}

impl<'a> Clock<'a> {
    pub fn new(budget: Option<Duration>, stop: &'a AtomicBool) -> Clock<'a> {
        let start = Instant::now();
        Clock {
            start,
            deadline: budget.map(|b| start + b),
            node_limit: u64::MAX,
            stop: Some(stop),
            nodes: 0,
            stopped: false,
        }
    }

    #[cfg(test)]
    pub fn unlimited() -> Clock<'static> {
        Clock {
            start: Instant::now(),
            deadline: None,
            node_limit: u64::MAX,
            stop: None,
            nodes: 0,
            stopped: false,
        }
    }

    /// A clock for a sub-search ending at `share` of the remaining time (or `nodes` nodes).
    fn sub(&self, share: f64, nodes: u64) -> Clock<'a> {
        let now = Instant::now();
        Clock {
            start: now,
            deadline: self
                .deadline
                .map(|d| now + d.saturating_duration_since(now).mul_f64(share)),
            node_limit: nodes,
            stop: self.stop,
            nodes: 0,
            stopped: self.stopped,
        }
    }

    /// Counts a node; true once the search must stop. The clock is read every 256 nodes,
    /// which keeps the reaction to a stop well under a millisecond.
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if !self.stopped && (self.nodes & 255 == 0 || self.nodes >= self.node_limit) {
            self.stopped = self.nodes >= self.node_limit
                || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
                || self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.stopped
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Share of the budget used, 0 for an unlimited clock.
    fn used(&self) -> f64 {
        match self.deadline {
            Some(d) => {
                let total = d.saturating_duration_since(self.start).as_secs_f64();
                if total <= 0.0 {
                    1.0
                } else {
                    self.elapsed().as_secs_f64() / total
                }
            }
            None => 0.0,
        }
    }
}

/// Legal moves for the side to move, restricted to `restrict` when given.
fn root_moves(pos: &Position, restrict: Option<&[Point]>) -> Vec<usize> {
    let me = pos.to_move();
    let pool: Vec<usize> = match restrict {
        Some(points) => {
            let mut v: Vec<usize> = points
                .iter()
                .filter(|&&p| pos.size().contains(p))
                .map(|&p| pos.index(p))
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        }
        None => {
            let near = pos.candidates();
            if near.is_empty() {
                // An empty board (or only walls): open near the centre first.
                let mut all: Vec<usize> = pos.empties().collect();
                if let Some(c) = pos.centre() {
                    all.retain(|&i| i != c);
                    all.insert(0, c);
                }
                all
            } else {
                near
            }
        }
    };
    let legal: Vec<usize> = pool.into_iter().filter(|&i| pos.legal(i, me)).collect();
    if legal.is_empty() && restrict.is_none() {
        // Every point near the stones is forbidden (renju): any legal point will do.
        return pos.empties().filter(|&i| pos.legal(i, me)).collect();
    }
    legal
}

/// Chooses a move for the side to move, or `None` if it has no legal move. `on_report` is
/// called after each completed alpha-beta iteration.
pub fn think(
    mut pos: Position,
    limits: &Limits,
    stop: &AtomicBool,
    on_report: &mut dyn FnMut(&Report),
) -> Option<Outcome> {
    let mut clock = Clock::new(limits.budget, stop);
    let roots = root_moves(&pos, limits.restrict.as_deref());
    let outcome = decide(&mut pos, &roots, limits, &mut clock, on_report)?;
    if limits.budget.is_none() && !outcome.proven {
        // An infinite search that could not prove anything waits for the stop (AGI
        // INFINITE ends by itself only once the position is resolved).
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    Some(outcome)
}

fn decide(
    pos: &mut Position,
    roots: &[usize],
    limits: &Limits,
    clock: &mut Clock,
    on_report: &mut dyn FnMut(&Report),
) -> Option<Outcome> {
    let me = pos.to_move();
    let opp = me.opponent();
    let first = *roots.first()?;
    let outcome = |pos: &mut Position, m: usize, stage, score, proven, clock: &Clock| {
        let ponder = reply(pos, m);
        Some(Outcome {
            best: pos.point(m),
            ponder: ponder.map(|r| pos.point(r)),
            score,
            depth: 0,
            nodes: clock.nodes,
            stage,
            proven,
        })
    };
    if roots.len() == 1 {
        return outcome(pos, first, "only", 0, false, clock);
    }
    if pos.stones() == 0 {
        // Nothing to search on an empty board: the centre (or the nearest allowed point).
        let centre = pos.centre().map(|c| pos.point(c));
        let m = roots
            .iter()
            .copied()
            .min_by_key(|&i| {
                let (p, c) = (pos.point(i), centre.unwrap_or(Point::new(0, 0)));
                (i32::from(p.x) - i32::from(c.x)).pow(2) + (i32::from(p.y) - i32::from(c.y)).pow(2)
            })
            .unwrap_or(first);
        return outcome(pos, m, "opening", 0, false, clock);
    }
    if let Some(&w) = roots.iter().find(|&&i| pos.makes_five(i, me)) {
        return outcome(pos, w, "five", WIN, true, clock);
    }
    let ordered = alphabeta::order(pos, roots);
    let threats: Vec<usize> = pos
        .candidates()
        .into_iter()
        .filter(|&i| pos.makes_five(i, opp))
        .collect();
    if !threats.is_empty() {
        let blocks: Vec<usize> = ordered
            .iter()
            .map(|&(i, _)| i)
            .filter(|i| threats.contains(i))
            .collect();
        let lost = threats.len() > 1 || blocks.is_empty();
        let m = blocks.first().copied().unwrap_or(ordered[0].0);
        let score = if lost { -WIN } else { 0 };
        return outcome(pos, m, "block", score, lost, clock);
    }
    if limits.budget == Some(Duration::ZERO) {
        return outcome(pos, ordered[0].0, "quick", ordered[0].1, false, clock);
    }

    // Our own forced wins, each on a share of the time so that alpha-beta keeps most.
    let mut vcf_clock = clock.sub(0.15, 200_000);
    let vcf = threats::vcf(pos, &mut vcf_clock, 30);
    clock.nodes += vcf_clock.nodes;
    if let Some(line) = vcf.filter(|l| roots.contains(&l[0])) {
        let report = Report {
            depth: line.len() as u32,
            score: WIN,
            pv: line.iter().map(|&i| pos.point(i)).collect(),
            nodes: clock.nodes,
            elapsed: clock.elapsed(),
        };
        on_report(&report);
        return outcome(pos, line[0], "vcf", WIN, true, clock);
    }
    let mut vct_clock = clock.sub(0.3, 400_000);
    let mut vct_found = None;
    for depth in [2, 4, 6] {
        if let Some(m) = threats::vct(pos, &mut vct_clock, depth) {
            vct_found = Some(m);
            break;
        }
        if vct_clock.stopped() {
            break;
        }
    }
    clock.nodes += vct_clock.nodes;
    if let Some(m) = vct_found.filter(|m| roots.contains(m)) {
        return outcome(pos, m, "vct", WIN / 2, false, clock);
    }

    // Alpha-beta gets most of what is left; the rest checks its choice against the
    // opponent's continuous fours, which lie beyond its horizon.
    let mut ab_clock = clock.sub(0.85, u64::MAX);
    let found = alphabeta::search(pos, &ordered, &mut ab_clock, on_report);
    clock.nodes += ab_clock.nodes;
    let (m, score, depth) = found.unwrap_or((ordered[0].0, ordered[0].1, 0));
    let proven = score.abs() >= WIN - 1000;
    let m = if proven {
        m
    } else {
        safe_move(pos, m, &ordered, clock)
    };
    let mut result = outcome(pos, m, "alphabeta", score, proven, clock)?;
    result.depth = depth;
    Some(result)
}

/// `m` if the opponent has no VCF after it; otherwise the best-ordered move after which
/// it has none, or `m` if none is found in time. A check cut short by its node budget
/// counts as "no VCF": only a VCF actually found overrides alpha-beta.
fn safe_move(pos: &mut Position, m: usize, ordered: &[(usize, i32)], clock: &mut Clock) -> usize {
    const TRIES: usize = 8;
    let tries = std::iter::once(m).chain(ordered.iter().map(|&(i, _)| i).filter(|&i| i != m));
    for (k, i) in tries.take(TRIES).enumerate() {
        let mut check = clock.sub(1.0 / (TRIES - k) as f64, 20_000);
        pos.play(i);
        let loses = threats::vcf(pos, &mut check, 20).is_some();
        pos.undo();
        clock.nodes += check.nodes;
        if !loses {
            return i;
        }
        if clock.tick() {
            break;
        }
    }
    m
}

/// The opponent's likely answer to `m`: the best-ordered reply (for AGI `PONDER`).
fn reply(pos: &mut Position, m: usize) -> Option<usize> {
    pos.play(m);
    let replies = root_moves(pos, None);
    let r = alphabeta::order(pos, &replies).first().map(|&(i, _)| i);
    pos.undo();
    r
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use arbiter_rules::gomoku::{Board, BoardSize, Rule, Stone};

    /// A position from a diagram of `X` (black), `O` (white) and `.` rows.
    pub fn position(rule: Rule, to_move: Stone, picture: &str) -> Position {
        let rows: Vec<Vec<char>> = picture
            .lines()
            .map(|l| {
                l.split_whitespace()
                    .filter_map(|t| t.chars().next())
                    .collect::<Vec<_>>()
            })
            .filter(|r: &Vec<char>| !r.is_empty())
            .collect();
        let size = BoardSize::rect(rows[0].len() as u32, rows.len() as u32).unwrap();
        let mut b = Board::new(size);
        for (y, row) in rows.iter().enumerate() {
            for (x, &c) in row.iter().enumerate() {
                let stone = match c {
                    'X' => Stone::Black,
                    'O' => Stone::White,
                    _ => continue,
                };
                b.place(Point::new(x as u8, y as u8), stone).unwrap();
            }
        }
        Position::from_board(&b, &[], rule, to_move)
    }

    fn best(pos: Position, ms: u64) -> Outcome {
        let stop = AtomicBool::new(false);
        let limits = Limits {
            budget: Some(Duration::from_millis(ms)),
            restrict: None,
        };
        think(pos, &limits, &stop, &mut |_| {}).unwrap()
    }

    #[test]
    fn opens_in_the_centre() {
        let pos = Position::new(BoardSize::STANDARD, Rule::FREESTYLE);
        assert_eq!(best(pos, 50).best, Point::new(7, 7));
    }

    #[test]
    fn takes_a_five_before_blocking() {
        let pos = position(
            Rule::FREESTYLE,
            Stone::White,
            "
            . . . . . . . . .
            . X X X X . . . .
            . . . . . . . . .
            . O O O O . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
        );
        let o = best(pos, 50);
        assert!(
            o.best == Point::new(0, 3) || o.best == Point::new(5, 3),
            "{o:?}"
        );
        assert_eq!(o.stage, "five");
    }

    #[test]
    fn blocks_an_open_four_end() {
        let pos = position(
            Rule::FREESTYLE,
            Stone::White,
            "
            . . . . . . . . .
            . X X X X . . . .
            . . . . . . . . .
            . . . O . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            ",
        );
        let o = best(pos, 50);
        assert!(
            o.best == Point::new(0, 1) || o.best == Point::new(5, 1),
            "{o:?}"
        );
    }

    #[test]
    fn blocks_an_open_three() {
        let pos = position(
            Rule::FREESTYLE,
            Stone::White,
            "
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . X X X . . . . .
            . . . . . . . . . . .
            . . . . O . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            . . . . . . . . . . .
            ",
        );
        let o = best(pos, 300);
        let defences = [
            Point::new(2, 3),
            Point::new(6, 3),
            Point::new(1, 3),
            Point::new(7, 3),
        ];
        assert!(defences.contains(&o.best), "{o:?}");
    }

    #[test]
    fn zero_budget_still_answers_legally() {
        let pos = position(
            Rule::RENJU,
            Stone::Black,
            "
            . . . . . . . .
            . . . . . . . .
            . . . X O . . .
            . . . O X . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            ",
        );
        let o = best(pos, 0);
        assert_eq!(o.stage, "quick");
    }

    #[test]
    fn restricted_root_moves_are_respected() {
        let pos = Position::new(BoardSize::STANDARD, Rule::RENJU);
        let stop = AtomicBool::new(false);
        let only = vec![Point::new(0, 0), Point::new(3, 4)];
        let limits = Limits {
            budget: Some(Duration::from_millis(50)),
            restrict: Some(only.clone()),
        };
        let o = think(pos, &limits, &stop, &mut |_| {}).unwrap();
        assert!(only.contains(&o.best));
    }

    #[test]
    fn full_board_has_no_move() {
        let size = BoardSize::square(5).unwrap();
        let mut b = Board::new(size);
        // A drawn 5x5 filling: rows alternate in pairs so that no line of five forms.
        for p in size.points() {
            let black =
                (usize::from(p.x) + 2 * usize::from(p.y / 2) + usize::from(p.y % 2)) % 2 == 0;
            b.place(p, if black { Stone::Black } else { Stone::White })
                .unwrap();
        }
        let pos = Position::from_board(&b, &[], Rule::FREESTYLE, Stone::Black);
        let stop = AtomicBool::new(false);
        assert!(think(pos, &Limits::default(), &stop, &mut |_| {}).is_none());
    }
}

#[cfg(test)]
mod properties;
