//! Writing replies: one lock around stdout, every line flushed at once.
//!
//! The command loop and the search thread both write (a move, AGI `INFO` lines), so lines
//! must never interleave, and the manager must see each one without waiting for a buffer
//! to fill (gomocup-r04).

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A shared, line-at-a-time writer.
#[derive(Clone)]
pub struct Output {
    inner: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    pub fn stdout() -> Output {
        Output::new(Box::new(std::io::stdout()))
    }

    pub fn new(sink: Box<dyn Write + Send>) -> Output {
        Output {
            inner: Arc::new(Mutex::new(sink)),
        }
    }

    /// Writes `text` and a newline, then flushes. A closed pipe is ignored: the manager
    /// has gone and there is nobody left to tell.
    pub fn line(&self, text: &str) {
        let mut sink = match self.inner.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(sink, "{text}");
        let _ = sink.flush();
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;

    /// A sink whose contents tests can read back.
    #[derive(Clone, Default)]
    pub struct Captured(pub Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Captured {
        pub fn lines(&self) -> Vec<String> {
            String::from_utf8_lossy(&self.0.lock().unwrap())
                .lines()
                .map(str::to_owned)
                .collect()
        }
    }

    #[test]
    fn lines_from_threads_do_not_interleave() {
        let cap = Captured::default();
        let out = Output::new(Box::new(cap.clone()));
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let out = out.clone();
                std::thread::spawn(move || {
                    for i in 0..50 {
                        out.line(&format!("thread {t} line {i}"));
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        let lines = cap.lines();
        assert_eq!(lines.len(), 200);
        assert!(
            lines
                .iter()
                .all(|l| l.starts_with("thread ") && l.split(' ').count() == 4)
        );
    }
}
