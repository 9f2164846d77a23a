use super::*;
use arbiter::check::{CheckRef, Grade, Outcome};
use arbiter::matchplay::schedule::Plan;
use arbiter::matchplay::sprt::Sprt;
use arbiter::matchplay::tally::{encounters, standings};
use arbiter::matchplay::termination::Colour;
use arbiter::matchplay::{
    Colours, Fault, Finding, GameRecord, GameResult, MatchGame, Opening, PlayedGame, SearchInfo,
    SearchScore, SprtReport, Termination,
};
use arbiter::protocol::GameKind;
use arbiter::session::At;

fn finding(engine: &str, grade: Grade, message: &str, ply: Option<usize>) -> Finding {
    Finding {
        engine: engine.to_owned(),
        outcome: Outcome {
            at: Some(At { seq: 7, us: 100 }),
            ..Outcome::new(CheckRef::Golden, &[], grade, message)
        },
        excerpt: vec!["> quit".into()],
        ply,
    }
}

/// Game `number` of a two-game xiangqi match of pairs between alpha and beta.
fn game(number: usize, result: GameResult, termination: Termination) -> PlayedGame {
    let (first, second) = if number % 2 == 1 {
        ("alpha", "beta")
    } else {
        ("beta", "alpha")
    };
    PlayedGame {
        record: GameRecord {
            number,
            first: first.into(),
            second: second.into(),
            colours: Colours::new(GameKind::Xiangqi, first, second),
            opening: Opening {
                fen: None,
                moves: vec!["h2e2".into()],
            },
            moves: vec!["h9g7".into(), "h0g2".into(), "i9h9".into()],
            result,
            termination,
            move_times_ms: vec![101.4, 99.6, 250.0],
            move_info: vec![
                Some(SearchInfo {
                    depth: Some(7),
                    score: Some(SearchScore::Cp(-34)),
                    pv: "h9g7 h0g2".into(),
                }),
                None,
                Some(SearchInfo {
                    depth: None,
                    score: Some(SearchScore::Mate(3)),
                    pv: String::new(),
                }),
            ],
            overrun_ms: None,
            findings: vec![
                finding("beta", Grade::Warn, "no `bye` after `quit`", Some(4)),
                finding(
                    "alpha",
                    Grade::Fail,
                    "</script><script>alert(1)</script>",
                    Some(2),
                ),
            ],
            undeclared_options: Vec::new(),
            aborted: false,
        },
        pair: Some((number - 1) / 2),
    }
}

fn report() -> MatchReport {
    let players = vec!["alpha".to_owned(), "beta".to_owned()];
    let games = vec![
        game(
            1,
            GameResult::FirstWins,
            Termination::Fault {
                side: Colour::Black,
                fault: Fault::Time,
            },
        ),
        game(2, GameResult::Draw, Termination::MaxLength),
    ];
    let outcomes: Vec<_> = games.iter().filter_map(PlayedGame::outcome).collect();
    let found = encounters(&players, &outcomes);
    let test = Sprt::parse(&["elo0=0".into(), "elo1=10".into()]).unwrap();
    let state = test.state(&found[0].score, Some(&found[0].pentanomial));
    MatchReport {
        game: MatchGame::Xiangqi,
        standings: standings(&players, &found),
        players,
        plan: Plan {
            tournament: Tournament::RoundRobin,
            games: 2,
            rounds: 1,
            repeat: true,
            partition: None,
        },
        control: "st=0.1".into(),
        openings: None,
        games,
        encounters: found,
        sprt: Some(SprtReport {
            settings: test,
            state,
        }),
    }
}

