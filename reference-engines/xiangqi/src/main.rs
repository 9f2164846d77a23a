//! The engine process: a reader thread turns stdin into lines, this thread handles them, and each
//! `go` runs on a search thread, so commands are answered while the engine thinks.

use arbiter_xiangqi::engine::{Engine, Flow};
use arbiter_xiangqi::input::{Input, spawn_reader};
use arbiter_xiangqi::output::Output;

fn main() {
    let lines = spawn_reader(std::io::stdin());
    let mut engine = Engine::new(Output::stdout());
    loop {
        match lines.recv() {
            Ok(Input::Line(line)) => {
                if engine.handle_line(&line) == Flow::Quit {
                    break;
                }
            }
            Ok(Input::TooLong(bytes)) => engine.line_too_long(bytes),
            Ok(Input::End) | Err(_) => {
                engine.finish();
                break;
            }
        }
    }
}
