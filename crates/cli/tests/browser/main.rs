//! The browser client end to end: a real `tourney serve` with a fresh
//! SQLite file, and Debian's headless Chromium clicking through the pages
//! as a player would. Screenshots land in `target/browser-artifacts/`.
//!
//! The binary has a harness of its own (libtest-mimic, which reads the
//! same arguments and prints the same lines as cargo's), because the
//! suite must do something after its last test: end whatever browser is
//! still running and fail if there was one (see `leftovers.rs`).

mod glossary;
mod kit;
mod leftovers;
mod results;

use kit::{Browser, Driver, Site};
use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::{Value, json};
use std::future::Future;
use std::process::ExitCode;
use std::time::Duration;

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let suite = leftovers::suite();
    if !args.list {
        suite.begin();
    }
    let mut tests = vec![
        browser_test(
            "card_joust_against_a_bot_by_clicking",
            card_joust_against_a_bot_by_clicking,
        ),
        browser_test(
            "ritter_against_a_bot_by_clicking",
            ritter_against_a_bot_by_clicking,
        ),
        browser_test(
            "glory_against_a_bot_by_clicking",
            glory_against_a_bot_by_clicking,
        ),
        browser_test(
            "glory_solo_against_otto_by_clicking",
            glory_solo_against_otto_by_clicking,
        ),
        browser_test(
            "medieval_mastery_against_a_bot_by_clicking",
            medieval_mastery_against_a_bot_by_clicking,
        ),
        browser_test(
            "the_lobby_passes_the_accessibility_scan_at_both_widths",
            the_lobby_passes_the_accessibility_scan_at_both_widths,
        ),
        browser_test(
            "two_friends_play_from_an_invite_link_through_a_reload_and_a_restart",
            two_friends_play_from_an_invite_link_through_a_reload_and_a_restart,
        ),
        browser_test(
            "a_spectator_sees_no_hidden_card",
            a_spectator_sees_no_hidden_card,
        ),
        browser_test(
            "a_board_shows_a_renamed_component_from_a_copy_of_the_data",
            a_board_shows_a_renamed_component_from_a_copy_of_the_data,
        ),
        browser_test(
            "card_joust_how_to_play_names_the_tables_target_and_the_served_glossary",
            card_joust_how_to_play_names_the_tables_target_and_the_served_glossary,
        ),
        browser_test(
            "your_games_resumes_a_table_that_no_stranger_sees_listed",
            your_games_resumes_a_table_that_no_stranger_sees_listed,
        ),
    ];
    tests.push(Trial::test(
        "one_happening_told_twice_is_caught_and_two_seats_are_not",
        one_happening_told_twice_is_caught_and_two_seats_are_not,
    ));
    tests.push(browser_test(
        "on_a_phone_the_floating_actions_fold_away_to_show_the_board",
        on_a_phone_the_floating_actions_fold_away_to_show_the_board,
    ));
    tests.push(browser_test(
        "mastery_on_a_phone_asks_only_real_questions_with_controls_in_reach",
        mastery_on_a_phone_asks_only_real_questions_with_controls_in_reach,
    ));
    tests.push(browser_test(
        "after_a_choice_focus_moves_on_and_a_quick_second_press_plays_nothing",
        after_a_choice_focus_moves_on_and_a_quick_second_press_plays_nothing,
    ));
    tests.push(browser_test(
        "a_clocked_table_counts_down_and_a_player_can_leave_and_come_back",
        a_clocked_table_counts_down_and_a_player_can_leave_and_come_back,
    ));
    tests.push(browser_test(
        "names_holding_markup_and_script_are_shown_as_text",
        names_holding_markup_and_script_are_shown_as_text,
    ));
    tests.extend(results::trials());
    tests.extend(glossary::trials());
    let ran = libtest_mimic::run(&args, tests);
    // Always ends the leftovers, even when a filter skips the check.
    let left = if args.list { 0 } else { suite.end() };
    let check = Trial::test("no_browser_process_outlives_the_suite", move || {
        match left {
            0 => Ok(()),
            n => Err(format!(
                "{n} processes started by the suite's browsers were still running after its last test; they were ended by process id"
            )
            .into()),
        }
    });
    let checked = libtest_mimic::run(&args, vec![check]);
    if ran.has_failed() || checked.has_failed() {
        ExitCode::from(101)
    } else {
        ExitCode::SUCCESS
    }
}

/// A browser test on a runtime of its own, as `#[tokio::test]` would run
/// it; a panic fails the test, and the test's browsers close on the way.
fn browser_test<F: Future<Output = ()> + 'static>(name: &str, test: fn() -> F) -> Trial {
    Trial::test(name, move || {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(|e| Failed::from(format!("no runtime: {e}")))?
            .block_on(test());
        Ok(())
    })
}

/// Sets up a table from the lobby: the name, the game, seat 1 for me and
/// the rest as easy bots, and some rule options.
async fn create_from_lobby(
    browser: &Browser,
    site: &Site,
    game: &str,
    seats: usize,
    options: &[(&str, &str)],
) {
    browser.open(&format!("{}/", site.base)).await;
    browser.fill("#display-name", "Ann").await;
    browser.choose("#game", game).await;
    browser.choose("#players", &seats.to_string()).await;
    for seat in 1..seats {
        browser.choose(&format!("#seat-{seat}"), "easy").await;
    }
    if !options.is_empty() {
        browser.click(".options summary").await;
        for (key, value) in options {
            browser.fill(&format!("#opt-{key}"), value).await;
        }
    }
    browser.click("form button[type=submit]").await;
    browser.wait_for(".turn").await;
    browser.wait_for("ol.log li").await;
}

/// At 390 px the table is no wider than the phone; its screenshot is kept.
async fn check_the_phone_layout(browser: &Browser, game: &str, name: &str) {
    browser.viewport(390, 844).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let width = browser.page_width().await;
    assert!(width <= 390, "{game} at 390 px is laid out {width} px wide");
    browser.screenshot(&format!("{name}-phone")).await;
    browser.viewport(1280, 900).await;
}

