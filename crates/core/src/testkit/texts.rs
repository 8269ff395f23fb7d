//! Every text a random game shows, for tests that read them all: the log
//! (events), the menus, the chance steps and outcomes, and the drawn views.

use crate::{Events, Game, GameRng, Seat, ToMove};

/// What a text is, for a failing test's message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    /// An event, as the log prints it.
    Event,
    /// An action's label, as a menu lists it and a bot's move is echoed.
    Menu,
    /// What a chance step is ("The tournament card is drawn").
    ChanceStep,
    /// A chance outcome's label.
    Outcome,
    /// A drawn view, the spectator's or a seat's.
    View,
}

/// How often [`read_every_text`] draws the views, and how long a game may
/// run. Drawing is the slow part of reading a long game.
#[derive(Debug, Clone, Copy)]
pub struct Reading {
    /// The spectator's view every this many steps (0: only at the end).
    pub spectator_every: usize,
    /// Every seat's view every this many steps (0: never).
    pub seats_every: usize,
    /// A game that has not ended by then fails the test.
    pub max_steps: usize,
}

/// Plays one game from `state` by random legal actions and sampled
/// chance (both from `rng`), and hands `read` every text the game shows on
/// the way, with its kind and the step number. Returns how many texts it
/// read; panics if the game has not ended after `reading.max_steps`.
pub fn read_every_text<G: Game>(
    state: &mut G,
    seats: usize,
    rng: &mut GameRng,
    reading: Reading,
    mut read: impl FnMut(&str, TextKind, usize),
) -> usize {
    let mut events = Events::off();
    events.set_on(true);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut count = 0;
    let every = |n: usize, step: usize| n > 0 && step.is_multiple_of(n);
    for step in 0..reading.max_steps {
        let mut show = |text: &str, kind: TextKind| {
            read(text, kind, step);
            count += 1;
        };
        let over = matches!(state.to_move(), ToMove::Over(_));
        if over || every(reading.spectator_every, step) {
            show(&state.view(None).to_string(), TextKind::View);
        }
        if every(reading.seats_every, step) {
            for seat in 0..seats {
                show(
                    &state.view(Some(Seat(seat as u8))).to_string(),
                    TextKind::View,
                );
            }
        }
        match state.to_move() {
            ToMove::Over(_) => return count,
            ToMove::Chance => {
                show(&state.describe_chance_step(), TextKind::ChanceStep);
                outcomes.clear();
                state.chance_outcomes(&mut outcomes);
                let i = rng
                    .pick_weighted(&outcomes)
                    .expect("a chance step has outcomes");
                let outcome = outcomes[i].0.clone();
                show(&state.describe_chance(&outcome), TextKind::Outcome);
                state
                    .apply_chance_with_events(&outcome, &mut events)
                    .expect("a listed outcome applies");
            }
            ToMove::Seats(on_move) => {
                let k = rng.below(on_move.len() as u32) as usize;
                let seat = on_move.iter().nth(k).expect("someone is on move");
                actions.clear();
                state.legal_actions(seat, &mut actions);
                for action in &actions {
                    show(&state.describe_action(seat, action), TextKind::Menu);
                }
                let i = rng.below(actions.len() as u32) as usize;
                state
                    .apply_with_events(seat, &actions[i], &mut events)
                    .expect("a legal action applies");
            }
        }
        for told in events.take() {
            show(&told.event.to_string(), TextKind::Event);
        }
    }
    panic!(
        "{} did not end in {} steps",
        G::INFO.name,
        reading.max_steps
    );
}
