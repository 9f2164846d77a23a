//! UCCI (xiangqi) and UCI (chess): one command loop for both, since they differ in a few
//! words; a search ends after its time (or on stop/ponderhit when open-ended) with the first
//! legal move that is not banned, or under UCI the move decided at `go`.

use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use arbiter::protocol::uci;
use arbiter_rules::{Game, Side};

use crate::fault::Fault;
use crate::input::stdin_lines;
use crate::notation;
use crate::output::Out;
use crate::uci_plan::{Plan, plan_info, plan_search, thinking_time, uci_go};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Ucci,
    Uci,
}

/// A search in progress: it ends at `until`, or on stop/ponderhit when open-ended.
struct Search {
    until: Option<Instant>,
    pondering: bool,
    stopped: bool,
    /// `ponderhit` ended its pondering.
    hit: bool,
    /// `infinite`: only `stop` ends it.
    infinite: bool,
    /// UCI: what the search settled on at `go`, and when it began (for `info time`).
    plan: Option<Plan>,
    /// The move chosen at `go` when the fault chooses it (`shuffles`), for either dialect.
    choice: Option<String>,
    /// Which search of the session this is (1 for the first) and whether its `go` offered a
    /// draw: the match-play faults act on them.
    turn: Turn,
    /// The fault lost this search (IsreadyInSecondPonder): it never gives a result.
    lost: bool,
}

/// One search's place in the session, for the faults that act over a game.
#[derive(Clone, Copy)]
struct Turn {
    number: u32,
    offered: bool,
}

