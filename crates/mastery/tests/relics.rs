//! Every Relic: the six Crowns, six Sceptres and six Orbs, and Destroy
//! against them.

mod common;

use common::*;
use tourney_core::{Game, Seat};
use tourney_mastery::{Action, Chance, Config, RELICS, RelicKind};

// ----- Crowns -----

const VITALITY_EFFECT: &str = "Draw cards until you hold 6.";
const VITALITY_TIP: &str = "Most useful as the last thing you do on your turn.";

#[test]
fn a_relics_label_and_log_state_its_effect_and_leave_the_tip_to_help() {
    let vitality = RELICS
        .iter()
        .find(|r| r.id == "crown_of_vitality")
        .expect("the Crown of Vitality");
    assert_eq!(vitality.text, VITALITY_EFFECT);
    assert_eq!(vitality.tip, Some(VITALITY_TIP));

    // Dealt: the chance text is the card's name and effect.
    let mut s = Script::new(Config::default(), 2);
    s.deal_tiles();
    assert_eq!(
        s.game
            .describe_chance(&Chance::Relic(relic_id("crown_of_vitality"))),
        "Crown of Vitality: Draw cards until you hold 6."
    );

    // Used: the label a bot's move is echoed with, and the log.
    let mut s = Script::standard(2);
    s.plain(&[0, 1]).telling();
    let label = s.game.describe_action(Seat(0), &Action::UseCrown);
    assert_eq!(
        label,
        "Use your Crown of Vitality: Draw cards until you hold 6."
    );
    for action in s.legal(0) {
        let label = s.game.describe_action(Seat(0), &action);
        assert!(!label.contains(VITALITY_TIP), "{label}");
    }
    s.act(0, Action::UseCrown).draw(&[HeroicEffort1]);
    let log = s.told_texts();
    assert_eq!(
        log[0],
        "Seat 1's Crown of Vitality: seat 1 draws until holding 6 cards"
    );
    for line in &log {
        assert!(
            !line.contains(VITALITY_TIP) && !line.contains("Best used"),
            "{line}"
        );
    }

    // The tip is help: the view's Relic carries it apart from the text.
    let crown = &s.view().seats[0].relics[RelicKind::Crown.index()];
    assert_eq!(crown.text, Some(VITALITY_EFFECT));
    assert_eq!(crown.tip, Some(VITALITY_TIP));
}

#[test]
fn every_relic_text_is_its_effect_in_one_sentence() {
    for r in &RELICS {
        let body = r
            .text
            .strip_suffix('.')
            .unwrap_or_else(|| panic!("{}", r.id));
        assert!(!body.contains(['.', '!', '?']), "{}: {}", r.id, r.text);
        for advice in ["best", "useful", "tip", "remember"] {
            assert!(
                !r.text.to_lowercase().contains(advice),
                "{}: {}",
                r.id,
                r.text
            );
        }
        if let Some(tip) = r.tip {
            assert!(!r.text.contains(tip), "{}", r.id);
        }
    }
    // Only the Crown of Vitality has advice printed for it.
    let tips: Vec<&str> = RELICS
        .iter()
        .filter(|r| r.tip.is_some())
        .map(|r| r.id)
        .collect();
    assert_eq!(tips, ["crown_of_vitality"]);
}

#[test]
fn crown_of_vitality_draws_up_to_six_once_a_turn() {
    let mut s = Script::standard(2);
    s.plain(&[0, 1]);
    s.act(0, Action::UseCrown);
    s.draw(&[HeroicEffort1]);
    assert_eq!(s.hand(0).len(), 6);
    assert!(!s.can(0, Action::UseCrown));
    let err = s.refuse(0, Action::UseCrown);
    assert!(err.to_string().contains("already used your Crown"), "{err}");
    // Next turn it is ready again.
    s.end_turn(0).end_turn(1);
    assert!(s.can(0, Action::UseCrown));
}

#[test]
fn a_crown_can_be_destroyed_when_announced_and_stays_down_a_turn() {
    let mut s = Script::standard(2);
    s.plain(&[0]).cards(1, &[Destroy, Conflict2], &[]);
    s.act(0, Action::UseCrown);
    // Seat 2 is asked before the Crown takes effect.
    assert_eq!(s.on_move(), vec![1]);
    let crown = relic(0, RelicKind::Crown);
    assert_eq!(s.legal(1), vec![Action::Pass, Action::Destroy(crown)]);
    s.act(1, Action::Destroy(crown));
    // Cancelled: no card is drawn, and the Crown is face down.
    assert_eq!(s.on_move(), vec![0]);
    assert_eq!(s.hand(0).len(), 5);
    assert!(!s.face_up(0, RelicKind::Crown));
    // Destroyed during seat 1's turn: still down after it and after its next one...
    s.end_turn(0);
    assert!(!s.face_up(0, RelicKind::Crown));
    s.end_turn(1);
    assert!(!s.face_up(0, RelicKind::Crown));
    assert!(!s.can(0, Action::UseCrown));
    // ...and repaired when that next turn ends.
    s.end_turn(0);
    assert!(s.face_up(0, RelicKind::Crown));
}

