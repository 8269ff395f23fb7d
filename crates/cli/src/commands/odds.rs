//! `tourney odds`: exact chances for the dice of the games, from the rules
//! code itself (`tourney-odds`). A small table and a bar chart for people,
//! one JSON object with `--json`.
//!
//! Flag values are read as text and checked here, so that every bad value —
//! a target of 11, a negative number, an unknown aim — fails with one line
//! naming the flag and exit code 2.

use super::emit;
use crate::failure::{Failure, Result};
use clap::{Args, Subcommand};
use std::collections::BTreeMap;
use tourney_joust::{Gear, Lance, Mount, Slot};
use tourney_odds::BadInput;
use tourney_odds::glory::{self, ClashOdds, ClashSetup, Pool};
use tourney_odds::joust::{self, AIMS, PassOdds, PassSetup};
use tourney_odds::ritter::{self, COVER_ORDER, FirstRound, JoustOdds, Knight, TRAININGS};

#[derive(Args, Debug)]
pub struct OddsArgs {
    #[command(subcommand)]
    pub calc: Calc,
}

#[derive(Subcommand, Debug)]
pub enum Calc {
    /// Glory: one clash against a knight — attack distribution and win chance, with the best Faith re-roll.
    GloryClash(GloryClashArgs),
    /// Glory: win chances of common dice pools against a knight's attack 6 to 14.
    GloryTable(GloryTableArgs),
    /// Card Joust: one player's roll in a pass — net successes, hit, dismount, fumble, expected points.
    JoustPass(JoustPassArgs),
    /// Card Joust: the chances and expected points of a pass for every target number and aim.
    JoustTable(JoustTableArgs),
    /// Ritter: a whole joust from the first mounted round — win, lose, both out.
    RitterJoust(RitterJoustArgs),
    /// Ritter: win chances of equal knights by dice and covered fields, or of training choices.
    RitterTable(RitterTableArgs),
}

#[derive(Args, Debug)]
pub struct GloryClashArgs {
    /// Strength tokens committed to the duel, 0 to 4 (required; dice = min(T, 3), the fourth lights the red symbol).
    #[arg(long, allow_hyphen_values = true)]
    pub strength_tokens: Option<String>,
    /// Mount level, 1 to 4 (required; one black die per level, level IV lights the symbol).
    #[arg(long, allow_hyphen_values = true)]
    pub mount: Option<String>,
    /// Armor level, 1 to 4 (required; one white die per level, level IV lights the symbol).
    #[arg(long, allow_hyphen_values = true)]
    pub armor: Option<String>,
    /// One Faith re-roll of up to K dice, chosen after the roll (0: none; 2, +1 per Sister, +2 per Bishop).
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    pub faith: String,
    /// Your active prestige tokens, 0 to 6 (a tie is yours with at least the knight's prestige).
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    pub prestige: String,
    /// The knight's attack, 0 to 30 (required).
    #[arg(long, allow_hyphen_values = true)]
    pub vs_attack: Option<String>,
    /// The knight's prestige, 0 to 9.
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    pub vs_prestige: String,
    /// Print one JSON object: attack, p_win.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct GloryTableArgs {
    /// One Faith re-roll of up to K dice in every clash (0: none).
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    pub faith: String,
    /// Ties lost (the knight has more prestige) instead of won.
    #[arg(long)]
    pub ties_lost: bool,
}

/// The rider of a Card Joust pass: what both `joust-pass` and `joust-table` need.
#[derive(Args, Debug)]
pub struct JoustRiderArgs {
    /// Mount: `ground` or `flying` (required).
    #[arg(long, allow_hyphen_values = true)]
    pub mount: Option<String>,
    /// Lance: `war` or `peace` (required).
    #[arg(long, allow_hyphen_values = true)]
    pub lance: Option<String>,
    /// The ground mount's gift: roll three d12 and keep the two highest.
    #[arg(long)]
    pub gift: bool,
    /// Minor-injury dice in the knight's pool, 0 to 3.
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    pub minor: String,
    /// Major-injury dice in the knight's pool, 0 to 9.
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    pub major: String,
}

impl JoustRiderArgs {
    /// The pass this rider makes at `target` aiming at `aim`.
    fn setup(&self, target: u8, aim: Slot) -> Result<PassSetup> {
        let gear = gear(&self.mount, &self.lance)?;
        let (minor, major) = injuries(&self.minor, &self.major)?;
        Ok(PassSetup {
            target,
            gear,
            aim,
            gift: self.gift,
            minor,
            major,
        })
    }
}

