//! The one way out: every reply is written as whole lines under a lock and flushed at once, so
//! the search thread and the command thread never interleave within a line and a GUI never waits
//! on a buffer.

use std::io::Write;
use std::sync::{Arc, Mutex};

#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub fn new(sink: impl Write + Send + 'static) -> Output {
        Output {
            sink: Arc::new(Mutex::new(Box::new(sink))),
        }
    }

    pub fn stdout() -> Output {
        Output::new(std::io::stdout())
    }

    pub fn line(&self, text: &str) {
        self.lines([text]);
    }

    /// Writes several lines together. Write errors are ignored: when the GUI has closed the pipe
    /// there is no one left to tell.
    pub fn lines<S: AsRef<str>>(&self, lines: impl IntoIterator<Item = S>) {
        let mut sink = match self.sink.lock() {
            Ok(sink) => sink,
            // A panic elsewhere while writing cannot leave a half-written line that matters more
            // than going on answering.
            Err(poisoned) => poisoned.into_inner(),
        };
        for line in lines {
            let _ = sink.write_all(line.as_ref().as_bytes());
            let _ = sink.write_all(b"\n");
        }
        let _ = sink.flush();
    }
}

#[cfg(test)]
pub mod capture {
    //! An in-memory sink for unit tests.
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    pub struct Captured(pub Arc<Mutex<Vec<u8>>>);

    impl Captured {
        pub fn text(&self) -> String {
            String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
        }
    }

    impl Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
}
