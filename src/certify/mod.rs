//! Certification: run a profile's scenarios and grade each requirement it names, like a
//! conformance suite — pass, pass with warnings, fail, or not applicable (not exercised).

pub mod coverage;
mod engine;
pub mod profile;
pub mod requirements;
pub mod stands_for;

use serde::Serialize;

use crate::check::Grade;
use crate::partition::{Partition, SharesError};
use crate::protocol::{Protocol, ReqId};
use crate::report::{Conclusion, EngineInfo, Parallelism, ScenarioRun};
pub use engine::CertifyError;
pub use engine::scenarios;
pub use profile::{Profile, ProfileError, ProfileSyntax, RowError, ScenarioRef, ScenarioRefError};
pub use requirements::{Binds, Level, Requirement, catalogue};

/// The grade of one requirement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Every outcome citing it passed (`pass` in JSON).
    Pass,
    /// An outcome citing it warned and none failed; a `should` or `may` row gets this even
    /// from a failing outcome, since what a text only recommends or allows is never failed.
    PassWithWarnings,
    /// Not judged: every step that would have judged it was blocked by a finding elsewhere
    /// (a reply that never came). Of a required row, it keeps the engine from being
    /// certified without failing the row.
    Blocked,
    /// A `must` row with a failing outcome citing it; of a whole certification, a required row
    /// failed or the harness itself failed (`FAIL` in the human report).
    Fail,
    /// No outcome of the run cites it (not exercised, or in another partition).
    NotApplicable,
}

impl Verdict {
    /// The words the human and HTML reports show: `pass`, `pass with warnings`, `blocked`,
    /// `FAIL`, `not applicable` (JSON uses the kebab-case names instead).
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::PassWithWarnings => "pass with warnings",
            Verdict::Blocked => "blocked",
            Verdict::Fail => "FAIL",
            Verdict::NotApplicable => "not applicable",
        }
    }
}

/// One requirement's verdict and the evidence for it.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct RequirementVerdict {
    /// The catalogue row graded, with its id (`ucci-r130`), level and statement.
    pub requirement: Requirement,
    /// The worst grade of the outcomes citing the row, capped at a warning for `should` and
    /// `may` rows; `blocked` or `not-applicable` when no outcome cites it.
    pub verdict: Verdict,
    /// How many outcomes cite it.
    pub outcomes: usize,
    /// The first finding behind a fail or warning, or the one that blocked every step that
    /// cites it: `scenario: check: message`, `scenario: blocked by check: message`; for a
    /// verdict taken from a row it stands for, `via ucci-r60: ` and that row's finding.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finding: Option<String>,
    /// The row this one stands for whose verdict it took, when that was worse than its own
    /// evidence (`stands_for`): `ucci-r60` behind a failed `ucci-r132`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub via: Option<ReqId>,
    /// The row warned only because replies missed bounds the harness cannot hold the engine
    /// to (bounds of its own choosing, or lateness within its own scheduling delay): its
    /// warnings speak of the machine's load that day, not of what the text asks.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub timing_only: bool,
}

impl Verdict {
    /// How bad the verdict is, for taking the worst of several: `None` for not applicable,
    /// which is no evidence either way.
    fn severity(self) -> Option<u8> {
        match self {
            Verdict::Pass => Some(0),
            Verdict::PassWithWarnings => Some(1),
            Verdict::Blocked => Some(2),
            Verdict::Fail => Some(3),
            Verdict::NotApplicable => None,
        }
    }
}