pub fn run<G: Game>(dialect: Dialect, out: &Out) {
    let fault = out.fault();
    let input = stdin_lines(out.fault());
    let mut position = G::start_position();
    let mut banned: Vec<String> = Vec::new();
    let mut search: Option<Search> = None;
    // A `setoption` arrived (IllegalPonderAfterSetoption needs one before a ponderhit).
    let mut options_set = false;
    // A `setoption style …` arrived (IllegalAfterOfferedStyle).
    let mut style_set = false;
    // The moves of the last `position`, and how many searches the session has had.
    let mut played: Vec<String> = Vec::new();
    let mut searches = 0;
    // How many `go ponder` the session has had (IsreadyInSecondPonder acts from the second).
    let mut ponders = 0;
    // A new game or an option came since the last `isready` (SlowNewGame).
    let mut setting_up = false;
    // How many `ucinewgame` and `probe` the process has read (the faults after the third).
    let (mut newgames, mut probes) = (0u32, 0u32);
    loop {
        let timeout =
            search
                .as_ref()
                .and_then(|s| s.until)
                .map_or(Duration::from_millis(50), |t| {
                    t.saturating_duration_since(Instant::now())
                        .min(Duration::from_millis(50))
                });
        let line = match input.recv_timeout(timeout) {
            Ok(line) => Some(line),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                if fault == Fault::LoopsOnEof {
                    out.repeat_last_line();
                }
                return;
            }
        };
        if let Some(s) = &mut search
            && let Some(plan) = &mut s.plan
            && Instant::now() >= plan.next_info
        {
            // "periodically report" (uci-r14): a line every 250 ms while the search runs.
            out.line(&plan_info(&position, plan, fault));
            plan.next_info = Instant::now() + Duration::from_millis(250);
        }
        if let Some(s) = &search {
            if line.is_none() && fault == Fault::Flood {
                let filler = "x".repeat(4000);
                for _ in 0..6000 {
                    out.line(&format!("info string {filler}"));
                }
            }
            let due = s.until.is_some_and(|t| Instant::now() >= t) && (!s.pondering || s.stopped);
            let early = s.pondering && fault == Fault::BestmoveWhilePondering;
            if due || early {
                let best = s.plan.as_ref().and_then(|p| p.best.clone());
                let best = best.or_else(|| s.choice.clone());
                // A ponder move that is illegal, but only after a ponderhit that followed a
                // setoption: no fixed scenario of the library does that.
                let fault = match fault {
                    Fault::IllegalPonderAfterSetoption if options_set && s.hit => {
                        Fault::IllegalPonder
                    }
                    Fault::IllegalAfterOfferedStyle if style_set => Fault::IllegalBestmove,
                    other => other,
                };
                finish_search(&position, &banned, best, fault, dialect, s.turn, out);
                search = None;
            }
        }
        let Some(line) = line else { continue };
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if dialect == Dialect::Uci {
            // An unknown word is ignored and the rest of the line read without it (uci-r10, r11).
            let known = words.iter().position(|w| uci::COMMANDS.contains(w));
            words.drain(..known.unwrap_or(words.len()));
        }
        match words.first().copied().unwrap_or("") {
            "ucci" | "uci" => {
                if fault == Fault::LateHandshake {
                    std::thread::sleep(Duration::from_millis(2500));
                }
                if fault == Fault::BadOptions {
                    // Each line parses; together they contradict the texts.
                    if dialect == Dialect::Ucci {
                        out.line("option hashsize type spin min 0 max 64 default 128");
                    } else {
                        out.line("option name Threads type spin default 0 min 1 max 8");
                        out.line("option name UCI_Elo type spin default 1500 min 1000 max 2800");
                    }
                }
                out.line("id name Faulty Fixture");
                if fault == Fault::ElephantEye {
                    out.line(crate::elephanteye::ID_VERSION);
                }
                out.line("id author Arbiter tests");
                if dialect == Dialect::Ucci {
                    out.line("option usemillisec type check default false");
                    if fault == Fault::IllegalAfterOfferedStyle {
                        out.line(
                            "option style type combo var solid var normal var risky default normal",
                        );
                    }
                    out.line("ucciok");
                } else {
                    out.line("option name Hash type spin default 16 min 1 max 1024");
                    if fault == Fault::IllegalPonderAfterSetoption {
                        out.line("option name Style type combo default Normal var Solid var Normal var Risky");
                    }
                    out.line("uciok");
                }
            }
            "isready" if !ignores_isready(fault, search.as_ref(), ponders, (newgames, probes)) => {
                if std::mem::take(&mut setting_up) && fault == Fault::SlowNewGame {
                    std::thread::sleep(Duration::from_millis(2400));
                }
                out.line("readyok");
            }
            "ucinewgame" => {
                setting_up = true;
                newgames += 1;
            }
            // No hash table to report from: a `probe` is read and left unanswered.
            "probe" => probes += 1,
            // The unanswered `isready` also loses the ponder search it came in: neither
            // `ponderhit` nor `stop` gets a result from it.
            "isready" if fault == Fault::IsreadyInSecondPonder => {
                if let Some(s) = &mut search {
                    s.lost = true;
                }
            }
            "setoption" => {
                options_set = true;
                style_set |= words.get(1) == Some(&"style");
                setting_up = true;
            }
            "position" => {
                banned.clear();
                // Only the board before `moves` for IgnoresPositionMoves.
                let setup = match fault {
                    Fault::IgnoresPositionMoves => {
                        let moves_at = words.iter().position(|w| *w == "moves");
                        &words[..moves_at.unwrap_or(words.len())]
                    }
                    _ => &words[..],
                };
                if let Some(p) = parse_position::<G>(setup) {
                    position = p;
                }
                played = words
                    .iter()
                    .skip_while(|w| **w != "moves")
                    .skip(1)
                    .map(|w| (*w).to_owned())
                    .collect();
            }
            // IgnoresBanmoves reads the list and does nothing with it.
            "banmoves" if fault == Fault::IgnoresBanmoves => {}
            "banmoves" => banned = words[1..].iter().map(|w| w.to_string()).collect(),
            // A draw offered with the search: CrashOnGoDraw dies of it.
            "go" if fault == Fault::CrashOnGoDraw && words.contains(&"draw") => crash_by_sigsegv(),
            // DepthOnly reads a search of mode `time` and never answers it.
            "go" if fault == Fault::DepthOnly && words.contains(&"time") => {}
            "go" => {
                if fault == Fault::ElephantEye && crate::elephanteye::answer(&position, out) {
                    continue;
                }
                if fault == Fault::CrashMidSearch {
                    std::thread::sleep(Duration::from_millis(30));
                    std::process::abort();
                }
                let ponder = words.contains(&"ponder");
                let open = ponder || words.contains(&"infinite");
                searches += 1;
                ponders += u32::from(ponder);
                let turn = Turn {
                    number: searches,
                    offered: words.contains(&"draw"),
                };
                let choice = match fault {
                    Fault::Shuffles => take_back(&position, &played),
                    Fault::CastlesAsKingTakesRook => {
                        notation::castling(&position, &position.legal_move_texts())
                    }
                    _ => None,
                };
                if words.contains(&"depth")
                    && words.last() == Some(&"0")
                    && dialect == Dialect::Ucci
                {
                    out.line("nobestmove");
                    continue;
                }
                if dialect == Dialect::Uci {
                    let go = uci_go(&words);
                    let white = position.side_to_move() == Side::First;
                    let mut plan = plan_search(&position, &go);
                    if choice.is_some() {
                        plan.best = choice.clone();
                    }
                    out.line(&plan_info(&position, &plan, fault));
                    let mut think = thinking_time(&go, white);
                    if go.mate.is_some() && plan.score.starts_with("mate ") {
                        // `go mate`: the mate asked for is found, so the search is over.
                        think = think.min(Duration::from_millis(100));
                    }
                    search = Some(Search {
                        until: (!open).then(|| plan.started + think),
                        pondering: ponder,
                        stopped: false,
                        hit: false,
                        infinite: words.contains(&"infinite"),
                        plan: Some(Plan {
                            next_info: plan.started + Duration::from_millis(250),
                            ..plan
                        }),
                        choice,
                        turn,
                        lost: false,
                    });
                    continue;
                }
                // One info line per search, so transcripts are the same run to run.
                out.line(&info_line::<G>(
                    &position,
                    &banned,
                    choice.as_ref(),
                    fault,
                    dialect,
                ));
                search = Some(Search {
                    until: (!open).then(|| Instant::now() + Duration::from_millis(100)),
                    pondering: ponder,
                    stopped: false,
                    hit: false,
                    infinite: words.contains(&"infinite"),
                    plan: None,
                    choice,
                    turn,
                    lost: false,
                });
            }
            "ponderhit" => {
                if let Some(s) = search.as_mut().filter(|s| !s.lost) {
                    // UCCI `ponderhit draw` offers a draw with the move played (ucci-r92).
                    s.turn.offered |= words.contains(&"draw");
                    s.pondering = false;
                    s.hit = true;
                    s.until = Some(Instant::now() + Duration::from_millis(100));
                }
            }
            // ElephantEye answers a `stop` that finds it idle (its book move long sent).
            "stop" if fault == Fault::ElephantEye && search.is_none() => out.line("nobestmove"),
            "stop" if fault != Fault::NoBestmoveAfterStop && search.is_some() => {
                let stopped = search.take();
                // A banned move, but only when `stop` ends an infinite search after `banmoves`.
                let fault = match fault {
                    Fault::BannedMoveOnStop if stopped.as_ref().is_some_and(|s| s.infinite) => {
                        Fault::PlaysBannedMove
                    }
                    Fault::IllegalAfterOfferedStyle if style_set => Fault::IllegalBestmove,
                    other => other,
                };
                let Some(stopped) = stopped.filter(|s| !s.lost) else {
                    continue;
                };
                let best = stopped.plan.and_then(|p| p.best).or(stopped.choice);
                finish_search(&position, &banned, best, fault, dialect, stopped.turn, out);
            }
            "quit" => {
                if fault == Fault::HangOnQuit {
                    // Ignores its input closing too: only a kill ends it.
                    loop {
                        std::thread::sleep(Duration::from_secs(60));
                    }
                }
                if dialect == Dialect::Ucci && fault != Fault::NoBye {
                    out.line("bye");
                }
                if fault == Fault::UnterminatedLine {
                    out.raw(b"info string goodbye");
                }
                return;
            }
            _ => {}
        }
    }
}

