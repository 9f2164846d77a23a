//! A cancel token for sessions: what a signal to the harness does for every session at once
//! ([`super::interrupt`]), a token does for the sessions that carry it. A match raises the
//! token of its games once it is decided and the user chose to abort the games in progress:
//! every wait of those sessions ends within the journal's poll, and their end skips the grace
//! period, while the harness and its other sessions go on.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Shared by the sessions it may cancel and whoever may raise it; a fresh token
/// ([`Cancel::new`], the default) is not raised, and once raised it stays raised.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A token not raised yet, the same as `Cancel::default()`: the waits of a session that
    /// carries it are cut short only by a signal to the harness.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Cancels every session that carries this token (or a clone of it).
    pub(crate) fn raise(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    pub(crate) fn is_raised(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_raised_is_raised_in_every_clone_and_no_other_token() {
        let token = Cancel::new();
        let clone = token.clone();
        let other = Cancel::default();
        assert!(!token.is_raised() && !clone.is_raised());
        clone.raise();
        assert!(token.is_raised() && clone.is_raised());
        assert!(!other.is_raised());
    }
}
