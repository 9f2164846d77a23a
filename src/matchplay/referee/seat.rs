//! An engine in the game: its session (judged by the protocol checks all game long), the
//! handshake and options, one move asked and read, and the session's end.

use std::time::Duration;

use super::super::adjudication::last_score;
use super::super::clock::Clock;
use super::super::fault::{Fault, read_until, send};
use super::super::options::{UndeclaredOption, declared_names, is_declared, setoption_line};
use super::super::{Finding, MatchGame, MatchSettings, Player, SearchLimits, TimeControl};
use crate::check::{Context, Judge};
use crate::protocol::Protocol;
use crate::session::{Session, SessionOptions};

/// How long an engine may take to answer `stop` with its ponder search's result.
pub(super) const PONDER_STOP_BOUND: Duration = Duration::from_secs(5);

/// An engine in the game: its session, judged, what it offered, and its clock.
pub(super) struct Seat {
    pub name: String,
    pub protocol: Protocol,
    session: Option<Session<Judge>>,
    /// UCCI: the engine offered `usemillisec`, so times are sent in milliseconds.
    pub millisec: bool,
    /// The engine's own time control and search limits (odds are per engine), and the clock
    /// Arbiter keeps for it.
    pub control: TimeControl,
    pub limits: SearchLimits,
    pub clock: Clock,
    /// The move the engine is pondering on (`go ponder` sent, in the referee's notation),
    /// until `ponderhit` or `stop` ends the ponder search.
    pub pondering: Option<String>,
}

/// An engine's answer to `go`: its move as it wrote it, whether it offered (or accepted) a
/// draw with it, and the score of its last `info` line.
pub(super) struct Reply {
    pub mv: String,
    pub draw: bool,
    pub score: Option<i32>,
    /// The move it would ponder on (`bestmove M ponder P`), as written.
    pub ponder: Option<String>,
}

impl Seat {
    /// Starts the engine; a seat whose engine did not start loses at its handshake.
    pub fn spawn(player: &Player, settings: &MatchSettings) -> Seat {
        Seat {
            name: player.name.clone(),
            protocol: player.protocol,
            session: Session::spawn(
                &player.command,
                SessionOptions::default(),
                Judge::new(Context {
                    protocol: player.protocol,
                    game: settings.game.kind(),
                    time_scale: settings.time_scale,
                }),
            )
            .ok(),
            millisec: false,
            control: player.control(settings),
            limits: player.limits(settings),
            clock: Clock::new(player.control(settings)),
            pondering: None,
        }
    }

    /// The handshake, millisecond mode where UCCI offers it, the variant where a UCI engine
    /// plays xiangqi, the user's options, and the engine ready. Returns the options the user
    /// set that the engine did not declare (they are sent all the same).
    pub fn start(
        &mut self,
        player: &Player,
        settings: &MatchSettings,
        bound: Duration,
    ) -> Result<Vec<UndeclaredOption>, Fault> {
        let game = settings.game;
        let protocol = self.protocol;
        let session = self.session.as_mut().ok_or(Fault::Disconnect)?;
        let (hello, ok) = match protocol {
            Protocol::Ucci => ("ucci", "ucciok"),
            _ => ("uci", "uciok"),
        };
        send(session, hello)?;
        let lines = read_until(session, bound, |l| l == ok)?;
        let declared = declared_names(protocol, lines.iter().map(String::as_str));
        if protocol == Protocol::Ucci && is_declared(&declared, "usemillisec") {
            send(session, "setoption usemillisec true")?;
            self.millisec = true;
        }
        let user_set = |name: &str| {
            player
                .options
                .iter()
                .any(|(n, _)| n.eq_ignore_ascii_case(name))
        };
        // As cutechess-cli does: a UCI engine that can play variants is told the game, unless
        // the user chose the variant.
        if protocol == Protocol::Uci
            && game == MatchGame::Xiangqi
            && is_declared(&declared, "UCI_Variant")
            && !user_set("UCI_Variant")
        {
            send(session, "setoption name UCI_Variant value xiangqi")?;
        }
        // Pondering on: the engine is told with its own `Ponder` option (UCI) or `ponder`
        // (UCCI) where it declares one, unless the user set it.
        let ponder_option = match protocol {
            Protocol::Ucci => "ponder",
            _ => "Ponder",
        };
        if settings.pondering && is_declared(&declared, ponder_option) && !user_set(ponder_option) {
            send(session, &setoption_line(protocol, ponder_option, "true"))?;
        }
        let mut undeclared = Vec::new();
        for (name, value) in &player.options {
            send(session, &setoption_line(protocol, name, value))?;
            if !is_declared(&declared, name) {
                undeclared.push(UndeclaredOption {
                    engine: self.name.clone(),
                    option: name.clone(),
                });
            }
        }
        if protocol == Protocol::Uci {
            send(session, "ucinewgame")?;
        }
        send(session, "isready")?;
        read_until(session, bound, |l| l == "readyok")?;
        Ok(undeclared)
    }

