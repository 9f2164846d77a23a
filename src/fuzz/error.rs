//! What can stop a fuzzing run before it has a result, by whose fault: the engine it was
//! given could not be run, or Arbiter's own model is wrong. A failure the engine shows is a
//! finding, in the result, never one of these.

use crate::scenario::BuildError;

/// A fuzzing run that could not be done.
#[derive(Debug, thiserror::Error)]
pub enum FuzzError {
    /// The engine could not be run for the handshake that is read before the cases are drawn
    /// (it does not start, or its session failed): what the command line was given, or the
    /// machine, and no fault of the fuzzer's.
    #[error("the engine could not be run for its handshake: {reason}")]
    Engine {
        /// The runner's account of it.
        reason: String,
    },
    /// Arbiter's model is wrong: a bug of the harness, never the user's input.
    #[error(transparent)]
    Bug(#[from] HarnessBug),
}

/// A bug of the fuzzer's own: what it generated is not what it means to generate.
#[derive(Debug, thiserror::Error)]
pub enum HarnessBug {
    /// The model built a case the scenario's step rules refuse.
    #[error("the fuzzer built a case the scenario's step rules refuse: {source}\n{text}")]
    Scenario {
        /// What the step rules refused.
        #[source]
        source: BuildError,
        /// The case's printed form, the line numbers' file.
        text: String,
    },
    /// The model's strategy gave no case at all (every draw rejected).
    #[error("the fuzzer's model drew no case: {reason}")]
    NoCase {
        /// Proptest's reason.
        reason: String,
    },
}

/// Which side a [`FuzzError`] is on, for the command line's exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FuzzErrorKind {
    /// The engine given could not be run.
    Engine,
    /// A bug of Arbiter's.
    Bug,
}

impl FuzzError {
    /// Whose fault it is: the command line exits differently for each.
    pub fn kind(&self) -> FuzzErrorKind {
        match self {
            FuzzError::Engine { .. } => FuzzErrorKind::Engine,
            FuzzError::Bug(_) => FuzzErrorKind::Bug,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{FuzzError, FuzzErrorKind, HarnessBug};
    use crate::protocol::Protocol;
    use crate::runner::RunOptions;
    use crate::session::EngineCommand;

    /// A case the step rules refuse is the fuzzer's bug, with the case's file and the line at
    /// fault in it.
    #[test]
    fn a_case_the_step_rules_refuse_is_a_bug_of_the_harness() {
        let mut script = crate::fuzz::script::Script::default();
        script.send("uci");
        // A command using a capture no line above makes.
        script.send("go {answer1}");
        let error = FuzzError::from(script.build(Protocol::Uci, &[]).err().unwrap());
        assert_eq!(error.kind(), FuzzErrorKind::Bug);
        let FuzzError::Bug(HarnessBug::Scenario { text, source }) = &error else {
            panic!("{error:?}");
        };
        assert_eq!(source.line, 5, "{text}");
        assert_eq!(text.lines().nth(4), Some("> go {answer1}"), "{text}");
        assert!(std::error::Error::source(&error).is_some(), "{error}");
    }

    /// An engine that cannot be started is the engine's side: the command line was given it.
    #[test]
    fn an_engine_that_cannot_start_is_not_a_bug() {
        let engine = EngineCommand {
            program: "/nonexistent/arbiter-engine".into(),
            args: Vec::new(),
            working_dir: None,
            env: Vec::new(),
        };
        let options = RunOptions::default();
        let error = super::super::probe::handshake(Protocol::Uci, &engine, &options).unwrap_err();
        assert_eq!(error.kind(), FuzzErrorKind::Engine, "{error}");
    }
}
