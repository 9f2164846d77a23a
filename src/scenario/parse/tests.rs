use super::*;
use crate::protocol::{GameKind, Protocol};
use crate::scenario::{BoundSource, Level, PatternError, Repeat, StepKind};

const SAMPLE: &str = "\
# A comment
protocol: ucci
title: isready is answered
spec: ucci-overview.zh.txt, isready
cites: ucci-r46, ucci-r47
timeout: 3 s

> ucci
< id name {name...} (optional)
< option ... (any number)
< ucciok (within 5000 ms, ucci-r37)
> isready
< readyok (within 1000 ms, should)
wait 100 ms
silent 200 ms
no bestmove ... for 500 ms (ucci-r80)
> quit
< bye
exit within 1 s with code 0
";

#[test]
fn reads_every_kind_of_line() {
    let s = parse("sample", "sample.scenario", SAMPLE).unwrap();
    assert_eq!(s.protocol, Protocol::Ucci);
    assert_eq!(s.cites, crate::reqs!["ucci-r46", "ucci-r47"]);
    assert_eq!(s.timeout_ms, 3000);
    assert_eq!(s.steps.len(), 10);
    let StepKind::Expect(group) = &s.steps[1].kind else {
        panic!("expected a group")
    };
    assert_eq!(group.len(), 3);
    assert_eq!(group[0].repeat, Repeat::Optional);
    assert_eq!(group[1].repeat, Repeat::AnyNumber);
    assert_eq!(group[2].within_ms, Some(5000));
    assert_eq!(group[2].cites, crate::reqs!["ucci-r37"]);
    let StepKind::Expect(ready) = &s.steps[3].kind else {
        panic!()
    };
    assert_eq!(ready[0].level, Level::Should);
    assert!(matches!(s.steps[6].kind, StepKind::Absent { ms: 500, .. }));
    assert_eq!(s.steps[6].cites, crate::reqs!["ucci-r80"]);
    assert!(matches!(
        s.steps[9].kind,
        StepKind::Exit {
            within_ms: 1000,
            code: Some(0)
        }
    ));
}

#[test]
fn labels_survive_comment_edits_and_repeats_are_numbered() {
    let s = parse("x", "x", SAMPLE).unwrap();
    let labels: Vec<String> = s
        .steps
        .iter()
        .flat_map(|step| match &step.kind {
            StepKind::Expect(g) => g.iter().map(|e| e.label.clone()).collect(),
            _ => vec![step.label.clone()],
        })
        .collect();
    assert_eq!(
        labels,
        [
            "> ucci",
            "id name {name...}",
            "option ...",
            "ucciok",
            "> isready",
            "readyok",
            "wait",
            "silent",
            "no bestmove ...",
            "> quit",
            "bye",
            "exit"
        ]
    );
    let edited = SAMPLE.replace("> ucci", "# a new comment\n> ucci");
    let again = parse("x", "x", &edited).unwrap();
    let StepKind::Expect(g) = &again.steps[1].kind else {
        panic!()
    };
    assert_eq!(g[2].label, "ucciok");
    let named = parse(
        "x",
        "x",
        "protocol: uci\ntitle: t\nspec: s\n< readyok\n< readyok (as second, within 1 s)\n< readyok\n",
    )
    .unwrap();
    let StepKind::Expect(g) = &named.steps[0].kind else {
        panic!()
    };
    let names: Vec<&str> = g.iter().map(|e| e.label.as_str()).collect();
    assert_eq!(names, ["readyok", "second", "readyok #2"]);
}

#[test]
fn a_parenthesis_that_is_not_a_modifier_stays_in_the_pattern() {
    let s = parse(
        "x",
        "x",
        "protocol: uci\ntitle: t\nspec: s\n< id name Foo (beta)\n",
    )
    .unwrap();
    let StepKind::Expect(g) = &s.steps[0].kind else {
        panic!()
    };
    assert_eq!(g[0].text, "id name Foo (beta)");
}

