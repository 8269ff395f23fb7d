//! Duels against the knights on Challenge cards, step by step with fixed
//! dice: Strength tokens, ties, Faith, relics, every tent and lance
//! support, and what a winner earns and a loser recovers.

mod common;

use common::*;
use serde_json::json;
use tourney_glory::duel::TieBreak;
use tourney_glory::view::PlayerView;
use tourney_glory::{Action, Characters, ClashSide, Colour, Config, DuelStep, Relic, Support};

fn level_one() -> Config {
    Config {
        characters: Characters::LevelOne,
        ..Config::default()
    }
}

/// The first Journey phase, the first player on move with a clean slate:
/// no resources, level II gear, nothing in hand but `card`.
fn challenge(card_name: &str) -> (Script, u8) {
    let mut s = Script::started(level_one(), 2);
    s.auto_until(|s| s.view().stage == "journey" && s.on_move().is_some());
    let p = s.on_move().expect("a player on move");
    s.resources(p, 0, 0, 0, 10)
        .empty_hand(p)
        .set(p, "mount", json!(2))
        .set(p, "armor", json!(2))
        .give_card(p, card_name, 1);
    (s, p)
}

fn play(s: &mut Script, p: u8, card_name: &str) {
    s.act(p, Action::Play(card(card_name)));
}

fn active(p: &PlayerView, k: Support) -> u8 {
    p.supports
        .iter()
        .find(|o| o.kind == k)
        .map_or(0, |o| o.active)
}

fn used_squire() -> Vec<u8> {
    let mut u = vec![0; 22];
    u[Support::Squire as usize] = 1;
    u
}

/// The attack values of the clash just compared.
fn last_attack(s: &Script) -> [i16; 2] {
    match s.view().duel {
        Some(d) => d.last_clash.expect("a clash was compared").attack,
        None => panic!("the duel is over"),
    }
}

fn step(s: &Script) -> DuelStep {
    s.duel().step
}

#[test]
fn strength_tokens_buy_dice_and_four_light_the_red_symbol() {
    let (mut s, p) = challenge("Rescue");
    s.set(p, "strength", json!(6));
    play(&mut s, p, "Rescue");
    assert_eq!(step(&s), DuelStep::Strength);
    assert_eq!(
        s.legal(p),
        (0..=4).map(Action::Strength).collect::<Vec<_>>(),
        "at most four tokens in a duel"
    );
    s.act(p, Action::Strength(4));
    assert_eq!(s.player(p).strength, 2);
    // Three red dice (not four), two black, two white; the red symbol is 5.
    s.roll(&[
        SYMBOL,
        red(1),
        red(1),
        black(1),
        black(0),
        white(1),
        white(0),
    ]);
    // Nothing else to decide: the clash is compared at once.
    assert_eq!(last_attack(&s), [5 + 1 + 1, 7]);
    // 7 against the Rescue's 7 and no prestige on either side: the player.
    let d = s.duel();
    assert_eq!(d.wins, [1, 0]);
    assert_eq!(d.last_clash.unwrap().by, TieBreak::Prestige);
    // The tokens serve the whole duel: no Strength step, the dice roll.
    assert!(s.is_chance());
    s.roll(&[
        red(5),
        red(1),
        red(1),
        black(4),
        black(0),
        white(3),
        white(0),
    ]);
    assert!(s.view().duel.is_none(), "won two clashes");
}

#[test]
fn fewer_than_three_tokens_give_that_many_dice_and_no_symbol() {
    let (mut s, p) = challenge("Highwayman");
    s.set(p, "strength", json!(2));
    play(&mut s, p, "Highwayman");
    s.act(p, Action::Strength(2));
    s.roll(&[SYMBOL, SYMBOL, black(2), black(0), white(2), white(0)]);
    assert_eq!(
        last_attack(&s),
        [1 + 2 + 2, 6],
        "an unlit red symbol is worth 1"
    );
    // Lost the clash. With no Strength token left to add, the player is
    // not asked before the next roll.
    assert_eq!(step(&s), DuelStep::Roll);
}

