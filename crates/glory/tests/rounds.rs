//! The Journey phase and the Maintenance phase.

mod common;

use common::*;
use serde_json::json;
use tourney_core::Game;
use tourney_glory::{Action, Characters, Config, JourneyOrder, Prestige, Space, Support};

fn level_one() -> Config {
    Config {
        characters: Characters::LevelOne,
        ..Config::default()
    }
}

/// The first Journey phase with the given hands (everything else emptied),
/// laid out before the last pawn of the Action phase (a Warm-Up).
fn journey_with(hands: [&[(&str, u8)]; 2], emissary: bool) -> Script {
    journey_under(level_one(), hands, emissary)
}

fn journey_under(config: Config, hands: [&[(&str, u8)]; 2], emissary: bool) -> Script {
    let mut s = Script::started(config, 2);
    s.auto_until(|s| {
        s.on_move().is_some() && s.view().players.iter().map(|p| p.pawns_left).sum::<u8>() == 1
    });
    for p in 0..2u8 {
        s.empty_hand(p).resources(p, 0, 0, 0, 10);
        for &(c, n) in hands[usize::from(p)] {
            s.give_card(p, c, n);
        }
    }
    if emissary {
        s.give_support(0, Support::Emissary, 1);
    }
    let last = s.on_move().unwrap();
    s.act(last, Action::Place(Space::WarmUp));
    s
}

fn journey(hands: [&[(&str, u8)]; 2]) -> Script {
    journey_with(hands, false)
}

#[test]
fn cards_are_played_one_at_a_time_up_to_three() {
    let mut s = journey([&[("The Game", 3), ("Ballad", 1)], &[("Vigil", 2)]]);
    assert_eq!(s.on_move(), Some(0));
    s.act(0, Action::Play(card("The Game")));
    assert_eq!(s.on_move(), Some(1), "then the next player");
    // Vigil pays 2 Faith or 2 glory: the player picks before the turn
    // passes.
    s.act(1, Action::Play(card("Vigil")));
    assert_eq!(s.on_move(), Some(1), "seat 2 picks Vigil's reward");
    s.act(1, Action::Choose(0));
    s.act(0, Action::Play(card("Ballad")));
    s.act(1, Action::Pass);
    s.act(0, Action::Play(card("The Game")));
    // Seat 1 has played three: the phase is over (seat 2 stopped).
    assert_eq!(s.view().stage, "maintenance");
    // (Maintenance has begun: the income of 2 coins and 1 Faith is paid.)
    let a = s.player(0);
    assert_eq!((a.coins, a.glory, a.played), (2 + 2 + 2, 10 + 3, [3, 0, 0]));
    assert_eq!(a.hand_size, [1, 0, 0]);
    assert_eq!(s.player(1).faith, 2 + 1);
}

#[test]
fn played_simultaneously_each_player_plays_all_its_cards_in_one_go() {
    let config = Config {
        journey: JourneyOrder::Simultaneous,
        ..level_one()
    };
    let hands: [&[(&str, u8)]; 2] = [&[("The Game", 3), ("Ballad", 1)], &[("Vigil", 2)]];
    let mut s = journey_under(config, hands, false);
    assert_eq!(s.on_move(), Some(0));
    s.act(0, Action::Play(card("The Game")));
    assert_eq!(s.on_move(), Some(0), "seat 1 goes on");
    s.act(0, Action::Play(card("Ballad")));
    s.act(0, Action::Play(card("The Game")));
    // Three cards: seat 1 is done, and only now seat 2 plays.
    assert_eq!(s.on_move(), Some(1));
    s.act(1, Action::Play(card("Vigil")));
    s.act(1, Action::Choose(0));
    assert_eq!(s.on_move(), Some(1));
    s.act(1, Action::Play(card("Vigil")));
    s.act(1, Action::Choose(0));
    assert_eq!(s.view().stage, "maintenance");
    assert_eq!(s.player(0).played, [3, 0, 0]);
    assert_eq!(s.player(1).played, [2, 0, 0]);

    // A player who stops early hands over at once.
    let mut s = journey_under(config, hands, false);
    s.act(0, Action::Play(card("Ballad")));
    s.act(0, Action::Pass);
    assert_eq!(s.on_move(), Some(1));
    s.act(1, Action::Pass);
    assert_eq!(s.view().stage, "maintenance");
    assert_eq!(s.player(0).played, [1, 0, 0]);
}