#[test]
fn crown_of_insight_looks_at_four_and_puts_them_back_in_order() {
    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_insight").plain(&[1]);
    s.cards(0, &[Conflict2, Conflict3, Conflict4], &[Destroy]);
    s.act(0, Action::UseCrown);
    s.draw(&[HeroicEffort2, Conflict5, Summon, Ambush]);
    let mine = s.view_of(0).insight.unwrap();
    assert_eq!(
        mine.to_put_back.unwrap(),
        vec![Conflict5, Ambush, HeroicEffort2, Summon]
    );
    let theirs = s.view_of(1).insight.unwrap();
    assert_eq!((theirs.looked_at, theirs.to_put_back), (4, None));
    assert_eq!(
        s.legal(0),
        vec![
            Action::Top(Conflict5),
            Action::Top(Ambush),
            Action::Top(HeroicEffort2),
            Action::Top(Summon)
        ]
    );
    s.acts(
        0,
        &[
            Action::Top(Ambush),
            Action::Top(Conflict5),
            Action::Top(Summon),
        ],
    );
    // The last card needs no choice.
    assert_eq!(
        s.view_of(0).seats[0].known_top,
        Some(vec![Ambush, Conflict5, Summon, HeroicEffort2])
    );
    assert_eq!(s.view_of(1).seats[0].known_top, None);
    assert_eq!(s.view_of(1).seats[0].known_top_size, 4);
    // Draws now take the known cards in that order, without chance steps.
    s.tile(5, "forest_1").knights(5, Some(1), 2).quiet(&[0, 1]);
    s.march(0, 5, 3);
    assert!(!s.is_chance());
    assert_eq!(
        s.hand(0),
        vec![Conflict2, Conflict3, Conflict4, Conflict5, Ambush]
    );
    assert_eq!(
        s.view_of(0).seats[0].known_top,
        Some(vec![Summon, HeroicEffort2])
    );
}

#[test]
fn crown_of_insight_with_a_short_deck_shuffles_the_discard_pile_under_it() {
    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_insight").plain(&[1]);
    let hand = [
        Conflict2,
        Conflict2,
        Conflict3,
        Conflict3,
        Conflict4,
        Conflict4,
        Conflict5,
        Conflict5,
        Ambush,
        Ambush,
        HeroicEffort1,
        HeroicEffort1,
        HeroicEffort2,
        HeroicEffort2,
    ];
    s.cards(0, &hand, &[Summon, InfluentialPerson]);
    assert_eq!(s.view().seats[0].deck_size, 2);
    s.act(0, Action::UseCrown);
    // The two deck cards first...
    assert_eq!(s.outcomes().len(), 2);
    s.draw(&[TacticalMarch, Destroy]);
    // ...then the discard pile, shuffled under them.
    assert_eq!(s.view().seats[0].discard.len(), 0);
    s.draw(&[InfluentialPerson, Summon]);
    assert_eq!(s.legal(0).len(), 4);
}

#[test]
fn crown_of_corruption_turns_an_opponents_sceptre_or_orb_face_down() {
    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_corruption").plain(&[1]);
    let targets: Vec<_> = s
        .legal(0)
        .into_iter()
        .filter(|a| matches!(a, Action::CrownOnRelic(_)))
        .collect();
    assert_eq!(
        targets,
        [
            Action::CrownOnRelic(relic(1, RelicKind::Sceptre)),
            Action::CrownOnRelic(relic(1, RelicKind::Orb))
        ]
    );
    s.act(0, Action::CrownOnRelic(relic(1, RelicKind::Sceptre)));
    assert!(!s.face_up(1, RelicKind::Sceptre));
    assert!(s.face_up(1, RelicKind::Orb));
}

#[test]
fn crown_of_prosperity_gives_any_player_a_knight() {
    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_prosperity").plain(&[1]);
    let before = s.castle_of(1);
    s.act(0, Action::CrownOnSeat(Seat(1)));
    assert_eq!(s.castle_of(1), before + 1);
}

