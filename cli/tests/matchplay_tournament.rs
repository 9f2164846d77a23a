//! `arbiter match` as a tournament: more than two engines, openings from a book played in
//! pairs, partitions merged into the whole match, the SPRT, and the report's formats. The
//! fixture engine plays the first legal move in sorted order, so its games are the same on
//! every run and scores can be compared exactly.

use crate::common;

use std::path::{Path, PathBuf};

use arbiter::matchplay::{Fault, MatchReport, Termination};

use common::{arbiter, scratch_file, uci_fixture_player};

fn engine(name: &str, fault: &str) -> Vec<String> {
    uci_fixture_player(name, fault)
}

fn temp(name: &str) -> PathBuf {
    scratch_file("tournament", name)
}

/// Plays a chess match of fixture engines; returns the exit status, stdout and stderr.
fn play(engines: &[Vec<String>], extra: &[&str]) -> (i32, String, String) {
    let out = arbiter()
        .args(["match", "--game", "chess", "--each", "st=0.05"])
        .args(engines.iter().flatten())
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The match's results file, read into the library's model.
fn json(path: &Path) -> MatchReport {
    common::read_report(path)
}

#[test]
fn a_round_robin_of_three_plays_every_encounter_at_once_and_ranks_the_engines() {
    let _cpu = common::processor::whole();
    let out = temp("round-robin.json");
    let engines = [
        engine("a", "none"),
        engine("b", "none"),
        engine("c", "none"),
    ];
    let (status, stdout, stderr) = play(
        &engines,
        &[
            "--games",
            "2",
            "--max-moves",
            "3",
            "--concurrency",
            "2",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(status, 0, "{stdout}{stderr}");
    let mut numbers: Vec<usize> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("Finished game "))
        .map(|l| l.split(' ').next().unwrap().parse().unwrap())
        .collect();
    numbers.sort();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6], "{stdout}");
    assert!(stdout.contains("Started game 6 of 6"), "{stdout}");
    let table: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("Rank Name"))
        .collect();
    // The header, a row per engine, then the last line.
    assert_eq!(table.len(), 5, "{stdout}");
    assert_eq!(table[4], "Finished match");
    let report = json(&out);
    let encounters = &report.encounters;
    let met: Vec<String> = encounters
        .iter()
        .map(|e| format!("{}-{}", e.players[0], e.players[1]))
        .collect();
    assert_eq!(met, ["a-b", "a-c", "b-c"]);
    for e in encounters {
        // The same fixture on both sides, stopped by the move limit: two draws. Without
        // --repeat the two games are not a pair (no shared opening), so no pair is counted.
        assert_eq!(e.score.draws, 2, "{e:?}");
        assert_eq!(e.pentanomial.counts, [0, 0, 0, 0, 0]);
    }
    let numbers: Vec<usize> = report.games.iter().map(|g| g.record.number).collect();
    assert_eq!(
        numbers,
        [1, 2, 3, 4, 5, 6],
        "the report lists games in order"
    );
}

