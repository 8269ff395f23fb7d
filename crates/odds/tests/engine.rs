//! The calculators against the engine: the same situation is played many
//! times through the game crates' real rules (`tourney_core::Game::apply`
//! and `apply_chance`, dice sampled from the engine's own chance outcomes
//! with a seeded generator), and every frequency must land within four
//! standard errors of the exact answer. If the rules code and a calculator
//! ever drift apart, these fail.
//!
//! The situations are built by playing a real game up to the moment of
//! interest and then setting the few fields the scenario needs (injury
//! dice, the gift, a knight's dice, covers and wounds) in the state's own
//! serialised form, so nothing here reimplements a rule.

use serde_json::Value;
use std::collections::BTreeMap;
use tourney_core::{Game, GameRng, Seat, ToMove};
use tourney_glory::content::JOURNEY;
use tourney_glory::{
    Action as GAction, Characters, Colour, Config as GloryConfig, DuelStep, Glory,
};
use tourney_joust::{Action, CardJoust, Chance, Config, Gear, Lance, Mount, Placement, Slot};
use tourney_odds::glory::{ClashSetup, best_reroll, clash_odds};
use tourney_odds::joust::{PassSetup, pass_odds};
use tourney_odds::ritter::{Knight, joust_odds};
use tourney_ritter::{Action as RAction, Chance as RChance, Ending, KnightId, Ritter};

/// |observed − exact| ≤ 4 standard errors of a frequency out of `n`.
#[track_caller]
fn agrees(what: &str, hits: u64, n: u64, exact: f64) {
    let observed = hits as f64 / n as f64;
    let se = (exact * (1.0 - exact) / n as f64).sqrt();
    assert!(
        (observed - exact).abs() <= 4.0 * se + 1e-12,
        "{what}: engine {observed:.5} ({hits}/{n}), calculator {exact:.5}, 4 SE = {:.5}",
        4.0 * se
    );
}

/// Samples one outcome of the pending chance step, as the engine lists them.
fn sample<C: Copy>(outcomes: &[(C, u32)], rng: &mut GameRng) -> C {
    let i = rng
        .pick_weighted(outcomes)
        .expect("a chance step with outcomes");
    outcomes[i].0
}

// ------------------------------------------------------------- Card Joust

/// A two-player event at the start of the roll of its first pass: seat 1
/// (the challenger) in the situation of `s`, seat 2 harmless (its two dice
/// are fed as 2 and 3 against a 10: no success, no one).
fn joust_at_roll(s: &PassSetup) -> CardJoust {
    let mut g = CardJoust::new(&Config::default(), 2).unwrap();
    g.apply_chance(&Chance::Seat(Seat(0))).unwrap();
    // Both fresh knights are in the lists now: give seat 1's its injuries
    // and the player its gift.
    let mut v = serde_json::to_value(g).unwrap();
    let player = &mut v["players"][0];
    assert!(player["knight"].is_object(), "{player}");
    player["knight"]["minor"] = Value::from(s.minor);
    player["knight"]["major"] = Value::from(s.major);
    player["gift"] = Value::from(s.gift);
    let mut g: CardJoust = serde_json::from_value(v).unwrap();

    let filler = if s.target == 10 { 9 } else { 10 };
    for card in [10, 10, 10, 10, 9] {
        g.apply_chance(&Chance::Card(card)).unwrap();
    }
    for card in [s.target, filler, filler, filler, filler] {
        g.apply_chance(&Chance::Card(card)).unwrap();
    }
    let slots = [Slot::Head, Slot::Body, Slot::LeftArm, Slot::RightArm];
    for slot in slots {
        g.apply(Seat(0), &Action::Place(Placement::new(slot, 10)))
            .unwrap();
    }
    // The target card goes on the slot seat 1 aims at (alone on the shield).
    for slot in slots {
        let card = if slot == s.aim { s.target } else { filler };
        g.apply(Seat(1), &Action::Place(Placement::new(slot, card)))
            .unwrap();
    }
    g.apply(Seat(0), &Action::Aim(s.aim)).unwrap();
    g.apply(Seat(1), &Action::Aim(Slot::Head)).unwrap();
    g.apply(Seat(0), &Action::Gear(s.gear)).unwrap();
    g.apply(
        Seat(1),
        &Action::Gear(Gear::new(Mount::Ground, Lance::Peace)),
    )
    .unwrap();
    assert_eq!(g.to_move(), ToMove::Chance);
    g
}

