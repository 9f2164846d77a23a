//! fastchess's lines (`--output-format fastchess`), as its `Fastchess` output prints them: a
//! block between dashed lines every `--rating-interval` game pairs (ten by default; games when
//! the match plays no pairs) and at the end, with `Results of …`, `Elo: …, nElo: …`, `LOS: …`, `Games: …` and
//! `Ptnml(0-2): […]` for two engines (a rank table for more), and `LLR: …` for the SPRT.
//! fishtest's worker reads the `Games:` and `Ptnml(0-2):` lines of this block.
//!
//! Over pairs, like fastchess, the block counts only the games of completed pairs, so that
//! `Games` is always twice the pairs (fishtest checks that it is).

use std::fmt::Write as _;

use super::numbers::{Library, fixed, general};
use crate::matchplay::options::EngineOptions;
use crate::matchplay::score::{FastchessElo, Pentanomial, Score};
use crate::matchplay::sprt::{Decision, Sprt, SprtState};
use crate::matchplay::tally::{Encounter, against_field};
use crate::matchplay::{MatchSettings, Player, TimeControl};

const RULE: &str = "--------------------------------------------------\n";

/// Blocks come every this many pairs (or games without pairs) unless `--rating-interval`
/// says otherwise: fastchess's default `-ratinginterval`.
pub const RATING_INTERVAL: usize = 10;

/// Whether the block is due after a game, as fastchess's round robin decides it
/// (`shouldPrintRatingInterval`): `index` counts from 1, and is the number of the pair the game
/// completed when the match plays pairs (so pairs completed out of order, with games played at
/// once, each print as they complete), else the games counted so far. An `interval` of 0
/// prints no block between games, only the last one (fastchess reads 0 as "never").
pub(super) fn block_due(interval: usize, index: usize) -> bool {
    interval > 0 && index.is_multiple_of(interval)
}

/// What the block's first line says of the match besides the engines: the time control,
/// threads and hash, and the opening book's file name, in fastchess's words. fastchess takes
/// threads and hash from the engines of the game it has just counted, as their options stood:
/// the engine's declared default (`option name Threads … default 1`: `1t`) or the value set,
/// and `NULL` for an engine that declares no such option (see [`Setup::held`]).
#[derive(Debug, Clone, Default)]
pub struct Setup {
    /// The time control, in fastchess's words.
    pub control: String,
    /// The engines' threads (`1t`, `NULL`).
    pub threads: String,
    /// The engines' hash (`16MB`, `NULL`).
    pub hash: String,
    /// The opening book's file, if any.
    pub book: Option<String>,
}

impl Setup {
    /// The setup of a match of `players` under `settings`, with the opening book read from
    /// `book` (its path as given): the time control in fastchess's words (`10+0.1`,
    /// `0.1/move`, `N plies`, `N nodes`), the engines' `Threads` and `Hash` options as the
    /// user set them (`NULL` where one is not set; both engines' values when they differ)
    /// until a game tells what the engines hold ([`Setup::held`]), and the book's file name.
    pub fn of(players: &[Player], settings: &MatchSettings, book: Option<&str>) -> Setup {
        let both = |text: &dyn Fn(&Player) -> String| both(text(&players[0]), text(&players[1]));
        let control = |player: &Player| {
            let limits = player.limits(settings);
            match player.control(settings) {
                TimeControl::Clock {
                    moves,
                    base,
                    increment,
                } => {
                    let moves = moves.map(|m| format!("{m}/")).unwrap_or_default();
                    // fastchess writes the increment `+{:.2g}`.
                    let increment = if increment.is_zero() {
                        String::new()
                    } else {
                        format!("+{}", general(increment.as_secs_f64(), 2, Library::Fmt))
                    };
                    format!("{moves}{}{increment}", base.as_secs_f64())
                }
                TimeControl::PerMove(time) if !time.is_zero() => {
                    format!("{}/move", time.as_secs_f64())
                }
                TimeControl::PerMove(_) => match (limits.depth, limits.nodes) {
                    (Some(depth), _) => format!("{depth} plies"),
                    (None, Some(nodes)) => format!("{nodes} nodes"),
                    (None, None) => String::new(),
                },
            }
        };
        let option = |name: &'static str, unit: &'static str| {
            move |player: &Player| {
                sized(
                    player
                        .options
                        .iter()
                        .find(|(key, _)| key == name)
                        .map(|(_, value)| value.as_str()),
                    unit,
                )
            }
        };
        Setup {
            control: both(&control),
            threads: both(&option("Threads", THREADS)),
            hash: both(&option("Hash", HASH)),
            book: book.map(|path| path.rsplit(['/', '\\']).next().unwrap_or(path).to_owned()),
        }
    }

