/// The allocator of the `arbiter` binary (the library leaves the choice to its users): see
/// `Cargo.toml` on why.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::process::ExitCode;

fn main() -> ExitCode {
    arbiter::command_line()
}
