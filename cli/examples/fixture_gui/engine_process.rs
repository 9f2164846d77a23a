//! An engine process as the fixture managers hold it: started on pipes, its output read line
//! by line on a thread of its own, so that waiting for a reply can have a deadline.

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};

/// A started engine: the process, its input, and the lines it writes as they come.
pub struct EngineProcess {
    pub child: Child,
    pub input: ChildStdin,
    pub lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts `command` (the program, then its arguments); `None` when it cannot be started.
    pub fn start(command: &[String]) -> Option<EngineProcess> {
        let mut child = Command::new(command.first()?)
            .args(&command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = child.stdout.take()?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Some(EngineProcess {
            child,
            input,
            lines,
        })
    }
}