#[derive(Args, Debug)]
pub struct JoustPassArgs {
    /// Target number: the opponent's card on the aimed slot, 2 to 10 (required).
    #[arg(long, allow_hyphen_values = true)]
    pub target: Option<String>,
    /// Aim: `head`, `body`, `arm` or `shield` (required).
    #[arg(long, allow_hyphen_values = true)]
    pub aim: Option<String>,
    #[command(flatten)]
    pub rider: JoustRiderArgs,
    /// Print one JSON object: successes, p_hit, p_dismount, p_fumble, expected_points.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct JoustTableArgs {
    #[command(flatten)]
    pub rider: JoustRiderArgs,
}

#[derive(Args, Debug)]
pub struct RitterJoustArgs {
    /// Your knight's combat dice, 1 to 10 (required).
    #[arg(long, allow_hyphen_values = true)]
    pub dice: Option<String>,
    /// Your covered mounted hit fields, e.g. `1,2,3` (1 to 3, each at most twice; empty for none: `--mounted ''`; required).
    #[arg(long, allow_hyphen_values = true)]
    pub mounted: Option<String>,
    /// Your covered foot hit fields, e.g. `4,5,6` (4 to 6, each at most twice; empty for none: `--foot ''`; required).
    #[arg(long, allow_hyphen_values = true)]
    pub foot: Option<String>,
    /// Wounds your knight brings to the joust, 0 to 9.
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    pub wounds: String,
    /// The opponent's combat dice, 1 to 10 (required).
    #[arg(long, allow_hyphen_values = true)]
    pub vs_dice: Option<String>,
    /// The opponent's covered mounted hit fields (as --mounted; required).
    #[arg(long, allow_hyphen_values = true)]
    pub vs_mounted: Option<String>,
    /// The opponent's covered foot hit fields (as --foot; required).
    #[arg(long, allow_hyphen_values = true)]
    pub vs_foot: Option<String>,
    /// Wounds the opponent brings to the joust, 0 to 9.
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    pub vs_wounds: String,
    /// Print one JSON object: p_win, p_lose, p_both_out, first_round_wounds.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct RitterTableArgs {
    /// Instead of equal knights: one knight spends one or two training points
    /// (dice or fields) and meets his untrained twin.
    #[arg(long)]
    pub training: bool,
}

pub fn run(args: OddsArgs) -> Result<()> {
    match args.calc {
        Calc::GloryClash(a) => glory_clash(a),
        Calc::GloryTable(a) => glory_table(a),
        Calc::JoustPass(a) => joust_pass(a),
        Calc::JoustTable(a) => joust_table(a),
        Calc::RitterJoust(a) => ritter_joust(a),
        Calc::RitterTable(a) => ritter_table(a),
    }
}

// ---------------------------------------------------------------- reading flags

fn bad(e: BadInput) -> Failure {
    Failure::bad(e.to_string())
}

fn required<'a>(flag: &str, value: &'a Option<String>, what: &str) -> Result<&'a str> {
    value
        .as_deref()
        .ok_or_else(|| Failure::bad(format!("--{flag} is missing: give {what}")))
}

/// A small whole number; the range itself is checked by the calculator.
fn number(flag: &str, text: &str, what: &str) -> Result<u8> {
    let text = text.trim();
    match text.parse::<i64>() {
        Ok(n) if n < 0 => Err(Failure::bad(format!(
            "--{flag}: {n} is negative: give {what}"
        ))),
        Ok(n) => u8::try_from(n)
            .map_err(|_| Failure::bad(format!("--{flag}: {n} is far too large: give {what}"))),
        Err(_) => Err(Failure::bad(format!(
            "--{flag}: `{text}` is not a whole number: give {what}"
        ))),
    }
}

fn choice<T: Copy>(flag: &str, text: &str, options: &[(&str, T)]) -> Result<T> {
    let wanted = text.trim().to_ascii_lowercase();
    options
        .iter()
        .find(|(name, _)| *name == wanted)
        .map(|&(_, v)| v)
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
            Failure::bad(format!(
                "--{flag}: `{}` is not one of {}",
                text.trim(),
                names.join(", ")
            ))
        })
}

const MOUNTS: [(&str, Mount); 2] = [("ground", Mount::Ground), ("flying", Mount::Flying)];
const LANCES: [(&str, Lance); 2] = [("war", Lance::War), ("peace", Lance::Peace)];

