//! What the rules tell the table, step by step: exact events (kind,
//! numbers, text and audience) for known situations with fixed cards and
//! dice — the setup, the Action phase, the rulebook's duel example, a Joust
//! à Plaisance, Journey cards, Maintenance, the Title phase and the end, and
//! Otto's automa — and, over many random games, that events are a pure
//! side channel: replays tell the same, events on or off play the same
//! game, and what names a hidden card is told to its owner alone.

mod common;

use common::*;
use serde_json::json;
use tourney_core::playout::{Buffers, random_playout};
use tourney_core::{
    Audience, Event as Told, Events, Game, GameRng, RecordStep, Seat, Session, ToMove,
};
use tourney_glory::duel::TieBreak;
use tourney_glory::events::{Change, Phase, Score};
use tourney_glory::solo::OTTO;
use tourney_glory::{
    Action, AutomaDeck, Chance, Characters, Colour, Config, Difficulty, DuelCtx, Event, Fighter,
    Gear, Glory, JourneyOrder, JourneyType, KnightType, Prestige, Relic, Solo, SoloMode, Space,
    Support, TournamentKind, Trophies,
};

/// Applies steps with the sink on and hands back what they told.
trait Tell {
    fn told_act(&mut self, seat: u8, action: Action) -> Vec<Told<Event>>;
    fn told_chance(&mut self, outcome: Chance) -> Vec<Told<Event>>;
    fn told_roll(&mut self, faces: &[u8]) -> Vec<Told<Event>>;
    fn told_auto(&mut self, stop: impl Fn(&Script) -> bool) -> Vec<Told<Event>>;
}

impl Tell for Script {
    fn told_act(&mut self, seat: u8, action: Action) -> Vec<Told<Event>> {
        let mut ev = Events::on();
        self.game
            .apply_with_events(Seat(seat), &action, &mut ev)
            .unwrap_or_else(|e| panic!("seat {} {action:?} refused: {e}", seat + 1));
        ev.take()
    }

    fn told_chance(&mut self, outcome: Chance) -> Vec<Told<Event>> {
        let mut ev = Events::on();
        let step = self.game.describe_chance_step();
        self.game
            .apply_chance_with_events(&outcome, &mut ev)
            .unwrap_or_else(|e| panic!("{step}: {outcome:?} refused: {e}"));
        ev.take()
    }

    fn told_roll(&mut self, faces: &[u8]) -> Vec<Told<Event>> {
        faces
            .iter()
            .flat_map(|&f| self.told_chance(Chance::Die(f)))
            .collect()
    }

    fn told_auto(&mut self, stop: impl Fn(&Script) -> bool) -> Vec<Told<Event>> {
        let mut all = Vec::new();
        for _ in 0..100_000 {
            if stop(self) {
                return all;
            }
            match self.game.to_move() {
                ToMove::Over(_) => panic!("the game ended before the scenario's point"),
                ToMove::Chance => {
                    let c = self.outcomes()[0];
                    all.extend(self.told_chance(c));
                }
                ToMove::Seats(s) => {
                    let seat = s.first_seat().expect("a seat on move").0;
                    let legal = self.legal(seat);
                    let a = if legal.contains(&Action::Pass) {
                        Action::Pass
                    } else {
                        legal[0]
                    };
                    all.extend(self.told_act(seat, a));
                }
            }
        }
        panic!("the scenario's point was never reached");
    }
}

fn all(event: Event) -> Told<Event> {
    Told {
        audience: Audience::Everyone,
        event,
    }
}

fn to(seat: u8, event: Event) -> Told<Event> {
    Told {
        audience: Audience::Seat(Seat(seat)),
        event,
    }
}

/// Told to everyone but `seat`.
fn others(seat: u8, event: Event) -> Told<Event> {
    Told {
        audience: Audience::Others(Seat(seat)),
        event,
    }
}

fn texts(list: &[Told<Event>]) -> Vec<String> {
    list.iter().map(|e| e.event.to_string()).collect()
}

/// Prints what a step told (for writing a scenario).
#[allow(dead_code)]
fn dump(list: &[Told<Event>]) {
    for e in list {
        println!(
            "{:?} | {} | {}",
            e.audience,
            serde_json::to_string(&e.event).unwrap_or_default(),
            e.event
        );
    }
}

fn s(text: &str) -> String {
    text.to_string()
}

// ---------------------------------------------------------------------------
// The setup and round 1's Action phase
// ---------------------------------------------------------------------------

/// Sets a two-player table with chosen cards, checking what each setup
/// step tells: Seat 1 plays the Baron, Seat 2 the Knight Bachelor and goes
/// first; round 1 brings a Recruitment with the King on it and a Pas
/// d'Armes (card 1). Ends with Seat 2 about to place its first pawn.
fn set_table() -> Script {
    let mut t = Script::new(Config::default(), 2);
    let mut told = Vec::new();
    for name in ["Strong", "Wealthy", "Noble"] {
        told.extend(t.told_chance(Chance::Title(title(name))));
    }
    assert_eq!(
        told[0],
        all(Event::PublicTitle {
            title: title("Strong"),
            name: s("Strong"),
            glory: 7
        })
    );
    assert_eq!(
        texts(&told),
        [
            "Public title revealed: Strong (7 glory points)",
            "Public title revealed: Wealthy (5 glory points)",
            "Public title revealed: Noble (8 glory points)"
        ]
    );

    // Characters are dealt face up: one level II and one level III each.
    let mut told = Vec::new();
    for id in [6, 10, 4, 8] {
        told.extend(t.told_chance(Chance::Character(id)));
    }
    assert_eq!(
        told[1],
        all(Event::CharacterDealt {
            player: Seat(0),
            character: 10,
            name: s("Baron"),
            level: 3
        })
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 1 is dealt the Merchant's Son (level II)",
            "Seat 1 is dealt the Baron (level III)",
            "Seat 2 is dealt the Knight of the Lists (level II)",
            "Seat 2 is dealt the Courtier (level III)"
        ]
    );

    // The Baron brings the Vassal, who brings the Overlord token.
    let told = t.told_act(0, Action::Character(10));
    assert_eq!(
        told,
        [all(Event::CharacterChosen {
            player: Seat(0),
            character: 10,
            name: s("Baron"),
            level: 3,
            glory: 8,
            coins: 3,
            strength: 2,
            faith: 0,
            mount: 2,
            armor: 2,
            support: Some(Support::Vassal),
            prestige: vec![Prestige::Overlord],
        })]
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 1 plays the Baron (level III): 8 glory, 3 coins, 2 Strength tokens, \
          0 Faith tokens, mount II, armor II, and the Vassal support with the Overlord token"
        ]
    );
    let told = t.told_act(1, Action::Character(1));
    assert_eq!(
        texts(&told),
        [
            "Seat 2 plays the Knight Bachelor (level I): 10 glory, 3 coins, 3 Strength tokens, \
          1 Faith token, mount II, armor II"
        ]
    );

    // Seat 2 is drawn first; Seat 1 takes the last place and is paid for it.
    let told = t.told_chance(Chance::Seat(Seat(1)));
    assert_eq!(
        told,
        [
            all(Event::InitiativeDrawn {
                player: Seat(1),
                place: 0
            }),
            all(Event::InitiativeDrawn {
                player: Seat(0),
                place: 1
            }),
            all(Event::Compensation {
                player: Seat(0),
                place: 1,
                glory: 1,
                total: 9,
                cards: 1
            }),
        ]
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 2 takes the 1st place on the initiative track",
            "Seat 1 takes the 2nd place on the initiative track",
            "Seat 1, 2nd on the initiative track, receives 1 glory point (now 9) and 1 Challenge card: \
             one of each per place behind the first, for acting later"
        ]
    );
    // The compensation card is drawn blind: its owner alone learns it.
    let told = t.told_chance(Chance::Journey(card("Rescue")));
    assert_eq!(
        told,
        [to(
            0,
            Event::JourneyDrawn {
                player: Seat(0),
                card: card("Rescue"),
                name: s("Rescue"),
                journey: JourneyType::Challenge
            }
        )]
    );
    assert_eq!(texts(&told), ["Seat 1 draws Rescue (Challenge card)"]);

    // Titles drawn are their drawer's alone.
    let mut told = Vec::new();
    for name in ["Pious", "Brave", "Religious", "Dreaded"] {
        told.extend(t.told_chance(Chance::Title(title(name))));
    }
    assert_eq!(
        told[3],
        to(
            1,
            Event::TitleDrawn {
                player: Seat(1),
                title: title("Dreaded"),
                name: s("Dreaded")
            }
        )
    );
    let audiences: Vec<Audience> = told.iter().map(|e| e.audience).collect();
    let (one, two) = (Audience::Seat(Seat(0)), Audience::Seat(Seat(1)));
    assert_eq!(audiences, [one, one, two, two]);
    assert_eq!(told[0].event.to_string(), "Seat 1 draws the title Pious");

    // Kept in initiative order: the keeper learns which, the others that
    // one was kept, and the table that one went back.
    let told = t.told_act(1, Action::KeepTitle(title("Dreaded")));
    assert_eq!(
        told,
        [
            to(
                1,
                Event::TitleKept {
                    player: Seat(1),
                    who: s("Seat 2"),
                    title: Some(title("Dreaded")),
                    name: Some(s("Dreaded"))
                }
            ),
            others(
                1,
                Event::TitleKept {
                    player: Seat(1),
                    who: s("Seat 2"),
                    title: None,
                    name: None
                }
            ),
            all(Event::TitlesReturned {
                player: Seat(1),
                count: 1
            }),
        ]
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 2 keeps Dreaded as a personal objective",
            "Seat 2 keeps a title as a hidden personal objective",
            "Seat 2 shuffles 1 unkept title back into the title deck"
        ]
    );
    t.told_act(0, Action::KeepTitle(title("Pious")));

    // The support track, then the Journey cards of the characters.
    let told = t.told_auto(|s| s.on_move().is_some());
    assert_eq!(
        told[0],
        all(Event::SupportDrawn {
            support: Support::Chronicler,
            space: 0,
            cost: 3,
            special: true
        })
    );
    assert_eq!(
        told[1].event.to_string(),
        "The Minstrel is laid on space 7 of the support track (1 coin)"
    );
    assert_eq!(
        told[0].event.to_string(),
        "The Chronicler is laid on the special space 1 of the support track (3 coins)"
    );
    let drawn: Vec<(Audience, String)> = told
        .iter()
        .filter(|e| matches!(e.event, Event::JourneyDrawn { .. }))
        .map(|e| (e.audience, e.event.to_string()))
        .collect();
    assert_eq!(
        drawn,
        [
            (one, s("Seat 1 draws Fencing Lessons (Market card)")),
            (one, s("Seat 1 draws Rescue (Challenge card)")),
            (two, s("Seat 2 draws The Game (Romance card)")),
            (two, s("Seat 2 draws Fencing Lessons (Market card)")),
            (two, s("Seat 2 draws Rescue (Challenge card)")),
        ]
    );

    // A card given back for a Strength token: named to its owner only, the
    // others told a card went back.
    let told = t.told_act(1, Action::Exchange(card("The Game")));
    assert_eq!(
        told,
        [
            to(
                1,
                Event::Exchanged {
                    player: Seat(1),
                    card: Some(card("The Game")),
                    name: Some(s("The Game")),
                    strength: 4
                }
            ),
            others(
                1,
                Event::Exchanged {
                    player: Seat(1),
                    card: None,
                    name: None,
                    strength: 4
                }
            ),
        ]
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 2 gives back The Game for 1 Strength token (now 4)",
            "Seat 2 gives back a Journey card for 1 Strength token (now 4)"
        ]
    );
    assert!(t.told_act(1, Action::Pass).is_empty());
    assert!(t.told_act(0, Action::Pass).is_empty());

    // The face-up rows, then the events of rounds 1 and 2.
    let told = t.told_chance(Chance::Journey(card("Ballad")));
    assert_eq!(
        told,
        [all(Event::CardRevealed {
            card: card("Ballad"),
            name: s("Ballad"),
            journey: JourneyType::Romance
        })]
    );
    assert_eq!(
        texts(&told),
        ["Ballad is turned face up in the Romance row"]
    );
    let told = t.told_auto(|s| s.is_chance() && s.step_text() == "An event card is drawn");
    assert_eq!(told.len(), 11, "the rest of the 12 face-up cards");
    let told = t.told_chance(Chance::Event(3));
    assert_eq!(
        told,
        [all(Event::EventRevealed {
            round: 1,
            event: 3,
            name: s("Recruitment")
        })]
    );
    assert_eq!(texts(&told), ["Round 1's event is revealed: Recruitment"]);
    t.told_chance(Chance::Event(6));

    // Round 1's tournament and its knights.
    let told = t.told_chance(Chance::Tournament(0));
    assert_eq!(
        told,
        [all(Event::TournamentCard {
            round: 1,
            tournament: TournamentKind::PasDArmes,
            card: 0
        })]
    );
    assert_eq!(
        texts(&told),
        ["Round 1's tournament is a Pas d'Armes: tournament card 1"]
    );
    let mut told = Vec::new();
    for k in ["Álvaro", "Dobiesław of", "David Mathew", "Jan van Borssele"] {
        told.extend(t.told_chance(Chance::Knight(knight(k))));
    }
    assert_eq!(
        told[1],
        all(Event::KnightPlaced {
            knight: knight("Dobiesław of"),
            name: s("Dobiesław of Oleśnica"),
            knight_type: KnightType::PolishNoble,
            attack: 7,
            glory: 4,
            prestige: 0,
            fewer: [0, 0, 0],
            armor_die: true,
            town: Some(0),
            space: None,
            added: false
        })
    );
    assert_eq!(
        told[1].event.to_string(),
        "Dobiesław of Oleśnica (Polish Noble, attack 7, glory 4, prestige 0, + white die) \
         takes the field in Florence"
    );
    // The last knight is placed, the round begins with its event, and the
    // Recruitment's special support is laid on the card.
    let told = t.told_chance(Chance::Knight(knight("John Talbot")));
    assert_eq!(
        texts(&told),
        [
            "John Talbot (Veteran, attack 9, glory 7, prestige 1, -1 Armor die) takes the field in Munich",
            "Round 1 begins with the event Recruitment: its action space lets one player pay 1 coin \
             for the special support on the card"
        ]
    );
    assert_eq!(
        told[1],
        all(Event::RoundBegins {
            round: 1,
            event: Some(3),
            name: Some(s("Recruitment")),
            effect: Some(s(
                "its action space lets one player pay 1 coin for the special support on the card"
            ))
        })
    );
    let told = t.told_chance(Chance::Support(Support::King));
    assert_eq!(
        told,
        [all(Event::EventSupport {
            support: Support::King
        })]
    );
    assert_eq!(texts(&told), ["The King is laid on the event card"]);
    assert_eq!(t.on_move(), Some(1));
    t
}

