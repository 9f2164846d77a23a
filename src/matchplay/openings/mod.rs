//! Opening books for match play (`--openings file=F format=epd|fen|pgn|moves order=… start=N
//! plies=N`): each opening a position and moves from it, read and checked against the game's
//! rules oracle before any engine starts, so a bad book is one clear error naming its line,
//! never a game lost by an engine that was handed an impossible position.

use std::ops::ControlFlow;
use std::path::PathBuf;

mod replay;

pub(crate) use replay::replay;
pub(crate) use replay::{OpeningError, check_opening};

use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position as _};
use thiserror::Error;

use super::{MatchGame, Opening};

/// How a book's file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookFormat {
    /// One position a line, EPD: four FEN fields, then operations (`bm`, `id`, …) that are
    /// ignored.
    Epd,
    /// One FEN a line.
    Fen,
    /// PGN games (chess): the `FEN` tag if any, and the main line's moves.
    Pgn,
    /// One opening a line: moves from the standard start in the game's notation, separated
    /// by spaces (ICCS for xiangqi, UCI for chess, Gomocup points `x,y` for gomoku, black
    /// first). `points` is its other name, for gomoku books.
    Moves,
}

/// In which order the openings are used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookOrder {
    /// In the book's order, from `start`.
    Sequential,
    /// Shuffled once with the match's seed, so a match can be replayed.
    Random,
}

/// `--openings file=F format=… order=… start=N plies=N`, as given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookSpec {
    /// The book's file.
    pub file: PathBuf,
    /// The book's format.
    pub format: BookFormat,
    /// The order its openings are used in.
    pub order: BookOrder,
    /// The first opening used, counted from 1.
    pub start: usize,
    /// At most this many plies of each opening's moves (PGN, points).
    pub plies: Option<usize>,
}

/// Why a book could not be read.
#[derive(Debug, Error)]
pub enum BookError {
    #[error(
        "--openings: `{0}` is not file=F, format=epd|fen|pgn|points, order=sequential|random, start=N or plies=N"
    )]
    /// A word of `--openings` that does not read.
    BadSetting(String),
    /// No `file=` was given.
    #[error("--openings: file=FILE is missing")]
    NoFile,
    /// The book could not be read.
    #[error("--openings {file}: {source}")]
    Read {
        /// The book's file.
        file: String,
        /// Why it could not be read.
        source: std::io::Error,
    },
    /// A line of the book does not read.
    #[error("--openings {file}, line {line}: {source}")]
    Bad {
        /// The book's file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// Why it does not read.
        #[source]
        source: OpeningError,
    },
    /// A game of a PGN book does not read.
    #[error("--openings {file}, game {game}: {source}")]
    BadGame {
        /// The book.
        file: String,
        /// The game's place in the file, from 1: PGN games have no line numbers of their own.
        game: usize,
        /// Why it does not read.
        #[source]
        source: PgnGameError,
    },
    #[error("--openings {file}: no opening in it")]
    /// The book holds no opening.
    Empty {
        /// The book's file.
        file: String,
    },
    /// The book's format is not of the match's game.
    #[error("--openings: format={format} does not fit {game}")]
    WrongGame {
        /// The format given.
        format: &'static str,
        /// The match's game.
        game: &'static str,
    },
    /// `start=` is past the book's last opening.
    #[error("--openings {file}: start={start}, but the book has {count} openings")]
    StartPastEnd {
        /// The book's file.
        file: String,
        /// The first opening asked for.
        start: usize,
        /// The openings in the book.
        count: usize,
    },
}

