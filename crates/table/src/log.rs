//! The lines of a table's log and who may read each, built the same way for
//! the terminal and for the server: an open move is told to everyone, a
//! face-down one only to the seat that made it while the others hear that a
//! choice was made; a die everyone sees, a card drawn into a hand only as
//! "draws a card". What the rules make happen (the game's events) follows
//! the step's own line, each event told to its audience.

use serde::Serialize;
use tourney_core::{Applied, Audience, DynEvent, Seat, SeatSet, Series};

/// Who may read a log line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "to", content = "seat", rename_all = "snake_case")]
pub enum Visibility {
    /// Every seat and every spectator.
    Everyone,
    /// Only this seat: its own face-down choice.
    Only(Seat),
    /// Everyone but this seat, which reads its own [`Visibility::Only`] line
    /// instead.
    Others(Seat),
}

impl Visibility {
    /// Whether `viewer` (`None`: a spectator) may read the line.
    pub fn admits(self, viewer: Option<Seat>) -> bool {
        match self {
            Visibility::Everyone => true,
            Visibility::Only(seat) => viewer == Some(seat),
            Visibility::Others(seat) => viewer != Some(seat),
        }
    }
}

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LogLine {
    /// The line as a person reads it.
    pub text: String,
    /// Who may read it; a front end shows each viewer only the lines it
    /// admits.
    pub visibility: Visibility,
    /// For a line that tells a game event: the event as the game's JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<serde_json::Value>,
    /// For a chance step that is one of a run of like steps: the run's
    /// words and what came up, so a screen can show the run on one line.
    #[serde(skip)]
    pub run: Option<Run>,
}

/// A chance step's line as one of a run (see [`tourney_core::Series`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// The words every step of the run shares, without a count: a screen
    /// that folds the run starts its one line with them.
    pub stem: String,
    /// What came up, when this reader may see it.
    pub value: Option<String>,
}

impl LogLine {
    /// A line anyone may read.
    pub fn everyone(text: impl Into<String>) -> LogLine {
        LogLine::to(text, Visibility::Everyone)
    }

    fn to(text: impl Into<String>, visibility: Visibility) -> LogLine {
        LogLine {
            text: text.into(),
            visibility,
            event: None,
            run: None,
        }
    }

    /// The line that tells one game event, to the event's audience.
    pub fn event(event: DynEvent) -> LogLine {
        LogLine {
            text: event.text,
            visibility: match event.audience {
                Audience::Everyone => Visibility::Everyone,
                Audience::Seat(seat) => Visibility::Only(seat),
            },
            event: Some(event.data),
            run: None,
        }
    }

    /// Whether the line tells a game event rather than a step.
    pub fn is_event(&self) -> bool {
        self.event.is_some()
    }
}

/// The lines that tell `events`, in order.
pub fn events(events: Vec<DynEvent>) -> impl Iterator<Item = LogLine> {
    events.into_iter().map(LogLine::event)
}

/// The lines an applied action adds; `who` names the seat ("Seat 2 (random)"),
/// `note` is added to the mover's own line (" (the only move)").
pub fn action(who: &str, seat: Seat, applied: &Applied, note: &str) -> [Option<LogLine>; 2] {
    if applied.open {
        return [
            Some(LogLine::everyone(format!("{who}: {}{note}", applied.label))),
            None,
        ];
    }
    [
        Some(LogLine::to(
            format!("{who} (hidden): {}{note}", applied.label),
            Visibility::Only(seat),
        )),
        Some(LogLine::to(
            format!("{who} has made a hidden choice"),
            Visibility::Others(seat),
        )),
    ]
}

/// The line a chance step adds: what was rolled or drawn, and what came up
/// when everyone may see it (`open`).
pub fn chance(step: &str, outcome: &str, open: bool) -> LogLine {
    LogLine::everyone(if open {
        format!("{step}: {outcome}")
    } else {
        step.to_string()
    })
}

