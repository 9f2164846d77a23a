//! `arbiter coverage`: which catalogue rows the built-in library exercises, on the engine's
//! side and on the GUI's, and why the rest are not.

use clap::{Args, ValueEnum};

use super::CliError;
use crate::render::{Format, RenderIn};
use arbiter::certify::coverage::{ProtocolCoverage, coverage};
use arbiter::check::registry::Side;
use arbiter::protocol::Protocol;
use arbiter::render::{Detail, Document};

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
    #[arg(long, default_value = "human", value_parser = Format::parser(Format::COVERAGE))]
    format: Format,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SideArg {
    Engine,
    Gui,
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
            let rows = coverage(protocol, side).map_err(CliError::from)?;
            all.push(ProtocolCoverage {
                protocol,
                side,
                rows,
            });
        }
    }
    let detail = if args.all {
        Detail::All
    } else {
        Detail::Findings
    };
    Ok(Document::Coverage(&all).render(args.format, detail)?)
}
