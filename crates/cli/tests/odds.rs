//! `tourney odds` as a user meets it: the JSON shapes, the readable tables,
//! one-line errors for bad flags, and the tables in `docs/odds.md`, which
//! must be exactly what the commands shown next to them print.

use serde_json::Value;
use std::process::{Command, Output, Stdio};

fn tourney(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tourney"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn odds(args: &[&str]) -> Output {
    let mut all = vec!["odds"];
    all.extend_from_slice(args);
    tourney(&all)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[track_caller]
fn ok(o: &Output) -> String {
    assert!(o.status.success(), "failed: {}", stderr(o));
    stdout(o)
}

#[track_caller]
fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(&odds(args))).expect("one JSON object")
}

/// Bad input: exit code 2 and exactly one line on stderr naming the problem.
#[track_caller]
fn assert_bad_input(args: &[&str], must_mention: &[&str]) {
    let o = odds(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(
        err.trim_end().lines().count(),
        1,
        "{args:?}: one line expected, got: {err}"
    );
    assert!(stdout(&o).is_empty(), "{args:?}");
    for word in must_mention {
        assert!(err.contains(word), "{args:?}: `{word}` missing from: {err}");
    }
}

fn keys(v: &Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().expect("an object").keys().cloned().collect();
    k.sort();
    k
}

#[track_caller]
fn probability(v: &Value) -> f64 {
    let p = v.as_f64().expect("a number");
    assert!((0.0..=1.0).contains(&p), "{p} is not a probability");
    p
}

#[track_caller]
fn distribution(v: &Value) -> f64 {
    let map = v.as_object().expect("a distribution object");
    assert!(!map.is_empty());
    for key in map.keys() {
        key.parse::<i64>()
            .expect("keys are numbers written as strings");
    }
    map.values().map(probability).sum()
}

const PASS: &[&str] = &[
    "joust-pass",
    "--target",
    "7",
    "--mount",
    "ground",
    "--lance",
    "war",
    "--aim",
    "head",
];

const JOUST: &[&str] = &[
    "ritter-joust",
    "--dice",
    "3",
    "--mounted",
    "1,2,3",
    "--foot",
    "4,5,6",
    "--vs-dice",
    "5",
    "--vs-mounted",
    "1,2",
    "--vs-foot",
    "4,5",
];

fn with<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    let mut v = base.to_vec();
    v.extend_from_slice(more);
    v
}

#[test]
fn joust_pass_json_has_exactly_the_named_fields() {
    let v = json(&with(PASS, &["--json"]));
    assert_eq!(
        keys(&v),
        [
            "expected_points",
            "p_dismount",
            "p_fumble",
            "p_hit",
            "successes"
        ]
    );
    assert!((distribution(&v["successes"]) - 1.0).abs() < 1e-12);
    let (hit, fumble) = (probability(&v["p_hit"]), probability(&v["p_fumble"]));
    probability(&v["p_dismount"]);
    assert!(hit + fumble <= 1.0 + 1e-12);
    assert!(v["expected_points"].as_f64().unwrap() > 0.0);
    // Target 2, no injuries: fumble only on two 1s (1/144); S ≥ 3 in 21 of 144.
    let v = json(&[
        "joust-pass",
        "--target",
        "2",
        "--mount",
        "ground",
        "--lance",
        "war",
        "--aim",
        "head",
        "--json",
    ]);
    assert!((v["p_fumble"].as_f64().unwrap() - 1.0 / 144.0).abs() < 1e-15);
    assert!((v["p_dismount"].as_f64().unwrap() - 21.0 / 144.0).abs() < 1e-15);
    assert!((v["expected_points"].as_f64().unwrap() - 633.0 / 144.0).abs() < 1e-12);
    assert_eq!(keys(&v["successes"]), ["0", "1", "2", "3", "4"]);
}

