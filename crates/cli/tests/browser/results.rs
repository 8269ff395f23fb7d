//! Every result stays in sight until the next decision: the result panels
//! open when new, and the steps of one message drawn one after another.
//!
//! Each game is played against an easy bot by clicking offered actions in
//! a fixed pseudo-random order until its first result (a pass, a joust, a
//! duel, a combat). The look for a result panel and the click that follows
//! happen in one script, so no message can land between them: a panel seen
//! is seen before the next choice. The dice are the server's, so the number
//! of clicks differs from run to run; the order of the choices does not.

use crate::kit::{Browser, Driver, Site};
use crate::{browser_test, create_from_lobby};
use libtest_mimic::Trial;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// This module's browser tests, for the suite's list.
pub fn trials() -> Vec<Trial> {
    vec![
        browser_test(
            "results_card_joust_the_last_pass_is_open_before_the_next_choice",
            card_joust_the_last_pass_is_open_before_the_next_choice,
        ),
        browser_test(
            "results_ritter_the_last_joust_is_open_before_the_next_choice",
            ritter_the_last_joust_is_open_before_the_next_choice,
        ),
        browser_test(
            "results_glory_the_last_duel_is_open_before_the_next_choice",
            glory_the_last_duel_is_open_before_the_next_choice,
        ),
        browser_test(
            "results_mastery_the_last_combat_is_open_before_the_next_choice",
            mastery_the_last_combat_is_open_before_the_next_choice,
        ),
        browser_test(
            "results_a_moves_lines_come_one_by_one_skippable_and_at_once_when_asked",
            a_moves_lines_come_one_by_one_skippable_and_at_once_when_asked,
        ),
    ]
}

async fn card_joust_the_last_pass_is_open_before_the_next_choice() {
    first_result_stays_in_sight("joust", &[], "The last pass", 3, "").await;
}

async fn ritter_the_last_joust_is_open_before_the_next_choice() {
    first_result_stays_in_sight("ritter", &[], "joust", 5, "").await;
}

async fn glory_the_last_duel_is_open_before_the_next_choice() {
    first_result_stays_in_sight("glory", &[], "Last duel", 9, "").await;
}

async fn mastery_the_last_combat_is_open_before_the_next_choice() {
    // Marching into the bot's land when the list offers it: a realm can be
    // won on empty land alone, with no combat to show.
    first_result_stays_in_sight("mastery", &[], "Last combat", 21, "Bot (easy)'s, ").await;
}

/// Looks for result panels and, if there is none, clicks one enabled
/// action (the `pick`th, on the board or in the list), in one turn of the
/// page's script: `{panels: [...]}` or `{clicked: bool}`.
const LOOK_OR_CLICK: &str = r#"
    const [pick, onBoard, look, prefer] = arguments;
    const panels = [...document.querySelectorAll('details.result-panel')].map((d) => {
      const box = d.getBoundingClientRect();
      return {
        key: d.dataset.result,
        open: d.open,
        summary: d.querySelector('summary')?.textContent ?? '',
        displayed: d.getClientRects().length > 0 && box.height > 0 && getComputedStyle(d).visibility !== 'hidden',
        in_view: box.bottom > 0 && box.top < innerHeight,
      };
    });
    if (look && panels.length) return { panels };
    const listed = [...document.querySelectorAll('ol.actions button.action:not([disabled])')];
    const drawn = [...document.querySelectorAll('.board button.act-target:not([disabled])')];
    const wanted = prefer ? listed.find((b) => b.textContent.includes(prefer)) : null;
    if (wanted) {
      wanted.click();
      return { clicked: true };
    }
    const from = onBoard && drawn.length ? drawn : listed;
    if (!from.length) return { clicked: false };
    from[pick % from.length].click();
    return { clicked: true };"#;

/// A step of a xorshift: a fixed sequence of choices, so a failure repeats
/// its order of clicks.
fn next(rng: &mut u64) -> u64 {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    *rng
}

/// Looks for result panels first (`look`), then clicks if there is none:
/// a listed action whose words hold `prefer` when there is one (a march
/// into the bot's land, so a fight comes soon), else the pseudo-random one.
async fn look_or_click(browser: &Browser, rng: &mut u64, look: bool, prefer: &str) -> Value {
    let r = next(rng);
    let pick = (r % 1_000_003) as u32;
    let on_board = (r >> 32).is_multiple_of(2);
    browser
        .client
        .execute(
            LOOK_OR_CLICK,
            vec![json!(pick), json!(on_board), json!(look), json!(prefer)],
        )
        .await
        .expect("the look-or-click script runs")
}

