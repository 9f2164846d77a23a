//! The architecture page's layer table is the rule for imports: a module may use the modules on
//! its own row and the rows above it, never one below. This test reads the table from
//! `docs/architecture.md` and every `crate::…` path in the library's source, so the page and
//! the code cannot drift apart unnoticed. Test code may reach higher (a unit test builds its
//! fixtures as it likes), so only production code is read. The crates the table names are the
//! workspace's, and the library, which engine projects compile for their tests, depends on no
//! crate of the command line's.

use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The layers in the page's table, lowest first: each module name with its row number.
fn layers() -> BTreeMap<String, usize> {
    let page = fs::read_to_string(common::repo().join("docs/architecture.md")).unwrap();
    let table = page
        .split("<!-- layers -->")
        .nth(1)
        .expect("docs/architecture.md marks its layer table with <!-- layers -->");
    let block = table
        .split("```")
        .nth(1)
        .expect("the layer table is a code block after the marker");
    let mut layers = BTreeMap::new();
    for (row, line) in block.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let names = line.split("  ").next().unwrap_or_default();
        for name in names.split([',', ' ']).filter(|n| !n.is_empty()) {
            let module = if name.starts_with("rules/") {
                "rules".to_owned()
            } else if let Some(rest) = name.strip_prefix("src/") {
                rest.trim_end_matches('/')
                    .trim_end_matches(".rs")
                    .to_owned()
            } else {
                continue;
            };
            assert!(
                layers.insert(module.clone(), row).is_none(),
                "{module} is on two rows of the layer table"
            );
        }
    }
    layers
}

/// The crates the table names by their folder (`cli/ (crate arbiter-cli)`): folder and name.
fn crate_rows() -> Vec<(String, String)> {
    let page = fs::read_to_string(common::repo().join("docs/architecture.md")).unwrap();
    let block = page
        .split("<!-- layers -->")
        .nth(1)
        .and_then(|table| table.split("```").nth(1))
        .expect("the layer table");
    block
        .lines()
        .filter_map(|line| {
            let (folder, rest) = line.split_once(" (crate ")?;
            let (name, _) = rest.split_once(')')?;
            Some((folder.trim().to_owned(), name.to_owned()))
        })
        .collect()
}

/// The library's top-level modules, as `src/lib.rs` declares them.
fn declared_modules() -> Vec<String> {
    let lib = fs::read_to_string(common::repo().join("src/lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';').to_owned())
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules a piece of code names through `crate::`, comments left out (they
/// may point anywhere); a grouped import may span lines and nest.
fn crate_paths(code: &str) -> Vec<String> {
    let code: String = code
        .lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    let mut used = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        match after.strip_prefix('{') {
            Some(group) => used.extend(top_level_items(group).map(|p| head(p.trim()))),
            None => used.push(head(after)),
        }
        rest = after;
    }
    used.retain(|m| !m.is_empty());
    used
}

/// The comma-separated items of a `{…}` group (its opening brace already read), nested
/// groups kept inside their item.
fn top_level_items(group: &str) -> impl Iterator<Item = &str> {
    let mut depth = 0usize;
    let mut start = 0;
    let mut items = Vec::new();
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..i]);
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.into_iter()
}

/// A file's production code: a test module (`tests.rs`, `*_tests.rs`) has none, and an inline
/// `#[cfg(test)] mod … {` ends it (such a module comes last in every file here; a `mod x;`
/// declaration does not).
fn production_code(file: &Path, code: &str) -> String {
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    if name == "tests.rs" || name.ends_with("_tests.rs") {
        return String::new();
    }
    let mut kept = Vec::new();
    let mut lines = code.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]"
            && lines
                .peek()
                .is_some_and(|next| next.trim_start().starts_with("mod ") && next.ends_with('{'))
        {
            break;
        }
        kept.push(line);
    }
    kept.join("\n")
}

