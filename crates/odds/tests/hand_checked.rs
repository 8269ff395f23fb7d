//! Small cases worked out by hand (the working is in the comments), checked
//! against the calculators. Card Joust and Glory results are exact
//! fractions, so they are compared as fractions; Ritter results are compared to 1e-12.

use tourney_glory::content::die_value;
use tourney_joust::{Gear, Lance, Mount, Slot};
use tourney_odds::glory::{COLOURS, ClashOdds, ClashSetup, best_reroll, clash_odds};
use tourney_odds::joust::{PassOdds, PassSetup, pass_odds};
use tourney_odds::ritter::{FirstRound, Knight, joust_odds, standard_knight};

fn pass(target: u8, mount: Mount, lance: Lance, aim: Slot) -> PassSetup {
    PassSetup {
        target,
        gear: Gear::new(mount, lance),
        aim,
        gift: false,
        minor: 0,
        major: 0,
    }
}

/// `weight / denominator == num / den`, exactly.
#[track_caller]
fn is_fraction(o: &PassOdds, weight: u64, num: u64, den: u64) {
    assert_eq!(
        u128::from(weight) * u128::from(den),
        u128::from(num) * u128::from(o.denominator),
        "{weight}/{} is not {num}/{den}",
        o.denominator
    );
}

#[track_caller]
fn expected_is(o: &PassOdds, num: i128, den: i128) {
    assert_eq!(
        o.points_numerator() * den,
        num * i128::from(o.denominator),
        "expected points {} is not {num}/{den}",
        o.expected_points()
    );
}

#[track_caller]
fn close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-12, "{a} is not {b}");
}

// ------------------------------------------------------------- Card Joust

#[test]
fn target_two_ground_war_head() {
    // Against 2 a die scores: face 1 → 0 (and is a one), 2–11 → 1, 12 → 2.
    // Per die: S=0 1/12, S=1 10/12, S=2 1/12. Two dice, out of 144:
    //   S=0: (1,1) = 1; S=1: (1,2..11)×2 = 20; S=2: 10·10 + (1,12)×2 = 102;
    //   S=3: (12,2..11)×2 = 20; S=4: (12,12) = 1.
    // Fumble (ones > S) only at (1,1): 1/144. Dismount (S ≥ 3): 21/144.
    // Points: hit on the head 4, dismount +3, fumble −2 at (1,1):
    //   E = (4·143 + 3·21 − 2)/144 = 633/144.
    let o = pass_odds(&pass(2, Mount::Ground, Lance::War, Slot::Head)).unwrap();
    for (s, w) in [(0, 1), (1, 20), (2, 102), (3, 20), (4, 1)] {
        is_fraction(&o, o.successes[&s], w, 144);
    }
    is_fraction(&o, o.fumble, 1, 144);
    is_fraction(&o, o.hit, 143, 144);
    is_fraction(&o, o.dismount, 21, 144);
    expected_is(&o, 633, 144);
}

#[test]
fn flying_feathers_count_two_against_ten() {
    // Flying, against 10: faces 1–9 → 0 (1 is a one), 10 → 1, 11 and 12 → 2.
    // Out of 144: S=0 81, S=1 2·9 = 18, S=2 1 + 2·9·2 = 37, S=3 2·2 = 4, S=4 4.
    // Fumble: S=0 with a 1 among the dice: 81 − 64 = 17 (one of them (1,1)).
    // A flying fumble unhorses, but the loss stands: −2 once, −1 sixteen times.
    // Body 3, lance of peace +1 at S=1 and +2 at S≥2, dismount +3:
    //   E = (−18 + 18·4 + 37·5 + 4·8 + 4·8)/144 = 303/144.
    let o = pass_odds(&pass(10, Mount::Flying, Lance::Peace, Slot::Body)).unwrap();
    for (s, w) in [(0, 81), (1, 18), (2, 37), (3, 4), (4, 4)] {
        is_fraction(&o, o.successes[&s], w, 144);
    }
    is_fraction(&o, o.fumble, 17, 144);
    is_fraction(&o, o.hit, 63, 144);
    is_fraction(&o, o.dismount, 8, 144);
    expected_is(&o, 303, 144);
    assert_eq!(o.points[&-2] * 144, o.denominator);
}