/// [`chance`] for a step that is one of a run of like steps (`series`), so
/// the line can be folded with the rest of its run.
pub fn chance_in(series: Option<Series>, step: &str, outcome: &str, open: bool) -> LogLine {
    LogLine {
        run: series.map(|s| Run {
            stem: s.stem,
            value: open.then(|| outcome.to_string()),
        }),
        ..chance(step, outcome, open)
    }
}

/// At a simultaneous choice, the seat that commits next: bots first, so a
/// person choosing at the same time is never kept waiting and never learns a
/// bot's hidden choice; then the people in seat order.
pub fn next_to_commit(on_move: SeatSet, is_bot: impl Fn(Seat) -> bool) -> Option<Seat> {
    on_move
        .iter()
        .find(|&s| is_bot(s))
        .or_else(|| on_move.first_seat())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn applied(label: &str, open: bool) -> Applied {
        Applied {
            label: label.to_string(),
            open,
        }
    }

    #[test]
    fn an_open_move_is_told_to_everyone() {
        let [first, second] = action("Seat 1 (you)", Seat::new(0), &applied("ride", true), "");
        let first = first.unwrap();
        assert_eq!(first.text, "Seat 1 (you): ride");
        assert!(first.visibility.admits(None) && first.visibility.admits(Some(Seat::new(1))));
        assert_eq!(second, None);
    }

    #[test]
    fn a_hidden_move_is_told_only_to_its_seat() {
        let seat = Seat::new(1);
        let lines = action("Seat 2 (random)", seat, &applied("aim at head", false), "");
        let [Some(own), Some(public)] = lines else {
            panic!("two lines expected: {lines:?}");
        };
        assert_eq!(own.text, "Seat 2 (random) (hidden): aim at head");
        assert!(own.visibility.admits(Some(seat)));
        assert!(!own.visibility.admits(Some(Seat::new(0))) && !own.visibility.admits(None));
        assert_eq!(public.text, "Seat 2 (random) has made a hidden choice");
        assert!(!public.visibility.admits(Some(seat)));
        assert!(public.visibility.admits(Some(Seat::new(0))) && public.visibility.admits(None));
    }

    #[test]
    fn a_hidden_draw_shows_only_the_step() {
        assert_eq!(chance("Seat 1 draws", "card 9", false).text, "Seat 1 draws");
        assert_eq!(
            chance("Seat 1 rolls a d12", "7", true).text,
            "Seat 1 rolls a d12: 7"
        );
    }

    #[test]
    fn an_event_is_told_to_its_audience_with_its_data() {
        let secret = LogLine::event(DynEvent {
            audience: Audience::Seat(Seat::new(1)),
            text: "Seat 2 draws a 7".into(),
            data: serde_json::json!({"kind": "drew", "card": 7}),
        });
        assert!(secret.is_event());
        assert_eq!(secret.visibility, Visibility::Only(Seat::new(1)));
        assert!(!secret.visibility.admits(None));
        let open = LogLine::event(DynEvent {
            audience: Audience::Everyone,
            text: "Seat 2 wins".into(),
            data: serde_json::json!({"kind": "won"}),
        });
        assert_eq!(
            serde_json::to_value(&open).unwrap(),
            serde_json::json!({"text": "Seat 2 wins", "visibility": {"to": "everyone"},
                               "event": {"kind": "won"}})
        );
        assert_eq!(
            serde_json::to_value(LogLine::everyone("x")).unwrap(),
            serde_json::json!({"text": "x", "visibility": {"to": "everyone"}})
        );
    }

    #[test]
    fn bots_commit_before_people() {
        let on_move: SeatSet = [Seat::new(0), Seat::new(2)].into_iter().collect();
        assert_eq!(
            next_to_commit(on_move, |s| s == Seat::new(2)),
            Some(Seat::new(2))
        );
        assert_eq!(next_to_commit(on_move, |_| false), Some(Seat::new(0)));
        assert_eq!(next_to_commit(SeatSet::default(), |_| true), None);
    }
}
