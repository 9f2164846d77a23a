//! Embeds every scenario file under `scenarios/` in the binary, so `arbiter run` works from
//! any directory. The files stay the source of truth; this only lists them.
//!
//! It also lists the requirement ids the built-in checks (`src/check/`) cite, so `arbiter
//! coverage` can say which catalogue rows the library exercises without a hand-kept copy.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo")).join("scenarios");
    println!("cargo:rerun-if-changed=scenarios");
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
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("write to String");
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
        writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("write to String");
    }
    out.push_str("];\n");
    let dest =
        PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("builtin_profiles.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");

    write_check_cites();
}

/// Every `"<protocol>-rNN"` string literal in the non-test part of each `src/check/` module.
fn write_check_cites() {
    let dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"))
        .join("src")
        .join("check");
    println!("cargo:rerun-if-changed=src/check");
    let mut modules = Vec::new();
    collect_ext(&dir, "rs", &mut modules);
    modules.sort();
    let mut out = String::from(
        "/// Requirement ids cited by the built-in checks: (module, id), sorted.\npub(super) static CHECK_CITES: &[(&str, &str)] = &[\n",
    );
    for path in modules {
        let text = std::fs::read_to_string(&path).expect("readable source");
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let module = path
            .file_stem()
            .expect("a file")
            .to_string_lossy()
            .into_owned();
        // A quote, an id, a quote: a literal holding exactly one id.
        let mut ids: Vec<&str> = code
            .match_indices('"')
            .filter_map(|(at, _)| {
                let rest = &code[at + 1..];
                let end = rest.find('"')?;
                Some(&rest[..end]).filter(|literal| is_requirement_id(literal))
            })
            .collect();
        ids.sort();
        ids.dedup();
        for id in ids {
            writeln!(out, "    ({module:?}, {id:?}),").expect("write to String");
        }
    }
    out.push_str("];\n");
    let dest =
        PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("check_cites.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}

fn is_requirement_id(text: &str) -> bool {
    ["ucci-r", "uci-r", "gomocup-r", "agi-r"]
        .iter()
        .any(|prefix| {
            text.strip_prefix(prefix)
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
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
