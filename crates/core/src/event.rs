//! What the rules tell the table as they resolve a step: reveals, results,
//! scores, removals, phase changes. A game reports them into an [`Events`]
//! sink while it applies an action or a chance outcome; the log, the
//! terminal and the server pass them on to whoever may see them.
//!
//! The sink is off unless someone asks. Playouts and tree search apply
//! millions of steps and never read a line of log, so an off sink must cost
//! one branch per event and no allocation: events are built by closures that
//! only run when the sink is on.

use crate::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who may be told of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Everyone at the table, spectators included: it happened in the open.
    Everyone,
    /// Only this seat, such as the card it drew; the others learn of it when
    /// the rules reveal it, through an event of its own.
    Seat(Seat),
    /// Everyone but this seat, spectators included: what the others may
    /// know of a secret this seat is told in full by an event of its own
    /// ("Seat 1 keeps a title" beside "Seat 1 keeps Dreaded", told to seat
    /// 1), so the seat reads the happening once.
    Others(Seat),
}

impl Audience {
    /// Whether `viewer` (`None`: a spectator) may be told.
    ///
    /// ```
    /// use tourney_core::{Audience, Seat};
    /// assert!(Audience::Everyone.reaches(None));
    /// assert!(Audience::Seat(Seat(1)).reaches(Some(Seat(1))));
    /// assert!(!Audience::Seat(Seat(1)).reaches(Some(Seat(0))));
    /// assert!(!Audience::Seat(Seat(1)).reaches(None));
    /// assert!(Audience::Others(Seat(1)).reaches(Some(Seat(0))));
    /// assert!(Audience::Others(Seat(1)).reaches(None));
    /// assert!(!Audience::Others(Seat(1)).reaches(Some(Seat(1))));
    /// ```
    pub fn reaches(self, viewer: Option<Seat>) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Seat(seat) => viewer == Some(seat),
            Audience::Others(seat) => viewer != Some(seat),
        }
    }
}

/// One event and who may be told of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event<E> {
    /// Who may be told; a seat outside it must never be sent the event.
    pub audience: Audience,
    /// The game's own event value.
    pub event: E,
}

/// The sink rules code reports events into.
///
/// ```
/// use tourney_core::{Audience, Events, Seat};
/// let mut off = Events::<String>::off();
/// off.everyone(|| unreachable!("an off sink never builds an event"));
/// assert!(off.take().is_empty());
///
/// let mut on = Events::on();
/// on.everyone(|| "the lances break".to_string());
/// on.only(Seat(0), || "you draw a 7".to_string());
/// on.others(Seat(0), || "Seat 1 draws a card".to_string());
/// let told = on.take();
/// assert_eq!(told.len(), 3);
/// assert_eq!(told[1].audience, Audience::Seat(Seat(0)));
/// assert_eq!(told[2].audience, Audience::Others(Seat(0)));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Events<E> {
    on: bool,
    list: Vec<Event<E>>,
}

impl<E> Events<E> {
    /// A sink that drops everything without building it.
    pub const fn off() -> Self {
        Events {
            on: false,
            list: Vec::new(),
        }
    }

    /// A sink that keeps every event until [`Events::take`].
    pub const fn on() -> Self {
        Events {
            on: true,
            list: Vec::new(),
        }
    }

    /// Whether the sink keeps events: a caller with work to do outside the
    /// closures (summing up a whole pass for the log) checks this first.
    pub fn is_on(&self) -> bool {
        self.on
    }

    /// Turns the sink on or off; what it holds stays.
    pub fn set_on(&mut self, on: bool) {
        self.on = on;
    }

    /// Reports an event to `audience`; `make` runs only if the sink is on.
    #[inline]
    pub fn tell(&mut self, audience: Audience, make: impl FnOnce() -> E) {
        if self.on {
            self.list.push(Event {
                audience,
                event: make(),
            });
        }
    }

