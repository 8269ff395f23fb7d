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
    /// For an event line: the event retells the step that made it, so the
    /// step's own line is dropped for this line's readers (see [`fold`]).
    #[serde(skip)]
    pub retells: bool,
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
            retells: false,
        }
    }

    /// The line that tells one game event, to the event's audience.
    pub fn event(event: DynEvent) -> LogLine {
        LogLine {
            text: event.text,
            visibility: match event.audience {
                Audience::Everyone => Visibility::Everyone,
                Audience::Seat(seat) => Visibility::Only(seat),
                Audience::Others(seat) => Visibility::Others(seat),
            },
            event: Some(event.data),
            run: None,
            retells: event.retells,
        }
    }

    /// Whether the line tells a game event rather than a step.
    pub fn is_event(&self) -> bool {
        self.event.is_some()
    }
}

/// One step's lines, its own and its events', with each own line dropped
/// for whoever reads an event that retells the step: one happening, one
/// line. An event told to everyone drops the step's lines; one told to a
/// single seat (the card it drew) hides the step's line from that seat
/// only, and the others still read that a card was drawn; one told to
/// everyone but a seat (what the others may know of a secret that seat
/// reads in full) leaves the step's line to that seat alone.
pub fn fold(lines: Vec<LogLine>) -> Vec<LogLine> {
    let retold = lines
        .iter()
        .filter(|l| l.retells)
        .fold(Retold::default(), |r, l| r.and(l.visibility));
    if retold == Retold::default() {
        return lines;
    }
    let left = |line: &LogLine| {
        if line.is_event() {
            Some(line.visibility)
        } else {
            retold.left_of(line.visibility)
        }
    };
    // A move made for a person keeps saying so: the note moves onto the
    // first line that retells the move to them.
    let mut noted = lines.iter().find_map(|line| match line.visibility {
        Visibility::Only(seat) if left(line).is_none() && line.text.ends_with(MADE_FOR_YOU) => {
            Some(seat)
        }
        _ => None,
    });
    let mut folded = Vec::with_capacity(lines.len());
    for mut line in lines {
        let Some(visibility) = left(&line) else {
            continue;
        };
        line.visibility = visibility;
        if let Some(seat) = noted.filter(|s| line.retells && line.visibility.admits(Some(*s))) {
            noted = None;
            if line.visibility == Visibility::Everyone {
                let mut others = line.clone();
                others.visibility = Visibility::Others(seat);
                line.visibility = Visibility::Only(seat);
                line.text.push_str(MADE_FOR_YOU);
                folded.push(line);
                folded.push(others);
            } else {
                line.text.push_str(MADE_FOR_YOU);
                folded.push(line);
            }
            continue;
        }
        folded.push(line);
    }
    folded
}

/// The readers of one step's retelling events (see [`fold`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Retold {
    /// Every reader.
    all: bool,
    /// Every reader but this seat.
    but: Option<Seat>,
    /// These seats.
    seats: SeatSet,
}

impl Retold {
    /// Adds the readers of a retelling line.
    fn and(mut self, visibility: Visibility) -> Retold {
        match visibility {
            Visibility::Everyone => self.all = true,
            Visibility::Only(seat) => self.seats.insert(seat),
            Visibility::Others(seat) => match self.but {
                Some(but) if but != seat => self.all = true,
                _ => self.but = Some(seat),
            },
        }
        if self.but.is_some_and(|but| self.seats.contains(but)) {
            self.all = true;
        }
        self
    }

    /// Who still reads a step's own line of `visibility` once the
    /// retold readers are left out; `None` if nobody does. A reader set
    /// a [`Visibility`] cannot name keeps the line as it was.
    fn left_of(self, visibility: Visibility) -> Option<Visibility> {
        use Visibility::{Everyone, Only, Others};
        if self.all {
            return None;
        }
        if let Some(but) = self.but {
            // Only `but` is left of the readers.
            return match visibility {
                Everyone => Some(Only(but)),
                Only(seat) => (seat == but).then_some(visibility),
                Others(seat) => (seat != but).then_some(Only(but)),
            };
        }
        match visibility {
            Only(seat) => (!self.seats.contains(seat)).then_some(visibility),
            // Only a single reader can be left out of an everyone-line;
            // more retellings keep it as it is.
            Everyone if self.seats.len() == 1 => self.seats.iter().next().map(Others),
            _ => Some(visibility),
        }
    }
}