/// Plays `game` against an easy bot until its first result panel appears,
/// and checks it is open and on the screen before the next choice; then
/// makes that choice and checks the panel has folded to its summary line.
async fn first_result_stays_in_sight(
    game: &str,
    options: &[(&str, &str)],
    summary_says: &str,
    seed: u64,
    prefer: &str,
) {
    let site = Site::start();
    let driver = Driver::start().await;
    let browser = driver.browser().await;
    create_from_lobby(&browser, &site, game, 2, options).await;
    browser.wait_for(&format!(".board .{game}")).await;
    let mut rng = seed;
    let started = Instant::now();
    let mut clicks = 0;
    let mut games = 0;
    let panel = loop {
        // A result may end the game (a castle taken): looked for first.
        let over = browser.is_over().await;
        let seen = look_or_click(&browser, &mut rng, true, prefer).await;
        if let Some(panels) = seen["panels"].as_array() {
            break panels[0].clone();
        }
        if over {
            // A game may end with no result at all (a Medieval Mastery
            // realm won without a fight): the next game is a rematch.
            games += 1;
            assert!(
                games < 6,
                "{game}: {games} games ended without a result panel"
            );
            eprintln!("{game}: game {games} ended after {clicks} clicks with no result; a rematch");
            let finished = browser.client.current_url().await.expect("the address");
            browser.click(".end button.rematch").await;
            for _ in 0..200 {
                let now = browser.client.current_url().await.expect("the address");
                if now != finished {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            browser.wait_for(&format!(".board .{game}")).await;
            continue;
        }
        assert!(
            started.elapsed() < Duration::from_secs(240),
            "{game}: no result within 4 minutes ({clicks} clicks)"
        );
        if seen["clicked"] == json!(true) {
            clicks += 1;
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    };
    eprintln!("{game}: the first result after {clicks} clicks: {panel}");
    let key = panel["key"].as_str().expect("the panel's key").to_string();
    assert_eq!(panel["open"], json!(true), "{game}: {panel}");
    assert_eq!(panel["displayed"], json!(true), "{game}: {panel}");
    let summary = panel["summary"].as_str().unwrap_or_default();
    assert!(summary.contains(summary_says), "{game}: {summary}");
    browser.screenshot(&format!("result-{game}")).await;
    browser.save_text(&format!("result-{game}")).await;
    if game == "mastery" {
        assert_combat_values_add_up(&browser).await;
    }
    // A result tells its whole course, not only its end: a joust every
    // round, a duel every clash with what its attack values were made of.
    let told = match game {
        "ritter" => "Round by round",
        "glory" => "Clash 1: ",
        _ => "",
    };
    if !told.is_empty() {
        let text = browser
            .client
            .execute(
                "const [key] = arguments;
                 const d = [...document.querySelectorAll('details.result-panel')].find((x) => x.dataset.result === key);
                 return d ? d.innerText : '';",
                vec![json!(key)],
            )
            .await
            .expect("the panel can be read");
        let text = text.as_str().unwrap_or_default();
        assert!(
            text.contains(told),
            "{game}: no `{told}` in its result: {text}"
        );
        eprintln!("{game}: the result reads: {text}");
    }
    // The open panel is part of what the scan sees: its summary is a
    // proper disclosure with a name, its words readable.
    let problems = browser.accessibility_problems().await;
    assert!(
        problems.is_empty(),
        "{game} with its result open: {problems:#?}"
    );

    // The next choice folds it (one click may be refused while the page
    // guards against a double activation: then it is clicked again). A
    // result that ended the game has no next choice.
    let ended = browser.is_over().await;
    let still_open = "const [key] = arguments;
        const d = [...document.querySelectorAll('details.result-panel')].find((x) => x.dataset.result === key);
        return d !== undefined && d.open;";
    let mut folded = false;
    for _ in 0..100 {
        if ended {
            eprintln!("{game}: the first result ended the game");
            folded = true;
            break;
        }
        let open = browser
            .client
            .execute(still_open, vec![json!(key)])
            .await
            .expect("the panel can be looked at");
        if open == json!(false) {
            folded = true;
            break;
        }
        look_or_click(&browser, &mut rng, false, prefer).await;
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    assert!(
        folded,
        "{game}: the result stayed open after the next choice"
    );
    let errors = browser.console_errors().await;
    assert!(errors.is_empty(), "{game}: console errors: {errors:#?}");
}

/// Clicks the first enabled action in the list and watches the "Just now"
/// strip until a message with more than one line arrives; if `skip`, a
/// key is pressed while its lines are still coming. Returns what was seen
/// first (`state`, `shown`, `total`) and, when skipped, `after` the key.
const WATCH_A_MESSAGE: &str = r#"
    const [skip] = arguments;
    const done = arguments[arguments.length - 1];
    const strip = () => document.querySelector('section.reveal');
    const read = (r) => ({ state: r.dataset.state, shown: Number(r.dataset.shown), total: Number(r.dataset.total) });
    const seq = strip()?.dataset.seq;
    document.querySelector('ol.actions button.action:not([disabled])')?.click();
    const started = performance.now();
    const look = () => {
      const r = strip();
      if (r && r.dataset.seq !== seq) {
        const first = read(r);
        if (!skip || first.state !== 'running') return done({ first });
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift', bubbles: true }));
        return setTimeout(() => done({ first, after: read(strip()) }), 50);
      }
      if (performance.now() - started > 3000) return done({ timeout: true });
      setTimeout(look, 5);
    };
    look();"#;

/// Plays on until a message of more than one line is seen, and returns
/// what the strip showed of it.
async fn a_message_of_several_lines(browser: &Browser, skip: bool, what: &str) -> Value {
    for _ in 0..60 {
        assert!(!browser.is_over().await, "{what}: the game ended first");
        let seen = browser
            .client
            .execute_async(WATCH_A_MESSAGE, vec![json!(skip)])
            .await
            .expect("the watching script runs");
        if seen["first"]["total"].as_u64().unwrap_or(0) > 1 {
            return seen;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{what}: no message of several lines in 60 tries");
}

/// The lines of one message come one after another and a key shows the
/// rest; with the setting off, and with reduced motion asked for, they
/// come at once.
async fn a_moves_lines_come_one_by_one_skippable_and_at_once_when_asked() {
    let site = Site::start();
    let driver = Driver::start().await;
    let browser = driver.browser().await;
    create_from_lobby(&browser, &site, "joust", 2, &[]).await;
    browser.wait_for(".board .joust").await;
    browser.wait_for("section.reveal").await;

    let seen = a_message_of_several_lines(&browser, true, "one by one").await;
    let first = &seen["first"];
    assert_eq!(first["state"], "running", "{seen}");
    assert_eq!(first["shown"], 1, "the first line alone at first: {seen}");
    let after = &seen["after"];
    assert_eq!(after["state"], "done", "a key shows the rest: {seen}");
    assert_eq!(after["shown"], after["total"], "{seen}");

    // The setting, off: kept in this browser across a reload.
    let setting = "label.reveal-setting input";
    browser.click(setting).await;
    let kept = browser
        .run("return localStorage.getItem('tourney.reveal');")
        .await;
    assert_eq!(kept, json!("off"));
    let address = browser.client.current_url().await.expect("the address");
    browser.open(address.as_str()).await;
    browser.wait_for("section.reveal").await;
    let checked = browser
        .run(&format!(
            "return document.querySelector('{setting}').checked;"
        ))
        .await;
    assert_eq!(checked, json!(false), "the setting survives a reload");
    let seen = a_message_of_several_lines(&browser, false, "setting off").await;
    let first = &seen["first"];
    assert_eq!(first["state"], "done", "{seen}");
    assert_eq!(first["shown"], first["total"], "all lines at once: {seen}");

    // On again, but the system asks for reduced motion: at once, and the
    // setting says why it is off.
    browser.click(setting).await;
    browser
        .cdp(
            "Emulation.setEmulatedMedia",
            json!({"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}),
        )
        .await;
    browser.open(address.as_str()).await;
    let label = browser.text("label.reveal-setting").await;
    assert!(label.contains("reduced motion"), "{label}");
    let disabled = browser
        .run(&format!(
            "return document.querySelector('{setting}').disabled;"
        ))
        .await;
    assert_eq!(disabled, json!(true));
    let seen = a_message_of_several_lines(&browser, false, "reduced motion").await;
    let first = &seen["first"];
    assert_eq!(first["state"], "done", "{seen}");
    assert_eq!(first["shown"], first["total"], "all lines at once: {seen}");
    let problems = browser.accessibility_problems().await;
    assert!(problems.is_empty(), "{problems:#?}");
    let errors = browser.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
}

/// Each side of the last combat says what its value is made of ("Value
/// 10 = 3 knights + 1 Sceptre + 4 Conflict card + 2 Support cards"), and
/// the parts add up to the value, so a reader can check the result.
async fn assert_combat_values_add_up(browser: &Browser) {
    let sums = browser
        .run("return [...document.querySelectorAll('.mastery-last-combat .mastery-sum')].map((e) => e.textContent);")
        .await;
    let sums: Vec<String> = serde_json::from_value(sums).expect("the value lines");
    assert_eq!(sums.len(), 2, "one line per side: {sums:?}");
    for line in &sums {
        let rest = line
            .trim()
            .strip_prefix("Value ")
            .unwrap_or_else(|| panic!("a value and its parts: {line:?}"));
        // A value with no part at all is 0, and shown alone.
        let (value, parts) = rest.split_once(" = ").unwrap_or((rest, ""));
        let value: i32 = value.parse().expect("the value is a number");
        let mut total = 0;
        let mut sign = 1;
        for word in parts.split_whitespace() {
            match word {
                "+" => sign = 1,
                "−" => sign = -1,
                _ => {
                    if let Ok(n) = word.parse::<i32>() {
                        total += sign * n;
                    }
                }
            }
        }
        assert_eq!(total, value, "the parts add up: {line:?}");
    }
}