#[test]
fn against_a_knight_a_tie_needs_as_much_prestige_and_flips_a_token() {
    // Louis of Gruuthuse: attack 8, prestige 1.
    let (mut s, p) = challenge("Louis of Gruuthuse");
    s.set(p, "prestige", json!(0b11))
        .set(p, "strength", json!(1));
    play(&mut s, p, "Louis of Gruuthuse");
    s.act(p, Action::Strength(1));
    // 1 + 4 + 3 = 8: a tie; 2 prestige against 1 wins, one token flips.
    s.roll(&[red(1), black(4), black(0), white(3), white(1)]);
    let d = s.duel();
    assert_eq!(d.wins, [1, 0]);
    assert_eq!(d.last_clash.unwrap().by, TieBreak::Prestige);
    assert_eq!(s.player(p).prestige.iter().map(|o| o.active).sum::<u8>(), 1);
    // Again: 1 against 1 is enough, and the last token flips.
    s.roll(&[red(1), black(4), black(0), white(3), white(1)]);
    assert_eq!(s.view().last_duel.unwrap().wins, [2, 0]);
    assert_eq!(s.player(p).prestige.iter().map(|o| o.active).sum::<u8>(), 0);
    // Armor II → III or 3 coins: both possible, the player chooses; the
    // board names the card, which has left the hand.
    assert_eq!(s.legal(p), vec![Action::Choose(0), Action::Choose(1)]);
    let view = s.view();
    assert_eq!(
        view.waiting_for,
        format!(
            "Seat {} chooses the reward of Louis of Gruuthuse: level III armor or 3 coins",
            p + 1
        )
    );
    assert_eq!(view.reward_card.map(|c| c.name), Some("Louis of Gruuthuse"));
    s.act(p, Action::Choose(0));
    assert_eq!(s.view().reward_card, None);
    assert_eq!(s.player(p).armor, 3);
    assert_eq!(s.player(p).played, [0, 0, 1]);

    // With one token: the first tie is won and flips it, the second lost.
    let (mut s, p) = challenge("Louis of Gruuthuse");
    s.set(p, "prestige", json!(0b1))
        .set(p, "strength", json!(1));
    play(&mut s, p, "Louis of Gruuthuse");
    s.act(p, Action::Strength(1));
    s.roll(&[red(1), black(4), black(0), white(3), white(1)]);
    s.roll(&[red(1), black(4), black(0), white(3), white(1)]);
    let d = s.duel();
    assert_eq!(d.wins, [1, 1]);
    assert_eq!(d.last_clash.unwrap().by, TieBreak::Prestige);
    // A clear win takes the duel; a Journey duel pays no glory.
    s.roll(&[red(5), black(4), black(0), white(3), white(1)]);
    let last = s.view().last_duel.unwrap();
    assert_eq!((last.wins, last.winner, last.glory), ([2, 1], 0, [0, 0]));
}

#[test]
fn a_tie_against_a_knight_without_prestige_goes_to_the_player() {
    let (mut s, p) = challenge("Rescue"); // attack 7, prestige 0
    play(&mut s, p, "Rescue");
    s.roll(&[black(4), black(0), white(3), white(0)]);
    let d = s.duel();
    assert_eq!(
        (d.wins, d.last_clash.unwrap().by),
        ([1, 0], TieBreak::Prestige)
    );
    // The clash tells what the 7s are made of: no red die (no Strength
    // token), a black 4 and a white 3 against the card's printed 7.
    assert_eq!(
        d.last_clash.unwrap().sides,
        [
            ClashSide {
                dice: [None, Some(4), Some(3)],
                printed: 0,
                modifier: 0
            },
            ClashSide {
                dice: [None, None, None],
                printed: 7,
                modifier: 0
            },
        ]
    );
}

