//! `arbiter forbidden`: is a point forbidden for black under renju, and why.

use super::CliError;
use arbiter::rules::gomoku::{Board, BoardSize, Point, Stone};

#[derive(clap::Args, Debug)]
pub(super) struct ForbiddenArgs {
    /// Board size N for an NxN board (Gomocup `START N`), 5 to 32.
    #[arg(long, required_unless_present = "rect")]
    size: Option<u32>,
    /// A rectangular board W,H (Gomocup `RECTSTART W,H`); takes the place of --size.
    #[arg(long, value_name = "W,H")]
    rect: Option<String>,
    /// Black stones, as space-separated `x,y` points (0-based, x the column, y the row).
    #[arg(long, default_value = "")]
    black: String,
    /// White stones, as space-separated `x,y` points.
    #[arg(long, default_value = "")]
    white: String,
    /// The empty point to ask about, `x,y`.
    #[arg(long)]
    point: String,
}

fn usage(message: impl ToString) -> CliError {
    CliError::Usage(message.to_string())
}

fn board_size(args: &ForbiddenArgs) -> Result<BoardSize, CliError> {
    match (&args.rect, args.size) {
        (Some(rect), _) => {
            let dimension = |text: &str| {
                text.trim()
                    .parse::<u32>()
                    .map_err(|_| usage(format!("--rect {rect:?} is not W,H (two whole numbers)")))
            };
            let (w, h) = rect
                .split_once(',')
                .ok_or_else(|| usage(format!("--rect {rect:?} is not W,H (two whole numbers)")))?;
            BoardSize::rect(dimension(w)?, dimension(h)?).map_err(usage)
        }
        (None, Some(n)) => BoardSize::square(n).map_err(usage),
        (None, None) => Err(usage("give the board as --size N or --rect W,H")),
    }
}

fn parse_point(text: &str, flag: &str) -> Result<Point, CliError> {
    text.parse::<Point>()
        .map_err(|err| usage(format!("{flag}: {err}")))
}

pub(super) fn run(args: &ForbiddenArgs) -> Result<String, CliError> {
    let size = board_size(args)?;
    let mut board = Board::new(size);
    for (flag, list, stone) in [
        ("--black", &args.black, Stone::Black),
        ("--white", &args.white, Stone::White),
    ] {
        for text in list.split_whitespace() {
            let point = parse_point(text, flag)?;
            board
                .place(point, stone)
                .map_err(|err| usage(format!("{flag}: {err}")))?;
        }
    }
    let point = parse_point(&args.point, "--point")?;
    size.check(point)
        .map_err(|err| usage(format!("--point: {err}")))?;
    if board.get(point).is_some() {
        return Err(usage(format!("--point: point {point} is already occupied")));
    }
    Ok(match board.forbidden(point) {
        None => "allowed\n".to_owned(),
        Some(reason) => format!("forbidden {reason}\n"),
    })
}
