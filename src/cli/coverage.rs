//! `arbiter coverage`: which catalogue rows the built-in library exercises, and why the rest
//! are not.

use std::fmt::Write as _;

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::CliError;
use crate::certify::coverage::{RowCoverage, coverage};
use crate::certify::requirements::Level;
use crate::protocol::Protocol;

#[derive(Args, Debug)]
pub struct CoverageArgs {
    /// One protocol; all four if left out.
    #[arg(long)]
    protocol: Option<Protocol>,
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

#[derive(Serialize)]
struct ProtocolCoverage {
    protocol: Protocol,
    rows: Vec<RowCoverage>,
}

pub fn run(args: &CoverageArgs) -> Result<String, CliError> {
    let protocols = match args.protocol {
        Some(p) => vec![p],
        None => vec![
            Protocol::Ucci,
            Protocol::Uci,
            Protocol::Gomocup,
            Protocol::Agi,
        ],
    };
    let mut all = Vec::new();
    for protocol in protocols {
        let rows = coverage(protocol).map_err(|e| CliError::BadInput(e.to_string()))?;
        all.push(ProtocolCoverage { protocol, rows });
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
            "{}: {exercised} of {} checkable engine-side rows exercised ({} of {} musts)",
            p.protocol,
            p.rows.len(),
            musts(true),
            musts(true) + musts(false)
        );
        for row in &p.rows {
            let r = &row.requirement;
            let level = format!("{:?}", r.level).to_lowercase();
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