#[test]
fn setup_tells_every_reveal_and_keeps_secrets_to_their_owners() {
    let t = set_table();
    assert_eq!(t.view().stage, "actions");
}

fn change() -> Change {
    Change::default()
}

#[test]
fn action_spaces_tell_what_they_pay_and_give() {
    let mut t = set_table();
    // Seat 2 takes the Recruitment: 1 coin for the King, who brings the
    // Royal token.
    let told = t.told_act(1, Action::Place(Space::Event));
    assert_eq!(
        told,
        [all(Event::Resources {
            player: Seat(1),
            who: s("Seat 2"),
            source: s("Recruitment"),
            change: Change {
                coins: -1,
                supports: vec![Support::King],
                prestige: vec![Prestige::Royal],
                ..change()
            },
            glory: 10,
            chosen: false
        })]
    );
    assert_eq!(
        texts(&told),
        ["Recruitment: Seat 2 pays 1 coin and gains the King support and the Royal token"]
    );
    // Seat 1 buys the Chronicler on the special space for all its coins.
    let told = t.told_act(0, Action::Support(0));
    assert_eq!(
        texts(&told),
        ["Support: Seat 1 pays 3 coins and gains the Chronicler support"]
    );
    // The Minstrel pays 4 glory at once.
    let told = t.told_act(1, Action::Support(6));
    assert_eq!(
        told,
        [all(Event::Resources {
            player: Seat(1),
            who: s("Seat 2"),
            source: s("Support"),
            change: Change {
                glory: 4,
                coins: -1,
                supports: vec![Support::Minstrel],
                ..change()
            },
            glory: 14,
            chosen: false
        })]
    );
    assert_eq!(
        texts(&told),
        ["Support: Seat 2 pays 1 coin and gains 4 glory points (now 14) and the Minstrel support"]
    );
    // The Herald registers at once and pays nothing.
    let told = t.told_act(0, Action::Herald(6));
    assert_eq!(
        told,
        [all(Event::Registered {
            player: Seat(0),
            who: s("Seat 1"),
            tournament: TournamentKind::PasDArmes,
            space: 6,
            place: s("John Talbot in Munich (attack 9, glory 7, prestige 1)")
        })]
    );
    assert_eq!(
        texts(&told),
        ["Seat 1 registers to challenge John Talbot in Munich (attack 9, glory 7, prestige 1)"]
    );
    assert_eq!(
        texts(&t.told_act(1, Action::Place(Space::Initiative))),
        ["Initiative: Seat 2 gains 1 coin"]
    );
    assert_eq!(
        texts(&t.told_act(0, Action::Place(Space::Training))),
        ["Training: Seat 1 gains 3 Strength tokens"]
    );
    // The Market: a level III mount.
    t.set(1, "coins", json!(5));
    let told = t.told_act(1, Action::Market(Gear::Mount));
    assert_eq!(
        told,
        [all(Event::Resources {
            player: Seat(1),
            who: s("Seat 2"),
            source: s("Market"),
            change: Change {
                coins: -4,
                mount: Some(3),
                ..change()
            },
            glory: 14,
            chosen: false
        })]
    );
    assert_eq!(
        texts(&told),
        ["Market: Seat 2 pays 4 coins and gains a level III mount"]
    );
    // Travel Plans gives nothing by itself: a face-up card is an open
    // action, a blind draw the drawer's secret.
    assert!(t.told_act(0, Action::Place(Space::TravelPlans)).is_empty());
    assert!(t.told_act(0, Action::Take(card("Ballad"))).is_empty());
    let told = t.told_act(0, Action::Draw(JourneyType::Market));
    assert!(
        told.is_empty(),
        "the blind draw is a chance step of its own"
    );
    let told = t.told_chance(Chance::Journey(card("Palfrey")));
    assert_eq!(
        told,
        [to(
            0,
            Event::JourneyDrawn {
                player: Seat(0),
                card: card("Palfrey"),
                name: s("Palfrey"),
                journey: JourneyType::Market
            }
        )]
    );
}

// ---------------------------------------------------------------------------
// Duels: the rulebook's example (section VIII)
// ---------------------------------------------------------------------------

/// `bonus`: what supports and relics used this clash add to or take from
/// a player's best dice (the line names it when it is not 0).
fn rolled(
    side: u8,
    who: &str,
    values: [&[u8]; 3],
    attack: i16,
    bonus: i16,
    reroll: bool,
) -> Told<Event> {
    all(Event::Rolled {
        side,
        who: s(who),
        values: values.map(<[u8]>::to_vec),
        attack,
        bonus,
        reroll,
    })
}

fn used(
    player: u8,
    item: &str,
    glory: Option<u16>,
    attack: [i16; 2],
    prestige: [i16; 2],
    does: Option<&str>,
) -> Told<Event> {
    all(Event::Used {
        player: Seat(player),
        side: player,
        item: s(item),
        glory,
        names: [s("Seat 1"), s("Seat 2")],
        attack,
        prestige,
        effect: None,
        does: does.map(s),
    })
}

