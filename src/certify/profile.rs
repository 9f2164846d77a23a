//! Certification profiles: a named set of scenarios and the requirements they certify, as
//! data files in `scenarios/profiles/` (embedded in the binary by `build.rs`).
//!
//! ```text
//! profile: ucci-league
//! protocol: ucci
//! title: the computer-xiangqi league's entry minimum
//! spec: ucci-overview.zh.txt, 「参赛引擎必须能够识别并正确处理」
//! required: ucci-r130 ucci-r131
//! recommended: ucci-r137
//! scenarios: ucci/handshake ucci/search
//! ```
//!
//! `required:` and `recommended:` take requirement ids, or `all-must` / `all-should` for every
//! engine-side row of that level in the catalogue.

use thiserror::Error;

use super::requirements::{Level, catalogue};
use crate::protocol::Protocol;

include!(concat!(env!("OUT_DIR"), "/builtin_profiles.rs"));

#[derive(Debug, Clone)]
pub struct Profile {
    pub name: String,
    pub protocol: Protocol,
    pub title: String,
    pub spec: String,
    /// Requirements whose failure fails the certification.
    pub required: Vec<String>,
    /// Requirements graded and shown separately; their failure does not fail it.
    pub recommended: Vec<String>,
    /// Built-in scenario names, in run order.
    pub scenarios: Vec<String>,
}

#[derive(Debug, Error)]
pub enum ProfileError {
    #[error("no profile named `{name}`; the profiles are: {known}")]
    Unknown { name: String, known: String },
    #[error("profile {profile}, line {line}: {message}")]
    Syntax {
        profile: String,
        line: usize,
        message: String,
    },
}

/// The names of the built-in profiles.
pub fn names() -> Vec<&'static str> {
    PROFILES.iter().map(|(name, _)| *name).collect()
}

/// A built-in profile by name.
pub fn load(name: &str) -> Result<Profile, ProfileError> {
    let (_, text) =
        PROFILES
            .iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| ProfileError::Unknown {
                name: name.to_owned(),
                known: names().join(", "),
            })?;
    parse(name, text)
}

fn ids(protocol: Protocol, value: &str) -> Vec<String> {
    let mut out = Vec::new();
    for word in value.split_whitespace() {
        let level = match word {
            "all-must" => Some(Level::Must),
            "all-should" => Some(Level::Should),
            _ => None,
        };
        match level {
            Some(level) => out.extend(
                catalogue(protocol)
                    .into_iter()
                    .filter(|r| r.level == level && r.binds_engine())
                    .map(|r| r.id),
            ),
            None => out.push(word.to_owned()),
        }
    }
    out
}

pub fn parse(name: &str, text: &str) -> Result<Profile, ProfileError> {
    let err = |line: usize, message: String| ProfileError::Syntax {
        profile: name.to_owned(),
        line,
        message,
    };
    let mut fields: Vec<(usize, &str, &str)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| err(i + 1, format!("expected `key: value`, got `{line}`")))?;
        fields.push((i + 1, key.trim(), value.trim()));
    }
    let get = |key: &str| {
        fields
            .iter()
            .find(|(_, k, _)| *k == key)
            .map(|(_, _, v)| *v)
    };
    let protocol: Protocol = get("protocol")
        .ok_or_else(|| err(0, "missing `protocol:`".into()))?
        .parse()
        .map_err(|e| err(0, format!("{e}")))?;
    let known: Vec<String> = catalogue(protocol).into_iter().map(|r| r.id).collect();
    let mut profile = Profile {
        name: get("profile").unwrap_or(name).to_owned(),
        protocol,
        title: get("title").unwrap_or_default().to_owned(),
        spec: get("spec").unwrap_or_default().to_owned(),
        required: Vec::new(),
        recommended: Vec::new(),
        scenarios: Vec::new(),
    };
    for (line, key, value) in &fields {
        match *key {
            "required" => profile.required.extend(ids(protocol, value)),
            "recommended" => profile.recommended.extend(ids(protocol, value)),
            "scenarios" => profile
                .scenarios
                .extend(value.split_whitespace().map(str::to_owned)),
            "profile" | "protocol" | "title" | "spec" => {}
            other => return Err(err(*line, format!("unknown key `{other}`"))),
        }
    }
    if let Some(bad) = profile
        .required
        .iter()
        .chain(&profile.recommended)
        .find(|id| !known.contains(id))
    {
        return Err(err(
            0,
            format!("`{bad}` is not a {protocol} requirement id"),
        ));
    }
    // A requirement listed as required is not also graded as a recommendation.
    profile
        .recommended
        .retain(|id| !profile.required.contains(id));
    Ok(profile)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_profile_parses_and_names_existing_scenarios() {
        let scenarios: Vec<String> = crate::scenario::builtin()
            .unwrap()
            .into_iter()
            .map(|s| s.name)
            .collect();
        assert!(names().len() >= 5);
        for name in names() {
            let p = load(name).unwrap_or_else(|e| panic!("{e}"));
            assert!(!p.scenarios.is_empty() && !p.required.is_empty(), "{name}");
            for s in &p.scenarios {
                assert!(scenarios.contains(s), "{name} names unknown scenario {s}");
                assert!(
                    s.starts_with(&format!("{}/", p.protocol)),
                    "{name}: {s} is another protocol's"
                );
            }
        }
    }

    #[test]
    fn unknown_profiles_and_ids_are_refused_with_a_reason() {
        assert!(
            load("nope")
                .unwrap_err()
                .to_string()
                .contains("ucci-league")
        );
        let e = parse(
            "x",
            "protocol: ucci\nrequired: ucci-r999\nscenarios: ucci/quit\n",
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .contains("`ucci-r999` is not a ucci requirement id")
        );
    }

    #[test]
    fn all_must_expands_to_the_engine_rows_of_that_level() {
        let p = parse(
            "x",
            "protocol: agi\nrequired: all-must\nrecommended: all-should\nscenarios: agi/exchange\n",
        )
        .unwrap();
        assert!(p.required.contains(&"agi-r33".to_owned()));
        assert!(
            !p.required.contains(&"agi-r02".to_owned()),
            "agi-r02 binds the GUI"
        );
        assert!(p.recommended.iter().all(|id| !p.required.contains(id)));
    }
}