#[test]
fn faith_rerolls_two_dice_plus_one_per_sister_and_two_per_bishop() {
    for (sisters, bishops, limit) in [(0, 0, 2), (1, 0, 3), (1, 1, 5), (2, 1, 6)] {
        let (mut s, p) = challenge("Robber Baron");
        s.set(p, "faith", json!(2))
            .set(p, "strength", json!(3))
            .give_support(p, Support::Sister, sisters)
            .give_support(p, Support::Bishop, bishops);
        play(&mut s, p, "Robber Baron");
        s.act(p, Action::Strength(3));
        s.roll(&[
            red(1),
            red(1),
            red(2),
            black(0),
            black(1),
            white(0),
            white(0),
        ]);
        assert_eq!(step(&s), DuelStep::Faith);
        s.act(p, Action::Faith);
        assert_eq!(s.duel().pick_limit, limit);
        // Equal dice are one choice: two red 1s, one red 2, …
        let picks = s.legal(p);
        assert!(picks.contains(&Action::Reroll {
            colour: Colour::Strength,
            face: red(1)
        }));
        assert!(
            !picks.contains(&Action::Roll),
            "at least one die must be picked"
        );
        let mut picked = 0;
        while let Some(&a) = s
            .legal(p)
            .iter()
            .find(|a| matches!(a, Action::Reroll { .. }))
        {
            s.act(p, a);
            picked += 1;
        }
        assert_eq!(picked, limit.min(7), "{sisters} sisters, {bishops} bishops");
        s.act(p, Action::Roll);
        // The new faces replace the old ones, lower or not.
        let faces = vec![red(1); usize::from(limit.min(7))];
        s.roll(&faces);
        // Once per clash: no second Faith step in this clash.
        assert!(s.view().duel.is_none() || step(&s) != DuelStep::Faith || s.duel().clash > 1);
        assert_eq!(s.player(p).faith, 1);
    }
}

#[test]
fn a_faith_token_each_clash_it_is_used() {
    let (mut s, p) = challenge("Robber Baron");
    s.set(p, "faith", json!(2));
    play(&mut s, p, "Robber Baron");
    s.roll(&[black(0), black(0), white(0), white(0)]);
    s.act(p, Action::Faith)
        .act(
            p,
            Action::Reroll {
                colour: Colour::Mount,
                face: black(0),
            },
        )
        .act(
            p,
            Action::Reroll {
                colour: Colour::Mount,
                face: black(0),
            },
        )
        .act(p, Action::Roll);
    s.roll(&[black(1), SYMBOL]);
    // 1 + 0 = 1 against 7: lost; the next clash may use Faith again.
    assert_eq!(s.duel().wins, [0, 1]);
    s.roll(&[black(0), black(0), white(0), white(0)]);
    assert_eq!(step(&s), DuelStep::Faith);
    s.act(p, Action::Faith);
    assert_eq!(s.player(p).faith, 0);
}