fn error_of(text: &str) -> String {
    parse("x", "x.scenario", text).unwrap_err().to_string()
}

#[test]
fn a_scenario_may_name_the_one_game_it_is_written_for() {
    let text = "protocol: uci\ngame: xiangqi\ntitle: t\nspec: s\n> uci\n< uciok\n";
    let scenario = parse("x", "x.scenario", text).unwrap();
    assert_eq!(scenario.game, Some(GameKind::Xiangqi));
    let any = parse("x", "x.scenario", &text.replace("game: xiangqi\n", "")).unwrap();
    assert_eq!(any.game, None);
    assert_eq!(
        error_of("protocol: ucci\ngame: chess\ntitle: t\nspec: s\n> ucci\n"),
        "x.scenario:2: ucci is not spoken for chess here (it is for xiangqi)"
    );
    assert_eq!(
        error_of("protocol: uci\ngame: shogi\ntitle: t\nspec: s\n> uci\n"),
        "x.scenario:2: unknown game \"shogi\": expected xiangqi, chess or gomoku"
    );
}

#[test]
fn errors_name_the_line() {
    let head = "protocol: ucci\ntitle: t\nspec: s\n";
    assert_eq!(
        error_of(&format!("{head}> ucci\n< ucciok (within 5 parsecs)\n")),
        "x.scenario:5: duration `5 parsecs` needs a unit: ms or s"
    );
    assert!(
        error_of(&format!("{head}> ucci\nsleep 5 ms\n"))
            .starts_with("x.scenario:5: cannot read `sleep 5 ms`")
    );
    assert!(
        error_of(&format!("{head}< ok (optional, any number)\n")).contains("more than one repeat")
    );
    assert!(
        error_of(&format!("{head}< ok (within 1 s, soon)\n")).contains("unknown modifier `soon`")
    );
    assert!(error_of("protocol: go\n").starts_with("x.scenario:1: unknown protocol `go`"));
    assert_eq!(
        error_of("title: t\nspec: s\n> x\n"),
        "x.scenario: missing `protocol:` header (the headers come before the first step)"
    );
    assert!(error_of(&format!("{head}wait 5 ms (within 1 s)\n")).contains("only `<` lines"));
    assert!(error_of(&format!("{head}< a\nwait 5 ms (needs a)\n")).contains("only `<` lines"));
}

/// A repeated directive is named by its number, as reports name it: the second wait for an
/// early answer is `no bestmove ... #2`, and a `needs` may name either, or both.
#[test]
fn needs_names_a_repeated_step_by_its_number() {
    let head = "protocol: ucci\ntitle: t\nspec: s\n> go infinite\nno bestmove ... for 300 ms\n\
                > stop\n< bestmove ...\n> go infinite\nno bestmove ... for 300 ms\n> stop\n";
    let needs = |needs: &str| -> Vec<Vec<String>> {
        let s = parse("x", "x", &format!("{head}< bestmove ... ({needs})\n")).unwrap();
        s.steps
            .iter()
            .filter_map(|step| match &step.kind {
                StepKind::Expect(g) => Some(g[0].needs.clone()),
                _ => None,
            })
            .collect()
    };
    assert_eq!(
        needs("needs no bestmove ... #2"),
        [vec![], vec!["no bestmove ... #2".to_owned()]]
    );
    assert_eq!(
        needs("needs no bestmove ..., needs no bestmove ... #2")[1],
        ["no bestmove ...", "no bestmove ... #2"]
    );
    assert!(
        error_of(&format!(
            "{head}< bestmove ... (needs no bestmove ... #3)\n"
        ))
        .contains("`needs no bestmove ... #3` names no step above")
    );
}