/// A whole certification run.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Certification {
    /// The JSON report format's version, 4 as written now (`docs/report-format.md`).
    pub schema_version: u32,
    /// The profile's name (`ucci-league`), or a profile file's stem when it gives none.
    pub profile: String,
    /// The profile's one-line `title:`, what it certifies; empty when it gives none.
    pub title: String,
    /// The profile's `spec:`, the text and passage its rows come from; empty when it gives none.
    pub spec: String,
    /// The protocol the profile's rows and scenarios belong to.
    pub protocol: Protocol,
    /// The engine's command line as it was started, program and arguments.
    pub engine: EngineInfo,
    /// `k/n` when only a share of the scenarios ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partition: Option<Partition>,
    /// The engine's grade: `fail` when a required row failed or the harness failed, else
    /// `blocked` when a required row could not be judged, else `pass-with-warnings` when any
    /// required or recommended row warned, failed or was blocked, else `pass`.
    pub verdict: Verdict,
    /// The profile's `required:` rows, graded, in the profile's order; these decide certification.
    pub required: Vec<RequirementVerdict>,
    /// The profile's `recommended:` rows, graded and shown apart; they never fail the certification.
    pub recommended: Vec<RequirementVerdict>,
    /// Requirements the run exercised that the profile does not name; not part of the verdict.
    pub also_exercised: Vec<RequirementVerdict>,
    /// How many scenarios ran at once.
    #[serde(default)]
    pub parallelism: Parallelism,
    /// Every scenario's run, in run order, with its outcomes and transcript: the evidence
    /// behind the rows.
    pub runs: Vec<ScenarioRun>,
}

impl Certification {
    /// Grades `profile`'s rows on `runs` (one per scenario, of the `partition` share when
    /// given) and sets the verdict; the parallelism is recorded as one scenario at a time.
    pub fn new(
        profile: &Profile,
        engine: EngineInfo,
        partition: Option<Partition>,
        runs: Vec<ScenarioRun>,
    ) -> Certification {
        let rows = catalogue(profile.protocol);
        let named = |ids: &[ReqId]| -> Vec<Requirement> {
            ids.iter()
                .filter_map(|id| rows.iter().find(|r| r.id == *id).cloned())
                .collect()
        };
        let (required, recommended) = (named(&profile.required), named(&profile.recommended));
        Certification {
            schema_version: 4,
            profile: profile.name.clone(),
            title: profile.title.clone(),
            spec: profile.spec.clone(),
            protocol: profile.protocol,
            engine,
            partition,
            verdict: Verdict::NotApplicable,
            required: Vec::new(),
            recommended: Vec::new(),
            also_exercised: Vec::new(),
            parallelism: Parallelism::ONE_AT_A_TIME,
            runs,
        }
        .graded(required, recommended)
    }

    /// The certification with its rows graded on its runs: the profile's `required` and
    /// `recommended` rows, the catalogue's other rows that the runs exercised, and the
    /// verdict over them.
    fn graded(
        mut self,
        required: Vec<Requirement>,
        recommended: Vec<Requirement>,
    ) -> Certification {
        // One cause, one finding across the profile (and across its shares, put together):
        // input the engine was shown not to read explains the replies missing elsewhere.
        crate::runner::explain_across(&mut self.runs);
        let runs = &self.runs;
        let named = |id: &ReqId| required.iter().chain(&recommended).any(|r| r.id == *id);
        self.also_exercised = catalogue(self.protocol)
            .iter()
            .filter(|r| !named(&r.id))
            .map(|r| judge(r.clone(), runs))
            .filter(|v| v.verdict != Verdict::NotApplicable)
            .collect();
        let catalogue = catalogue(self.protocol);
        self.required = required
            .into_iter()
            .map(|r| judge_with_rows_behind(r, runs, &catalogue))
            .collect();
        self.recommended = recommended
            .into_iter()
            .map(|r| judge_with_rows_behind(r, runs, &catalogue))
            .collect();
        let (required, recommended) = (&self.required, &self.recommended);
        let harness_failed = runs.iter().any(|r| r.end.harness_error().is_some());
        self.verdict = if harness_failed || required.iter().any(|v| v.verdict == Verdict::Fail) {
            Verdict::Fail
        } else if required.iter().any(|v| v.verdict == Verdict::Blocked) {
            Verdict::Blocked
        } else if required.iter().chain(recommended).any(|v| {
            matches!(
                v.verdict,
                Verdict::PassWithWarnings | Verdict::Blocked | Verdict::Fail
            )
        }) {
            Verdict::PassWithWarnings
        } else {
            Verdict::Pass
        };
        self
    }

