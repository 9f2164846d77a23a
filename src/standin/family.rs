//! The stand-in's UCCI and UCI: one loop, the two texts' words.

use std::io::Write;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::{
    Behaviour, Choices, Freedoms, Out, Ponder, Reports, SearchChoices, StandInError, StandsIn,
    Think, Verdict,
};
use crate::protocol::family::PositionStart;
use crate::protocol::uci::INVENTED_RESERVED_OPTION;
use crate::protocol::{Codec, GameKind, ucci, uci};
use crate::rules::chess::ChessPosition;
use crate::rules::xiangqi::{Position, UciPosition};
use crate::rules::{Game, Side};

/// Search reports before each result under the `info-flood` behaviour.
const FLOOD: usize = 2000;

/// What UCCI and UCI leave an engine free to write: search reports (one before each result,
/// as the stand-in writes them) and a ponder move (the first legal reply); UCCI alone has a
/// draw offer and a resignation beside a move.
const fn freedoms(verdicts: bool) -> Freedoms {
    Freedoms {
        reports: Some(Reports {
            usual: 1,
            flood: FLOOD,
        }),
        ponder: Some(Ponder::First),
        verdicts,
        messages: false,
    }
}

impl StandsIn for ucci::Ucci {
    const FREEDOMS: Freedoms = freedoms(true);

    fn run<W: Write>(
        _: GameKind,
        choices: Choices,
        lines: Receiver<String>,
        out: Out<W>,
    ) -> Result<(), StandInError> {
        run::<Position>(Dialect::Ucci, choices, lines, out)
    }
}

/// UCI is spoken for xiangqi too.
impl StandsIn for uci::Uci {
    const FREEDOMS: Freedoms = freedoms(false);