/// One whole game against a bot, by clicking, with the checks every game
/// shares: the accessibility scan, the phone width, the screenshots, the
/// end screen and its dice check, and a clean console.
async fn play_against_a_bot(
    game: &str,
    seats: usize,
    options: &[(&str, &str)],
    seed: u64,
) -> (Site, Driver, Browser) {
    // A solo table gets screenshots of its own.
    let name = if seats == 1 {
        format!("{game}-solo")
    } else {
        game.to_string()
    };
    let site = Site::start();
    let driver = Driver::start().await;
    let browser = driver.browser().await;
    create_from_lobby(&browser, &site, game, seats, options).await;
    // The first view of a table: a fresh navigation to its address (the
    // lobby reached it without one), until the game's own board is drawn,
    // not the words it falls back to.
    let address = browser
        .client
        .current_url()
        .await
        .expect("the table's address");
    browser
        .client
        .goto(address.as_str())
        .await
        .expect("the table reopens");
    let drawn = browser.drawn_at(&format!(".board .{game}")).await;
    eprintln!("{game}: the table's board was drawn {drawn:.0} ms after navigation");
    // The accessibility scan at the start, mid-game (below) and at the end.
    let problems = browser.accessibility_problems().await;
    assert!(
        problems.is_empty(),
        "{game}'s table at the start: {problems:#?}"
    );

    // Some way into the game, where the board has something on it. The
    // reading and the desktop screenshot are taken before each click, and
    // the phone layout a few clicks in, so that a game which ends within
    // these clicks still leaves pictures of the game in play.
    let mut phone_checked = false;
    for click in 0..8 {
        if browser.is_over().await {
            break;
        }
        browser.save_reading(&name).await;
        browser.screenshot(&format!("{name}-desktop")).await;
        if click == 3 {
            check_the_phone_layout(&browser, game, &name).await;
            phone_checked = true;
        }
        if browser.play_clicks(seed, 1).await == 0 {
            break;
        }
    }
    let problems = browser.accessibility_problems().await;
    assert!(problems.is_empty(), "{game}'s table: {problems:#?}");
    if !phone_checked {
        check_the_phone_layout(&browser, game, &name).await;
    }

    let clicks = browser.play_to_end(seed, 4000).await;
    let on_board = browser.board_clicks();
    eprintln!("{game}: the game ended after {clicks} more clicks ({on_board} in all on the board)");
    assert!(
        on_board > 0,
        "{game}: no click landed on the board's own buttons"
    );
    let result = browser.text(".end .result").await;
    // A solo game is won or lost, never "no winner".
    let lost = if seats == 1 {
        result.ends_with("lost the solo game")
    } else {
        result == "No winner"
    };
    assert!(result.starts_with("Winner") || lost, "{name}: {result}");
    let check = browser.wait_for(".dice-check[data-verified=true]").await;
    let said = check.text().await.unwrap_or_default();
    assert!(
        said.contains("came from the seed committed at the start"),
        "{said}"
    );
    assert!(
        said.contains("this browser also checked that the revealed seed matches it"),
        "{said}"
    );
    browser.screenshot(&format!("{name}-end")).await;
    browser.save_text(&format!("{name}-end")).await;
    assert_one_line_per_happening(&browser, game).await;
    // A person reads bots by their level, never by an engine spec.
    let page = browser.run("return document.body.innerText;").await;
    let page = page.as_str().unwrap_or_default();
    for spec in ["greedy", "ismcts"] {
        assert!(
            !page.contains(spec),
            "{game}: the page says {spec}:\n{page}"
        );
    }
    if seats > 1 {
        assert!(
            page.contains("Bot (easy)"),
            "{game}: the bot by its level:\n{page}"
        );
    }
    // The end draws what no earlier scan saw: the last dice, the winners.
    let problems = browser.accessibility_problems().await;
    assert!(problems.is_empty(), "{game}'s end: {problems:#?}");
    let errors = browser.console_errors().await;
    assert!(errors.is_empty(), "{game}: console errors: {errors:#?}");
    (site, driver, browser)
}

/// The content words of a log line, each without a plural `s`: what two
/// lines are compared by. "only you see this" marks whose eyes a line is
/// for, not what happened.
fn content_words(line: &str) -> Vec<String> {
    const SKIP: &[&str] = &[
        "a", "an", "the", "of", "to", "and", "is", "in", "on", "at", "by", "for", "with", "its",
        "his", "her", "their", "from", "as", "hidden", "only", "you", "see", "this",
        // A possessive's "s" ("Bob's lance"): who owns, not what happened.
        "s",
    ];
    line.split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .filter(|w| !w.is_empty() && !SKIP.contains(&w.as_str()))
        .map(|w| match w.strip_suffix('s') {
            Some(stem) if stem.len() > 2 => stem.to_string(),
            _ => w,
        })
        .collect()
}

/// The capitalised words of a line after its first: the names in it.
fn proper_names(line: &str) -> Vec<&str> {
    line.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .skip(1)
        .filter(|w| w.starts_with(char::is_uppercase))
        .collect()
}

/// Whether two lines of one step tell the same happening: they start with
/// the same two words (the same one doing the same thing: "Ann draws")
/// and most of the shorter line's words are in the other ("Ann draws a
/// card" and "Ann draws Tactical March"). Two seats doing the same thing
/// ("Ann sends knight 1", "Bob sends knight 1") start differently.
fn same_happening(a: &str, b: &str) -> bool {
    let (wa, wb) = (content_words(a), content_words(b));
    // A heading such as "Round 3:" is not a subject: one more word then.
    let lead = if wa
        .get(1)
        .is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()))
    {
        3
    } else {
        2
    };
    if wa.len() < lead || wb.len() < lead || wa[..lead] != wb[..lead] {
        return false;
    }
    // Each naming someone or something the other does not ("trained
    // Apollonius", "trained Leopold"): two happenings.
    let (na, nb) = (proper_names(a), proper_names(b));
    if na.iter().any(|n| !nb.contains(n)) && nb.iter().any(|n| !na.contains(n)) {
        return false;
    }
    let shared = wa.iter().filter(|w| wb.contains(w)).count();
    shared * 5 >= wa.len().min(wb.len()) * 3
}

