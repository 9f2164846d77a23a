//! What the benchmarks share: they time whole `arbiter` processes, so they build the release
//! binaries first.

use std::path::PathBuf;
use std::process::Command;

/// Builds the workspace's release binaries and examples, and returns `target/release`.
pub fn release_build() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let built = Command::new(cargo)
        .current_dir(&root)
        .args(["build", "--release", "--workspace", "--examples", "--bins"])
        .status()
        .expect("cargo runs");
    assert!(built.success(), "the release build failed");
    root.join("target/release")
}