    /// Threads and hash as the two engines, `first` and `second`, held them in a game.
    pub fn held(&mut self, first: &EngineOptions, second: &EngineOptions) {
        let of = |name: &str, unit: &str| {
            both(
                sized(first.value(name), unit),
                sized(second.value(name), unit),
            )
        };
        self.threads = of("Threads", THREADS);
        self.hash = of("Hash", HASH);
    }
}

/// fastchess's units: `{}t` for threads, `{}MB` for the hash.
const THREADS: &str = "t";
const HASH: &str = "MB";

/// An option's value with its unit, or `NULL` when there is none.
fn sized(value: Option<&str>, unit: &str) -> String {
    value.map_or_else(|| "NULL".to_owned(), |v| format!("{v}{unit}"))
}

/// One text for both engines when they agree, else `first - second`.
fn both(first: String, second: String) -> String {
    if first == second {
        first
    } else {
        format!("{first} - {second}")
    }
}

fn f2(x: f64) -> String {
    fixed(x, 2, Library::Fmt)
}

/// The block for the match so far: `encounters` of `players`, over pairs when `pairs`.
pub(super) fn block(
    players: &[String],
    encounters: &[Encounter],
    pairs: bool,
    setup: &Setup,
    sprt: Option<(&Sprt, &SprtState)>,
) -> String {
    let mut out = String::from(RULE);
    if players.len() == 2 {
        let empty = Encounter {
            players: [players[0].clone(), players[1].clone()],
            score: Score::default(),
            pentanomial: Pentanomial::default(),
        };
        let e = encounters.first().unwrap_or(&empty);
        out.push_str(&head_to_head(e, pairs, setup));
    } else {
        out.push_str(&rank_table(players, encounters, pairs));
    }
    if let Some((test, state)) = sprt {
        let _ = writeln!(out, "{}", llr_line(test, state));
    }
    out.push_str(RULE);
    out
}

fn head_to_head(e: &Encounter, pairs: bool, setup: &Setup) -> String {
    let (games, elo) = if pairs {
        (
            e.pentanomial.games(),
            FastchessElo::of_pairs(&e.pentanomial),
        )
    } else {
        (e.score, FastchessElo::of_games(&e.score))
    };
    let book = setup
        .book
        .as_deref()
        .map(|b| format!(", {b}"))
        .unwrap_or_default();
    let mut out = format!(
        "Results of {} vs {} ({}, {}, {}{book}):\n",
        e.players[0], e.players[1], setup.control, setup.threads, setup.hash
    );
    let _ = writeln!(
        out,
        "Elo: {} +/- {}, nElo: {} +/- {}",
        f2(elo.diff),
        f2(elo.error),
        f2(elo.nelo),
        f2(elo.nelo_error)
    );
    let p = &e.pentanomial;
    let [ll, ld, _, wd, ww] = p.counts.map(f64::from);
    if pairs {
        let _ = writeln!(
            out,
            "LOS: {} %, DrawRatio: {} %, PairsRatio: {}",
            f2(elo.los),
            f2(f64::from(p.counts[2]) / f64::from(p.pairs()) * 100.0),
            f2((ww + wd) / (ld + ll))
        );
    } else {
        let _ = writeln!(
            out,
            "LOS: {} %, DrawRatio: {} %",
            f2(elo.los),
            f2(games.draw_ratio() * 100.0)
        );
    }
    let _ = writeln!(
        out,
        "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {} ({} %)",
        games.games(),
        games.wins,
        games.losses,
        games.draws,
        fixed(games.points(), 1, Library::Fmt),
        f2(games.fraction() * 100.0)
    );
    if pairs {
        let _ = writeln!(
            out,
            "Ptnml(0-2): {}, WL/DD Ratio: {}",
            ptnml(p),
            f2(f64::from(p.win_loss) / f64::from(p.draw_draw()))
        );
    }
    out
}

fn ptnml(p: &Pentanomial) -> String {
    let c = p.counts;
    format!("[{}, {}, {}, {}, {}]", c[0], c[1], c[2], c[3], c[4])
}