impl BookSpec {
    /// Reads `KEY=VALUE` words.
    pub fn parse(words: &[String]) -> Result<BookSpec, BookError> {
        let mut file = None;
        let mut format = None;
        let mut order = BookOrder::Sequential;
        let mut start = 1;
        let mut plies = None;
        for word in words {
            let bad = || BookError::BadSetting(word.clone());
            match word.split_once('=') {
                Some(("file", v)) if !v.is_empty() => file = Some(PathBuf::from(v)),
                Some(("format", v)) => {
                    format = Some(match v {
                        "epd" => BookFormat::Epd,
                        "fen" => BookFormat::Fen,
                        "pgn" => BookFormat::Pgn,
                        "moves" | "points" => BookFormat::Moves,
                        _ => return Err(bad()),
                    })
                }
                Some(("order", "sequential")) => order = BookOrder::Sequential,
                Some(("order", "random")) => order = BookOrder::Random,
                Some(("start", v)) => {
                    start = v.parse().ok().filter(|n| *n > 0).ok_or_else(bad)?;
                }
                Some(("plies", v)) => plies = Some(v.parse().map_err(|_| bad())?),
                _ => return Err(bad()),
            }
        }
        let file = file.ok_or(BookError::NoFile)?;
        // The file's extension names its format when `format=` is not given.
        let format = match format {
            Some(f) => f,
            None => match file.extension().and_then(|e| e.to_str()) {
                Some("pgn") => BookFormat::Pgn,
                Some("fen") => BookFormat::Fen,
                Some("txt" | "moves" | "points") => BookFormat::Moves,
                _ => BookFormat::Epd,
            },
        };
        Ok(BookSpec {
            file,
            format,
            order,
            start,
            plies,
        })
    }

    /// The book's openings for `game`, each checked by the rules oracle, in the order to use
    /// them (shuffled with `seed` for `order=random`, then from `start`).
    pub fn load(&self, game: MatchGame, seed: u64) -> Result<Vec<Opening>, BookError> {
        let name = self.file.display().to_string();
        let text = std::fs::read_to_string(&self.file).map_err(|source| BookError::Read {
            file: name.clone(),
            source,
        })?;
        let mut openings = read_book(&text, self.format, game, self.plies)
            .map_err(|refused| refused.in_book(name.clone(), game))?;
        if openings.is_empty() {
            return Err(BookError::Empty { file: name });
        }
        if self.order == BookOrder::Random {
            fastrand::Rng::with_seed(seed).shuffle(&mut openings);
        }
        if self.start > openings.len() {
            return Err(BookError::StartPastEnd {
                file: name,
                start: self.start,
                count: openings.len(),
            });
        }
        openings.rotate_left(self.start - 1);
        Ok(openings)
    }
}

/// Every opening of a book's text, or where and why the first bad one is refused.
fn read_book(
    text: &str,
    format: BookFormat,
    game: MatchGame,
    plies: Option<usize>,
) -> Result<Vec<Opening>, Refused> {
    match (format, game) {
        (BookFormat::Pgn, MatchGame::Chess) => pgn_openings(text, plies),
        (BookFormat::Pgn, _) => Err(Refused::WrongGame("pgn")),
        (BookFormat::Moves, _) => move_openings(text, game, plies),
        (BookFormat::Epd | BookFormat::Fen, MatchGame::Gomoku { .. }) => {
            Err(Refused::WrongGame("epd/fen"))
        }
        (BookFormat::Epd | BookFormat::Fen, _) => position_openings(text, format, game),
    }
}

/// The openings of an EPD or FEN book: one position a line.
fn position_openings(
    text: &str,
    format: BookFormat,
    game: MatchGame,
) -> Result<Vec<Opening>, Refused> {
    lines(text)
        .map(|(line, words)| {
            let fen = match format {
                // EPD holds the four FEN fields without the move counters.
                BookFormat::Epd => {
                    let fields: Vec<&str> = words.split_whitespace().take(4).collect();
                    format!("{} 0 1", fields.join(" "))
                }
                _ => words.trim().to_owned(),
            };
            let opening = Opening {
                fen: Some(fen),
                moves: Vec::new(),
            };
            check(&opening, game)
                .map(|()| opening)
                .map_err(|error| Refused::Line(line, error))
        })
        .collect()
}

/// The lines that hold something, numbered from 1; `#` starts a comment line.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
}

/// Whether the oracle accepts the opening's position and each of its moves (and leaves a
/// game to play).
pub(crate) fn check(opening: &Opening, game: MatchGame) -> Result<(), OpeningError> {
    match game {
        MatchGame::Gomoku { size, rule } => {
            super::gomoku::setup(size, rule, &opening.moves).map(drop)?;
            Ok(())
        }
        _ => check_opening(game, opening),
    }
}

