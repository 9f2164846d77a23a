use std::process::ExitCode;

fn main() -> ExitCode {
    arbiter::command_line()
}
