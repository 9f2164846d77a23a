//! The protocols' names, read from the `Protocol` enum in `src/protocol/descriptor.rs`, the one
//! list of them: a variant is the protocol, and its name in lower case the protocol's name (as
//! serde writes it, which a test in that file holds to the descriptor's `name`).

use std::path::Path;

/// One protocol: its name (`gomocup`) and its variant of `Protocol` (`Gomocup`).
pub struct ProtocolName {
    pub name: String,
    pub variant: String,
}

/// The variants of `pub enum Protocol { … }` in the file at `path`, one a line after their
/// doc comments and attributes. Anything else in the enum stops the build, naming the line.
pub fn read(path: &Path) -> Vec<ProtocolName> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{} is readable: {e}", path.display()));
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim() == "pub enum Protocol {")
        .unwrap_or_else(|| panic!("{}: no `pub enum Protocol {{` line", path.display()));
    let mut protocols = Vec::new();
    for (index, line) in lines.iter().enumerate().skip(start + 1) {
        let line = line.trim();
        if line == "}" {
            break;
        }
        if line.is_empty() || line.starts_with("//") || line.starts_with("#[") {
            continue;
        }
        let variant = line.strip_suffix(',').unwrap_or(line);
        if !variant.starts_with(|c: char| c.is_ascii_uppercase())
            || !variant.bytes().all(|b| b.is_ascii_alphanumeric())
        {
            panic!(
                "{}:{}: expected one variant of `Protocol` a line, found `{line}`",
                path.display(),
                index + 1
            );
        }
        protocols.push(ProtocolName {
            name: variant.to_ascii_lowercase(),
            variant: variant.to_owned(),
        });
    }
    if protocols.is_empty() {
        panic!("{}: `enum Protocol` lists no variant", path.display());
    }
    protocols
}
