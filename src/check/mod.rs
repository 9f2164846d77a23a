//! Built-in checks: judge a recorded transcript against the protocol's rules.
//!
//! A check never touches a process. It reads the transcript (what was sent, what came back,
//! when), re-derives the game state from the commands the harness sent, and grades every
//! reply: ordering, timing, legality. Each check has a stable id (`ucci.go.one-bestmove`)
//! and cites the requirement rows it rests on.

mod agi;
mod flow;
mod gomocup;
mod legality;
mod lines;
mod outcome;
mod stream;
mod ucci;
mod uci;

pub use outcome::{Grade, Outcome, printable};

use crate::protocol::Protocol;
use crate::session::Transcript;

/// What a check may look at.
pub struct Context<'a> {
    pub protocol: Protocol,
    pub transcript: &'a Transcript,
    /// Multiplies the built-in timing bounds, as for scenario bounds.
    pub time_scale: f64,
}

/// Runs every built-in check of the context's protocol.
pub fn judge(ctx: &Context) -> Vec<Outcome> {
    let mut out = Vec::new();
    stream::judge(ctx, &mut out);
    match ctx.protocol {
        Protocol::Ucci => ucci::judge(ctx, &mut out),
        Protocol::Uci => uci::judge(ctx, &mut out),
        Protocol::Gomocup => gomocup::judge(ctx, &mut out),
        Protocol::Agi => agi::judge(ctx, &mut out),
    }
    out
}