#[test]
fn a_snake_turns_a_thin_hit_into_a_fumble() {
    // Target 2, one minor-injury die. Without it only (1,1) fumbles. With
    // it, a snake (1/6) cancels one success: the 20 rolls (1, 2..11) drop
    // from S=1 to S=0 with a one showing, and fumble too; (1,12) keeps S=1.
    //   P(fumble) = 1/144 + 20/144 · 1/6 = 26/864.
    let mut s = pass(2, Mount::Ground, Lance::Peace, Slot::Head);
    s.minor = 1;
    let o = pass_odds(&s).unwrap();
    is_fraction(&o, o.fumble, 26, 864);
}

#[test]
fn the_war_lance_bonus_die_on_the_shield() {
    // Target 2, ground, war, shield. Before the bonus die (out of 144):
    // S=2 102 times, S≥3 21 times. At S ≥ 2 the bonus d12 adds 0 (face 1),
    // 1 (2–11) or 2 (12). Dismount: 102·11/12 + 21 = 114.5 → 229/288.
    // Points: shield 1 on a hit (143/144), +3 on a dismount, −2 on (1,1):
    //   E = 143/144 + 3·229/288 − 2/144 = 969/288.
    // The bonus die's 1 counts as a one but S ≥ 2 already: never a fumble.
    let o = pass_odds(&pass(2, Mount::Ground, Lance::War, Slot::Shield)).unwrap();
    is_fraction(&o, o.dismount, 229, 288);
    is_fraction(&o, o.fumble, 1, 144);
    expected_is(&o, 969, 288);
    // The lance of peace rolls no bonus die: S ≥ 3 stays 21/144.
    let o = pass_odds(&pass(2, Mount::Ground, Lance::Peace, Slot::Shield)).unwrap();
    is_fraction(&o, o.dismount, 21, 144);
}

#[test]
fn the_gift_drops_the_lowest_die_and_its_one() {
    // Target 10, gift: 3d12, the two highest kept. A single 1 is dropped
    // and never counts as a one. Fumbles need S=0 with a kept 1:
    //   two 1s and a third die of 2–9: 3 places · 8 faces = 24;
    //   three 1s: 1. Two 1s and a 10–12 score ≥ 1 success: no fumble.
    //   P(fumble) = 25/1728.
    let mut s = pass(10, Mount::Ground, Lance::Peace, Slot::Shield);
    s.gift = true;
    let o = pass_odds(&s).unwrap();
    is_fraction(&o, o.fumble, 25, 1728);
    // And the chance of S = 0: all three dice at most 9 → 9³ = 729.
    is_fraction(&o, o.successes[&0], 729, 1728);
}

#[test]
fn json_has_exactly_the_named_fields() {
    let o = pass_odds(&pass(7, Mount::Ground, Lance::War, Slot::Head)).unwrap();
    let v = o.to_json();
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "expected_points",
            "p_dismount",
            "p_fumble",
            "p_hit",
            "successes"
        ]
    );
    let total: f64 = v["successes"]
        .as_object()
        .unwrap()
        .values()
        .map(|p| p.as_f64().unwrap())
        .sum();
    close(total, 1.0);
}

// ------------------------------------------------------------- Ritter

fn knight(dice: u8, covered: [u8; 6], wounds: u8) -> Knight {
    Knight {
        dice,
        covered,
        wounds,
    }
}

const NONE: [u8; 6] = [0; 6];
const SADDLE: [u8; 6] = [2, 2, 2, 0, 0, 0];
const ALL: [u8; 6] = [2; 6];

#[test]
fn one_die_against_all_covered_fields_always_loses() {
    // He can never wound a knight with every field covered twice (even the
    // furious second die meets a second cover), while one die against his
    // open fields hits half the time: sooner or later he falls.
    let o = joust_odds(&[knight(1, NONE, 0), knight(1, ALL, 0)]);
    close(o.p_lose, 1.0);
    close(o.p_lose_mounted, 1.0);
    assert_eq!(o.first_round, FirstRound::Mounted);
    close(o.first_round_wounds[&0], 1.0);
    close(o.first_round_wounds.values().sum(), 1.0);
}