/// `crash-on-go-draw`: dies by SIGSEGV, as a bad memory access would kill it.
fn crash_by_sigsegv() -> ! {
    // SAFETY: signal() and raise() take no pointers. The default action comes back first:
    // Rust's runtime catches SIGSEGV to report stack overflows, and its handler returns for a
    // raised one, which would let the process live on.
    unsafe {
        libc::signal(libc::SIGSEGV, libc::SIG_DFL);
        libc::raise(libc::SIGSEGV);
    }
    // Not reached: the default action ends the process.
    std::process::abort()
}

/// Whether the fault leaves this `isready` unanswered: any during a search, or only one while
/// pondering (from the session's second `go ponder` on, for IsreadyInSecondPonder).
/// Whether `isready` goes unanswered, given the search under way, the `go ponder`s so far and
/// the `ucinewgame`s and `probe`s so far.
fn ignores_isready(
    fault: Fault,
    search: Option<&Search>,
    ponders: u32,
    (newgames, probes): (u32, u32),
) -> bool {
    let pondering = search.is_some_and(|s| s.pondering);
    match fault {
        Fault::NoReadyokAfterThirdNewgame => newgames >= 3,
        Fault::NoReadyokAfterThirdProbe => probes >= 3,
        Fault::NoReadyokWhileSearching => search.is_some(),
        Fault::IsreadyWhilePondering => pondering,
        Fault::IsreadyInSecondPonder => pondering && ponders >= 2,
        _ => false,
    }
}

fn parse_position<G: Game>(words: &[&str]) -> Option<G> {
    let moves_at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let mut position = match words.get(1) {
        Some(&"startpos") => G::start_position(),
        Some(&"fen") => G::from_fen(&words[2..moves_at].join(" ")).ok()?,
        _ => return None,
    };
    // Letter case is left open by the texts: a move is read in lower case, as GUIs read it.
    for mv in words.iter().skip(moves_at + 1) {
        position.play_text(&mv.to_ascii_lowercase()).ok()?;
    }
    Some(position)
}

