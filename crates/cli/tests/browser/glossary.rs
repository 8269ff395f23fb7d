//! The rules in the page: each game's "How to play" panel with the
//! table's options, and a board term's glossary entry on hover and on tap.
//!
//! Every table is made with an option away from its default, so a text
//! that ignored the table's options shows the default and fails. The
//! suite's server fixes the dice (kit.rs), so each table deals the same
//! way on every run; the terms looked at are drawn from the first view
//! on, whatever the dice say.

use crate::kit::{Browser, Driver, Site};
use crate::{browser_test, create_from_lobby};
use libtest_mimic::Trial;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tourney_core::RulesText;

/// This module's browser tests, for the suite's list.
pub fn trials() -> Vec<Trial> {
    vec![
        browser_test(
            "glossary_card_joust_term_explains_itself_on_hover_and_tap_and_a_tapped_move_still_plays",
            card_joust_term_explains_itself_on_hover_and_tap_and_a_tapped_move_still_plays,
        ),
        browser_test(
            "glossary_ritter_how_to_play_names_the_days_and_its_terms_explain_themselves",
            ritter_how_to_play_names_the_days_and_its_terms_explain_themselves,
        ),
        browser_test(
            "glossary_glory_how_to_play_names_the_tournaments_and_its_terms_explain_themselves",
            glory_how_to_play_names_the_tournaments_and_its_terms_explain_themselves,
        ),
        browser_test(
            "glossary_mastery_how_to_play_names_the_round_limit_and_its_terms_explain_themselves",
            mastery_how_to_play_names_the_round_limit_and_its_terms_explain_themselves,
        ),
    ]
}

/// Longer than the table's guard against a second activation right after
/// the choices changed (`GUARD_MS` in web/focus.js).
const AFTER_A_CHANGE: Duration = Duration::from_millis(700);
/// How long a tip may take to show (the hover delay is 250 ms).
const TIP_WAIT: Duration = Duration::from_secs(5);

/// One game's table and what its texts must say there.
struct Case {
    game: &'static str,
    /// The game's title, as "How to play <title>" names it.
    title: &'static str,
    /// Options away from the defaults.
    config: Value,
    /// Words the filled "How to play" shows with `config`.
    shows: &'static str,
    /// Words it would show with the defaults instead.
    hides: &'static str,
    /// A glossary id the board marks from its first view on, whose entry
    /// names an option of `config`.
    term: &'static str,
    /// Words that entry shows, filled with `config`.
    term_shows: &'static str,
}