/// Red (Seat 1) and White (Seat 2) as the rulebook's example has them, in
/// the lower row's third match of a Joust à Plaisance (the same position as
/// `tests/duel_example.rs`, which checks the rules; this checks the log).
#[test]
fn the_rulebook_duel_example_is_told_clash_by_clash() {
    const RED: u8 = 0;
    const WHITE: u8 = 1;
    let config = Config {
        tournaments: [TournamentKind::JoustAPlaisance; 3],
        characters: Characters::LevelOne,
        ..Config::default()
    };
    let mut t = Script::new(config, 2);
    t.auto_until(|s| s.view().stage == "registration" && s.on_move().is_some());
    t.resources(RED, 0, 4, 2, 25)
        .set(RED, "mount", json!(4))
        .set(RED, "armor", json!(2))
        .give_support(RED, Support::Rogue, 1)
        .give_support(RED, Support::Bishop, 1)
        .give_support(RED, Support::WeaponsMaster, 1);
    t.resources(WHITE, 0, 4, 1, 24)
        .set(WHITE, "mount", json!(2))
        .set(WHITE, "armor", json!(2))
        .set(WHITE, "prestige", json!(1))
        .give_support(WHITE, Support::Squire, 2)
        .give_relic(WHITE, Relic::Medallion, 1);
    assert_eq!(
        texts(&t.told_act(RED, Action::Register(4))),
        ["Seat 1 registers on space 5 of the lower row"]
    );
    assert_eq!(
        t.told_act(WHITE, Action::Register(5)),
        [all(Event::Registered {
            player: Seat(WHITE),
            who: s("Seat 2"),
            tournament: TournamentKind::JoustAPlaisance,
            space: 5,
            place: s("space 6 of the lower row (facing Seat 1)")
        })]
    );
    // The knights added after registration, the two knight duels before
    // theirs, and the duel itself.
    let told = t.told_auto(|s| s.view().duel.is_some());
    assert_eq!(
        texts(&told),
        [
            "Jan van Borssele (Noble, attack 7, glory 2, prestige 1) is added on space 1 of the lower row",
            "Zyndram of Maszkowice (Polish Noble, attack 8, glory 4, prestige 1, + white die) \
             is added on space 3 of the lower row",
            "John Fastolf (Noble, attack 8, glory 3, prestige 0) is added on space 8 of the lower row",
            "Round 1: the tournament begins",
            "Jan van Borssele beats Álvaro Vaz de Almada, settled without dice: level on glory value (2 each), \
             Jan van Borssele has more prestige (1 to 0)",
            "Zyndram of Maszkowice beats Dobiesław of Oleśnica, settled without dice: level on glory value \
             (4 each), Zyndram of Maszkowice has more prestige (1 to 0)",
            "Duel (Joust à Plaisance, lower row match 3): Seat 1 against Seat 2",
        ]
    );
    assert_eq!(
        told[3],
        all(Event::Phase {
            round: 1,
            phase: Phase::Tournament
        })
    );
    assert_eq!(
        told[6],
        all(Event::DuelBegins {
            ctx: DuelCtx::Joust { game: 2 },
            fighters: [Fighter::Player(Seat(RED)), Fighter::Player(Seat(WHITE))],
            names: [s("Seat 1"), s("Seat 2")],
            cards: [s("Seat 1"), s("Seat 2")]
        })
    );

    // 1. Red's Rogue: a glory point, and White at -1. No die is rolled
    // yet, so the line tells what the Rogue does rather than an attack
    // value that would read as a roll.
    let told = t.told_act(RED, Action::Use(Support::Rogue));
    let mut rogue = used(RED, "Rogue", Some(24), [0, -1], [0, 1], None);
    if let Event::Used { effect, .. } = &mut rogue.event {
        *effect = Some(s("-1 attack for Seat 2 in the first clash only"));
    }
    assert_eq!(told, [rogue]);
    assert_eq!(
        texts(&told),
        [
            "Seat 1 uses the Rogue and loses 1 glory point (now 24) before the roll: \
          -1 attack for Seat 2 in the first clash only"
        ]
    );
    // 2. Strength tokens are open actions: nothing more to tell.
    assert!(t.told_act(WHITE, Action::Strength(2)).is_empty());
    assert!(t.told_act(RED, Action::Strength(4)).is_empty());
    // 3. The roll, each side once all its dice are down: 9 and 9.
    let told = t.told_roll(&[
        SYMBOL,
        red(1),
        red(2),
        black(2),
        black(1),
        black(0),
        white(2),
        white(0),
    ]);
    assert_eq!(
        told,
        [rolled(
            RED,
            "Seat 1",
            [&[5, 1, 2], &[2, 1, 0], &[2, 0]],
            9,
            0,
            false
        )]
    );
    assert_eq!(
        texts(&told),
        ["Seat 1's attack: 9 (dice red 5, 1, 2; black 2, 1, 0; white 2, 0)"]
    );
    // White's best dice make 10; the Rogue's -1 is what brings it to 9,
    // and the line says so, so its sum can be checked.
    let told = t.told_roll(&[red(5), red(3), black(2), black(1), white(3), white(0)]);
    assert_eq!(
        told,
        [rolled(
            WHITE,
            "Seat 2",
            [&[5, 3], &[2, 1], &[3, 0]],
            9,
            -1,
            false
        )]
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 2's attack: 9 (dice red 5, 3; black 2, 1; white 3, 0; -1 from supports and \
             relics used this clash)"
        ]
    );
    // 4. Red's Faith and Bishop: four dice again, a Mount symbol at 4.
    assert!(t.told_act(RED, Action::Faith).is_empty());
    for (colour, f) in [
        (Colour::Mount, black(2)),
        (Colour::Mount, black(1)),
        (Colour::Mount, black(0)),
        (Colour::Armor, white(0)),
    ] {
        assert!(
            t.told_act(RED, Action::Reroll { colour, face: f })
                .is_empty()
        );
    }
    assert!(t.told_act(RED, Action::Roll).is_empty());
    let told = t.told_roll(&[SYMBOL, black(0), black(1), white(1)]);
    assert_eq!(
        told,
        [rolled(
            RED,
            "Seat 1",
            [&[5, 1, 2], &[4, 0, 1], &[2, 1]],
            11,
            0,
            true
        )]
    );
    assert_eq!(
        texts(&told),
        ["Seat 1's attack after the re-roll: 11 (dice red 5, 1, 2; black 4, 0, 1; white 2, 1)"]
    );
    // 5. White's two Mount dice.
    t.act(WHITE, Action::Faith)
        .act(
            WHITE,
            Action::Reroll {
                colour: Colour::Mount,
                face: black(2),
            },
        )
        .act(
            WHITE,
            Action::Reroll {
                colour: Colour::Mount,
                face: black(1),
            },
        )
        .act(WHITE, Action::Roll);
    let told = t.told_roll(&[black(0), SYMBOL]);
    assert_eq!(
        told,
        [rolled(
            WHITE,
            "Seat 2",
            [&[5, 3], &[0, 0], &[3, 0]],
            7,
            -1,
            true
        )]
    );
    // 6. White's Squire: 11 to 11.
    let told = t.told_act(WHITE, Action::Use(Support::Squire));
    assert_eq!(
        told,
        [used(
            WHITE,
            "Squire",
            None,
            [11, 11],
            [0, 1],
            Some("turns one of Seat 2's black Mount dice to 4")
        )]
    );
    // 7-8. Everyone passes.
    for seat in [RED, RED, WHITE] {
        assert!(t.told_act(seat, Action::Pass).is_empty());
    }
    // 9. The tie goes to White's prestige; he flips his Charmer token.
    let told = t.told_act(WHITE, Action::Pass);
    assert_eq!(
        told,
        [all(Event::Clash {
            clash: 1,
            names: [s("Seat 1"), s("Seat 2")],
            attack: [11, 11],
            prestige: [0, 1],
            winner: WHITE,
            by: TieBreak::Prestige,
            wins: [0, 1],
            flipped: Some(Prestige::Charmer)
        })]
    );
    assert_eq!(
        texts(&told),
        [
            "Clash 1: Seat 2 beats Seat 1 on prestige, 1 to 0 (attack 11 to 11) and flips the \
          Charmer token; clashes won: Seat 1 0, Seat 2 1"
        ]
    );

    // Second clash: Red 8 (the printed 5 does not add up, see
    // duel_example.rs), White 9; Red's single red die; Squire and Weapons
    // Master; White's Medallion wins it.
    t.act(WHITE, Action::Strength(2));
    let told = t.told_roll(&[
        red(2),
        red(1),
        red(1),
        black(4),
        black(0),
        black(0),
        white(2),
        white(0),
    ]);
    assert_eq!(
        told,
        [rolled(
            RED,
            "Seat 1",
            [&[2, 1, 1], &[4, 0, 0], &[2, 0]],
            8,
            0,
            false
        )]
    );
    let told = t.told_roll(&[
        red(4),
        red(2),
        red(1),
        black(2),
        black(0),
        white(3),
        white(1),
    ]);
    assert_eq!(
        told,
        [rolled(
            WHITE,
            "Seat 2",
            [&[4, 2, 1], &[2, 0], &[3, 1]],
            9,
            0,
            false
        )]
    );
    t.act(RED, Action::Faith)
        .act(
            RED,
            Action::Reroll {
                colour: Colour::Strength,
                face: red(1),
            },
        )
        .act(RED, Action::Roll);
    assert_eq!(
        t.told_roll(&[red(3)]),
        [rolled(
            RED,
            "Seat 1",
            [&[2, 3, 1], &[4, 0, 0], &[2, 0]],
            9,
            0,
            true
        )]
    );
    assert_eq!(
        t.told_act(WHITE, Action::Use(Support::Squire)),
        [used(
            WHITE,
            "Squire",
            None,
            [9, 11],
            [0, 0],
            Some("turns one of Seat 2's black Mount dice to 4")
        )]
    );
    assert_eq!(
        t.told_act(RED, Action::Use(Support::WeaponsMaster)),
        [used(
            RED,
            "Weapons Master",
            None,
            [11, 11],
            [0, 0],
            Some("turns one of Seat 1's red Strength dice to 5")
        )]
    );
    // The relic, the clash, the duel (7 glory, not 9) and what Red gets
    // back without being asked.
    let told = t.told_act(WHITE, Action::Relic(Relic::Medallion));
    assert_eq!(
        told,
        [
            used(
                WHITE,
                "Medallion relic",
                None,
                [11, 12],
                [0, 0],
                Some("gives Seat 2 +1 attack this clash")
            ),
            all(Event::Clash {
                clash: 2,
                names: [s("Seat 1"), s("Seat 2")],
                attack: [11, 12],
                prestige: [0, 0],
                winner: WHITE,
                by: TieBreak::Attack,
                wins: [0, 2],
                flipped: None
            }),
            all(Event::DuelWon {
                ctx: DuelCtx::Joust { game: 2 },
                names: [s("Seat 1"), s("Seat 2")],
                winner: WHITE,
                wins: [0, 2],
                glory: [0, 7],
                totals: [None, Some(31)],
                halved: None
            }),
            all(Event::Recovered {
                player: Seat(RED),
                strength: 1,
                faith: 1,
                prestige: None,
                support: None,
                relic: None,
                chosen: false
            }),
        ]
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 2 uses the Medallion relic, which gives Seat 2 +1 attack this clash; Seat 1 has \
             attack 11, prestige 0; Seat 2 attack 12, prestige 0",
            "Clash 2: Seat 2 beats Seat 1 on attack, 12 to 11; clashes won: Seat 1 0, Seat 2 2",
            "Seat 2 wins the duel against Seat 1, 2 clashes to 0; Seat 2 scores 7 glory points (now 31)",
            "Seat 1 recovers 1 Strength token and 1 Faith token",
        ]
    );
    // Red picks the Weapons Master back and is out of the joust.
    let told = t.told_act(RED, Action::ReactivateSupport(Support::WeaponsMaster));
    assert_eq!(
        told[..2],
        [
            all(Event::Recovered {
                player: Seat(RED),
                strength: 0,
                faith: 0,
                prestige: None,
                support: Some(Support::WeaponsMaster),
                relic: None,
                chosen: true
            }),
            all(Event::KnockedOut {
                player: Seat(RED),
                row: 0,
                extra: 2
            }),
        ]
    );
    assert_eq!(
        texts(&told[..2]),
        [
            "Seat 1 recovers the Weapons Master",
            "Seat 1 is out of the Joust à Plaisance in the lower row and may play 2 more Journey cards"
        ]
    );
}