/// How a person's own line of a move the table made for them ends (see
/// [`forced`]).
pub const MADE_FOR_YOU: &str = " (made for you: it was your only legal move)";

/// The lines that tell `events`, in order.
pub fn events(events: Vec<DynEvent>) -> impl Iterator<Item = LogLine> {
    events.into_iter().map(LogLine::event)
}

/// The lines an applied action adds; `who` names the seat ("Ann",
/// "Bot (easy)"), `note` is added to the mover's own line (" (the only
/// move)"). A line reads "Ann ends the turn": the name, then the move in
/// the third person ([`Applied::told`]), so no reader meets a "your" that
/// is someone else's.
pub fn action(who: &str, seat: Seat, applied: &Applied, note: &str) -> [Option<LogLine>; 2] {
    if applied.open {
        return [
            Some(LogLine::everyone(format!("{who} {}{note}", applied.told))),
            None,
        ];
    }
    [
        Some(LogLine::to(
            format!("{who} {}{HIDDEN_FROM_OTHERS}{note}", applied.told),
            Visibility::Only(seat),
        )),
        Some(LogLine::to(
            format!("{who} chooses in secret"),
            Visibility::Others(seat),
        )),
    ]
}

/// How the mover's own line of a face-down move ends: the others read
/// only that a choice was made.
pub const HIDDEN_FROM_OTHERS: &str = " (only you see this)";

