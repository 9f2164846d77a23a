//! The command line's words for the library's match settings: each a `clap::ValueEnum` whose
//! doc comments are the `--help` text of its values, turned into the library's type (which
//! carries no command-line derive, so an engine project compiles no clap).

use arbiter::matchplay::pgn::XiangqiNotation;
use arbiter::matchplay::schedule::Tournament;
use arbiter::render::matchplay::OutputFormat;

/// Who meets whom (`--tournament`).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TournamentChoice {
    /// Every engine plays every other.
    RoundRobin,
    /// The first engine plays each of the others.
    Gauntlet,
}

impl From<TournamentChoice> for Tournament {
    fn from(choice: TournamentChoice) -> Tournament {
        match choice {
            TournamentChoice::RoundRobin => Tournament::RoundRobin,
            TournamentChoice::Gauntlet => Tournament::Gauntlet,
        }
    }
}

/// Whose lines the match prints (`--output-format`).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum OutputFormatChoice {
    /// cutechess-cli's: `Score of` after each game, `Elo difference`, `SPRT: llr` at the end.
    Cutechess,
    /// fastchess's: a `Results of` block every `--rating-interval` pairs (or games; ten by
    /// default) and at the end, with `Elo`/`nElo`, `Games: …`, `Ptnml(0-2): […]` and `LLR`.
    Fastchess,
}

impl From<OutputFormatChoice> for OutputFormat {
    fn from(choice: OutputFormatChoice) -> OutputFormat {
        match choice {
            OutputFormatChoice::Cutechess => OutputFormat::Cutechess,
            OutputFormatChoice::Fastchess => OutputFormat::Fastchess,
        }
    }
}

/// How xiangqi moves are written in PGN (`--pgn-notation`).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum NotationChoice {
    /// Chinese notation in xqbase PGN: `炮二平五 马８进７`.
    Chinese,
    /// ICCS coordinates in xqbase PGN (`[Format "ICCS"]`): `H2-E2 H9-G7`.
    Iccs,
    /// UCI xiangqi coordinates with `[Variant "xiangqi"]`: `h3e3 h10g8`.
    Uci,
}

impl From<NotationChoice> for XiangqiNotation {
    fn from(choice: NotationChoice) -> XiangqiNotation {
        match choice {
            NotationChoice::Chinese => XiangqiNotation::Chinese,
            NotationChoice::Iccs => XiangqiNotation::Iccs,
            NotationChoice::Uci => XiangqiNotation::Uci,
        }
    }
}