// ---------------------------------------------------------------------------
// A Joust à Plaisance: knight against knight, eliminations, the trophy
// ---------------------------------------------------------------------------

/// The ladder of `tests/tournaments.rs`: Seat 2 on space 1, Seat 1 on
/// space 8; Seat 2 wins through to the trophy, Seat 1 is knocked out by
/// David Mathew and plays its extra Journey cards.
#[test]
fn a_joust_tells_knight_duels_eliminations_and_the_trophy() {
    let config = Config {
        tournaments: [TournamentKind::JoustAPlaisance; 3],
        characters: Characters::LevelOne,
        ..Config::default()
    };
    let mut t = Script::new(config, 2);
    t.auto_until(|s| s.is_chance() && s.step_text() == "The tournament card is drawn");
    t.chance(Chance::Tournament(6));
    let mut told = Vec::new();
    for k in ["Álvaro", "Dobiesław of", "David Mathew"] {
        told.extend(t.told_chance(Chance::Knight(knight(k))));
    }
    assert_eq!(
        told[0],
        all(Event::KnightPlaced {
            knight: knight("Álvaro"),
            name: s("Álvaro Vaz de Almada"),
            knight_type: KnightType::Noble,
            attack: 7,
            glory: 2,
            prestige: 0,
            fewer: [0, 0, 0],
            armor_die: false,
            town: None,
            space: Some(1),
            added: false
        })
    );
    assert_eq!(
        told[0].event.to_string(),
        "Álvaro Vaz de Almada (Noble, attack 7, glory 2, prestige 0) takes space 2 of the lower row"
    );
    t.auto_until(|s| s.view().stage == "registration" && s.on_move().is_some());
    t.resources(0, 0, 0, 0, 10)
        .empty_hand(0)
        .give_card(0, "The Game", 3);
    t.resources(1, 0, 4, 0, 10).empty_hand(1);
    for p in 0..2 {
        t.set(p, "mount", json!(2)).set(p, "armor", json!(2));
    }
    assert!(
        t.told_act(0, Action::Pass).is_empty(),
        "waiting tells nothing"
    );
    assert_eq!(
        texts(&t.told_act(1, Action::Register(0))),
        ["Seat 2 registers on space 1 of the lower row (facing Álvaro Vaz de Almada)"]
    );
    t.act(0, Action::Register(7));
    t.chance(Chance::Knight(knight("Jan van Borssele")))
        .chance(Chance::Knight(knight("Zyndram")));
    let told = t.told_chance(Chance::Knight(knight("John Fastolf")));
    assert_eq!(
        texts(&told),
        [
            "John Fastolf (Noble, attack 8, glory 3, prestige 0) is added on space 6 of the lower row",
            "Round 1: the tournament begins",
            "Duel (Joust à Plaisance, lower row match 1): Seat 2 against Álvaro Vaz de Almada (attack 7, prestige 0)"
        ]
    );
    // Seat 2 beats Álvaro on two ties (a player needs as much prestige as
    // the knight: 0 against 0).
    t.act(1, Action::Strength(0));
    let told = t.told_roll(&[black(4), black(0), white(3), white(0)]);
    assert_eq!(
        texts(&told),
        [
            "Seat 2's attack: 7 (dice black 4, 0; white 3, 0)",
            "Clash 1: Seat 2 wins the tie against Álvaro Vaz de Almada (attack 7 to 7, prestige 0 \
             each: against a knight, equal prestige is enough for the player); clashes won: \
             Seat 2 1, Álvaro Vaz de Almada 0"
        ]
    );
    t.act(1, Action::Strength(0));
    let told = t.told_roll(&[black(4), black(0), white(3), white(0)]);
    // Then the two knight duels of the lower row, and David Mathew's
    // against Seat 1.
    assert_eq!(
        told[2..],
        [
            all(Event::DuelWon {
                ctx: DuelCtx::Joust { game: 0 },
                names: [s("Seat 2"), s("Álvaro Vaz de Almada")],
                winner: 0,
                wins: [2, 0],
                glory: [2, 0],
                totals: [Some(12), None],
                halved: None
            }),
            all(Event::Decided {
                ctx: DuelCtx::Joust { game: 1 },
                names: [s("Jan van Borssele"), s("Dobiesław of Oleśnica")],
                standing: [[2, 1], [4, 0]],
                winner: 1,
                glory: 0,
                total: None
            }),
            all(Event::Decided {
                ctx: DuelCtx::Joust { game: 2 },
                names: [s("Zyndram of Maszkowice"), s("John Fastolf")],
                standing: [[4, 1], [3, 0]],
                winner: 0,
                glory: 0,
                total: None
            }),
            all(Event::DuelBegins {
                ctx: DuelCtx::Joust { game: 3 },
                fighters: [
                    Fighter::Knight(knight("David Mathew")),
                    Fighter::Player(Seat(0))
                ],
                names: [s("David Mathew"), s("Seat 1")],
                cards: [s("David Mathew (attack 8, prestige 1)"), s("Seat 1")]
            }),
        ]
    );
    assert_eq!(
        texts(&told[2..4]),
        [
            "Seat 2 wins the duel against Álvaro Vaz de Almada, 2 clashes to 0; Seat 2 scores 2 glory points (now 12)",
            "Dobiesław of Oleśnica beats Jan van Borssele, settled without dice: Dobiesław of Oleśnica has \
             the higher glory value (4 to 2)",
        ]
    );
    t.roll(&[black(4), black(0), white(3), white(0)]);
    let told = t.told_roll(&[black(4), black(0), white(3), white(0)]);
    assert_eq!(
        told[2..4],
        [
            all(Event::DuelWon {
                ctx: DuelCtx::Joust { game: 3 },
                names: [s("David Mathew"), s("Seat 1")],
                winner: 0,
                wins: [2, 0],
                glory: [0, 0],
                totals: [None, None],
                halved: None
            }),
            all(Event::KnockedOut {
                player: Seat(0),
                row: 0,
                extra: 2
            }),
        ]
    );
    assert_eq!(
        told[2].event.to_string(),
        "David Mathew wins the duel against Seat 1, 2 clashes to 0"
    );
    // The middle row: Oleśnica's white die comes up 0.
    t.act(1, Action::Strength(0));
    t.roll(&[black(4), black(0), white(3), white(0)]);
    let told = t.told_roll(&[white(0)]);
    assert_eq!(
        told,
        [
            rolled(1, "Dobiesław of Oleśnica", [&[], &[], &[0]], 7, 0, false),
            all(Event::Clash {
                clash: 1,
                names: [s("Seat 2"), s("Dobiesław of Oleśnica")],
                attack: [7, 7],
                prestige: [0, 0],
                winner: 0,
                by: TieBreak::Prestige,
                wins: [1, 0],
                flipped: None
            }),
        ]
    );
    assert_eq!(
        told[0].event.to_string(),
        "Dobiesław of Oleśnica's attack: 7 (dice white 0)"
    );
    t.act(1, Action::Strength(0));
    t.roll(&[black(4), black(0), white(3), white(0)]);
    let told = t.told_roll(&[white(0)]);
    assert_eq!(
        texts(&told[3..]),
        [
            "Zyndram of Maszkowice beats David Mathew, settled without dice: Zyndram of Maszkowice has the \
             higher glory value (4 to 2)",
            "Duel (Joust à Plaisance, the final): Seat 2 against Zyndram of Maszkowice (attack 8, prestige 1, + white die)"
        ]
    );
    // The final, and the standard trophy.
    t.act(1, Action::Strength(4));
    t.roll(&[
        SYMBOL,
        red(1),
        red(1),
        black(4),
        black(0),
        white(3),
        white(0),
    ])
    .roll(&[white(3)]);
    t.roll(&[
        red(5),
        red(1),
        red(1),
        black(4),
        black(0),
        white(3),
        white(0),
    ]);
    let told = t.told_roll(&[white(3)]);
    assert_eq!(
        told[3..],
        [
            all(Event::Resources {
                player: Seat(1),
                who: s("Seat 2"),
                source: s("Tournament trophy"),
                change: Change {
                    glory: 1,
                    coins: 1,
                    ..change()
                },
                glory: 21,
                chosen: false
            }),
            all(Event::Phase {
                round: 1,
                phase: Phase::ExtraJourney
            }),
        ]
    );
    assert_eq!(
        texts(&told[2..]),
        [
            "Seat 2 wins the duel against Zyndram of Maszkowice, 2 clashes to 0; Seat 2 scores 4 glory points (now 20)",
            "Tournament trophy: Seat 2 gains 1 glory point (now 21) and 1 coin",
            "Round 1: players knocked out of the joust may play their extra Journey cards"
        ]
    );
    assert_eq!(
        texts(&t.told_act(0, Action::Play(card("The Game")))),
        ["The Game: Seat 1 gains 2 coins"]
    );
}