/// `shuffles`: the engine's own last move played back (from the `position` moves: its own
/// is the one before the opponent's), when that is legal here.
fn take_back<G: Game>(position: &G, line: &[String]) -> Option<String> {
    let own = line.len().checked_sub(2).map(|i| &line[i])?;
    // Both notations are from-point then to-point, each a letter and one or two digits.
    let split = own[1..].find(|c: char| c.is_ascii_alphabetic())? + 1;
    let back = format!("{}{}", &own[split..], &own[..split]);
    position.legal_move_texts().contains(&back).then_some(back)
}

fn info_line<G: Game>(
    position: &G,
    banned: &[String],
    choice: Option<&String>,
    fault: Fault,
    dialect: Dialect,
) -> String {
    let moves = position.legal_move_texts();
    let first_playable = moves.iter().find(|m| !banned.contains(m));
    let Some(first) = choice.or(first_playable) else {
        return "info depth 1".into();
    };
    let first = notation::written(position, first, fault);
    let pv = if fault == Fault::IllegalPv {
        format!("{first} {first}")
    } else {
        first
    };
    let score = if dialect == Dialect::Uci {
        "score cp 0"
    } else {
        "score 0"
    };
    format!("info depth 1 {score} pv {pv}")
}

/// Ends a search with `bestmove`: the move `chosen` at `go`, else the first legal one not
/// banned; a null move when there is none. UCCI's `draw` and `resign` follow it as the
/// match-play faults ask.
fn finish_search<G: Game>(
    position: &G,
    banned: &[String],
    chosen: Option<String>,
    fault: Fault,
    dialect: Dialect,
    turn: Turn,
    out: &Out,
) {
    if fault == Fault::Garbage {
        out.raw(b"\x00\x01\xfe\xff garbage\n");
    }
    if fault == Fault::BestmoveNone && dialect != Dialect::Ucci {
        out.line("bestmove (none)");
        return;
    }
    let moves = position.legal_move_texts();
    let mut playable: Vec<&String> = moves.iter().filter(|m| !banned.contains(m)).collect();
    if let Some(i) = chosen.and_then(|c| playable.iter().position(|m| **m == c)) {
        playable.swap(0, i);
    }
    let best = match (fault, banned.first(), playable.first()) {
        (Fault::PlaysBannedMove, Some(b), _) => b.clone(),
        (_, _, Some(m)) => (*m).clone(),
        _ => {
            out.line(if dialect == Dialect::Ucci {
                "nobestmove"
            } else {
                "bestmove 0000"
            });
            return;
        }
    };
    let illegal = match fault {
        Fault::IllegalBestmove => true,
        Fault::IllegalAtMove3 => turn.number == 3,
        _ => false,
    };
    let best = if illegal {
        illegal_move::<G>(position)
    } else {
        best
    };
    let verdict = match (dialect, fault) {
        (Dialect::Ucci, Fault::OffersDraw) => " draw",
        (Dialect::Ucci, Fault::OffersDrawLater) if turn.number > 1 => " draw",
        (Dialect::Ucci, Fault::AcceptsDraw) if turn.offered => " draw",
        (Dialect::Ucci, Fault::ElephantEye)
            if turn.offered && crate::elephanteye::accepts_draw(position) =>
        {
            " draw"
        }
        (Dialect::Ucci, Fault::Resigns) if turn.number == 2 => " resign",
        _ => "",
    };
    let mut after = position_after::<G>(position, &best);
    let ponder = match (&mut after, fault) {
        (Some(_), Fault::IllegalPonder) => Some(best.clone()),
        (Some(p), _) => p.legal_move_texts().into_iter().next(),
        (None, _) => None,
    };
    let ponder = match (&after, ponder) {
        (Some(after), Some(p)) => Some(notation::written(after, &p, fault)),
        (_, p) => p,
    };
    let best = notation::written(position, &best, fault);
    match ponder {
        Some(p) => out.line(&format!("bestmove {best} ponder {p}{verdict}")),
        None => out.line(&format!("bestmove {best}{verdict}")),
    }
}

fn position_after<G: Game>(position: &G, mv: &str) -> Option<G> {
    let mut p = G::from_fen(&position.fen()).ok()?;
    p.play_text(mv).ok()?;
    Some(p)
}

/// A move in the right notation that is not legal here: a piece jumping to its own side.
fn illegal_move<G: Game>(position: &G) -> String {
    ["a1a5", "a0a5", "a9a5", "e1e5", "a8a5"]
        .iter()
        .find(|m| position_after::<G>(position, m).is_none())
        .map(|m| (*m).to_owned())
        .unwrap_or_else(|| "a0a5".into())
}
