//! The whole story of one random game: every action (`>`), chance step
//! (`.`, with what came up, hidden or not) and event, each event marked
//! with who may read it. For reading the log a table builds from events:
//! `cargo run -p tourney-mastery --example story -- SEED SEATS [CONFIG_JSON]`.

use tourney_core::{Audience, Game, GameRng, Session, ToMove};
use tourney_mastery::{Config, Mastery};

fn main() {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(3);
    let seats: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let config: Config = args
        .next()
        .map(|a| serde_json::from_str(&a).expect("a config in JSON"))
        .unwrap_or_default();
    let names = (0..seats).map(|i| format!("random {}", i + 1)).collect();
    let mut session = Session::<Mastery>::new(config, names, Some(seed)).expect("setup");
    session.tell_events(true);
    let mut rng = GameRng::seed_from_u64(seed);
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    for _ in 0..200_000 {
        match session.state().to_move() {
            ToMove::Over(_) => break,
            ToMove::Chance => {
                let step = session.state().describe_chance_step();
                let c = session
                    .pick_chance(&mut rng, &mut outcomes)
                    .expect("chance");
                let text = session.state().describe_chance(&c);
                session.apply_chance(c).expect("chance applies");
                println!("  . {step}: {text}");
            }
            ToMove::Seats(s) => {
                let seat = s.first_seat().expect("a seat");
                actions.clear();
                session.state().legal_actions(seat, &mut actions);
                let a = actions[rng.below(actions.len() as u32) as usize];
                let text = session.state().describe_action(seat, &a);
                session.apply(seat, a).expect("action applies");
                println!("  > {seat}: {text}");
            }
        }
        for e in session.take_events() {
            let to = match e.audience {
                Audience::Everyone => "all".to_string(),
                Audience::Seat(s) => format!("only {s}"),
                Audience::Others(s) => format!("all but {s}"),
            };
            println!("[{to}] {}", e.event);
        }
    }
}