    /// Sends the position, UCCI's `banmoves` when there is one (after `position`, before
    /// `go`: ucci-r59), and the `go`, and reads the engine's answer within `allowance`.
    pub fn ask(
        &mut self,
        position: &str,
        banmoves: Option<&str>,
        go: &str,
        allowance: Duration,
    ) -> Result<Reply, Fault> {
        let session = self.session.as_mut().ok_or(Fault::Disconnect)?;
        send(session, position)?;
        if let Some(banmoves) = banmoves {
            send(session, banmoves)?;
        }
        send(session, go)?;
        self.reply(allowance)
    }

    /// Starts a ponder search on the position after the engine's move and the move it expects
    /// (`ponder` in referee notation), with that position's `banmoves` if any; its `go` is the
    /// ordinary one with `ponder`.
    pub fn ponder(
        &mut self,
        position: &str,
        banmoves: Option<&str>,
        go: &str,
        ponder: String,
    ) -> Result<(), Fault> {
        let session = self.session.as_mut().ok_or(Fault::Disconnect)?;
        send(session, position)?;
        if let Some(banmoves) = banmoves {
            send(session, banmoves)?;
        }
        send(session, &go.replacen("go ", "go ponder ", 1))?;
        self.pondering = Some(ponder);
        Ok(())
    }

    /// The opponent played the expected move: `ponderhit`, and the search goes on as the
    /// engine's own, its answer read within `allowance`. UCCI passes an opponent's draw offer
    /// on as `ponderhit draw` (ucci-r77: a pondering engine hears an offer no other way).
    pub fn ponderhit(&mut self, draw_offered: bool, allowance: Duration) -> Result<Reply, Fault> {
        self.pondering = None;
        let session = self.session.as_mut().ok_or(Fault::Disconnect)?;
        send(
            session,
            if draw_offered {
                "ponderhit draw"
            } else {
                "ponderhit"
            },
        )?;
        self.reply(allowance)
    }

    /// Ends a ponder search that missed (or a game that ended): `stop`, and its result read
    /// and set aside, within `bound`. An engine that sends none has stalled.
    pub fn stop_pondering(&mut self, bound: Duration) -> Result<(), Fault> {
        if self.pondering.take().is_none() {
            return Ok(());
        }
        let session = self.session.as_mut().ok_or(Fault::Disconnect)?;
        send(session, "stop")?;
        read_until(session, bound, |l| {
            l.starts_with("bestmove") || l == "nobestmove"
        })
        .map(drop)
    }

    /// Stops a ponder search unless the opponent played the move it was on.
    pub fn stop_pondering_unless(&mut self, hit: bool, bound: Duration) -> Result<(), Fault> {
        if hit {
            Ok(())
        } else {
            self.stop_pondering(bound)
        }
    }

    /// Reads the answer to a search within `allowance`.
    fn reply(&mut self, allowance: Duration) -> Result<Reply, Fault> {
        let ucci = self.protocol == Protocol::Ucci;
        let session = self.session.as_mut().ok_or(Fault::Disconnect)?;
        let lines = read_until(session, allowance, |l| {
            l.starts_with("bestmove") || l == "nobestmove"
        })
        .map_err(Fault::on_the_clock)?;
        let score = last_score(lines.iter().map(String::as_str));
        let reply = lines.last().cloned().unwrap_or_default();
        let words: Vec<&str> = reply.split_whitespace().collect();
        let Some(&mv) = words.get(1).filter(|_| words[0] == "bestmove") else {
            // `nobestmove` says the position is dead, but the game had a legal move to play.
            return Err(Fault::Illegal(reply));
        };
        // UCCI ends `bestmove` with `draw` (an offer, or the acceptance of one) or `resign`;
        // UCI has neither, so the words mean nothing there.
        let verdict = |word: &str| ucci && words[2..].contains(&word);
        if verdict("resign") {
            return Err(Fault::Resign);
        }
        let ponder = words
            .iter()
            .position(|w| *w == "ponder")
            .and_then(|at| words.get(at + 1))
            .map(|p| (*p).to_owned());
        Ok(Reply {
            mv: mv.to_owned(),
            draw: verdict("draw"),
            score,
            ponder,
        })
    }

    /// Ends the engine's session (`quit`, its grace, a kill if need be) and returns the
    /// protocol checks' findings over its whole transcript.
    pub fn finish(mut self) -> Vec<Finding> {
        // A ponder search is stopped and its result read first: UCCI lets `quit` come only
        // while the engine is idle.
        let _ = self.stop_pondering(PONDER_STOP_BOUND);
        let Some(mut session) = self.session else {
            return Vec::new();
        };
        let _ = session.send(match self.protocol {
            Protocol::Ucci | Protocol::Uci => "quit",
            Protocol::Gomocup => "END",
            Protocol::Agi => "QUIT",
        });
        let (transcript, judge) = session.finish();
        let outcomes = judge.finish(&transcript);
        Finding::all_of(&self.name, &transcript, outcomes)
    }
}