    /// One certification from the reports of its shares (`--partition K/N`, one per CI job or
    /// worker), given in any order: every share once, of one profile and engine. The rows are
    /// graded again on all the runs together, so a requirement only another share exercised is
    /// no longer `not applicable`, and the verdict is the whole run's.
    pub fn combine(parts: Vec<Certification>) -> Result<Certification, SharesError> {
        let first = parts.first().ok_or(SharesError::Nothing)?.clone();
        for part in &parts[1..] {
            if part.profile != first.profile || part.protocol != first.protocol {
                return Err(SharesError::NotOneRun("profile"));
            }
            if part.engine.program != first.engine.program || part.engine.args != first.engine.args
            {
                return Err(SharesError::NotOneRun("engine"));
            }
        }
        let parallelism = parts
            .iter()
            .map(|p| p.parallelism)
            .fold(Parallelism::default(), Parallelism::busiest);
        let shares = parts.into_iter().map(|p| (p.partition, p.runs)).collect();
        let runs = Partition::reassemble(shares)?;
        let rows = |verdicts: &[RequirementVerdict]| {
            verdicts
                .iter()
                .map(|v| v.requirement.clone())
                .collect::<Vec<_>>()
        };
        let (required, recommended) = (rows(&first.required), rows(&first.recommended));
        Ok(Certification {
            partition: None,
            parallelism,
            runs,
            ..first
        }
        .graded(required, recommended))
    }

    /// Certified (warnings allowed); not certified, because a required requirement failed or
    /// could not be judged; or the harness failed.
    pub fn conclusion(&self) -> Conclusion {
        Conclusion::of(
            &self.runs,
            matches!(self.verdict, Verdict::Fail | Verdict::Blocked),
        )
    }
}

/// The catalogue rows the outcomes of `runs` cite, each graded as a certification grades it.
pub fn exercised(protocol: Protocol, runs: &[ScenarioRun]) -> Vec<RequirementVerdict> {
    catalogue(protocol)
        .into_iter()
        .map(|r| judge(r, runs))
        .filter(|v| v.verdict != Verdict::NotApplicable)
        .collect()
}

/// Grades one requirement on its own evidence, the outcomes that cite it: the worst grade.
/// Steps blocked by a finding elsewhere are no evidence; a requirement with nothing but
/// blocked steps behind it is blocked, and one that nothing cites is not applicable.
pub fn judge(requirement: Requirement, runs: &[ScenarioRun]) -> RequirementVerdict {
    let citing: Vec<(&ScenarioRun, &crate::check::Outcome)> = runs
        .iter()
        .flat_map(|run| run.outcomes.iter().map(move |o| (run, o)))
        .filter(|(_, o)| o.requirements.contains(&requirement.id))
        .collect();
    let worst = citing.iter().map(|(_, o)| o.grade).max();
    let blocked_by = || {
        runs.iter()
            .flat_map(|run| run.blocked.iter().map(move |b| (run, b)))
            .find(|(_, b)| b.requirements.contains(&requirement.id))
    };
    let (verdict, finding) = match worst {
        None => match blocked_by() {
            Some((run, b)) => (
                Verdict::Blocked,
                Some(format!(
                    "{}: {}: {}",
                    run.scenario.name,
                    b.reason(),
                    b.by.message
                )),
            ),
            None => (Verdict::NotApplicable, None),
        },
        Some(worst) => {
            // What the text merely recommends (`should`) or allows (`may`) is never failed:
            // a failing outcome that also cites such a row (`ucci.stop.result` cites the
            // must-row ucci-r95 beside the should-row ucci-r96) fails only the must-row.
            let g = match requirement.level {
                Level::Must => worst,
                Level::Should | Level::May => worst.min(Grade::Warn),
            };
            let verdict = match g {
                Grade::Pass => Verdict::Pass,
                Grade::Warn => Verdict::PassWithWarnings,
                Grade::Fail => Verdict::Fail,
            };
            let finding = citing
                .iter()
                .filter(|_| g != Grade::Pass)
                .find(|(_, o)| o.grade == worst)
                .map(|(run, o)| format!("{}: {}: {}", run.scenario.name, o.check, o.message));
            (verdict, finding)
        }
    };
    let timing_only = verdict == Verdict::PassWithWarnings
        && citing
            .iter()
            .filter(|(_, o)| o.grade != Grade::Pass)
            .all(|(_, o)| o.softened.is_some());
    RequirementVerdict {
        requirement,
        verdict,
        outcomes: citing.len(),
        finding,
        via: None,
        timing_only,
    }
}