/// The openings of a book of moves from the standard start: one opening a line.
fn move_openings(
    text: &str,
    game: MatchGame,
    plies: Option<usize>,
) -> Result<Vec<Opening>, Refused> {
    lines(text)
        .map(|(line, words)| {
            let mut moves: Vec<String> = words.split_whitespace().map(str::to_owned).collect();
            if let Some(p) = plies {
                moves.truncate(p);
            }
            let opening = Opening { fen: None, moves };
            check(&opening, game)
                .map(|()| opening)
                .map_err(|error| Refused::Line(line, error))
        })
        .collect()
}

/// The openings of a PGN book: one a game.
fn pgn_openings(text: &str, plies: Option<usize>) -> Result<Vec<Opening>, Refused> {
    let mut reader = Reader::new(text.as_bytes());
    let mut visitor = PgnOpening { plies };
    let mut openings = Vec::new();
    loop {
        match reader.read_game(&mut visitor) {
            Ok(Some(Ok(opening))) => openings.push(opening),
            // PGN games have no line numbers of their own: count them instead.
            Ok(Some(Err(error))) => return Err(Refused::Game(openings.len() + 1, error)),
            Ok(None) => return Ok(openings),
            Err(error) => return Err(Refused::Pgn(error)),
        }
    }
}

/// Why a PGN game is not an opening: its `FEN` tag or a move of its main line.
#[derive(Debug, Error)]
pub enum PgnGameError {
    /// The `FEN` tag does not read.
    #[error("FEN `{fen}`: {source}")]
    FenText {
        /// The tag's value.
        fen: String,
        /// Why it does not read.
        #[source]
        source: shakmaty::fen::ParseFenError,
    },
    /// The `FEN` tag reads, but is no legal chess setup.
    #[error("FEN `{fen}`: {source}")]
    FenSetup {
        /// The tag's value.
        fen: String,
        /// Why the setup is refused.
        #[source]
        source: Box<shakmaty::PositionError<Chess>>,
    },
    /// A move of the main line is not legal where it comes.
    #[error("move `{san}`: {source}")]
    Move {
        /// The move as the game writes it.
        san: String,
        /// Why it is refused.
        #[source]
        source: shakmaty::san::SanError,
    },
}

