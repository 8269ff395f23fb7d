//! What a log does with a step's events (`Game::event_retells_step`), read
//! as a table reads them, through `DynGame::take_events`: the helpers each
//! game's `tests/log_lines.rs` plays its fixed situations with.

use crate::{Audience, DynGame, Game, Session, ToMove};

/// A step's events: each one's kind (its JSON `kind`), audience and
/// whether it retells the step.
pub type Told = Vec<(String, Audience, bool)>;

/// The events of the step just taken, as a table reads them.
pub fn step_events<G: Game>(session: &mut Session<G>) -> Told {
    DynGame::take_events(session)
        .into_iter()
        .map(|e| {
            let kind = e.data["kind"].as_str().unwrap_or_default().to_string();
            (kind, e.audience, e.retells)
        })
        .collect()
}

/// Takes the next step: the first outcome of a chance step, or the first
/// action of the first seat on move. Panics at the end of the game (a
/// test's situation was not reached).
pub fn first_step<G: Game>(session: &mut Session<G>) {
    match session.state().to_move() {
        ToMove::Chance => {
            let mut out = Vec::new();
            session.state().chance_outcomes(&mut out);
            session
                .apply_chance(out.swap_remove(0).0)
                .expect("the first outcome applies");
        }
        ToMove::Seats(on) => {
            let seat = on.first_seat().expect("a seat on move");
            let mut out = Vec::new();
            session.state().legal_actions(seat, &mut out);
            session
                .apply(seat, out.swap_remove(0))
                .expect("the first action applies");
        }
        ToMove::Over(_) => panic!("the game ended before the situation was reached"),
    }
}

/// Takes first steps until one tells an event of `kind`; that step's events.
pub fn step_telling<G: Game>(session: &mut Session<G>, kind: &str) -> Told {
    step_events(session);
    for _ in 0..100_000 {
        first_step(session);
        let told = step_events(session);
        if told.iter().any(|(k, ..)| k == kind) {
            return told;
        }
    }
    panic!("no step told {kind}");
}

/// One expected entry of [`Told`].
pub fn ev(kind: &str, audience: Audience, retells: bool) -> (String, Audience, bool) {
    (kind.to_string(), audience, retells)
}