/// Grades a row a profile names as the worst of its own evidence and of the `must` rows it
/// stands for (`stands_for`): a league's "handle `banmoves`" fails when a banned move was
/// played, whatever the steps that cite the league's row showed. A `should` or `may` row still
/// only warns. Rows behind it that nothing exercised change nothing.
pub fn judge_with_rows_behind(
    requirement: Requirement,
    runs: &[ScenarioRun],
    catalogue: &[Requirement],
) -> RequirementVerdict {
    let id = requirement.id;
    let level = requirement.level;
    let own = judge(requirement, runs);
    let worst_behind = stands_for::rows_behind(id)
        .into_iter()
        .filter_map(|behind| catalogue.iter().find(|r| r.id == behind))
        .filter(|r| r.level == Level::Must)
        .map(|r| judge(r.clone(), runs))
        .filter(|v| v.verdict.severity().is_some())
        .max_by_key(|v| v.verdict.severity());
    let Some(behind) = worst_behind else {
        return own;
    };
    let verdict = match (behind.verdict, level) {
        (Verdict::Fail, Level::Should | Level::May) => Verdict::PassWithWarnings,
        (verdict, _) => verdict,
    };
    if verdict.severity() <= own.verdict.severity().or(Some(0)) {
        return own;
    }
    RequirementVerdict {
        verdict,
        finding: behind
            .finding
            .map(|f| format!("via {}: {f}", behind.requirement.id)),
        via: Some(behind.requirement.id),
        timing_only: behind.timing_only,
        ..own
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckId, CheckRef, Outcome};
    use crate::report::RunEnd;
    use crate::req;
    use crate::scenario::builtin_named;

    /// One scenario's run whose outcomes cite `graded` rows, each with its grade.
    fn run_citing(graded: &[(ReqId, Grade)]) -> ScenarioRun {
        let scenario = builtin_named("ucci/stop")
            .expect("a built-in scenario")
            .expect("it parses");
        let mut run = ScenarioRun::ended(&scenario, RunEnd::Completed);
        for &(id, grade) in graded {
            run.outcomes.push(Outcome::new(
                CheckRef::Step {
                    scenario: "generated".to_owned(),
                    label: id.to_string(),
                },
                &[id],
                grade,
                "generated",
            ));
        }
        run
    }

    fn engine() -> EngineInfo {
        EngineInfo {
            program: "engine".to_owned(),
            args: Vec::new(),
        }
    }

    /// The league's own example: a banned move played fails ucci-r60, and the league row on
    /// `banmoves` that a passing step cites fails through it, named.
    #[test]
    fn a_required_row_fails_through_a_must_row_it_stands_for() {
        let profile = profile::load("ucci-league").expect("built in");
        let run = run_citing(&[
            (req!("ucci-r132"), Grade::Pass),
            (req!("ucci-r60"), Grade::Fail),
        ]);
        let c = Certification::new(&profile, engine(), None, vec![run]);
        assert_eq!(c.verdict, Verdict::Fail);
        let row = c
            .required
            .iter()
            .find(|v| v.requirement.id == req!("ucci-r132"))
            .expect("a required row");
        assert_eq!(row.verdict, Verdict::Fail);
        assert_eq!(row.via, Some(req!("ucci-r60")));
        assert!(
            row.finding
                .as_deref()
                .is_some_and(|f| f.starts_with("via ucci-r60: "))
        );
        // A warning behind it warns; a should row behind it is not in the table at all.
        let run = run_citing(&[
            (req!("ucci-r132"), Grade::Pass),
            (req!("ucci-r60"), Grade::Warn),
        ]);
        let c = Certification::new(&profile, engine(), None, vec![run]);
        assert_eq!(c.verdict, Verdict::PassWithWarnings);
    }

    proptest::proptest! {
        /// No profile certifies an engine while a `must` row that one of its required rows
        /// stands for fails in the same run, whatever else the run shows.
        #[test]
        fn no_profile_passes_while_a_must_row_behind_a_required_row_fails(
            picks in proptest::collection::vec((0usize..400, 0u8..3), 0..40),
            profile_index in 0usize..16,
        ) {
            let profiles: Vec<Profile> = profile::builtin()
                .into_iter()
                .filter(|p| p.side == crate::check::registry::Side::Engine)
                .collect();
            let profile = &profiles[profile_index % profiles.len()];
            let rows = catalogue(profile.protocol);
            let graded: Vec<(ReqId, Grade)> = picks
                .iter()
                .map(|&(row, grade)| {
                    let grade = [Grade::Pass, Grade::Warn, Grade::Fail][grade as usize];
                    (rows[row % rows.len()].id, grade)
                })
                .collect();
            let runs = vec![run_citing(&graded)];
            let c = Certification::new(profile, engine(), None, runs.clone());
            for required in &profile.required {
                let broken_behind = stands_for::rows_behind(*required).into_iter().any(|b| {
                    rows.iter().find(|r| r.id == b).is_some_and(|r| {
                        r.level == Level::Must
                            && judge(r.clone(), &runs).verdict == Verdict::Fail
                    })
                });
                if broken_behind {
                    proptest::prop_assert_eq!(c.verdict, Verdict::Fail, "{} in {}", required, profile.name);
                }
            }
        }
    }

    /// A row whose only warnings are replies past the harness's own bounds is marked as
    /// warning on timing alone; one warning on anything else is not, and neither is a pass.
    #[test]
    fn a_row_warned_only_past_the_harness_bounds_is_timing_only() {
        let id = req!("ucci-r95");
        let row = |outcomes: &[(Grade, Option<crate::check::Softened>)]| {
            let mut run = run_citing(&[]);
            for &(grade, softened) in outcomes {
                run.outcomes.push(
                    Outcome::new(
                        CheckRef::Step {
                            scenario: "generated".to_owned(),
                            label: "bestmove".to_owned(),
                        },
                        &[id],
                        grade,
                        "generated",
                    )
                    .softened(softened),
                );
            }
            let requirement = catalogue(crate::protocol::Protocol::Ucci)
                .into_iter()
                .find(|r| r.id == id)
                .expect("a catalogue row");
            judge(requirement, &[run])
        };
        use crate::check::Softened::{HarnessBound, SchedulingDelay};
        let timing = row(&[
            (Grade::Pass, None),
            (Grade::Warn, Some(HarnessBound)),
            (Grade::Warn, Some(SchedulingDelay)),
        ]);
        assert_eq!(timing.verdict, Verdict::PassWithWarnings);
        assert!(timing.timing_only);
        let mixed = row(&[(Grade::Warn, Some(HarnessBound)), (Grade::Warn, None)]);
        assert_eq!(mixed.verdict, Verdict::PassWithWarnings);
        assert!(!mixed.timing_only);
        assert!(!row(&[(Grade::Pass, None)]).timing_only);
        let failed = row(&[(Grade::Warn, Some(HarnessBound)), (Grade::Fail, None)]);
        assert!(!failed.timing_only);
    }

    /// Issue 26 survey, H8: one failing outcome citing a must-row and a should-row.
    #[test]
    fn a_failure_fails_only_the_must_rows_it_cites() {
        let scenario = builtin_named("ucci/stop")
            .expect("a built-in scenario")
            .expect("it parses");
        let mut run = ScenarioRun::ended(&scenario, RunEnd::Completed);
        let (must, should) = (req!("ucci-r95"), req!("ucci-r96"));
        run.outcomes.push(Outcome::new(
            CheckRef::builtin(Protocol::Ucci, CheckId::StopResult),
            &[must, should],
            Grade::Fail,
            "no result after `stop`",
        ));
        let row = |id| {
            catalogue(Protocol::Ucci)
                .into_iter()
                .find(|r| r.id == id)
                .expect("a catalogue row")
        };
        assert_eq!(row(should).level, Level::Should);
        assert_eq!(judge(row(must), &[run.clone()]).verdict, Verdict::Fail);
        let recommended = judge(row(should), &[run]);
        assert_eq!(recommended.verdict, Verdict::PassWithWarnings);
        assert!(recommended.finding.is_some_and(|f| f.contains("no result")));
    }
}