fn gear(mount: &Option<String>, lance: &Option<String>) -> Result<Gear> {
    let mount = choice(
        "mount",
        required("mount", mount, "`ground` or `flying`")?,
        &MOUNTS,
    )?;
    let lance = choice(
        "lance",
        required("lance", lance, "`war` or `peace`")?,
        &LANCES,
    )?;
    Ok(Gear::new(mount, lance))
}

fn injuries(minor: &str, major: &str) -> Result<(u8, u8)> {
    Ok((
        number("minor", minor, "0 to 3 minor-injury dice")?,
        number("major", major, "0 to 9 major-injury dice")?,
    ))
}

// ---------------------------------------------------------------- drawing

/// Width of a full bar.
const BAR: usize = 40;

/// A bar of `p` against `max`, in eighths of a character.
fn bar(p: f64, max: f64) -> String {
    if max <= 0.0 || p <= 0.0 {
        return String::new();
    }
    let eighths = ((p / max) * (BAR * 8) as f64).round() as usize;
    let mut s = "█".repeat(eighths / 8);
    const PARTS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];
    s += PARTS[eighths % 8];
    if s.is_empty() {
        // Possible, however rarely: show it.
        s.push('▏');
    }
    s
}

/// A probability as a percentage with two decimals; a tiny non-zero chance
/// is not shown as zero.
fn pct(p: f64) -> String {
    // Differences of sums can stray below 0 or above 1 by a rounding step.
    let p = p.clamp(0.0, 1.0);
    if p > 0.0 && p < 0.00005 {
        "<0.01%".to_string()
    } else {
        format!("{:.2}%", p * 100.0)
    }
}

/// A percentage with one decimal, for the wide tables.
fn pct1(p: f64) -> String {
    let p = p.clamp(0.0, 1.0);
    if p > 0.0 && p < 0.0005 {
        "<0.1%".to_string()
    } else {
        format!("{:.1}%", p * 100.0)
    }
}

/// Rows of `label  chance  bar`.
fn chart<K: std::fmt::Display>(rows: &BTreeMap<K, f64>, label_width: usize) -> String {
    let max = rows.values().cloned().fold(0.0, f64::max);
    let mut text = String::new();
    for (k, &p) in rows {
        if p <= 0.0 {
            continue;
        }
        text += &format!(
            "{:>label_width$}  {:>7}  {}\n",
            k.to_string(),
            pct(p),
            bar(p, max)
        );
    }
    text
}

fn dice_words(n: u8, kind: &str) -> String {
    format!("{n} {kind} {}", if n == 1 { "die" } else { "dice" })
}

fn roll_words(s: &PassSetup) -> String {
    let d12 = if s.gift {
        "3d12 keep the best two (gift)".to_string()
    } else {
        "2d12".to_string()
    };
    let injuries = match (s.minor, s.major) {
        (0, 0) => "no injury dice".to_string(),
        (k, 0) => dice_words(k, "minor-injury"),
        (0, m) => dice_words(m, "major-injury"),
        (k, m) => format!(
            "{} and {}",
            dice_words(k, "minor-injury"),
            dice_words(m, "major-injury")
        ),
    };
    format!("{d12}, {injuries}")
}

fn signed(x: f64) -> String {
    if x.abs() < 0.005 {
        "0.00".to_string()
    } else {
        format!("{x:+.2}")
    }
}

// ---------------------------------------------------------------- Glory

fn glory_clash(a: GloryClashArgs) -> Result<()> {
    let tokens = "0 to 4 Strength tokens";
    let level = "a level, 1 to 4";
    let setup = ClashSetup {
        strength_tokens: number(
            "strength-tokens",
            required("strength-tokens", &a.strength_tokens, tokens)?,
            tokens,
        )?,
        mount: number("mount", required("mount", &a.mount, level)?, level)?,
        armor: number("armor", required("armor", &a.armor, level)?, level)?,
        faith: number("faith", &a.faith, "the dice a Faith re-roll may take")?,
        prestige: number("prestige", &a.prestige, "your active prestige tokens")?,
        vs_attack: number(
            "vs-attack",
            required("vs-attack", &a.vs_attack, "the knight's attack")?,
            "the knight's attack",
        )?,
        vs_prestige: number("vs-prestige", &a.vs_prestige, "the knight's prestige")?,
    };
    let odds = glory::clash_odds(&setup).map_err(bad)?;
    if a.json {
        return emit(&format!("{}\n", odds.to_json()));
    }
    emit(&clash_text(&odds))
}