#[test]
fn joust_pass_prints_a_table_and_a_chart() {
    let text = ok(&odds(&with(
        PASS,
        &["--gift", "--minor", "1", "--major", "1"],
    )));
    for line in [
        "Card Joust pass: target 7, ground mount, lance of war, aimed at the head",
        "3d12 keep the best two (gift), 1 minor-injury die and 1 major-injury die",
        "net successes (S)",
        "points this pass",
        "hit (S ≥ 1, no fumble)",
        "dismount (S ≥ 3)",
        "fumble (more 1s than S)",
        "expected points",
    ] {
        assert!(text.contains(line), "`{line}` missing:\n{text}");
    }
    assert!(text.contains('█'), "{text}");
    // Every line of the chart: S, a percentage, a bar.
    let s0 = text
        .lines()
        .find(|l| l.trim_start().starts_with("0 "))
        .unwrap();
    assert!(s0.contains('%'), "{s0}");
}

#[test]
fn joust_table_covers_every_target_and_aim() {
    let text = ok(&odds(&[
        "joust-table",
        "--mount",
        "flying",
        "--lance",
        "peace",
    ]));
    assert!(text.contains("head   body    arm  shield"), "{text}");
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|w| w.parse::<u8>().is_ok())
        })
        .collect();
    assert_eq!(rows.len(), 9, "{text}");
    assert!(rows[0].trim_start().starts_with("2 ") && rows[8].trim_start().starts_with("10 "));
}

#[test]
fn ritter_joust_json_names_its_fields_and_adds_up() {
    let v = json(&with(JOUST, &["--json"]));
    assert_eq!(
        keys(&v),
        ["first_round_wounds", "p_both_out", "p_lose", "p_win"]
    );
    // Here some knight can draw blood, so nothing is left undecided.
    let total: f64 = ["p_win", "p_lose", "p_both_out"]
        .iter()
        .map(|k| probability(&v[k]))
        .sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    assert!((distribution(&v["first_round_wounds"]) - 1.0).abs() < 1e-9);
    // Empty field lists are allowed.
    let v = json(&[
        "ritter-joust",
        "--dice",
        "1",
        "--mounted",
        "",
        "--foot",
        "",
        "--vs-dice",
        "1",
        "--vs-mounted",
        "",
        "--vs-foot",
        "",
        "--wounds",
        "9",
        "--vs-wounds",
        "9",
        "--json",
    ]);
    // One die each, nine wounds each: 3/10, 3/10, 2/5 (see the hand checks).
    assert!((v["p_win"].as_f64().unwrap() - 0.3).abs() < 1e-12);
    assert!((v["p_both_out"].as_f64().unwrap() - 0.4).abs() < 1e-12);
}

#[test]
fn ritter_joust_prints_a_table_and_a_chart() {
    let text = ok(&odds(JOUST));
    for line in [
        "you:      3 combat dice, covers 1 2 3 | 4 5 6, 0 wounds",
        "opponent: 5 combat dice, covers 1 2 | 4 5, 0 wounds",
        "you win",
        "you lose",
        "both out (10 wounds each)",
        "undecided (no blood possible)",
        "wounds you deal in the first round (mounted)",
    ] {
        assert!(text.contains(line), "`{line}` missing:\n{text}");
    }
    assert!(text.contains('█'));
    // A joust that cannot draw blood says so.
    let text = ok(&odds(&[
        "ritter-joust",
        "--dice",
        "1",
        "--mounted",
        "1,1,2,2,3,3",
        "--foot",
        "4,4,5,5,6,6",
        "--vs-dice",
        "1",
        "--vs-mounted",
        "1,1,2,2,3,3",
        "--vs-foot",
        "4,4,5,5,6,6",
    ]));
    let line = text.lines().find(|l| l.starts_with("undecided")).unwrap();
    assert!(line.contains("100.00%"), "{text}");
    assert!(text.contains("none is fought"), "{text}");
}

#[test]
fn ritter_tables_print() {
    let text = ok(&odds(&["ritter-table"]));
    assert!(text.contains("dice \\ covered"), "{text}");
    let text = ok(&odds(&["ritter-table", "--training"]));
    assert!(text.contains("3 dice, 6 fields"), "{text}");
}