/// The whole log the page shows holds no two lines in a row, of one
/// step, that tell the same happening.
async fn assert_one_line_per_happening(browser: &Browser, game: &str) {
    let log = browser
        .run(
            "return [...document.querySelectorAll('ol.log li')].map((li) => [li.dataset.seq,
              li.textContent.slice(li.querySelector('.seq').textContent.length).trim()]);",
        )
        .await;
    let lines: Vec<(String, String)> = serde_json::from_value(log).expect("the log's lines");
    assert!(lines.len() > 10, "{game}: a whole game's log: {lines:?}");
    // A seat's name, "Bot (easy)" say, is one word to compare by, so the
    // two words a line starts with are who and what they did.
    let names = browser
        .run("return [...document.querySelectorAll('.seats-bar .seat-name')].map((e) => e.textContent);")
        .await;
    let names: Vec<String> = serde_json::from_value(names).expect("the seats' names");
    let as_words = |line: &str| {
        names
            .iter()
            .enumerate()
            .fold(line.to_string(), |line, (i, name)| {
                line.replace(name.as_str(), &format!("Sitter{i}"))
            })
    };
    let twice: Vec<_> = lines
        .windows(2)
        .filter(|pair| {
            pair[0].0 == pair[1].0 && same_happening(&as_words(&pair[0].1), &as_words(&pair[1].1))
        })
        .map(|pair| format!("{}  ||  {}", pair[0].1, pair[1].1))
        .collect();
    assert!(
        twice.is_empty(),
        "{game}: lines that tell one happening twice:\n{}",
        twice.join("\n")
    );
}

/// The check above catches the doubles a probe of real logs found, and
/// lets two seats doing the same thing pass.
fn one_happening_told_twice_is_caught_and_two_seats_are_not() -> Result<(), Failed> {
    let twice = [
        ("Ann draws a card", "Ann draws Tactical March"),
        (
            "A public title is revealed: Patron",
            "Public title revealed: Patron (4 glory points)",
        ),
        (
            "Ann trains Leopold: cover a foot 4 (only you see this)",
            "Ann trains Leopold in secret: cover a foot 4 (1 point left)",
        ),
    ];
    let apart = [
        (
            "Ann sends knight 1 into the lists",
            "Bob sends knight 1 into the lists",
        ),
        (
            "Bob's lance of war gives Ann's knight 2 a minor injury (now 2 minor-injury dice)",
            "Bob's knight 1 heals 1 minor-injury die that showed the heal face (6) this pass (1 left)",
        ),
        (
            "Ann trained Apollonius von der Wolkenburg (covers mounted 1 and 2): he has 3 dice",
            "Ann trained Leopold von Greifenklau (covers mounted 2, covers foot 4): he has 4 dice",
        ),
        (
            "Round 3: players knocked out of the joust may play their extra Journey cards",
            "Round 3: the Final Journey begins",
        ),
        (
            "At night Harald rests unhurt and may train 2 points",
            "At night Bertram rests unhurt and may train 2 points",
        ),
    ];
    for (a, b) in twice {
        if !same_happening(a, b) {
            return Err(format!("not caught: {a} || {b}").into());
        }
    }
    for (a, b) in apart {
        if same_happening(a, b) {
            return Err(format!("two happenings taken for one: {a} || {b}").into());
        }
    }
    Ok(())
}

