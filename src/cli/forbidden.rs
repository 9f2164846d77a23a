//! `arbiter forbidden`: is a point forbidden for black under renju, and why.

use super::CliError;

#[derive(clap::Args, Debug)]
pub struct ForbiddenArgs {
    /// Board size N for an NxN board (Gomocup `START N`).
    #[arg(long)]
    size: Option<u32>,
    /// A rectangular board W,H (Gomocup `RECTSTART W,H`); takes the place of --size.
    #[arg(long)]
    rect: Option<String>,
    /// Black stones, as space-separated `x,y` points (0-based, x the column, y the row).
    #[arg(long, default_value = "")]
    black: String,
    /// White stones, as space-separated `x,y` points.
    #[arg(long, default_value = "")]
    white: String,
    /// The empty point to ask about.
    #[arg(long)]
    point: String,
}

pub fn run(_args: &ForbiddenArgs) -> Result<String, CliError> {
    Err(CliError::BadInput("renju rules are not built yet".into()))
}