#[test]
fn bad_flags_fail_with_one_line_and_exit_code_2() {
    let pass = |flag: &'static str, value: &'static str| {
        let mut v: Vec<&str> = PASS.to_vec();
        match v.iter().position(|a| *a == flag) {
            Some(i) => v[i + 1] = value,
            None => v.extend([flag, value]),
        }
        v
    };
    assert_bad_input(&pass("--target", "11"), &["--target", "11"]);
    assert_bad_input(&pass("--target", "1"), &["--target"]);
    assert_bad_input(&pass("--target", "-3"), &["--target", "negative"]);
    assert_bad_input(&pass("--target", "seven"), &["--target", "seven"]);
    assert_bad_input(&pass("--aim", "foot"), &["--aim", "foot"]);
    assert_bad_input(&pass("--mount", "horse"), &["--mount", "horse"]);
    assert_bad_input(&pass("--lance", "wood"), &["--lance", "wood"]);
    assert_bad_input(&pass("--minor", "4"), &["--minor", "3"]);
    assert_bad_input(&pass("--major", "-1"), &["--major", "negative"]);
    assert_bad_input(&pass("--major", "10"), &["--major"]);
    assert_bad_input(
        &[
            "joust-pass",
            "--mount",
            "ground",
            "--lance",
            "war",
            "--aim",
            "head",
        ],
        &["--target", "missing"],
    );
    assert_bad_input(
        &["joust-table", "--mount", "ground"],
        &["--lance", "missing"],
    );

    let joust = |flag: &'static str, value: &'static str| {
        let mut v: Vec<&str> = JOUST.to_vec();
        match v.iter().position(|a| *a == flag) {
            Some(i) => v[i + 1] = value,
            None => v.extend([flag, value]),
        }
        v
    };
    assert_bad_input(&joust("--mounted", "1,2,7"), &["--mounted", "7"]);
    assert_bad_input(&joust("--vs-foot", "3"), &["--vs-foot", "3"]);
    assert_bad_input(&joust("--foot", "4,4,4"), &["--foot", "4"]);
    assert_bad_input(&joust("--foot", "4,x"), &["--foot", "x"]);
    assert_bad_input(&joust("--dice", "0"), &["--dice"]);
    assert_bad_input(&joust("--vs-dice", "11"), &["--vs-dice", "11"]);
    assert_bad_input(&joust("--wounds", "10"), &["--wounds", "10"]);
    assert_bad_input(&joust("--vs-wounds", "-2"), &["--vs-wounds", "negative"]);
    assert_bad_input(
        &[
            "ritter-joust",
            "--dice",
            "3",
            "--mounted",
            "1",
            "--foot",
            "4",
        ],
        &["--vs-dice", "missing"],
    );
}

const CLASH: &[&str] = &[
    "glory-clash",
    "--strength-tokens",
    "3",
    "--mount",
    "2",
    "--armor",
    "2",
    "--vs-attack",
    "8",
];

#[test]
fn glory_clash_json_has_exactly_the_named_fields() {
    let v = json(&with(CLASH, &["--json"]));
    assert_eq!(keys(&v), ["attack", "p_win"]);
    assert!((distribution(&v["attack"]) - 1.0).abs() < 1e-12);
    let plain = probability(&v["p_win"]);
    // Faith never lowers the chance to win.
    let v = json(&with(CLASH, &["--faith", "2", "--json"]));
    assert!(probability(&v["p_win"]) > plain);
    // One Mount and one Armor die, no Strength, against attack 0 and
    // prestige 1: only 0 + 0 (4 of 36 rolls) loses → 8/9.
    let v = json(&[
        "glory-clash",
        "--strength-tokens",
        "0",
        "--mount",
        "1",
        "--armor",
        "1",
        "--vs-attack",
        "0",
        "--vs-prestige",
        "1",
        "--json",
    ]);
    assert!((v["p_win"].as_f64().unwrap() - 8.0 / 9.0).abs() < 1e-15);
    assert_eq!(keys(&v["attack"]), ["0", "1", "2", "3", "4", "5", "6", "7"]);
}