#[test]
fn nine_wounds_each_one_die_each() {
    // Any hit is the tenth wound. First round: each hits with 1/2.
    //   both hit 1/4 → both out; one only 1/4 each; nobody 1/4 → furious.
    // Furious: two dice each, a hit with 3/4: both 9/16, one only 3/16,
    // nobody 1/16; given something happens (15/16): both 3/5, each 1/5.
    //   P(both out) = 1/4 + 1/4·3/5 = 2/5; P(win) = P(lose) = 1/4 + 1/4·1/5 = 3/10.
    let o = joust_odds(&[knight(1, NONE, 9), knight(1, NONE, 9)]);
    close(o.p_win, 0.3);
    close(o.p_lose, 0.3);
    close(o.p_both_out, 0.4);
    close(o.p_undecided, 0.0);
    close(o.first_round_wounds[&0], 0.5);
    close(o.first_round_wounds[&1], 0.5);
}

#[test]
fn one_die_each_nothing_covered_in_the_saddle() {
    // As above without wounds: mounted win = lose = 3/10, and both fall
    // (to foot) with 1/4 + 1/4·3/5 = 2/5. On foot the knights are equal.
    let o = joust_odds(&[knight(1, NONE, 0), knight(1, NONE, 0)]);
    close(o.p_win_mounted, 0.3);
    close(o.p_lose_mounted, 0.3);
    close(o.p_foot, 0.4);
    close(o.p_win, o.p_lose);
    close(o.p_win + o.p_lose + o.p_both_out, 1.0);
}

#[test]
fn only_the_furious_die_can_unhorse() {
    // Each covers 1, 2 and 3 once: one die never wounds, so the first round
    // passes without blood (first-round wounds: 0 for sure). Furious, two
    // dice wound only as a pair of the same number: 3/36 = 1/12, for one
    // wound. One only: (1/12)(11/12) each; both: 1/144; something at all:
    // 1 − (11/12)² = 23/144. So win = lose = 11/23, to foot 1/23 at (1, 1).
    let k = knight(1, [1, 1, 1, 0, 0, 0], 0);
    let o = joust_odds(&[k, k]);
    assert_eq!(o.first_round, FirstRound::Mounted);
    close(o.first_round_wounds[&0], 1.0);
    close(o.p_win_mounted, 11.0 / 23.0);
    close(o.p_lose_mounted, 11.0 / 23.0);
    close(o.p_foot, 1.0 / 23.0);
}

#[test]
fn unable_to_unhorse_they_dismount_at_once() {
    // Mounted fields covered twice on both sides and one die each: not even
    // the furious die can wound, so both dismount at once (engine ruling)
    // with their wounds: 9 and 9. On foot one die hits with 1/2; given a
    // hit, win, lose and both out are 1/3 each.
    let o = joust_odds(&[knight(1, SADDLE, 9), knight(1, SADDLE, 9)]);
    assert_eq!(o.first_round, FirstRound::Foot);
    close(o.p_foot, 1.0);
    for p in [o.p_win, o.p_lose, o.p_both_out] {
        close(p, 1.0 / 3.0);
    }
    close(o.first_round_wounds[&1], 0.5);
    // From 9 against 8 wounds: a third of the rounds that matter go to
    // (9, 9) (only the first knight hits), the rest end him:
    //   win = 1/3 · 1/3 = 1/9, both = 1/9, lose = 7/9.
    let o = joust_odds(&[knight(1, SADDLE, 9), knight(1, SADDLE, 8)]);
    close(o.p_win, 1.0 / 9.0);
    close(o.p_both_out, 1.0 / 9.0);
    close(o.p_lose, 7.0 / 9.0);
}

