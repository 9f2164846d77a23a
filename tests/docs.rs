//! The README and the guide behind it link to each other, to files of the tree and to headings
//! of their pages; every such link must lead somewhere, so moving a page or renaming a heading
//! cannot leave a reader at a dead end.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The README and every page of `docs/`.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![Path::new(ROOT).join("README.md")];
    for entry in fs::read_dir(Path::new(ROOT).join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            pages.push(path);
        }
    }
    pages.sort();
    pages
}

/// The targets of a page's Markdown links and images, code blocks and spans left out.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        // Code spans may hold `[x](y)` as text; links are outside them.
        let outside: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, part)| part)
            .collect::<Vec<_>>()
            .join(" ");
        let mut rest = outside.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].to_owned());
            rest = &after[end..];
        }
    }
    targets
}

/// The anchors of a page's headings, as GitHub makes them: lower case, punctuation dropped,
/// spaces to hyphens.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut in_fence = false;
    let mut anchors = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        }
        if in_fence || !line.starts_with('#') {
            continue;
        }
        let heading = line.trim_start_matches('#').trim();
        let slug: String = heading
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        anchors.insert(slug);
    }
    anchors
}

#[test]
fn every_relative_link_leads_to_a_file_and_heading_that_exist() {
    let mut dead = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(&page).unwrap();
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (target.as_str(), None),
            };
            let linked = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            let name = page.strip_prefix(ROOT).unwrap().display().to_string();
            if !linked.exists() {
                dead.push(format!("{name}: {target} (no such file)"));
                continue;
            }
            if let Some(anchor) = anchor {
                let linked_text = fs::read_to_string(&linked).unwrap_or_default();
                if !anchors(&linked_text).contains(anchor) {
                    dead.push(format!("{name}: {target} (no such heading)"));
                }
            }
        }
    }
    assert!(dead.is_empty(), "dead links:\n{}", dead.join("\n"));
}

#[test]
fn every_guide_page_is_reachable_from_the_readme() {
    let readme = fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let linked: BTreeSet<String> = link_targets(&readme)
        .into_iter()
        .map(|t| t.split('#').next().unwrap_or_default().to_owned())
        .collect();
    for page in pages().iter().filter(|p| !p.ends_with("README.md")) {
        let name = format!("docs/{}", page.file_name().unwrap().to_string_lossy());
        assert!(linked.contains(&name), "the README does not link {name}");
    }
}

#[test]
fn the_link_reader_sees_links_and_skips_code() {
    let text = "See [a](docs/a.md#x) and ![img](i.png).\n`[not](this)`\n```\n[nor](that)\n```\n";
    assert_eq!(link_targets(text), ["docs/a.md#x", "i.png"]);
    assert!(anchors("## Running scenarios at once\n").contains("running-scenarios-at-once"));
    assert!(
        anchors("### `arbiter report render FILE.json`\n")
            .contains("arbiter-report-render-filejson")
    );
}
