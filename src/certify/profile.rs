//! Certification profiles: a named set of scenarios and the requirements they certify, as
//! data files. The built-in ones live in `scenarios/profiles/` (embedded in the binary by
//! `build.rs`); a league organiser writes their own in the same format and passes its path.
//!
//! ```text
//! profile: ucci-league
//! protocol: ucci
//! title: the computer-xiangqi league's entry minimum
//! spec: ucci-overview.zh.txt, 「参赛引擎必须能够识别并正确处理」
//! required: ucci-r130 ucci-r131
//! recommended: ucci-r137
//! scenarios: ucci/handshake ucci/search my-scenarios/opening.scenario
//! ```
//!
//! `required:` and `recommended:` take requirement ids, or `all-must` / `all-should` for every
//! engine-side row of that level in the catalogue; a key may repeat. `scenarios:` takes
//! built-in scenario names, or paths of scenario files (relative to the profile's folder).

use std::path::{Path, PathBuf};

use thiserror::Error;

use super::requirements::{Level, catalogue};
use crate::check::registry::Side;
use crate::protocol::keyword::{Keyword, keywords};
use crate::protocol::{GameKind, Protocol, ReqId, UnknownGame, UnknownProtocol, WrongGame};

include!(concat!(env!("OUT_DIR"), "/builtin_profiles.rs"));

/// A certification profile as read from its file: which rows certify an engine (or a GUI), and
/// which scenarios exercise them.
#[derive(Debug, Clone)]
pub struct Profile {
    /// Its `profile:` name (`ucci-league`); a profile file without one is named by its stem.
    pub name: String,
    /// The protocol of its rows and scenarios (`protocol:`).
    pub protocol: Protocol,
    /// The game its scenarios are played in (`game:`; default: the protocol's own).
    pub game: GameKind,
    /// Its `title:`, one line saying what it certifies; empty when not given.
    pub title: String,
    /// Its `spec:`, the text and passage the rows come from; empty when not given.
    pub spec: String,
    /// Requirements whose failure fails the certification.
    pub required: Vec<ReqId>,
    /// Requirements graded and shown separately; their failure does not fail it.
    pub recommended: Vec<ReqId>,
    /// The scenarios, in run order.
    pub scenarios: Vec<ScenarioRef>,
    /// Whose behaviour it grades: an engine's (run through scenarios by `arbiter certify`),
    /// or a GUI's (judged over its session by `arbiter stand-in` or `arbiter spy`).
    pub side: Side,
}

/// A scenario a profile names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScenarioRef {
    /// A built-in scenario: `ucci/handshake`.
    Builtin(String),
    /// A scenario file.
    File(PathBuf),
}

/// Why a profile could not be loaded: its name, its file or its text.
#[derive(Debug, Error)]
pub enum ProfileError {
    /// The name is neither a built-in profile nor a path to a profile file.
    #[error(
        "no profile named `{name}`; the built-in profiles are: {known} (or give a profile file's path)"
    )]
    Unknown {
        /// The name as given.
        name: String,
        /// The built-in profiles' names, sorted and joined by `, `.
        known: String,
    },
    /// The profile file could not be read.
    #[error("cannot read profile {path}: {source}")]
    Io {
        /// The file's path as given.
        path: String,
        /// What the file system said.
        #[source]
        source: std::io::Error,
    },
    /// The profile's text is wrong: a line that is not `key: value`, an unknown key, a key
    /// given twice, an unknown requirement id or scenario, no `required:` rows, no `scenarios:`.
    #[error("{origin}:{line}: {kind}")]
    Syntax {
        /// The file's path, or a built-in profile's name.
        origin: String,
        /// 1-based; 0 when the whole file is at fault.
        line: usize,
        /// What is wrong, and what is expected there.
        kind: ProfileSyntax,
    },
}

