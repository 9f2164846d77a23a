//! Turns `src/check/registry.txt`, the list of built-in checks, into Rust: the `CheckId` enum
//! and the `CHECKS` table. A malformed entry stops the build with its file and line.

use std::fmt::Write as _;
use std::path::Path;

use crate::protocols::ProtocolName;

struct Rule {
    /// The variant of `Protocol`.
    protocol: String,
    grades: Vec<&'static str>,
    reqs: Vec<String>,
}

struct Check {
    name: String,
    side: &'static str,
    what: String,
    rules: Vec<Rule>,
}

/// Reads the lists (the engine side's, then the GUI side's), whose rules name `protocols`, and
/// writes `check_ids.rs` and `check_registry.rs` into `out_dir`.
pub fn generate(sources: &[&Path], protocols: &[ProtocolName], out_dir: &Path) {
    let mut checks = Vec::new();
    for source in sources {
        let text = std::fs::read_to_string(source)
            .unwrap_or_else(|e| panic!("{} is readable: {e}", source.display()));
        checks.extend(parse(&text, protocols).unwrap_or_else(|(line, message)| {
            panic!("{}:{line}: {message}", source.display());
        }));
    }
    std::fs::write(out_dir.join("check_ids.rs"), ids(&checks)).expect("OUT_DIR is writable");
    std::fs::write(out_dir.join("check_registry.rs"), table(&checks)).expect("OUT_DIR is writable");
}

fn parse(text: &str, protocols: &[ProtocolName]) -> Result<Vec<Check>, (usize, String)> {
    let mut checks: Vec<Check> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |message: String| Err((line_no, message));
        if !raw.starts_with(char::is_whitespace) {
            let mut words = line.split_whitespace();
            let (Some(name), Some(side), None) = (words.next(), words.next(), words.next()) else {
                return fail(format!("expected `NAME SIDE`, found `{line}`"));
            };
            if !name.split('.').all(|part| {
                !part.is_empty()
                    && part
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            }) {
                return fail(format!(
                    "`{name}`: a name is lower-case words (letters, digits) joined by `.` and `-`"
                ));
            }
            if checks.iter().any(|c| c.name == name) {
                return fail(format!("`{name}` is listed twice"));
            }
            let side = match side {
                "engine" => "Engine",
                "gui" => "Gui",
                other => return fail(format!("side `{other}`: expected `engine` or `gui`")),
            };
            checks.push(Check {
                name: name.to_owned(),
                side,
                what: String::new(),
                rules: Vec::new(),
            });
            continue;
        }
        let Some(check) = checks.last_mut() else {
            return fail("an indented line before the first check".to_owned());
        };
        if let Some(what) = line.strip_prefix("what:") {
            check.what = what.trim().to_owned();
            continue;
        }
        let mut words = line.split_whitespace();
        let protocol = words.next().unwrap_or_default();
        let Some(ProtocolName { variant, .. }) = protocols.iter().find(|p| p.name == protocol)
        else {
            let names: Vec<&str> = protocols.iter().map(|p| p.name.as_str()).collect();
            return fail(format!(
                "`{protocol}`: expected `what:` or a protocol ({})",
                names.join(", ")
            ));
        };
        let mut grades = Vec::new();
        for grade in words.next().unwrap_or_default().split(',') {
            grades.push(match grade {
                "fail" => "Fail",
                "warn" => "Warn",
                other => {
                    return fail(format!(
                        "grade `{other}`: expected `fail`, `warn` or `fail,warn`"
                    ));
                }
            });
        }
        let reqs: Vec<String> = words.map(str::to_owned).collect();
        if reqs.is_empty() {
            return fail(format!(
                "`{protocol}` rule of `{}` cites no requirement",
                check.name
            ));
        }
        if let Some(stranger) = reqs
            .iter()
            .find(|r| !r.starts_with(&format!("{protocol}-r")))
        {
            return fail(format!("`{stranger}` is not a {protocol} requirement"));
        }
        if check.rules.iter().any(|r| r.protocol == *variant) {
            return fail(format!("a second `{protocol}` rule for `{}`", check.name));
        }
        check.rules.push(Rule {
            protocol: variant.clone(),
            grades,
            reqs,
        });
    }
    if let Some(check) = checks
        .iter()
        .find(|c| c.what.is_empty() || c.rules.is_empty())
    {
        return Err((
            0,
            format!(
                "`{}` needs a `what:` line and at least one rule",
                check.name
            ),
        ));
    }
    Ok(checks)
}

/// `ponder-move.legal` → `PonderMoveLegal`.
fn variant(name: &str) -> String {
    name.split(['.', '-'])
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

fn ids(checks: &[Check]) -> String {
    let mut out = String::from(
        "/// A built-in check (the list is `src/check/registry.txt`).\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]\npub enum CheckId {\n",
    );
    for check in checks {
        let _ = writeln!(out, "    /// {}\n    {},", check.what, variant(&check.name));
    }
    out.push_str(
        "}\n\nimpl CheckId {\n    /// Every built-in check, in the registry's order.\n    \
         pub const ALL: &'static [CheckId] = &[\n",
    );
    for check in checks {
        let _ = writeln!(out, "        CheckId::{},", variant(&check.name));
    }
    out.push_str(
        "    ];\n\n    /// The name after the protocol: `bestmove.legal`.\n    \
         pub const fn name(self) -> &'static str {\n        match self {\n",
    );
    for check in checks {
        let _ = writeln!(
            out,
            "            CheckId::{} => {:?},",
            variant(&check.name),
            check.name
        );
    }
    out.push_str("        }\n    }\n}\n");
    out
}

fn table(checks: &[Check]) -> String {
    let mut out =
        String::from("/// Every built-in check.\npub(crate) static CHECKS: &[CheckSpec] = &[\n");
    for check in checks {
        let _ = writeln!(
            out,
            "    CheckSpec {{ id: CheckId::{}, side: Side::{}, what: {:?}, rules: &[",
            variant(&check.name),
            check.side,
            check.what
        );
        for rule in &check.rules {
            let grades: Vec<String> = rule.grades.iter().map(|g| format!("Grade::{g}")).collect();
            let reqs: Vec<String> = rule.reqs.iter().map(|r| format!("{r:?}")).collect();
            let _ = writeln!(
                out,
                "        ProtocolRule {{ protocol: Protocol::{}, reqs: crate::reqs![{}], grades: &[{}] }},",
                rule.protocol,
                reqs.join(", "),
                grades.join(", ")
            );
        }
        out.push_str("    ] },\n");
    }
    out.push_str("];\n");
    out
}
