//! What a tournament reports: its games as played, each with the pair it belongs to, the
//! scores over them and where the SPRT stands.

use serde::{Deserialize, Serialize};

use super::TournamentOptions;
use crate::matchplay::schedule::Plan;
use crate::matchplay::sprt::{Sprt, SprtState};
use crate::matchplay::tally::{Encounter, GameOutcome, Standing, Tally, standings};
use crate::matchplay::termination::{Termination, Unplayed};
use crate::matchplay::{GameRecord, MatchGame, MatchSettings};

/// A game as played in the match: its record and the pair it belongs to.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PlayedGame {
    /// The game as played and judged; in JSON its fields sit beside `pair`, not nested.
    #[serde(flatten)]
    pub record: GameRecord,
    /// The pair it belongs to, numbered over the whole match (with `--repeat`: one opening,
    /// colours swapped); none for a game outside any pair.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair: Option<usize>,
}

impl PlayedGame {
    /// Whether the game was aborted once the match was decided (`--on-sprt-decision abort`).
    pub(crate) fn aborted_on_decision(&self) -> bool {
        self.record.termination == Termination::Aborted(Unplayed::MatchDecided)
    }

    /// The game for the score; none for a game that was not played (an illegal opening) or
    /// not played out (aborted once the match was decided).
    pub fn outcome(&self) -> Option<GameOutcome> {
        if self.record.aborted {
            return None;
        }
        Some(GameOutcome {
            number: self.record.number,
            first: self.record.first.clone(),
            second: self.record.second.clone(),
            result: self.record.result,
            pair: self.pair,
        })
    }
}

/// The SPRT's settings and where it stands.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct SprtReport {
    /// The test as given: hypotheses, error rates and Elo model.
    pub settings: Sprt,
    /// The LLR, its bounds and the decision, after the games counted so far.
    pub state: SprtState,
}

/// A whole match: its games in number order and its scores. Read back (a partition's results,
/// a worker's file), it needs `MatchReport::named_in_its_game`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct MatchReport {
    /// The game played, written at the report's top level (`game`, with gomoku's `rule`
    /// and `board`).
    #[serde(flatten)]
    pub game: MatchGame,
    /// The engines' names, in the order they were given; encounters list theirs in it.
    pub players: Vec<String>,
    /// The shape of the match as given: tournament, games, rounds, pairs, partition.
    pub plan: Plan,
    /// The time control, as given (`st=0.1`, `tc=40/60+0.6`).
    pub control: String,
    /// The opening book, as given, with the seed that ordered it (set by the caller that read
    /// it), so a match can be replayed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub openings: Option<String>,
    /// Every game this run played, in number order; aborted ones are included, marked
    /// `aborted`, and count nowhere.
    pub games: Vec<PlayedGame>,
    /// The score of each encounter (two engines that met), over this report's games.
    pub encounters: Vec<Encounter>,
    /// Each engine's score and Elo against the field, over this report's games, best first.
    pub standings: Vec<Standing>,
    /// The SPRT's settings and last state, when the match has one; a worker's is over all
    /// the workers' games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtReport>,
}

impl MatchReport {
    /// The report of a match played under `settings` and `options` by the engines `names`:
    /// its games (in number order), their `tally` and the SPRT's last state.
    pub(super) fn of_games(
        settings: &MatchSettings,
        options: &TournamentOptions,
        names: &[String],
        games: Vec<PlayedGame>,
        tally: &Tally,
        sprt_state: Option<SprtState>,
    ) -> MatchReport {
        let encounters = tally.encounters();
        let standings = standings(names, &encounters);
        MatchReport {
            game: settings.game,
            players: names.to_vec(),
            plan: options.plan,
            control: settings.control.to_string(),
            openings: None,
            games,
            encounters,
            standings,
            sprt: options
                .sprt
                .zip(sprt_state)
                .map(|(settings, state)| SprtReport { settings, state }),
        }
    }

    /// The games aborted once the match was decided: in the report, counted nowhere.
    pub(crate) fn aborted_on_decision(&self) -> usize {
        self.games
            .iter()
            .filter(|g| g.aborted_on_decision())
            .count()
    }

    /// The report read back, its games' colours named as its game names them (see
    /// [`GameRecord::in_game`]).
    pub(crate) fn named_in_its_game(mut self) -> MatchReport {
        let kind = self.game.kind();
        for game in &mut self.games {
            game.record = game.record.clone().in_game(kind);
        }
        self
    }
}