/// What is wrong with a profile's text.
#[derive(Debug, Error)]
pub enum ProfileSyntax {
    /// A line that is not `key: value`; the line.
    #[error("expected `key: value`, got `{0}`")]
    NotKeyValue(String),
    /// A key given twice that takes one value.
    #[error("`{0}:` is given twice")]
    Twice(String),
    /// No `protocol:`.
    #[error("missing `protocol:`")]
    NoProtocol,
    /// `protocol:` naming none.
    #[error(transparent)]
    Protocol(#[from] UnknownProtocol),
    /// `game:` naming none.
    #[error(transparent)]
    Game(#[from] UnknownGame),
    /// `game:` its protocol is not played in.
    #[error(transparent)]
    WrongGame(#[from] WrongGame),
    /// `side:` that is neither `engine` nor `gui`.
    #[error("side `{0}`: expected `engine` or `gui`")]
    Side(String),
    /// A word of `required:` or `recommended:` that names no row.
    #[error(transparent)]
    Row(#[from] RowError),
    /// A word of `scenarios:` that names no scenario of the profile's.
    #[error(transparent)]
    Scenario(#[from] ScenarioRefError),
    /// A key a profile does not have.
    #[error(
        "unknown key `{0}`: a profile has profile, protocol, game, side, title, spec, required, recommended and scenarios"
    )]
    UnknownKey(String),
    /// An engine-side profile with no scenario.
    #[error("no `scenarios:`: a profile runs at least one")]
    NoScenarios,
    /// A GUI-side profile with scenarios.
    #[error("`scenarios:` in a GUI-side profile: a GUI is judged over its own session")]
    ScenariosForAGui,
    /// No row required.
    #[error("no `required:` requirements")]
    NoRequired,
}

/// A word of `required:` or `recommended:` that names no row of the profile's protocol.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum RowError {
    /// Not an id at all.
    #[error("`{word}` is not a requirement id (such as {protocol}-r17), all-must or all-should")]
    NotAnId {
        /// The word as written.
        word: String,
        /// The profile's protocol.
        protocol: Protocol,
    },
    /// An id the protocol's catalogue does not hold.
    #[error("`{word}` is not a {protocol} requirement id")]
    NotInCatalogue {
        /// The word as written.
        word: String,
        /// The profile's protocol.
        protocol: Protocol,
    },
}

/// A word of `scenarios:` that names no scenario of the profile's protocol.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ScenarioRefError {
    /// A scenario file, beside the profile, that is not there.
    #[error("scenario file `{}` does not exist", .0.display())]
    NoFile(PathBuf),
    /// No built-in scenario of that name; `hint` names the nearest.
    #[error("`{word}` is not a built-in scenario{hint}")]
    NotBuiltin {
        /// The word as written.
        word: String,
        /// `; did you mean …?`, or nothing.
        hint: String,
    },
    /// A built-in scenario of another protocol.
    #[error("`{word}` is not a {protocol} scenario")]
    OtherProtocol {
        /// The word as written.
        word: String,
        /// The profile's protocol.
        protocol: Protocol,
    },
}

/// The names of the built-in profiles, sorted (`uci` before `uci-gui`).
pub(crate) fn names() -> Vec<&'static str> {
    let mut names: Vec<&str> = PROFILES.iter().map(|(name, _)| *name).collect();
    names.sort_unstable();
    names
}

/// Every built-in profile, by name.
pub fn builtin() -> Vec<Profile> {
    names()
        .into_iter()
        .filter_map(|name| load(name).ok())
        .collect()
}

/// A profile: a file when `name` is a path to one (it has a `/` or ends in `.profile`, or
/// exists), else a built-in profile by name.
pub fn load(name: &str) -> Result<Profile, ProfileError> {
    let path = Path::new(name);
    if name.contains('/') || name.ends_with(".profile") || path.is_file() {
        return from_file(path);
    }
    let (_, text) =
        PROFILES
            .iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| ProfileError::Unknown {
                name: name.to_owned(),
                known: names().join(", "),
            })?;
    parse(name, name, text, None)
}

