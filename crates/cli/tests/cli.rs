//! The `tourney` binary as a user meets it: real processes, real files.

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn tourney(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A scratch folder unique to one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tourney-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Bad input: exit code 2 and exactly one line on stderr naming the problem.
fn assert_bad_input(o: &Output, must_mention: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "one line expected, got: {err}"
    );
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
    for word in must_mention {
        assert!(err.contains(word), "`{word}` missing from: {err}");
    }
}

#[test]
fn games_lists_card_joust_with_its_options() {
    let o = tourney(&["games"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(
        text.contains("Card Joust") && text.contains("2 to 6 players"),
        "{text}"
    );
    let o = tourney(&["games", "--json"]);
    let list: Value = serde_json::from_slice(&o.stdout).unwrap();
    let joust = list
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "joust")
        .unwrap();
    assert_eq!(joust["min_seats"], 2);
    assert_eq!(joust["max_seats"], 6);
    assert!(!joust["options"].as_array().unwrap().is_empty());
}

#[test]
fn every_subcommand_has_help() {
    for sub in ["games", "play", "sim", "replay"] {
        let o = tourney(&[sub, "--help"]);
        assert!(o.status.success(), "{sub} --help failed");
        assert!(stdout(&o).contains("Usage"), "{sub}");
    }
}

#[test]
fn bad_command_lines_fail_in_one_line_with_code_2() {
    assert_bad_input(
        &tourney(&["play", "chess"]),
        &["unknown game", "chess", "joust"],
    );
    assert_bad_input(
        &tourney(&["sim", "joust", "--seats", "random,robot"]),
        &["seat 2", "robot"],
    );
    assert_bad_input(
        &tourney(&["sim", "joust", "--seats", "random"]),
        &["2 to 6"],
    );
    assert_bad_input(
        &tourney(&["sim", "joust", "--seats", "you,random"]),
        &["seat 1"],
    );
    assert_bad_input(&tourney(&["sim", "joust", "--games", "0"]), &["--games"]);
    assert_bad_input(
        &tourney(&["replay", "/no/such/record.json"]),
        &["/no/such/record.json"],
    );
    // clap's own complaints are one line too.
    assert_bad_input(&tourney(&["sim", "joust", "--bogus"]), &["--bogus"]);
    assert_bad_input(&tourney(&["plya"]), &["plya", "play"]);
    assert_bad_input(&tourney(&["sim"]), &["<GAME>"]);
    assert_bad_input(
        &tourney(&["sim", "joust", "--games", "many"]),
        &["--games", "many"],
    );
}

#[test]
fn bad_config_files_name_the_file_and_the_problem() {
    let dir = scratch("config");
    let unknown = dir.join("unknown.toml");
    std::fs::write(&unknown, "no_such_option = 3\n").unwrap();
    assert_bad_input(
        &tourney(&[
            "sim",
            "joust",
            "--games",
            "1",
            "--config",
            unknown.to_str().unwrap(),
        ]),
        &["unknown.toml", "no_such_option"],
    );
    let broken = dir.join("broken.toml");
    std::fs::write(&broken, "target_points = = 3\n").unwrap();
    assert_bad_input(
        &tourney(&[
            "sim",
            "joust",
            "--games",
            "1",
            "--config",
            broken.to_str().unwrap(),
        ]),
        &["broken.toml"],
    );
    let wrong_type = dir.join("wrong.toml");
    std::fs::write(&wrong_type, "target_points = \"lots\"\n").unwrap();
    assert_bad_input(
        &tourney(&[
            "sim",
            "joust",
            "--games",
            "1",
            "--config",
            wrong_type.to_str().unwrap(),
        ]),
        &["wrong.toml"],
    );
}

#[test]
fn sim_reports_every_seat_as_json() {
    let o = tourney(&[
        "sim",
        "joust",
        "--games",
        "200",
        "--seats",
        "random,random,random",
        "--json",
        "--seed",
        "3",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let r: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(r["games"], 200);
    let seats = r["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    let wins: u64 = seats.iter().map(|s| s["wins"].as_u64().unwrap()).sum();
    assert_eq!(
        wins + r["draws"].as_u64().unwrap() + r["unfinished"].as_u64().unwrap(),
        200
    );
    for s in seats {
        let ci = s["win_rate_ci95"].as_array().unwrap();
        let (lo, p, hi) = (
            ci[0].as_f64().unwrap(),
            s["win_rate"].as_f64().unwrap(),
            ci[1].as_f64().unwrap(),
        );
        assert!(lo <= p && p <= hi, "{s}");
    }
    assert!(r["length_steps"]["p50"].as_u64().unwrap() > 0);
    assert!(r["steps_per_second"].as_f64().unwrap() > 0.0);
    // The same seed gives the same games, whatever the thread count.
    let again = tourney(&[
        "sim",
        "joust",
        "--games",
        "200",
        "--seats",
        "random,random,random",
        "--json",
        "--seed",
        "3",
        "--threads",
        "1",
    ]);
    let r2: Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(r["seats"], r2["seats"]);
    assert_eq!(r["length_steps"], r2["length_steps"]);
}

/// A solo Glory run reports the glory the player ended with, and the
/// figures are those of the games themselves: each recorded game, replayed,
/// ends with the player holding the glory counted in the report.
#[test]
fn a_solo_glory_sim_reports_the_glory_reached() {
    let dir = scratch("solo-glory");
    let o = tourney(&[
        "sim",
        "glory",
        "--seats",
        "greedy",
        "--games",
        "6",
        "--seed",
        "5",
        "--json",
        "--record",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let r: Value = serde_json::from_slice(&o.stdout).unwrap();
    let score = &r["seats"][0]["score"];
    let mut glory: Vec<i64> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let o = tourney(&["replay", path.to_str().unwrap(), "--json"]);
            assert!(o.status.success(), "{}", stderr(&o));
            let v: Value = serde_json::from_slice(&o.stdout).unwrap();
            // The player's seat; Otto's glory follows it.
            v["view"]["players"][0]["glory"]
                .as_i64()
                .expect("the player's glory")
        })
        .collect();
    glory.sort_unstable();
    assert_eq!(glory.len(), 6);
    assert_eq!(score["games"], 6, "{score}");
    assert_eq!(score["min"], glory[0], "{score} {glory:?}");
    assert_eq!(score["max"], glory[5], "{score} {glory:?}");
    // Nearest rank: the 2nd, 3rd and 5th of six.
    assert_eq!(score["p25"], glory[1], "{score} {glory:?}");
    assert_eq!(score["p50"], glory[2], "{score} {glory:?}");
    assert_eq!(score["p75"], glory[4], "{score} {glory:?}");
    let mean = glory.iter().sum::<i64>() as f64 / 6.0;
    assert!(
        (score["mean"].as_f64().unwrap() - mean).abs() < 0.01,
        "{score} {mean}"
    );
    // The text says it too.
    let text = tourney(&[
        "sim", "glory", "--seats", "greedy", "--games", "6", "--seed", "5",
    ]);
    let text = stdout(&text);
    assert!(
        text.contains("score at the end of finished games"),
        "{text}"
    );
    assert!(text.contains(&format!("least {:>5}", glory[0])), "{text}");
}

#[test]
fn simulated_records_replay_and_tampering_is_caught() {
    let dir = scratch("records");
    let o = tourney(&[
        "sim",
        "joust",
        "--games",
        "5",
        "--record",
        dir.to_str().unwrap(),
        "--seed",
        "11",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 5);
    for f in &files {
        let o = tourney(&["replay", f.to_str().unwrap()]);
        assert!(o.status.success(), "{}: {}", f.display(), stderr(&o));
        assert!(stdout(&o).contains("replays exactly"), "{}", stdout(&o));
        let o = tourney(&["replay", f.to_str().unwrap(), "--json"]);
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["game"], "joust");
        assert!(v["outcome"].is_object());
    }
    tamper_and_expect_failure(&files[0], &dir);
}

/// An illegal step inside a record is reported with its step number.
fn tamper_and_expect_failure(file: &Path, dir: &Path) {
    let mut record: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    let steps = record["steps"].as_array_mut().unwrap();
    let at = steps.iter().position(|s| s["kind"] == "action").unwrap();
    // Nobody can act twice in a row as a seat that is not at the table.
    steps[at]["seat"] = Value::from(9);
    let bad = dir.join("tampered.json");
    std::fs::write(&bad, record.to_string()).unwrap();
    assert_bad_input(
        &tourney(&["replay", bad.to_str().unwrap()]),
        &["tampered.json", &format!("step {}", at + 1)],
    );
    std::fs::write(&bad, "{ not json").unwrap();
    assert_bad_input(
        &tourney(&["replay", bad.to_str().unwrap()]),
        &["tampered.json"],
    );
}

/// Drives `tourney play` through its line protocol: every `? ` line is a
/// question; `answer` decides what to type.
fn drive(args: &[&str], mut answer: impl FnMut(&str) -> String) -> (Output, usize) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let reader = BufReader::new(child.stdout.take().unwrap());
    let mut transcript = String::new();
    let mut questions = 0;
    for line in reader.lines() {
        let line = line.unwrap();
        transcript += &line;
        transcript += "\n";
        if let Some(question) = line.strip_prefix("? ") {
            questions += 1;
            assert!(questions < 100_000, "the game does not end");
            let reply = answer(question);
            if writeln!(stdin, "{reply}").is_err() {
                break;
            }
        }
    }
    drop(stdin);
    let mut out = child.wait_with_output().unwrap();
    out.stdout = transcript.into_bytes();
    (out, questions)
}

/// The first option listed in a `[a, b, c]` question.
fn first_option(question: &str) -> String {
    let inside = question
        .rsplit_once('[')
        .map(|(_, rest)| rest.trim_end_matches(']'))
        .unwrap_or("");
    inside.split(", ").next().unwrap_or("").to_string()
}

#[test]
fn a_person_can_play_a_whole_game_from_a_script() {
    let dir = scratch("play");
    let record = dir.join("game.json");
    let (o, questions) = drive(
        &[
            "play",
            "joust",
            "--seats",
            "you,random",
            "--seed",
            "5",
            "--record",
            record.to_str().unwrap(),
        ],
        |_| "1".to_string(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(questions > 5, "{text}");
    assert!(text.contains("Game over"), "{text}");
    assert!(text.contains("choose:"), "the menu is shown: {text}");
    let o = tourney(&["replay", record.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn a_menu_number_off_the_menu_ends_a_script_with_the_line_number() {
    let (o, _) = drive(
        &["play", "joust", "--seats", "you,random", "--seed", "5"],
        |_| "999".to_string(),
    );
    assert_bad_input(&o, &["line 1", "999"]);
}

#[test]
fn table_mode_takes_typed_dice_and_cards_and_its_record_replays() {
    let dir = scratch("manual");
    let record = dir.join("table.json");
    let mut chose_from_menu = false;
    let (o, _) = drive(
        &[
            "play",
            "joust",
            "--seats",
            "you,you",
            "--chance",
            "manual",
            "--record",
            record.to_str().unwrap(),
        ],
        |q| {
            if q.contains("what came up") {
                first_option(q)
            } else {
                chose_from_menu = true;
                "1".to_string()
            }
        },
    );
    assert!(chose_from_menu);
    assert!(o.status.success(), "{}", stderr(&o));
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert!(saved["seed"].is_null(), "a table-mode record has no seed");
    let o = tourney(&["replay", record.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("replays exactly"));
}

#[test]
fn table_mode_refuses_an_outcome_that_cannot_happen() {
    let (o, _) = drive(
        &[
            "play",
            "joust",
            "--seats",
            "you,random",
            "--chance",
            "manual",
        ],
        |q| {
            if q.contains("what came up") {
                "13".to_string()
            } else {
                "1".to_string()
            }
        },
    );
    assert_bad_input(&o, &["`13` cannot come up"]);
}

#[test]
fn sim_with_different_bots_rotates_seats_and_reports_a_cross_table() {
    let o = tourney(&[
        "sim",
        "joust",
        "--games",
        "40",
        "--seats",
        "ismcts:50,random",
        "--json",
        "--seed",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let r: Value = serde_json::from_slice(&o.stdout).unwrap();
    let players = r["players"]
        .as_array()
        .expect("a cross-table when the bots differ");
    assert_eq!(players.len(), 2);
    assert_eq!(players[0]["bot"], "ismcts:50");
    for p in players {
        let by_seat = p["by_seat"].as_array().unwrap();
        // Rotation puts every player in every seat equally often.
        assert_eq!(by_seat[0]["games"], 20);
        assert_eq!(by_seat[1]["games"], 20);
        let total: u64 = by_seat.iter().map(|c| c["wins"].as_u64().unwrap()).sum();
        assert_eq!(total, p["wins"].as_u64().unwrap());
    }
    let wins: u64 = players.iter().map(|p| p["wins"].as_u64().unwrap()).sum();
    assert_eq!(
        wins + r["draws"].as_u64().unwrap() + r["unfinished"].as_u64().unwrap(),
        40
    );
    // The same seed repeats the run exactly, bots included.
    let again = tourney(&[
        "sim",
        "joust",
        "--games",
        "40",
        "--seats",
        "ismcts:50,random",
        "--json",
        "--seed",
        "2",
    ]);
    let r2: Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(r["players"], r2["players"]);
}

#[test]
fn a_person_can_play_against_a_search_bot() {
    let (o, questions) = drive(
        &["play", "joust", "--seats", "you,ismcts:30", "--seed", "4"],
        |_| "1".to_string(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(questions > 5);
    assert!(stdout(&o).contains("Game over"));
}

#[test]
fn every_game_can_be_simulated_and_replayed() {
    for (game, seats) in [
        ("joust", "random,random"),
        ("ritter", "random,random,random"),
        ("glory", "random,random"),
        ("mastery", "random,random"),
    ] {
        let dir = scratch(&format!("every-{game}"));
        let o = tourney(&[
            "sim",
            game,
            "--games",
            "3",
            "--seats",
            seats,
            "--record",
            dir.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        for f in std::fs::read_dir(&dir).unwrap() {
            let o = tourney(&["replay", f.unwrap().path().to_str().unwrap()]);
            assert!(o.status.success(), "{game}: {}", stderr(&o));
        }
    }
}

/// The repository's solo config files, found from this crate's folder.
fn solo_config(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../configs/glory")
        .join(name);
    path.to_str().unwrap().to_string()
}

#[test]
fn glory_solo_sims_report_wins_and_losses_for_every_mode() {
    for mode in ["champion", "score", "rivalry"] {
        for level in ["easy", "medium", "hard"] {
            let config = solo_config(&format!("solo-{mode}-{level}.toml"));
            let o = tourney(&[
                "sim", "glory", "--seats", "random", "--config", &config, "--games", "20", "--json",
            ]);
            assert!(o.status.success(), "{mode} {level}: {}", stderr(&o));
            let r: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
            let wins = r["seats"][0]["wins"].as_u64().unwrap();
            let losses = r["losses"].as_u64().unwrap();
            assert_eq!(r["unfinished"], 0, "{mode} {level}");
            assert_eq!(wins + losses, 20, "{mode} {level}: every game won or lost");
            assert_eq!(r["draws"], 0, "{mode} {level}: a solo game has no draws");
        }
    }
    let o = tourney(&["sim", "glory", "--seats", "random", "--games", "5"]);
    assert!(stdout(&o).contains("solo games lost"), "{}", stdout(&o));
}

#[test]
fn a_person_can_play_glory_solo_to_the_end() {
    let dir = scratch("solo");
    let record = dir.join("solo.json");
    let (o, questions) = drive(
        &[
            "play",
            "glory",
            "--seats",
            "you",
            "--seed",
            "3",
            "--record",
            record.to_str().unwrap(),
        ],
        |_| "1".to_string(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(questions > 50, "{text}");
    assert!(text.contains("Rivalry"), "the goal is shown: {text}");
    assert!(text.contains("Otto reveals Solo card"), "{text}");
    assert!(text.contains("the solo game"), "the verdict: {text}");
    let o = tourney(&["replay", record.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn forced_moves_are_made_for_a_person_unless_asked_for() {
    let args = ["play", "glory", "--seats", "you,random", "--seed", "5"];
    let (o, quick) = drive(&args, |_| "1".to_string());
    assert!(o.status.success(), "{}", stderr(&o));
    let forced = stdout(&o).matches("(the only move)").count();
    assert!(forced > 0, "{}", stdout(&o));
    let mut asking = args.to_vec();
    asking.push("--ask-forced");
    let (o, slow) = drive(&asking, |_| "1".to_string());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stdout(&o).contains("(the only move)"));
    // The same game, one question more for every forced move.
    assert_eq!(slow, quick + forced);
}

#[test]
fn a_reader_that_stops_early_is_no_internal_error() {
    // `tourney … | head -1`: the reader is gone before anything is printed.
    // `sim` writes its table in one go; `play` prints screen by screen;
    // clap draws the help.
    let commands: [&[&str]; 3] = [
        &["sim", "joust", "--games", "20", "--seats", "random,random"],
        &["play", "joust", "--seats", "random,random", "--seed", "1"],
        &["--help"],
    ];
    for args in commands {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(stderr(&out), "", "{args:?}");
        assert_eq!(out.status.code(), Some(0), "{args:?}");
    }
}

/// A game of bots, watched from the terminal, tells what the rules made
/// happen: each event indented under its step. Its replay tells the same
/// open events in the same order, and the secrets besides, marked.
#[test]
fn play_and_replay_tell_the_same_story_of_events() {
    for (game, seats) in [
        ("joust", "random,random"),
        ("ritter", "random,random,random"),
        ("glory", "random,random"),
        ("mastery", "random,random"),
    ] {
        let dir = scratch(&format!("story-{game}"));
        let record = dir.join("game.json");
        let played = tourney(&[
            "play",
            game,
            "--seats",
            seats,
            "--seed",
            "3",
            "--record",
            record.to_str().unwrap(),
        ]);
        assert!(played.status.success(), "{game}: {}", stderr(&played));
        // The log, not the final drawing of the table after it.
        let told: Vec<String> = stdout(&played)
            .lines()
            .take_while(|l| *l != "=== Game over ===")
            .filter_map(|l| l.strip_prefix("  "))
            .filter(|l| !l.starts_with(' '))
            .map(str::to_string)
            .collect();
        assert!(
            told.len() >= 5,
            "{game}: a whole game tells at least a few events: {told:?}"
        );
        let replayed = tourney(&["replay", record.to_str().unwrap()]);
        assert!(replayed.status.success(), "{game}: {}", stderr(&replayed));
        // The steps run up to the first blank line; the table drawn after
        // them is not part of the story.
        let replay_events: Vec<String> = stdout(&replayed)
            .lines()
            .take_while(|l| !l.is_empty())
            .filter_map(|l| l.strip_prefix("       "))
            .map(str::to_string)
            .collect();
        let open: Vec<&String> = replay_events
            .iter()
            .filter(|l| !l.contains(" alone is told) "))
            .collect();
        assert_eq!(
            open.len(),
            told.len(),
            "{game}: the replay tells as many open events as the game did"
        );
        assert!(
            open.iter().zip(&told).all(|(a, b)| *a == b),
            "{game}: the replay tells the open events in the game's order"
        );
    }
}

/// Glory with the tournament chosen between rounds, played at the
/// terminal: the person is asked for rounds 2 and 3, and the log says
/// what they chose (always the first option here).
#[test]
fn a_glory_player_chooses_the_tournaments_of_rounds_2_and_3_in_the_terminal() {
    let dir = scratch("glory-choice");
    let config = dir.join("glory.toml");
    std::fs::write(
        &config,
        "tournament_choice = \"between_rounds\"\ncharacters = \"level_one\"\n",
    )
    .unwrap();
    let (o, _) = drive(
        &[
            "play",
            "glory",
            "--seats",
            "you",
            "--seed",
            "5",
            "--config",
            config.to_str().unwrap(),
        ],
        |_| "1".to_string(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for round in [2, 3] {
        for line in [
            format!("    1. Hold a Pas d'Armes in round {round}"),
            format!("    2. Hold a Joust à Plaisance in round {round}"),
            format!("  Seat 1 chooses a Pas d'Armes for round {round}"),
        ] {
            assert!(out.contains(&line), "`{line}` missing from the transcript");
        }
    }
}

#[test]
fn serve_refuses_a_component_copy_that_does_not_read() {
    let dir = scratch("component-data");
    let missing = dir.join("nowhere");
    let o = tourney(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--db",
        "sqlite::memory:",
        "--component-data",
        missing.to_str().unwrap(),
    ]);
    assert_bad_input(&o, &["--component-data", "nowhere"]);

    let mastery = dir.join("mastery");
    std::fs::create_dir_all(&mastery).unwrap();
    std::fs::write(mastery.join("relics.toml"), "[[relic]]\nname = \n").unwrap();
    let o = tourney(&[
        "serve",
        "--addr",
        "127.0.0.1:0",
        "--db",
        "sqlite::memory:",
        "--component-data",
        dir.to_str().unwrap(),
    ]);
    assert_bad_input(&o, &["--component-data", "mastery/relics.toml", "line 2"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_refuses_connection_and_bot_bounds_that_make_no_sense() {
    for (flag, value) in [
        ("--header-timeout", "0"),
        ("--bot-workers", "0"),
        ("--max-connections", "0"),
    ] {
        let o = tourney(&[
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            "sqlite::memory:",
            flag,
            value,
        ]);
        assert_bad_input(&o, &[flag]);
    }
}

#[test]
fn rules_prints_how_to_play_with_the_tables_options_and_the_terms() {
    let o = tourney(&["rules", "joust"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("How to play Card Joust\n"), "{text}");
    // The default target, filled into the text, and no placeholder left.
    assert!(text.contains("21 points or more"), "{text}");
    assert!(!text.contains('{'), "{text}");
    assert!(text.contains("Glossary ("), "{text}");
    assert!(text.contains("Snake"), "{text}");
    for line in text.lines() {
        assert!(line.chars().count() <= 78, "too wide: {line:?}");
    }

    let dir = scratch("rules");
    let config = dir.join("long.toml");
    std::fs::write(&config, "target_points = 35\n").unwrap();
    let o = tourney(&["rules", "joust", "--config", config.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("35 points or more"), "{text}");
    assert!(!text.contains("21 points"), "{text}");

    let o = tourney(&["rules", "ritter"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Over 4 tournament days"),
        "{}",
        stdout(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rules_with_a_term_prints_its_entry() {
    let o = tourney(&["rules", "joust", "snake"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("Snake\n"), "{text}");
    assert!(text.contains("The 1 on an injury die."), "{text}");
    // Several words, found by another word of the entry.
    let o = tourney(&["rules", "joust", "princesses", "gift"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("Gift\n"), "{}", stdout(&o));
}

#[test]
fn rules_refuses_an_unknown_term_or_game_in_one_line() {
    assert_bad_input(
        &tourney(&["rules", "joust", "dragon"]),
        &["dragon", "tourney rules joust"],
    );
    assert_bad_input(&tourney(&["rules", "chess"]), &["chess"]);
    assert_bad_input(&tourney(&["rules"]), &["<GAME>"]);
}