#[test]
fn a_joust_that_cannot_draw_blood_is_undecided() {
    // One die each against every field covered twice: by the engine's
    // ruling they dismount, cannot wound on foot either, and part undecided.
    let o = joust_odds(&[knight(1, ALL, 0), knight(1, ALL, 0)]);
    assert_eq!(o.first_round, FirstRound::None);
    close(o.p_undecided, 1.0);
    close(o.p_win + o.p_lose + o.p_both_out, 0.0);
    close(o.first_round_wounds[&0], 1.0);
    // Two dice each against all covered: two dice never beat two covers,
    // so the first round is bloodless; furious, three dice wound only when
    // all show the same mounted number: 3/216 = 1/72. Something happens with
    // 1 − (71/72)² = 143/5184: one falls alone with 71/5184 each (win and
    // lose 71/143), both fall with 1/5184 (1/143) — and on foot two dice
    // never wound: undecided.
    let o = joust_odds(&[knight(2, ALL, 0), knight(2, ALL, 0)]);
    close(o.p_win, 71.0 / 143.0);
    close(o.p_lose, 71.0 / 143.0);
    close(o.p_undecided, 1.0 / 143.0);
    close(o.p_both_out, 0.0);
}

#[test]
fn outcomes_always_add_up_to_one() {
    for dice in 1..=10 {
        for covered in 0..=12 {
            let a = standard_knight(dice, covered);
            for (d2, c2) in [(1, 12), (3, 6), (5, 2), (10, 0)] {
                let b = standard_knight(d2, c2);
                let o = joust_odds(&[a, b]);
                let total = o.p_win + o.p_lose + o.p_both_out + o.p_undecided;
                assert!((total - 1.0).abs() < 1e-9, "{a:?} {b:?}: {total}");
                let first: f64 = o.first_round_wounds.values().sum();
                assert!((first - 1.0).abs() < 1e-9);
                // Swapping the knights swaps win and lose.
                let r = joust_odds(&[b, a]);
                assert!((r.p_win - o.p_lose).abs() < 1e-9);
                assert!((r.p_both_out - o.p_both_out).abs() < 1e-9);
            }
        }
    }
}

#[test]
fn ritter_json_names_its_fields() {
    let o = joust_odds(&[knight(3, NONE, 0), knight(3, NONE, 0)]);
    let v = o.to_json();
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        ["first_round_wounds", "p_both_out", "p_lose", "p_win"]
    );
    assert!(v["first_round_wounds"]["3"].as_f64().unwrap() > 0.0);
}

// ------------------------------------------------------------- Glory

fn clash(t: u8, mount: u8, armor: u8, faith: u8, vs_attack: u8) -> ClashSetup {
    ClashSetup {
        strength_tokens: t,
        mount,
        armor,
        faith,
        prestige: 0,
        vs_attack,
        vs_prestige: 0,
    }
}

/// `weight / denominator == num / den`, exactly.
#[track_caller]
fn clash_fraction(o: &ClashOdds, weight: u64, num: u64, den: u64) {
    assert_eq!(
        u128::from(weight) * u128::from(den),
        u128::from(num) * u128::from(o.denominator),
        "{weight}/{} is not {num}/{den}",
        o.denominator
    );
}

#[test]
fn one_mount_die_one_armor_die_no_strength() {
    // Black: 0 1 2 3 4 and an unlit symbol worth 0 → values 0 (2 faces),
    // 1, 2, 3, 4. White: 0 1 1 2 3 and a symbol worth 0 → 0 (2), 1 (2), 2,
    // 3. No red die adds nothing. The sum over the 36 rolls:
    //   0: b0 w0             2·2                 = 4
    //   1: b0 w1, b1 w0      2·2 + 1·2           = 6
    //   2: b0 w2, b1 w1, b2 w0   2 + 2 + 2       = 6
    //   3: b0 w3, b1 w2, b2 w1, b3 w0   2+1+2+2  = 7
    //   4: b1 w3, b2 w2, b3 w1, b4 w0   1+1+2+2  = 6
    //   5: b2 w3, b3 w2, b4 w1   1 + 1 + 2       = 4
    //   6: b3 w3, b4 w2          1 + 1           = 2
    //   7: b4 w3                                 = 1
    let o = clash_odds(&clash(0, 1, 1, 0, 0)).unwrap();
    assert_eq!(o.denominator, 36);
    let expected: Vec<(u8, u64)> = vec![
        (0, 4),
        (1, 6),
        (2, 6),
        (3, 7),
        (4, 6),
        (5, 4),
        (6, 2),
        (7, 1),
    ];
    assert_eq!(o.attack.clone().into_iter().collect::<Vec<_>>(), expected);
    // Against attack 0, both prestige 0: a tie is the player's, every roll wins.
    clash_fraction(&o, o.win, 1, 1);
    // With the knight's prestige 1 the ties at 0 are lost: 32/36 = 8/9.
    let o = clash_odds(&ClashSetup {
        vs_prestige: 1,
        ..clash(0, 1, 1, 0, 0)
    })
    .unwrap();
    clash_fraction(&o, o.win, 8, 9);
    // Against 4 with prestige 0: 4 ties and wins → 6 + 4 + 2 + 1 = 13/36.
    let o = clash_odds(&clash(0, 1, 1, 0, 4)).unwrap();
    clash_fraction(&o, o.win, 13, 36);
}