// ---------------------------------------------------------------------------
// Journey cards and Maintenance
// ---------------------------------------------------------------------------

#[test]
fn journey_cards_tell_their_price_reward_and_duel() {
    let mut t = Script::started(
        Config {
            characters: Characters::LevelOne,
            ..Config::default()
        },
        2,
    );
    t.auto_until(|s| s.view().stage == "journey" && s.on_move() == Some(0));
    t.resources(0, 3, 0, 0, 10)
        .empty_hand(0)
        .empty_hand(1)
        .set(0, "mount", json!(2))
        .set(0, "armor", json!(2))
        .give_card(0, "Dowry", 1)
        .give_card(0, "Golden Fleece", 1)
        .give_card(0, "Highwayman", 1)
        .give_card(0, "Rescue", 1);
    // An "A / B" card tells nothing until the reward is chosen.
    assert!(t.told_act(0, Action::Play(card("Dowry"))).is_empty());
    let told = t.told_act(0, Action::Choose(1));
    assert_eq!(
        told,
        [all(Event::Resources {
            player: Seat(0),
            who: s("Seat 1"),
            source: s("Dowry"),
            change: Change {
                prestige: vec![Prestige::Overlord],
                ..change()
            },
            glory: 10,
            chosen: true
        })]
    );
    assert_eq!(texts(&told), ["Dowry: Seat 1 gains the Overlord token"]);
    // A Market card: its price and its goods in one line.
    assert_eq!(
        texts(&t.told_act(0, Action::Play(card("Golden Fleece")))),
        [
            "Golden Fleece: Seat 1 pays 3 coins and gains 3 glory points (now 13) and the Chamberlain token"
        ]
    );
    // A Challenge won: the duel, then the reward chosen.
    t.set(0, "journey_left", json!(3));
    let told = t.told_act(0, Action::Play(card("Highwayman")));
    assert_eq!(
        told,
        [all(Event::DuelBegins {
            ctx: DuelCtx::Journey {
                player: Seat(0),
                card: card("Highwayman")
            },
            fighters: [Fighter::Player(Seat(0)), Fighter::Card(card("Highwayman"))],
            names: [s("Seat 1"), s("Highwayman")],
            cards: [s("Seat 1"), s("Highwayman (attack 6, prestige 0)")]
        })]
    );
    assert_eq!(
        texts(&told),
        ["Duel (Challenge card Highwayman): Seat 1 against Highwayman (attack 6, prestige 0)"]
    );
    t.roll(&[black(4), black(0), white(3), white(0)]);
    let told = t.told_roll(&[black(4), black(0), white(3), white(0)]);
    assert_eq!(
        told[2],
        all(Event::DuelWon {
            ctx: DuelCtx::Journey {
                player: Seat(0),
                card: card("Highwayman")
            },
            names: [s("Seat 1"), s("Highwayman")],
            winner: 0,
            wins: [2, 0],
            glory: [0, 0],
            totals: [None, None],
            halved: None
        })
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 1's attack: 7 (dice black 4, 0; white 3, 0)",
            "Clash 2: Seat 1 beats Highwayman on attack, 7 to 6; clashes won: Seat 1 2, Highwayman 0",
            "Seat 1 wins the duel against Highwayman, 2 clashes to 0"
        ]
    );
    let told = t.told_act(0, Action::Choose(1));
    assert_eq!(
        texts(&told),
        ["Highwayman: Seat 1 gains 4 glory points (now 17)"]
    );
    // The line is the choice told with what it gave: the log drops the
    // step's own line ("Take 2 glory") for it.
    assert!(told.iter().all(|t| Glory::event_retells_step(&t.event)));
    // A Challenge lost: the card comes back, known to all.
    t.set(0, "journey_left", json!(3));
    t.act(0, Action::Play(card("Rescue")));
    t.roll(&[black(0), black(0), white(0), white(0)]);
    let told = t.told_roll(&[black(0), black(0), white(0), white(0)]);
    assert_eq!(
        told[3],
        all(Event::ChallengeKept {
            player: Seat(0),
            card: card("Rescue"),
            name: s("Rescue")
        })
    );
    assert_eq!(
        texts(&told[2..4]),
        [
            "Rescue wins the duel against Seat 1, 2 clashes to 0",
            "Seat 1 gets nothing for the lost duel and takes Rescue back into hand, now known to all, \
             to try again later"
        ]
    );
    // Seat 1 stops; the phase ends and Maintenance begins.
    let told = t.told_act(0, Action::Pass);
    assert_eq!(
        told[..4],
        [
            all(Event::Phase {
                round: 1,
                phase: Phase::Maintenance
            }),
            all(Event::Initiative {
                order: vec![Seat(0), Seat(1)],
                names: vec![s("Seat 1"), s("Seat 2")]
            }),
            all(Event::Income {
                player: Seat(0),
                coins: 2,
                strength: 4,
                faith: 1
            }),
            all(Event::Income {
                player: Seat(1),
                coins: 2,
                strength: 4,
                faith: 1
            }),
        ]
    );
    assert_eq!(
        texts(&told[..3]),
        [
            "Round 1: Maintenance: the pawns come home and everything used flips back",
            "Initiative order from this round's registration and tournament on: Seat 1, Seat 2",
            "Seat 1 collects 2 coins, 4 Strength tokens and 1 Faith token"
        ]
    );
    // The new track, rows and round 3's event are drawn before the
    // registration.
    let told = t.told_auto(|s| s.view().stage == "registration");
    let last = told.last().expect("the phase is told");
    assert_eq!(
        *last,
        all(Event::Phase {
            round: 1,
            phase: Phase::Registration
        })
    );
    assert_eq!(
        last.event.to_string(),
        "Round 1: registration for the tournament"
    );
}

// ---------------------------------------------------------------------------
// The Title phase and the end
// ---------------------------------------------------------------------------

#[test]
fn the_title_phase_and_the_final_scores_are_told() {
    let mut t = at_the_end(["Brave", "Wealthy", "Strong"]);
    t.give_support(0, Support::Chronicler, 1);
    t.set(0, "strength", json!(4))
        .set(0, "mount", json!(4))
        .set(0, "armor", json!(4));
    let told = t.told_act(0, Action::Pass);
    assert_eq!(
        told,
        [all(Event::Phase {
            round: 3,
            phase: Phase::Titles
        })]
    );
    assert_eq!(texts(&told), ["Round 3: the Title phase begins"]);
    // Brave's single duel, against attack 11 and prestige 1.
    let told = t.told_act(0, Action::Attempt);
    let brave = title("Brave");
    assert_eq!(
        told,
        [all(Event::DuelBegins {
            ctx: DuelCtx::Title {
                player: Seat(0),
                title: brave
            },
            fighters: [Fighter::Player(Seat(0)), Fighter::Title(brave)],
            names: [s("Seat 1"), s("the Brave title's knight")],
            cards: [
                s("Seat 1"),
                s("the Brave title's knight (attack 11, prestige 1)")
            ]
        })]
    );
    assert_eq!(
        texts(&told),
        ["Duel (the Brave title): Seat 1 against the Brave title's knight (attack 11, prestige 1)"]
    );
    t.act(0, Action::Strength(4));
    let roll = [
        SYMBOL,
        red(1),
        red(1),
        black(4),
        black(0),
        black(0),
        white(3),
        white(0),
        white(0),
    ];
    t.roll(&roll);
    // Won: Wealthy cannot be met (no coins), Brave can; the Chronicler
    // adds a point. Seat 2 lets Brave go and completes nothing.
    let told = t.told_roll(&roll);
    assert_eq!(
        told[2..],
        [
            all(Event::DuelWon {
                ctx: DuelCtx::Title {
                    player: Seat(0),
                    title: brave
                },
                names: [s("Seat 1"), s("the Brave title's knight")],
                winner: 0,
                wins: [2, 0],
                glory: [0, 0],
                totals: [None, None],
                halved: None
            }),
            all(Event::Titles {
                player: Seat(0),
                who: s("Seat 1"),
                titles: vec![brave],
                names: vec![s("Brave")],
                glory: 8,
                chronicler: 1,
                total: 29
            }),
        ]
    );
    assert_eq!(
        texts(&told[2..]),
        [
            "Seat 1 wins the duel against the Brave title's knight, 2 clashes to 0",
            "Seat 1 completes Brave: 8 glory points and 1 more for the Chronicler (now 29)"
        ]
    );
    t.set(1, "coins", json!(6)).set(1, "prestige", json!(1));
    let told = t.told_act(1, Action::Pass);
    assert_eq!(
        told,
        [
            all(Event::Titles {
                player: Seat(1),
                who: s("Seat 2"),
                titles: vec![title("Wealthy")],
                names: vec![s("Wealthy")],
                glory: 5,
                chronicler: 0,
                total: 25
            }),
            all(Event::GameOver {
                scores: vec![
                    Score {
                        player: Seat(0),
                        who: s("Seat 1"),
                        glory: 29,
                        prestige: 0
                    },
                    Score {
                        player: Seat(1),
                        who: s("Seat 2"),
                        glory: 25,
                        prestige: 1
                    },
                ],
                winners: vec![Seat(0)],
                goal: None
            }),
        ]
    );
    assert_eq!(
        texts(&told),
        [
            "Seat 2 completes Wealthy: 5 glory points (now 25)",
            "Game over: Seat 1 29 glory (0 prestige), Seat 2 25 glory (1 prestige); Seat 1 wins"
        ]
    );
}