#[test]
fn relics_medallion_amulet_rosary_and_ring() {
    let (mut s, p) = challenge("Black Knight"); // attack 9, prestige 1
    s.give_relic(p, Relic::Medallion, 1)
        .give_relic(p, Relic::Amulet, 1)
        .give_relic(p, Relic::Rosary, 1)
        .give_relic(p, Relic::Ring, 1)
        .set(p, "faith", json!(1));
    play(&mut s, p, "Black Knight");
    // Clash 1: 4 + 1 = 5; the Amulet makes 7; one relic a clash.
    s.roll(&[black(4), black(0), white(1), white(0)]);
    s.act(p, Action::Pass); // no Faith
    assert_eq!(step(&s), DuelStep::Relic);
    s.act(p, Action::Relic(Relic::Amulet));
    assert_eq!(s.duel().clash, 2, "7 < 9: lost, and no second relic");
    // Clash 2: 4 + 1 = 5, Faith on both armor dice, then the Ring re-rolls
    // up to four dice in the same clash.
    s.roll(&[black(4), black(0), white(1), white(0)]);
    s.act(p, Action::Faith)
        .act(
            p,
            Action::Reroll {
                colour: Colour::Armor,
                face: white(1),
            },
        )
        .act(
            p,
            Action::Reroll {
                colour: Colour::Armor,
                face: white(0),
            },
        )
        .act(p, Action::Roll);
    s.roll(&[white(0), white(0)]);
    assert_eq!(s.attack(), [4, 9]);
    s.act(p, Action::Relic(Relic::Ring));
    assert_eq!(s.duel().pick_limit, 4);
    s.act(
        p,
        Action::Reroll {
            colour: Colour::Mount,
            face: black(0),
        },
    )
    .act(
        p,
        Action::Reroll {
            colour: Colour::Armor,
            face: white(0),
        },
    )
    .act(
        p,
        Action::Reroll {
            colour: Colour::Armor,
            face: white(0),
        },
    )
    .act(p, Action::Roll);
    s.roll(&[black(4), white(3), white(2)]);
    assert_eq!(s.duel().last_clash.unwrap().attack, [7, 9]);
    assert!(s.view().duel.is_none() || s.duel().wins == [0, 2]);
    // Lost 0-2: one relic comes back, the player picks which.
    assert_eq!(
        s.legal(p),
        vec![
            Action::ReactivateRelic(Relic::Amulet),
            Action::ReactivateRelic(Relic::Ring)
        ]
    );
    s.act(p, Action::ReactivateRelic(Relic::Ring));
    let pv = s.player(p);
    let relic = |r: Relic| pv.relics.iter().find(|o| o.kind == r).unwrap().active;
    assert_eq!(
        (
            relic(Relic::Amulet),
            relic(Relic::Ring),
            relic(Relic::Medallion)
        ),
        (0, 1, 1)
    );
    // The card goes back to the hand, known to the table.
    assert_eq!(pv.known_cards.len(), 1);

    // Medallion and Rosary.
    let (mut s, p) = challenge("Robber Baron"); // attack 7
    s.give_relic(p, Relic::Medallion, 1)
        .give_relic(p, Relic::Rosary, 1);
    play(&mut s, p, "Robber Baron");
    s.roll(&[black(4), black(0), white(0), white(0)]);
    s.act(p, Action::Relic(Relic::Rosary));
    assert_eq!(
        s.duel().last_clash.unwrap().attack,
        [7, 7],
        "the Rosary turns an Armor die to 3"
    );
    s.roll(&[black(4), black(0), white(2), white(0)]);
    s.act(p, Action::Relic(Relic::Medallion));
    assert_eq!(
        s.view().last_duel.unwrap().wins,
        [2, 0],
        "4 + 2 + 1 = 7: a tie, won"
    );
}

#[test]
fn lance_supports_turn_dice_and_change_attack_two_per_clash() {
    let (mut s, p) = challenge("Giant of the Woods"); // attack 11
    s.set(p, "strength", json!(1))
        .set(p, "glory", json!(10))
        .give_support(p, Support::Squire, 1)
        .give_support(p, Support::WeaponsMaster, 1)
        .give_support(p, Support::Armorer, 1)
        .give_support(p, Support::Veteran, 1)
        .give_support(p, Support::Witch, 1);
    play(&mut s, p, "Giant of the Woods");
    s.act(p, Action::Strength(1));
    s.roll(&[red(1), black(0), black(0), white(0), white(0)]);
    assert_eq!(s.attack(), [1, 11]);
    assert_eq!(step(&s), DuelStep::Lance { second: false });
    s.act(p, Action::Use(Support::WeaponsMaster));
    assert_eq!(s.attack(), [5, 11]);
    s.act(p, Action::Use(Support::Squire));
    // Two lance supports used: no third; no relic; the clash is compared.
    assert_eq!(last_attack(&s), [9, 11]);
    assert_eq!(s.duel().clash, 2);
    s.roll(&[red(1), black(0), black(0), white(0), white(0)]);
    s.act(p, Action::Use(Support::Armorer));
    assert_eq!(s.attack(), [4, 11]);
    s.act(p, Action::Use(Support::Witch));
    assert_eq!(last_attack(&s), [4, 10]);
    assert_eq!(s.glory(p), 9, "the Witch costs a glory point");
    let _ = s; // lost 0-2
    let (mut s, p) = challenge("Highwayman"); // attack 6
    s.give_support(p, Support::Veteran, 2);
    play(&mut s, p, "Highwayman");
    s.roll(&[black(2), black(0), white(2), white(0)]);
    s.act(p, Action::Use(Support::Veteran))
        .act(p, Action::Use(Support::Veteran));
    assert_eq!(s.duel().last_clash.unwrap().attack, [6, 6]);
}