    /// Reports an event that happened in the open.
    #[inline]
    pub fn everyone(&mut self, make: impl FnOnce() -> E) {
        self.tell(Audience::Everyone, make);
    }

    /// Reports an event only `seat` may be told of.
    #[inline]
    pub fn only(&mut self, seat: Seat, make: impl FnOnce() -> E) {
        self.tell(Audience::Seat(seat), make);
    }

    /// Reports an event everyone but `seat` may be told of: the open side of
    /// a secret `seat` was just told in full with [`Events::only`].
    #[inline]
    pub fn others(&mut self, seat: Seat, make: impl FnOnce() -> E) {
        self.tell(Audience::Others(seat), make);
    }

    /// The events reported so far, in order.
    pub fn as_slice(&self) -> &[Event<E>] {
        &self.list
    }

    /// Events held: a step notes it before applying, to
    /// [`truncate`](Events::truncate) back to it on a refusal.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether no event is held.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Hands over the events reported so far; the sink stays on or off.
    pub fn take(&mut self) -> Vec<Event<E>> {
        std::mem::take(&mut self.list)
    }

    /// Forgets the events reported after the first `len`: a refused step
    /// must leave no trace, not even in the log.
    pub fn truncate(&mut self, len: usize) {
        self.list.truncate(len);
    }
}

impl<E> Default for Events<E> {
    fn default() -> Self {
        Events::off()
    }
}

/// The event type of a game that reports none: it has no values, so a sink
/// of it can never hold one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum NoEvent {}

impl fmt::Display for NoEvent {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

/// An event with the game's type erased, as the table logic, the server and
/// the browser see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct DynEvent {
    /// Who may be told: a server sends the event only to viewers it
    /// [`reaches`](Audience::reaches).
    pub audience: Audience,
    /// The event in a player's words.
    pub text: String,
    /// The event as the game's own JSON (documented per game in
    /// docs/protocol.md), for a client that draws it.
    pub data: serde_json::Value,
    /// Whether the event tells the step that made it happen better than
    /// the step's own line (see `Game::event_retells_step`), so a log
    /// drops that line for this event's audience.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub retells: bool,
}

impl DynEvent {
    /// Erases an event's type: its `Display` text and its JSON (`null` if it
    /// would not serialize).
    pub fn of<E: Serialize + fmt::Display>(event: &Event<E>) -> DynEvent {
        DynEvent {
            audience: event.audience,
            text: event.event.to_string(),
            data: serde_json::to_value(&event.event).unwrap_or(serde_json::Value::Null),
            retells: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The others of a seat are every other seat and every spectator, never
    /// the seat itself; on the wire they are `{"others": n}`.
    #[test]
    fn the_others_of_a_seat_are_everyone_but_that_seat() {
        let (ann, bob, cy) = (Seat::new(0), Seat::new(1), Seat::new(2));
        let others = Audience::Others(ann);
        assert!(!others.reaches(Some(ann)));
        assert!(others.reaches(Some(bob)) && others.reaches(Some(cy)));
        assert!(others.reaches(None), "spectators are among the others");
        // With the seat's own event, every viewer is told exactly once.
        for viewer in [Some(ann), Some(bob), Some(cy), None] {
            let told = [Audience::Seat(ann), others]
                .iter()
                .filter(|a| a.reaches(viewer))
                .count();
            assert_eq!(told, 1, "{viewer:?}");
        }
        assert_eq!(
            serde_json::to_value(others).unwrap(),
            serde_json::json!({"others": 0})
        );
        assert_eq!(
            serde_json::from_value::<Audience>(serde_json::json!({"others": 2})).unwrap(),
            Audience::Others(cy)
        );

        let mut sink = Events::on();
        sink.only(ann, || "Seat 1 keeps Dreaded");
        sink.others(ann, || "Seat 1 keeps a title");
        let audiences: Vec<_> = sink.take().into_iter().map(|e| e.audience).collect();
        assert_eq!(audiences, [Audience::Seat(ann), others]);
    }
}