fn head(path: &str) -> String {
    path.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

#[test]
fn every_module_is_on_the_page_and_every_name_on_the_page_is_a_module() {
    let layers = layers();
    for module in declared_modules() {
        assert!(
            layers.contains_key(&module),
            "src/{module} is not in docs/architecture.md's layer table"
        );
    }
    for module in layers.keys().filter(|m| *m != "rules") {
        let src = common::repo().join("src");
        assert!(
            src.join(module).is_dir() || src.join(format!("{module}.rs")).is_file(),
            "the layer table names src/{module}, which does not exist"
        );
    }
}

#[test]
fn every_crate_on_the_page_is_its_folders_package() {
    let rows = crate_rows();
    let names: Vec<&str> = rows.iter().map(|(_, name)| name.as_str()).collect();
    assert_eq!(names, ["arbiter-rules", "arbiter-cli"], "{rows:?}");
    for (folder, name) in &rows {
        let manifest = fs::read_to_string(common::repo().join(folder).join("Cargo.toml"))
            .unwrap_or_else(|e| panic!("{folder}Cargo.toml: {e}"));
        assert!(
            manifest.contains(&format!("name = \"{name}\"")),
            "{folder}Cargo.toml is not the package {name}"
        );
    }
}

/// What only the program needs: an engine project that tests with the library compiles none
/// of it (`docs/library.md`).
const COMMAND_LINE_CRATES: &[&str] = &[
    "clap",
    "clap_builder",
    "clap_complete",
    "clap_derive",
    "clap_mangen",
    "indicatif",
    "minijinja",
    "quick-junit",
    "mimalloc",
];

#[test]
fn the_library_depends_on_no_command_line_crate() {
    let output = std::process::Command::new(std::env::var_os("CARGO").unwrap_or("cargo".into()))
        .current_dir(common::repo())
        .args(["tree", "--offline", "-p", "arbiter", "-e", "normal,build"])
        .args(["--prefix", "none", "--format", "{p}"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let tree = String::from_utf8(output.stdout).unwrap();
    let crates: Vec<&str> = tree
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .collect();
    assert!(
        crates.contains(&"serde"),
        "the tree lists the library's crates: {tree}"
    );
    let found: Vec<&&str> = COMMAND_LINE_CRATES
        .iter()
        .filter(|name| crates.contains(name))
        .collect();
    assert!(
        found.is_empty(),
        "the library depends on {found:?}, which only the program needs:\n{tree}"
    );
}

#[test]
fn no_module_imports_a_layer_above_its_own() {
    let layers = layers();
    let mut upward = Vec::new();
    for module in declared_modules() {
        let row = layers[&module];
        let mut files = Vec::new();
        let dir = common::repo().join("src").join(&module);
        if dir.is_dir() {
            rust_files(&dir, &mut files);
        } else {
            files.push(common::repo().join(format!("src/{module}.rs")));
        }
        for file in files {
            let code = production_code(&file, &fs::read_to_string(&file).unwrap());
            for used in crate_paths(&code) {
                // Names that are not modules (macros such as `reqs!`) have no layer.
                if let Some(&used_row) = layers.get(&used)
                    && used_row > row
                {
                    upward.push(format!(
                        "{} (row {row}) uses crate::{used} (row {used_row})",
                        file.strip_prefix(common::repo()).unwrap().display()
                    ));
                }
            }
        }
    }
    upward.sort();
    upward.dedup();
    assert!(
        upward.is_empty(),
        "imports against docs/architecture.md's layer order:\n{}",
        upward.join("\n")
    );
}

#[test]
fn test_modules_are_not_production_code() {
    let code = "#[cfg(test)]\nmod fixtures;\nuse crate::a;\n#[cfg(test)]\nmod tests {\n    use crate::b;\n}\n";
    assert_eq!(
        crate_paths(&production_code(Path::new("x.rs"), code)),
        ["a"]
    );
    assert!(production_code(Path::new("src/x/tests.rs"), code).is_empty());
}

#[test]
fn the_reader_of_paths_sees_grouped_and_nested_imports() {
    assert_eq!(
        crate_paths(
            "use crate::{\n    check::{Judge, Outcome},\n    report,\n};\nlet x = crate::runner::run(); // crate::cli"
        ),
        ["check", "report", "runner"]
    );
}