#[test]
fn tent_supports_cook_rogue_jester_one_per_duel_first_clash_only() {
    let (mut s, p) = challenge("Renowned Jouster"); // attack 9, prestige 2
    s.set(p, "glory", json!(5))
        .set(p, "strength", json!(2))
        .give_support(p, Support::Cook, 1)
        .give_support(p, Support::Rogue, 1)
        .give_support(p, Support::Jester, 1);
    play(&mut s, p, "Renowned Jouster");
    assert_eq!(step(&s), DuelStep::Tent);
    let mut tent = s.legal(p);
    tent.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(tent.len(), 4); // Cook, Rogue, Jester, Pass
    s.act(p, Action::Use(Support::Jester));
    assert_eq!(s.duel().sides[1].prestige, 0, "the Jester takes 2 prestige");
    // One tent support a duel: on to the Strength tokens.
    assert_eq!(step(&s), DuelStep::Strength);
    s.act(p, Action::Strength(2));
    s.roll(&[red(2), red(1), black(4), black(0), white(3), white(0)]);
    // 2 + 4 + 3 = 9 against 9, and 0 prestige against 2 - 2: the player.
    assert_eq!(s.duel().last_clash.unwrap().by, TieBreak::Prestige);
    assert_eq!(s.duel().wins, [1, 0]);
    // The Jester's effect was for the first clash only.
    assert_eq!(s.duel().sides[1].prestige, 2);
}

#[test]
fn rogue_and_cook_last_for_the_first_clash() {
    let (mut s, p) = challenge("Robber Baron"); // attack 7
    s.set(p, "glory", json!(5))
        .give_support(p, Support::Rogue, 1);
    play(&mut s, p, "Robber Baron");
    s.act(p, Action::Use(Support::Rogue));
    assert_eq!(s.attack(), [0, 6]);
    assert_eq!(s.glory(p), 4);
    assert!(s.player(p).rogue_used);
    s.roll(&[black(3), black(0), white(3), white(0)]);
    assert_eq!(
        s.duel().wins,
        [1, 0],
        "6 against 7 - 1 = 6: a tie, no prestige anywhere"
    );
    s.roll(&[black(3), black(0), white(3), white(0)]);
    assert_eq!(
        s.duel().last_clash.unwrap().attack,
        [6, 7],
        "the Rogue is gone"
    );

    let (mut s, p) = challenge("Robber Baron");
    s.give_support(p, Support::Cook, 1);
    play(&mut s, p, "Robber Baron");
    s.act(p, Action::Use(Support::Cook));
    s.roll(&[black(4), black(0), white(2), white(0)]);
    assert_eq!(last_attack(&s), [7, 7]);
    s.roll(&[black(4), black(0), white(2), white(0)]);
    assert_eq!(last_attack(&s), [6, 7]);
}

#[test]
fn hermit_lady_in_waiting_and_herald_flip_things_back() {
    let (mut s, p) = challenge("Highwayman");
    s.give_relic(p, Relic::Amulet, 1)
        .give_relic(p, Relic::Ring, 1)
        .set(p, "used_relics", json!([0, 1, 1, 0]))
        .give_support(p, Support::Hermit, 1);
    play(&mut s, p, "Highwayman");
    s.act(p, Action::Use(Support::Hermit));
    assert_eq!(step(&s), DuelStep::Wake { relic: true });
    assert_eq!(
        s.legal(p),
        vec![
            Action::ReactivateRelic(Relic::Amulet),
            Action::ReactivateRelic(Relic::Ring)
        ]
    );
    s.act(p, Action::ReactivateRelic(Relic::Amulet));
    let pv = s.player(p);
    assert_eq!(
        pv.relics.iter().map(|o| o.active).collect::<Vec<_>>(),
        vec![1, 0]
    );

    let (mut s, p) = challenge("Highwayman");
    s.give_support(p, Support::LadyInWaiting, 1)
        .give_support(p, Support::Squire, 1)
        .set(p, "used", json!(used_squire()));
    play(&mut s, p, "Highwayman");
    s.act(p, Action::Use(Support::LadyInWaiting));
    assert_eq!(
        s.legal(p),
        vec![Action::ReactivateSupport(Support::Squire)],
        "not herself"
    );
    s.act(p, Action::ReactivateSupport(Support::Squire));
    let pv = s.player(p);
    assert_eq!(
        (
            active(&pv, Support::Squire),
            active(&pv, Support::LadyInWaiting)
        ),
        (1, 0)
    );

    let (mut s, p) = challenge("Highwayman");
    s.give_support(p, Support::Herald, 1)
        .set(p, "prestige", json!(0b100))
        .set(p, "flipped", json!(0b100));
    play(&mut s, p, "Highwayman");
    s.act(p, Action::Use(Support::Herald));
    assert_eq!(s.player(p).prestige[0].active, 1);
    // Nothing to flip back: the Hermit is not offered.
    let (mut s, p) = challenge("Highwayman");
    s.give_support(p, Support::Hermit, 1);
    play(&mut s, p, "Highwayman");
    assert!(
        s.is_chance(),
        "the Hermit alone has nothing to do: straight to the roll"
    );
}