#[test]
fn crown_of_decay_takes_a_knight_from_a_territory_of_two_or_more() {
    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_decay")
        .plain(&[1])
        .knights(15, Some(1), 1);
    let cells: Vec<u16> = s
        .legal(0)
        .into_iter()
        .filter_map(|a| match a {
            Action::CrownOnCell(c) => Some(c.number()),
            _ => None,
        })
        .collect();
    assert_eq!(cells, [2, 3, 17, 18]);
    s.act(0, Action::CrownOnCell(cell(17)));
    assert_eq!(s.at(17), (Some(1), 1));
}

#[test]
fn crown_of_command_gives_another_redistribution_and_march() {
    let mut s = Script::standard(2);
    s.give_relic(0, "crown_of_command").plain(&[1]);
    s.march(0, 4, 1);
    assert!(!s.can(0, Action::Redistribute));
    s.act(0, Action::UseCrown);
    assert!(s.can(0, Action::Redistribute));
    assert!(s.can(0, Action::MarchTo(cell(5))));
    s.redistribute(0, &[(1, 4)]);
    s.march(0, 5, 1);
    assert!(!s.can(0, Action::MarchTo(cell(6))));
}

// ----- Sceptres -----

/// Seat 1 attacks 3 knights against 2 in a Forest; only the named Sceptres
/// are face up. Returns the values after the Sceptre step.
fn sceptres(attacker: Option<&str>, defender: Option<&str>) -> (Script, [i16; 2]) {
    let mut s = Script::standard(2);
    s.plain(&[0, 1]).quiet(&[0, 1]);
    if let Some(id) = attacker {
        s.give_relic(0, id);
    }
    if let Some(id) = defender {
        s.give_relic(1, id);
    }
    s.tile(5, "forest_1").knights(5, Some(1), 2).castle(0, 3);
    s.march(0, 5, 3);
    s.act(0, Action::Continue);
    let values = s.values();
    (s, values)
}

#[test]
fn sceptre_of_rage_adds_one_attacking_or_defending() {
    assert_eq!(sceptres(None, None).1, [3, 2]);
    assert_eq!(sceptres(Some("sceptre_of_rage"), None).1, [4, 2]);
    assert_eq!(sceptres(None, Some("sceptre_of_rage")).1, [3, 3]);
}

#[test]
fn sceptre_of_valor_adds_one_when_attacking_only() {
    assert_eq!(sceptres(Some("sceptre_of_valor"), None).1, [4, 2]);
    assert_eq!(sceptres(None, Some("sceptre_of_valor")).1, [3, 2]);
}

#[test]
fn sceptre_of_oath_adds_one_when_defending_only() {
    assert_eq!(sceptres(None, Some("sceptre_of_oath")).1, [3, 3]);
    assert_eq!(sceptres(Some("sceptre_of_oath"), None).1, [3, 2]);
}

#[test]
fn sceptre_of_defiance_weakens_the_attacker_of_its_owner() {
    assert_eq!(sceptres(None, Some("sceptre_of_defiance")).1, [2, 2]);
    assert_eq!(sceptres(Some("sceptre_of_defiance"), None).1, [3, 2]);
}

#[test]
fn sceptre_of_influence_weakens_the_defender_its_owner_attacks() {
    assert_eq!(sceptres(Some("sceptre_of_influence"), None).1, [3, 1]);
    assert_eq!(sceptres(None, Some("sceptre_of_influence")).1, [3, 2]);
}

#[test]
fn sceptre_of_wisdom_draws_up_to_six() {
    let (mut s, values) = sceptres(None, Some("sceptre_of_wisdom"));
    assert_eq!(values, [3, 2]);
    assert!(s.game.describe_chance_step().contains("Seat 2 draws"));
    s.draw(&[HeroicEffort2]);
    assert_eq!(s.hand(1).len(), 6);
    assert_eq!(s.on_move(), vec![0, 1]);
}

#[test]
fn the_sceptre_window_goes_round_the_table_from_the_attacker() {
    // Three players: the bystander (seat 3) may destroy a combatant's Sceptre too.
    let mut s = Script::standard(3);
    s.plain(&[0, 1])
        .quiet(&[0, 1])
        .give_relic(0, "sceptre_of_rage")
        .give_relic(1, "sceptre_of_oath");
    s.cards(2, &[Destroy, Conflict2], &[]);
    s.tile(8, "forest_1").knights(8, Some(1), 2).castle(0, 3);
    s.march(0, 8, 3);
    s.act(0, Action::Continue);
    // Seats 1 and 2 cannot hold Destroy (face up in their discard piles).
    assert_eq!(s.on_move(), vec![2]);
    assert_eq!(
        s.legal(2),
        [
            Action::Pass,
            Action::Destroy(relic(0, RelicKind::Sceptre)),
            Action::Destroy(relic(1, RelicKind::Sceptre))
        ]
    );
    s.act(2, Action::Destroy(relic(0, RelicKind::Sceptre)));
    assert_eq!(s.values(), [3, 3]);
    assert_eq!(s.view().seats[2].discard, vec![Destroy]);
}