/// The lines a person's only legal move adds, made for them by the
/// server: they read that it was theirs to make and why it was made for
/// them; the others read the move as any other (when it is open), so the
/// note tells them nothing of the person's hidden hand.
pub fn forced(who: &str, seat: Seat, applied: &Applied) -> [Option<LogLine>; 2] {
    let hidden = if applied.open { "" } else { HIDDEN_FROM_OTHERS };
    let yours = format!("{who} {}{hidden}{MADE_FOR_YOU}", applied.told);
    if applied.open {
        return [
            Some(LogLine::to(yours, Visibility::Only(seat))),
            Some(LogLine::to(
                format!("{who} {}", applied.told),
                Visibility::Others(seat),
            )),
        ];
    }
    [
        Some(LogLine::to(yours, Visibility::Only(seat))),
        Some(LogLine::to(
            format!("{who} chooses in secret"),
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

/// `text` with every "Seat N" or "seat N" the games write (N from 1)
/// replaced by that seat's name in `names`, so a log names each person one
/// way: the games know only seat numbers, the table knows who sits there.
/// A number with no name stays as it was.
pub fn name_seats(text: &str, names: &[String]) -> String {
    const WORD: &str = "eat ";
    let mut named = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(found) = rest.find(WORD) {
        // "Seat " or "seat ", as a word of its own.
        let head = &rest[..found];
        let starts_word = head.ends_with(['S', 's'])
            && !head[..found - 1]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric);
        if !starts_word {
            named.push_str(&rest[..found + WORD.len()]);
            rest = &rest[found + WORD.len()..];
            continue;
        }
        let at = found - 1;
        named.push_str(&rest[..at]);
        let word = &rest[at..found + WORD.len()];
        let after = &rest[found + WORD.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let name = after[..digits]
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| names.get(i));
        match name {
            Some(name) => {
                named.push_str(name);
                rest = &after[digits..];
            }
            None => {
                named.push_str(word);
                rest = after;
            }
        }
    }
    named.push_str(rest);
    named
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

    /// An action whose menu text is `label` and whose log text is `told`.
    fn applied(label: &str, told: &str, open: bool) -> Applied {
        Applied {
            label: label.to_string(),
            told: told.to_string(),
            open,
        }
    }

    #[test]
    fn an_open_move_is_told_to_everyone() {
        let [first, second] = action("Ann", Seat::new(0), &applied("Ride", "rides", true), "");
        let first = first.unwrap();
        assert_eq!(first.text, "Ann rides");
        assert!(first.visibility.admits(None) && first.visibility.admits(Some(Seat::new(1))));
        assert_eq!(second, None);
    }

    /// The texts of `lines` that `viewer` may read, in order.
    fn read_by(lines: &[LogLine], viewer: Option<Seat>) -> Vec<&str> {
        lines
            .iter()
            .filter(|l| l.visibility.admits(viewer))
            .map(|l| l.text.as_str())
            .collect()
    }

    fn retelling(text: &str, audience: Audience) -> LogLine {
        LogLine::event(DynEvent {
            audience,
            text: text.into(),
            data: serde_json::Value::Null,
            retells: true,
        })
    }

    #[test]
    fn a_card_drawn_is_one_line_for_its_drawer_and_one_for_the_others() {
        let drawer = Seat::new(0);
        let lines = fold(vec![
            chance("Seat 1 draws a number card", "5", false),
            retelling("Seat 1 draws a 5", Audience::Seat(drawer)),
        ]);
        assert_eq!(read_by(&lines, Some(drawer)), ["Seat 1 draws a 5"]);
        assert_eq!(
            read_by(&lines, Some(Seat::new(1))),
            ["Seat 1 draws a number card"]
        );
        assert_eq!(read_by(&lines, None), ["Seat 1 draws a number card"]);
    }

    #[test]
    fn a_secret_told_in_full_to_its_seat_and_in_part_to_the_others_is_one_line_each() {
        let (ann, bob) = (Seat::new(0), Seat::new(1));
        let [own, public] = action(
            "Ann",
            ann,
            &applied("Keep Dreaded", "keeps Dreaded", false),
            "",
        );
        let lines = fold(vec![
            own.unwrap(),
            public.unwrap(),
            retelling("Ann keeps Dreaded", Audience::Seat(ann)),
            retelling("Ann keeps a title", Audience::Others(ann)),
        ]);
        assert_eq!(read_by(&lines, Some(ann)), ["Ann keeps Dreaded"]);
        assert_eq!(read_by(&lines, Some(bob)), ["Ann keeps a title"]);
        assert_eq!(read_by(&lines, None), ["Ann keeps a title"]);

        // Told only to the others, the retelling leaves the step's line to
        // the one seat it is kept from.
        let lines = fold(vec![
            chance("Ann draws a card", "Dreaded", false),
            LogLine::to("Ann chooses in secret", Visibility::Others(bob)),
            retelling("Ann is ready", Audience::Others(ann)),
        ]);
        let seen: Vec<_> = lines
            .iter()
            .map(|l| (l.text.as_str(), l.visibility))
            .collect();
        assert_eq!(
            seen,
            [
                ("Ann draws a card", Visibility::Only(ann)),
                ("Ann chooses in secret", Visibility::Only(ann)),
                ("Ann is ready", Visibility::Others(ann)),
            ]
        );
        // Others of two seats between them reach everyone.
        let lines = fold(vec![
            chance("Both choose", "", false),
            retelling("Ann chose", Audience::Others(ann)),
            retelling("Bob chose", Audience::Others(bob)),
        ]);
        assert!(lines.iter().all(LogLine::is_event), "{lines:?}");
    }

    #[test]
    fn an_event_told_to_all_replaces_every_line_of_its_step() {
        let lines = fold(vec![
            chance("A public title is revealed", "Strong", true),
            retelling("Public title revealed: Strong", Audience::Everyone),
            LogLine::everyone("Seat 2 scores 3"),
        ]);
        let texts: Vec<_> = lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["Public title revealed: Strong"]);
        let plain = fold(vec![
            chance("Seat 1 rolls a d12", "7", true),
            LogLine::event(DynEvent {
                audience: Audience::Everyone,
                text: "Seat 1 scores 3".into(),
                data: serde_json::Value::Null,
                retells: false,
            }),
        ]);
        assert_eq!(
            plain.len(),
            2,
            "an event that is a consequence keeps the step"
        );
    }

    #[test]
    fn a_move_made_for_a_person_says_so_on_the_line_that_retells_it() {
        let seat = Seat::new(0);
        let [own, public] = forced("Ann", seat, &applied("Pass", "passes", true));
        let lines = fold(vec![
            own.unwrap(),
            public.unwrap(),
            retelling("Ann passes", Audience::Everyone),
        ]);
        assert_eq!(
            read_by(&lines, Some(seat)),
            ["Ann passes (made for you: it was your only legal move)"]
        );
        assert_eq!(read_by(&lines, Some(Seat::new(1))), ["Ann passes"]);
        assert_eq!(read_by(&lines, None), ["Ann passes"]);
    }

    #[test]
    fn seats_are_named_by_who_sits_there() {
        let names = ["Ann".to_string(), "Bot (easy)".to_string()];
        assert_eq!(
            name_seats("Seat 1 beats Seat 2, 10–7; Seat 3 and Seat  stay", &names),
            "Ann beats Bot (easy), 10–7; Seat 3 and Seat  stay"
        );
        assert_eq!(name_seats("Seat 12 draws", &names), "Seat 12 draws");
        assert_eq!(
            name_seats("Pass 1: seat 2 (challenger) against seat 1", &names),
            "Pass 1: Bot (easy) (challenger) against Ann"
        );
        assert_eq!(
            name_seats("Overseat 1 and greatseat 2, eat 1, éseat 1", &names),
            "Overseat 1 and greatseat 2, eat 1, éseat 1"
        );
        assert_eq!(name_seats("no seats here", &names), "no seats here");
    }

    #[test]
    fn a_forced_move_is_noted_only_to_the_seat_it_was_made_for() {
        let seat = Seat::new(1);
        let [Some(own), Some(public)] = forced(
            "Bob",
            seat,
            &applied("Do not play Destroy", "does not play Destroy", true),
        ) else {
            panic!("two lines expected");
        };
        assert_eq!(
            own.text,
            "Bob does not play Destroy (made for you: it was your only legal move)"
        );
        assert!(own.visibility.admits(Some(seat)) && !own.visibility.admits(None));
        assert_eq!(public.text, "Bob does not play Destroy");
        assert!(public.visibility.admits(None) && !public.visibility.admits(Some(seat)));
        let aim = applied("Aim at the head", "aims at the head", false);
        let [Some(own), Some(hidden)] = forced("Bob", seat, &aim) else {
            panic!("two lines expected");
        };
        assert_eq!(
            own.text,
            "Bob aims at the head (only you see this) (made for you: it was your only legal move)"
        );
        assert_eq!(hidden.text, "Bob chooses in secret");
    }

    #[test]
    fn a_hidden_move_is_told_only_to_its_seat() {
        let seat = Seat::new(1);
        let aim = applied("Aim at the head", "aims at the head", false);
        let lines = action("Bot (easy)", seat, &aim, "");
        let [Some(own), Some(public)] = lines else {
            panic!("two lines expected: {lines:?}");
        };
        assert_eq!(own.text, "Bot (easy) aims at the head (only you see this)");
        assert!(own.visibility.admits(Some(seat)));
        assert!(!own.visibility.admits(Some(Seat::new(0))) && !own.visibility.admits(None));
        assert_eq!(public.text, "Bot (easy) chooses in secret");
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
            retells: false,
        });
        assert!(secret.is_event());
        assert_eq!(secret.visibility, Visibility::Only(Seat::new(1)));
        assert!(!secret.visibility.admits(None));
        let open = LogLine::event(DynEvent {
            audience: Audience::Everyone,
            text: "Seat 2 wins".into(),
            data: serde_json::json!({"kind": "won"}),
            retells: false,
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
