//! The crate as a user installs it: `cargo package` packs `arbiter` and `arbiter-rules` (the
//! scenario library, profiles and catalogues embedded by the build, nothing read from the
//! source tree at run time), `cargo install` from the unpacked packages works offline, and the
//! installed `arbiter` certifies the reference engine from a directory with no source tree.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

fn succeeds(command: &mut Command) -> String {
    let output = command.output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "{command:?}\n{text}");
    text
}

#[test]
fn the_packaged_crate_installs_offline_and_certifies_from_anywhere() {
    // The install compiles two crates at once: two engines' worth.
    let _cpu = common::processor::share(2);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = tempfile::tempdir().unwrap();
    let packages = work.path().join("packages");
    succeeds(
        cargo()
            .current_dir(root)
            .args(["package", "--offline", "--no-verify", "--allow-dirty"])
            .args(["-p", "arbiter", "-p", "arbiter-rules", "--target-dir"])
            .arg(&packages),
    );
    let unpacked = work.path().join("unpacked");
    std::fs::create_dir_all(&unpacked).unwrap();
    for name in ["arbiter-0.1.0", "arbiter-rules-0.1.0"] {
        let file = packages.join("package").join(format!("{name}.crate"));
        succeeds(
            Command::new("tar")
                .arg("xzf")
                .arg(&file)
                .arg("-C")
                .arg(&unpacked),
        );
    }
    let listed = succeeds(
        Command::new("tar")
            .arg("tzf")
            .arg(packages.join("package/arbiter-0.1.0.crate")),
    );
    for part in [
        "scenarios/ucci/handshake.scenario",
        "build/main.rs",
        "COPYING",
    ] {
        assert!(listed.contains(part), "{part} is not packaged:\n{listed}");
    }

    // `arbiter-rules` is not on a registry yet: the unpacked one stands in for it. This
    // workspace's target folder holds the dependencies the release build compiled, so only the
    // two packaged crates are compiled again; the tests run the debug binaries, which the
    // release folder leaves alone. Those two are compiled unoptimised: what is tested is that
    // the packages hold everything a build needs, and optimising them took 140 s of the
    // processor's time where this takes a fraction (the dependencies keep the release
    // profile, so they are still the ones the release build left).
    let installed = work.path().join("root");
    let rules: PathBuf = unpacked.join("arbiter-rules-0.1.0");
    let release_binary = root.join("target/release/arbiter");
    let before = std::fs::metadata(&release_binary)
        .and_then(|m| m.modified())
        .ok();
    let kept = KeptReleaseBinary::set_aside(&release_binary);
    succeeds(
        cargo()
            .current_dir(work.path())
            .args(["install", "--offline", "--locked", "--path"])
            .arg(unpacked.join("arbiter-0.1.0"))
            .arg("--root")
            .arg(&installed)
            .arg("--config")
            .arg(format!(
                "patch.crates-io.arbiter-rules.path={:?}",
                rules.display().to_string()
            ))
            .args(["--config", "profile.release.package.arbiter.opt-level=0"])
            .args([
                "--config",
                "profile.release.package.arbiter-rules.opt-level=0",
            ])
            .arg("--target-dir")
            .arg(root.join("target")),
    );
    drop(kept);
    let after = std::fs::metadata(&release_binary)
        .and_then(|m| m.modified())
        .ok();
    assert_eq!(
        after, before,
        "the workspace's release program was not put back"
    );

    // From a directory with no source tree, the installed program certifies the reference
    // engine for the league with its embedded profile and scenarios.
    let elsewhere = tempfile::tempdir().unwrap();
    let certified = succeeds(
        Command::new(installed.join("bin/arbiter"))
            .current_dir(elsewhere.path())
            .args(["certify", "--profile", "ucci-league", "--engine"])
            .arg(common::reference_engine("arbiter-xiangqi")),
    );
    assert!(certified.contains("Verdict: PASS"), "{certified}");
}

/// The workspace's own release program, set aside while the install runs and put back when
/// dropped (the test failing included). The install builds in the workspace's target folder to
/// reuse its dependencies, and copies its unoptimised `arbiter` to `target/release/arbiter`
/// as every build of that binary does: a user who ran the tests and then that path would run
/// the packaged copy, unoptimised, until the next `cargo build --release`.
struct KeptReleaseBinary {
    path: PathBuf,
    aside: PathBuf,
}

impl KeptReleaseBinary {
    fn set_aside(path: &Path) -> Option<KeptReleaseBinary> {
        let aside = path.with_file_name(".arbiter-set-aside-by-the-package-test");
        std::fs::rename(path, &aside).ok()?;
        Some(KeptReleaseBinary {
            path: path.to_owned(),
            aside,
        })
    }
}

impl Drop for KeptReleaseBinary {
    fn drop(&mut self) {
        // Removed first: the install's copy may be a hard link to its own build, which
        // writing over would change too.
        let _ = std::fs::remove_file(&self.path);
        if let Err(e) = std::fs::rename(&self.aside, &self.path) {
            eprintln!("putting back {}: {e}", self.path.display());
        }
    }
}