fn pool_words(s: &ClashSetup) -> String {
    let [red, black, white] = s.dice();
    let [lit_red, lit_black, lit_white] = s.active();
    let lit = |on: bool| if on { ", symbol lit" } else { "" };
    let mut parts = Vec::new();
    if red > 0 {
        parts.push(format!("{}{}", dice_words(red, "red"), lit(lit_red)));
    }
    parts.push(format!("{}{}", dice_words(black, "black"), lit(lit_black)));
    parts.push(format!("{}{}", dice_words(white, "white"), lit(lit_white)));
    parts.join(", ")
}

fn clash_text(o: &ClashOdds) -> String {
    let s = &o.setup;
    let faith = match s.faith {
        0 => "no Faith".to_string(),
        1 => "one Faith re-roll of 1 die after the roll".to_string(),
        k => format!("one Faith re-roll of up to {k} dice after the roll"),
    };
    let tie = if s.prestige >= s.vs_prestige {
        "yours"
    } else {
        "lost"
    };
    let mut text = format!(
        "Glory clash: {} Strength {}, mount {}, armor {}; {faith}\n\
         Dice: {}.\n\
         Against a knight of attack {}; prestige {} against his {}: a tie is {tie}.\n\n",
        s.strength_tokens,
        if s.strength_tokens == 1 {
            "token"
        } else {
            "tokens"
        },
        s.mount,
        s.armor,
        pool_words(s),
        s.vs_attack,
        s.prestige,
        s.vs_prestige,
    );
    text += if s.faith == 0 {
        "attack\n"
    } else {
        "attack after the best re-roll\n"
    };
    text += &chart(&o.attack_p(), 3);
    text += &format!("\nwin                      {:>7}\n", pct(o.p_win()));
    if s.faith > 0 {
        text += &format!(
            "  without the re-roll    {:>7}\n\
             Faith used               {:>7}\n",
            pct(o.p_plain_win()),
            pct(o.p_rerolled())
        );
    }
    text += &format!("mean attack              {:>7.2}\n", o.mean_attack());
    text
}

/// The pools of the Glory table: tokens, mount, armor.
const GLORY_POOLS: [(u8, u8, u8); 9] = [
    (1, 2, 2),
    (2, 2, 2),
    (3, 2, 2),
    (4, 2, 2),
    (3, 3, 3),
    (4, 3, 3),
    (3, 4, 4),
    (4, 4, 3),
    (4, 4, 4),
];

fn glory_table(a: GloryTableArgs) -> Result<()> {
    let faith = number("faith", &a.faith, "the dice a Faith re-roll may take")?;
    let attacks = 6..=13u8;
    let mut text = format!(
        "Glory, one clash against a knight: the chance to win by dice pool and knight's attack\n\
         ({}); {}.\n\n",
        if a.ties_lost {
            "ties lost: the knight has more prestige"
        } else {
            "ties won: at least the knight's prestige"
        },
        match faith {
            0 => "no Faith".to_string(),
            k => format!("one Faith re-roll of up to {k} after the roll"),
        }
    );
    text += &format!("{:<22}", "tokens/mount/armor");
    for a in attacks.clone() {
        text += &format!("{a:>7}");
    }
    text += "\n";
    for (t, m, r) in GLORY_POOLS {
        let pool = Pool {
            strength_tokens: t,
            mount: m,
            armor: r,
        };
        let row = glory::win_row(pool, faith, !a.ties_lost, attacks.clone()).map_err(bad)?;
        text += &format!("{:<22}", format!("{t} / {m} / {r}"));
        for p in row {
            text += &format!("{:>7}", pct1(p));
        }
        text += "\n";
    }
    emit(&text)
}

// ---------------------------------------------------------------- Card Joust

fn joust_pass(a: JoustPassArgs) -> Result<()> {
    let target = number(
        "target",
        required("target", &a.target, "the target number, 2 to 10")?,
        "the target number, 2 to 10",
    )?;
    let aim = choice(
        "aim",
        required("aim", &a.aim, "`head`, `body`, `arm` or `shield`")?,
        &AIMS,
    )?;
    let setup = a.rider.setup(target, aim)?;
    let odds = joust::pass_odds(&setup).map_err(bad)?;
    if a.json {
        return emit(&format!("{}\n", odds.to_json()));
    }
    emit(&pass_text(&odds))
}

