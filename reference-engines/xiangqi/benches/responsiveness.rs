//! How fast the engine answers while it thinks: `isready` → `readyok`, `stop` → `bestmove`, and
//! `ponderhit` → `bestmove` (a finished ponder search, and one cut off by a tiny budget), each
//! measured with a monotonic clock from writing the command to reading the reply.
//!
//! `cargo bench -p arbiter-xiangqi --bench responsiveness` (env `TRIALS`, default 200 per kind).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<(Instant, String)>,
}

impl Engine {
    fn spawn() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter-xiangqi"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("engine starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) -> Instant {
        self.stdin
            .write_all(format!("{line}\n").as_bytes())
            .expect("write");
        self.stdin.flush().expect("flush");
        Instant::now()
    }

    /// The time at which a line starting with `prefix` arrived (panics after 10 s).
    fn until(&mut self, prefix: &str) -> Instant {
        loop {
            let (at, line) = self
                .lines
                .recv_timeout(Duration::from_secs(10))
                .unwrap_or_else(|_| panic!("no {prefix}"));
            if line.starts_with(prefix) {
                return at;
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn report(name: &str, mut samples: Vec<Duration>) {
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{name:<34} n={:<4} median {:.3} ms   p99 {:.3} ms   max {:.3} ms",
        samples.len(),
        ms(at(0.5)),
        ms(at(0.99)),
        ms(at(1.0))
    );
}

fn main() {
    let trials: usize = std::env::var("TRIALS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(200);
    let mut engine = Engine::spawn();
    engine.send("ucci");
    engine.until("ucciok");
    engine.send("setoption usemillisec true");
    let (mut ready, mut stop, mut hit_done, mut hit_running) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let positions = [
        "position startpos",
        "position startpos moves h2e2 h9g7 h0g2 i9h9",
        "position fen r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
    ];
    for i in 0..trials {
        engine.send(positions[i % positions.len()]);
        engine.send("go infinite");
        engine.until("info depth");
        // Let the search get deep enough to be busy.
        std::thread::sleep(Duration::from_millis(10 + (i % 20) as u64));
        let sent = engine.send("isready");
        ready.push(engine.until("readyok") - sent);
        let sent = engine.send("stop");
        stop.push(engine.until("bestmove") - sent);

        // A ponder search that has finished (depth 2) and waits for ponderhit.
        engine.send(positions[i % positions.len()]);
        engine.send("go ponder depth 2");
        engine.until("info depth 2");
        std::thread::sleep(Duration::from_millis(2));
        let sent = engine.send("ponderhit");
        hit_done.push(engine.until("bestmove") - sent);

        // A ponder search still running when ponderhit brings a 1 ms budget (0.5 ms usable).
        engine.send(positions[i % positions.len()]);
        engine.send("go ponder time 1 movestogo 1");
        engine.until("info depth");
        std::thread::sleep(Duration::from_millis(5));
        let sent = engine.send("ponderhit");
        hit_running.push(engine.until("bestmove") - sent);
    }
    engine.send("quit");
    engine.until("bye");
    println!("arbiter-xiangqi responsiveness while thinking ({trials} trials per kind)");
    report("isready -> readyok (go infinite)", ready);
    report("stop -> bestmove (go infinite)", stop);
    report("ponderhit -> bestmove (finished)", hit_done);
    report("ponderhit -> bestmove (1 ms left)", hit_running);
}