/// fastchess's table for more than two engines: by Elo, best first (an undefined Elo last),
/// each engine over all its games (over its completed pairs when the match plays pairs).
fn rank_table(players: &[String], encounters: &[Encounter], pairs: bool) -> String {
    let width = players
        .iter()
        .map(|p| p.chars().count())
        .max()
        .unwrap_or(0)
        .max(25);
    let mut rows: Vec<(&String, FastchessElo, Score, Pentanomial)> = players
        .iter()
        .map(|name| {
            let (score, penta) = against_field(name, encounters);
            if pairs {
                (name, FastchessElo::of_pairs(&penta), penta.games(), penta)
            } else {
                (name, FastchessElo::of_games(&score), score, penta)
            }
        })
        .collect();
    rows.sort_by(|a, b| match (a.1.diff.is_nan(), b.1.diff.is_nan()) {
        (false, true) => std::cmp::Ordering::Less,
        (true, false) => std::cmp::Ordering::Greater,
        _ => b.1.diff.total_cmp(&a.1.diff),
    });
    let mut out = format!(
        "{:<4} {:<width$} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>10} {:>20}\n",
        "Rank",
        "Name",
        "Elo",
        "+/-",
        "nElo",
        "+/-",
        "Games",
        "Score",
        "Draw",
        if pairs { "Ptnml(0-2)" } else { "" }
    );
    for (rank, (name, elo, games, penta)) in rows.iter().enumerate() {
        let draw = if pairs {
            f64::from(penta.counts[2]) / f64::from(penta.pairs()) * 100.0
        } else {
            games.draw_ratio() * 100.0
        };
        let _ = writeln!(
            out,
            "{:>4} {:<width$} {:>10} {:>10} {:>10} {:>10} {:>10} {:>9}% {:>9}% {:>20}",
            rank + 1,
            name,
            f2(elo.diff),
            f2(elo.error),
            f2(elo.nelo),
            f2(elo.nelo_error),
            games.games(),
            fixed(games.fraction() * 100.0, 1, Library::Fmt),
            fixed(draw, 1, Library::Fmt),
            if pairs { ptnml(penta) } else { String::new() }
        );
    }
    out
}

/// `LLR: 2.95 (100.2%) (-2.94, 2.94) [0.00, 5.00]`: the percentage is the LLR's share of
/// the bound it leans to, signed as fastchess computes it (`-llr / lower` below zero, which
/// is negative).
pub(super) fn llr_line(test: &Sprt, state: &SprtState) -> String {
    let share = if state.llr >= 0.0 {
        state.llr / state.ubound
    } else {
        -state.llr / state.lbound
    };
    format!(
        "LLR: {} ({}%) ({}, {}) [{}, {}]",
        f2(state.llr),
        fixed(share * 100.0, 1, Library::Fmt),
        f2(state.lbound),
        f2(state.ubound),
        f2(test.elo0),
        f2(test.elo1)
    )
}