#[test]
fn book_openings_are_played_in_pairs_with_colours_swapped() {
    let book = temp("book.epd");
    // White to move with king and rook; then black to move after 1. e4.
    std::fs::write(
        &book,
        "4k3/8/8/8/8/8/8/4K2R w K - id \"rook\";\n\
         rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"e4\";\n",
    )
    .unwrap();
    let out = temp("book.json");
    let book_words = format!("file={}", book.display());
    let (status, stdout, stderr) = play(
        &[engine("a", "none"), engine("b", "none")],
        &[
            "--games",
            "4",
            "--repeat",
            "--max-moves",
            "2",
            "--openings",
            &book_words,
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(status, 0, "{stdout}{stderr}");
    let report = json(&out);
    let games = &report.games;
    let fen = |i: usize| games[i].record.opening.fen.clone().unwrap_or_default();
    assert_eq!(fen(0), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(fen(1), fen(0), "a pair replays its opening");
    assert!(
        fen(2).starts_with("rnbqkbnr/pppppppp/8/8/4P3/"),
        "{}",
        fen(2)
    );
    assert_eq!(games[0].record.first, "a");
    assert_eq!(
        games[1].record.first, "b",
        "colours swapped within the pair"
    );
    // The fixture plays the first legal move in sorted order: from the rook ending that is
    // the king's e1d1, and after 1. e4 black's a7a5 — so the engines were given the book.
    assert_eq!(games[0].record.moves[0], "e1d1", "{:?}", games[0]);
    assert_eq!(games[2].record.moves[0], "a7a5", "{:?}", games[2]);
    assert_eq!(games[0].pair, games[1].pair);
    assert!(
        report
            .openings
            .as_ref()
            .is_some_and(|o| o.ends_with("seed=0 (2 openings)")),
        "{:?}",
        report.openings
    );
    assert_ne!(games[1].pair, games[2].pair);
}

#[test]
fn partitions_merge_into_the_whole_match_with_its_pairs_and_sprt() {
    let settings = [
        "--games",
        "4",
        "--rounds",
        "2",
        "--repeat",
        "--max-moves",
        "2",
        "--sprt",
        "elo0=0",
        "elo1=10",
    ];
    let engines = [engine("a", "none"), engine("b", "none")];
    let whole = temp("whole.json");
    let mut outs = Vec::new();
    for (partition, file) in [
        (None, &whole),
        (Some("1/2"), &temp("p1.json")),
        (Some("2/2"), &temp("p2.json")),
    ] {
        let mut args: Vec<&str> = settings.to_vec();
        args.extend(["--out", file.to_str().unwrap()]);
        if let Some(p) = partition {
            args.extend(["--partition", p]);
        }
        let (status, stdout, stderr) = play(&engines, &args);
        assert_eq!(status, 0, "{stdout}{stderr}");
        outs.push(stdout);
    }
    let shares: Vec<usize> = [temp("p1.json"), temp("p2.json")]
        .iter()
        .map(|p| json(p).games.len())
        .collect();
    assert_eq!(shares, [4, 4], "each share has whole pairs");
    let merged = temp("merged.json");
    let out = arbiter()
        .args(["match", "merge"])
        .args([temp("p1.json"), temp("p2.json")])
        .arg("--out")
        .arg(&merged)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let whole_report = json(&whole);
    let merged_report = json(&merged);
    assert_eq!(merged_report.encounters, whole_report.encounters);
    let llr = |report: &MatchReport| report.sprt.map(|s| common::as_written(s.state.llr));
    assert_eq!(llr(&merged_report), llr(&whole_report));
    assert!(
        stdout.contains("Score of a vs b: 0 - 0 - 8  [0.500] 8"),
        "{stdout}"
    );
    assert!(stdout.contains("SPRT: llr "), "{stdout}");
    // The same closing lines as the match played whole.
    let tail = |s: &str| {
        s.lines()
            .skip_while(|l| !l.starts_with("Elo"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(tail(&stdout), tail(&outs[0]));
    // In fastchess's words the merged pairs are its Ptnml line, over the games of the pairs.
    let out = arbiter()
        .args(["match", "merge", "--output-format", "fastchess"])
        .args([temp("p1.json"), temp("p2.json")])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("Games: 8, Wins: 0, Losses: 0, Draws: 8, Points: 4.0 (50.00 %)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Ptnml(0-2): [0, 0, 4, 0, 0], WL/DD Ratio: 0.00"),
        "{stdout}"
    );
    assert!(stdout.contains("\nLLR: "), "{stdout}");
}

#[test]
fn a_junit_report_fails_the_games_an_engine_lost_by_its_own_fault() {
    let out = temp("match.xml");
    let (status, stdout, _) = play(
        &[engine("good", "none"), engine("bad", "illegal-bestmove")],
        &[
            "--games",
            "2",
            "--format",
            "junit",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(status, 1, "{stdout}");
    let xml = std::fs::read_to_string(&out).unwrap();
    assert!(xml.contains("<testsuite name=\"bad vs good\""), "{xml}");
    assert_eq!(xml.matches("<failure").count(), 2, "{xml}");
    assert!(xml.contains("makes an illegal move"), "{xml}");
    // The protocol check's finding, with the transcript around it.
    assert!(xml.contains("uci.bestmove.legal"), "{xml}");
    assert!(xml.contains("&lt; bestmove"), "{xml}");
}

#[test]
fn bad_tournament_settings_are_usage_errors_naming_the_fault() {
    let book = temp("bad-book.fen");
    std::fs::write(&book, "4k3/8/8/8/8/8/8/4K2R w K - 0 1\nnot a position\n").unwrap();
    let book_words = format!("file={}", book.display());
    let three = [
        engine("a", "none"),
        engine("b", "none"),
        engine("c", "none"),
    ];
    let two = &three[..2];
    for (engines, args, says) in [
        (two, vec!["--openings", book_words.as_str()], "line 2"),
        (
            &three[..],
            vec!["--sprt", "elo0=0", "elo1=5"],
            "compares two engines",
        ),
        (two, vec!["--sprt", "elo0=5", "elo1=0"], "elo0 < elo1"),
        (two, vec!["--partition", "3/2"], "--partition"),
        (two, vec!["--openings", "format=epd"], "file=FILE"),
        (
            two,
            vec!["--draw", "movecount=3"],
            "`movenumber=` is missing",
        ),
    ] {
        let (status, stdout, stderr) = play(engines, &args);
        assert_eq!(status, 2, "{args:?}: {stdout}{stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    let same = [engine("a", "none"), engine("a", "none")];
    let (status, _, stderr) = play(&same, &[]);
    assert_eq!(status, 2);
    assert!(stderr.contains("two engines are named `a`"), "{stderr}");
    let not_results = temp("not-results.json");
    std::fs::write(&not_results, "{\"runs\": []}").unwrap();
    let out = arbiter()
        .args(["match", "merge"])
        .arg(&not_results)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not the results of `arbiter match`"));
}

/// Ctrl-C or SIGTERM stops the match between moves: the engines are stopped, the games
/// finished so far are written, the one cut short is not counted, and the status says which
/// signal ended it.
#[test]
fn a_signal_ends_the_match_with_its_results_written() {
    let out = temp("interrupted.json");
    let _ = std::fs::remove_file(&out);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["match", "--game", "chess", "--each", "st=0.05"])
        .args(engine("a", "none"))
        .args(engine("b", "none"))
        .args(["--games", "200", "--max-moves", "3", "--out"])
        .arg(&out)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // A game finished, and so counted in what the signal writes.
    let mut progress = common::events::Lines::of(child.stdout.take().unwrap());
    progress.wait_for(
        "a finished game",
        std::time::Duration::from_secs(60),
        |line| line.starts_with("Finished game 1 "),
    );
    // SAFETY: kill(2) on our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
    }
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(128 + libc::SIGTERM));
    let report = json(&out);
    let games = &report.games;
    assert!(!games.is_empty() && games.len() < 200, "{}", games.len());
    for game in games {
        assert_eq!(game.record.termination, Termination::MaxLength, "{game:?}");
    }
}

/// A real match under CI: the reference xiangqi engine against Fairy-Stockfish speaking UCCI,
/// held to a few thousand nodes a move, from the shipped opening book with colours swapped.
/// Every move is the oracle's to judge, the reference engine raises no protocol failure, and
/// the games are written as xiangqi PGN.
#[test]
fn the_reference_xiangqi_engine_plays_fairy_stockfish_over_ucci() {
    let _cpu = common::processor::share(2);
    let Some(fairy) = common::peer_or_skip("fairy-stockfish") else {
        return;
    };
    let out = temp("fairy.json");
    let pgn = temp("fairy.pgn");
    let book = common::repo().join("openings/xiangqi.txt");
    let run = arbiter()
        .args(["match", "--game", "xiangqi", "--each", "st=0.05"])
        .arg("--engine")
        .arg(format!(
            "cmd={}",
            common::reference_engine("arbiter-xiangqi").display()
        ))
        .arg("name=reference")
        .arg("--engine")
        .arg(format!("cmd={}", fairy.display()))
        .args(["name=fairy", "nodes=2000"])
        .args([
            "--games",
            "2",
            "--repeat",
            "--max-moves",
            "40",
            "--openings",
        ])
        .arg(format!("file={}", book.display()))
        .arg("--out")
        .arg(&out)
        .arg("--pgnout")
        .arg(&pgn)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    let report = json(&out);
    for game in &report.games {
        let game = &game.record;
        assert!(
            !matches!(
                game.termination,
                Termination::Fault {
                    fault: Fault::Illegal(_) | Fault::Time | Fault::Disconnect | Fault::Stall,
                    ..
                }
            ),
            "{stdout}"
        );
        assert_eq!(game.opening.moves, ["h2e2", "h9g7"]);
        let failures: Vec<(&str, String)> = common::failed_findings(game)
            .into_iter()
            .map(|f| (f.engine.as_str(), f.outcome.check.to_string()))
            .collect();
        // The one failure is Fairy-Stockfish's, pinned in the peers' verdicts too: it exits on
        // `quit` without the `bye` UCCI requires (ucci-r117). Anything else would be a false
        // failure, or a fault of the reference engine.
        for (engine, check) in &failures {
            assert_eq!((*engine, check.as_str()), ("fairy", "ucci.quit.bye"));
        }
    }
    // A failed protocol check makes the match a failed conformance run, summed up on stderr
    // with the rows it cites and the transcript around its first occurrence.
    assert_eq!(run.status.code(), Some(1), "{stdout}");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("fairy: fail ucci.quit.bye x2 (ucci-r117, ucci-r134)"),
        "{stderr}"
    );
    assert!(stderr.contains("> quit"), "{stderr}");
    let pgn = std::fs::read_to_string(&pgn).unwrap();
    // Xiangqi PGN is xqbase PGN in Chinese notation unless `--pgn-notation` says otherwise.
    assert_eq!(pgn.matches("[Game \"Chinese Chess\"]").count(), 2, "{pgn}");
    assert!(pgn.contains("\n\n1. 炮二平五 马８进７ "), "{pgn}");
}

/// `--pondering`: after each move the engine ponders on the move it expects (`go ponder`);
/// the opponent's move is a `ponderhit` when it was that one, else a `stop` first. UCCI's
/// reference engine and Stockfish over UCI play so with no protocol finding, and no `quit`
/// reaches an engine still pondering.
#[test]
fn pondering_engines_get_ponderhit_or_stop_and_raise_no_finding() {
    let _cpu = common::processor::share(2);
    let mut engines = vec![("xiangqi", common::reference_engine("arbiter-xiangqi"))];
    if let Some(stockfish) = common::peer_or_skip("stockfish") {
        engines.push(("chess", stockfish));
    }
    for (game, program) in engines {
        let log = temp(&format!("ponder-{game}.log"));
        let _ = std::fs::remove_file(&log);
        let script = temp(&format!("ponder-{game}.sh"));
        std::fs::write(
            &script,
            format!(
                "#!/bin/sh\ntee -a '{}' | '{}'\n",
                log.display(),
                program.display()
            ),
        )
        .unwrap();
        std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .unwrap();
        let out = temp(&format!("ponder-{game}.json"));
        let run = arbiter()
            .args(["match", "--game", game, "--each", "st=0.05", "--pondering"])
            .arg("--engine")
            .arg(format!("cmd={}", script.display()))
            .arg("name=logged")
            .arg("--engine")
            .arg(format!("cmd={}", program.display()))
            .args(["name=other", "--games", "2", "--max-moves", "12", "--out"])
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(
            run.status.code(),
            Some(0),
            "{game}: {}",
            String::from_utf8_lossy(&run.stdout)
        );
        let sent = std::fs::read_to_string(&log).unwrap();
        let lines: Vec<&str> = sent.lines().collect();
        let ponders = lines.iter().filter(|l| l.starts_with("go ponder ")).count();
        let hits = lines.iter().filter(|l| **l == "ponderhit").count();
        let stops = lines.iter().filter(|l| **l == "stop").count();
        assert!(
            ponders > 0 && hits + stops == ponders,
            "{game}: {ponders} {hits} {stops}\n{sent}"
        );
        // Every ponder search ends before the next command that needs an idle engine.
        let mut pondering = false;
        for line in &lines {
            if line.starts_with("go ponder ") {
                pondering = true;
            } else if *line == "ponderhit" || *line == "stop" {
                pondering = false;
            } else if line.starts_with("position") || *line == "quit" {
                assert!(!pondering, "{game}: `{line}` while pondering\n{sent}");
            }
        }
        for game_record in &json(&out).games {
            let failures = common::failed_findings(&game_record.record);
            assert!(failures.is_empty(), "{game}: {failures:#?}");
        }
    }
}

/// The four parts of a 16-game match of pairs, each played as its own run: `--out` files named
/// `{tag}-pK.json`, or with `dir`, the workers' files of that results directory. `b` plays
/// with `fault`. Returns the parts' exit statuses.
fn four_parts(tag: &str, fault: &str, dir: Option<&Path>) -> Vec<i32> {
    let engines = [engine("a", "none"), engine("b", fault)];
    (1..=4)
        .map(|k| {
            let share = format!("{k}/4");
            let file = temp(&format!("{tag}-p{k}.json"));
            let mut args = vec![
                "--repeat",
                "--games",
                "2",
                "--rounds",
                "8",
                "--max-moves",
                "2",
                "--partition",
                &share,
            ];
            match dir {
                Some(dir) => args.extend(["--results-dir", dir.to_str().unwrap()]),
                None => args.extend(["--out", file.to_str().unwrap()]),
            }
            let (status, stdout, stderr) = play(&engines, &args);
            assert!(status <= 1, "{stdout}{stderr}");
            status
        })
        .collect()
}

/// Runs `arbiter match merge` with `args`; returns the exit status and stderr.
fn merge(args: &[&Path], extra: &[&str]) -> (i32, String) {
    let out = arbiter()
        .args(["match", "merge"])
        .args(args)
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Three of four parts do not pass for the match: the merge says which part is missing and
/// which of its games, writes nothing, and exits 2; `--partial` merges the twelve games there
/// are, says the same as a warning, and exits 1. All four merge clean, with exit 0.
#[test]
fn a_missing_part_is_named_and_is_no_success() {
    assert_eq!(four_parts("missing", "none", None), [0, 0, 0, 0]);
    let parts: Vec<PathBuf> = (1..=4)
        .map(|k| temp(&format!("missing-p{k}.json")))
        .collect();
    let three: Vec<&Path> = parts[..3].iter().map(PathBuf::as_path).collect();
    let out = temp("missing-merged.json");
    let _ = std::fs::remove_file(&out);
    let out_words = ["--out", out.to_str().unwrap()];
    let (status, stderr) = merge(&three, &out_words);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("the parts give 12 of the match's 16 games"),
        "{stderr}"
    );
    // Share 4 of 4 plays pairs 4 and 8.
    assert!(
        stderr.contains("part 4 of 4 is missing: no file gives its 4 games (7-8, 15-16)"),
        "{stderr}"
    );
    assert!(stderr.contains("--partial"), "{stderr}");
    assert!(
        !out.exists(),
        "nothing is written for a match with a part missing"
    );
    let (status, stderr) = merge(&three, &[&out_words[..], &["--partial"]].concat());
    assert_eq!(status, 1, "{stderr}");
    assert!(stderr.contains("warning: merged in part"), "{stderr}");
    assert!(stderr.contains("part 4 of 4 is missing"), "{stderr}");
    assert_eq!(json(&out).games.len(), 12);
    let all: Vec<&Path> = parts.iter().map(PathBuf::as_path).collect();
    let (status, stderr) = merge(&all, &out_words);
    assert_eq!(status, 0, "{stderr}");
    assert!(!stderr.contains("warning"), "{stderr}");
    assert_eq!(json(&out).games.len(), 16);
}

/// A results directory is held to the same: a worker's file gone is a missing part, a worker
/// stopped short of its games (its file cut back to fewer, as an interrupted worker leaves it,
/// its SPRT undecided) is a part short of games; a share given twice (the directory and a
/// copy of one worker's file) is warned about; a file given twice is an error naming it.
#[test]
fn a_results_directory_names_its_missing_short_and_doubled_parts() {
    let dir = temp("workers");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    assert_eq!(four_parts("workers", "none", Some(&dir)), [0, 0, 0, 0]);
    let (status, stderr) = merge(&[&dir], &[]);
    assert_eq!(status, 0, "{stderr}");
    // A copy of part 2's file beside the directory: the share twice, its games once.
    let copy = temp("workers-part-2-copy.json");
    std::fs::copy(dir.join("part-2-of-4.json"), &copy).unwrap();
    let (status, stderr) = merge(&[&dir, &copy], &[]);
    assert_eq!(status, 0, "{stderr}");
    assert!(
        stderr.contains("warning: part 2 of 4 is given by 2 files ("),
        "{stderr}"
    );
    assert!(stderr.contains("each game is counted once"), "{stderr}");
    // The same file named twice, directly or through its directory: an error naming it.
    let part1 = dir.join("part-1-of-4.json");
    let (status, stderr) = merge(&[&part1, &part1], &[]);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains(&format!("{} is given twice", part1.display())),
        "{stderr}"
    );
    let (status, stderr) = merge(&[&dir, &part1], &[]);
    assert_eq!(status, 2, "{stderr}");
    assert!(stderr.contains("is given twice (in "), "{stderr}");
    // Part 3's worker stopped after its first pair.
    let file3 = dir.join("part-3-of-4.json");
    let mut worker: serde_json::Value = common::read_json(&file3);
    worker["games"].as_array_mut().unwrap().truncate(2);
    std::fs::write(&file3, worker.to_string()).unwrap();
    std::fs::remove_file(dir.join("part-4-of-4.json")).unwrap();
    let (status, stderr) = merge(&[&dir], &[]);
    assert_eq!(status, 2, "{stderr}");
    assert!(
        stderr.contains("the parts give 10 of the match's 16 games"),
        "{stderr}"
    );
    assert!(stderr.contains("part 4 of 4 is missing"), "{stderr}");
    assert!(
        stderr.contains("part-3-of-4.json) lacks 2 of its 4 games (13-14)"),
        "{stderr}"
    );
}

/// `match merge` exits as the match would have: 1 when an engine failed a protocol check or
/// lost by its own fault in a merged game, though every part is there.
#[test]
fn merging_games_with_a_protocol_failure_exits_1_as_the_match_does() {
    let statuses = four_parts("faulty", "illegal-bestmove", None);
    assert_eq!(statuses, [1, 1, 1, 1]);
    let parts: Vec<PathBuf> = (1..=4)
        .map(|k| temp(&format!("faulty-p{k}.json")))
        .collect();
    let all: Vec<&Path> = parts.iter().map(PathBuf::as_path).collect();
    let (status, stderr) = merge(&all, &[]);
    assert_eq!(status, 1, "{stderr}");
    assert!(stderr.contains("uci.bestmove.legal"), "{stderr}");
}