/// Why a book's text is refused: the entry, and why; or the whole text.
#[derive(Debug)]
enum Refused {
    Line(usize, OpeningError),
    Game(usize, PgnGameError),
    Pgn(std::io::Error),
    WrongGame(&'static str),
}

impl Refused {
    /// The error of the book read from `file` for `game`.
    fn in_book(self, file: String, game: MatchGame) -> BookError {
        match self {
            Refused::Line(line, source) => BookError::Bad { file, line, source },
            Refused::Game(number, source) => BookError::BadGame {
                file,
                game: number,
                source,
            },
            Refused::Pgn(source) => BookError::Read { file, source },
            Refused::WrongGame(format) => BookError::WrongGame {
                format,
                game: game.kind().name(),
            },
        }
    }
}

/// Reads a PGN game's start and main line into UCI moves, judged by shakmaty as it goes.
struct PgnOpening {
    plies: Option<usize>,
}

struct PgnMoves {
    fen: Option<String>,
    position: Chess,
    moves: Vec<String>,
    error: Option<PgnGameError>,
}

impl Visitor for PgnOpening {
    type Tags = Option<String>;
    type Movetext = PgnMoves;
    type Output = Result<Opening, PgnGameError>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            *tags = Some(value.decode_utf8_lossy().into_owned());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, fen: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let position = match &fen {
            None => Chess::default(),
            Some(text) => match start(text) {
                Ok(position) => position,
                Err(error) => return ControlFlow::Break(Err(error)),
            },
        };
        ControlFlow::Continue(PgnMoves {
            fen,
            position,
            moves: Vec::new(),
            error: None,
        })
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: SanPlus,
    ) -> ControlFlow<Self::Output> {
        if movetext.error.is_some() || self.plies.is_some_and(|p| movetext.moves.len() >= p) {
            return ControlFlow::Continue(());
        }
        match san_plus.san.to_move(&movetext.position) {
            Ok(mv) => {
                movetext.moves.push(UciMove::from_standard(mv).to_string());
                movetext.position.play_unchecked(mv);
            }
            Err(source) => {
                movetext.error = Some(PgnGameError::Move {
                    san: san_plus.to_string(),
                    source,
                });
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _movetext: &mut Self::Movetext,
    ) -> ControlFlow<Self::Output, Skip> {
        // Only the main line is the opening.
        ControlFlow::Continue(Skip(true))
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        match movetext.error {
            Some(e) => Err(e),
            None => Ok(Opening {
                fen: movetext.fen,
                moves: movetext.moves,
            }),
        }
    }
}

/// The position a PGN game's `FEN` tag sets up.
fn start(fen: &str) -> Result<Chess, PgnGameError> {
    let parsed = Fen::from_ascii(fen.as_bytes()).map_err(|source| PgnGameError::FenText {
        fen: fen.to_owned(),
        source,
    })?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|source| PgnGameError::FenSetup {
            fen: fen.to_owned(),
            source: Box::new(source),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchplay::gomoku::SetupError;
    use crate::rules::gomoku::Rule;

    const GOMOKU: MatchGame = MatchGame::Gomoku {
        size: 15,
        rule: Rule::FREESTYLE,
    };

    /// The line of a book refused for one of its lines, and why.
    fn refused_line(read: Result<Vec<Opening>, Refused>) -> (usize, String) {
        match read.unwrap_err() {
            Refused::Line(line, error) => (line, error.to_string()),
            other => panic!("not a line refused: {other:?}"),
        }
    }

    /// A book that does not hold is an error naming the file and the line (a PGN book's
    /// game) of the first bad opening, with why, of a kind a caller can tell apart.
    #[test]
    fn a_malformed_book_names_its_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let load = |name: &str, text: &str, game: MatchGame| {
            let file = dir.path().join(name);
            std::fs::write(&file, text).unwrap();
            let spec = BookSpec::parse(&[format!("file={}", file.display())]).unwrap();
            (file.display().to_string(), spec.load(game, 0).unwrap_err())
        };
        let (file, error) = load("book.txt", "e2e4\ne2e5\n", MatchGame::Chess);
        assert!(
            matches!(
                &error,
                BookError::Bad { line: 2, source: OpeningError::Move { number: 1, mv, .. }, .. }
                    if mv == "e2e5"
            ),
            "{error:?}"
        );
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("--openings {file}, line 2: opening move 1 `e2e5`")),
            "{message}"
        );
        let (file, error) = load("book.pgn", "1. e4 e5 *\n\n1. e4 e4 *\n", MatchGame::Chess);
        assert!(
            matches!(
                &error,
                BookError::BadGame { game: 2, source: PgnGameError::Move { san, .. }, .. }
                    if san == "e4"
            ),
            "{error:?}"
        );
        assert!(
            error
                .to_string()
                .starts_with(&format!("--openings {file}, game 2: move `e4`")),
            "{error}"
        );
        let (_, error) = load("stones.txt", "7,7 7,7\n", GOMOKU);
        assert!(
            matches!(
                &error,
                BookError::Bad {
                    line: 1,
                    source: OpeningError::Stones(SetupError::Illegal(_)),
                    ..
                }
            ),
            "{error:?}"
        );
        let (_, error) = load("book.pgn", "1. e4 *\n", MatchGame::Xiangqi);
        assert_eq!(
            error.to_string(),
            "--openings: format=pgn does not fit xiangqi"
        );
    }

    #[test]
    fn epd_and_fen_books_are_read_and_checked_line_by_line() {
        let epd = "# a comment\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";\n\n";
        let book = read_book(epd, BookFormat::Epd, MatchGame::Chess, None).unwrap();
        assert_eq!(book.len(), 1);
        assert_eq!(
            book[0].fen.as_deref(),
            Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        );
        let xiangqi = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n";
        assert!(read_book(xiangqi, BookFormat::Fen, MatchGame::Xiangqi, None).is_ok());
        // Two white kings: the oracle refuses the setup, naming the line.
        let bad = "4k3/8/8/8/8/8/8/K3K3 w - - 0 1\n";
        let (line, message) = refused_line(read_book(bad, BookFormat::Fen, MatchGame::Chess, None));
        assert_eq!(line, 1);
        assert!(message.contains("FEN"), "{message}");
        assert!(read_book(xiangqi, BookFormat::Fen, GOMOKU, None).is_err());
    }

