//! Certification: run a profile's scenarios and grade each requirement it names, like a
//! conformance suite — pass, pass with warnings, fail, or not applicable (not exercised).

pub mod coverage;
pub mod profile;
pub mod requirements;

use serde::Serialize;

use crate::check::Grade;
use crate::protocol::{Protocol, ReqId};
use crate::runner::{EngineInfo, ExitStatus, Parallelism, Partition, ScenarioRun};
pub use profile::{Profile, ProfileError, ScenarioRef};
pub use requirements::{Binds, Level, Requirement, catalogue};

/// The grade of one requirement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Pass,
    PassWithWarnings,
    Fail,
    /// No outcome of the run cites it (not exercised, or in another partition).
    NotApplicable,
}

impl Verdict {
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::PassWithWarnings => "pass with warnings",
            Verdict::Fail => "FAIL",
            Verdict::NotApplicable => "not applicable",
        }
    }
}

/// One requirement's verdict and the evidence for it.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct RequirementVerdict {
    pub requirement: Requirement,
    pub verdict: Verdict,
    /// How many outcomes cite it.
    pub outcomes: usize,
    /// The first finding behind a fail or warning: `scenario: check: message`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finding: Option<String>,
}

/// A whole certification run.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Certification {
    pub schema_version: u32,
    pub profile: String,
    pub title: String,
    pub spec: String,
    pub protocol: Protocol,
    pub engine: EngineInfo,
    /// `k/n` when only a share of the scenarios ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partition: Option<Partition>,
    pub verdict: Verdict,
    pub required: Vec<RequirementVerdict>,
    pub recommended: Vec<RequirementVerdict>,
    /// Requirements the run exercised that the profile does not name; not part of the verdict.
    pub also_exercised: Vec<RequirementVerdict>,
    /// How many scenarios ran at once.
    #[serde(default)]
    pub parallelism: Parallelism,
    pub runs: Vec<ScenarioRun>,
}

impl Certification {
    pub fn new(
        profile: &Profile,
        engine: EngineInfo,
        partition: Option<Partition>,
        runs: Vec<ScenarioRun>,
    ) -> Certification {
        let rows = catalogue(profile.protocol);
        let grade = |id: &ReqId| {
            let requirement = rows.iter().find(|r| r.id == *id)?.clone();
            Some(judge(requirement, &runs))
        };
        let required: Vec<_> = profile.required.iter().filter_map(grade).collect();
        let recommended: Vec<_> = profile.recommended.iter().filter_map(grade).collect();
        let named = |id: &ReqId| profile.required.contains(id) || profile.recommended.contains(id);
        let also_exercised = rows
            .iter()
            .filter(|r| !named(&r.id))
            .map(|r| judge(r.clone(), &runs))
            .filter(|v| v.verdict != Verdict::NotApplicable)
            .collect();
        let harness_failed = runs.iter().any(|r| r.harness_error.is_some());
        let verdict = if harness_failed || required.iter().any(|v| v.verdict == Verdict::Fail) {
            Verdict::Fail
        } else if required
            .iter()
            .chain(&recommended)
            .any(|v| matches!(v.verdict, Verdict::PassWithWarnings | Verdict::Fail))
        {
            Verdict::PassWithWarnings
        } else {
            Verdict::Pass
        };
        Certification {
            schema_version: 2,
            profile: profile.name.clone(),
            title: profile.title.clone(),
            spec: profile.spec.clone(),
            protocol: profile.protocol,
            engine,
            partition,
            verdict,
            required,
            recommended,
            also_exercised,
            parallelism: Parallelism::ONE_AT_A_TIME,
            runs,
        }
    }

    /// Certified (warnings allowed), a required requirement failed, or the harness failed.
    pub fn exit_status(&self) -> ExitStatus {
        ExitStatus::of(&self.runs, self.verdict == Verdict::Fail)
    }
}

/// Grades one requirement from the outcomes of the runs that cite it: the worst grade, or not
/// applicable when none does.
pub fn judge(requirement: Requirement, runs: &[ScenarioRun]) -> RequirementVerdict {
    let citing: Vec<(&ScenarioRun, &crate::check::Outcome)> = runs
        .iter()
        .flat_map(|run| run.outcomes.iter().map(move |o| (run, o)))
        .filter(|(_, o)| o.requirements.contains(&requirement.id))
        .collect();
    let worst = citing.iter().map(|(_, o)| o.grade).max();
    let verdict = match worst {
        None => Verdict::NotApplicable,
        Some(Grade::Pass) => Verdict::Pass,
        Some(Grade::Warn) => Verdict::PassWithWarnings,
        Some(Grade::Fail) => Verdict::Fail,
    };
    let finding = worst.filter(|g| *g != Grade::Pass).and_then(|g| {
        citing
            .iter()
            .find(|(_, o)| o.grade == g)
            .map(|(run, o)| format!("{}: {}: {}", run.scenario.name, o.check, o.message))
    });
    RequirementVerdict {
        requirement,
        verdict,
        outcomes: citing.len(),
        finding,
    }
}