#[test]
fn faith_rerolls_the_losing_zeros() {
    // As above against attack 0 and prestige 1: only 0 + 0 (4/36) loses.
    // One die re-rolled (K = 1): either colour shows 1 or more in 4/6, so
    // 32/36 + 4/36 · 4/6 = 208/216 = 26/27.
    let k1 = ClashSetup {
        vs_prestige: 1,
        ..clash(0, 1, 1, 1, 0)
    };
    let o = clash_odds(&k1).unwrap();
    clash_fraction(&o, o.win, 26, 27);
    // Both re-rolled (K = 2): 1 − 2/6 · 2/6 = 8/9, so 32/36 + 4/36 · 8/9 = 80/81.
    let o = clash_odds(&ClashSetup { faith: 2, ..k1 }).unwrap();
    clash_fraction(&o, o.win, 80, 81);
    clash_fraction(&o, o.rerolled, 4, 36);
    // The re-rolled 0 + 0 lands as the fresh two-dice sum; the others stay.
    // Attack 0 now: 4/36 · 4/36 = 16/1296.
    clash_fraction(&o, o.attack[&0], 16, 1296);
    // With one die either colour helps as much (4/6).
    assert_eq!(best_reroll(&k1, [0, 0, 0]).iter().sum::<u8>(), 1);
    assert_eq!(
        best_reroll(&ClashSetup { faith: 2, ..k1 }, [0, 0, 0]),
        [0, 1, 1]
    );
    assert_eq!(
        best_reroll(&k1, [0, 1, 0]),
        [0, 0, 0],
        "already winning: no re-roll"
    );
}

#[test]
fn four_tokens_and_level_four_light_the_symbols() {
    // Three dice of each colour. Unlit: the best of a colour is its top
    // value (5, 4, 3) with chance 1 − (5/6)³ = 91/216; lit, the symbol shows
    // it too: 1 − (4/6)³ = 152/216. Against 12 (prestige 0 each: the tie is
    // the player's) the clash needs all three tops.
    let o = clash_odds(&clash(3, 3, 3, 0, 12)).unwrap();
    clash_fraction(&o, o.win, 91 * 91 * 91, 216 * 216 * 216);
    let o = clash_odds(&clash(4, 4, 4, 0, 12)).unwrap();
    clash_fraction(&o, o.win, 152 * 152 * 152, 216 * 216 * 216);
    // The fourth token buys no fourth die, only the lit red symbol.
    assert_eq!(o.setup.dice(), [3, 3, 3]);
    // Only the mount lit (level IV, tokens 3, armor III): 152·91·91.
    let o = clash_odds(&clash(3, 4, 3, 0, 12)).unwrap();
    clash_fraction(&o, o.win, 152 * 91 * 91, 216 * 216 * 216);
    // The lowest attack, 1: lit, red 1, black 0 and white 0 show on one
    // face each, so all nine dice must show it: 1/6⁹.
    let o = clash_odds(&clash(4, 4, 4, 0, 0)).unwrap();
    clash_fraction(&o, o.attack[&1], 1, 216 * 216 * 216);
    // Unlit, one die each: from 1 + 0 + 0 to 5 + 4 + 3.
    let o = clash_odds(&clash(1, 1, 1, 0, 0)).unwrap();
    assert_eq!(o.setup.active(), [false, false, false]);
    assert_eq!(*o.attack.keys().next().unwrap(), 1);
    assert_eq!(*o.attack.keys().last().unwrap(), 5 + 4 + 3);
}