#[test]
fn a_loser_recovers_one_token_support_prestige_and_relic() {
    let (mut s, p) = challenge("Giant of the Woods");
    s.set(p, "strength", json!(3))
        .set(p, "faith", json!(2))
        .set(p, "prestige", json!(0b11))
        .give_support(p, Support::Veteran, 1)
        .give_support(p, Support::Squire, 1)
        .give_relic(p, Relic::Medallion, 1);
    play(&mut s, p, "Giant of the Woods");
    s.act(p, Action::Strength(3));
    s.roll(&[
        red(3),
        red(1),
        red(1),
        black(2),
        black(0),
        white(2),
        white(0),
    ]);
    s.act(p, Action::Faith)
        .act(
            p,
            Action::Reroll {
                colour: Colour::Strength,
                face: red(1),
            },
        )
        .act(p, Action::Roll);
    s.roll(&[red(2)]);
    s.act(p, Action::Use(Support::Veteran))
        .act(p, Action::Use(Support::Squire));
    s.act(p, Action::Relic(Relic::Medallion));
    // 3 + 4 + 2 + 1 + 1 = 11: a tie with the Giant (prestige 1); two
    // prestige tokens win it and one is flipped.
    assert_eq!(s.duel().wins, [1, 0]);
    s.roll(&[
        red(1),
        red(1),
        red(1),
        black(0),
        black(0),
        white(0),
        white(0),
    ]);
    s.act(p, Action::Faith)
        .act(
            p,
            Action::Reroll {
                colour: Colour::Mount,
                face: black(0),
            },
        )
        .act(p, Action::Roll);
    s.roll(&[black(0)]);
    s.roll(&[
        red(1),
        red(1),
        red(1),
        black(0),
        black(0),
        white(0),
        white(0),
    ]);
    // Lost 1-2: Strength 0 + 1, Faith 0 + 1, the flipped prestige token,
    // the relic, and a support of the player's choice.
    assert_eq!(
        s.legal(p),
        vec![
            Action::ReactivateSupport(Support::Veteran),
            Action::ReactivateSupport(Support::Squire)
        ]
    );
    s.act(p, Action::ReactivateSupport(Support::Squire));
    let pv = s.player(p);
    assert_eq!((pv.strength, pv.faith), (1, 1));
    assert_eq!(pv.prestige.iter().map(|o| o.active).sum::<u8>(), 2);
    assert_eq!(pv.relics[0].active, 1);
    assert_eq!(
        (active(&pv, Support::Veteran), active(&pv, Support::Squire)),
        (0, 1)
    );
    // A Journey duel pays no glory, even for one clash won.
    assert_eq!(s.view().last_duel.unwrap().glory, [0, 0]);
    assert_eq!(pv.hand_size, [0, 0, 1], "the card stays in the hand");
}

#[test]
fn winning_a_challenge_pays_the_reward_of_the_players_choice() {
    let (mut s, p) = challenge("Rescue");
    play(&mut s, p, "Rescue");
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    assert_eq!(s.legal(p), vec![Action::Choose(0), Action::Choose(1)]);
    s.act(p, Action::Choose(0));
    let pv = s.player(p);
    assert_eq!(
        active(&pv, Support::Sister),
        1,
        "the Sister from the scroll stack"
    );
    assert_eq!(pv.played, [0, 0, 1]);
    assert_eq!(pv.hand_size, [0, 0, 0]);
}
