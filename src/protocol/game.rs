//! Which game a protocol's moves belong to. Each protocol was written for one game, but UCI is
//! spoken by xiangqi engines too (Fairy-Stockfish with `UCI_Variant xiangqi`, Pikafish), with
//! xiangqi positions and UCI-shaped moves on a board of ten ranks.

use std::fmt;
use std::str::FromStr;

use super::Protocol;

/// A game whose moves Arbiter can judge for legality; written in lowercase in reports, scenario
/// files and `--game`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Chinese chess, the game of UCCI (ICCS moves such as `h2e2`), and of UCI xiangqi engines.
    Xiangqi,
    /// Western chess, the game of UCI (long algebraic moves such as `e2e4`).
    Chess,
    /// Five in a row, the game of Gomocup (moves as `x,y`) and AGI (two hex digits, `78`).
    Gomoku,
}

impl GameKind {
    /// Every game, in the order `--game` and error messages list them.
    pub const ALL: [GameKind; 3] = [GameKind::Xiangqi, GameKind::Chess, GameKind::Gomoku];

    /// Its lowercase name as reports, scenario files and `--game` spell it: `xiangqi`.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Xiangqi => "xiangqi",
            GameKind::Chess => "chess",
            GameKind::Gomoku => "gomoku",
        }
    }
}

impl Protocol {
    /// The game the protocol's text was written for.
    pub const fn default_game(self) -> GameKind {
        self.games()[0]
    }

    /// The protocol whose text was written for `game` (UCCI for xiangqi, UCI for chess,
    /// Gomocup for gomoku): the first in the table that has it as its own.
    pub fn of_game(game: GameKind) -> Protocol {
        Protocol::ALL
            .into_iter()
            .find(|p| p.default_game() == game)
            .expect("every game is some protocol's own")
    }

    /// The games Arbiter can judge under the protocol, its own first.
    pub const fn games(self) -> &'static [GameKind] {
        self.descriptor().games
    }

    /// `game` if the protocol is spoken for it, else an error naming the ones it is.
    pub fn check_game(self, game: GameKind) -> Result<GameKind, WrongGame> {
        if self.games().contains(&game) {
            Ok(game)
        } else {
            Err(WrongGame {
                protocol: self,
                game,
            })
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that is not one of `xiangqi`, `chess`, `gomoku`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {0:?}: expected xiangqi, chess or gomoku")]
pub struct UnknownGame(pub String);

/// A game the protocol is not spoken for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{protocol} is not spoken for {game} here (it is for {})", names(protocol.games()))]
pub struct WrongGame {
    /// The protocol the engine is run with.
    pub protocol: Protocol,
    /// The game asked for, which that protocol is not spoken for.
    pub game: GameKind,
}

fn names(games: &[GameKind]) -> String {
    games
        .iter()
        .map(|g| g.name())
        .collect::<Vec<_>>()
        .join(" and ")
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_has_the_protocol_written_for_it() {
        assert_eq!(Protocol::of_game(GameKind::Xiangqi), Protocol::Ucci);
        assert_eq!(Protocol::of_game(GameKind::Chess), Protocol::Uci);
        assert_eq!(Protocol::of_game(GameKind::Gomoku), Protocol::Gomocup);
    }

    #[test]
    fn uci_speaks_chess_and_xiangqi_the_others_their_own_game() {
        assert_eq!(
            Protocol::Uci.check_game(GameKind::Xiangqi),
            Ok(GameKind::Xiangqi)
        );
        assert_eq!(
            Protocol::Ucci
                .check_game(GameKind::Chess)
                .unwrap_err()
                .to_string(),
            "ucci is not spoken for chess here (it is for xiangqi)"
        );
        for p in Protocol::ALL {
            assert_eq!(p.games()[0], p.default_game());
        }
        assert_eq!("Xiangqi".parse::<GameKind>(), Ok(GameKind::Xiangqi));
        assert!("go".parse::<GameKind>().is_err());
    }
}