fn aim_name(aim: Slot) -> &'static str {
    AIMS.iter()
        .find(|(_, s)| *s == aim)
        .map_or("arm", |(n, _)| n)
}

fn pass_text(o: &PassOdds) -> String {
    let s = &o.setup;
    let mut text = format!(
        "Card Joust pass: target {}, {}, aimed at the {}\n\
         Roll: {}; no push. Exact over {} equally likely outcomes.\n\n",
        s.target,
        s.gear,
        aim_name(s.aim),
        roll_words(s),
        o.denominator
    );
    text += "net successes (S)\n";
    text += &chart(&o.successes_p(), 3);
    text += "\npoints this pass\n";
    let points = o.points_p();
    let max = points.values().cloned().fold(0.0, f64::max);
    for (k, p) in points {
        if p > 0.0 {
            let label = if k == 0 {
                "0".to_string()
            } else {
                format!("{k:+}")
            };
            text += &format!("{label:>3}  {:>7}  {}\n", pct(p), bar(p, max));
        }
    }
    text += &format!(
        "\nhit (S ≥ 1, no fumble)    {:>7}\n\
         dismount (S ≥ 3)          {:>7}\n\
         fumble (more 1s than S)   {:>7}\n\
         expected points           {:>7}\n",
        pct(o.p_hit()),
        pct(o.p_dismount()),
        pct(o.p_fumble()),
        signed(o.expected_points()),
    );
    text
}

fn joust_table(a: JoustTableArgs) -> Result<()> {
    let base = a.rider.setup(2, Slot::Head)?;
    let rows = joust::by_target(&base).map_err(bad)?;
    let mut text = format!(
        "Card Joust, one pass by target number: {}; {}; no push\n\n",
        base.gear,
        roll_words(&base)
    );
    text += "                                 dismount    expected points by aim\n";
    text += "target     hit  dismount  fumble  on shield    head   body    arm  shield\n";
    for row in rows {
        let [head, body, arm, shield] = &row.by_aim;
        text += &format!(
            "{:>6}  {:>6}  {:>8}  {:>6}  {:>9}  {:>6} {:>6} {:>6}  {:>6}\n",
            row.target,
            pct1(head.p_hit()),
            pct1(head.p_dismount()),
            pct1(head.p_fumble()),
            pct1(shield.p_dismount()),
            signed(head.expected_points()),
            signed(body.expected_points()),
            signed(arm.expected_points()),
            signed(shield.expected_points()),
        );
    }
    emit(&text)
}

// ---------------------------------------------------------------- Ritter

fn knight(
    flags: ritter::Flags,
    dice: &Option<String>,
    mounted: &Option<String>,
    foot: &Option<String>,
    wounds: &str,
) -> Result<Knight> {
    let dice = number(
        flags.dice,
        required(flags.dice, dice, "the knight's combat dice, 1 to 10")?,
        "1 to 10 combat dice",
    )?;
    let mounted = required(
        flags.mounted,
        mounted,
        "the covered mounted fields, e.g. `1,2,3`, or '' for none",
    )?;
    let foot = required(
        flags.foot,
        foot,
        "the covered foot fields, e.g. `4,5,6`, or '' for none",
    )?;
    let wounds = number(flags.wounds, wounds, "0 to 9 wounds")?;
    Knight::new(dice, mounted, foot, wounds, flags).map_err(bad)
}

fn ritter_joust(a: RitterJoustArgs) -> Result<()> {
    let me = knight(ritter::FIRST, &a.dice, &a.mounted, &a.foot, &a.wounds)?;
    let them = knight(
        ritter::SECOND,
        &a.vs_dice,
        &a.vs_mounted,
        &a.vs_foot,
        &a.vs_wounds,
    )?;
    let odds = ritter::joust_odds(&[me, them]);
    if a.json {
        return emit(&format!("{}\n", odds.to_json()));
    }
    emit(&joust_text(&me, &them, &odds))
}