fn joust_agrees(s: PassSetup, passes: u64, seed: u64) {
    let exact = pass_odds(&s).unwrap();
    let start = joust_at_roll(&s);
    let mut rng = GameRng::seed_from_u64(seed);
    let mut outcomes = Vec::new();
    let mut successes: BTreeMap<u8, u64> = BTreeMap::new();
    let (mut hit, mut dismount, mut fumble) = (0, 0, 0);
    let mut points = 0i64;
    for _ in 0..passes {
        let mut g = start;
        // Seat 1's jousting and injury dice, at random.
        for _ in 0..s.d12() + s.injury_dice() {
            outcomes.clear();
            g.chance_outcomes(&mut outcomes);
            g.apply_chance(&sample(&outcomes, &mut rng)).unwrap();
        }
        // Seat 2's two dice miss without a one.
        g.apply_chance(&Chance::D12(2)).unwrap();
        g.apply_chance(&Chance::D12(3)).unwrap();
        // No pushes; the bonus die and any injury roll at random.
        while g.last_pass().is_none() {
            match g.to_move() {
                ToMove::Chance => {
                    outcomes.clear();
                    g.chance_outcomes(&mut outcomes);
                    g.apply_chance(&sample(&outcomes, &mut rng)).unwrap();
                }
                ToMove::Seats(set) => {
                    let seat = set.iter().next().unwrap();
                    g.apply(seat, &Action::KeepRoll).unwrap();
                }
                ToMove::Over(_) => break,
            }
        }
        let report = g.last_pass().expect("the pass ended")[0];
        assert_eq!(report.target, s.target);
        assert_eq!(report.d12_count, s.d12());
        assert_eq!(report.minor_dice.iter().sum::<u8>(), s.minor);
        assert_eq!(report.major_dice.iter().sum::<u8>(), s.major);
        *successes.entry(report.net).or_default() += 1;
        hit += u64::from(!report.fumble && report.net >= 1);
        dismount += u64::from(report.net >= 3);
        fumble += u64::from(report.fumble);
        points += i64::from(report.points);
    }
    let label = format!("{s:?}");
    agrees(&format!("{label} p_hit"), hit, passes, exact.p_hit());
    agrees(
        &format!("{label} p_dismount"),
        dismount,
        passes,
        exact.p_dismount(),
    );
    agrees(
        &format!("{label} p_fumble"),
        fumble,
        passes,
        exact.p_fumble(),
    );
    let probabilities = exact.successes_p();
    for &s_net in successes.keys() {
        assert!(
            probabilities.contains_key(&s_net),
            "{label}: the engine rolled S = {s_net}, which the calculator calls impossible"
        );
    }
    for (&s_net, &p) in &probabilities {
        let count = successes.get(&s_net).copied().unwrap_or(0);
        agrees(&format!("{label} S = {s_net}"), count, passes, p);
    }
    // Expected points: the exact standard deviation of one pass's points.
    let mean = exact.expected_points();
    let var: f64 = exact
        .points_p()
        .iter()
        .map(|(&x, &p)| p * (f64::from(x) - mean).powi(2))
        .sum();
    let observed = points as f64 / passes as f64;
    let se = (var / passes as f64).sqrt();
    assert!(
        (observed - mean).abs() <= 4.0 * se,
        "{label} expected points: engine {observed:.4}, calculator {mean:.4}, 4 SE = {:.4}",
        4.0 * se
    );
}

fn setup(target: u8, mount: Mount, lance: Lance, aim: Slot) -> PassSetup {
    PassSetup {
        target,
        gear: Gear::new(mount, lance),
        aim,
        gift: false,
        minor: 0,
        major: 0,
    }
}

#[test]
fn card_joust_plain_roll_agrees_with_the_engine() {
    joust_agrees(setup(7, Mount::Ground, Lance::Peace, Slot::Head), 50_000, 1);
}

#[test]
fn card_joust_gift_injuries_and_bonus_die_agree_with_the_engine() {
    let mut s = setup(5, Mount::Ground, Lance::War, Slot::Shield);
    s.gift = true;
    s.minor = 2;
    s.major = 1;
    joust_agrees(s, 50_000, 2);
}

#[test]
fn card_joust_flying_fumbles_and_war_injuries_agree_with_the_engine() {
    let mut s = setup(9, Mount::Flying, Lance::War, Slot::LeftArm);
    s.minor = 3;
    joust_agrees(s, 30_000, 3);
    let mut s = setup(3, Mount::Flying, Lance::War, Slot::Shield);
    s.major = 2;
    joust_agrees(s, 30_000, 4);
}

// ------------------------------------------------------------- Ritter