#[test]
fn a_shared_victory_and_an_empty_title_phase_are_told() {
    let mut t = at_the_end(["Strong", "Charming", "Traveler"]);
    let told = t.told_act(0, Action::Pass);
    assert_eq!(
        texts(&told),
        [
            "Round 3: the Title phase begins",
            "Seat 1 completes no title (now 20 glory points)",
            "Seat 2 completes no title (now 20 glory points)",
            "Game over: Seat 1 20 glory (0 prestige), Seat 2 20 glory (0 prestige); \
             Seat 1 and Seat 2 share the victory, level on 20 glory and on prestige tokens (0 each)"
        ]
    );
    assert_eq!(
        told[1],
        all(Event::Titles {
            player: Seat(0),
            who: s("Seat 1"),
            titles: vec![],
            names: vec![],
            glory: 0,
            chronicler: 0,
            total: 20
        })
    );
}

// ---------------------------------------------------------------------------
// Solo: Otto
// ---------------------------------------------------------------------------

/// "Nobody / nothing" in the serialized state.
const NONE: u8 = 255;
/// A knight on a ladder space is `KNIGHT + id` in the state.
const KNIGHT: u8 = 16;

fn solo(mode: SoloMode, tournaments: [TournamentKind; 3]) -> Config {
    solo_at(mode, tournaments, Difficulty::Medium)
}

fn solo_at(mode: SoloMode, tournaments: [TournamentKind; 3], difficulty: Difficulty) -> Config {
    Config {
        characters: Characters::LevelOne,
        tournaments,
        solo: Some(Solo {
            mode,
            difficulty,
            deck: AutomaDeck::Solo,
        }),
        ..Config::default()
    }
}

fn otto_resources(source: &str, glory: i32, total: u16) -> Told<Event> {
    all(Event::Resources {
        player: OTTO,
        who: s("Otto"),
        source: s(source),
        change: Change { glory, ..change() },
        glory: total,
        chosen: false,
    })
}

/// Round 1 of a Rivalry game: the player's pawns block spaces one by one
/// and Otto turns up chosen automa cards on a known board (the King on
/// the special space, the Crusade as the event, chosen Market cards).
#[test]
fn otto_tells_each_card_and_what_it_makes_him_do() {
    let mut t = Script::started(solo(SoloMode::Rivalry, [TournamentKind::PasDArmes; 3]), 1);
    t.act(0, Action::Place(Space::Patrol));
    let market = ["Palfrey", "Chainmail", "Feast", "Provisions"].map(card);
    t.patch(|v| {
        v["board"]["track"] = json!([
            Support::King as u8,
            NONE,
            Support::Cook as u8,
            Support::WeaponsMaster as u8,
            Support::Minstrel as u8,
            Support::Squire as u8,
            Support::Sister as u8,
            NONE,
            NONE
        ]);
        v["board"]["events"][0] = json!(0);
        v["board"]["event_support"] = json!(NONE);
        v["board"]["rows"][1] = json!(market);
    });
    assert_eq!(t.step_text(), "Otto reveals an automa card");
    // Solo card 1: Training is free.
    let told = t.told_chance(Chance::Automa(0));
    assert_eq!(
        told,
        [all(Event::Automa {
            card: 0,
            name: s("Solo card 1"),
            action: Some(0),
            does: Some(s("occupies Training"))
        })]
    );
    assert_eq!(
        texts(&told),
        ["Otto reveals Solo card 1 and takes its action I: he occupies Training"]
    );
    // Solo card 2: Prayer is taken, so he throws the King away, and in
    // Rivalry scores for it: the score's line says what it was for.
    t.act(0, Action::Place(Space::Prayer));
    let told = t.told_chance(Chance::Automa(1));
    assert_eq!(
        told,
        [
            all(Event::Automa {
                card: 1,
                name: s("Solo card 2"),
                action: Some(1),
                does: Some(s(
                    "discards the King support from the special space of the track"
                ))
            }),
            otto_resources("Solo card 2, for discarding the King support", 3, 13),
        ]
    );
    assert_eq!(
        texts(&told),
        [
            "Otto reveals Solo card 2; action I cannot be carried out in full, so he takes \
             action II: he discards the King support from the special space of the track",
            "Solo card 2, for discarding the King support: Otto gains 3 glory points (now 13)"
        ]
    );
    // Solo card 3: Service is taken: the four Market cards go.
    t.act(0, Action::Place(Space::Service));
    assert_eq!(
        texts(&t.told_chance(Chance::Automa(2))),
        [
            "Otto reveals Solo card 3; action I cannot be carried out in full, so he takes \
             action II: he removes the face-up Market cards: Palfrey, Chainmail, Feast, Provisions"
        ]
    );
    // Solo card 7 can do nothing (initiative and Service taken, a Romance
    // card missing): another card is turned up, Solo card 8's New
    // Objective: two titles discarded face up, one kept unseen.
    t.patch(|v| v["board"]["rows"][0][3] = json!(NONE));
    t.act(0, Action::Place(Space::Initiative));
    let told = t.told_chance(Chance::Automa(6));
    assert_eq!(
        told,
        [all(Event::Automa {
            card: 6,
            name: s("Solo card 7"),
            action: None,
            does: None
        })]
    );
    assert_eq!(
        texts(&told),
        ["Otto reveals Solo card 7: none of its actions can be carried out; he reveals another"]
    );
    t.told_chance(Chance::Automa(7));
    let mut told = t.told_chance(Chance::Title(title("Noble")));
    told.extend(t.told_chance(Chance::Title(title("Pious"))));
    told.extend(t.told_chance(Chance::Title(title("Patron"))));
    assert_eq!(
        told,
        [
            all(Event::TitleDiscarded {
                player: OTTO,
                who: s("Otto"),
                title: title("Noble"),
                name: s("Noble")
            }),
            all(Event::TitleDiscarded {
                player: OTTO,
                who: s("Otto"),
                title: title("Pious"),
                name: s("Pious")
            }),
            all(Event::TitleKept {
                player: OTTO,
                who: s("Otto"),
                title: None,
                name: None
            }),
        ]
    );
    assert_eq!(
        texts(&told),
        [
            "Otto discards the title Noble face up",
            "Otto discards the title Pious face up",
            "Otto keeps a title as a hidden personal objective"
        ]
    );
    // Each discard, and the keep, is the chance step that drew it ("Otto
    // draws a title and discards it") told with the title: the log keeps
    // one line.
    assert!(told.iter().all(|t| Glory::event_retells_step(&t.event)));
    // Solo card 6: the special support is gone; the Crusade pays him 3.
    t.act(0, Action::Place(Space::WarmUp));
    assert_eq!(
        t.told_chance(Chance::Automa(5)),
        [
            all(Event::Automa {
                card: 5,
                name: s("Solo card 6"),
                action: Some(1),
                does: Some(s("takes the Crusade action"))
            }),
            otto_resources("Solo card 6", 3, 16),
        ]
    );
}

/// Nothing on the board any card of the Solo deck asks for: Otto gives the
/// pawn up and says so.
#[test]
fn otto_giving_up_a_pawn_is_told() {
    let mut t = Script::started(solo(SoloMode::Score, [TournamentKind::PasDArmes; 3]), 1);
    t.patch(|v| {
        // Every space any Solo card names is taken by the player, the
        // special space and the rows are bare, no listed support is on a
        // 1-coin space.
        let mut pawns = [[0u8; 4]; 12];
        for space in [
            Space::Training,
            Space::Prayer,
            Space::Service,
            Space::Herald,
            Space::NewObjective,
            Space::Event,
        ] {
            pawns[space.index()][0] = 2;
        }
        pawns[Space::Initiative.index()][0] = 1;
        v["board"]["pawns"] = json!(pawns);
        v["board"]["initiative"] = json!([0, NONE, NONE, NONE]);
        v["players"][0]["initiative"] = json!(true);
        v["board"]["rows"] = json!([[NONE; 4]; 3].to_vec());
        v["board"]["track"] = json!([
            NONE,
            NONE,
            Support::Squire as u8,
            Support::Cook as u8,
            Support::Herald as u8,
            NONE,
            NONE,
            NONE,
            NONE
        ]);
    });
    let told = t.told_act(0, Action::Place(Space::Patrol));
    assert_eq!(
        told,
        [
            all(Event::Resources {
                player: Seat(0),
                who: s("Seat 1"),
                source: s("Patrol"),
                change: Change {
                    coins: 2,
                    ..change()
                },
                glory: 10,
                chosen: false
            }),
            all(Event::OttoGivesUp { pawns_left: 5 }),
        ]
    );
    assert_eq!(
        texts(&told),
        [
            "Patrol: Seat 1 gains 2 coins",
            "Otto can carry out none of his automa cards and gives up a pawn (5 left)"
        ]
    );
}

