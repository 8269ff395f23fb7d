//! Where the glory of a Glory game comes from: plays games and sums, per
//! moment of the round and per kind of step, the glory each player gained.
//!
//! `cargo run --release -p tourney-bots --example glory_sources -- [GAMES] [SEED] [BOT] [TABLE]`
//!
//! TABLE is `2p`, `3p`, `4p` or a solo mode and difficulty such as
//! `score-easy` (default). It prints, per source, the mean glory a game
//! brought the first seat (and Otto or the other seats), so the house
//! components can be set against the printed solo targets: a source that
//! pays little is where a calibration would look.
//!
//! A source is the moment of the round and the kind of step after which
//! the glory showed: a duel's glory shows after the step that ends it (a
//! die, a pass), the titles' after the last step of the Final Journey.
//! The first seat's duels are counted as well (`duels fought`, `duels
//! won`), from the view's last finished duel at each step: two duels that
//! end in the same step count once, and a duel that ends a round counts
//! in the round after it. So are its holdings when each round's
//! Registration opens (`holding, round R, …`: Strength, Faith, coins,
//! mount and armor levels, supports, relics), what it brings to the
//! tournament.

use std::collections::BTreeMap;
use tourney_bots::{Bot, BotSpec};
use tourney_core::playout::{Buffers, Chooser, play, sample_chance};
use tourney_core::{Game, GameRng, Seat, SeatSet, Weight};
use tourney_glory::{Config, Glory, View};
use tourney_glory::{DuelCtx, DuelReport, Fighter};

const STEPS: [&str; 7] = [
    "actions",
    "journey",
    "maintenance",
    "registration",
    "tournament",
    "final journey",
    "titles",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|g| g.parse().ok()).unwrap_or(50);
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let spec =
        BotSpec::parse(args.get(2).map_or("ismcts:300", String::as_str)).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        });
    let table = args.get(3).map_or("score-easy", String::as_str);
    let (config, seats) = table_of(table).unwrap_or_else(|| {
        eprintln!("unknown table {table}: 2p, 3p, 4p or MODE-LEVEL (score-easy …)");
        std::process::exit(2)
    });
    let mut sums: BTreeMap<(usize, String), f64> = BTreeMap::new();
    let mut finals: Vec<Vec<u16>> = Vec::new();
    for game in 0..games {
        let Ok(mut state) = Glory::new(&config, seats) else {
            eprintln!("the table {table} cannot be set up");
            std::process::exit(2)
        };
        let mut noting = Noting {
            bots: (0..seats)
                .map(|s| spec.build::<Glory>(seed ^ (game << 8) ^ s as u64))
                .collect(),
            rng: GameRng::for_game(seed, game),
            last: None,
            sums: &mut sums,
            last_duel: None,
            holdings_round: 0,
        };
        play(&mut state, &mut noting, &mut Buffers::default(), 100_000);
        noting.note(&state, String::new());
        let end = state.view(None);
        if let Some(solo) = &end.solo {
            *sums
                .entry((0, "Joust à Plaisance trophies won".into()))
                .or_default() += f64::from(solo.trophies);
        }
        finals.push(end.players.iter().map(|p| p.glory).collect());
    }
    report(&sums, &finals, games);
}

/// The options and seat count of a table kind.
fn table_of(table: &str) -> Option<(Config, usize)> {
    match table {
        "2p" => Some((Config::default(), 2)),
        "3p" => Some((Config::default(), 3)),
        "4p" => Some((Config::default(), 4)),
        _ => {
            let (mode, level) = table.split_once('-')?;
            let json = format!(r#"{{"solo":{{"mode":"{mode}","difficulty":"{level}"}}}}"#);
            serde_json::from_str::<Config>(&json).ok().map(|c| (c, 1))
        }
    }
}

/// Bots, and the glory each player held before the step last taken.
struct Noting<'a> {
    bots: Vec<Box<dyn Bot<Glory>>>,
    rng: GameRng,
    /// The step's source and each player's glory before it.
    last: Option<(String, Vec<u16>)>,
    sums: &'a mut BTreeMap<(usize, String), f64>,
    /// The last finished duel seen, so each is counted once.
    last_duel: Option<DuelReport>,
    /// The last round whose holdings at Registration were counted.
    holdings_round: usize,
}

impl Noting<'_> {
    /// Credits the glory gained since the last step to that step's source,
    /// then remembers `source` as the step about to be taken.
    fn note(&mut self, state: &Glory, source: String) {
        let view = state.view(None);
        let now: Vec<u16> = view.players.iter().map(|p| p.glory).collect();
        if let Some((from, before)) = self.last.take() {
            for (p, (a, b)) in now.iter().zip(&before).enumerate() {
                let gain = f64::from(*a) - f64::from(*b);
                if gain != 0.0 {
                    *self.sums.entry((p, from.clone())).or_default() += gain;
                }
            }
        }
        self.tally_duel(view.last_duel, state);
        self.tally_holdings(&view, state);
        let moment = state.plan_phase().map_or("end", |p| STEPS[p % 7]);
        self.last = Some((format!("{moment}: {source}"), now));
    }
}

