//! The program as a user installs it: `cargo package` packs `arbiter-cli`, `arbiter` and
//! `arbiter-rules` (the scenario library, profiles and catalogues embedded by the library's
//! build, nothing read from the source tree at run time), `cargo install arbiter-cli` from the
//! unpacked packages works offline, and the installed `arbiter` certifies the reference engine
//! from a directory with no source tree.

use crate::common;

use std::path::PathBuf;
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
    let root = common::repo();
    let work = tempfile::tempdir().unwrap();
    let packages = work.path().join("packages");
    succeeds(
        cargo()
            .current_dir(root)
            .args(["package", "--offline", "--no-verify", "--allow-dirty"])
            .args(["-p", "arbiter-cli", "-p", "arbiter", "-p", "arbiter-rules"])
            .arg("--target-dir")
            .arg(&packages),
    );
    let unpacked = work.path().join("unpacked");
    std::fs::create_dir_all(&unpacked).unwrap();
    for name in ["arbiter-cli-0.1.0", "arbiter-0.1.0", "arbiter-rules-0.1.0"] {
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

    // `arbiter` and `arbiter-rules` are not on a registry yet: the unpacked ones stand in for
    // them. The install keeps its intermediate files in this workspace's build folder
    // (`build.build-dir`), where the test command's own build left the dependencies compiled
    // with the workspace's `dev` profile, which the install is given (a member's package
    // carries no profile of the workspace's), so only the three packaged crates are compiled
    // (unoptimised: what is tested is that the packages hold everything a build needs). Its finished program goes to a folder of
    // its own, so the `target/debug/arbiter` the other tests run is never replaced under them.
    // Nothing here needs the release build, which CI makes while the tests run.
    let build_folder = std::env::current_exe()
        .ok()
        .and_then(|test| Some(test.parent()?.parent()?.parent()?.to_owned()))
        .expect("the test runs from <target>/debug/deps");
    let installed = work.path().join("root");
    let rules: PathBuf = unpacked.join("arbiter-rules-0.1.0");
    let library: PathBuf = unpacked.join("arbiter-0.1.0");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let profiles = &manifest[manifest
        .find("\n[profile.")
        .expect("the workspace's manifest sets the profiles")..];
    let profiles_file = work.path().join("profiles.toml");
    std::fs::write(&profiles_file, profiles).unwrap();
    succeeds(
        cargo()
            .current_dir(work.path())
            .args(["install", "--offline", "--locked", "--debug", "--path"])
            .arg(unpacked.join("arbiter-cli-0.1.0"))
            .arg("--root")
            .arg(&installed)
            .arg("--config")
            .arg(format!(
                "patch.crates-io.arbiter-rules.path={:?}",
                rules.display().to_string()
            ))
            .arg("--config")
            .arg(format!(
                "patch.crates-io.arbiter.path={:?}",
                library.display().to_string()
            ))
            .arg("--config")
            .arg(&profiles_file)
            .args(["--config", "profile.dev.package.arbiter-rules.opt-level=0"])
            .arg("--config")
            .arg(format!(
                "build.build-dir={:?}",
                build_folder.display().to_string()
            ))
            .arg("--target-dir")
            .arg(work.path().join("target")),
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