// ----- Orbs -----

/// Seat 1 attacks 4 knights against 3 in a Forest with Conflict 4 against
/// Conflict 3 (8 against 6: the attacker wins by 2), or with Conflict 2
/// against Conflict 5 when `lose` (6 against 8: the defender wins by 2).
fn orbs(attacker: Option<&str>, defender: Option<&str>, lose: bool) -> Script {
    let mut s = Script::standard(2);
    s.plain(&[0, 1]).quiet(&[0, 1]);
    s.cards(
        1,
        &[Conflict2, Conflict2, Conflict3, Conflict5, Conflict4],
        &[Destroy],
    );
    if let Some(id) = attacker {
        s.give_relic(0, id);
    }
    if let Some(id) = defender {
        s.give_relic(1, id);
    }
    s.tile(5, "forest_1").knights(5, Some(1), 3).castle(0, 5);
    s.march(0, 5, 4);
    if lose {
        s.fight(Conflict2, Conflict5);
    } else {
        s.fight(Conflict4, Conflict3);
    }
    s
}

#[test]
fn without_orbs_the_loser_loses_the_difference() {
    let s = orbs(None, None, false);
    assert_eq!(s.at(5), (Some(0), 4));
    assert_eq!(s.castle_of(1), 2 + 1);
    let s = orbs(None, None, true);
    assert_eq!(s.at(5), (Some(1), 3));
    assert_eq!(s.castle_of(0), 1 + 2);
}

#[test]
fn orb_of_savagery_costs_the_loser_one_more_knight() {
    let s = orbs(Some("orb_of_savagery"), None, false);
    assert_eq!(s.castle_of(1), 2);
    // It needs its owner to win.
    let s = orbs(None, Some("orb_of_savagery"), false);
    assert_eq!(s.castle_of(1), 3);
}

#[test]
fn an_orb_can_be_destroyed_before_it_applies() {
    let mut s = Script::standard(2);
    s.plain(&[0])
        .quiet(&[0, 1])
        .give_relic(0, "orb_of_savagery");
    s.cards(
        1,
        &[Destroy, Conflict2, Conflict3, HeroicEffort1, Conflict4],
        &[],
    );
    s.tile(5, "forest_1").knights(5, Some(1), 3).castle(0, 5);
    s.march(0, 5, 4);
    s.act(0, Action::Continue);
    s.act(0, Action::Conflict(Conflict4))
        .act(1, Action::Conflict(Conflict3));
    s.act(1, Action::Pass).act(0, Action::Pass);
    assert_eq!(s.combat_step(), Some("orbs"));
    assert_eq!(
        s.legal(1),
        [Action::Pass, Action::Destroy(relic(0, RelicKind::Orb))]
    );
    s.act(1, Action::Destroy(relic(0, RelicKind::Orb)));
    assert_eq!(s.castle_of(1), 3);
}

#[test]
fn orb_of_resolve_brings_a_knight_from_the_castle_to_the_winners() {
    let s = orbs(Some("orb_of_resolve"), None, false);
    assert_eq!(s.at(5), (Some(0), 5));
    assert_eq!(s.castle_of(0), 0);
    let s = orbs(None, Some("orb_of_resolve"), true);
    assert_eq!(s.at(5), (Some(1), 4));
}

#[test]
fn orb_of_greed_draws_the_winner_up_to_six() {
    let mut s = orbs(Some("orb_of_greed"), None, false);
    assert!(s.game.describe_chance_step().contains("Seat 1 draws"));
    s.draw(&[HeroicEffort1, HeroicEffort2]);
    assert_eq!(s.hand(0).len(), 6);
    assert_eq!(s.at(5), (Some(0), 4));
}

#[test]
fn orb_of_purification_repairs_the_losers_relics() {
    let s = orbs(None, Some("orb_of_purification"), false);
    assert!(s.face_up(1, RelicKind::Sceptre));
    let s = orbs(None, Some("orb_of_purification"), true);
    assert!(!s.face_up(1, RelicKind::Sceptre));
}

#[test]
fn orb_of_self_sacrifice_gives_the_loser_a_knight() {
    let s = orbs(None, Some("orb_of_self_sacrifice"), false);
    assert_eq!(s.castle_of(1), 2 + 1 + 1);
}

#[test]
fn orb_of_revival_spares_the_loser_a_knight() {
    let s = orbs(Some("orb_of_revival"), None, true);
    assert_eq!(s.castle_of(0), 1 + 3);
    let s = orbs(None, Some("orb_of_revival"), false);
    assert_eq!(s.castle_of(1), 2 + 2);
}