/// The JSON the page carries for its script, read back.
fn embedded(page: &str) -> serde_json::Value {
    let start = page
        .find(r#"<script type="application/json" id="league-data">"#)
        .expect("the page carries its games");
    let rest = &page[start..];
    let json = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
    serde_json::from_str(json).expect("the data is JSON")
}

#[test]
fn the_page_requests_nothing_and_its_data_cannot_end_its_script() {
    let page = page(&report(), &Moment::Over { interrupted: false });
    assert!(page.contains("Content-Security-Policy\" content=\"default-src 'none'"));
    for request in [
        "src=\"",
        "href=\"http",
        "href=\"//",
        "url(",
        "@import",
        "<link",
    ] {
        assert!(
            !page.contains(request),
            "the page requests nothing: {request}"
        );
    }
    // A message that closes a script element stays inside the data, read back whole.
    assert!(!page.contains("</script><script>alert"));
    let data = embedded(&page);
    assert_eq!(
        data["games"][0]["findings"][1]["message"],
        "</script><script>alert(1)</script>"
    );
}

#[test]
fn the_script_gets_each_move_with_its_time_report_and_findings() {
    let data = embedded(&page(&report(), &Moment::Over { interrupted: false }));
    assert_eq!(data["board"], "xiangqi");
    assert_eq!(data["colours"], serde_json::json!(["red", "black"]));
    let first = &data["games"][0];
    assert_eq!(first["opening"], serde_json::json!(["h2e2"]));
    assert_eq!(first["times"], serde_json::json!([101, 100, 250]));
    assert_eq!(
        first["info"],
        serde_json::json!([[7, "-0.34", "h9g7 h0g2"], null, [null, "#3", ""]])
    );
    assert_eq!(first["fault"], "beta", "black lost on time: beta's fault");
    assert_eq!(first["findings"][0]["ply"], 4);
    assert_eq!(data["reload_ms"], serde_json::Value::Null);
}

#[test]
fn only_the_page_of_a_match_in_play_reloads_itself() {
    let in_progress = [InProgress {
        number: 3,
        first: "alpha".into(),
        second: "beta".into(),
    }];
    let playing = page(
        &report(),
        &Moment::Playing {
            in_progress: &in_progress,
        },
    );
    assert!(playing.contains("<noscript><meta http-equiv=\"refresh\" content=\"3\"></noscript>"));
    assert_eq!(embedded(&playing)["reload_ms"], 3000);
    assert!(playing.contains("game 3 (alpha vs beta)"));
    for moment in [
        Moment::Over { interrupted: true },
        Moment::Merged,
        Moment::Snapshot { playing: 1 },
    ] {
        let still = page(&report(), &moment);
        assert!(!still.contains("http-equiv=\"refresh\""));
        assert_eq!(embedded(&still)["reload_ms"], serde_json::Value::Null);
    }
}

#[test]
fn the_llr_plot_ends_where_the_test_stands() {
    let report = report();
    let history = tables::llr_history(&report);
    // Over pairs: the one pair completes with the second game.
    assert_eq!(history.len(), 2);
    let state = report.sprt.unwrap().state;
    assert!(
        (history[1] - state.llr).abs() < 1e-12,
        "{history:?} {state:?}"
    );
    let page = page(&report, &Moment::Over { interrupted: false });
    assert!(page.contains("class=\"llr-path\""));
    assert!(page.contains("2 games"));
}

#[test]
fn findings_are_listed_per_engine_with_links_to_their_moves() {
    let page = page(&report(), &Moment::Over { interrupted: false });
    // alpha's failure at move 2 of both games; beta's warning after its last move: the end.
    assert!(
        page.contains("<a href=\"#game=1&amp;ply=2\">1:2</a>"),
        "{page}"
    );
    assert!(
        page.contains("<a href=\"#game=2&amp;ply=3\">2:end</a>"),
        "{page}"
    );
    assert!(page.contains("×2"));
    // The crosstable and the standings give alpha's 1.5 of 2.
    assert!(page.contains(">1.5&#x2f;2<"));
    assert!(page.contains(">0.5&#x2f;2<"));
}

/// The page's skeleton: the tables and the data, without the time it was written and the
/// style and script, which are pinned by their own files.
#[test]
fn the_league_page_structure_is_pinned() {
    let page = page(&report(), &Moment::Over { interrupted: false });
    let volatile = regex_lite::Regex::new(r#"(class="volatile">)[^<]*"#).unwrap();
    let page = volatile.replace_all(&page, "${1}[written]");
    let page = page
        .replace(STYLE, "[style.css]")
        .replace(SCRIPT, "[script.js]");
    insta::assert_snapshot!(page);
}