fn knight_words(k: &Knight) -> String {
    let list = |fields: Vec<u8>| {
        if fields.is_empty() {
            "-".to_string()
        } else {
            fields
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    let (mounted, foot) = k.fields();
    format!(
        "{}, covers {} | {}, {} {}",
        dice_words(k.dice, "combat"),
        list(mounted),
        list(foot),
        k.wounds,
        if k.wounds == 1 { "wound" } else { "wounds" }
    )
}

fn joust_text(me: &Knight, them: &Knight, o: &JoustOdds) -> String {
    let mut text = format!(
        "Ritter joust, to the end without yielding\n\
         you:      {}\n\
         opponent: {}\n\n",
        knight_words(me),
        knight_words(them)
    );
    let max = [o.p_win, o.p_lose, o.p_both_out, o.p_undecided]
        .into_iter()
        .fold(0.0, f64::max);
    let line = |label: &str, p: f64, with_bar: bool| {
        let bar = if with_bar { bar(p, max) } else { String::new() };
        let text = format!("{label:<30} {:>7}  {bar}", pct(p));
        format!("{}\n", text.trim_end())
    };
    text += &line("you win", o.p_win, true);
    text += &line("  in the saddle", o.p_win_mounted, false);
    text += &line("  on foot", o.p_win - o.p_win_mounted, false);
    text += &line("you lose", o.p_lose, true);
    text += &line("  in the saddle", o.p_lose_mounted, false);
    text += &line("  on foot", o.p_lose - o.p_lose_mounted, false);
    text += &line("both out (10 wounds each)", o.p_both_out, true);
    text += &line("undecided (no blood possible)", o.p_undecided, true);
    text += &line("the joust goes to foot", o.p_foot, false);
    let round = match o.first_round {
        FirstRound::Mounted => "the first round (mounted)",
        FirstRound::Foot => {
            "the first round (on foot: nobody can unhorse anybody, so both dismount at once)"
        }
        FirstRound::None => "the first round (none is fought: nobody can wound anybody)",
    };
    text += &format!("\nwounds you deal in {round}\n");
    text += &chart(&o.first_round_wounds, 3);
    text
}

fn ritter_table(a: RitterTableArgs) -> Result<()> {
    if a.training {
        return emit(&training_table());
    }
    let order: Vec<String> = COVER_ORDER.iter().take(9).map(u8::to_string).collect();
    let mut text = format!(
        "Ritter, two equal knights (same dice, same covered fields, no wounds), to the end\n\
         without yielding. Fields are covered in the order {} (each number once, mounted first).\n",
        order.join(" ")
    );
    let dice = 2..=8u8;
    let covered = 0..=9usize;
    let odds: Vec<Vec<JoustOdds>> = dice
        .clone()
        .map(|d| {
            covered
                .clone()
                .map(|c| ritter::equal_knights(d, c))
                .collect()
        })
        .collect();
    let header = {
        let mut h = "dice \\ covered".to_string();
        for c in covered.clone() {
            h += &format!("{c:>7}");
        }
        h + "\n"
    };
    for (title, pick) in [
        (
            "chance that one of them wins (the other wins as often)",
            (|o: &JoustOdds| o.p_win) as fn(&JoustOdds) -> f64,
        ),
        (
            "chance that both are knocked out (10 wounds in the same round)",
            |o: &JoustOdds| o.p_both_out,
        ),
        ("chance that the joust goes to foot", |o: &JoustOdds| {
            o.p_foot
        }),
    ] {
        text += &format!("\n{title}\n{header}");
        for (d, row) in dice.clone().zip(&odds) {
            text += &format!("{d:>14}");
            for o in row {
                text += &format!("{:>7}", pct1(pick(o)));
            }
            text += "\n";
        }
    }
    emit(&text)
}

fn training_table() -> String {
    let mut text = String::from(
        "Ritter, training: a knight spends training points and meets his untrained twin\n\
         (no wounds, to the end without yielding). Knights as on the house cards: dice + covered\n\
         fields = 9, fields covered in the order 1 2 3 4 5 6 1 2 3 4 5 6. Each cell: the trained\n\
         knight's chance to win (his chance to lose in brackets). Untrained twins: see\n\
         `tourney odds ritter-table`.\n\n",
    );
    let labels = ["+1 die", "+1 field", "+2 dice", "+die +field", "+2 fields"];
    text += &format!("{:<18}", "before training");
    for l in labels {
        text += &format!("{l:>14}");
    }
    text += "\n";
    for dice in 2..=7u8 {
        let covered = 9 - usize::from(dice);
        text += &format!("{:<18}", format!("{dice} dice, {covered} fields"));
        for training in TRAININGS.into_iter().skip(1) {
            let o = ritter::trained_against_twin(dice, covered, training);
            text += &format!("{:>14}", format!("{} ({})", pct1(o.p_win), pct1(o.p_lose)));
        }
        text += "\n";
    }
    text
}