#[test]
fn the_emissary_allows_a_fourth_card() {
    let mut s = journey_with([&[("The Game", 4)], &[]], true);
    for _ in 0..4 {
        s.act(0, Action::Play(card("The Game")));
    }
    assert_eq!(s.player(0).played, [4, 0, 0]);
    assert_eq!(s.view().stage, "maintenance");
}

#[test]
fn market_cards_must_be_paid_for_and_must_give_something() {
    let s = journey([&[("Golden Fleece", 1), ("Destrier", 1)], &[("The Game", 1)]]);
    // No coins: nothing playable; the seat is not even asked.
    assert_eq!(s.on_move(), Some(1));
    let mut s = journey([&[("Golden Fleece", 1), ("Destrier", 1), ("Vigil", 1)], &[]]);
    s.set(0, "coins", json!(7));
    // The Destrier needs a level III mount.
    assert_eq!(
        s.legal(0),
        vec![
            Action::Play(card("Vigil")),
            Action::Play(card("Golden Fleece")),
            Action::Pass
        ]
    );
    s.act(0, Action::Play(card("Golden Fleece")));
    let p = s.player(0);
    assert_eq!((p.coins, p.glory, p.played), (4, 13, [0, 1, 0]));
    assert_eq!(p.prestige[0].kind, Prestige::Chamberlain);
}

/// An upgrade goes one level up from the level printed before the arrow,
/// never two: Louis II of Brzeg (a Challenge card, attack 10, prestige 1)
/// and the Destrier (a Market card, 4 coins) both give "Mount III → IV".
/// A player with a level II mount may still fight Louis (a Challenge is
/// always playable) but winning leaves the mount at II; the Destrier is
/// not offered at all. With a level III mount the same win gives IV. The
/// cards' words say from which level the upgrade works.
#[test]
fn an_upgrade_never_skips_a_level_and_says_from_which() {
    let louis = card("Louis II of Brzeg");
    let c = <tourney_glory::Glory as tourney_core::Game>::components();
    let info = &c.journey[usize::from(louis)];
    assert_eq!(
        info.rewards,
        vec!["Mount III → IV (only from III)".to_string()]
    );
    assert_eq!(info.upgrades, vec![[4, 0]]);
    let destrier = &c.journey[usize::from(card("Destrier"))];
    assert_eq!(
        destrier.rewards,
        vec!["Mount III → IV (only from III)".to_string()]
    );

    // 5 + 4 + 3 = 12 against Louis's 10, in both clashes: one red die (the
    // single Strength token, put in at the first clash), a black die per
    // mount level, two white.
    for (mount, after) in [(2u8, 2u8), (3, 4)] {
        let mut twelve = vec![red(5), black(4)];
        twelve.extend((1..mount).map(|_| black(0)));
        twelve.extend([white(3), white(0)]);
        let mut s = journey([&[("Louis II of Brzeg", 1), ("Destrier", 1)], &[]]);
        s.resources(0, 7, 1, 0, 10)
            .set(0, "mount", json!(mount))
            .set(0, "armor", json!(2));
        // Offered in card order: the Destrier (a Market card) comes first.
        let mut legal = Vec::new();
        if mount == 3 {
            legal.push(Action::Play(card("Destrier")));
        }
        legal.extend([Action::Play(louis), Action::Pass]);
        assert_eq!(s.legal(0), legal, "mount {mount}");
        // The menu warns when a win would pay nothing.
        let label = s.game.describe_action(Seat(0), &Action::Play(louis));
        let warned = label.ends_with("; a win would give you nothing now");
        assert_eq!(warned, mount == 2, "mount {mount}: {label}");
        s.act(0, Action::Play(louis));
        s.act(0, Action::Strength(1)).roll(&twelve);
        s.roll(&twelve);
        let last = s.view().last_duel.expect("the duel is over");
        assert_eq!((last.wins, last.winner), ([2, 0], 0));
        // Nothing else is playable: the phase ends and Maintenance pays
        // the level I income (2 coins); no coin went to the Destrier.
        assert_eq!(s.view().stage, "maintenance");
        let p = s.player(0);
        assert_eq!(
            (p.mount, p.armor, p.played, p.hand_size, p.coins, p.glory),
            (after, 2, [0, 0, 1], [0, 1, 0], 7 + 2, 10),
            "mount {mount}"
        );
    }
}