/// `if NAME is VALUE` names a capture of a line above, and reads as the capture and value; one
/// per line, and none before the capture.
#[test]
fn if_names_a_capture_above_and_its_value() {
    let head = "protocol: gomocup\ntitle: t\nspec: s\n> RESTART\n\
                < /(?P<restart>OK|UNKNOWN)(\\s.*)?/\n> BOARD\n> DONE\n";
    let only_if = |modifiers: &str| {
        let s = parse("x", "x", &format!("{head}< /\\d+,\\d+/ ({modifiers})\n")).unwrap();
        s.steps
            .iter()
            .filter_map(|step| match &step.kind {
                StepKind::Expect(g) => Some(g[0].only_if.clone()),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(
        only_if("if restart is OK, gomocup-r57"),
        [
            None,
            Some(crate::scenario::Condition {
                name: "restart".to_owned(),
                values: vec!["OK".to_owned()],
                negated: false,
            })
        ]
    );
    assert!(
        error_of(&format!("{head}< /\\d+,\\d+/ (if started is OK)\n"))
            .contains("`if started is …` names no capture above")
    );
    assert!(
        error_of(&format!("{head}< /\\d+,\\d+/ (if restart OK)\n"))
            .contains("write `if NAME is VALUE`")
    );
}

/// `if NAME is VALUE` … `end if` puts the steps between under the condition, a `<` run or a
/// `>>` not joining across the block's edge; `is not` and `A|B` read as such; a block is closed,
/// and its condition names a capture above.
#[test]
fn an_if_block_puts_its_steps_under_its_condition() {
    let head = "protocol: gomocup\ntitle: t\nspec: s\n> RESTART\n\
                < /(?P<restart>OK|UNKNOWN)(\\s.*)?/\n";
    let s = parse(
        "x",
        "x",
        &format!(
            "{head}if restart is OK\n> BEGIN\n< /\\d+,\\d+/\nif restart is not UNKNOWN|ERROR\n\
             > ABOUT\nend if\nend if\n> END\n"
        ),
    )
    .unwrap();
    let when: Vec<Vec<String>> = s
        .steps
        .iter()
        .map(|step| step.when.iter().map(ToString::to_string).collect())
        .collect();
    assert_eq!(
        when,
        [
            vec![],
            vec![],
            vec!["restart is OK".to_owned()],
            vec!["restart is OK".to_owned()],
            vec![
                "restart is OK".to_owned(),
                "restart is not UNKNOWN|ERROR".to_owned()
            ],
            vec![],
        ]
    );
    // The first reply and the move are two groups: the move is inside the block.
    assert!(matches!(&s.steps[1].kind, StepKind::Expect(g) if g.len() == 1));
    assert!(
        error_of(&format!("{head}if restart is OK\n> BEGIN\n"))
            .contains("`if restart is OK` is never closed")
    );
    assert!(error_of(&format!("{head}end if\n")).contains("`end if` closes no `if` block"));
    assert!(
        error_of(&format!("{head}if started is OK\n> BEGIN\nend if\n"))
            .contains("`if started is …` names no capture above")
    );
    assert!(
        error_of(&format!("{head}if restart OK\nend if\n")).contains("write `if NAME is VALUE`")
    );
    let ok = crate::scenario::Condition::parse("restart is not UNKNOWN|ERROR").unwrap();
    let answered = |v: &str| [("restart".to_owned(), v.to_owned())].into_iter().collect();
    assert!(ok.holds(&answered("OK")) && !ok.holds(&answered("ERROR")));
    assert!(!ok.holds(&Default::default()));
}

#[test]
fn typos_are_scenario_errors_before_an_engine_runs() {
    let head = "protocol: ucci\ntitle: t\nspec: s\n";
    assert_eq!(
        error_of(&format!("{head}> ucci\n< ucciok (withn 2000 ms)\n")),
        "x.scenario:5: unknown modifier `withn 2000 ms`; did you mean `within`? (use optional, \
         any number, one or more, within N ms, not before N ms, harness, text: ID, should, as \
         NAME, needs NAME, if NAME is VALUE, or requirement ids)"
    );
    assert_eq!(
        error_of(&format!("{head}> ucci\n< ucciok (needs readyok)\n")),
        "x.scenario:5: `needs readyok` names no step above: use an earlier step's label (its `as \
         NAME`, or what it expects)"
    );
    assert_eq!(
        error_of(&format!("{head}> position startpos moves {{capture}}\n")),
        "x.scenario:4: `{capture}` is used before any expectation captures it (write `{capture}` in a `<` line above)"
    );
    // `{free}` is the harness's in Gomocup (a point empty when sent), a capture elsewhere.
    assert!(
        parse(
            "x",
            "x",
            "protocol: gomocup\ntitle: t\nspec: s\n> START 20\n< OK\n> TURN {free}\n"
        )
        .is_ok()
    );
    assert_eq!(
        error_of(&format!("{head}> position startpos moves {{free}}\n")),
        "x.scenario:4: `{free}` is used before any expectation captures it (write `{free}` in a `<` line above)"
    );
    assert_eq!(
        error_of("protocol: ucci\nprotocol: uci\n"),
        "x.scenario:2: `protocol:` is given twice (first on line 1)"
    );
    assert!(error_of(&format!("{head}> go\n< bestmove (within -5 ms)\n")).contains("is negative"));
    // A parenthesis that is no modifier list stays part of the pattern.
    assert!(parse("x", "x", &format!("{head}< id name Foo (beta 2)\n")).is_ok());
    // Captured above, used below: fine.
    assert!(
        parse(
            "x",
            "x",
            &format!("{head}< bestmove {{m}} ...\n> position startpos moves {{m}}\n")
        )
        .is_ok()
    );
}

/// Issue 40: every bound may say where it comes from, `harness` (the text gives no figure) or
/// `text: ID` (a row of the scenario's protocol gives it); the row is not a cite of the line.
#[test]
fn a_bound_says_whether_the_harness_or_a_row_of_the_text_gives_it() {
    let text = "protocol: ucci\ntitle: t\nspec: s\ntimeout: 30 s\n> ucci\n\
                < ucciok (within 2000 ms, harness, ucci-r45)\n\
                > go time 10 increment 0\n\
                < bestmove ... (within 10000 ms, text: ucci-r69, ucci-r133)\n\
                < info ... (any number, within 1 s)\n\
                > go infinite\n\
                no bestmove ... for 300 ms (text:ucci-r64, ucci-r64)\n\
                silent 100 ms (harness)\n\
                exit within 1000 ms (should, harness, ucci-r118)\n";
    let s = parse("x", "x", text).unwrap();
    let bounds: Vec<Option<BoundSource>> = s
        .steps
        .iter()
        .flat_map(|step| match &step.kind {
            StepKind::Expect(g) => g.iter().map(|e| e.bound).collect(),
            _ => vec![step.bound],
        })
        .collect();
    let row = |id: &str| Some(BoundSource::Text(id.parse().unwrap()));
    assert_eq!(
        bounds,
        [
            None,
            Some(BoundSource::Harness),
            None,
            row("ucci-r69"),
            None,
            None,
            row("ucci-r64"),
            Some(BoundSource::Harness),
            Some(BoundSource::Harness),
        ]
    );
    let StepKind::Expect(reply) = &s.steps[3].kind else {
        panic!()
    };
    assert_eq!(reply[0].cites, crate::reqs!["ucci-r133"]);
    assert_eq!(reply[0].level, Level::Must);
    assert_eq!(s.steps[7].level, Level::Should);
}

#[test]
fn a_bound_source_needs_a_bound_and_a_row_of_the_protocol() {
    let head = "protocol: ucci\ntitle: t\nspec: s\n";
    assert_eq!(
        error_of(&format!("{head}> ucci\n< ucciok (harness)\n")),
        "x.scenario:5: `harness` says where a bound comes from, and this line has none: add \
         `within N ms` (a `not before` follows the command's own figure and takes no source)"
    );
    assert!(
        error_of(&format!(
            "{head}> go movetime 500\n< bestmove ... (not before 250 ms, text: ucci-r69)\n"
        ))
        .starts_with("x.scenario:5: `text: ucci-r69` says where a bound comes from")
    );
    assert_eq!(
        error_of(&format!("{head}> ucci\nwait 100 ms (harness)\n")),
        "x.scenario:5: `harness` says where a bound comes from, and `wait` is none: it goes with \
         `within`, `silent`, `no … for` and `exit within`"
    );
    assert!(
        error_of(&format!(
            "{head}> ucci\n< ucciok (within 1 s, harness, text: ucci-r45)\n"
        ))
        .contains("more than one bound source")
    );
    assert!(
        error_of(&format!(
            "{head}> ucci\n< ucciok (within 1 s, harness, harness)\n"
        ))
        .contains("more than one bound source")
    );
    assert_eq!(
        error_of(&format!("{head}> ucci\n< ucciok (within 1 s, text: r45)\n")),
        "x.scenario:5: `text: r45`: `text:` names the catalogue row that gives the bound, such \
         as `text: ucci-r69`"
    );
    assert_eq!(
        error_of(&format!(
            "{head}> go\n< bestmove ... (within 1 s, text: uci-r72)\n"
        )),
        "x.scenario:5: `text: uci-r72` names a row of another protocol: this scenario is ucci"
    );
    assert_eq!(
        error_of(&format!(
            "{head}> quit\nexit within 1 s (text: ucci-r999)\n"
        )),
        "x.scenario:5: `text: ucci-r999` names no row of the ucci catalogue"
    );
    assert_eq!(
        error_of(&format!("{head}> ucci\n< ucciok (within 1 s, harnes)\n")),
        "x.scenario:5: unknown modifier `harnes`; did you mean `harness`? (use optional, any \
         number, one or more, within N ms, not before N ms, harness, text: ID, should, as NAME, \
         needs NAME, if NAME is VALUE, or requirement ids)"
    );
}

proptest::proptest! {
    /// Whatever the bytes, parsing returns a scenario or an error; it never panics.
    #[test]
    fn never_panics(text in "\\PC{0,200}") {
        let _ = parse("x", "x", &text);
    }

    /// An error always points at a line of the file (or 0 for the whole file).
    #[test]
    fn error_lines_are_in_range(lines in proptest::collection::vec("[<> a-z0-9(),:{}.]{0,30}", 0..12)) {
        let text = lines.join("\n");
        if let Err(e) = parse("x", "x", &text) {
            proptest::prop_assert!(e.line <= lines.len());
        }
    }
}

/// `>>` puts a command in the same write as the `>` line right before it, and nothing else
/// may come between them; without a `>` before it the file is refused, naming the line.
#[test]
fn commands_written_together_are_one_step() {
    let s = parse(
        "joined",
        "joined.scenario",
        "protocol: uci\ntitle: t\nspec: s\n\n> position startpos\n# a comment between\n>> go depth 1\n< bestmove ...\n",
    )
    .unwrap();
    assert!(
        matches!(&s.steps[0].kind, StepKind::Send(commands)
            if commands == &["position startpos".to_owned(), "go depth 1".to_owned()]),
        "{:?}",
        s.steps[0].kind
    );
    assert!(s.searches(), "the joined `go` sets the engine thinking");
    let error = error_of("protocol: uci\ntitle: t\nspec: s\n\n> uci\n< uciok\n>> isready\n");
    assert!(error.contains(":7:") && error.contains("`>>`"), "{error}");
}

/// `>| g|o depth 1` is one command written in two writes, cut where the `|` is; a line with no
/// `|`, two of them, an empty part or a capture is refused, naming the line.
#[test]
fn a_command_cut_in_two_writes_is_one_step_with_its_cut() {
    let s = parse(
        "cut",
        "cut.scenario",
        "protocol: uci\ntitle: t\nspec: s\n\n> position startpos\n>| g|o depth 1\n< bestmove ...\n",
    )
    .unwrap();
    assert!(
        matches!(&s.steps[1].kind, StepKind::SendCut { command, cut }
            if command == "go depth 1" && *cut == 1),
        "{:?}",
        s.steps[1].kind
    );
    assert_eq!(s.steps[1].label, ">| g|o depth 1");
    assert!(s.searches(), "the cut `go` sets the engine thinking");
    for bad in ["go depth 1", "g|o|depth", "|go", "go|", "go {move}|x"] {
        let error = error_of(&format!(
            "protocol: uci\ntitle: t\nspec: s\n\n> uci\n< uciok\n>| {bad}\n"
        ));
        assert!(
            error.contains(":7:") && error.contains(">|"),
            "{bad}: {error}"
        );
    }
}

/// A capture may follow the cut: the harness's `{free}` point of a Gomocup `TURN`, cut inside
/// its keyword, keeps its cut; one never captured is refused, named.
#[test]
fn a_cut_command_takes_captures_after_its_cut() {
    let s = parse(
        "cut",
        "cut.scenario",
        "protocol: gomocup\ntitle: t\nspec: s\n\n> START 20\n< OK\n>| TU|RN {free}\n< /\\d+,\\d+/\n",
    )
    .unwrap();
    assert!(
        matches!(&s.steps[2].kind, StepKind::SendCut { command, cut }
            if command == "TURN {free}" && *cut == 2),
        "{:?}",
        s.steps[2].kind
    );
    let error = error_of("protocol: uci\ntitle: t\nspec: s\n\n> uci\n< uciok\n>| go|{move}\n");
    assert!(
        error.contains(":7:") && error.contains("`{move}`"),
        "{error}"
    );
}

/// The kinds a library user matches on: each mistake is its own variant, wrapping the error of
/// the value that did not read, with the line it is on.
#[test]
fn each_mistake_is_an_error_kind_with_its_line() {
    let kind = |text: &str| parse("k", "k.scenario", text).expect_err("a mistake").kind;
    let head = "protocol: uci\ntitle: t\nspec: s\n\n";
    assert!(matches!(
        kind("protocol: uci\ntitle: t\nspec: s\nowner: me\n> uci\n"),
        ScenarioErrorKind::Header(HeaderError::Unknown(key)) if key == "owner"
    ));
    assert!(matches!(
        kind("protocol: uci\nspec: s\n\n> uci\n"),
        ScenarioErrorKind::MissingHeader("title")
    ));
    assert!(matches!(
        kind("protocol: chess\ntitle: t\nspec: s\n\n> uci\n"),
        ScenarioErrorKind::Header(HeaderError::UnknownProtocol(_))
    ));
    assert!(matches!(
        kind(&format!("{head}> go {{move}}\n")),
        ScenarioErrorKind::Step(StepError::UsedBeforeCaptured(name)) if name == "move"
    ));
    assert!(matches!(
        kind(&format!("{head}> uci\n< uciok (withn 5 ms)\n")),
        ScenarioErrorKind::Step(StepError::Modifier(ModifierError::Unknown { hint, .. }))
            if hint.contains("within")
    ));
    assert!(matches!(
        kind(&format!("{head}> uci\nwait 5\n")),
        ScenarioErrorKind::Step(StepError::Directive(DirectiveError::Duration(
            DurationError::NoUnit(_)
        )))
    ));
    assert!(matches!(
        kind(&format!("{head}> uci\n< /(/\n")),
        ScenarioErrorKind::Step(StepError::Pattern(PatternError::Regex(_)))
    ));
    assert!(matches!(
        kind(&format!("{head}> uci\n>| go\n")),
        ScenarioErrorKind::Step(StepError::Cut(CutError::NotOneCut(_)))
    ));
    let error = parse("k", "k.scenario", &format!("{head}> uci\nend if\n")).unwrap_err();
    assert!(matches!(
        error.kind,
        ScenarioErrorKind::Step(StepError::EndIfWithoutIf)
    ));
    assert_eq!(error.line, 6);
    let missing =
        crate::scenario::Scenario::load(std::path::Path::new("/nonexistent.scenario")).unwrap_err();
    assert!(matches!(missing.kind, ScenarioErrorKind::Io(_)));
    assert_eq!(missing.line, 0);
}