#[test]
fn glory_clash_prints_a_table_and_a_chart() {
    let text = ok(&odds(CLASH));
    assert!(text.contains("\nattack\n"), "{text}");
    assert!(!text.contains("Faith used"), "{text}");
    let text = ok(&odds(&[
        "glory-clash",
        "--strength-tokens",
        "4",
        "--mount",
        "4",
        "--armor",
        "3",
        "--faith",
        "2",
        "--prestige",
        "1",
        "--vs-attack",
        "9",
        "--vs-prestige",
        "2",
    ]));
    for line in [
        "Glory clash: 4 Strength tokens, mount 4, armor 3; one Faith re-roll of up to 2 dice after the roll",
        "Dice: 3 red dice, symbol lit, 3 black dice, symbol lit, 3 white dice.",
        "Against a knight of attack 9; prestige 1 against his 2: a tie is lost.",
        "attack after the best re-roll",
        "win",
        "without the re-roll",
        "Faith used",
        "mean attack",
    ] {
        assert!(text.contains(line), "`{line}` missing:\n{text}");
    }
    assert!(text.contains('█'), "{text}");
    let a12 = text
        .lines()
        .find(|l| l.trim_start().starts_with("12 "))
        .unwrap();
    assert!(a12.contains('%'), "{a12}");
}

#[test]
fn glory_clash_bad_flags_fail_with_one_line_and_exit_code_2() {
    let clash = |flag: &'static str, value: &'static str| {
        let mut v: Vec<&str> = CLASH.to_vec();
        match v.iter().position(|a| *a == flag) {
            Some(i) => v[i + 1] = value,
            None => v.extend([flag, value]),
        }
        v
    };
    assert_bad_input(&clash("--mount", "5"), &["--mount", "5"]);
    assert_bad_input(&clash("--armor", "0"), &["--armor", "0"]);
    assert_bad_input(
        &clash("--strength-tokens", "6"),
        &["--strength-tokens", "6"],
    );
    assert_bad_input(&clash("--faith", "11"), &["--faith", "11"]);
    assert_bad_input(&clash("--faith", "-1"), &["--faith", "negative"]);
    assert_bad_input(&clash("--prestige", "7"), &["--prestige", "7"]);
    assert_bad_input(&clash("--vs-attack", "x"), &["--vs-attack", "x"]);
    assert_bad_input(&clash("--vs-prestige", "10"), &["--vs-prestige"]);
    assert_bad_input(
        &["glory-clash", "--strength-tokens", "3", "--mount", "2"],
        &["--armor", "missing"],
    );
    assert_bad_input(
        &[
            "glory-clash",
            "--strength-tokens",
            "3",
            "--mount",
            "2",
            "--armor",
            "2",
        ],
        &["--vs-attack", "missing"],
    );
}

#[test]
fn odds_has_help() {
    for sub in [
        vec!["odds", "--help"],
        vec!["odds", "joust-pass", "--help"],
        vec!["odds", "joust-table", "--help"],
        vec!["odds", "ritter-joust", "--help"],
        vec!["odds", "ritter-table", "--help"],
        vec!["odds", "glory-clash", "--help"],
    ] {
        let o = tourney(&sub);
        assert!(o.status.success(), "{sub:?}");
        assert!(stdout(&o).contains("Usage"), "{sub:?}");
    }
}

/// Splits a documented command line into arguments: words separated by
/// spaces, `'…'` quoting (for empty field lists).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut started) = (false, false);
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    out.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        out.push(word);
    }
    out
}

#[test]
fn the_tables_in_the_docs_are_what_the_commands_print() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/odds.md"))
        .expect("docs/odds.md");
    let mut checked = 0;
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```text" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        let Some(command) = block.first().and_then(|l| l.strip_prefix("$ tourney ")) else {
            continue;
        };
        let args = words(command);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = tourney(&args);
        let expected = block[1..].join("\n");
        let got = if o.status.success() {
            stdout(&o)
        } else {
            format!(
                "{}[exit code {}]",
                stderr(&o),
                o.status.code().unwrap_or(-1)
            )
        };
        assert_eq!(
            got.trim_end(),
            expected.trim_end(),
            "docs/odds.md is out of date for `tourney {command}`"
        );
        checked += 1;
    }
    assert!(
        checked >= 6,
        "only {checked} commands found in docs/odds.md"
    );
}