#[test]
fn a_reward_already_held_is_skipped() {
    let mut s = journey([&[("Courtly Love", 2)], &[]]);
    s.act(0, Action::Play(card("Courtly Love")));
    assert_eq!(s.legal(0), vec![Action::Choose(0), Action::Choose(1)]);
    s.act(0, Action::Choose(1));
    assert_eq!(s.player(0).prestige[0].kind, Prestige::Charmer);
    // The second Courtly Love can only give the glory point.
    s.act(0, Action::Play(card("Courtly Love")));
    assert_eq!(s.glory(0), 11);
}

#[test]
fn the_quest_draws_two_titles_and_keeps_one() {
    let mut s = journey([&[("The Quest", 1)], &[]]);
    let held = s.player(0).objectives_held;
    s.act(0, Action::Play(card("The Quest")));
    for _ in 0..2 {
        let c = s.outcomes()[0];
        s.chance(c);
    }
    let offer = s.player(0).title_offer.unwrap();
    assert_eq!(offer.len(), 2);
    s.telling();
    s.act(0, Action::KeepTitle(offer[0].id));
    assert_eq!(s.player(0).objectives_held, held + 1);
    // The other goes face up onto the discard pile, for everyone to see.
    let pile: Vec<u8> = s.view_of(1).title_discards.iter().map(|t| t.id).collect();
    assert_eq!(pile, vec![offer[1].id]);
    let line = format!("Seat 1 discards the title {} face up", offer[1].name);
    assert!(s.told_to(Some(1)).contains(&line), "{line}");
}

fn squire_used() -> Vec<u8> {
    let mut u = vec![0u8; 22];
    u[Support::Squire as usize] = 1;
    u
}

#[test]
fn maintenance_pays_income_and_flips_everything_back() {
    let mut s = Script::started(level_one(), 2);
    s.resources(0, 0, 0, 0, 10)
        .give_support(0, Support::Squire, 1)
        .give_relic(0, tourney_glory::Relic::Ring, 1)
        .set(0, "used", json!(squire_used()))
        .set(0, "used_relics", json!([0, 0, 1, 0]))
        .set(0, "prestige", json!(1))
        .set(0, "flipped", json!(1));
    let track_before = s.view().support_track;
    s.act(0, Action::Place(Space::Patrol));
    s.auto_until(|s| s.view().stage == "registration");
    let p = s.player(0);
    // Knight Bachelor's income: 2 coins, 4 Strength, 1 Faith.
    assert!(p.coins >= 2 + 2 && p.strength >= 4 && p.faith >= 1);
    assert_eq!(
        p.supports
            .iter()
            .find(|o| o.kind == Support::Squire)
            .unwrap()
            .active,
        1
    );
    assert_eq!(p.relics[0].active, 1);
    assert_eq!(p.prestige[0].active, 1);
    assert_eq!(p.pawns_left, 0);
    let v = s.view();
    assert!(
        v.spaces.iter().all(|sp| sp.pawns.iter().all(|&n| n == 0)),
        "pawns back"
    );
    assert!(
        v.support_track
            .iter()
            .filter(|t| !t.locked)
            .all(|t| t.support.is_some())
    );
    assert_ne!(v.support_track, track_before, "a fresh track");
    assert!(v.journey_rows.iter().all(|r| r.iter().all(|c| c.is_some())));
    assert!(v.events[2].is_some(), "round 3's event is revealed");
}