    fn run<W: Write>(
        game: GameKind,
        choices: Choices,
        lines: Receiver<String>,
        out: Out<W>,
    ) -> Result<(), StandInError> {
        match game {
            GameKind::Xiangqi => run::<UciPosition>(Dialect::Uci, choices, lines, out),
            _ => run::<ChessPosition>(Dialect::Uci, choices, lines, out),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dialect {
    Ucci,
    Uci,
}

/// What a command asks of the search.
struct Go {
    ponder: bool,
    infinite: bool,
    /// How long it may think once the clock runs.
    think: Think,
    /// UCI `searchmoves`.
    only: Vec<String>,
    /// UCCI `go draw`: the GUI offers a draw.
    draw_offered: bool,
}

/// The search under way.
struct Running {
    best: Option<String>,
    ponder_move: Option<String>,
    /// When the result is due: `None` while pondering or searching infinitely.
    due: Option<Instant>,
    draw_offered: bool,
    started: Instant,
    choices: SearchChoices,
}

struct Engine<G: Game, W: Write> {
    dialect: Dialect,
    choices: Choices,
    out: Out<W>,
    position: Option<G>,
    banned: Vec<String>,
    /// UCCI: times in milliseconds (`usemillisec`), else seconds.
    millisec: bool,
    searches: u64,
    running: Option<Running>,
}

fn run<G: Game>(
    dialect: Dialect,
    choices: Choices,
    lines: Receiver<String>,
    out: Out<impl Write>,
) -> Result<(), StandInError> {
    let mut engine = Engine::<G, _> {
        dialect,
        choices,
        out,
        position: None,
        banned: Vec::new(),
        millisec: false,
        searches: 0,
        running: None,
    };
    loop {
        let due = engine.running.as_ref().and_then(|r| r.due);
        let line = match due {
            Some(due) => match lines.recv_timeout(due.saturating_duration_since(Instant::now())) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    engine.result()?;
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            },
            None => match lines.recv() {
                Ok(line) => line,
                Err(_) => return Ok(()),
            },
        };
        // A command that needs an idle engine ends the search under way with its result
        // first: one result for every `go`, whatever the GUI does.
        let keyword = line.split_whitespace().next().unwrap_or("");
        if engine.running.is_some()
            && !matches!(
                keyword,
                "isready" | "stop" | "ponderhit" | "debug" | "quit" | "probe"
            )
        {
            engine.result()?;
        }
        let quit = match dialect {
            Dialect::Ucci => engine.ucci(&line)?,
            Dialect::Uci => engine.uci(&line)?,
        };
        if quit {
            return Ok(());
        }
    }
}

impl<G: Game, W: Write> Engine<G, W> {
    /// A UCCI command; whether it ends the session.
    fn ucci(&mut self, line: &str) -> Result<bool, StandInError> {
        use ucci::Command as C;
        let Ok(command) = <ucci::Ucci as Codec>::parse_command(line) else {
            return Ok(false);
        };
        match command {
            C::Ucci => {
                self.handshake_pause();
                for line in [
                    "id name Arbiter stand-in",
                    "id author the Arbiter developers",
                    "option usemillisec type check default false",
                    "option usebook type check default false",
                    "ucciok",
                ] {
                    self.out.line(line)?;
                }
            }
            C::IsReady => self.readyok()?,
            C::SetOption { name, value } => {
                if name == "usemillisec" {
                    self.millisec = value.as_deref() == Some("true");
                }
            }
            C::Position { start, moves } => self.set_position(&start, &moves),
            C::BanMoves(moves) => self.banned = moves.iter().map(ToString::to_string).collect(),
            C::Go {
                ponder,
                draw,
                limit,
            } => {
                let unit = if self.millisec { 1 } else { 1000 };
                let (think, infinite) = match limit {
                    ucci::GoLimit::Time {
                        time, movestogo, ..
                    } => (
                        Think::within(share(time * unit, movestogo.map(u64::from))),
                        false,
                    ),
                    ucci::GoLimit::Infinite | ucci::GoLimit::DepthInfinite => {
                        (Think::within(Duration::ZERO), true)
                    }
                    _ => (Think::untimed(UNTIMED), false),
                };
                self.go(Go {
                    ponder,
                    infinite,
                    think,
                    only: Vec::new(),
                    draw_offered: draw,
                })?;
            }
            C::PonderHit { draw } => self.ponderhit(draw),
            C::Stop => self.stop()?,
            C::Probe { .. } => {}
            C::Quit => {
                self.running = None;
                self.out.line("bye")?;
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// A UCI command; whether it ends the session.
    fn uci(&mut self, line: &str) -> Result<bool, StandInError> {
        use uci::Command as C;
        let Ok(command) = <uci::Uci as Codec>::parse_command(line) else {
            return Ok(false);
        };
        match command {
            C::Uci => {
                self.handshake_pause();
                for line in [
                    "id name Arbiter stand-in",
                    "id author the Arbiter developers",
                    "option name Hash type spin default 16 min 1 max 1024",
                    "option name Threads type spin default 1 min 1 max 64",
                    "option name Ponder type check default false",
                    "option name UCI_AnalyseMode type check default false",
                ] {
                    self.out.line(line)?;
                }
                if self.choices.has(Behaviour::UnknownReservedOption) {
                    self.out.line(&format!(
                        "option name {INVENTED_RESERVED_OPTION} type check default false"
                    ))?;
                }
                self.out.line("uciok")?;
            }
            C::IsReady => self.readyok()?,
            C::Position { start, moves } => self.set_position(&start, &moves),
            C::Go(go) => {
                let side = self.position.as_ref().map(G::side_to_move);
                let clock = match side {
                    Some(Side::First) => go.wtime,
                    _ => go.btime,
                };
                let think = match (go.movetime, clock) {
                    (Some(ms), _) => Think::within(Duration::from_millis(ms)),
                    (None, Some(ms)) => {
                        Think::within(share(ms.max(0) as u64, go.movestogo.map(u64::from)))
                    }
                    _ => Think::untimed(UNTIMED),
                };
                self.go(Go {
                    ponder: go.ponder,
                    infinite: go.infinite,
                    think,
                    only: go.searchmoves.iter().map(ToString::to_string).collect(),
                    draw_offered: false,
                })?;
            }
            C::PonderHit => self.ponderhit(false),
            C::Stop => self.stop()?,
            C::Quit => return Ok(true),
            C::Debug(_) | C::SetOption { .. } | C::Register(_) | C::UciNewGame => {}
        }
        Ok(false)
    }

    fn handshake_pause(&mut self) {
        std::thread::sleep(self.choices.handshake_delay());
    }

    /// `readyok`, late if so chosen, but never so late that a search's result due meanwhile
    /// would come after its time.
    fn readyok(&mut self) -> std::io::Result<()> {
        let mut delay = self.choices.readyok_delay();
        if let Some(due) = self.running.as_ref().and_then(|r| r.due) {
            delay = delay.min(due.saturating_duration_since(Instant::now()));
        }
        std::thread::sleep(delay);
        self.out.line("readyok")
    }

    /// The search under way ends with its result, after the delay chosen for a `stop`.
    fn stop(&mut self) -> std::io::Result<()> {
        if let Some(running) = &self.running {
            std::thread::sleep(running.choices.stop_delay());
            self.result()?;
        }
        Ok(())
    }

    fn set_position<M: ToString>(&mut self, start: &PositionStart, moves: &[M]) {
        let mut position = match start {
            PositionStart::Startpos => Some(G::start_position()),
            PositionStart::Fen(fen) => G::from_fen(fen).ok(),
        };
        for mv in moves {
            position = position.and_then(|mut p| p.play_text(&mv.to_string()).ok().map(|_| p));
        }
        self.position = position;
        self.banned.clear();
    }

    /// Chooses the move at once; the result comes when the thinking time is up, at `stop`,
    /// or after `ponderhit`.
    fn go(&mut self, go: Go) -> std::io::Result<()> {
        self.searches += 1;
        let choices = self.choices.search(go.think);
        let (best, ponder_move) = self.choose(&go.only, &choices);
        let started = Instant::now();
        self.running = Some(Running {
            best,
            ponder_move,
            due: (!go.ponder && !go.infinite).then(|| started + choices.think()),
            draw_offered: go.draw_offered,
            started,
            choices,
        });
        Ok(())
    }

    fn ponderhit(&mut self, draw: bool) {
        if let Some(running) = &mut self.running
            && running.due.is_none()
        {
            running.due = Some(Instant::now() + running.choices.think());
            running.draw_offered |= draw;
        }
    }

    /// A legal move (the searched one, seeded by the search count so games vary but repeat
    /// run to run) and the legal reply to ponder on that the search's choices pick, if any.
    fn choose(&self, only: &[String], choices: &SearchChoices) -> (Option<String>, Option<String>) {
        let Some(position) = &self.position else {
            return (None, None);
        };
        let moves: Vec<String> = position
            .legal_move_texts()
            .into_iter()
            .filter(|m| !self.banned.contains(m))
            .filter(|m| only.is_empty() || only.contains(m))
            .collect();
        if moves.is_empty() {
            return (None, None);
        }
        let best = moves[(self.searches as usize * 7919) % moves.len()].clone();
        let mut after = position.clone();
        let replies = match after.play_text(&best) {
            Ok(_) => after.legal_move_texts(),
            Err(_) => Vec::new(),
        };
        let reply = choices.ponder_move(&replies).cloned();
        (Some(best), reply)
    }

    /// The search report, then the result.
    fn result(&mut self) -> std::io::Result<()> {
        let Some(running) = self.running.take() else {
            return Ok(());
        };
        let elapsed = running.started.elapsed().as_millis();
        let reports = running.choices.reports();
        if let Some(best) = &running.best {
            for depth in 1..=reports {
                let line = match self.dialect {
                    Dialect::Ucci => {
                        format!("info depth {depth} score 0 time {elapsed} nodes 1 pv {best}")
                    }
                    Dialect::Uci => {
                        format!("info depth {depth} score cp 0 time {elapsed} nodes 1 pv {best}")
                    }
                };
                self.out.line(&line)?;
            }
        }
        let mut line = match (&running.best, self.dialect) {
            (Some(best), _) => format!("bestmove {best}"),
            (None, Dialect::Ucci) => "nobestmove".to_owned(),
            (None, Dialect::Uci) => "bestmove 0000".to_owned(),
        };
        if running.best.is_some() {
            if let Some(reply) = &running.ponder_move {
                line.push_str(&format!(" ponder {reply}"));
            }
            // Only UCCI's result carries a draw or a resignation; the choices hold none for UCI.
            match running.choices.verdict(running.draw_offered) {
                Some(Verdict::Draw) => line.push_str(" draw"),
                Some(Verdict::Resign) => line.push_str(" resign"),
                None => {}
            }
        }
        self.out.line(&line)
    }
}

/// How long the stand-in thinks by default when the GUI gives no clock to share (a depth, a
/// node count, no limit): a moment, as a shallow search takes.
const UNTIMED: Duration = Duration::from_millis(5);

/// A share of the remaining time: a fortieth, or the time over the moves to go, at most 1 s.
fn share(remaining_ms: u64, movestogo: Option<u64>) -> Duration {
    let moves = movestogo.filter(|&m| m > 0).unwrap_or(40);
    Duration::from_millis((remaining_ms / moves).min(1000))
}