/// Makes the table through the API (Ann and an easy bot) and returns its
/// id and config as the server stored it.
async fn make_table(site: &Site, case: &Case) -> (String, Value) {
    let made = site
        .api(
            "POST",
            "/api/tables",
            Some(json!({"game": case.game, "config": case.config,
                "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "easy"}]})),
            None,
        )
        .await;
    let id = made["id"]
        .as_str()
        .unwrap_or_else(|| panic!("{}: no table made: {made}", case.game))
        .to_string();
    let table = site
        .api("GET", &format!("/api/tables/{id}"), None, None)
        .await;
    (id, table["config"].clone())
}

/// The rules the server serves with the game's components.
async fn served_rules(site: &Site, game: &str) -> RulesText {
    let served = site
        .api("GET", &format!("/api/games/{game}/components"), None, None)
        .await;
    serde_json::from_value(served["components"]["rules"].clone())
        .unwrap_or_else(|e| panic!("{game}: the components carry no rules summary: {e}"))
}

/// Opens "How to play" and checks it says every section filled with the
/// table's options: `shows` is there, the default's `hides` is not.
async fn how_to_play_names_the_options(
    browser: &Browser,
    case: &Case,
    rules: &RulesText,
    config: &Value,
) {
    let summary = browser.text("details.rules > summary").await;
    assert_eq!(summary, format!("How to play {}", case.title));
    browser.click("details.rules > summary").await;
    browser.wait_for("details.rules[open] .rules-section").await;
    let panel = browser.text("details.rules .rules-body").await;
    for section in &rules.how_to_play {
        let filled = rules.fill_words(&section.text, config);
        assert!(
            panel.contains(&filled),
            "{}: the panel shows {filled:?}: {panel}",
            case.game
        );
    }
    assert!(panel.contains(case.shows), "{}: {panel}", case.game);
    assert!(!panel.contains(case.hides), "{}: {panel}", case.game);
    assert!(
        !panel.contains('{'),
        "{}: an unfilled place: {panel}",
        case.game
    );
    // Closed again, so the board is where a player finds it.
    browser.click("details.rules > summary").await;
}

/// Every word a board marks names an entry the server serves: a board
/// cannot point at an explanation that is not there.
async fn every_marked_word_has_an_entry(browser: &Browser, case: &Case, rules: &RulesText) {
    let marked = browser
        .run("return [...new Set([...document.querySelectorAll('.board [data-term]')].map((e) => e.dataset.term))];")
        .await;
    let marked: Vec<&str> = marked
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        marked.contains(&case.term),
        "{}: the board marks {marked:?}",
        case.game
    );
    for word in marked {
        assert!(
            rules.entry(word).is_some(),
            "{}: the board marks {word:?}, which has no glossary entry",
            case.game
        );
    }
}

/// The centre of the first element `css` finds, in viewport pixels, after
/// scrolling it to the middle of the viewport.
async fn centre_of(browser: &Browser, css: &str) -> (f64, f64) {
    browser.wait_for(css).await;
    let at = browser
        .client
        .execute(
            "const el = document.querySelector(arguments[0]);
             el.scrollIntoView({block: 'center', inline: 'center'});
             const r = el.getBoundingClientRect();
             return [r.left + r.width / 2, r.top + r.height / 2];",
            vec![json!(css)],
        )
        .await
        .unwrap_or_else(|e| panic!("`{css}` has no place: {e}"));
    (at[0].as_f64().expect("an x"), at[1].as_f64().expect("a y"))
}

/// Rests the mouse pointer on the element, as a person's mouse would.
async fn hover(browser: &Browser, css: &str) {
    let (x, y) = centre_of(browser, css).await;
    browser
        .cdp(
            "Input.dispatchMouseEvent",
            json!({"type": "mouseMoved", "x": x, "y": y, "pointerType": "mouse"}),
        )
        .await;
}

/// Moves the mouse pointer to the page's top-left corner, off every word.
async fn mouse_away(browser: &Browser) {
    browser
        .cdp(
            "Input.dispatchMouseEvent",
            json!({"type": "mouseMoved", "x": 1, "y": 1, "pointerType": "mouse"}),
        )
        .await;
}

/// A finger's tap on the element, as on a phone: a touch put down and
/// lifted `hold_ms` later (long for a long press). Chromium makes the
/// touch pointer events and, on the lift, the click, as a real tap does.
async fn tap(browser: &Browser, css: &str, hold_ms: u64) {
    let (x, y) = centre_of(browser, css).await;
    browser
        .cdp(
            "Input.dispatchTouchEvent",
            json!({"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}),
        )
        .await;
    tokio::time::sleep(Duration::from_millis(hold_ms)).await;
    browser
        .cdp(
            "Input.dispatchTouchEvent",
            json!({"type": "touchEnd", "touchPoints": []}),
        )
        .await;
}

/// A phone: 390 px wide, with a touch screen.
async fn as_a_phone(browser: &Browser) {
    browser.viewport(390, 844).await;
    browser
        .cdp(
            "Emulation.setTouchEmulationEnabled",
            json!({"enabled": true, "maxTouchPoints": 1}),
        )
        .await;
    // What the page received, for a failure's message.
    browser
        .run("window.__inputs = [];
              for (const kind of ['pointerdown', 'pointerup', 'click', 'contextmenu', 'touchstart', 'touchend']) {
                document.addEventListener(kind, (e) => window.__inputs.push(
                  `${kind} ${e.pointerType ?? ''} ${e.target?.className ?? ''} ${e.target?.dataset?.term ?? ''}`), true);
              }")
        .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
}

/// What the tip shows now: `None` when it is hidden (or not made yet).
#[derive(Debug)]
struct Tip {
    term: String,
    text: String,
    /// Its box in viewport pixels: left, top, right, bottom.
    rect: [f64; 4],
    /// The viewport's width.
    width: f64,
    /// The ids of the words that name the tip as their description.
    described: Vec<String>,
}

async fn tip_now(browser: &Browser) -> Option<Tip> {
    let seen = browser
        .run(
            "const tip = document.getElementById('glossary-tip');
             if (!tip || tip.hidden) return null;
             const r = tip.getBoundingClientRect();
             return {
               role: tip.getAttribute('role'),
               term: tip.querySelector('.glossary-tip-term')?.textContent ?? '',
               text: tip.querySelector('.glossary-tip-text')?.textContent ?? '',
               rect: [r.left, r.top, r.right, r.bottom],
               width: document.documentElement.clientWidth,
               described: [...document.querySelectorAll('[aria-describedby~=\"glossary-tip\"]')]
                 .map((e) => e.dataset.term ?? e.getAttribute('title') ?? e.tagName),
             };",
        )
        .await;
    if seen.is_null() {
        return None;
    }
    assert_eq!(seen["role"], "tooltip", "the tip's role: {seen}");
    let number = |v: &Value| v.as_f64().unwrap_or(f64::NAN);
    Some(Tip {
        term: seen["term"].as_str().unwrap_or_default().to_string(),
        text: seen["text"].as_str().unwrap_or_default().to_string(),
        rect: [0, 1, 2, 3].map(|i| number(&seen["rect"][i])),
        width: number(&seen["width"]),
        described: serde_json::from_value(seen["described"].clone()).unwrap_or_default(),
    })
}

/// Waits (up to `TIP_WAIT`) for the tip to show, and returns it.
async fn wait_for_tip(browser: &Browser, what: &str) -> Tip {
    let deadline = Instant::now() + TIP_WAIT;
    loop {
        if let Some(tip) = tip_now(browser).await {
            return tip;
        }
        if Instant::now() > deadline {
            browser.screenshot(&format!("glossary-no-tip-{what}")).await;
            let inputs = browser.run("return window.__inputs ?? [];").await;
            panic!("no glossary tip after {what}; the page received {inputs:#}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits (up to `TIP_WAIT`) for the tip to be gone.
async fn wait_for_no_tip(browser: &Browser, what: &str) {
    let deadline = Instant::now() + TIP_WAIT;
    while let Some(tip) = tip_now(browser).await {
        assert!(
            Instant::now() < deadline,
            "the tip still shows after {what}: {tip:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The tip says the entry `word`, filled with the table's options, is
/// tied to the word, and lies inside the viewport.
fn tip_is_the_entry(tip: &Tip, case: &Case, rules: &RulesText, config: &Value, how: &str) {
    let entry = rules
        .entry(case.term)
        .unwrap_or_else(|| panic!("{}: no entry {:?}", case.game, case.term));
    let filled = rules.fill_words(&entry.text, config);
    assert_eq!(tip.term, entry.term, "{} on {how}: {tip:?}", case.game);
    assert_eq!(tip.text, filled, "{} on {how}", case.game);
    assert!(
        tip.text.contains(case.term_shows),
        "{} on {how}: the entry names the table's option: {tip:?}",
        case.game
    );
    assert_eq!(
        tip.described,
        vec![case.term.to_string()],
        "{} on {how}: only the word is described by the tip",
        case.game
    );
    let [left, top, right, bottom] = tip.rect;
    assert!(
        left >= 0.0 && right <= tip.width && top >= 0.0 && bottom > top,
        "{} on {how}: the tip lies outside the {} px viewport: {tip:?}",
        case.game,
        tip.width
    );
}

/// Hover, keyboard, tap, Escape and a tap elsewhere, on the board word
/// `case.term`, with an accessibility scan while the tip is open.
async fn the_term_explains_itself(
    browser: &Browser,
    case: &Case,
    rules: &RulesText,
    config: &Value,
) {
    let word = format!(".board [data-term='{}']", case.term);
    assert!(
        tip_now(browser).await.is_none(),
        "{}: a tip before any hover",
        case.game
    );

    hover(browser, &word).await;
    let tip = wait_for_tip(browser, &format!("{}-hover", case.game)).await;
    tip_is_the_entry(&tip, case, rules, config, "hover");
    mouse_away(browser).await;
    wait_for_no_tip(browser, "the mouse left the word").await;

    // Keyboard: focus the word as a Tab would (a focus ring, not a click).
    browser
        .client
        .execute(
            "document.querySelector(arguments[0]).focus({focusVisible: true});",
            vec![json!(word)],
        )
        .await
        .expect("the word takes focus");
    let tip = wait_for_tip(browser, &format!("{}-focus", case.game)).await;
    tip_is_the_entry(&tip, case, rules, config, "keyboard focus");
    browser
        .cdp(
            "Input.dispatchKeyEvent",
            json!({"type": "keyDown", "key": "Escape", "code": "Escape", "windowsVirtualKeyCode": 27}),
        )
        .await;
    wait_for_no_tip(browser, "Escape").await;

    as_a_phone(browser).await;
    tap(browser, &word, 50).await;
    let tip = wait_for_tip(browser, &format!("{}-tap", case.game)).await;
    tip_is_the_entry(&tip, case, rules, config, "a tap at 390 px");
    browser
        .screenshot(&format!("glossary-{}-phone", case.game))
        .await;
    let problems = browser.accessibility_problems().await;
    assert!(
        problems.is_empty(),
        "{}: the page with the tip open: {problems:#?}",
        case.game
    );
    // Still open after the scan: a tapped tip stays until dismissed.
    assert!(
        tip_now(browser).await.is_some(),
        "{}: the tapped tip closed by itself",
        case.game
    );
    tap(browser, "header.site", 50).await;
    wait_for_no_tip(browser, "a tap elsewhere").await;
    let width = browser.page_width().await;
    assert!(
        width <= 390,
        "{} at 390 px is laid out {width} px wide",
        case.game
    );
}

/// A spectator's page of a table made through the API, with the rules
/// panel and the board term checked.
async fn rules_and_term(case: Case) {
    let site = Site::start();
    let (id, config) = make_table(&site, &case).await;
    for (key, value) in case.config.as_object().into_iter().flatten() {
        assert_eq!(
            &config[key], value,
            "{}: the table's config: {config}",
            case.game
        );
    }
    let rules = served_rules(&site, case.game).await;

    let driver = Driver::start().await;
    let browser = driver.browser().await;
    browser.open(&format!("{}/t/{id}", site.base)).await;
    browser
        .wait_for(&format!(
            ".board .{} [data-term='{}']",
            case.game, case.term
        ))
        .await;
    how_to_play_names_the_options(&browser, &case, &rules, &config).await;
    every_marked_word_has_an_entry(&browser, &case, &rules).await;
    the_term_explains_itself(&browser, &case, &rules, &config).await;
    let errors = browser.console_errors().await;
    assert!(
        errors.is_empty(),
        "{}: console errors: {errors:#?}",
        case.game
    );
}

async fn ritter_how_to_play_names_the_days_and_its_terms_explain_themselves() {
    rules_and_term(Case {
        game: "ritter",
        title: "Ritter ohne Furcht und Tadel",
        config: json!({"days": 2}),
        shows: "Over 2 tournament days",
        hides: "Over 4 tournament days",
        term: "day",
        term_shows: "This table plays 2 days.",
    })
    .await;
}

async fn glory_how_to_play_names_the_tournaments_and_its_terms_explain_themselves() {
    rules_and_term(Case {
        game: "glory",
        title: "Glory: A Game of Knights",
        config: json!({"tournaments": ["joust_a_plaisance", "pas_d_armes", "joust_a_plaisance"]}),
        shows: "rounds 1 to 3: Joust à Plaisance, Pas d'Armes, Joust à Plaisance",
        hides: "rounds 1 to 3: Pas d'Armes, Joust à Plaisance, Pas d'Armes",
        term: "tournament",
        term_shows: "set up as Joust à Plaisance, Pas d'Armes, Joust à Plaisance",
    })
    .await;
}

async fn mastery_how_to_play_names_the_round_limit_and_its_terms_explain_themselves() {
    rules_and_term(Case {
        game: "mastery",
        title: "Medieval Mastery",
        config: json!({"round_limit": 30}),
        shows: "stops after 30 rounds",
        hides: "stops after 60 rounds",
        term: "round_limit",
        term_shows: "this table stops after 30.",
    })
    .await;
}

/// Card Joust (whose rules panel has its own test in main.rs): a person's
/// own table, made from the lobby with 30 target points. The target's
/// word explains itself on hover, focus and tap; and on a phone a tap on
/// an action button that carries a word (a slot to aim at) plays the
/// move, with no tip in the way, while a long press explains instead.
async fn card_joust_term_explains_itself_on_hover_and_tap_and_a_tapped_move_still_plays() {
    let case = Case {
        game: "joust",
        title: "Card Joust",
        config: json!({"target_points": 30}),
        shows: "30 points",
        hides: "21 points",
        term: "target_points",
        term_shows: "30 at this table",
    };
    let site = Site::start();
    let rules = served_rules(&site, "joust").await;
    let driver = Driver::start().await;
    let browser = driver.browser().await;
    create_from_lobby(&browser, &site, "joust", 2, &[("target_points", "30")]).await;
    let url = browser
        .client
        .current_url()
        .await
        .expect("the table's address");
    let id = url.path().trim_start_matches("/t/").to_string();
    let table = site
        .api("GET", &format!("/api/tables/{id}"), None, None)
        .await;
    let config = table["config"].clone();
    assert_eq!(config["target_points"], 30, "{table}");
    browser
        .wait_for(".board .joust [data-term='target_points']")
        .await;
    every_marked_word_has_an_entry(&browser, &case, &rules).await;
    the_term_explains_itself(&browser, &case, &rules, &config).await;

    // Play on (still at 390 px, by tapping) until an aim is offered on the
    // other knight's slots: buttons whose words are glossary terms.
    let aim = ".board button.act-target [data-term='slots']";
    let mut taps = 0;
    while !present(&browser, aim).await {
        assert!(taps < 40, "no aim offered after {taps} taps");
        let next = browser
            .run("const b = document.querySelector('.board button.act-target:not([disabled]), ol.actions button.action:not([disabled])');
                  if (!b) return false; b.setAttribute('data-glossary-next', ''); return true;")
            .await;
        if next == json!(true) {
            let board = "return document.querySelector('.board').innerHTML;";
            let before = browser.run(board).await;
            tap(&browser, "[data-glossary-next]", 50).await;
            taps += 1;
            // A taken move redraws the board (the button at least).
            let deadline = Instant::now() + Duration::from_secs(10);
            while browser.run(board).await == before {
                if Instant::now() > deadline {
                    let what = browser
                        .run("return [document.querySelector('[data-glossary-next]')?.outerHTML, window.__inputs];")
                        .await;
                    browser.screenshot("glossary-joust-stuck").await;
                    panic!("tap {taps} changed nothing: {what:#}");
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            browser
                .run("document.querySelectorAll('[data-glossary-next]').forEach((b) => b.removeAttribute('data-glossary-next'));")
                .await;
            // The table ignores an activation that comes right after the
            // choices changed (web/focus.js), as a person's quick second
            // tap would be: wait that out as a person would.
            tokio::time::sleep(AFTER_A_CHANGE).await;
        } else {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    // A long press on an aim button explains the slot and plays nothing.
    let aim_button = ".board button.act-target:has([data-term='slots'])";
    let before = count(&browser, aim_button).await;
    tap(&browser, aim, 900).await;
    let tip = wait_for_tip(&browser, "joust-long-press").await;
    let slots = rules.entry("slots").expect("a slots entry");
    assert_eq!(tip.term, slots.term, "{tip:?}");
    assert_eq!(tip.text, rules.fill_words(&slots.text, &config), "{tip:?}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        count(&browser, aim_button).await,
        before,
        "a long press took no aim"
    );
    tap(&browser, "header.site", 50).await;
    wait_for_no_tip(&browser, "a tap elsewhere").await;
    // A plain tap on the same button aims: the aim buttons go, no tip shows.
    tap(&browser, aim_button, 50).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while present(&browser, aim_button).await {
        assert!(
            Instant::now() < deadline,
            "a tap on an aim button did not aim"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        tip_now(&browser).await.is_none(),
        "a tip opened on a move's tap"
    );
    let mine = browser.text(".joust-duelist.joust-mine").await;
    assert!(
        mine.contains("Aims at") || mine.contains("Aim chosen"),
        "Ann's knight has aimed: {mine}"
    );
    let errors = browser.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
}

async fn count(browser: &Browser, css: &str) -> u64 {
    browser
        .client
        .execute(
            "return document.querySelectorAll(arguments[0]).length;",
            vec![json!(css)],
        )
        .await
        .ok()
        .and_then(|v| v.as_u64())
        .unwrap_or(0)
}

async fn present(browser: &Browser, css: &str) -> bool {
    count(browser, css).await > 0
}
