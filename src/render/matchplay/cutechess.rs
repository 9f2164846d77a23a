//! cutechess-cli's lines (`--output-format cutechess`), as its `EngineMatch` and
//! `Tournament::results` print them: `Score of …` after each game of a two-engine match;
//! at the end the colour lines, `Elo difference: … +/- …, LOS: … %, DrawRatio: … %` and
//! `SPRT: llr …` for two engines, its rank table for more; then `Finished match`.
//! OpenBench reads the `Finished game` lines of this form.

use std::fmt::Write as _;

use super::numbers::{Library, fixed, general};
use crate::matchplay::score::{CutechessElo, Score};
use crate::matchplay::sprt::{Decision, SprtState};
use crate::matchplay::tally::{Encounter, GameOutcome, against_field, by_colour};

/// `Score of A vs B: W - L - D  [0.523] N`.
pub(super) fn score_line(e: &Encounter) -> String {
    let s = &e.score;
    format!(
        "Score of {} vs {}: {} - {} - {}  [{}] {}\n",
        e.players[0],
        e.players[1],
        s.wins,
        s.losses,
        s.draws,
        fixed(s.fraction(), 3, Library::Qt),
        s.games()
    )
}

/// The end of a two-engine match: the first engine's results with each colour (the one that
/// moves first is "White"), the Elo line and the SPRT line.
pub(super) fn head_to_head(
    players: &[String],
    games: &[GameOutcome],
    sprt: Option<&SprtState>,
) -> String {
    let lead = &players[0];
    let (first, second) = by_colour(lead, games);
    let all = Score {
        wins: first.wins + second.wins,
        losses: first.losses + second.losses,
        draws: first.draws + second.draws,
    };
    let mut out = String::new();
    for (colour, s) in [("White", &first), ("Black", &second)] {
        if s.games() > 0 {
            let _ = writeln!(
                out,
                "...      {lead} playing {colour}: {} - {} - {}  [{}] {}",
                s.wins,
                s.losses,
                s.draws,
                fixed(s.fraction(), 3, Library::Qt),
                s.games()
            );
        }
    }
    if all.games() > 0 {
        // From the first mover's side: its wins, its losses, the draws.
        let white = Score {
            wins: first.wins + second.losses,
            losses: first.losses + second.wins,
            draws: all.draws,
        };
        let _ = writeln!(
            out,
            "...      White vs Black: {} - {} - {}  [{}] {}",
            white.wins,
            white.losses,
            white.draws,
            fixed(white.fraction(), 3, Library::Qt),
            white.games()
        );
    }
    let elo = CutechessElo::of(&all);
    let _ = writeln!(
        out,
        "Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %",
        elo_number(elo.diff),
        elo_number(elo.margin),
        fixed(elo.los, 1, Library::Qt),
        fixed(elo.draw_ratio, 1, Library::Qt)
    );
    if let Some(state) = sprt {
        let _ = writeln!(out, "{}", sprt_line(state));
    }
    out
}

/// An Elo figure with one decimal. An even score's Elo is −400·log₁₀(1) = −0, which Qt
/// writes without a sign.
fn elo_number(x: f64) -> String {
    fixed(x + 0.0, 1, Library::Qt)
}

/// `SPRT: llr 2.95 (100.4%), lbound -2.94, ubound 2.94 - H1 was accepted`: three significant
/// digits, and the percentage is the LLR's share of the upper bound whichever way it leans
/// (so it is negative below zero, as cutechess-cli prints it).
pub(super) fn sprt_line(state: &SprtState) -> String {
    let mut line = format!(
        "SPRT: llr {} ({}%), lbound {}, ubound {}",
        general(state.llr, 3, Library::Qt),
        fixed(state.llr / state.ubound * 100.0, 1, Library::Qt),
        general(state.lbound, 3, Library::Qt),
        general(state.ubound, 3, Library::Qt)
    );
    match state.decision {
        Some(Decision::H0) => line.push_str(" - H0 was accepted"),
        Some(Decision::H1) => line.push_str(" - H1 was accepted"),
        None => {}
    }
    line
}

