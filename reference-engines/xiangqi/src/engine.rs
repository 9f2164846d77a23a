//! The command loop's state: options, the game, the running search, and what each command does.
//!
//! Commands are handled on the caller's thread and never wait for a search, except `go` (a new
//! search first stops an old one), `stop` and `quit`, which wait the few milliseconds the search
//! needs to notice its stop flag.
//!
//! Bad input is answered with a message (`info message` in UCCI, `info string` in UCI) and:
//! * a malformed or impossible FEN leaves the previous position in place;
//! * an illegal or malformed move in `moves` stops the list there: the position is the one after
//!   the last legal move;
//! * malformed or illegal `banmoves` entries are skipped, the others banned;
//! * bad `go` arguments are skipped and the search still runs, since the GUI waits for its answer.

use std::sync::Arc;
use std::thread::JoinHandle;

use arbiter_rules::xiangqi::{Color, FenError, Kind, Move, Position};

use crate::decision::{Facts, Judge};
use crate::options::{OptionError, Options, Randomness};
use crate::output::Output;
use crate::protocol::command::{Base, Command, GoParams, PositionSpec, TimeSpec, quote};
use crate::protocol::{Dialect, MoveTextError};
use crate::search::control::Control;
use crate::search::repetition::Path;
use crate::search::tt::{Bound, Tt};
use crate::search::{self, Limits, Noise, Task};
use crate::time::TimePlan;

/// The game as the last `position` set it up.
struct Game {
    position: Position,
    /// Every position from the `position` command's start to `position`, for repetitions.
    path: Path,
    banned: Vec<Move>,
}

impl Game {
    fn at(position: Position) -> Game {
        let mut path = Path::new();
        path.push(position.hash(), position.is_check());
        Game {
            position,
            path,
            banned: Vec::new(),
        }
    }
}

struct Running {
    control: Arc<Control>,
    handle: JoinHandle<Judge>,
    /// Whether the search ends by itself (a depth, node or time limit, and no pondering).
    bounded: bool,
}

/// What the command loop does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

pub struct Engine {
    dialect: Dialect,
    out: Output,
    options: Options,
    game: Game,
    tt: Arc<Tt>,
    running: Option<Running>,
    judge: Judge,
    searches: u64,
}

impl Engine {
    pub fn new(out: Output) -> Engine {
        let tt = Tt::new(Options::DEFAULT_HASH_MB)
            .or_else(|_| Tt::new(0))
            .unwrap_or_else(|_| std::process::abort());
        Engine {
            dialect: Dialect::Ucci,
            out,
            options: Options::default(),
            game: Game::at(Position::startpos()),
            tt: Arc::new(tt),
            running: None,
            judge: Judge::default(),
            searches: 0,
        }
    }

    fn message(&self, text: &str) {
        self.out.line(&self.dialect.message(text));
    }

    pub fn line_too_long(&mut self, bytes: usize) {
        self.message(&format!(
            "ignored a line of {bytes} bytes: longer than {} bytes",
            crate::input::MAX_LINE
        ));
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        self.reap();
        match self.dialect.parse(line, self.options.usemillisec) {
            Ok(None) => Flow::Continue,
            Ok(Some(command)) => self.handle(command),
            Err(err) => {
                self.message(&format!("{err}; ignored"));
                Flow::Continue
            }
        }
    }

    /// Input ended: a search that ends by itself may finish and answer; any other is stopped.
    pub fn finish(&mut self) {
        if let Some(running) = &self.running
            && !running.bounded
        {
            running.control.stop();
        }
        self.join();
    }

    fn handle(&mut self, command: Command) -> Flow {
        match command {
            Command::Ucci | Command::Uci => {
                self.stop_and_join();
                self.dialect = if command == Command::Uci {
                    Dialect::Uci
                } else {
                    Dialect::Ucci
                };
                self.out.lines(self.dialect.handshake());
            }
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => self.new_game(),
            Command::Position(spec) => self.set_position(&spec),
            Command::BanMoves(moves) => self.ban(&moves),
            Command::Go(go) => self.go(go),
            Command::PonderHit { draw } => {
                // A late `ponderhit` (the search already answered) needs nothing.
                if let Some(running) = &self.running {
                    running.control.ponderhit(draw);
                }
            }
            Command::Stop => self.stop_and_join(),
            Command::Probe(spec) => self.probe(&spec),
            Command::Quit => {
                self.stop_and_join();
                if self.dialect == Dialect::Ucci {
                    self.out.line("bye");
                }
                return Flow::Quit;
            }
            Command::Ignored => {}
        }
        Flow::Continue
    }

