//! `arbiter coverage`: which catalogue rows the built-in library exercises, on the engine's
//! side and on the GUI's, and why the rest are not.

use std::fmt::Write as _;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::CliError;
use arbiter::certify::coverage::{RowCoverage, coverage};
use arbiter::certify::requirements::Level;
use arbiter::check::registry::Side;
use arbiter::protocol::Protocol;

#[derive(Args, Debug)]
pub(super) struct CoverageArgs {
    /// One protocol; all four if left out.
    #[arg(long)]
    protocol: Option<Protocol>,
    /// One side of the wire (`engine` or `gui`); both if left out.
    #[arg(long, value_enum)]
    side: Option<SideArg>,
    /// List every row with the scenarios and checks that exercise it.
    #[arg(long)]
    all: bool,
    #[arg(long, value_enum, default_value = "human")]
    format: CoverageFormat,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum CoverageFormat {
    Human,
    Json,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SideArg {
    Engine,
    Gui,
}

#[derive(Serialize)]
struct ProtocolCoverage {
    protocol: Protocol,
    side: Side,
    rows: Vec<RowCoverage>,
}

pub(super) fn run(args: &CoverageArgs) -> Result<String, CliError> {
    let protocols = match args.protocol {
        Some(p) => vec![p],
        None => Protocol::ALL.to_vec(),
    };
    let sides = match args.side {
        Some(SideArg::Engine) => vec![Side::Engine],
        Some(SideArg::Gui) => vec![Side::Gui],
        None => vec![Side::Engine, Side::Gui],
    };
    let mut all = Vec::new();
    for side in sides {
        for &protocol in &protocols {
            let rows = coverage(protocol, side).map_err(|e| CliError::BadInput(e.to_string()))?;
            all.push(ProtocolCoverage {
                protocol,
                side,
                rows,
            });
        }
    }
    Ok(match args.format {
        CoverageFormat::Json => {
            let mut text = serde_json::to_string_pretty(&all).expect("plain data serialises");
            text.push('\n');
            text
        }
        CoverageFormat::Human => human(&all, args.all),
    })
}

fn human(all: &[ProtocolCoverage], every_row: bool) -> String {
    let mut out = String::new();
    for p in all {
        let exercised = p.rows.iter().filter(|r| !r.exercised_by.is_empty()).count();
        let musts = |covered: bool| {
            p.rows
                .iter()
                .filter(|r| r.requirement.level == Level::Must)
                .filter(|r| r.exercised_by.is_empty() != covered)
                .count()
        };
        let _ = writeln!(
            out,
            "{}: {exercised} of {} checkable {}-side rows exercised ({} of {} musts)",
            p.protocol,
            p.rows.len(),
            match p.side {
                Side::Engine => "engine",
                Side::Gui => "GUI",
            },
            musts(true),
            musts(true) + musts(false)
        );
        for row in &p.rows {
            let r = &row.requirement;
            let level = r.level.as_str();
            if row.exercised_by.is_empty() {
                let why = row
                    .not_covered_because
                    .as_deref()
                    .unwrap_or("no reason given");
                let _ = writeln!(out, "  {:<13} {level:<6} not exercised: {why}", r.id);
            } else if every_row {
                let by = row.exercised_by.join(", ");
                let _ = writeln!(out, "  {:<13} {level:<6} {by}", r.id);
            }
        }
    }
    out
}