/// Registration in a Rivalry Pas d'Armes: Otto registers by rule inside
/// the player's step, then beats two knights without dice.
#[test]
fn otto_registering_and_beating_knights_is_told() {
    let config = solo_at(
        SoloMode::Rivalry,
        [TournamentKind::PasDArmes; 3],
        Difficulty::Hard,
    );
    let mut t = Script::started(config, 1);
    t.auto_until(|s| s.view().stage == "registration" && s.on_move() == Some(0));
    t.resources(0, 0, 0, 0, 10).empty_hand(0);
    t.patch(|v| {
        v["order"] = json!([0, OTTO, NONE, NONE]);
        v["cursor"] = json!(1);
        v["task"] = json!({"register": {"player": 0, "optional": false}});
        v["players"][1]["glory"] = json!(10);
        let mut town = [NONE; 9];
        let mut challenger = [NONE; 9];
        town[0] = knight("John Talbot");
        challenger[0] = OTTO.0;
        town[3] = knight("Pál Kinizsi");
        town[4] = knight("David Mathew");
        v["tourney"]["town"] = json!(town);
        v["tourney"]["challenger"] = json!(challenger);
    });
    // With no second town to enter, the tournament runs at once: Otto
    // (hard: John I of Portugal, glory 8, prestige 2) beats Talbot and
    // Kinizsi.
    let told = t.told_act(0, Action::Register(4));
    let john = [8, 2];
    assert_eq!(
        told[..5],
        [
            all(Event::Registered {
                player: Seat(0),
                who: s("Seat 1"),
                tournament: TournamentKind::PasDArmes,
                space: 4,
                place: s("David Mathew in Paris (attack 8, glory 2, prestige 1)")
            }),
            all(Event::Registered {
                player: OTTO,
                who: s("Otto"),
                tournament: TournamentKind::PasDArmes,
                space: 3,
                place: s("Pál Kinizsi in Paris (attack 10, glory 8, prestige 1)")
            }),
            all(Event::Phase {
                round: 1,
                phase: Phase::Tournament
            }),
            all(Event::Decided {
                ctx: DuelCtx::PasDArmes { space: 0 },
                names: [s("John Talbot"), s("Otto")],
                standing: [[7, 1], john],
                winner: 1,
                glory: 7,
                total: Some(17)
            }),
            all(Event::Decided {
                ctx: DuelCtx::PasDArmes { space: 3 },
                names: [s("Pál Kinizsi"), s("Otto")],
                standing: [[8, 1], john],
                winner: 1,
                glory: 8,
                total: Some(25)
            }),
        ]
    );
    assert_eq!(
        texts(&told[1..]),
        [
            "Otto registers to challenge Pál Kinizsi in Paris (attack 10, glory 8, prestige 1)",
            "Round 1: the tournament begins",
            "Otto beats John Talbot, settled without dice: Otto has the higher glory value (8 to 7); \
             Otto scores 7 glory points (now 17)",
            "Otto beats Pál Kinizsi, settled without dice: level on glory value (8 each), Otto has more \
             prestige (2 to 1); Otto scores 8 glory points (now 25)",
            "Duel (Pas d'Armes in Paris): Seat 1 against David Mathew (attack 8, prestige 1)"
        ]
    );
}

/// A Joust à Plaisance with a space left empty: the entrant beside it
/// moves up without a duel.
#[test]
fn a_bye_is_told() {
    let mut t = Script::started(
        solo(SoloMode::Champion, [TournamentKind::JoustAPlaisance; 3]),
        1,
    );
    t.auto_until(|s| s.view().stage == "registration" && s.on_move() == Some(0));
    t.patch(|v| {
        let mut ladder = [NONE; 15];
        let mut bits = 0u64;
        for (slot, name) in [(2, "Álvaro"), (3, "Jan van Borssele")] {
            let k = knight(name);
            ladder[slot] = KNIGHT + k;
            bits |= 1 << k;
        }
        v["tourney"]["ladder"] = json!(ladder);
        v["tourney"]["knights"] = json!(bits);
        v["tourney"]["adding"] = json!(true);
    });
    let told = t.told_act(0, Action::Register(0));
    assert_eq!(
        told[2],
        all(Event::Bye {
            ctx: DuelCtx::Joust { game: 0 },
            name: s("Seat 1")
        })
    );
    assert_eq!(
        texts(&told[2..4]),
        [
            "Seat 1 moves up unopposed (Joust à Plaisance, lower row match 1)",
            "Jan van Borssele beats Álvaro Vaz de Almada, settled without dice: level on glory value (2 each), \
             Jan van Borssele has more prestige (1 to 0)"
        ]
    );
}

/// Rivalry's Title phase and the verdict.
#[test]
fn otto_scoring_his_titles_and_the_solo_verdict_are_told() {
    let mut t = Script::started(solo(SoloMode::Rivalry, [TournamentKind::PasDArmes; 3]), 1);
    t.auto_until(|s| s.view().round == 3 && s.view().stage == "registration");
    t.give_card(0, "The Game", 1);
    t.auto_until(|s| s.view().stage == "final_journey" && s.on_move() == Some(0));
    t.resources(0, 0, 0, 0, 40).empty_hand(0);
    let public = ["Strong", "Noble", "Equipped"].map(title);
    t.patch(|v| {
        let p = &mut v["players"][0];
        p["supports"] = json!(vec![0; 22]);
        p["relics"] = json!(vec![0; 4]);
        p["prestige"] = json!(0);
        p["played"] = json!([0, 0, 0]);
        p["titles"]["counts"] = json!(vec![0; 14]);
        v["board"]["public"] = json!(public);
        let mut held = [0u8; 14];
        held[usize::from(title("Wealthy"))] = 1;
        v["players"][1]["titles"]["counts"] = json!(held);
        v["players"][1]["glory"] = json!(30);
    });
    let told = t.told_act(0, Action::Pass);
    assert_eq!(
        told[3],
        all(Event::GameOver {
            scores: vec![
                Score {
                    player: Seat(0),
                    who: s("Seat 1"),
                    glory: 40,
                    prestige: 0
                },
                Score {
                    player: OTTO,
                    who: s("Otto"),
                    glory: 57,
                    prestige: 0
                },
            ],
            winners: vec![],
            goal: Some(s("finish with more glory than Otto"))
        })
    );
    assert_eq!(
        texts(&told),
        [
            "Round 3: the Title phase begins",
            "Otto scores Strong, Noble, Wealthy and Equipped: 27 glory points (now 57); Otto need \
             not complete titles: he scores every revealed one and each objective he holds",
            "Seat 1 completes no title (now 40 glory points)",
            "Game over: Seat 1 40 glory (0 prestige), Otto 57 glory (0 prestige); Seat 1 loses \
             the solo game (the goal: finish with more glory than Otto)"
        ]
    );
}

// ---------------------------------------------------------------------------
// Options: trophy tiles, open objectives, three players
// ---------------------------------------------------------------------------

#[test]
fn a_trophy_tile_is_told_with_its_reward() {
    let config = Config {
        tournaments: [TournamentKind::JoustAPlaisance; 3],
        characters: Characters::LevelOne,
        trophies: Trophies::Tiles,
        ..Config::default()
    };
    let mut t = Script::new(config, 2);
    t.auto_until(|s| s.is_chance() && s.step_text() == "The trophy is drawn");
    let told = t.told_chance(Chance::Trophy(1));
    assert_eq!(
        told[0],
        all(Event::TrophyDrawn {
            trophy: 1,
            name: s("Purse of Gold"),
            reward: s("1 glory point and 3 coins")
        })
    );
    assert_eq!(
        told[0].event.to_string(),
        "The tournament trophy is the Purse of Gold: 1 glory point and 3 coins"
    );
}

#[test]
fn open_objectives_are_told_to_everyone() {
    let config = Config {
        characters: Characters::LevelOne,
        open_objectives: true,
        ..Config::default()
    };
    let mut t = Script::new(config, 2);
    t.auto_until(|s| s.on_move().is_some() && s.view().stage == "setup");
    let seat = t.on_move().expect("a seat keeps a title");
    let Action::KeepTitle(kept) = t.legal(seat)[0] else {
        panic!("a title to keep: {:?}", t.legal(seat));
    };
    let told = t.told_act(seat, Action::KeepTitle(kept));
    assert_eq!(
        told[0],
        all(Event::TitleKept {
            player: Seat(seat),
            who: format!("Seat {}", seat + 1),
            title: Some(kept),
            name: Some(s(tourney_glory::content::title_name(kept)))
        })
    );
    assert!(
        told[1..]
            .iter()
            .all(|e| matches!(e.event, Event::TitlesReturned { .. })),
        "no second, unnamed report: {told:?}"
    );
}

#[test]
fn three_players_are_compensated_by_place() {
    let config = Config {
        characters: Characters::LevelOne,
        ..Config::default()
    };
    let mut t = Script::new(config, 3);
    t.auto_until(|s| s.is_chance() && s.step_text().contains("initiative"));
    let mut told = t.told_chance(Chance::Seat(Seat(2)));
    told.extend(t.told_chance(Chance::Seat(Seat(0))));
    assert_eq!(
        texts(&told),
        [
            "Seat 3 takes the 1st place on the initiative track",
            "Seat 1 takes the 2nd place on the initiative track",
            "Seat 2 takes the 3rd place on the initiative track",
            "Seat 1, 2nd on the initiative track, receives 1 glory point (now 11) and 1 Challenge card: \
             one of each per place behind the first, for acting later",
        ]
    );
    // Seat 2's compensation follows Seat 1's single card.
    let next = t.outcomes()[0];
    let told = t.told_chance(next);
    assert_eq!(
        told[1],
        all(Event::Compensation {
            player: Seat(1),
            place: 2,
            glory: 2,
            total: 12,
            cards: 2
        })
    );
    assert_eq!(
        told[1].event.to_string(),
        "Seat 2, 3rd on the initiative track, receives 2 glory points (now 12) and 2 Challenge cards: \
         one of each per place behind the first, for acting later"
    );
}

// ---------------------------------------------------------------------------
// Many random games: events are a side channel, and secrets stay secret
// ---------------------------------------------------------------------------

/// Plays a random game through a session with events on, exactly as
/// `tourney_core::playout::random_playout` draws its moves, checking after
/// every step that what names a hidden card reaches its owner alone and
/// that the owner's view holds it. Returns the session and the events.
fn told_game(
    config: &Config,
    seats: usize,
    rng: &mut GameRng,
) -> (Session<Glory>, Vec<Told<Event>>) {
    let names = (0..seats).map(|i| format!("p{i}")).collect();
    let mut session = Session::<Glory>::new(*config, names, None).expect("setup");
    session.tell_events(true);
    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
    let mut told = Vec::new();
    for _ in 0..200_000 {
        match session.state().to_move() {
            ToMove::Over(_) => break,
            ToMove::Chance => {
                outcomes.clear();
                session.state().chance_outcomes(&mut outcomes);
                let i = rng.pick_weighted(&outcomes).expect("an outcome");
                session
                    .apply_chance(outcomes[i].0)
                    .expect("a listed outcome");
            }
            ToMove::Seats(on_move) => {
                let seat = on_move.first_seat().expect("a seat on move");
                actions.clear();
                session.state().legal_actions(seat, &mut actions);
                let i = rng.below(actions.len() as u32) as usize;
                session.apply(seat, actions[i]).expect("a listed action");
            }
        }
        let step = session.take_events();
        for e in &step {
            check_secret(session.state(), config, seats, e);
        }
        told.extend(step);
    }
    (session, told)
}