    /// Collects a search that has answered, keeping what it learnt about the game.
    fn reap(&mut self) {
        if self
            .running
            .as_ref()
            .is_some_and(|running| running.handle.is_finished())
        {
            self.join();
        }
    }

    fn join(&mut self) {
        if let Some(running) = self.running.take()
            && let Ok(judge) = running.handle.join()
        {
            self.judge = judge;
        }
    }

    fn stop_and_join(&mut self) {
        if let Some(running) = &self.running {
            running.control.stop();
        }
        self.join();
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        // UCCI and UCI names alike: case, spaces and underscores do not matter.
        let key: String = name
            .chars()
            .filter(|c| !matches!(c, ' ' | '_'))
            .collect::<String>()
            .to_ascii_lowercase();
        let flag = |value: Option<&str>| match value.map(str::to_ascii_lowercase).as_deref() {
            Some("true" | "on") => Ok(true),
            Some("false" | "off") => Ok(false),
            _ => Err(OptionError::NotAFlag {
                name: name.to_owned(),
                value: value.unwrap_or("").to_owned(),
            }),
        };
        let result = match key.as_str() {
            "usemillisec" => flag(value).map(|on| self.options.usemillisec = on),
            "ponder" => flag(value).map(|on| self.options.ponder = on),
            // There is no book or tablebase to use, so either value is accepted and changes nothing.
            "usebook" | "useegtb" => flag(value).map(|_| ()),
            "hashsize" | "hash" => self.set_hash(name, value),
            "randomness" => match value.and_then(Randomness::parse) {
                Some(r) => {
                    self.options.randomness = r;
                    Ok(())
                }
                None => Err(OptionError::NotARandomness(value.unwrap_or("").to_owned())),
            },
            "newgame" | "clearhash" => {
                self.new_game();
                Ok(())
            }
            _ => Err(OptionError::Unknown(name.to_owned())),
        };
        if let Err(problem) = result {
            self.message(&problem.to_string());
        }
    }

    fn set_hash(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        let mb =
            value
                .and_then(|v| v.parse::<usize>().ok())
                .ok_or_else(|| OptionError::NoHashSize {
                    name: name.to_owned(),
                })?;
        // 0 lets the engine choose: the default.
        let mb = if mb == 0 {
            Options::DEFAULT_HASH_MB
        } else {
            mb
        };
        if mb > Options::MAX_HASH_MB {
            return Err(OptionError::HashTooLarge { mb });
        }
        if self.running.is_some() {
            return Err(OptionError::HashWhileThinking);
        }
        let tt = Tt::new(mb)?;
        self.tt = Arc::new(tt);
        self.options.hash_mb = mb;
        Ok(())
    }

    fn new_game(&mut self) {
        // Clearing is safe while a search runs (slots are atomics); it only costs that search.
        self.tt.clear();
        self.judge = Judge::default();
    }

    /// Builds the position of a `position`/`probe` command: `Err` when the FEN is refused,
    /// otherwise the game up to the last legal move and, if a move was refused, why.
    fn build(&self, spec: &PositionSpec) -> Result<(Game, Option<RefusedMove>), FenRefused> {
        let start = match &spec.base {
            Base::Start => Position::startpos(),
            Base::Fen(fen) => Position::from_fen(fen).map_err(|source| FenRefused {
                fen: fen.clone(),
                source,
            })?,
        };
        let mut game = Game::at(start);
        for (i, text) in spec.moves.iter().enumerate() {
            match self.dialect.parse_move(&game.position, text) {
                Ok(mv) => {
                    game.position.play(mv);
                    game.path
                        .push(game.position.hash(), game.position.is_check());
                }
                Err(source) => {
                    let refused = RefusedMove {
                        index: i,
                        text: text.clone(),
                        source,
                    };
                    return Ok((game, Some(refused)));
                }
            }
        }
        Ok((game, None))
    }