impl Noting<'_> {
    /// Counts a newly finished duel of the first seat: fought and won, by
    /// what it was fought for (a key starting with `duel`).
    fn tally_duel(&mut self, duel: Option<DuelReport>, state: &Glory) {
        if duel == self.last_duel {
            return;
        }
        self.last_duel = duel;
        let Some(d) = duel else { return };
        let Some(side) = d
            .fighters
            .iter()
            .position(|f| *f == Fighter::Player(Seat::new(0)))
        else {
            return;
        };
        let what = match d.ctx {
            DuelCtx::Journey { .. } => "Challenge card",
            DuelCtx::PasDArmes { .. } => "Pas d'Armes",
            DuelCtx::Joust { game } if game < 4 => "Joust, first",
            DuelCtx::Joust { game } if game < 6 => "Joust, second",
            DuelCtx::Joust { .. } => "Joust, final",
            _ => "title",
        };
        let round = state.plan_phase().map_or(3, |p| p / 7 + 1);
        let won = usize::from(d.winner) == side;
        for key in [
            format!("duels fought, {what}, round {round}"),
            format!("duels won, {what}, round {round}"),
        ]
        .into_iter()
        .take(if won { 2 } else { 1 })
        {
            *self.sums.entry((0, key)).or_default() += 1.0;
        }
    }
}

impl Noting<'_> {
    /// Counts the first seat's holdings at the first step of each round's
    /// Registration: what it will fight the round's tournament with.
    fn tally_holdings(&mut self, view: &View, state: &Glory) {
        let Some(phase) = state.plan_phase() else {
            return;
        };
        let round = phase / 7 + 1;
        if STEPS[phase % 7] != "registration" || round <= self.holdings_round {
            return;
        }
        self.holdings_round = round;
        let Some(me) = view.players.first() else {
            return;
        };
        for (what, count) in [
            ("Strength", usize::from(me.strength)),
            ("Faith", usize::from(me.faith)),
            ("coins", usize::from(me.coins)),
            ("mount level", usize::from(me.mount)),
            ("armor level", usize::from(me.armor)),
            (
                "supports",
                me.supports.iter().map(|s| usize::from(s.owned)).sum(),
            ),
            (
                "relics",
                me.relics.iter().map(|r| usize::from(r.owned)).sum(),
            ),
        ] {
            *self
                .sums
                .entry((0, format!("holding, round {round}, {what}")))
                .or_default() += count as f64;
        }
    }
}

/// The kind of an action, as its variant name (a placement keeps its space).
fn kind(action: &<Glory as Game>::Action) -> String {
    let text = format!("{action:?}");
    if text.starts_with("Place") {
        return text;
    }
    text.split(['(', ' ', '{'])
        .next()
        .unwrap_or("?")
        .to_string()
}

impl Chooser<Glory> for Noting<'_> {
    fn act(
        &mut self,
        state: &Glory,
        on_move: SeatSet,
        actions: &mut Vec<<Glory as Game>::Action>,
    ) -> Option<(Seat, usize)> {
        let seat = on_move.first_seat()?;
        let action = self.bots.get_mut(seat.index())?.choose(state, seat)?;
        self.note(state, kind(&action));
        actions.clear();
        actions.push(action);
        Some((seat, 0))
    }

    fn chance(
        &mut self,
        state: &Glory,
        outcomes: &mut Vec<(<Glory as Game>::Chance, Weight)>,
    ) -> Option<usize> {
        self.note(state, "chance".to_string());
        sample_chance(state, outcomes, &mut self.rng)
    }
}

/// Prints the mean gain per game of every source, seat by seat.
fn report(sums: &BTreeMap<(usize, String), f64>, finals: &[Vec<u16>], games: u64) {
    let n = games.max(1) as f64;
    let seats = finals.first().map_or(0, Vec::len);
    for p in 0..seats {
        let mean = finals
            .iter()
            .filter_map(|f| f.get(p))
            .map(|g| f64::from(*g))
            .sum::<f64>()
            / n;
        println!("seat {}: final glory {mean:.1} (mean of {games})", p + 1);
        let mut rows: Vec<(&String, f64)> = sums
            .iter()
            .filter(|((q, _), _)| *q == p)
            .map(|((_, s), v)| (s, v / n))
            .collect();
        rows.sort_by(|a, b| b.1.total_cmp(&a.1));
        let mut moments: BTreeMap<&str, f64> = BTreeMap::new();
        for (source, gain) in &rows {
            let moment = source.split(':').next().unwrap_or("?");
            *moments.entry(moment).or_default() += gain;
        }
        for (moment, gain) in moments {
            println!("  {gain:6.2}  all of {moment}");
        }
        for (source, gain) in rows {
            println!("  {gain:6.2}  {source}");
        }
    }
}