#[test]
fn faith_never_lowers_the_chance_to_win() {
    for t in 0..=4 {
        for level in 1..=4 {
            for a in [4, 8, 10, 12] {
                let mut last = 0.0;
                for k in [0, 1, 2, 3, 5, 10] {
                    let o = clash_odds(&clash(t, level, level, k, a)).unwrap();
                    assert!(o.p_win() >= last - 1e-15, "{:?}", o.setup);
                    assert!(o.win >= o.plain_win);
                    last = o.p_win();
                }
            }
        }
    }
}

/// The naive brute force: every face of every die, every subset of at most
/// K dice, every face of the re-rolled dice; the best subset for each roll.
/// Returns the win weight over `6^(dice + K)`.
fn brute_force(s: &ClashSetup) -> (u64, u64) {
    let dice = s.dice();
    let active = s.active();
    let colours: Vec<usize> = (0..3)
        .flat_map(|c| std::iter::repeat_n(COLOURS[c], usize::from(dice[c])))
        .collect();
    let lit = |c: usize| active[COLOURS.iter().position(|&x| x == c).unwrap()];
    let n = colours.len();
    let k = usize::from(s.faith).min(n);
    let attack = |faces: &[u8]| -> u8 {
        COLOURS
            .iter()
            .map(|&c| {
                faces
                    .iter()
                    .zip(&colours)
                    .filter(|&(_, &col)| col == c)
                    .map(|(&f, _)| die_value(c, f, lit(c)))
                    .max()
                    .unwrap_or(0)
            })
            .sum()
    };
    let mut total = 0u64;
    let mut faces = vec![0u8; n];
    for code in 0..6u64.pow(n as u32) {
        let mut rest = code;
        for f in faces.iter_mut() {
            *f = (rest % 6) as u8;
            rest /= 6;
        }
        let mut best = 0u64;
        for subset in 0..(1u32 << n) {
            let m = subset.count_ones() as usize;
            if m > k {
                continue;
            }
            let picked: Vec<usize> = (0..n).filter(|i| subset & (1 << i) != 0).collect();
            let mut wins = 0u64;
            let mut after = faces.clone();
            for re in 0..6u64.pow(m as u32) {
                let mut r = re;
                for &i in &picked {
                    after[i] = (r % 6) as u8;
                    r /= 6;
                }
                if s.wins(attack(&after)) {
                    wins += 1;
                }
            }
            best = best.max(wins * 6u64.pow((k - m) as u32));
        }
        total += best;
    }
    (total, 6u64.pow((n + k) as u32))
}

#[test]
fn faith_matches_the_brute_force_on_small_pools() {
    for (t, m, a, k, vs) in [
        (1, 1, 1, 2, 7),
        (1, 1, 1, 1, 5),
        (2, 1, 1, 2, 8),
        (0, 2, 1, 3, 5),
        (4, 1, 1, 2, 9),
        (0, 1, 2, 2, 3),
    ] {
        for vs_prestige in [0, 1] {
            let s = ClashSetup {
                vs_prestige,
                ..clash(t, m, a, k, vs)
            };
            let o = clash_odds(&s).unwrap();
            let (win, den) = brute_force(&s);
            assert_eq!(
                u128::from(o.win) * u128::from(den),
                u128::from(win) * u128::from(o.denominator),
                "{s:?}"
            );
            // Without Faith the brute force is the plain roll.
            let plain = ClashSetup { faith: 0, ..s };
            let (win, den) = brute_force(&plain);
            assert_eq!(
                u128::from(o.plain_win) * u128::from(den),
                u128::from(win) * u128::from(o.denominator),
                "{s:?}"
            );
        }
    }
}

#[test]
fn glory_json_has_exactly_the_named_fields() {
    let o = clash_odds(&ClashSetup {
        faith: 2,
        ..clash(3, 2, 2, 0, 8)
    })
    .unwrap();
    let v = o.to_json();
    let mut keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["attack", "p_win"]);
    let total: f64 = v["attack"]
        .as_object()
        .unwrap()
        .values()
        .map(|p| p.as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12);
}