/// cutechess-cli's rank table in its default columns (`Rank,Name,Elo,Error,Games,Score,
/// DScore`), each cell followed by a space: players by score, best first, ties in reverse
/// order of entry (its ranking map puts a later equal key first), players without a finished
/// game last, and in a gauntlet the first engine on top.
pub(super) fn rank_table(players: &[String], encounters: &[Encounter], gauntlet: bool) -> String {
    let mut rows: Vec<(f64, usize, Score)> = players
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let (score, _) = against_field(name, encounters);
            let key = if gauntlet && i == 0 {
                -1.0
            } else if score.games() > 0 {
                1.0 - score.fraction()
            } else {
                2.0
            };
            (key, i, score)
        })
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)));
    let mut out = format!(
        "{:>4} {:<25} {:>7} {:>7} {:>7} {:>7} {:>7} \n",
        "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draw"
    );
    // A gauntlet's first engine is listed without a rank; the others count from 1.
    let mut rank: i64 = if gauntlet { -1 } else { 0 };
    for (_, i, score) in rows {
        rank += 1;
        let elo = CutechessElo::of(&score);
        let _ = writeln!(
            out,
            "{:>4} {:<25} {:>7} {:>7} {:>7} {:>6}% {:>6}% ",
            rank,
            players[i],
            fixed(elo.diff + 0.0, 0, Library::Qt),
            fixed(elo.margin, 0, Library::Qt),
            score.games(),
            fixed(score.fraction() * 100.0, 1, Library::Qt),
            fixed(elo.draw_ratio, 1, Library::Qt)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchplay::GameResult;
    use crate::matchplay::score::Pentanomial;

    fn game(number: usize, first: &str, second: &str, result: GameResult) -> GameOutcome {
        GameOutcome {
            number,
            first: first.into(),
            second: second.into(),
            result,
            pair: None,
        }
    }

    #[test]
    fn the_closing_lines_read_as_cutechess_writes_them() {
        let players = ["new".to_owned(), "base".to_owned()];
        let games = [
            game(1, "new", "base", GameResult::FirstWins),
            game(2, "base", "new", GameResult::FirstWins),
            game(3, "new", "base", GameResult::Draw),
            game(4, "base", "new", GameResult::SecondWins),
            game(5, "new", "base", GameResult::SecondWins),
        ];
        let state = SprtState {
            llr: -1.153,
            lbound: (0.1f64 / 0.95).ln(),
            ubound: (0.9f64 / 0.05).ln(),
            pentanomial: false,
            decision: None,
        };
        insta::assert_snapshot!(head_to_head(&players, &games, Some(&state)));
    }

    #[test]
    fn the_sprt_percentage_is_a_share_of_the_upper_bound() {
        // alpha 0.05, beta 0.1: bounds ln(0.1/0.95) and ln(0.9/0.05).
        let state = SprtState {
            llr: -1.153,
            lbound: -2.251_291_798_606_495,
            ubound: 2.890_371_757_896_165,
            pentanomial: false,
            decision: None,
        };
        assert_eq!(
            sprt_line(&state),
            "SPRT: llr -1.15 (-39.9%), lbound -2.25, ubound 2.89"
        );
        let decided = SprtState {
            llr: -2.3,
            decision: Some(Decision::H0),
            ..state
        };
        assert!(
            sprt_line(&decided).ends_with("(-79.6%), lbound -2.25, ubound 2.89 - H0 was accepted")
        );
    }

    #[test]
    fn undefined_figures_print_as_cutechess_prints_them() {
        let players = ["a".to_owned(), "b".to_owned()];
        let sweep = [
            game(1, "a", "b", GameResult::FirstWins),
            game(2, "b", "a", GameResult::SecondWins),
        ];
        let text = head_to_head(&players, &sweep, None);
        assert!(
            text.ends_with("Elo difference: inf +/- nan, LOS: 92.1 %, DrawRatio: 0.0 %\n"),
            "{text}"
        );
        let draws = [
            game(1, "a", "b", GameResult::Draw),
            game(2, "b", "a", GameResult::Draw),
        ];
        let text = head_to_head(&players, &draws, None);
        assert!(
            text.ends_with("Elo difference: 0.0 +/- 0.0, LOS: nan %, DrawRatio: 100.0 %\n"),
            "{text}"
        );
    }

    #[test]
    fn more_engines_make_cutechess_rank_table() {
        let names: Vec<String> = ["alpha", "beta", "gamma"].map(String::from).to_vec();
        let e = |x: &str, y: &str, wins, losses, draws| Encounter {
            players: [x.into(), y.into()],
            score: Score {
                wins,
                losses,
                draws,
            },
            pentanomial: Pentanomial::default(),
        };
        let encounters = [
            e("alpha", "beta", 3, 1, 2),
            e("alpha", "gamma", 1, 1, 4),
            e("beta", "gamma", 0, 2, 4),
        ];
        insta::assert_snapshot!(rank_table(&names, &encounters, false));
        insta::assert_snapshot!(rank_table(&names, &encounters, true));
    }
}