/// A profile file.
pub(crate) fn from_file(path: &Path) -> Result<Profile, ProfileError> {
    let text = std::fs::read_to_string(path).map_err(|source| ProfileError::Io {
        path: path.display().to_string(),
        source,
    })?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = path.parent().unwrap_or(Path::new("."));
    parse(&stem, &path.display().to_string(), &text, Some(dir))
}

keywords! {
    /// The keys of a profile file, in the words a file writes them (the same declaration as
    /// the codecs' keywords: each key and its spelling stated once).
    enum Key (any_case: false) {
        Profile = "profile",
        Protocol = "protocol",
        Game = "game",
        Title = "title",
        Spec = "spec",
        Side = "side",
        Required = "required",
        Recommended = "recommended",
        Scenarios = "scenarios",
    }
}

/// A profile file's `key: value` lines, each with its line number, comments and blank lines
/// left out.
struct Fields<'a>(Vec<(usize, Key, &'a str)>);

impl<'a> Fields<'a> {
    fn read(text: &'a str) -> Result<Fields<'a>, (usize, ProfileSyntax)> {
        let mut fields = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line
                .split_once(':')
                .ok_or_else(|| (i + 1, ProfileSyntax::NotKeyValue(line.to_owned())))?;
            let key = key.trim();
            let key =
                Key::read(key).ok_or_else(|| (i + 1, ProfileSyntax::UnknownKey(key.to_owned())))?;
            fields.push((i + 1, key, value.trim()));
        }
        Ok(Fields(fields))
    }

    /// The value of a key a file gives at most once, with its line.
    fn single(&self, key: Key) -> Result<Option<(usize, &'a str)>, (usize, ProfileSyntax)> {
        let mut found = self.0.iter().filter(|(_, k, _)| *k == key);
        let first = found.next().map(|(n, _, v)| (*n, *v));
        match found.next() {
            Some((n, _, _)) => Err((*n, ProfileSyntax::Twice(key.text().to_owned()))),
            None => Ok(first),
        }
    }
}

/// Reads a profile's text. `origin` names it in errors; `dir` is the folder scenario paths are
/// relative to (`None` for a built-in profile, which names built-in scenarios only).
pub(crate) fn parse(
    name: &str,
    origin: &str,
    text: &str,
    dir: Option<&Path>,
) -> Result<Profile, ProfileError> {
    let err = |line: usize, kind: ProfileSyntax| ProfileError::Syntax {
        origin: origin.to_owned(),
        line,
        kind,
    };
    let fields = Fields::read(text).map_err(|(line, kind)| err(line, kind))?;
    let single = |key: Key| fields.single(key).map_err(|(line, kind)| err(line, kind));
    let (protocol_line, protocol) =
        single(Key::Protocol)?.ok_or_else(|| err(0, ProfileSyntax::NoProtocol))?;
    let protocol: Protocol = protocol
        .parse()
        .map_err(|e: UnknownProtocol| err(protocol_line, e.into()))?;
    let game = match single(Key::Game)? {
        None => protocol.default_game(),
        Some((line, value)) => value
            .parse::<GameKind>()
            .map_err(ProfileSyntax::from)
            .and_then(|g| protocol.check_game(g).map_err(ProfileSyntax::from))
            .map_err(|kind| err(line, kind))?,
    };
    let text_of = |key| -> Result<String, ProfileError> {
        Ok(single(key)?.map(|(_, v)| v).unwrap_or_default().to_owned())
    };
    let mut profile = Profile {
        name: single(Key::Profile)?.map_or(name, |(_, v)| v).to_owned(),
        protocol,
        game,
        title: text_of(Key::Title)?,
        spec: text_of(Key::Spec)?,
        required: Vec::new(),
        recommended: Vec::new(),
        scenarios: Vec::new(),
        side: match single(Key::Side)? {
            None | Some((_, "engine")) => Side::Engine,
            Some((_, "gui")) => Side::Gui,
            Some((line, other)) => return Err(err(line, ProfileSyntax::Side(other.to_owned()))),
        },
    };
    for &(line, key, value) in &fields.0 {
        match key {
            Key::Required => profile
                .required
                .extend(ids(protocol, profile.side, value).map_err(|e| err(line, e.into()))?),
            Key::Recommended => profile
                .recommended
                .extend(ids(protocol, profile.side, value).map_err(|e| err(line, e.into()))?),
            Key::Scenarios => {
                for word in value.split_whitespace() {
                    let scenario =
                        scenario_ref(protocol, word, dir).map_err(|e| err(line, e.into()))?;
                    profile.scenarios.push(scenario);
                }
            }
            Key::Profile | Key::Protocol | Key::Game | Key::Title | Key::Spec | Key::Side => {}
        }
    }
    match profile.side {
        Side::Engine if profile.scenarios.is_empty() => {
            return Err(err(0, ProfileSyntax::NoScenarios));
        }
        Side::Gui if !profile.scenarios.is_empty() => {
            return Err(err(0, ProfileSyntax::ScenariosForAGui));
        }
        _ => {}
    }
    if profile.required.is_empty() {
        return Err(err(0, ProfileSyntax::NoRequired));
    }
    // A requirement listed as required is not also graded as a recommendation.
    let required = profile.required.clone();
    profile.recommended.retain(|id| !required.contains(id));
    Ok(profile)
}