    #[test]
    fn pgn_books_give_uci_moves_from_the_tagged_start_and_the_main_line_only() {
        let pgn = "[Event \"a\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bb5 *\n\n\
                   [FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 *\n";
        let book = pgn_openings(pgn, Some(4)).unwrap();
        assert_eq!(book.len(), 2);
        assert_eq!(book[0].moves, ["e2e4", "e7e5", "g1f3", "b8c6"]);
        assert_eq!(book[0].fen, None);
        assert_eq!(book[1].moves, ["e1g1", "e8d7"]);
        assert!(book[1].fen.is_some());
        for opening in &book {
            check(opening, MatchGame::Chess).unwrap();
        }
        let Err(Refused::Game(1, error)) = pgn_openings("1. e4 e4 *\n", None) else {
            panic!("the first game is refused");
        };
        let message = error.to_string();
        assert!(message.contains("e4"), "{message}");
    }

    #[test]
    fn move_books_are_played_from_the_standard_start() {
        let book = read_book(
            "h2e2 h9g7\nc3c4\n",
            BookFormat::Moves,
            MatchGame::Xiangqi,
            None,
        )
        .unwrap();
        assert_eq!(book[1].moves, ["c3c4"]);
        // The book shipped with Arbiter holds only legal openings.
        let shipped = include_str!("../../../openings/xiangqi.txt");
        let book = read_book(shipped, BookFormat::Moves, MatchGame::Xiangqi, None).unwrap();
        assert_eq!(book.len(), 18);
        let (line, message) = refused_line(read_book(
            "e2e4\ne2e5\n",
            BookFormat::Moves,
            MatchGame::Chess,
            None,
        ));
        assert_eq!(line, 2);
        assert!(message.contains("e2e5"), "{message}");
    }

    #[test]
    fn point_books_are_placed_black_first_on_empty_points() {
        let book = move_openings("7,7 8,8 7,8\n0,0\n", GOMOKU, None).unwrap();
        assert_eq!(book[0].moves, ["7,7", "8,8", "7,8"]);
        let (line, message) = refused_line(move_openings("7,7\n7,7 7,7\n", GOMOKU, None));
        assert_eq!(line, 2);
        assert!(message.contains("7,7"), "{message}");
        assert!(move_openings("15,0\n", GOMOKU, None).is_err());
        // Checked as the referee plays it: black's overline is forbidden under renju only.
        let overline = "0,0 0,5 1,0 1,5 2,0 2,5 4,0 4,5 5,0 9,9 3,0\n";
        let renju = MatchGame::Gomoku {
            size: 15,
            rule: Rule::RENJU,
        };
        assert!(move_openings(overline, GOMOKU, None).is_ok());
        let (line, message) = refused_line(move_openings(overline, renju, None));
        assert_eq!(line, 1);
        assert!(message.contains("3,0"), "{message}");
        assert_eq!(
            move_openings("1,1 2,2 3,3\n", GOMOKU, Some(2)).unwrap()[0]
                .moves
                .len(),
            2
        );
    }

    #[test]
    fn settings_read_with_defaults_from_the_extension() {
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let spec = BookSpec::parse(&words(&["file=book.pgn", "order=random", "start=3"])).unwrap();
        assert_eq!(spec.format, BookFormat::Pgn);
        assert_eq!(spec.order, BookOrder::Random);
        assert_eq!(spec.start, 3);
        assert!(BookSpec::parse(&words(&["format=epd"])).is_err());
        assert!(BookSpec::parse(&words(&["file=x", "start=0"])).is_err());
        assert!(BookSpec::parse(&words(&["file=x", "colour=red"])).is_err());
    }
}