    fn set_position(&mut self, spec: &PositionSpec) {
        match self.build(spec) {
            Ok((game, refused)) => {
                self.game = game;
                if let Some(refused) = refused {
                    self.message(&refused.to_string());
                }
            }
            Err(refused) => self.message(&format!("{refused}; the previous position is kept")),
        }
    }

    /// `banmoves` replaces the list of forbidden moves of the current position.
    fn ban(&mut self, moves: &[String]) {
        self.game.banned.clear();
        for text in moves {
            match self.game.position.parse_move(text) {
                Ok(mv) => self.game.banned.push(mv),
                Err(e) => self.message(&format!("banmoves: {} skipped: {e}", quote(text))),
            }
        }
    }

    fn probe(&self, spec: &PositionSpec) {
        let position = match self.build(spec) {
            Ok((game, None)) => game.position,
            Ok((_, Some(refused))) => return self.probe_refused(&refused),
            Err(refused) => return self.probe_refused(&refused),
        };
        let mut reply = String::from("pophash");
        if let Some(entry) = self.tt.probe(position.hash()) {
            if let Some(mv) = entry.mv.filter(|&mv| position.is_legal(mv)) {
                reply.push_str(&format!(" bestmove {mv}"));
            }
            let depth = entry.depth.max(0);
            if matches!(entry.bound, Bound::Lower | Bound::Exact) {
                reply.push_str(&format!(" lowerbound {} depth {depth}", entry.score));
            }
            if matches!(entry.bound, Bound::Upper | Bound::Exact) {
                reply.push_str(&format!(" upperbound {} depth {depth}", entry.score));
            }
        }
        self.out.line(&reply);
    }

    /// A `probe` of a position that does not set up: why, and the empty answer.
    fn probe_refused(&self, why: &dyn std::fmt::Display) {
        self.message(&format!("probe: {why}"));
        self.out.line("pophash");
    }

    /// The moves the search may not play: the banned ones, and with UCI `searchmoves` every
    /// move outside the list (its malformed or illegal entries are skipped, with a message).
    fn excluded(&self, searchmoves: &[String]) -> Vec<Move> {
        let mut banned = self.game.banned.clone();
        let mut allowed = Vec::new();
        for text in searchmoves {
            match self.dialect.parse_move(&self.game.position, text) {
                Ok(mv) => allowed.push(mv),
                Err(e) => self.message(&format!("searchmoves: {} skipped: {e}", quote(text))),
            }
        }
        if !allowed.is_empty() {
            let legal = self.game.position.legal_moves();
            banned.extend(legal.as_slice().iter().filter(|mv| !allowed.contains(mv)));
        }
        banned
    }

    fn go(&mut self, mut go: GoParams) {
        if self.running.is_some() {
            self.message("go while thinking: the running search is stopped first");
            self.stop_and_join();
        }
        for problem in &go.problems {
            self.message(&problem.to_string());
        }
        if self.dialect == Dialect::Uci && go.depth == Some(0) {
            // UCI has no `nobestmove`: a depth-0 request gets the shallowest real search.
            go.depth = Some(1);
        }
        let clock = match go.time {
            TimeSpec::None => None,
            TimeSpec::Own(clock) => Some(clock),
            TimeSpec::ByColor { red, black } => match self.game.position.turn() {
                arbiter_rules::xiangqi::Color::Red => red,
                arbiter_rules::xiangqi::Color::Black => black,
            },
        };
        let unbounded = go.is_unbounded();
        let plan = if go.infinite {
            None
        } else {
            go.movetime
                .map(TimePlan::for_movetime)
                .or_else(|| clock.map(|c| TimePlan::for_clock(c, self.options.ponder)))
        };
        let control = Arc::new(Control::new(plan, go.ponder, go.draw));
        let banned = self.excluded(&go.searchmoves);
        self.searches += 1;
        let job = Job {
            position: self.game.position.clone(),
            path: self.game.path.clone(),
            banned,
            limits: Limits {
                depth: go.depth,
                nodes: go.nodes,
            },
            noise: self.options.randomness.noise(self.searches),
            wait_for_stop: unbounded,
        };
        let thread_control = Arc::clone(&control);
        let tt = Arc::clone(&self.tt);
        let out = self.out.clone();
        let dialect = self.dialect;
        let judge = self.judge;
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || job.run(&tt, &thread_control, &out, dialect, judge));
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    control,
                    handle,
                    bounded: !unbounded && !go.ponder,
                })
            }
            Err(e) => {
                self.message(&format!("cannot start a search thread: {e}"));
                self.out.line(self.dialect.no_move());
            }
        }
    }
}