/// An event naming a hidden card is told to its owner only, and the
/// owner's view shows the card; its unnamed version goes to the others
/// (to everyone when nobody is told the card: Otto's title); events for a
/// seat go to a seat that exists.
fn check_secret(game: &Glory, config: &Config, seats: usize, e: &Told<Event>) {
    if let Audience::Seat(seat) | Audience::Others(seat) = e.audience {
        assert!(
            seat.index() < seats,
            "told to a seat the table lacks: {e:?}"
        );
    }
    let owner_only = |player: Seat| {
        assert_eq!(
            e.audience,
            Audience::Seat(player),
            "a secret told beyond its owner: {e:?}"
        );
    };
    match &e.event {
        Event::JourneyDrawn { player, card, .. } => {
            owner_only(*player);
            let view = game.view(Some(*player));
            let hand = view.players[player.index()]
                .hand
                .clone()
                .expect("the owner sees the hand");
            assert!(
                hand.iter().any(|c| c.id == *card),
                "the drawn card is not in the owner's hand: {e:?}"
            );
            let other = game.view(None);
            assert!(other.players[player.index()].hand.is_none());
        }
        Event::TitleDrawn { player, .. } => owner_only(*player),
        Event::TitleKept {
            player,
            title: Some(_),
            ..
        } if !config.open_objectives => owner_only(*player),
        Event::Exchanged {
            player,
            card: Some(_),
            ..
        } => owner_only(*player),
        Event::TitleKept {
            player,
            title: None,
            who,
            ..
        } => {
            let to = if who == "Otto" {
                Audience::Everyone
            } else {
                Audience::Others(*player)
            };
            assert_eq!(e.audience, to, "{e:?}");
        }
        Event::Exchanged {
            player, card: None, ..
        } => assert_eq!(e.audience, Audience::Others(*player), "{e:?}"),
        _ => assert_eq!(
            e.audience,
            Audience::Everyone,
            "only hidden cards are told to one seat: {e:?}"
        ),
    }
}

/// The kind names of the events (their JSON `kind`).
fn kind(e: &Event) -> String {
    serde_json::to_value(e)
        .ok()
        .and_then(|v| v["kind"].as_str().map(str::to_string))
        .unwrap_or_default()
}

#[test]
fn over_many_random_games_events_are_a_faithful_side_channel() {
    let jousts = [TournamentKind::JoustAPlaisance; 3];
    let solo_of = |mode, difficulty, tournaments| Config {
        tournaments,
        solo: Some(Solo {
            mode,
            difficulty,
            deck: AutomaDeck::Warrior,
        }),
        ..Config::default()
    };
    let tables: Vec<(Config, usize, u64)> = vec![
        (Config::default(), 2, 40),
        (Config::default(), 3, 25),
        (
            Config {
                tournaments: jousts,
                trophies: Trophies::Tiles,
                ..Config::default()
            },
            4,
            20,
        ),
        (
            Config {
                tournaments: jousts,
                open_objectives: true,
                characters: Characters::LevelOne,
                journey: JourneyOrder::Simultaneous,
                tournament_choice: tourney_glory::TournamentChoice::BetweenRounds,
                ..Config::default()
            },
            2,
            20,
        ),
        (
            solo_of(
                SoloMode::Rivalry,
                Difficulty::Hard,
                [TournamentKind::PasDArmes; 3],
            ),
            1,
            25,
        ),
        (solo_of(SoloMode::Rivalry, Difficulty::Easy, jousts), 1, 25),
        (
            solo_of(SoloMode::Champion, Difficulty::Medium, jousts),
            1,
            15,
        ),
    ];
    let mut kinds = std::collections::BTreeSet::new();
    let mut buf = Buffers::default();
    for (t, (config, seats, games)) in tables.iter().enumerate() {
        for g in 0..*games {
            let (session, told) = told_game(config, *seats, &mut GameRng::for_game(t as u64, g));
            assert!(
                matches!(session.state().to_move(), ToMove::Over(_)),
                "table {t}, game {g} did not end"
            );
            // (b) The same seed with nobody listening plays the same game.
            let mut quiet = Glory::new(config, *seats).expect("setup");
            let report = random_playout(
                &mut quiet,
                &mut GameRng::for_game(t as u64, g),
                &mut buf,
                200_000,
            );
            assert_eq!(report.steps, session.steps().len(), "table {t}, game {g}");
            assert_eq!(&quiet, session.state(), "table {t}, game {g}");
            assert_eq!(Some(quiet.to_move()), session.outcome().map(ToMove::Over));
            // (a) Replayed from its record, the game tells the same.
            let record = session.record();
            let mut again =
                Session::<Glory>::new(*config, record.seats.clone(), None).expect("setup");
            again.tell_events(true);
            for step in &record.steps {
                match step {
                    RecordStep::Action { seat, action } => {
                        let a: Action = serde_json::from_value(action.clone()).expect("action");
                        again.apply(*seat, a).expect("the recorded action");
                    }
                    RecordStep::Chance { outcome } => {
                        let c: Chance = serde_json::from_value(outcome.clone()).expect("outcome");
                        again.apply_chance(c).expect("the recorded outcome");
                    }
                }
            }
            let replayed = again.take_events();
            let open = |list: &[Told<Event>]| -> Vec<Told<Event>> {
                list.iter()
                    .filter(|e| e.audience == Audience::Everyone)
                    .cloned()
                    .collect()
            };
            assert_eq!(open(&replayed), open(&told), "table {t}, game {g}");
            assert_eq!(replayed, told, "the secret ones too");
            // Every event reads back from its JSON; a finished game says so.
            for e in &told {
                let json = serde_json::to_string(&e.event).expect("serializes");
                let back: Event = serde_json::from_str(&json).expect("deserializes");
                assert_eq!(back, e.event);
                assert_eq!(kind(&e.event), variant_kind(&e.event));
                kinds.insert(kind(&e.event));
            }
            assert!(
                matches!(told.last().map(|e| &e.event), Some(Event::GameOver { .. })),
                "table {t}, game {g}: the last word is the final score"
            );
        }
    }
    // Random games reach every kind but the two that need a contrived
    // position (covered by the scenarios above).
    let missing: Vec<&str> = ALL_KINDS
        .iter()
        .copied()
        .filter(|k| !kinds.contains(*k))
        .collect();
    assert!(
        missing.iter().all(|k| ["bye", "otto_gives_up"].contains(k)),
        "never seen in random games: {missing:?}"
    );
}

/// Every event kind, as its JSON names it.
const ALL_KINDS: [&str; 40] = [
    "public_title",
    "character_dealt",
    "character_chosen",
    "initiative_drawn",
    "compensation",
    "title_drawn",
    "title_kept",
    "titles_returned",
    "title_discarded",
    "title_deck_reshuffled",
    "tournament_chosen",
    "support_drawn",
    "event_support",
    "journey_drawn",
    "exchanged",
    "card_revealed",
    "event_revealed",
    "tournament_card",
    "knight_placed",
    "trophy_drawn",
    "round_begins",
    "phase",
    "resources",
    "registered",
    "initiative",
    "income",
    "duel_begins",
    "rolled",
    "used",
    "clash",
    "duel_won",
    "decided",
    "bye",
    "recovered",
    "challenge_kept",
    "knocked_out",
    "titles",
    "game_over",
    "automa",
    "otto_gives_up",
];

/// The kind of each variant: a new variant breaks this match, so it is
/// added to [`ALL_KINDS`] and to the protocol page too.
fn variant_kind(e: &Event) -> &'static str {
    match e {
        Event::PublicTitle { .. } => "public_title",
        Event::CharacterDealt { .. } => "character_dealt",
        Event::CharacterChosen { .. } => "character_chosen",
        Event::InitiativeDrawn { .. } => "initiative_drawn",
        Event::Compensation { .. } => "compensation",
        Event::TitleDrawn { .. } => "title_drawn",
        Event::TitleKept { .. } => "title_kept",
        Event::TitlesReturned { .. } => "titles_returned",
        Event::TitleDiscarded { .. } => "title_discarded",
        Event::TitleDeckReshuffled { .. } => "title_deck_reshuffled",
        Event::TournamentChosen { .. } => "tournament_chosen",
        Event::SupportDrawn { .. } => "support_drawn",
        Event::EventSupport { .. } => "event_support",
        Event::JourneyDrawn { .. } => "journey_drawn",
        Event::Exchanged { .. } => "exchanged",
        Event::CardRevealed { .. } => "card_revealed",
        Event::EventRevealed { .. } => "event_revealed",
        Event::TournamentCard { .. } => "tournament_card",
        Event::KnightPlaced { .. } => "knight_placed",
        Event::TrophyDrawn { .. } => "trophy_drawn",
        Event::RoundBegins { .. } => "round_begins",
        Event::Phase { .. } => "phase",
        Event::Resources { .. } => "resources",
        Event::Registered { .. } => "registered",
        Event::Initiative { .. } => "initiative",
        Event::Income { .. } => "income",
        Event::DuelBegins { .. } => "duel_begins",
        Event::Rolled { .. } => "rolled",
        Event::Used { .. } => "used",
        Event::Clash { .. } => "clash",
        Event::DuelWon { .. } => "duel_won",
        Event::Decided { .. } => "decided",
        Event::Bye { .. } => "bye",
        Event::Recovered { .. } => "recovered",
        Event::ChallengeKept { .. } => "challenge_kept",
        Event::KnockedOut { .. } => "knocked_out",
        Event::Titles { .. } => "titles",
        Event::GameOver { .. } => "game_over",
        Event::Automa { .. } => "automa",
        Event::OttoGivesUp { .. } => "otto_gives_up",
    }
}

/// The protocol page documents every kind.
#[test]
fn every_event_kind_is_documented() {
    let doc = include_str!("../../../docs/protocol/glory.md");
    for k in ALL_KINDS {
        assert!(
            doc.contains(&format!("`{k}`")),
            "docs/protocol/glory.md does not document `{k}`"
        );
    }
}
