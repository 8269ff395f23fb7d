//! The terminal drawing of a view: the lines a new player reads.

mod common;

use common::{Hand, Script, Scripted};
use tourney_core::{Game, Seat};
use tourney_ritter::{Action, Config, KnightStatus, PhaseView};

const SEAT0: Hand = (&["Apollonius", "Bertram"], &["Ilsa", "Adelheid"]);
const SEAT1: Hand = (&["Harald", "Gottfried"], &["Podica", "Kunigunde"]);

fn last_joust_line(s: &Script) -> String {
    let text = s.game.view(None).to_string();
    text.lines()
        .find(|l| l.starts_with("Last joust:"))
        .unwrap_or_else(|| panic!("no last joust in\n{text}"))
        .to_string()
}

/// Both seats ready with `knights` riding, favours placed, no joust yet.
fn ready(knights: [&str; 2]) -> Script {
    let mut s = Script::setup(Config::default(), &[SEAT0, SEAT1], &[6, 2]);
    s.prepare_dice(0, &[knights[0]])
        .prepare_dice(1, &[knights[1]]);
    s.offer(0, "Ilsa", knights[0])
        .offer(1, "Podica", knights[1]);
    s
}

#[test]
fn the_last_joust_names_the_winner_and_the_loser() {
    // Apollonius (5 dice) unhorses Harald with two 3s.
    let mut s = ready(["Apollonius", "Harald"]);
    s.challenge(0, "Apollonius", "Harald")
        .roll(&[3, 3, 6, 6, 6])
        .roll(&[6; 7]);
    assert_eq!(
        last_joust_line(&s),
        "Last joust: Apollonius unhorsed Harald."
    );

    // Both fall; on foot the defender gives up.
    let mut s = ready(["Apollonius", "Harald"]);
    s.challenge(0, "Apollonius", "Harald")
        .roll(&[3, 6, 6, 6, 6])
        .roll(&[2, 2, 6, 6, 6, 6, 6])
        .roll(&[1; 5])
        .roll(&[1; 7]);
    s.act(0, Action::FightOn).act(1, Action::Yield);
    assert_eq!(
        last_joust_line(&s),
        "Last joust: Harald yielded to Apollonius."
    );

    // Bertram (6 dice) and Gottfried (8 dice) both fall with five wounds;
    // five 5s on foot give Gottfried his tenth.
    let mut s = ready(["Bertram", "Gottfried"]);
    s.challenge(0, "Bertram", "Gottfried")
        .roll(&[3, 3, 3, 3, 3, 6])
        .roll(&[3, 3, 3, 3, 3, 3, 6, 6])
        .roll(&[5, 5, 5, 5, 5, 1])
        .roll(&[1; 8]);
    assert_eq!(
        last_joust_line(&s),
        "Last joust: Bertram knocked Gottfried out of the tournament."
    );
}

/// The "Last round" line of the spectator's drawing.
fn last_round_line(s: &Script) -> String {
    let text = s.game.view(None).to_string();
    text.lines()
        .find(|l| l.starts_with("Last round"))
        .unwrap_or_else(|| panic!("no last round in\n{text}"))
        .to_string()
}

#[test]
fn the_last_round_counts_each_knights_wounds() {
    // Apollonius (5 dice; covers one 1, one 2 and one 3 mounted) against
    // Harald (7 dice; covers one 1 and one 2 mounted). Apollonius's 3 gets
    // through, and of Harald's two 2s one is warded off: one wound each,
    // and both fall.
    let mut s = ready(["Apollonius", "Harald"]);
    s.challenge(0, "Apollonius", "Harald")
        .roll(&[3, 6, 6, 6, 6])
        .roll(&[2, 2, 6, 6, 6, 6, 6]);
    assert_eq!(
        last_round_line(&s),
        "Last round (mounted): Apollonius rolled 3 6 6 6 6 and took 1 wound; Harald rolled \
         2 2 6 6 6 6 6 and took 1 wound."
    );

    // On foot neither hits (4, 5 and 6 would), so both take none.
    s.roll(&[1; 5]).roll(&[1; 7]);
    assert_eq!(
        last_round_line(&s),
        "Last round (on foot): Apollonius rolled 1 1 1 1 1 and took 0 wounds; Harald rolled \
         1 1 1 1 1 1 1 and took 0 wounds."
    );

    // Two 3s get through Harald's cover; Harald's 6s miss.
    let mut s = ready(["Apollonius", "Harald"]);
    s.challenge(0, "Apollonius", "Harald")
        .roll(&[3, 3, 6, 6, 6])
        .roll(&[6; 7]);
    assert_eq!(
        last_round_line(&s),
        "Last round (mounted): Apollonius rolled 3 3 6 6 6 and took 0 wounds; Harald rolled \
         6 6 6 6 6 6 6 and took 2 wounds."
    );
}

#[test]
fn the_covered_hit_fields_have_a_legend() {
    let s = ready(["Apollonius", "Harald"]);
    for viewer in [None, Some(Seat(0))] {
        let text = s.game.view(viewer).to_string();
        let lines: Vec<&str> = text.lines().collect();
        let knights = lines
            .iter()
            .position(|l| *l == "Knights")
            .expect("a knights section");
        assert_eq!(
            lines[knights + 1],
            "  (hit fields: [n] is covered and wards off one die showing n; mounted 1-3 left of \
             the |, foot 4-6 right)"
        );
        assert!(lines[knights + 2].starts_with("  #0 Apollonius"), "{text}");
        // Apollonius's card, as the legend reads it: one of each number
        // covered (his training went to dice).
        assert!(
            text.contains("fields [1] 1 [2] 2 [3] 3 | [4] 4 [5] 5 [6] 6"),
            "{text}"
        );
        assert_eq!(text.matches("(hit fields:").count(), 1);
    }
}

/// Every knight's status, in deal order, as the spectator's view gives it.
fn statuses(s: &Script) -> Vec<KnightStatus> {
    s.game.view(None).knights.iter().map(|k| k.status).collect()
}

#[test]
fn a_knight_reads_resting_only_once_his_owner_did_not_send_him() {
    use KnightStatus::{DaysOver, Ready, Resting, Unchosen};
    let one_day = Config {
        days: 1,
        ..Config::default()
    };
    let mut s = Script::setup(one_day, &[SEAT0, SEAT1], &[6, 2]);
    // Nobody has chosen yet; one seat's choice stays secret until both
    // have prepared, so it changes nothing.
    assert!(matches!(s.view().phase, PhaseView::Prepare { .. }));
    assert_eq!(statuses(&s), [Unchosen; 4]);
    let text = s.game.view(None).to_string();
    assert!(text.contains("not chosen to ride yet"), "{text}");
    assert!(!text.contains("resting"), "{text}");
    s.prepare_dice(0, &["Apollonius"]);
    assert_eq!(statuses(&s), [Unchosen; 4]);
    s.prepare_dice(1, &["Harald"]);
    assert_eq!(s.knight("Apollonius").status, Ready);
    assert_eq!(s.knight("Bertram").status, Resting);
    assert_eq!(s.knight("Gottfried").status, Resting);
    // Apollonius unhorses Harald; the only day is over.
    s.offer(0, "Ilsa", "Apollonius")
        .offer(1, "Podica", "Harald")
        .challenge(0, "Apollonius", "Harald")
        .roll(&[3, 3, 6, 6, 6])
        .roll(&[6; 7]);
    assert!(
        matches!(s.view().phase, PhaseView::Over),
        "{:?}",
        s.view().phase
    );
    assert_eq!(statuses(&s), [DaysOver; 4]);
}