/// A one-day, two-player tournament without ladies, played (training all
/// on dice, every knight sent) up to the first challenge; then the
/// challenger's and the defender's cards are set to `knights` and the
/// challenge is made. Returns the game and the attacker's id.
fn ritter_at_joust(knights: &[Knight; 2], rng: &mut GameRng) -> (Ritter, KnightId) {
    let config: tourney_ritter::Config =
        serde_json::from_str(r#"{"days": 1, "ladies": false}"#).unwrap();
    let mut g = Ritter::new(&config, 2).unwrap();
    let mut outcomes = Vec::new();
    let mut actions = Vec::new();
    let (attacker, defender, seat) = loop {
        match g.to_move() {
            ToMove::Chance => {
                outcomes.clear();
                g.chance_outcomes(&mut outcomes);
                g.apply_chance(&sample(&outcomes, rng)).unwrap();
            }
            ToMove::Seats(set) => {
                let seat = set.iter().next().unwrap();
                actions.clear();
                g.legal_actions(seat, &mut actions);
                if let Some(&RAction::Challenge { attacker, defender }) = actions
                    .iter()
                    .find(|a| matches!(a, RAction::Challenge { .. }))
                {
                    break (attacker, defender, seat);
                }
                let pick = actions
                    .iter()
                    .find(|a| matches!(a, RAction::Train { .. }))
                    .or_else(|| actions.first())
                    .copied()
                    .unwrap();
                g.apply(seat, &pick).unwrap();
            }
            ToMove::Over(_) => panic!("the tournament ended before a joust"),
        }
    };
    let mut v = serde_json::to_value(&g).unwrap();
    for (id, k) in [attacker, defender].into_iter().zip(knights) {
        let card = &mut v["knights"][id.index()];
        assert_eq!(card["penalty"], 0);
        card["dice"] = Value::from(k.dice);
        card["covered"] = serde_json::to_value(k.covered).unwrap();
        card["wounds"] = Value::from(k.wounds);
    }
    let mut g: Ritter = serde_json::from_value(v).unwrap();
    g.apply(seat, &RAction::Challenge { attacker, defender })
        .unwrap();
    (g, attacker)
}

fn ritter_agrees(knights: [Knight; 2], jousts: u64, seed: u64) {
    let exact = joust_odds(&knights);
    let mut rng = GameRng::seed_from_u64(seed);
    let (start, attacker) = ritter_at_joust(&knights, &mut rng);
    // Dice of the first round, if one is fought at all.
    let first_round_dice = start
        .view(None)
        .joust
        .map(|j| u32::from(j.need[0]) + u32::from(j.need[1]));
    let mut outcomes = Vec::new();
    let mut actions = Vec::new();
    let (mut win, mut lose, mut both, mut undecided) = (0, 0, 0, 0);
    let mut first: BTreeMap<u8, u64> = BTreeMap::new();
    for _ in 0..jousts {
        let mut g = start.clone();
        let mut rolled = 0;
        let mut dealt = 0;
        loop {
            match g.to_move() {
                ToMove::Chance => {
                    outcomes.clear();
                    g.chance_outcomes(&mut outcomes);
                    let die = sample(&outcomes, &mut rng);
                    assert!(matches!(die, RChance::Die(_)));
                    g.apply_chance(&die).unwrap();
                    rolled += 1;
                    if Some(rolled) == first_round_dice {
                        dealt = g.view(None).last_round.expect("a round was fought").wounds[1];
                    }
                }
                ToMove::Seats(set) => {
                    let seat = set.iter().next().unwrap();
                    actions.clear();
                    g.legal_actions(seat, &mut actions);
                    if !actions.contains(&RAction::FightOn) {
                        break;
                    }
                    // No yielding: fight on until ten wounds.
                    g.apply(seat, &RAction::FightOn).unwrap();
                }
                ToMove::Over(_) => break,
            }
        }
        *first.entry(dealt).or_default() += 1;
        let result = g.view(None).last_joust.expect("the joust ended");
        match (result.winner, result.ending) {
            (Some(w), _) if w == attacker => win += 1,
            (Some(_), _) => lose += 1,
            (None, Ending::BothKnockedOut) => both += 1,
            (None, Ending::Stalemate) => undecided += 1,
            (None, other) => panic!("no winner, ended by {other:?}"),
        }
    }
    let label = format!("{knights:?}");
    agrees(&format!("{label} p_win"), win, jousts, exact.p_win);
    agrees(&format!("{label} p_lose"), lose, jousts, exact.p_lose);
    agrees(
        &format!("{label} p_both_out"),
        both,
        jousts,
        exact.p_both_out,
    );
    agrees(
        &format!("{label} p_undecided"),
        undecided,
        jousts,
        exact.p_undecided,
    );
    for &w in first.keys() {
        assert!(
            exact.first_round_wounds.get(&w).is_some_and(|&p| p > 0.0),
            "{label}: the engine dealt {w} wounds in the first round, which the calculator calls impossible"
        );
    }
    for (&w, &p) in &exact.first_round_wounds {
        let count = first.get(&w).copied().unwrap_or(0);
        agrees(&format!("{label} first round {w}"), count, jousts, p);
    }
}

fn k(dice: u8, covered: [u8; 6], wounds: u8) -> Knight {
    Knight {
        dice,
        covered,
        wounds,
    }
}

#[test]
fn ritter_joust_agrees_with_the_engine() {
    // Apollonius-like against a five-dice knight, some wounds on both.
    ritter_agrees(
        [k(4, [1, 1, 1, 1, 1, 1], 3), k(5, [1, 0, 0, 1, 1, 0], 5)],
        20_000,
        11,
    );
}

#[test]
fn ritter_furious_rounds_and_long_foot_fights_agree_with_the_engine() {
    // One die can never wound here: furious rounds decide it in the saddle;
    // on foot the knights need many rounds.
    ritter_agrees(
        [k(1, [1, 1, 1, 1, 0, 0], 0), k(1, [1, 1, 1, 0, 0, 2], 0)],
        20_000,
        12,
    );
}

#[test]
fn ritter_knockouts_in_the_saddle_and_undecided_jousts_agree_with_the_engine() {
    // Ten wounds in the saddle, including both at once.
    ritter_agrees([k(6, [0; 6], 8), k(7, [0; 6], 9)], 20_000, 13);
    // Two dice against all covered: unhorsed alone, or undecided on foot.
    ritter_agrees([k(2, [2; 6], 0), k(2, [2; 6], 0)], 10_000, 14);
}

// ------------------------------------------------------------- Glory

/// A two-player Glory game at its first Journey phase, the player on move
/// holding nothing but the Challenge card `card_name`, with the clash's
/// Strength tokens, gear, prestige tokens and one Faith token (when the
/// setup has Faith), and no supports or relics. Returns the state just
/// after the card is played and the tokens are committed, and the player.
fn glory_at_roll(s: &ClashSetup, card_name: &str) -> (Glory, u8) {
    let config = GloryConfig {
        characters: Characters::LevelOne,
        ..GloryConfig::default()
    };
    let mut g = Glory::new(&config, 2).unwrap();
    let mut outcomes = Vec::new();
    let mut legal = Vec::new();
    // Play the game through (first outcomes, passes) to the Journey phase.
    let p = loop {
        let seat = match g.to_move() {
            ToMove::Seats(seats) => seats.first_seat().unwrap(),
            ToMove::Chance => {
                outcomes.clear();
                g.chance_outcomes(&mut outcomes);
                g.apply_chance(&outcomes[0].0).unwrap();
                continue;
            }
            ToMove::Over(_) => panic!("the game ended"),
        };
        if g.view(None).stage == "journey" {
            break seat.0;
        }
        legal.clear();
        g.legal_actions(seat, &mut legal);
        let a = if legal.contains(&GAction::Pass) {
            GAction::Pass
        } else {
            legal[0]
        };
        g.apply(seat, &a).unwrap();
    };
    let card = JOURNEY.iter().position(|c| c.name == card_name).unwrap();
    assert_eq!(
        (JOURNEY[card].attack, JOURNEY[card].prestige),
        (s.vs_attack, s.vs_prestige),
        "{card_name}"
    );
    let mut v = serde_json::to_value(&g).unwrap();
    let pl = &mut v["players"][usize::from(p)];
    pl["strength"] = Value::from(s.strength_tokens);
    pl["faith"] = Value::from(u8::from(s.faith > 0));
    pl["mount"] = Value::from(s.mount);
    pl["armor"] = Value::from(s.armor);
    pl["prestige"] = Value::from((1u32 << s.prestige) - 1);
    pl["supports"] = Value::from(vec![0; 22]);
    pl["relics"] = Value::from(vec![0; 4]);
    let kinds = pl["hand"]["counts"].as_array().unwrap().len();
    let mut hand = vec![0u8; kinds];
    hand[card] = 1;
    pl["hand"]["counts"] = Value::from(hand);
    let mut g: Glory = serde_json::from_value(v).unwrap();
    g.apply(Seat(p), &GAction::Play(card as u8)).unwrap();
    if s.strength_tokens > 0 {
        g.apply(Seat(p), &GAction::Strength(s.strength_tokens))
            .unwrap();
    }
    assert_eq!(g.to_move(), ToMove::Chance, "the dice are to roll");
    (g, p)
}

/// Plays the first clash `clashes` times through the engine, the player
/// taking the calculator's best re-roll, and compares each attack value's
/// frequency and the wins with the exact odds.
fn glory_agrees(s: ClashSetup, card_name: &str, clashes: u64, seed: u64) {
    let exact = clash_odds(&s).unwrap();
    let (start, p) = glory_at_roll(&s, card_name);
    let mut rng = GameRng::seed_from_u64(seed);
    let mut outcomes = Vec::new();
    let roll = |g: &mut Glory, n: u8, rng: &mut GameRng, outcomes: &mut Vec<_>| {
        for _ in 0..n {
            outcomes.clear();
            g.chance_outcomes(outcomes);
            g.apply_chance(&sample(outcomes, rng)).unwrap();
        }
    };
    let mut attack: BTreeMap<u8, u64> = BTreeMap::new();
    let mut wins = 0u64;
    for _ in 0..clashes {
        let mut g = start.clone();
        roll(&mut g, s.total_dice(), &mut rng, &mut outcomes);
        if s.faith > 0 {
            let duel = g.view(None).duel.unwrap();
            assert_eq!(duel.step, DuelStep::Faith);
            let side = &duel.sides[0];
            let best =
                [0, 1, 2].map(|c| side.values[c].iter().flatten().copied().max().unwrap_or(0));
            let counts = best_reroll(&s, best);
            if counts == [0; 3] {
                g.apply(Seat(p), &GAction::Pass).unwrap();
            } else {
                g.apply(Seat(p), &GAction::Faith).unwrap();
                for colour in Colour::ALL {
                    let c = colour.index();
                    // The lowest dice of the colour.
                    let mut dice: Vec<(u8, u8)> = side.values[c]
                        .iter()
                        .zip(&side.dice[c])
                        .map(|(v, f)| (v.unwrap(), f.unwrap()))
                        .collect();
                    dice.sort();
                    for &(_, face) in dice.iter().take(usize::from(counts[c])) {
                        g.apply(Seat(p), &GAction::Reroll { colour, face }).unwrap();
                    }
                }
                g.apply(Seat(p), &GAction::Roll).unwrap();
                roll(&mut g, counts.iter().sum(), &mut rng, &mut outcomes);
            }
        }
        let clash = g
            .view(None)
            .duel
            .unwrap()
            .last_clash
            .expect("the clash is decided");
        *attack
            .entry(u8::try_from(clash.attack[0]).unwrap())
            .or_default() += 1;
        wins += u64::from(clash.winner == 0);
    }
    let p_attack = exact.attack_p();
    for (&a, &p) in &p_attack {
        agrees(
            &format!("{s:?}: attack {a}"),
            attack.get(&a).copied().unwrap_or(0),
            clashes,
            p,
        );
    }
    for a in attack.keys() {
        assert!(
            p_attack.contains_key(a),
            "{s:?}: the engine rolled attack {a}"
        );
    }
    agrees(&format!("{s:?}: win"), wins, clashes, exact.p_win());
}

#[test]
fn glory_plain_clash_agrees_with_the_engine() {
    let s = ClashSetup {
        strength_tokens: 3,
        mount: 2,
        armor: 2,
        faith: 0,
        prestige: 0,
        vs_attack: 8,
        vs_prestige: 0,
    };
    glory_agrees(s, "Errant Knight", 50_000, 11);
}

#[test]
fn glory_lit_symbols_and_faith_agree_with_the_engine() {
    // Four tokens and level IV mount: the red and black symbols lit; ties
    // lost on prestige (1 against 2); the best two-dice Faith re-roll.
    let s = ClashSetup {
        strength_tokens: 4,
        mount: 4,
        armor: 3,
        faith: 2,
        prestige: 1,
        vs_attack: 9,
        vs_prestige: 2,
    };
    glory_agrees(s, "Renowned Jouster", 50_000, 12);
    // One red die, one black die, level IV armor; ties won (1 against 1).
    let s = ClashSetup {
        strength_tokens: 1,
        mount: 1,
        armor: 4,
        faith: 2,
        prestige: 1,
        vs_attack: 8,
        vs_prestige: 1,
    };
    glory_agrees(s, "Louis of Gruuthuse", 50_000, 13);
}