/// A search as the search thread runs it.
struct Job {
    position: Position,
    path: Path,
    banned: Vec<Move>,
    limits: Limits,
    noise: Noise,
    wait_for_stop: bool,
}

impl Job {
    fn run(
        self,
        tt: &Tt,
        control: &Control,
        out: &Output,
        dialect: Dialect,
        judge: Judge,
    ) -> Judge {
        control.register_waiter();
        // Plies since the last capture: the FEN's counter plus the `moves` played after it.
        let quiet_plies = self.position.halfmove_clock();
        let can_win = has_attackers(&self.position);
        let ucci_depth_zero = self.limits.depth == Some(0);
        let task = Task {
            position: self.position,
            path: self.path,
            banned: &self.banned,
            limits: self.limits,
            noise: self.noise,
        };
        let outcome = search::think(task, tt, control, &mut |iteration| {
            out.lines(dialect.iteration(iteration));
        });
        // In ponder mode the answer waits for `ponderhit` or `stop`; an infinite search waits for
        // `stop` even when it has nothing left to search.
        control.wait_for_release(self.wait_for_stop);
        if ucci_depth_zero && outcome.best.is_none() {
            out.line(&dialect.message(&format!("static evaluation {}", outcome.score)));
        }
        let mut judge = judge;
        let verdict = judge.verdict(Facts {
            score: outcome.score,
            depth: outcome.depth,
            draw_offered: control.draw_offered(),
            can_win,
            quiet_plies,
        });
        let summary = dialect.summary(outcome.nodes, control.elapsed());
        match outcome.best {
            Some(best) => out.lines([summary, dialect.bestmove(best, outcome.ponder, verdict)]),
            None => out.lines([summary, dialect.no_move().to_owned()]),
        }
        judge
    }
}

/// Whether the side to move still has a piece that can help give mate: advisors, elephants
/// and the king never leave their own half, and a pawn on the opponent's back rank (底兵)
/// only moves along it, so it can never mate (the classic draw of a back-rank pawn against
/// a bare king).
fn has_attackers(position: &Position) -> bool {
    let side = position.turn();
    let back_rank = match side {
        Color::Red => 9,
        Color::Black => 0,
    };
    position.pieces().any(|(square, piece)| {
        piece.color == side
            && match piece.kind {
                Kind::Rook | Kind::Horse | Kind::Cannon => true,
                Kind::Pawn => square.rank() != back_rank,
                Kind::King | Kind::Advisor | Kind::Elephant => false,
            }
    })
}

/// A `position` or `probe` whose FEN does not set up a position.
#[derive(Debug, thiserror::Error)]
#[error("FEN {} refused: {source}", quote(.fen))]
struct FenRefused {
    fen: String,
    source: FenError,
}

/// The first move of a `position` that is not legal where it comes: the position stops at
/// the move before it.
#[derive(Debug, thiserror::Error)]
#[error("move {} ({}) refused: {source}; the position is the one after move {index}", .index + 1, quote(.text))]
struct RefusedMove {
    /// How many moves were played before it.
    index: usize,
    text: String,
    source: MoveTextError,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pawn_on_the_opponents_back_rank_cannot_win_but_one_above_it_can() {
        let can_win = |fen: &str| has_attackers(&Position::from_fen(fen).unwrap());
        assert!(!can_win("P2k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1"));
        assert!(can_win("3k5/P8/9/9/9/9/9/9/9/5K3 w - - 0 1"));
        assert!(!can_win("3k5/9/9/9/9/9/9/9/9/p4K3 b - - 0 1"));
        assert!(can_win("3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1"));
    }
}