impl Browser {
    /// Up to `n` clicks on listed actions, waiting a little for each.
    async fn play_clicks(&self, seed: u64, n: usize) -> usize {
        let mut rng = seed;
        let mut made = 0;
        for _ in 0..200 {
            if made == n || self.is_over().await {
                break;
            }
            if self.click_an_action(&mut rng).await {
                made += 1;
            } else {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        made
    }
}

async fn card_joust_against_a_bot_by_clicking() {
    let (_site, _driver, browser) = play_against_a_bot(
        "joust",
        2,
        &[("knights_per_player", "2"), ("target_points", "12")],
        7,
    )
    .await;
    // The replay goes back and forth through the finished game.
    browser.click(".end-buttons button:nth-child(2)").await;
    let at = browser.text(".replay-at").await;
    let total: usize = at
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("Step N of M");
    browser.click("button[data-go=back]").await;
    browser.click("button[data-go=back]").await;
    let want = format!("Step {} of {total}", total - 2);
    browser.wait_for_text(".replay-at", &want).await;
    browser.wait_for(".replay-step").await;
    let problems = browser.accessibility_problems().await;
    assert!(problems.is_empty(), "the replay: {problems:#?}");
    browser.click("button[data-go=first]").await;
    browser
        .wait_for_text(".replay-step", "Before the first step.")
        .await;
}

async fn ritter_against_a_bot_by_clicking() {
    play_against_a_bot("ritter", 2, &[("days", "2")], 11).await;
}

async fn glory_against_a_bot_by_clicking() {
    let (_site, _driver, browser) =
        play_against_a_bot("glory", 2, &[("tournament_choice", "between_rounds")], 13).await;
    // Someone (the bot or the page's player) chose rounds 2 and 3.
    tournaments_were_chosen(&browser, ", last on the initiative track,").await;
}

async fn glory_solo_against_otto_by_clicking() {
    let (_site, _driver, browser) =
        play_against_a_bot("glory", 1, &[("tournament_choice", "between_rounds")], 19).await;
    // In solo the page's player is asked, and chose by clicking.
    tournaments_were_chosen(&browser, "").await;
    // The solo panel says how far the player ended from the goal
    // (Rivalry: glory against Otto's), with the sums right.
    let progress = browser.text(".glory-solo-progress").await;
    let numbers: Vec<i64> = progress
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse().ok())
        .collect();
    assert!(
        progress.starts_with("So far: ") && progress.contains(" glory against Otto's "),
        "{progress}"
    );
    let (mine, otto) = (numbers[0], numbers[1]);
    let standing = match mine - otto {
        d if d > 0 => format!("{d} ahead"),
        d if d < 0 => format!("{} behind", -d),
        _ => "level (a tie is not enough)".to_string(),
    };
    assert!(
        progress.ends_with(&standing),
        "{progress}: expected {standing}"
    );
}

/// The log shows the tournaments of rounds 2 and 3 chosen at the table.
async fn tournaments_were_chosen(browser: &Browser, by: &str) {
    let log = browser.text("ol.log").await;
    for round in [2, 3] {
        let chosen = log.lines().any(|line| {
            line.contains(&format!("{by} chooses a "))
                && line.ends_with(&format!(" for round {round}"))
        });
        assert!(chosen, "no choice for round {round} in the log:\n{log}");
    }
}

async fn medieval_mastery_against_a_bot_by_clicking() {
    play_against_a_bot("mastery", 2, &[("round_limit", "8")], 17).await;
}

async fn the_lobby_passes_the_accessibility_scan_at_both_widths() {
    let site = Site::start();
    let driver = Driver::start().await;
    let browser = driver.browser().await;
    browser.open(&format!("{}/", site.base)).await;
    browser.wait_for("#game option").await;
    browser.click(".options summary").await;
    let problems = browser.accessibility_problems().await;
    assert!(problems.is_empty(), "the lobby: {problems:#?}");
    browser.screenshot("lobby-desktop").await;
    browser.viewport(390, 844).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(
        browser.page_width().await <= 390,
        "the lobby scrolls sideways on a phone"
    );
    let problems = browser.accessibility_problems().await;
    assert!(problems.is_empty(), "the lobby on a phone: {problems:#?}");
    browser.screenshot("lobby-phone").await;
    let errors = browser.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
}

/// Ann makes a table with a seat for a friend and sends the link; Bob
/// opens it in another browser and takes the seat. Mid-game Bob reloads
/// and the server restarts; both carry on in their seats, and neither log
/// misses a step.
async fn two_friends_play_from_an_invite_link_through_a_reload_and_a_restart() {
    let mut site = Site::start();
    let driver = Driver::start().await;
    let ann = driver.browser().await;
    let bob = driver.browser().await;

    ann.open(&format!("{}/", site.base)).await;
    ann.fill("#display-name", "Ann").await;
    ann.choose("#seat-1", "friend").await;
    ann.click(".options summary").await;
    ann.fill("#opt-knights_per_player", "2").await;
    ann.fill("#opt-target_points", "12").await;
    ann.click("form button[type=submit]").await;
    let invite = ann.wait_for("#invite-1").await;
    let link = invite
        .prop("value")
        .await
        .ok()
        .flatten()
        .expect("the invite link");
    assert!(
        link.starts_with(&site.base) && link.contains("invite="),
        "{link}"
    );

    bob.open(&link).await;
    bob.fill("#join-name", "Bob").await;
    bob.click(".join-seats button").await;
    let mine = bob.text(".seat-tag.you").await;
    assert!(mine.contains("Bob"), "{mine}");
    // Taking the seat drops the invite from the address bar.
    let url = bob.client.current_url().await.expect("a URL");
    assert!(url.query().is_none(), "{url}");

    // The used invite, opened again, says why it seats nobody.
    let cy = driver.browser().await;
    cy.open(&link).await;
    let said = cy.text(".invite-used").await;
    assert!(said.contains("seat 2 is already taken"), "{said}");
    let seated = cy
        .run("return document.querySelector('.seat-tag.you') !== null || document.querySelector('.join-seats') !== null;")
        .await;
    assert_eq!(seated, json!(false), "Cy is offered no seat");
    let problems = cy.accessibility_problems().await;
    assert!(problems.is_empty(), "the used invite's page: {problems:#?}");
    // The dice are sealed on the page from the start.
    let id = url.path().trim_start_matches("/t/").to_string();
    let commitment = site
        .api("GET", &format!("/api/tables/{id}"), None, None)
        .await["dice_commitment"]
        .as_str()
        .expect("the dice commitment")
        .to_string();
    let seal = ann.wait_for(".dice-seal").await;
    let title = seal.attr("title").await.ok().flatten().unwrap_or_default();
    assert!(title.contains(&commitment), "{title}");
    let shown = seal.text().await.unwrap_or_default();
    assert!(shown.contains(&commitment[..8]), "{shown}");

    let (mut ann_rng, mut bob_rng) = (3, 5);
    let mut clicks = 0;
    let mut reloaded = false;
    let mut restarted = false;
    while !(ann.is_over().await && bob.is_over().await) {
        let moved =
            ann.click_an_action(&mut ann_rng).await | bob.click_an_action(&mut bob_rng).await;
        if moved {
            clicks += 1;
        } else {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if clicks == 4 && !reloaded {
            reloaded = true;
            bob.client.refresh().await.expect("the reload");
            let mine = bob.text(".seat-tag.you").await;
            assert!(mine.contains("Bob"), "after the reload: {mine}");
        }
        if clicks == 8 && !restarted {
            restarted = true;
            site.restart();
            for browser in [&ann, &bob] {
                browser.wait_for(".link-state.live").await;
            }
        }
        assert!(clicks < 2000, "no end after 2000 clicks");
    }
    assert!(
        reloaded && restarted,
        "the game ended before the reload and the restart"
    );

    // Every step reached both pages once: each step leaves each viewer at
    // least one log line.
    let steps = site
        .api("GET", &format!("/api/tables/{id}"), None, None)
        .await["steps"]
        .as_u64()
        .expect("the step count");
    for (who, browser) in [("Ann", &ann), ("Bob", &bob)] {
        let seqs = browser
            .run("return [...new Set([...document.querySelectorAll('ol.log li')].map((li) => Number(li.dataset.seq)))];")
            .await;
        let seqs: Vec<u64> = serde_json::from_value(seqs).expect("numbers");
        assert_eq!(seqs, (1..=steps).collect::<Vec<_>>(), "{who}'s log");
        let errors = browser.console_errors().await;
        let errors: Vec<_> = errors.iter().filter(|e| !e.contains("WebSocket")).collect();
        assert!(errors.is_empty(), "{who}: console errors: {errors:#?}");
    }

    // The replay, stepped back once, passes the accessibility scan.
    ann.click(".end button.replay-toggle").await;
    ann.wait_for(".replay .replay-step").await;
    ann.click(".replay button[data-go=back]").await;
    ann.wait_for_text(".replay-at", &format!("Step {} of {steps}", steps - 1))
        .await;
    let problems = ann.accessibility_problems().await;
    assert!(problems.is_empty(), "the replay: {problems:#?}");
    ann.click(".end button.replay-toggle").await;

    // One rematch for both: Ann asks, Bob is told on his page and follows
    // to the same new table, each in the seat they had.
    ann.click(".end button.rematch").await;
    let mut ann_at = ann.client.current_url().await.expect("Ann's address");
    for _ in 0..100 {
        if ann_at.path() != url.path() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        ann_at = ann.client.current_url().await.expect("Ann's address");
    }
    assert_ne!(ann_at.path(), url.path(), "Ann is at a new table");
    ann.wait_for(".seat-tag.you").await;
    let offer = bob.text(".rematch-offer").await;
    assert!(offer.contains("rematch is ready"), "{offer}");
    let problems = bob.accessibility_problems().await;
    assert!(problems.is_empty(), "the rematch offer: {problems:#?}");
    bob.click(".end button.rematch").await;
    let mut bob_at = bob.client.current_url().await.expect("Bob's address");
    for _ in 0..100 {
        if bob_at.path() != url.path() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        bob_at = bob.client.current_url().await.expect("Bob's address");
    }
    assert_eq!(bob_at.path(), ann_at.path(), "one rematch for both");
    let mine = bob.text(".seat-tag.you").await;
    assert!(mine.contains("Bob"), "Bob in his own seat: {mine}");
    let hers = ann.text(".seat-tag.you").await;
    assert!(hers.contains("Ann"), "Ann in hers: {hers}");
    // Both seated: the game begins for both.
    for browser in [&ann, &bob] {
        browser.wait_for(".board .joust").await;
    }
}

/// A spectator's page and everything it receives hide Ann's face-down
/// cards and her hidden choices, while Ann plays through the API.
async fn a_spectator_sees_no_hidden_card() {
    let site = Site::start();
    let made = site
        .api(
            "POST",
            "/api/tables",
            Some(json!({"game": "joust", "config": {"knights_per_player": 2},
                "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "easy"}]})),
            None,
        )
        .await;
    let id = made["id"].as_str().expect("an id").to_string();
    let token = made["tokens"][0]["token"]
        .as_str()
        .expect("Ann's token")
        .to_string();
    let driver = Driver::start().await;
    let spectator = driver.browser().await;
    spectator.record_messages().await;
    spectator.open(&format!("{}/t/{id}", site.base)).await;
    spectator.wait_for("ol.log li").await;

    let mut hidden = Vec::new();
    for _ in 0..60 {
        let state = site
            .api("GET", &format!("/api/tables/{id}"), None, Some(&token))
            .await;
        if state["status"] == "finished" {
            break;
        }
        let Some(first) = state["actions"].as_array().and_then(|a| a.first()) else {
            tokio::time::sleep(Duration::from_millis(30)).await;
            continue;
        };
        let body = json!({"seq": state["seq"], "index": first["index"]});
        site.api(
            "POST",
            &format!("/api/tables/{id}/actions"),
            Some(body),
            Some(&token),
        )
        .await;
    }
    let ann = site
        .api("GET", &format!("/api/tables/{id}"), None, Some(&token))
        .await;
    for line in ann["log"].as_array().into_iter().flatten() {
        if let Some(label) = line["text"]
            .as_str()
            .and_then(|t| t.strip_prefix("Ann "))
            .and_then(|t| t.strip_suffix(" (only you see this)"))
        {
            hidden.push(label.to_string());
        }
    }
    assert!(!hidden.is_empty(), "Ann made no hidden choice");
    let seen = site
        .api("GET", &format!("/api/tables/{id}"), None, None)
        .await;

    // The page has caught up with the table.
    let last = format!("ol.log li[data-seq='{}']", seen["seq"]);
    spectator.wait_for(&last).await;
    let page = spectator
        .run("return document.body.innerText + '\\n' + document.documentElement.outerHTML;")
        .await;
    let page = page.as_str().unwrap_or_default();
    let received = spectator.received().await;
    assert!(!received.is_empty(), "the recorder saw nothing");
    for label in &hidden {
        assert!(
            !page.contains(label.as_str()),
            "the spectator's page shows Ann's hidden `{label}`"
        );
        for message in &received {
            assert!(
                !message.contains(label.as_str()),
                "a message shows Ann's hidden `{label}`: {message}"
            );
        }
    }
    // Every view that reached the page is a spectator's: no hand, and no
    // card on a face-down slot.
    let mut views = 0;
    for message in &received {
        let Ok(json) = serde_json::from_str::<Value>(message) else {
            continue;
        };
        let Some(view) = json.get("view").filter(|v| !v.is_null()) else {
            continue;
        };
        views += 1;
        assert_eq!(view["viewer"], Value::Null, "{message}");
        for duelist in view["joust"]["duelists"].as_array().into_iter().flatten() {
            assert_eq!(
                duelist["hand"],
                json!([]),
                "a hand reached the spectator: {message}"
            );
            for slot in duelist["slots"].as_array().into_iter().flatten() {
                if slot["face_up"] == false {
                    assert_eq!(
                        slot["card"],
                        Value::Null,
                        "a face-down card reached the spectator: {message}"
                    );
                }
            }
        }
    }
    assert!(views > 0, "no view was received");
    // And the page drew the spectator's view, not a seat's.
    let ann_view = ann["view"].to_string();
    assert_ne!(
        ann_view,
        seen["view"].to_string(),
        "Ann's view and the spectator's should differ"
    );
}

/// The text of a Medieval Mastery table's board, as a spectator of a new
/// two-person table sees it before anyone has moved.
async fn mastery_board_text(site: &Site, browser: &Browser) -> String {
    let made = site
        .api(
            "POST",
            "/api/tables",
            Some(json!({"game": "mastery",
                "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Ben"}]})),
            None,
        )
        .await;
    let id = made["id"].as_str().expect("an id");
    browser.open(&format!("{}/t/{id}", site.base)).await;
    browser.wait_for(".board .mastery").await;
    let text = browser
        .run("return document.querySelector('.board').textContent;")
        .await;
    text.as_str().unwrap_or_default().to_string()
}

/// The homeland tile's name as the server states it. Every castle has its
/// homeland on every map, so whatever tiles a table's seed deals, the
/// board shows this one.
async fn a_served_tile_name(site: &Site) -> String {
    let served = site
        .api("GET", "/api/games/mastery/components", None, None)
        .await;
    served["components"]["tiles"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|tile| tile["homeland"] == true)
        .and_then(|tile| tile["name"].as_str())
        .expect("the served components name the homeland tile")
        .to_string()
}

/// The board names a component as the served facts do, and a copy of the
/// data file with that component renamed (served by `--component-data`)
/// renames it on the board: the board keeps no name of its own.
async fn a_board_shows_a_renamed_component_from_a_copy_of_the_data() {
    let driver = Driver::start().await;
    let browser = driver.browser().await;

    let site = Site::start();
    let name = a_served_tile_name(&site).await;
    let board = mastery_board_text(&site, &browser).await;
    assert!(board.contains(&name), "the board names {name}: {board}");
    drop(site);

    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../mastery/data/territories.toml"
    );
    let built_in = std::fs::read_to_string(file).expect("the built-in data file");
    let quoted = format!("\"{name}\"");
    assert!(built_in.contains(&quoted), "{file} names {name}");
    let copy = tempfile::tempdir().expect("a temporary folder");
    std::fs::create_dir(copy.path().join("mastery")).expect("a game folder");
    std::fs::write(
        copy.path().join("mastery/territories.toml"),
        built_in.replace(&quoted, "\"Fenwick Downs\""),
    )
    .expect("the copy is written");
    let folder = copy.path().to_str().expect("a UTF-8 path");
    let renamed = Site::start_with(&["--component-data", folder]);
    assert_eq!(a_served_tile_name(&renamed).await, "Fenwick Downs");
    let board = mastery_board_text(&renamed, &browser).await;
    assert!(
        board.contains("Fenwick Downs"),
        "the board follows the copy: {board}"
    );
    assert!(
        !board.contains(&name),
        "the board still says {name}: {board}"
    );
    let errors = browser.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
}

/// A newcomer opens "How to play" at the top of a Card Joust table: it
/// names this table's target points (not the default), and the glossary,
/// filtered to one word, shows that entry as the served components state it.
async fn card_joust_how_to_play_names_the_tables_target_and_the_served_glossary() {
    let site = Site::start();
    let made = site
        .api(
            "POST",
            "/api/tables",
            Some(json!({"game": "joust", "config": {"target_points": 30},
                "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "easy"}]})),
            None,
        )
        .await;
    let id = made["id"].as_str().expect("an id").to_string();
    let table = site
        .api("GET", &format!("/api/tables/{id}"), None, None)
        .await;
    let config = &table["config"];
    assert_eq!(config["target_points"], 30, "the table's config: {table}");
    let served = site
        .api("GET", "/api/games/joust/components", None, None)
        .await;
    let rules: tourney_core::RulesText =
        serde_json::from_value(served["components"]["rules"].clone())
            .expect("the served components carry the rules summary");
    assert!(
        rules
            .how_to_play
            .iter()
            .any(|s| s.text.contains("{target_points}")),
        "How to play names the target points: {rules:?}"
    );

    let driver = Driver::start().await;
    let browser = driver.browser().await;
    browser.open(&format!("{}/t/{id}", site.base)).await;
    let summary = browser.text("details.rules > summary").await;
    assert_eq!(summary, "How to play Card Joust");
    browser.click("details.rules > summary").await;
    browser.wait_for("details.rules[open] .rules-section").await;
    let panel = browser.text("details.rules .rules-body").await;
    for section in &rules.how_to_play {
        let filled = rules.fill_words(&section.text, config);
        assert!(
            panel.contains(&filled),
            "the panel shows {filled:?} with the table's options: {panel}"
        );
    }
    assert!(panel.contains("30 points"), "{panel}");
    assert!(!panel.contains("21 points"), "{panel}");
    assert!(!panel.contains("{target_points}"), "{panel}");

    let snake = rules.entry("snake").expect("a snake entry");
    browser
        .fill("details.rules input[type=search]", "snake")
        .await;
    browser
        .wait_for_text(
            "details.rules [data-term='snake'] dd",
            &rules.fill_words(&snake.text, config),
        )
        .await;
    let terms = browser
        .run("return [...document.querySelectorAll('details.rules .glossary-entry')].map((e) => e.dataset.term);")
        .await;
    let terms: Vec<&str> = terms
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    assert!(terms.contains(&"snake"), "{terms:?}");
    assert!(
        terms.len() < rules.glossary.len() && !terms.contains(&"raven"),
        "the filter keeps only entries that mention the word: {terms:?}"
    );
    let problems = browser.accessibility_problems().await;
    assert!(problems.is_empty(), "the open rules panel: {problems:#?}");
    let errors = browser.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
}

/// "Your games" in the lobby lists the table this browser holds a seat
/// at and takes it back there; the table is private (the lobby's
/// default), so another browser's lobby lists it nowhere.
async fn your_games_resumes_a_table_that_no_stranger_sees_listed() {
    let site = Site::start();
    let driver = Driver::start().await;
    let ann = driver.browser().await;
    create_from_lobby(&ann, &site, "joust", 2, &[]).await;
    let url = ann.client.current_url().await.expect("the table's address");
    let id = url.path().trim_start_matches("/t/").to_string();

    ann.open(&format!("{}/", site.base)).await;
    let link = format!(".your-games a[href='/t/{id}']");
    let resume = ann.wait_for(&link).await;
    assert_eq!(resume.text().await.unwrap_or_default(), "Resume");
    let row = ann.text(".your-games li").await;
    assert!(row.contains("Card Joust") && row.contains("Ann"), "{row}");
    ann.click(&link).await;
    ann.wait_for(".board .joust").await;
    let mine = ann.text(".seat-tag.you").await;
    assert!(mine.contains("Ann"), "resumed in her seat: {mine}");

    let stranger = driver.browser().await;
    stranger.open(&format!("{}/", site.base)).await;
    // Every list has loaded (each shows its count) before looking.
    for _ in 0..100 {
        let counted = stranger
            .run("return document.querySelectorAll('section.tables h2 .count').length;")
            .await;
        if counted == json!(3) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let listed = stranger
        .run(&format!(
            "return document.querySelectorAll(\"a[href='/t/{id}']\").length;"
        ))
        .await;
    assert_eq!(listed, json!(0), "a private table is in no list");
    let none = stranger
        .run("return document.querySelector('.your-games') === null;")
        .await;
    assert_eq!(none, json!(true), "the stranger holds no seat");
    let errors = ann.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
}

/// What a phone page shows after each click: the number of listed
/// actions, the smallest height of an action button (the list's and the
/// board's), and where the march's count picker sits, if it is drawn.
const PHONE_PROBE: &str = "
    const listed = document.querySelectorAll('ol.actions button.action').length;
    const buttons = [...document.querySelectorAll('ol.actions button.action, .board button.act-target')]
      .filter((b) => b.offsetParent !== null);
    const lowest = buttons.length ? Math.min(...buttons.map((b) => b.getBoundingClientRect().height)) : null;
    const picker = document.querySelector(\"section[aria-label='The march'] .mastery-choices\");
    const box = picker && picker.getBoundingClientRect();
    return { listed, lowest, picker: box && { top: box.top, bottom: box.bottom, height: innerHeight } };";

/// A Medieval Mastery game against a bot, played at 390 px: the person is
/// never asked a question with one answer (the server makes such a move
/// and says so in the log), every action button is at least 44 px high,
/// and the march's count picker is on screen once a march is begun.
async fn mastery_on_a_phone_asks_only_real_questions_with_controls_in_reach() {
    let site = Site::start();
    let driver = Driver::start().await;
    let browser = driver.browser().await;
    browser.viewport(390, 844).await;
    create_from_lobby(&browser, &site, "mastery", 2, &[]).await;
    browser.wait_for(".board .mastery").await;
    let mut rng = 11;
    let (mut clicks, mut pickers) = (0, 0);
    while !browser.is_over().await {
        let seen = browser.run(PHONE_PROBE).await;
        assert_ne!(
            seen["listed"],
            json!(1),
            "after {clicks} clicks the page asks a question with one answer"
        );
        if let Some(lowest) = seen["lowest"].as_f64() {
            assert!(
                lowest >= 44.0,
                "after {clicks} clicks a button is {lowest} px high"
            );
        }
        if seen["picker"].is_object() {
            let picker = &seen["picker"];
            let (top, bottom, height) = (
                picker["top"].as_f64().unwrap_or(-1.0),
                picker["bottom"].as_f64().unwrap_or(f64::MAX),
                picker["height"].as_f64().unwrap_or(0.0),
            );
            assert!(
                top >= 0.0 && bottom <= height,
                "the count picker is at {top}..{bottom} of a {height} px screen"
            );
            pickers += 1;
        }
        if browser.click_an_action(&mut rng).await {
            clicks += 1;
            assert!(clicks < 1500, "no end after 1500 clicks");
            // Past the page's guard time (web/focus.js) before the next
            // click, so none is ignored and every run plays the same game.
            tokio::time::sleep(Duration::from_millis(450)).await;
        } else {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    assert!(pickers > 0, "no march was begun in {clicks} clicks");
    let log = browser
        .run("return [...document.querySelectorAll('ol.log li')].map((li) => li.textContent);")
        .await;
    let made_for_you = log
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter(|line| line.contains("(made for you: it was your only legal move)"))
        .count();
    eprintln!(
        "mastery at 390 px: {clicks} clicks, {pickers} count pickers, {made_for_you} moves made for the person"
    );
    assert!(
        made_for_you > 0,
        "the game had no move made for the person: {log}"
    );
    let errors = browser.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
}

/// Where the floating actions box stands, and whether its list shows.
const ACTIONS_BOX: &str = "const box = document.querySelector('.actions-box');
    const list = box.querySelector('ol.actions');
    const fold = box.querySelector('button.actions-fold');
    const f = fold.getBoundingClientRect();
    return { top: box.getBoundingClientRect().top, list_shown: list !== null && list.getClientRects().length > 0,
      fold_height: f.height, fold_shown: fold.getClientRects().length > 0,
      expanded: fold.getAttribute('aria-expanded') };";

/// On a phone the actions ride over the board's lower part while Card
/// Joust's cards are laid; the box's Hide button folds the list to its
/// heading, uncovering the board, and Show brings it back. On a wide
/// screen, where the box does not float, there is no such button.
async fn on_a_phone_the_floating_actions_fold_away_to_show_the_board() {
    let site = Site::start();
    let driver = Driver::start().await;
    let browser = driver.browser().await;
    browser.viewport(390, 844).await;
    create_from_lobby(&browser, &site, "joust", 2, &[]).await;
    browser.wait_for("ol.actions button.action").await;
    let open = browser.run(ACTIONS_BOX).await;
    assert_eq!(open["fold_shown"], json!(true), "{open}");
    assert!(
        open["fold_height"].as_f64().unwrap_or(0.0) >= 44.0,
        "{open}"
    );
    assert_eq!(
        (&open["list_shown"], &open["expanded"]),
        (&json!(true), &json!("true"))
    );
    browser.click(".actions-box button.actions-fold").await;
    let folded = browser.run(ACTIONS_BOX).await;
    assert_eq!(
        (&folded["list_shown"], &folded["expanded"]),
        (&json!(false), &json!("false"))
    );
    let (was, now) = (
        open["top"].as_f64().unwrap_or(0.0),
        folded["top"].as_f64().unwrap_or(0.0),
    );
    assert!(
        now > was + 100.0,
        "the folded box gives the board room: top {was} -> {now}"
    );
    browser.screenshot("joust-phone-actions-folded").await;
    browser.click(".actions-box button.actions-fold").await;
    let again = browser.run(ACTIONS_BOX).await;
    assert_eq!(
        (&again["list_shown"], &again["expanded"]),
        (&json!(true), &json!("true"))
    );
    browser.viewport(1280, 900).await;
    let wide = browser.run(ACTIONS_BOX).await;
    assert_eq!(wide["fold_shown"], json!(false), "{wide}");
}

/// Card Joust opens with five cards to place, one choice after another:
/// a player presses the first listed action, and presses again the moment
/// the list is redrawn (a double press, a key held a little long). The
/// second press lands inside the guard time and plays nothing; focus has
/// moved to the first of the new choices, not to the page's body.
async fn after_a_choice_focus_moves_on_and_a_quick_second_press_plays_nothing() {
    let site = Site::start();
    let driver = Driver::start().await;
    let browser = driver.browser().await;
    create_from_lobby(&browser, &site, "joust", 2, &[]).await;
    browser.wait_for("ol.actions button.action").await;
    let pressed = browser
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             const log = document.querySelector('ol.log');
             const mine = () => [...log.querySelectorAll('li')].filter((li) => li.textContent.includes('(only you see this)')).length;
             // The bot places its cards while the person's list is up, and
             // each of its steps restarts the page's guard: the first press
             // waits until the table has been still for longer than that.
             const lastSeq = () => log.querySelector('li:last-child')?.dataset.seq;
             let seen = lastSeq();
             let stillSince = performance.now();
             const settle = () => {
               const now = lastSeq();
               if (now !== seen) { seen = now; stillSince = performance.now(); }
               if (performance.now() - stillSince < 900) return setTimeout(settle, 50);
               press();
             };
             const press = () => {
             const before = mine();
             const first = document.querySelector('ol.actions button.action');
             const label = first.textContent;
             first.focus();
             first.click();
             const watch = new MutationObserver(() => {
               if (mine() === before) return;
               watch.disconnect();
               // The list is redrawn with the next choices: press again at once.
               document.activeElement.click();
               setTimeout(() => {
                 const now = document.activeElement;
                 const focused = now && now.matches('ol.actions button.action, .board .act-target')
                   ? now.textContent : null;
                 done({ before, after: mine(), label, focused });
               }, 1200);
             });
             watch.observe(log, { childList: true, subtree: true });
             };
             settle();",
            vec![],
        )
        .await
        .expect("the presses run");
    let (before, after) = (pressed["before"].as_u64(), pressed["after"].as_u64());
    assert_eq!(
        after.zip(before).map(|(a, b)| a - b),
        Some(1),
        "one move from two quick presses: {pressed}"
    );
    let focused = pressed["focused"].as_str().unwrap_or_default();
    assert!(
        !focused.is_empty() && focused != pressed["label"].as_str().unwrap_or_default(),
        "focus went on to a new choice: {pressed}"
    );
    // Past the guard time a press on the board plays as usual, and the
    // keyboard is not dropped on the page's body when the pressed button
    // goes away: it lands on the next thing to do on the board.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let pressed = browser
        .client
        .execute_async(
            "const done = arguments[arguments.length - 1];
             const log = document.querySelector('ol.log');
             const mine = () => [...log.querySelectorAll('li')].filter((li) => li.textContent.includes('(only you see this)')).length;
             const before = mine();
             const target = document.querySelector('.board button.act-target');
             if (!target) return done({ error: 'no button on the board' });
             target.focus();
             target.click();
             const watch = new MutationObserver(() => {
               if (mine() === before) return;
               watch.disconnect();
               setTimeout(() => {
                 const now = document.activeElement;
                 done({ before, after: mine(), on: now === document.body ? 'body' : now.className });
               }, 600);
             });
             watch.observe(log, { childList: true, subtree: true });",
            vec![],
        )
        .await
        .expect("the board press runs");
    assert_eq!(
        pressed["after"].as_u64(),
        pressed["before"].as_u64().map(|b| b + 1),
        "{pressed}"
    );
    let on = pressed["on"].as_str().unwrap_or_default();
    assert!(
        on.contains("act-target") || on.contains("action"),
        "focus after a board press: {pressed}"
    );
}

/// The clock of the seat on move counts down on the page between the
/// server's messages; "Leave" hands the seat to a bot (the seat shows as
/// away) and "Take my seat back" returns it.
async fn a_clocked_table_counts_down_and_a_player_can_leave_and_come_back() {
    let site = Site::start();
    let driver = Driver::start().await;
    let ann = driver.browser().await;
    let created = site
        .api(
            "POST",
            "/api/tables",
            Some(json!({
                "game": "joust",
                // Bob, seated at creation, never moves: the game waits.
                "seats": [{"kind": "person"}, {"kind": "person", "name": "Bob"}],
                "clock": {"mode": "move", "seconds": 600},
            })),
            None,
        )
        .await;
    let invite = created["invites"][0]["url"].as_str().expect("an invite");
    ann.open(&format!("{}{invite}", site.base)).await;
    ann.fill("#join-name", "Ann").await;
    ann.click(".join-seats button").await;
    let rule = ann.text(".clock-rule").await;
    assert!(rule.contains("10:00 per move"), "{rule}");
    ann.wait_for(".clock.running .clock-time").await;
    let read = "const t = document.querySelector('.clock.running .clock-time'); \
                if (!t) return null; const [m, s] = t.textContent.split(':').map(Number); return m * 60 + s;";
    let first = ann.run(read).await.as_i64().expect("a running clock");
    assert!((590..=600).contains(&first), "{first}");
    tokio::time::sleep(Duration::from_millis(2300)).await;
    let later = ann.run(read).await.as_i64().expect("still running");
    assert!(
        later < first,
        "the clock did not count down: {first} then {later}"
    );

    ann.click(".clock-leave").await;
    ann.wait_for(".seat-tag.you .away-mark").await;
    ann.wait_for_text(".clock-leave", "Take my seat back").await;
    ann.click(".clock-leave").await;
    for _ in 0..100 {
        let away = ann
            .run("return document.querySelector('.seat-tag.you .away-mark') !== null;")
            .await;
        if away == json!(false) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let away = ann
        .run("return document.querySelector('.seat-tag.you .away-mark') !== null;")
        .await;
    assert_eq!(away, json!(false), "the seat is Ann's again");
    let errors = ann.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
}

/// Names are the one text strangers put on a page. Written as markup and
/// script, they are shown as the characters they are in the table, the
/// lobby and the log: no element is made of them and no script of theirs
/// runs (it would set `window.__pwned`), and the pages' Content-Security-
/// Policy is not even put to the test (a blocked script is a console
/// error).
async fn names_holding_markup_and_script_are_shown_as_text() {
    // Display names are at most 40 characters: each fits.
    const BOB: &str = "<script>window.__pwned=2</script>&amp;";
    const ANN: &str = "<img src=x onerror=\"window.__pwned=3\">";
    let site = Site::start();
    let driver = Driver::start().await;
    let ann = driver.browser().await;
    let created = site
        .api(
            "POST",
            "/api/tables",
            Some(json!({
                "game": "joust",
                "seats": [{"kind": "person"}, {"kind": "person", "name": BOB}],
            })),
            None,
        )
        .await;
    let invite = created["invites"][0]["url"].as_str().expect("an invite");
    ann.open(&format!("{}{invite}", site.base)).await;
    ann.fill("#join-name", ANN).await;
    ann.click(".join-seats button").await;
    ann.wait_for(".seat-tag.you").await;
    let seats = ann
        .run(
            "return [...document.querySelectorAll('.seat-tag')].map(e => e.textContent).join('|');",
        )
        .await;
    let seats = seats.as_str().unwrap_or_default().to_string();
    assert!(seats.contains(BOB), "Bob's name as text: {seats}");
    assert!(seats.contains(ANN), "Ann's name as text: {seats}");
    let made = ann
        .run("return document.querySelectorAll('main script, main img[src=\"x\"], svg[onload]').length;")
        .await;
    assert_eq!(made, json!(0), "no element was made of a name");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let pwned = ann.run("return window.__pwned === undefined;").await;
    assert_eq!(pwned, json!(true), "a name's script ran at the table");
    let errors = ann.console_errors().await;
    assert!(
        errors.is_empty(),
        "console errors at the table: {errors:#?}"
    );
    // The lobby, where open tables are listed with their names.
    ann.open(&format!("{}/", site.base)).await;
    ann.wait_for(".lobby").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let pwned = ann.run("return window.__pwned === undefined;").await;
    assert_eq!(pwned, json!(true), "a name's script ran");
    let errors = ann.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
    // Every page comes with the policy that would stop such a script.
    for path in ["/", &format!("/t/{}", created["id"].as_str().unwrap())] {
        let page = reqwest::get(format!("{}{path}", site.base)).await.unwrap();
        let csp = page
            .headers()
            .get("content-security-policy")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        assert!(csp.contains("script-src 'self'"), "{path}: {csp:?}");
    }
}