/// `SPRT ([0.00, 5.00]) completed - H1 was accepted`, after the last block of a decided test.
pub(super) fn decided_line(test: &Sprt, state: &SprtState) -> Option<String> {
    let which = match state.decision? {
        Decision::H0 => "H0",
        Decision::H1 => "H1",
    };
    Some(format!(
        "SPRT ([{}, {}]) completed - {which} was accepted\n",
        f2(test.elo0),
        f2(test.elo1)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchplay::sprt::EloModel;
    use regex_lite::Regex;

    /// fishtest's worker (worker/games.py) reads fastchess's block with these two patterns,
    /// line by line, and checks that the games are twice the pairs.
    const FISHTEST_WLD: &str =
        r"Games: ([0-9]+), Wins: ([0-9]+), Losses: ([0-9]+), Draws: ([0-9]+), Points: ([0-9.]+) \(";
    const FISHTEST_PTNML: &str =
        r"Ptnml\(0-2\): \[([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)\]";

    /// The `Games:` line as fishtest's worker takes it: games, wins, losses, draws, points.
    type GamesLine = (u32, u32, u32, u32, f64);

    /// What fishtest's worker takes from a block: the games line and the five pair counts.
    fn fishtest_reads(text: &str) -> (Option<GamesLine>, Option<[u32; 5]>) {
        let (wld, ptnml) = (
            Regex::new(FISHTEST_WLD).unwrap(),
            Regex::new(FISHTEST_PTNML).unwrap(),
        );
        let (mut games, mut pairs) = (None, None);
        for line in text.lines() {
            if let Some(m) = wld.captures(line) {
                let n = |i: usize| m[i].parse::<u32>().unwrap();
                games = Some((n(1), n(2), n(3), n(4), m[5].parse().unwrap()));
            }
            if let Some(m) = ptnml.captures(line) {
                pairs = Some(std::array::from_fn(|i| m[i + 1].parse().unwrap()));
            }
        }
        (games, pairs)
    }

    fn encounter(score: Score, pentanomial: Pentanomial) -> Encounter {
        Encounter {
            players: ["New-1a2b3c".to_owned(), "Base-4d5e6f".to_owned()],
            score,
            pentanomial,
        }
    }

    fn setup() -> Setup {
        Setup {
            control: "10+0.1".into(),
            threads: "1t".into(),
            hash: "16MB".into(),
            book: Some("UHO_Lichess_4852_v1.epd".into()),
        }
    }

    fn players() -> Vec<String> {
        vec!["New-1a2b3c".to_owned(), "Base-4d5e6f".to_owned()]
    }

    #[test]
    fn fishtest_reads_the_games_and_pairs_of_the_block() {
        let pairs = Pentanomial {
            counts: [3, 5, 9, 6, 2],
            win_loss: 4,
        };
        // The score also counts a game whose pair is not complete: the block does not.
        let mut score = pairs.games();
        score.wins += 1;
        let e = encounter(score, pairs);
        let test = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
            model: EloModel::Normalized,
        };
        let state = test.state(&score, Some(&pairs));
        let text = block(&players(), &[e], true, &setup(), Some((&test, &state)));
        let (games, ptnml) = fishtest_reads(&text);
        let (n, w, l, d, points) = games.expect("fishtest finds the Games line");
        assert_eq!(ptnml, Some([3, 5, 9, 6, 2]));
        let played = pairs.games();
        assert_eq!((w, l, d), (played.wins, played.losses, played.draws));
        // W = 2·WW + WD + WL, L = 2·LL + LD + WL, D = WD + LD + 2·DD.
        assert_eq!((w, l, d), (2 * 2 + 6 + 4, 2 * 3 + 5 + 4, 6 + 5 + 2 * 5));
        // fishtest's own checks: the games are twice the pairs, the points W + D/2.
        assert_eq!(n, 2 * 25);
        assert_eq!(w + l + d, n);
        assert_eq!(points, f64::from(w) + f64::from(d) / 2.0);
        insta::assert_snapshot!(text);
    }

    #[test]
    fn without_pairs_the_block_has_no_ptnml_and_counts_every_game() {
        let score = Score {
            wins: 7,
            losses: 4,
            draws: 9,
        };
        let text = block(
            &players(),
            &[encounter(score, Pentanomial::default())],
            false,
            &Setup {
                book: None,
                ..setup()
            },
            None,
        );
        let (games, ptnml) = fishtest_reads(&text);
        assert_eq!(games, Some((20, 7, 4, 9, 11.5)));
        assert_eq!(ptnml, None);
        assert!(
            !text.contains("PairsRatio") && !text.contains("LLR"),
            "{text}"
        );
        insta::assert_snapshot!(text);
    }

    #[test]
    fn one_sided_results_print_as_fastchess_prints_them() {
        // Every pair won: Elo +inf, its interval inf − inf, no losing pair to divide by, no
        // one-point pair.
        let pairs = Pentanomial {
            counts: [0, 0, 0, 0, 4],
            win_loss: 0,
        };
        let text = block(
            &players(),
            &[encounter(pairs.games(), pairs)],
            true,
            &setup(),
            None,
        );
        assert!(text.contains("Elo: inf +/- "), "{text}");
        assert!(
            text.contains("LOS: 100.00 %, DrawRatio: 0.00 %, PairsRatio: inf"),
            "{text}"
        );
        assert!(
            text.contains("Ptnml(0-2): [0, 0, 0, 0, 4], WL/DD Ratio: "),
            "{text}"
        );
        assert_eq!(fishtest_reads(&text).1, Some([0, 0, 0, 0, 4]));
    }

    #[test]
    fn the_llr_line_and_the_decision_read_as_fastchess_writes_them() {
        let test = Sprt {
            elo0: -50.0,
            elo1: 50.0,
            alpha: 0.05,
            beta: 0.1,
            model: EloModel::Normalized,
        };
        let (lbound, ubound) = test.bounds();
        let below = SprtState {
            llr: -1.28,
            lbound,
            ubound,
            pentanomial: true,
            decision: None,
        };
        // fastchess's fraction below zero is −llr / lower: negative.
        let share = 1.28 / lbound * 100.0;
        assert_eq!(
            llr_line(&test, &below),
            format!("LLR: -1.28 ({share:.1}%) ({lbound:.2}, {ubound:.2}) [-50.00, 50.00]")
        );
        assert_eq!(
            llr_line(&test, &below),
            "LLR: -1.28 (-56.9%) (-2.25, 2.89) [-50.00, 50.00]"
        );
        assert_eq!(decided_line(&test, &below), None);
        let decided = SprtState {
            llr: 3.0,
            decision: Some(Decision::H1),
            ..below
        };
        assert_eq!(
            decided_line(&test, &decided).as_deref(),
            Some("SPRT ([-50.00, 50.00]) completed - H1 was accepted\n")
        );
    }

    #[test]
    fn more_engines_make_a_rank_table() {
        let names: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let pairs = |counts: [u32; 5]| Pentanomial {
            counts,
            win_loss: counts[2] / 2,
        };
        let e = |x: &str, y: &str, p: Pentanomial| Encounter {
            players: [x.into(), y.into()],
            score: p.games(),
            pentanomial: p,
        };
        let encounters = [
            e("a", "b", pairs([0, 1, 2, 3, 1])),
            e("a", "c", pairs([1, 2, 2, 1, 1])),
            e("b", "c", pairs([0, 0, 4, 2, 0])),
        ];
        let text = block(&names, &encounters, true, &Setup::default(), None);
        insta::assert_snapshot!(text);
    }
}
