//! Embeds every scenario file under `scenarios/` in the binary, so `arbiter run` works from
//! any directory (the files stay the source of truth; this only lists them), and turns the list
//! of built-in checks into Rust.

mod protocols;
mod registry;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo")).join("scenarios");
    println!("cargo:rerun-if-changed=scenarios");
    println!("cargo:rerun-if-changed=src/check/registry.txt");
    println!("cargo:rerun-if-changed=src/check/gui");
    println!("cargo:rerun-if-changed=src/protocol/descriptor.rs");
    // The generators themselves, so that a change to them regenerates the tables: an edit of
    // build/registry.rs was once seen to leave the generated table stale without this line.
    println!("cargo:rerun-if-changed=build");
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    // The engine side's list, then the GUI side's, one file per protocol family.
    let mut sources = vec![manifest.join("src/check/registry.txt")];
    collect_ext(&manifest.join("src/check/gui"), "txt", &mut sources);
    sources[1..].sort();
    let sources: Vec<&Path> = sources.iter().map(PathBuf::as_path).collect();
    let protocols = protocols::read(&manifest.join("src/protocol/descriptor.rs"));
    registry::generate(&sources, &protocols, &out_dir);
    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    let mut out = String::from(
        "/// Built-in scenarios: (name, file text), sorted by name.\npub(super) static FILES: &[(&str, &str)] = &[\n",
    );
    for path in files {
        let name = path
            .strip_prefix(&root)
            .expect("under scenarios/")
            .with_extension("")
            .to_string_lossy()
            .replace('\\', "/");
        writeln!(out, "    ({name:?}, {}),", included(&manifest, &path)).expect("write to String");
    }
    out.push_str("];\n");
    let dest =
        PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("builtin_scenarios.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");

    let mut profiles = Vec::new();
    collect_ext(&root.join("profiles"), "profile", &mut profiles);
    profiles.sort();
    let mut out = String::from(
        "/// Built-in certification profiles: (name, file text), sorted by name.\npub(super) static PROFILES: &[(&str, &str)] = &[\n",
    );
    for path in profiles {
        let name = path
            .file_stem()
            .expect("a file")
            .to_string_lossy()
            .into_owned();
        writeln!(out, "    ({name:?}, {}),", included(&manifest, &path)).expect("write to String");
    }
    out.push_str("];\n");
    let dest =
        PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("builtin_profiles.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

/// `include_str!` of a file under the package, named from `CARGO_MANIFEST_DIR` as the crate is
/// compiled rather than by the absolute path the build script saw: cargo treats the script's
/// output as fresh while the files keep their times, so a package unpacked again elsewhere (as
/// the package test does for each run) would otherwise be compiled against the folder it was
/// first unpacked in, which may be gone.
fn included(manifest: &Path, path: &Path) -> String {
    let relative = path
        .strip_prefix(manifest)
        .expect("under the package")
        .to_string_lossy()
        .replace('\\', "/");
    format!(
        "include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), {:?}))",
        format!("/{relative}")
    )
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    collect_ext(dir, "scenario", files);
}

fn collect_ext(dir: &Path, extension: &str, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_ext(&path, extension, files);
        } else if path.extension().is_some_and(|e| e == extension) {
            files.push(path);
        }
    }
}
