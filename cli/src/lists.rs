//! `arbiter checks`, `arbiter profiles`, `arbiter scenarios`: what is built in, listed from the
//! registry, the embedded profiles and the embedded scenarios themselves.

use std::fmt::Write as _;

use clap::Args;

use super::CliError;
use crate::render::{Format, RenderIn};
use arbiter::certify::profile;
use arbiter::protocol::Protocol;
use arbiter::render::{Detail, Document, join_ids};
use arbiter::scenario::builtin;

#[derive(Args, Debug)]
pub(super) struct ChecksArgs {
    /// One protocol's checks, with the requirements each cites; all of them if left out.
    #[arg(long)]
    protocol: Option<Protocol>,
    #[arg(long, default_value = "human", value_parser = Format::parser(Format::CHECKS))]
    format: Format,
}

pub(super) fn checks(args: &ChecksArgs) -> Result<String, CliError> {
    Document::Checks(args.protocol)
        .render(args.format, Detail::default())
        .map_err(CliError::from)
}

pub(super) fn profiles() -> Result<String, CliError> {
    let mut out = String::new();
    for p in profile::builtin() {
        let runs = match p.side {
            arbiter::check::registry::Side::Engine => format!("{} scenarios", p.scenarios.len()),
            arbiter::check::registry::Side::Gui => "a GUI's session".to_owned(),
        };
        let _ = writeln!(
            out,
            "{:<16} {:<8} {runs}, {} required and {} recommended requirements: {}",
            p.name,
            p.protocol.name(),
            p.required.len(),
            p.recommended.len(),
            p.title
        );
    }
    Ok(out)
}

#[derive(Args, Debug)]
pub(super) struct ScenariosArgs {
    /// One protocol's scenarios; all of them if left out.
    #[arg(long)]
    protocol: Option<Protocol>,
}

pub(super) fn scenarios(args: &ScenariosArgs) -> Result<String, CliError> {
    let all = builtin().map_err(CliError::from)?;
    let mut out = String::new();
    for s in all
        .iter()
        .filter(|s| args.protocol.is_none_or(|p| p == s.protocol))
    {
        let _ = writeln!(out, "{:<28} {}", s.name, s.title);
        let mut cites = s.all_cites();
        cites.sort();
        cites.dedup();
        let _ = writeln!(out, "{:<28} cites {}", "", join_ids(&cites));
    }
    Ok(out)
}