/// The ids of a `required:` or `recommended:` value.
fn ids(protocol: Protocol, side: Side, value: &str) -> Result<Vec<ReqId>, RowError> {
    let rows = catalogue(protocol);
    let mut out = Vec::new();
    for word in value.split_whitespace() {
        let level = match word {
            "all-must" => Some(Level::Must),
            "all-should" => Some(Level::Should),
            _ => None,
        };
        if let Some(level) = level {
            out.extend(
                rows.iter()
                    .filter(|r| r.level == level && r.who.binds(side))
                    .map(|r| r.id),
            );
            continue;
        }
        let id: ReqId = word.parse().map_err(|_| RowError::NotAnId {
            word: word.to_owned(),
            protocol,
        })?;
        if !rows.iter().any(|r| r.id == id) {
            return Err(RowError::NotInCatalogue {
                word: word.to_owned(),
                protocol,
            });
        }
        out.push(id);
    }
    Ok(out)
}

/// A `scenarios:` word: a file path (when the profile is a file and the word looks like one)
/// or a built-in scenario of the profile's protocol.
fn scenario_ref(
    protocol: Protocol,
    word: &str,
    dir: Option<&Path>,
) -> Result<ScenarioRef, ScenarioRefError> {
    if let Some(dir) = dir
        && word.ends_with(".scenario")
    {
        let path = dir.join(word);
        if !path.is_file() {
            return Err(ScenarioRefError::NoFile(path));
        }
        return Ok(ScenarioRef::File(path));
    }
    let known = crate::scenario::builtin_names();
    if !known.contains(&word) {
        return Err(ScenarioRefError::NotBuiltin {
            word: word.to_owned(),
            hint: crate::scenario::suggest(word, &known),
        });
    }
    if !word.starts_with(&format!("{protocol}/")) {
        return Err(ScenarioRefError::OtherProtocol {
            word: word.to_owned(),
            protocol,
        });
    }
    Ok(ScenarioRef::Builtin(word.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::req;

    #[test]
    fn every_builtin_profile_parses() {
        assert!(names().len() >= 5);
        for name in names() {
            let p = load(name).unwrap_or_else(|e| panic!("{e}"));
            assert!(!p.required.is_empty(), "{name}");
            // An engine profile runs scenarios; a GUI profile judges the GUI's own session.
            assert_eq!(p.scenarios.is_empty(), p.side == Side::Gui, "{name}");
            if p.side == Side::Gui {
                let gui_row = |id: &ReqId| {
                    catalogue(p.protocol)
                        .iter()
                        .any(|r| r.id == *id && r.checkable_on(Side::Gui))
                };
                assert!(
                    p.required.iter().chain(&p.recommended).all(gui_row),
                    "{name}"
                );
            }
        }
        assert_eq!(builtin().len(), names().len());
    }

    #[test]
    fn a_gui_profile_takes_no_scenarios() {
        let text = "protocol: uci\nside: gui\nrequired: uci-r39\nscenarios: uci/search\n";
        assert!(
            syntax(text).contains("GUI-side profile"),
            "{}",
            syntax(text)
        );
        assert!(syntax("protocol: uci\nside: both\nrequired: uci-r39\n").contains("side `both`"));
    }

    fn syntax(text: &str) -> String {
        parse("x", "x.profile", text, None).unwrap_err().to_string()
    }

    #[test]
    fn unknown_profiles_ids_and_scenarios_are_refused_with_their_line() {
        assert!(
            load("nope")
                .unwrap_err()
                .to_string()
                .contains("ucci-league")
        );
        assert_eq!(
            syntax("protocol: ucci\nscenarios: ucci/quit\nrequired: ucci-r999\n"),
            "x.profile:3: `ucci-r999` is not a ucci requirement id"
        );
        assert_eq!(
            syntax("protocol: ucci\nrequired: ucci-r1\nscenarios: ucci/qiut\n"),
            "x.profile:3: `ucci/qiut` is not a built-in scenario; did you mean `ucci/quit`?"
        );
        assert_eq!(
            syntax("protocol: ucci\nrequired: ucci-r1\nscenarios: uci/quit\n"),
            "x.profile:3: `uci/quit` is not a ucci scenario"
        );
        assert!(
            syntax("protocol: ucci\nprotocol: uci\n")
                .starts_with("x.profile:2: `protocol:` is given twice")
        );
        assert!(
            syntax("protocol: ucci\nrequire: ucci-r1\n")
                .starts_with("x.profile:2: unknown key `require`")
        );
        assert!(syntax("protocol: chess\n").starts_with("x.profile:1: unknown protocol"));
    }

    /// The kinds a league organiser's tooling matches on, each with its line.
    #[test]
    fn each_mistake_in_a_profile_is_an_error_kind_with_its_line() {
        let kind = |text: &str| match parse("x", "x.profile", text, None) {
            Err(ProfileError::Syntax { line, kind, .. }) => (line, kind),
            other => panic!("{other:?}"),
        };
        assert!(matches!(
            kind("protocol: ucci\nscenarios: ucci/quit\nrequired: ucci-r999\n"),
            (3, ProfileSyntax::Row(RowError::NotInCatalogue { .. }))
        ));
        assert!(matches!(
            kind("protocol: ucci\nrequired: ucci-r1\nscenarios: ucci/qiut\n"),
            (3, ProfileSyntax::Scenario(ScenarioRefError::NotBuiltin { hint, .. }))
                if hint.contains("ucci/quit")
        ));
        assert!(matches!(
            kind("protocol: chess\n"),
            (1, ProfileSyntax::Protocol(_))
        ));
        assert!(matches!(
            kind("protocol: ucci\nrequire: ucci-r1\n"),
            (2, ProfileSyntax::UnknownKey(key)) if key == "require"
        ));
        assert!(matches!(
            kind("protocol: ucci\nscenarios: ucci/quit\n"),
            (0, ProfileSyntax::NoRequired)
        ));
        assert!(matches!(
            kind("protocol: uci\ngame: gomoku\nrequired: uci-r1\nscenarios: uci/quit\n"),
            (2, ProfileSyntax::WrongGame(_))
        ));
    }

    #[test]
    fn all_must_expands_to_the_engine_rows_of_that_level() {
        let p = parse(
            "x",
            "x",
            "protocol: agi\nrequired: all-must\nrecommended: all-should\nscenarios: agi/exchange\n",
            None,
        )
        .unwrap();
        assert!(p.required.contains(&req!("agi-r33")));
        assert!(
            !p.required.contains(&req!("agi-r02")),
            "agi-r02 binds the GUI"
        );
        assert!(p.recommended.iter().all(|id| !p.required.contains(id)));
    }
}
