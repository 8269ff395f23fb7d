//! Solo mode against Otto the automa (rulebook section IX), with fixed
//! automa cards, titles and dice fed through the public `Game` API.
//!
//! Positions are laid out by editing the serialized state, the way a
//! referee sets up a table: Otto's reveal is a chance step, so a test puts
//! the board it wants in front of him and names the card he turns over.
//!
//! Covered: every automa card's priority chain (action I, II, III, or
//! another card), the particular rules of each action, the reshuffle and
//! the deck sizes, the pawn Otto gives up when nothing at all is possible,
//! where he registers (Joust à Plaisance ladder, Pas d'Armes towns), his
//! duels against knights and against the player, the Title phase, the three
//! modes' verdicts, and one whole recorded game per mode that replays.

mod common;

use common::*;
use serde_json::{Value, json};
use tourney_core::{Evaluate, Game, GameRecord, GameRng, Seat, SeatSet, Session, ToMove};
use tourney_glory::content::{AUTOMA, OttoAction};
use tourney_glory::duel::TieBreak;
use tourney_glory::view::Entrant;
use tourney_glory::{
    Action, AutomaDeck, Chance, Characters, Config, Difficulty, DuelCtx, Fighter, Glory,
    JourneyType, Solo, SoloMode, Space, Support, TournamentKind,
};

/// "Nobody / nothing" in the serialized state.
const NONE: u8 = 255;
/// Otto's slot, numbered as the scenario steps number seats.
const OTTO: u8 = tourney_glory::solo::OTTO.0;
/// A knight on a ladder space is `KNIGHT + id` in the state.
const KNIGHT: u8 = 16;
/// Otto's starting glory (rulebook: "starts with 10 glory points").
const OTTO_START: u16 = 10;

// ---------------------------------------------------------------------------
// Tables and positions
// ---------------------------------------------------------------------------

fn solo(mode: SoloMode, difficulty: Difficulty, deck: AutomaDeck) -> Config {
    Config {
        characters: Characters::LevelOne,
        solo: Some(Solo {
            mode,
            difficulty,
            deck,
        }),
        ..Config::default()
    }
}

/// Rivalry at medium, the default table: Otto fights as Hans von Trotha
/// (a Veteran: attack 8, glory 6, prestige 1; his opponent rolls one
/// Strength die fewer).
fn rivalry() -> Config {
    solo(SoloMode::Rivalry, Difficulty::Medium, AutomaDeck::Solo)
}

/// Rivalry at hard: Otto fights as John I of Portugal, a King (attack 9,
/// glory 8, prestige 2) with no die specials. He is sure to beat John
/// Talbot (7, 1) and Pál Kinizsi (8, 1), whom Hans von Trotha is not.
fn rivalry_hard() -> Config {
    solo(SoloMode::Rivalry, Difficulty::Hard, AutomaDeck::Solo)
}

fn score() -> Config {
    solo(SoloMode::Score, Difficulty::Medium, AutomaDeck::Solo)
}

fn champion() -> Config {
    solo(SoloMode::Champion, Difficulty::Medium, AutomaDeck::Solo)
}

/// `cfg` (a Rivalry table) with a Joust à Plaisance every round.
fn jousts(cfg: Config) -> Config {
    Config {
        tournaments: [TournamentKind::JoustAPlaisance; 3],
        ..cfg
    }
}

/// Otto's knight tile for the tests of an exact tie between him and a
/// knight. None of the three difficulties' tiles has a twin among the
/// other knights (Álvaro Vaz de Almada 2/0, Hans von Trotha 6/1, John I of
/// Portugal 8/2 are each alone with their glory and prestige), so the
/// referee hands Otto James II of Scotland, a King (attack 10, glory 9,
/// prestige 2) level with Władysław II Jagiełło. The tile is read from the
/// state like the difficulty's, and leaves the knight stack the same way.
const TWIN_TILE: &str = "James II of Scotland";

fn give_otto_tile(v: &mut Value, name: &str) {
    v["solo"]["tile"] = json!(knight(name));
}

fn pawns(space: Space, player: u8) -> String {
    format!("/board/pawns/{}/{player}", space.index())
}

fn get(v: &Value, ptr: &str) -> i64 {
    v.pointer(ptr)
        .and_then(Value::as_i64)
        .unwrap_or_else(|| panic!("no number at {ptr}"))
}

fn put(v: &mut Value, ptr: &str, value: Value) {
    *v.pointer_mut(ptr)
        .unwrap_or_else(|| panic!("no field {ptr}")) = value;
}

fn add(v: &mut Value, ptr: &str, by: i64) {
    let now = get(v, ptr);
    put(v, ptr, json!(now + by));
}

/// The support track of the open board. At two players the spaces in use
/// are 0 (special, 3 coins), 2 (the 2-coin space) and 3-6 (1 coin each).
const OPEN_TRACK: [u8; 9] = [
    Support::King as u8,
    NONE,
    Support::Cook as u8,
    Support::WeaponsMaster as u8,
    Support::Minstrel as u8,
    Support::Squire as u8,
    Support::Sister as u8,
    NONE,
    NONE,
];

/// Lays out Pas d'Armes towns: `(space, knight, challenger)` for each
/// occupied space (space = town * 3 + place); the others are emptied.
fn lay_towns(v: &mut Value, spaces: &[(u8, &str, u8)]) {
    let mut town = [NONE; 9];
    let mut challenger = [NONE; 9];
    let mut bits = 0u64;
    for &(space, name, who) in spaces {
        let k = knight(name);
        town[usize::from(space)] = k;
        challenger[usize::from(space)] = who;
        bits |= 1 << k;
    }
    v["tourney"]["town"] = json!(town);
    v["tourney"]["challenger"] = json!(challenger);
    v["tourney"]["knights"] = json!(bits);
}

/// The board Otto meets in the table-driven test: every action any card
/// prints is possible. Only the solo player's first pawn (Patrol) is out.
/// Round 1's event is the Crusade; the special space holds the King; the
/// 1-coin spaces hold the Weapons Master (3), the Minstrel (4), the Squire
/// (5) and the Sister (6); all Journey rows are full; in a Pas d'Armes the
/// towns hold Talbot (glory 7, prestige 1) and Álvaro in Florence, David
/// Mathew and Jan van Borssele in Paris, and Fastolf (3) in Munich.
fn open_board(v: &mut Value) {
    let mut board_pawns = [[0u8; 4]; 12];
    board_pawns[Space::Patrol.index()][0] = 1;
    v["board"]["pawns"] = json!(board_pawns);
    v["board"]["initiative"] = json!(vec![NONE; 4]);
    v["board"]["track"] = json!(OPEN_TRACK);
    v["board"]["events"][0] = json!(0); // Crusade
    v["board"]["event_support"] = json!(NONE);
    for row in v["board"]["rows"].as_array().expect("rows") {
        assert!(
            row.as_array().expect("a row").iter().all(|k| k != NONE),
            "setup left a Journey row short: {row}"
        );
    }
    let titles: i64 = v["board"]["title_deck"]["counts"]
        .as_array()
        .expect("title deck")
        .iter()
        .map(|c| c.as_i64().unwrap_or(0))
        .sum();
    assert!(titles >= 3, "the title deck needs three cards");
    if v["tourney"]["kind"] == "pas_d_armes" {
        lay_towns(
            v,
            &[
                (0, "John Talbot", NONE),
                (1, "Álvaro", NONE),
                (3, "David Mathew", NONE),
                (4, "Jan van Borssele", NONE),
                (6, "John Fastolf", NONE),
            ],
        );
    }
}

/// Round 1 of a solo game: the player has put a pawn on Patrol and Otto
/// is about to reveal an automa card, facing the open board.
fn otto_to_reveal(cfg: Config) -> Script {
    let mut s = Script::started(cfg, 1);
    assert_eq!(s.on_move(), Some(0), "the solo player is first");
    s.act(0, Action::Place(Space::Patrol));
    assert_eq!(s.step_text(), "Otto reveals an automa card");
    s.patch(open_board);
    s
}

/// Makes one printed automa action impossible on the board.
fn block(v: &mut Value, a: OttoAction) {
    let occupy = |v: &mut Value, space: Space, n: u8| put(v, &pawns(space, 0), json!(n));
    match a {
        OttoAction::Training => occupy(v, Space::Training, 1),
        OttoAction::Prayer => occupy(v, Space::Prayer, 1),
        OttoAction::Service => occupy(v, Space::Service, 1),
        OttoAction::NewObjective => occupy(v, Space::NewObjective, 1),
        OttoAction::Event => occupy(v, Space::Event, 1),
        // Both circles of the Herald taken by the player.
        OttoAction::Herald => occupy(v, Space::Herald, 2),
        // The player is on the first initiative space.
        OttoAction::Initiative => {
            occupy(v, Space::Initiative, 1);
            v["board"]["initiative"][0] = json!(0);
            v["players"][0]["initiative"] = json!(true);
        }
        OttoAction::SpecialSupport => v["board"]["track"][0] = json!(NONE),
        // One card of the row is gone: only three are face up.
        OttoAction::TravelPlans(t) => v["board"]["rows"][t.index()][3] = json!(NONE),
        OttoAction::Support(list) => {
            for slot in v["board"]["track"].as_array_mut().expect("track") {
                if list.iter().any(|&s| *slot == json!(s as u8)) {
                    *slot = json!(NONE);
                }
            }
        }
    }
}

/// What Otto does on the open board, written out from the card faces.
#[derive(Debug, Clone, Copy)]
enum Does {
    /// A pawn on Training, Prayer or Service, nothing else.
    Occupy(Space),
    /// His pawn on the first initiative space.
    FirstInitiative,
    /// Registers against John Talbot (Florence, space 0): the knight with
    /// the most glory he is sure to beat (at hard, John I of Portugal's
    /// 8 and 2 beat Talbot's 7 and 1).
    HeraldTalbot,
    /// The Crusade's space: 3 glory in Rivalry.
    Crusade,
    /// Two titles discarded face up, a third kept.
    NewObjective,
    /// The King leaves the special space: 3 glory in Rivalry.
    DiscardKing,
    /// The four face-up cards of this type are removed.
    ClearRow(JourneyType),
    /// The support on this track space is discarded, for this much glory.
    Discard(usize, i64),
}

use Does::*;
use JourneyType::{Challenge, Market, Romance};

/// The 13 automa cards (data/automa.toml), actions I, II, III.
const FACES: [[Does; 3]; 13] = [
    // Solo 1: Weapons Master first in its list (space 3).
    [Occupy(Space::Training), Discard(3, 0), FirstInitiative],
    // Solo 2.
    [Occupy(Space::Prayer), DiscardKing, ClearRow(Romance)],
    // Solo 3: the Minstrel (space 4) is worth 4 glory to Otto.
    [Occupy(Space::Service), ClearRow(Market), Discard(4, 4)],
    // Solo 4.
    [
        HeraldTalbot,
        Occupy(Space::Training),
        Occupy(Space::Service),
    ],
    // Solo 5: Squire first in its list (space 5).
    [ClearRow(Challenge), Occupy(Space::Prayer), Discard(5, 0)],
    // Solo 6.
    [DiscardKing, Crusade, Occupy(Space::Training)],
    // Solo 7.
    [FirstInitiative, Occupy(Space::Service), ClearRow(Romance)],
    // Solo 8: Sister first in its list (space 6).
    [NewObjective, Discard(6, 0), Occupy(Space::Prayer)],
    // Solo 9.
    [Crusade, HeraldTalbot, ClearRow(Market)],
    // Warrior 1: Weapons Master first (space 3).
    [Occupy(Space::Training), HeraldTalbot, Discard(3, 0)],
    // Warrior 2.
    [ClearRow(Challenge), Occupy(Space::Training), DiscardKing],
    // Pious 1: Sister first (space 6).
    [Occupy(Space::Prayer), Crusade, Discard(6, 0)],
    // Pious 2.
    [DiscardKing, Occupy(Space::Prayer), ClearRow(Romance)],
];

/// Applies to `v` (the state before the reveal) what action `does` changes,
/// apart from the bookkeeping every reveal does.
fn expect(v: &mut Value, does: Does) {
    let otto = i64::from(OTTO);
    let pawn = |v: &mut Value, space: Space| add(v, &pawns(space, OTTO), 1);
    match does {
        Occupy(space) => pawn(v, space),
        FirstInitiative => {
            pawn(v, Space::Initiative);
            put(v, "/board/initiative/0", json!(otto));
            put(v, "/players/1/initiative", json!(true));
        }
        HeraldTalbot => {
            pawn(v, Space::Herald);
            put(v, "/tourney/challenger/0", json!(otto));
        }
        Crusade => {
            pawn(v, Space::Event);
            add(v, "/players/1/glory", 3);
        }
        NewObjective => pawn(v, Space::NewObjective),
        DiscardKing => {
            pawn(v, Space::Support);
            put(v, "/board/track/0", json!(NONE));
            add(v, "/players/1/glory", 3);
        }
        ClearRow(t) => {
            pawn(v, Space::TravelPlans);
            v["board"]["rows"][t.index()] = json!(vec![NONE; 4]);
        }
        Discard(space, glory) => {
            pawn(v, Space::Support);
            put(v, &format!("/board/track/{space}"), json!(NONE));
            add(v, "/players/1/glory", glory);
        }
    }
    add(v, "/players/1/placed", 1);
}

/// The reveal itself: the card leaves the pile and is Otto's last card.
fn revealed(v: &mut Value, card: u8, action: Option<usize>) {
    add(v, &format!("/solo/pile/counts/{card}"), -1);
    put(v, "/solo/last_card", json!(card));
    put(
        v,
        "/solo/last_action",
        json!(action.map_or(NONE, |i| i as u8)),
    );
}

/// The state without the engine's bookkeeping (what it waits for, and its
/// step counter), for comparing whole positions.
fn position(s: &Script) -> Value {
    let mut v = serde_json::to_value(&s.game).expect("state serializes");
    let o = v.as_object_mut().expect("an object");
    o.remove("task");
    o.remove("cursor");
    v
}

fn differences(a: &Value, b: &Value, path: &str, out: &mut Vec<String>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for k in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                let (p, q) = (x.get(k), y.get(k));
                differences(
                    p.unwrap_or(&Value::Null),
                    q.unwrap_or(&Value::Null),
                    &format!("{path}/{k}"),
                    out,
                );
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                differences(p, q, &format!("{path}/{i}"), out);
            }
        }
        _ if a != b => out.push(format!("{path}: got {a}, expected {b}")),
        _ => {}
    }
}

fn assert_position(s: &Script, expected: &Value, what: &str) {
    let mut out = Vec::new();
    differences(&position(s), expected, "", &mut out);
    assert!(
        out.is_empty(),
        "{what}: the board is not what the card says:\n  {}",
        out.join("\n  ")
    );
}

fn automa(ids: impl IntoIterator<Item = u8>) -> Vec<Chance> {
    ids.into_iter().map(Chance::Automa).collect()
}

fn otto_glory(s: &Script) -> u16 {
    s.glory(OTTO)
}

fn pawns_on(s: &Script, space: Space) -> Vec<u8> {
    s.view()
        .spaces
        .iter()
        .find(|x| x.space == space)
        .expect("a space")
        .pawns
        .clone()
}

fn track(s: &Script) -> Vec<Option<Support>> {
    s.view().support_track.iter().map(|t| t.support).collect()
}

fn last_card(s: &Script) -> String {
    s.view().solo.expect("solo").last_card.unwrap_or_default()
}

/// What the page and the terminal show of Otto's deck and last card: the
/// deck's size (9 Solo cards plus the Warrior pair: 11), the cards left
/// before the reshuffle, the revealed card's three actions in priority
/// order and which one he took; his glory and his hidden title count.
/// Solo card 2 prints Prayer, the special support, the Romance cards; the
/// player holds Prayer, so Otto takes action II and discards the King,
/// which in Rivalry is worth 3 glory to him (10 + 3).
#[test]
fn the_automa_deck_and_card_explain_themselves() {
    let mut s = otto_to_reveal(solo(
        SoloMode::Rivalry,
        Difficulty::Medium,
        AutomaDeck::Warrior,
    ));
    let solo_view = s.view().solo.expect("solo");
    assert_eq!(
        (
            solo_view.automa_cards,
            solo_view.automa_left,
            solo_view.last_card,
            solo_view.last_actions.len(),
            solo_view.last_taken
        ),
        (11, 11, None, 0, None)
    );
    assert_eq!(otto_glory(&s), OTTO_START);
    s.patch(|v| block(v, OttoAction::Prayer));
    s.chance(Chance::Automa(1));
    let solo_view = s.view().solo.expect("solo");
    assert_eq!(
        solo_view.last_card.as_deref(),
        Some("Solo card 2: discards the special support")
    );
    assert_eq!(
        solo_view.last_actions,
        [
            "occupies Prayer",
            "discards the special support",
            "removes the face-up Romance cards"
        ]
    );
    assert_eq!(
        (solo_view.last_taken, solo_view.automa_left, otto_glory(&s)),
        (Some(1), 10, OTTO_START + 3)
    );
    let text = s.view_of(0).to_string();
    let line = |start: &str| {
        text.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no line {start:?} in\n{text}"))
            .to_string()
    };
    assert_eq!(
        line("Otto's automa deck:"),
        "Otto's automa deck: 10 of its 11 cards left before the reshuffle | last revealed: \
         Solo card 2: discards the special support (action II of the card's 3, the first he \
         could carry out)"
    );
    assert_eq!(
        line("Otto (automa):"),
        "Otto (automa): 13 glory | 1 hidden title (scored at the end, completed or not)"
    );
}

/// Otto's whole automa deck is in the solo view, face up: the 9 Solo cards
/// (11 with a chosen pair), each with its actions I to III in words, and
/// which were turned up since the last shuffle, as everyone saw them.
#[test]
fn the_solo_view_lists_every_automa_card() {
    let before = Script::new(rivalry(), 1);
    let cards = before.view().solo.expect("solo").deck_cards;
    assert_eq!(cards.len(), 9);
    assert!(cards.iter().all(|c| !c.turned_up), "not shuffled yet");

    let mut s = otto_to_reveal(rivalry());
    let cards = s.view().solo.expect("solo").deck_cards;
    assert_eq!(cards.len(), 9);
    for (card, printed) in cards.iter().zip(AUTOMA.iter()) {
        assert_eq!(card.name, printed.name);
        assert_eq!(card.actions.len(), 3, "{}", card.name);
        assert!(!card.turned_up, "{}", card.name);
    }
    assert_eq!(
        cards[0].actions,
        [
            "occupies Training",
            "discards a support from a 1-coin space of the track (Weapons Master, else Squire, else \
             Sister)",
            "takes the first initiative space"
        ]
    );
    s.patch(|v| block(v, OttoAction::Prayer));
    s.chance(Chance::Automa(1));
    let solo_view = s.view().solo.expect("solo");
    let turned: Vec<&str> = solo_view
        .deck_cards
        .iter()
        .filter(|c| c.turned_up)
        .map(|c| c.name)
        .collect();
    assert_eq!(turned, ["Solo card 2"]);
    assert_eq!(
        solo_view.deck_cards.len() - turned.len(),
        usize::from(solo_view.automa_left)
    );
    // The spectator sees the same: nothing of it is secret.
    assert_eq!(
        s.view_of(0).solo.expect("solo").deck_cards,
        solo_view.deck_cards
    );

    let pious = otto_to_reveal(solo(SoloMode::Score, Difficulty::Easy, AutomaDeck::Pious));
    let names: Vec<&str> = pious
        .view()
        .solo
        .expect("solo")
        .deck_cards
        .iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(names.len(), 11);
    assert_eq!(names[9..], ["Pious card 1", "Pious card 2"]);
}

// ---------------------------------------------------------------------------
// 1. Every automa card: action I, II, III, or the next card
// ---------------------------------------------------------------------------

/// For each of the 13 cards: on the open board Otto takes action I; with I
/// made impossible, II; with I and II impossible, III; with all three
/// impossible he reveals another card and the board is untouched. Every
/// case compares the whole position with the one the card face describes.
/// Otto is at hard (John I of Portugal, 8/2), so the Herald's best sure win
/// on the open board is Talbot (7/1), whom Hans von Trotha (medium, 6/1)
/// could not beat.
#[test]
fn every_automa_card_takes_its_first_action_that_can_be_done_in_full() {
    for card in 0..13u8 {
        let deck = match card {
            0..=8 => AutomaDeck::Solo,
            9 | 10 => AutomaDeck::Warrior,
            _ => AutomaDeck::Pious,
        };
        let printed = AUTOMA[usize::from(card)].actions;
        for blocked in 0..=3usize {
            let what = format!(
                "{} with {blocked} action(s) blocked",
                AUTOMA[usize::from(card)].name
            );
            let mut s = otto_to_reveal(solo(SoloMode::Rivalry, Difficulty::Hard, deck));
            s.patch(|v| {
                for &a in &printed[..blocked] {
                    block(v, a);
                }
            });
            let before = position(&s);
            let pile_before = s.outcomes();
            assert!(pile_before.contains(&Chance::Automa(card)), "{what}");
            s.chance(Chance::Automa(card));
            let mut expected = before.clone();
            if blocked == 3 {
                // Nothing could be done: another card is revealed, and the
                // only change is the card gone from the pile.
                revealed(&mut expected, card, None);
                assert_position(&s, &expected, &what);
                assert_eq!(s.step_text(), "Otto reveals an automa card", "{what}");
                let rest: Vec<Chance> = pile_before
                    .into_iter()
                    .filter(|&c| c != Chance::Automa(card))
                    .collect();
                assert_eq!(s.outcomes(), rest, "{what}");
                assert!(last_card(&s).ends_with("nothing he could do"), "{what}");
                continue;
            }
            let does = FACES[usize::from(card)][blocked];
            revealed(&mut expected, card, Some(blocked));
            expect(&mut expected, does);
            if let NewObjective = does {
                // Three titles from the deck: the first two discarded face
                // up, the third kept as his hidden objective.
                let deck: Vec<u8> = (0..14u8)
                    .filter(|&t| get(&before, &format!("/board/title_deck/counts/{t}")) > 0)
                    .take(3)
                    .collect();
                assert_eq!(s.step_text(), "Otto draws a title and discards it");
                s.chance(Chance::Title(deck[0]));
                s.chance(Chance::Title(deck[1]));
                assert_eq!(s.step_text(), "Otto draws a title and keeps it");
                s.chance(Chance::Title(deck[2]));
                for &t in &deck {
                    put(
                        &mut expected,
                        &format!("/board/title_deck/counts/{t}"),
                        json!(0),
                    );
                }
                for &t in &deck[..2] {
                    add(
                        &mut expected,
                        &format!("/board/title_discards/counts/{t}"),
                        1,
                    );
                }
                add(
                    &mut expected,
                    &format!("/players/1/titles/counts/{}", deck[2]),
                    1,
                );
                // What the solo player sees: two titles face up, Otto's
                // objectives only as a count (one from setup, one now).
                let view = s.view_of(0);
                let face_up: Vec<u8> = view.title_discards.iter().map(|t| t.id).collect();
                assert_eq!(face_up, deck[..2]);
                assert_eq!(view.players[1].objectives, None, "his objective is hidden");
                assert_eq!(view.players[1].objectives_held, 2);
            }
            assert_position(&s, &expected, &what);
            assert_eq!(s.on_move(), Some(0), "{what}: the player's turn again");
        }
    }
}

// ---------------------------------------------------------------------------
// 2. The particular rules of Otto's actions
// ---------------------------------------------------------------------------

/// Support: the card's list is read left to right and the first support
/// found on a 1-coin space is discarded, whatever its place on the track;
/// the 2-coin space and the special space are never looked at.
#[test]
fn support_follows_the_card_list_and_ignores_the_two_coin_and_special_spaces() {
    // Solo card 1 lists Weapons Master, Squire, Sister. Training is taken.
    let mut s = otto_to_reveal(rivalry());
    s.patch(|v| {
        put(v, &pawns(Space::Training, 0), json!(1));
        v["board"]["track"] = json!([
            Support::WeaponsMaster as u8, // special space (the special stack ran dry)
            NONE,
            Support::WeaponsMaster as u8, // the 2-coin space
            Support::Sister as u8,        // leftmost of the list on a 1-coin space
            Support::Cook as u8,
            Support::Squire as u8,
            NONE,
            NONE,
            NONE,
        ]);
    });
    s.chance(Chance::Automa(0));
    // The Squire comes before the Sister on the card: it goes, though the
    // Sister lies further left.
    assert_eq!(
        track(&s)[..7],
        [
            Some(Support::WeaponsMaster),
            None,
            Some(Support::WeaponsMaster),
            Some(Support::Sister),
            Some(Support::Cook),
            None,
            None
        ]
    );
    assert_eq!(pawns_on(&s, Space::Support), vec![0, 1]);

    // Only the two ignored spaces hold a listed support: the action cannot
    // be done, so action III (Initiative) is taken.
    let mut s = otto_to_reveal(rivalry());
    s.patch(|v| {
        put(v, &pawns(Space::Training, 0), json!(1));
        v["board"]["track"] = json!([
            Support::Squire as u8,
            NONE,
            Support::WeaponsMaster as u8,
            Support::Cook as u8,
            NONE,
            NONE,
            NONE,
            NONE,
            NONE
        ]);
    });
    s.chance(Chance::Automa(0));
    assert_eq!(pawns_on(&s, Space::Support), vec![0, 0]);
    assert_eq!(s.view().initiative_spaces, vec![Some(Seat(OTTO)), None]);
    assert_eq!(track(&s)[0], Some(Support::Squire));
    assert_eq!(track(&s)[2], Some(Support::WeaponsMaster));
}

/// Travel Plans needs all four face-up cards of the type, and a free
/// circle of the space; then the whole row goes, the other rows stay.
#[test]
fn travel_plans_needs_all_four_cards_of_its_type() {
    // Solo card 2: Prayer, special support, Travel Plans (Romance). The
    // first two are blocked.
    let setup = |romance_cards: usize, circles_taken: u8| {
        let mut s = otto_to_reveal(rivalry());
        s.patch(|v| {
            block(v, OttoAction::Prayer);
            block(v, OttoAction::SpecialSupport);
            for i in romance_cards..4 {
                v["board"]["rows"][0][i] = json!(NONE);
            }
            put(v, &pawns(Space::TravelPlans, 0), json!(circles_taken));
        });
        s
    };
    let mut s = setup(4, 0);
    let rows = s.view().journey_rows;
    s.chance(Chance::Automa(1));
    let after = s.view().journey_rows;
    assert_eq!(after[0], vec![None; 4], "the Romance row is emptied");
    assert_eq!(after[1..], rows[1..], "Market and Challenge stay");
    assert_eq!(pawns_on(&s, Space::TravelPlans), vec![0, 1]);

    // Three Romance cards: not possible, another card is revealed.
    let mut s = setup(3, 0);
    let rows = s.view().journey_rows;
    s.chance(Chance::Automa(1));
    assert_eq!(s.step_text(), "Otto reveals an automa card");
    assert_eq!(s.view().journey_rows, rows);

    // Four cards, but both circles of Travel Plans taken: not possible.
    let mut s = setup(4, 2);
    s.chance(Chance::Automa(1));
    assert_eq!(s.step_text(), "Otto reveals an automa card");
    assert_eq!(pawns_on(&s, Space::TravelPlans), vec![2, 0]);
}

/// Initiative: only while the first space of the track is free. Taking it
/// puts Otto first on the track at Maintenance.
#[test]
fn initiative_only_when_the_first_space_is_free() {
    // Solo card 7: Initiative, Service, Travel Plans (Romance).
    let mut s = otto_to_reveal(score());
    s.patch(|v| block(v, OttoAction::Initiative));
    s.chance(Chance::Automa(6));
    assert_eq!(s.view().initiative_spaces, vec![Some(Seat(0)), None]);
    assert_eq!(
        pawns_on(&s, Space::Service),
        vec![0, 1],
        "action II instead"
    );

    let mut s = otto_to_reveal(score());
    s.chance(Chance::Automa(6));
    assert_eq!(s.view().initiative_spaces, vec![Some(Seat(OTTO)), None]);
    assert!(s.player(OTTO).took_initiative);
    assert_eq!(pawns_on(&s, Space::Service), vec![0, 0]);
    // Maintenance: Otto moves to the front of the initiative track.
    assert_eq!(s.view().order, vec![Seat(0), Seat(OTTO)]);
    s.auto_until(|s| s.view().stage == "registration");
    assert_eq!(s.view().order, vec![Seat(OTTO), Seat(0)]);
}

/// Herald: outside Rivalry Otto moves on to the card's next action; in
/// Rivalry he registers (here in a Pas d'Armes, against the best knight he
/// is sure to beat: at hard, John I of Portugal's 8 and 2 beat Talbot's 7
/// and 1).
#[test]
fn herald_only_registers_otto_in_rivalry() {
    for cfg in [score(), champion()] {
        // Solo card 4: Herald, Training, Service.
        let mut s = otto_to_reveal(cfg);
        let tourney = s.view().tournament;
        s.chance(Chance::Automa(3));
        assert_eq!(pawns_on(&s, Space::Herald), vec![0, 0]);
        assert_eq!(pawns_on(&s, Space::Training), vec![0, 1]);
        assert_eq!(s.view().tournament, tourney, "nobody registered");
    }
    let mut s = otto_to_reveal(rivalry_hard());
    s.chance(Chance::Automa(3));
    assert_eq!(pawns_on(&s, Space::Herald), vec![0, 1]);
    let florence = &s.view().tournament.towns[0].knights[0];
    assert_eq!(
        (florence.knight.name, florence.challenger),
        ("John Talbot", Some(Seat(OTTO)))
    );

    // In a Joust à Plaisance he takes his place on the ladder at once, by
    // the same placement rules as in the Registration phase: next to
    // Talbot (7), the best knight he is sure to beat (Fastolf is only 3)
    // without a champion in the way first.
    let mut s = otto_to_reveal(jousts(rivalry_hard()));
    s.patch(|v| {
        lay_ladder(
            v,
            [
                L::K("John Talbot"),
                L::Empty,
                L::K("Jacques de Lalaing"),
                L::Empty,
                L::Empty,
                L::K("John Fastolf"),
                L::Empty,
                L::Empty,
            ],
        )
    });
    s.chance(Chance::Automa(3));
    assert_eq!(pawns_on(&s, Space::Herald), vec![0, 1]);
    assert_eq!(
        ladder(&s)[..8],
        [
            "John Talbot",
            "Otto",
            "Jacques de Lalaing",
            "-",
            "-",
            "John Fastolf",
            "-",
            "-"
        ]
    );
    // Once registered he cannot join again: Solo card 9 with its event
    // blocked skips the Herald (II) for Travel Plans (III).
    s.act(0, Action::Place(Space::Patrol));
    s.patch(|v| block(v, OttoAction::Event));
    s.chance(Chance::Automa(8));
    assert_eq!(pawns_on(&s, Space::Herald), vec![0, 1]);
    assert_eq!(pawns_on(&s, Space::TravelPlans), vec![0, 1]);
    assert_eq!(s.view().journey_rows[1], vec![None; 4]);
}

/// Rivalry: Otto scores for throwing away the Minstrel, for each special
/// support (house values), and for the Crusade and Siege events; the
/// Recruitment's support is thrown away too.
#[test]
fn in_rivalry_otto_scores_for_discards_and_events() {
    // The Minstrel: Solo card 3 with Service and the Market row blocked.
    let mut s = otto_to_reveal(rivalry());
    s.patch(|v| {
        block(v, OttoAction::Service);
        block(v, OttoAction::TravelPlans(Market));
    });
    s.chance(Chance::Automa(2));
    assert_eq!(track(&s)[4], None);
    assert_eq!(otto_glory(&s), OTTO_START + 4);

    // Special supports: Solo card 6 discards the one on the special space.
    for (special, glory) in [
        (Support::King, 3),
        (Support::Queen, 3),
        (Support::Chronicler, 2),
        (Support::Emissary, 1),
        (Support::Moneylender, 1),
    ] {
        let mut s = otto_to_reveal(rivalry());
        s.patch(|v| v["board"]["track"][0] = json!(special as u8));
        s.chance(Chance::Automa(5));
        assert_eq!(track(&s)[0], None, "{special:?}");
        assert_eq!(otto_glory(&s), OTTO_START + glory, "{special:?}");
    }

    // Events: Solo card 9 takes the event's space first.
    for (event, glory) in [(0u8, 3u16), (9, 5)] {
        let mut s = otto_to_reveal(rivalry());
        s.patch(|v| v["board"]["events"][0] = json!(event));
        s.chance(Chance::Automa(8));
        assert_eq!(pawns_on(&s, Space::Event), vec![0, 1]);
        assert_eq!(otto_glory(&s), OTTO_START + glory, "event {event}");
    }
    // Recruitment: the special support on the card is thrown away (the
    // Bishop, 2 glory).
    let mut s = otto_to_reveal(rivalry());
    s.patch(|v| {
        v["board"]["events"][0] = json!(3);
        v["board"]["event_support"] = json!(Support::Bishop as u8);
    });
    s.chance(Chance::Automa(8));
    assert_eq!(s.view().event_support, None);
    assert_eq!(otto_glory(&s), OTTO_START + 2);
    // Volunteer whose support is already gone: nothing to take; Otto moves
    // on to action II (Herald).
    let mut s = otto_to_reveal(rivalry());
    s.patch(|v| v["board"]["events"][0] = json!(11));
    s.chance(Chance::Automa(8));
    assert_eq!(pawns_on(&s, Space::Event), vec![0, 0]);
    assert_eq!(pawns_on(&s, Space::Herald), vec![0, 1]);
    assert_eq!(otto_glory(&s), OTTO_START);
    // An event without an action space (Bountiful Harvest): the same.
    let mut s = otto_to_reveal(rivalry());
    s.patch(|v| v["board"]["events"][0] = json!(1));
    s.chance(Chance::Automa(8));
    assert_eq!(pawns_on(&s, Space::Event), vec![0, 0]);
}

/// Score and Champion: the same discards and events give Otto nothing.
#[test]
fn outside_rivalry_otto_scores_nothing() {
    for cfg in [score(), champion()] {
        let mode = cfg.solo.expect("a solo config").mode;
        let mut s = otto_to_reveal(cfg);
        s.patch(|v| {
            block(v, OttoAction::Service);
            block(v, OttoAction::TravelPlans(Market));
        });
        s.chance(Chance::Automa(2));
        assert_eq!(track(&s)[4], None, "{mode:?}: the Minstrel is discarded");
        assert_eq!(otto_glory(&s), OTTO_START, "{mode:?}: Minstrel");
        let mut s = otto_to_reveal(cfg);
        s.chance(Chance::Automa(5));
        assert_eq!(track(&s)[0], None, "{mode:?}: the King is discarded");
        assert_eq!(otto_glory(&s), OTTO_START, "{mode:?}: King");
        let mut s = otto_to_reveal(cfg);
        s.patch(|v| v["board"]["events"][0] = json!(9));
        s.chance(Chance::Automa(8));
        assert_eq!(pawns_on(&s, Space::Event), vec![0, 1], "{mode:?}: Siege");
        assert_eq!(otto_glory(&s), OTTO_START, "{mode:?}: Siege");
    }
}

// ---------------------------------------------------------------------------
// 3. The deck and the reshuffle
// ---------------------------------------------------------------------------

/// 9 Solo cards; 11 with the Warrior or the Pious pair. Each reveal is one
/// of the cards left, all equally likely.
#[test]
fn the_automa_deck_has_nine_or_eleven_cards() {
    for (deck, ids) in [
        (AutomaDeck::Solo, (0..9).collect::<Vec<u8>>()),
        (AutomaDeck::Warrior, (0..11).collect()),
        (AutomaDeck::Pious, (0..9).chain([11, 12]).collect()),
    ] {
        let s = otto_to_reveal(solo(SoloMode::Rivalry, Difficulty::Easy, deck));
        let mut out = Vec::new();
        s.game.chance_outcomes(&mut out);
        assert_eq!(
            out,
            ids.iter()
                .map(|&c| (Chance::Automa(c), 1))
                .collect::<Vec<_>>(),
            "{deck:?}"
        );
        assert_eq!(
            s.view().solo.unwrap().automa_left as usize,
            ids.len(),
            "{deck:?}"
        );
    }
}

/// When the pile runs out the whole deck is shuffled again, including the
/// card just revealed; a new Action phase shuffles everything back too.
#[test]
fn an_empty_pile_is_reshuffled_from_the_whole_deck() {
    let mut s = otto_to_reveal(score());
    // Only Solo card 4 left in the pile; Training and Service are taken, so
    // (outside Rivalry) none of its actions can be done.
    s.patch(|v| {
        let mut pile = [0u8; 13];
        pile[3] = 1;
        v["solo"]["pile"]["counts"] = json!(pile);
        block(v, OttoAction::Training);
        block(v, OttoAction::Service);
    });
    assert_eq!(s.outcomes(), automa([3]));
    s.chance(Chance::Automa(3));
    assert_eq!(s.view().solo.unwrap().automa_left, 0);
    assert_eq!(s.outcomes(), automa(0..9), "the whole deck again");
    s.chance(Chance::Automa(3));
    assert_eq!(s.view().solo.unwrap().automa_left, 8);
    assert_eq!(s.outcomes(), automa([0, 1, 2, 4, 5, 6, 7, 8]));
    // Solo card 1: Training taken, so the Weapons Master is discarded.
    s.chance(Chance::Automa(0));
    assert_eq!(track(&s)[3], None);
    assert_eq!(s.on_move(), Some(0));

    // Next round: the pile is full again at Otto's first reveal, whatever
    // was left of it.
    s.auto_until(|s| s.view().stage == "registration");
    s.patch(|v| {
        let mut pile = [0u8; 13];
        pile[4] = 1;
        v["solo"]["pile"]["counts"] = json!(pile);
    });
    s.auto_until(|s| {
        s.view().round == 2 && s.is_chance() && s.step_text() == "Otto reveals an automa card"
    });
    assert_eq!(s.outcomes(), automa(0..9));
    assert_eq!(s.view().solo.unwrap().automa_left, 9);
}

// ---------------------------------------------------------------------------
// 4. Nothing at all possible: Otto gives up the pawn
// ---------------------------------------------------------------------------

/// If no card of his deck can be carried out, revealing cards would never
/// end: Otto gives up the pawn instead, and the round goes on.
#[test]
fn otto_gives_up_a_pawn_when_no_card_of_his_deck_can_be_done() {
    let mut s = Script::started(score(), 1);
    s.patch(|v| {
        open_board(v);
        v["board"]["pawns"] = json!(vec![[0u8; 4]; 12]);
        for card in AUTOMA.iter().take(9) {
            for &a in &card.actions {
                block(v, a);
            }
        }
        // No support of any list on a 1-coin space, nothing special.
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
    let pile = s.view().solo.unwrap().automa_left;
    assert_eq!(pile, 9);
    for pawn in 1..=6u8 {
        assert_eq!(s.on_move(), Some(0));
        s.act(0, Action::Place(Space::Patrol));
        // No reveal: Otto's pawn is spent and the player is on move again
        // (after the last pawn, the round moves on).
        if pawn < 6 {
            assert_eq!(
                s.on_move(),
                Some(0),
                "pawn {pawn}: no automa card is revealed"
            );
        }
        assert_eq!(s.player(OTTO).pawns_left, 6 - pawn);
        let otto_pawns: u8 = s.view().spaces.iter().map(|x| x.pawns[1]).sum();
        assert_eq!(otto_pawns, 0, "Otto has no pawn on the board");
    }
    assert_ne!(s.view().stage, "actions", "the Action phase ended");
    let solo = s.view().solo.unwrap();
    assert_eq!((solo.automa_left, solo.last_card), (9, None));
}

// ---------------------------------------------------------------------------
// 5. Where Otto registers
// ---------------------------------------------------------------------------

/// One lower-row space of a ladder layout.
#[derive(Clone, Copy)]
enum L {
    Empty,
    Solo,
    Otto,
    K(&'static str),
}

fn lay_ladder(v: &mut Value, row: [L; 8]) {
    let mut ladder = [NONE; 15];
    let mut bits = 0u64;
    for (slot, e) in ladder.iter_mut().zip(row) {
        *slot = match e {
            L::Empty => NONE,
            L::Solo => 0,
            L::Otto => OTTO,
            L::K(name) => {
                let k = knight(name);
                bits |= 1 << k;
                KNIGHT + k
            }
        };
    }
    v["tourney"]["ladder"] = json!(ladder);
    v["tourney"]["knights"] = json!(bits);
    v["tourney"]["adding"] = json!(false);
}

fn ladder(s: &Script) -> Vec<String> {
    s.view()
        .tournament
        .ladder
        .iter()
        .map(|e| match e {
            None => "-".to_string(),
            Some(Entrant::Player(Seat(0))) => "Solo".to_string(),
            Some(Entrant::Player(_)) => "Otto".to_string(),
            Some(Entrant::Knight(k)) => k.name.to_string(),
        })
        .collect()
}

/// The solo player with nothing but level II gear and `glory`: no tokens,
/// supports, relics, prestige or cards, so duels take only the dice fed.
fn bare_player(s: &mut Script, glory: u16) {
    s.resources(0, 0, 0, 0, glory).empty_hand(0);
    s.patch(|v| {
        let p = &mut v["players"][0];
        p["mount"] = json!(2);
        p["armor"] = json!(2);
        p["supports"] = json!(vec![0; 22]);
        p["used"] = json!(vec![0; 22]);
        p["relics"] = json!(vec![0; 4]);
        p["used_relics"] = json!(vec![0; 4]);
        p["prestige"] = json!(0);
        p["flipped"] = json!(0);
    });
}

/// Round 1's registration, the solo player first on the track and about
/// to register (or wait): a Joust à Plaisance in Rivalry (`cfg`).
fn joust_registration(cfg: Config) -> Script {
    let mut s = Script::started(jousts(cfg), 1);
    s.auto_until(|s| s.view().stage == "registration" && s.on_move() == Some(0));
    bare_player(&mut s, 10);
    s.patch(|v| {
        v["order"] = json!([0, OTTO, NONE, NONE]);
        v["cursor"] = json!(1);
        v["task"] = json!({"register": {"player": 0, "optional": true}});
        v["players"][1]["glory"] = json!(OTTO_START);
    });
    s
}

/// Otto never sits next to a lower-row knight certain to beat him: the
/// only space left that is not next to a champion is by a weak Noble.
#[test]
fn joust_otto_avoids_a_knight_certain_to_beat_him() {
    let mut s = joust_registration(rivalry());
    s.patch(|v| {
        lay_ladder(
            v,
            [
                L::K("Jacques de Lalaing"),
                L::Empty,
                L::K("Pierre Terrail"),
                L::Empty,
                L::K("Zawisza Czarny"),
                L::Empty,
                L::K("Álvaro"),
                L::Empty,
            ],
        )
    });
    assert!(
        s.game
            .describe_action(Seat(0), &Action::Register(1))
            .ends_with(
                "; then Otto registers on space 8 of the lower row (facing Álvaro Vaz de Almada)"
            ),
    );
    s.act(0, Action::Register(1));
    // Otto (Hans von Trotha: glory 6, prestige 1) registers at once,
    // then the free spaces are filled with the card's knights.
    assert!(s.is_chance(), "{}", s.step_text());
    assert_eq!(
        ladder(&s)[..8],
        [
            "Jacques de Lalaing",
            "Solo",
            "Pierre Terrail",
            "-",
            "Zawisza Czarny",
            "-",
            "Álvaro Vaz de Almada",
            "Otto"
        ]
    );
}

/// Otto plans two duels ahead: a space where the first opponent is worth
/// more glory is refused when a champion pair waits behind it; he takes the
/// path with two duels he is sure to win. The player, who waited, must then
/// register (the last one unregistered cannot wait).
#[test]
fn joust_otto_plans_his_second_duel() {
    // Otto at medium: Hans von Trotha (glory 6, prestige 1).
    let mut s = joust_registration(rivalry());
    s.patch(|v| {
        lay_ladder(
            v,
            [
                L::K("Álvaro"),
                L::Empty,
                L::K("Dietrich"),
                L::K("Dobiesław Puchała"),
                L::Empty,
                L::K("John Fastolf"),
                L::K("Jacques de Lalaing"),
                L::K("Pierre Terrail"),
            ],
        )
    });
    s.act(0, Action::Pass);
    // Space 1: beats Álvaro (2), then Puchała (1): two sure wins.
    // Space 4: beats Fastolf (3), then meets Jacques: doomed.
    assert_eq!(ladder(&s)[1], "Otto");
    assert_eq!(ladder(&s)[4], "-");
    assert_eq!(s.on_move(), Some(0));
    assert_eq!(s.legal(0), vec![Action::Register(4)]);
}

/// Herald in a Pas d'Armes: the knight with the most glory Otto is sure to
/// beat, in a town where the solo player has no coat of arms yet.
#[test]
fn pas_d_armes_herald_avoids_the_players_town() {
    let layout = |player_in_paris: bool| {
        move |v: &mut Value| {
            lay_towns(
                v,
                &[
                    (0, "John Talbot", NONE),
                    (1, "Álvaro", NONE),
                    (3, "Pál Kinizsi", NONE),
                    (4, "David Mathew", if player_in_paris { 0 } else { NONE }),
                    (6, "John Fastolf", NONE),
                ],
            )
        }
    };
    // Kinizsi (glory 8, prestige 1) is the best: Otto's (8, 2) at hard, John
    // I of Portugal's, beats him.
    let mut s = otto_to_reveal(rivalry_hard());
    s.patch(layout(false));
    s.chance(Chance::Automa(3));
    let paris = &s.view().tournament.towns[1].knights[0];
    assert_eq!(
        (paris.knight.name, paris.challenger),
        ("Pál Kinizsi", Some(Seat(OTTO)))
    );

    // The player has a coat of arms in Paris: Talbot (7, 1) in Florence
    // instead.
    let mut s = otto_to_reveal(rivalry_hard());
    s.patch(layout(true));
    s.chance(Chance::Automa(3));
    let towns = s.view().tournament.towns;
    assert_eq!(towns[1].knights[0].challenger, None);
    assert_eq!(
        (
            towns[0].knights[0].knight.name,
            towns[0].knights[0].challenger
        ),
        ("John Talbot", Some(Seat(OTTO)))
    );
}

/// Herald is skipped when Otto is sure to beat nobody in an open town: a
/// knight equal to him keeps a tie in a Pas d'Armes, so that is no sure win.
/// Otto fights as James II of Scotland (glory 9, prestige 2): Jacques de
/// Lalaing (12, 2) beats him, Władysław II Jagiełło (9, 2) is his equal, and
/// Álvaro, whom he would beat, is in the player's town.
#[test]
fn pas_d_armes_herald_is_skipped_without_a_sure_win() {
    let mut s = otto_to_reveal(rivalry());
    s.patch(|v| {
        give_otto_tile(v, TWIN_TILE);
        lay_towns(
            v,
            &[
                (0, "Jacques de Lalaing", NONE),
                (3, "Álvaro", 0),
                (6, "Władysław", NONE),
            ],
        )
    });
    s.chance(Chance::Automa(3));
    assert_eq!(pawns_on(&s, Space::Herald), vec![0, 0]);
    assert_eq!(pawns_on(&s, Space::Training), vec![0, 1], "action II");
}

/// Registration phase of a Pas d'Armes: the player's coats of arms do not
/// bar a town any more, only Otto's own; he places a coat in each pass.
/// Then his duels are settled without dice, and he scores each knight's
/// glory value.
#[test]
fn pas_d_armes_registration_and_otto_against_knights() {
    // At hard: Otto is John I of Portugal (glory 8, prestige 2).
    let mut s = Script::started(rivalry_hard(), 1);
    s.auto_until(|s| s.view().stage == "registration" && s.on_move() == Some(0));
    bare_player(&mut s, 10);
    s.patch(|v| {
        v["order"] = json!([0, OTTO, NONE, NONE]);
        v["cursor"] = json!(1);
        v["task"] = json!({"register": {"player": 0, "optional": false}});
        v["players"][1]["glory"] = json!(OTTO_START);
        // Otto already faces Talbot in Florence (a Herald earlier).
        lay_towns(
            v,
            &[
                (0, "John Talbot", OTTO),
                (1, "Álvaro", NONE),
                (3, "Pál Kinizsi", NONE),
                (4, "David Mathew", NONE),
                (6, "John Fastolf", NONE),
            ],
        );
    });
    // Otto registers by rule inside the player's step; the step's text
    // says where, so the log shows it.
    assert_eq!(
        s.game.describe_action(Seat(0), &Action::Register(4)),
        "Register on David Mathew in Paris (attack 8, glory 2, prestige 1); \
         then Otto registers to challenge Pál Kinizsi in Paris (attack 10, glory 8, prestige 1)"
    );
    s.act(0, Action::Register(4));
    // Otto: Kinizsi in Paris, though the player is in Paris too.
    let challengers = |s: &Script| -> Vec<Option<Seat>> {
        let t = s.view().tournament;
        t.towns
            .iter()
            .flat_map(|town| town.knights.iter().map(|k| k.challenger))
            .collect()
    };
    assert_eq!(
        challengers(&s),
        vec![
            Some(Seat(OTTO)),
            None,
            Some(Seat(OTTO)),
            Some(Seat(0)),
            None
        ]
    );
    // Second pass: the player waits; Otto takes the last town he is not in.
    assert!(s.legal(0).contains(&Action::Pass));
    assert!(s.game.describe_action(Seat(0), &Action::Pass).ends_with(
        "; then Otto registers to challenge John Fastolf in Munich (attack 8, glory 3, prestige 0)"
    ),);
    s.act(0, Action::Pass);
    // Florence: Otto beats Talbot (+7); Paris: Otto beats Kinizsi (+8) —
    // equal glory, his prestige is higher; then the player's duel.
    assert_eq!(otto_glory(&s), OTTO_START + 15);
    let last = s.view().last_duel.unwrap();
    assert_eq!(last.ctx, DuelCtx::PasDArmes { space: 3 });
    assert_eq!(
        last.fighters,
        [
            Fighter::Knight(knight("Pál Kinizsi")),
            Fighter::Otto(knight("John I of Portugal"))
        ]
    );
    assert_eq!(
        (last.wins, last.winner, last.glory, last.compared),
        ([0, 0], 1, [0, 8], Some([[8, 1], [8, 2]]))
    );
    assert_eq!(s.duel().fighters[1], "David Mathew");
    s.roll(&[black(0), black(0), white(0), white(0)]);
    s.roll(&[black(0), black(0), white(0), white(0)]);
    // Munich: Fastolf (+3).
    assert_eq!(otto_glory(&s), OTTO_START + 18);
    assert_eq!(challengers(&s), Vec::<Option<Seat>>::new(), "board cleared");
    assert_eq!(s.view().round, 2);
}

// ---------------------------------------------------------------------------
// 6. Otto's duels
// ---------------------------------------------------------------------------

/// Pas d'Armes against knights: higher glory value, then higher prestige;
/// an exact tie stays with the knight. Otto fights as James II of Scotland
/// (glory 9, prestige 2), whom Władysław II Jagiełło equals.
#[test]
fn pas_d_armes_a_knight_keeps_a_tie_against_otto() {
    let mut s = Script::started(rivalry(), 1);
    s.auto_until(|s| s.view().stage == "registration" && s.on_move() == Some(0));
    bare_player(&mut s, 10);
    s.patch(|v| {
        v["order"] = json!([0, OTTO, NONE, NONE]);
        // The second pass, the player's optional coat of arms.
        v["cursor"] = json!(3);
        v["task"] = json!({"register": {"player": 0, "optional": true}});
        v["players"][1]["glory"] = json!(OTTO_START);
        give_otto_tile(v, TWIN_TILE);
        lay_towns(
            v,
            &[
                // 8, 3: less glory, though more prestige: weaker
                (0, "John II of Aragon", OTTO),
                // 9, 3: equal glory, more prestige: stronger
                (3, "Henry V of England", OTTO),
                // 9, 2: equal
                (6, "Władysław", OTTO),
            ],
        );
    });
    assert_eq!(s.legal(0), vec![Action::Pass], "every knight is taken");
    s.act(0, Action::Pass);
    // Only John II of Aragon (8) is beaten; Henry V or Władysław would
    // have added 9.
    assert_eq!(otto_glory(&s), OTTO_START + 8);
    let last = s.view().last_duel.unwrap();
    assert_eq!(
        last.fighters,
        [
            Fighter::Knight(knight("Władysław")),
            Fighter::Otto(knight(TWIN_TILE))
        ]
    );
    assert_eq!(
        (last.wins, last.winner, last.glory, last.compared),
        ([0, 0], 0, [0, 0], Some([[9, 2], [9, 2]]))
    );
}

/// Joust à Plaisance: Otto against knights needs no dice; an exact tie goes
/// to the one on the left. Otto gains each beaten knight's glory value and
/// the trophy's glory for the final. Otto fights as James II of Scotland
/// (glory 9, prestige 2), whom Władysław II Jagiełło equals.
#[test]
fn joust_otto_wins_a_tie_from_the_left_and_takes_the_trophy() {
    let mut s = joust_registration(rivalry());
    s.patch(|v| {
        give_otto_tile(v, TWIN_TILE);
        lay_ladder(
            v,
            [
                L::Otto,
                L::K("Władysław"), // 9, 2: equal to Otto
                L::K("Dietrich"),
                L::K("Dobiesław Puchała"),
                L::Solo,
                L::K("Álvaro"),
                L::K("Jan van Borssele"),
                L::K("David Mathew"),
            ],
        )
    });
    s.act(0, Action::Pass);
    // Match 0 is settled at once; match 1 between knights; match 2 is the
    // player's.
    let last = s.view().last_duel.unwrap();
    assert_eq!(last.ctx, DuelCtx::Joust { game: 0 });
    // The board's last duel stays Otto's, and says that one duel between
    // two knights (match 1) came later, told in the log.
    assert_eq!(s.view().knight_duels_since, 1);
    assert_eq!(
        last.fighters,
        [
            Fighter::Otto(knight(TWIN_TILE)),
            Fighter::Knight(knight("Władysław"))
        ]
    );
    assert_eq!(
        (last.wins, last.winner, last.glory, last.compared),
        ([0, 0], 0, [9, 0], Some([[9, 2], [9, 2]]))
    );
    assert_eq!(otto_glory(&s), OTTO_START + 9);
    assert_eq!(ladder(&s)[8..10], ["Otto", "Dobiesław Puchała"]);
    // The player beats Álvaro (7 against 7, the player wins ties against a
    // knight of no prestige).
    assert_eq!(
        s.duel().fighters,
        ["Seat 1".to_string(), "Álvaro Vaz de Almada".to_string()]
    );
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    // Jan and David are equal: Jan, on the left, goes up. Otto beats
    // Puchała (+1). The player loses to Jan (prestige 1) on ties.
    assert_eq!(s.duel().fighters[1], "Jan van Borssele");
    assert_eq!(
        ladder(&s)[8..12],
        ["Otto", "Dobiesław Puchała", "Solo", "Jan van Borssele"]
    );
    assert_eq!(otto_glory(&s), OTTO_START + 10);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    s.roll(&[black(4), black(0), white(3), white(0)]);
    // The final: Otto beats Jan (+2) and takes the standard trophy (+1).
    let last = s.view().last_duel.unwrap();
    assert_eq!(last.ctx, DuelCtx::Joust { game: 6 });
    assert_eq!(
        last.fighters,
        [
            Fighter::Otto(knight(TWIN_TILE)),
            Fighter::Knight(knight("Jan van Borssele"))
        ]
    );
    assert_eq!((last.winner, last.glory), (0, [2, 0]));
    assert_eq!(otto_glory(&s), OTTO_START + 13);
    assert_eq!(s.glory(0), 12, "the player: Álvaro's 2");
    assert_eq!(
        s.view().solo.unwrap().trophies,
        0,
        "no trophy for the player"
    );
}

/// The same tie with Otto (James II of Scotland) on the right of Władysław
/// II Jagiełło: the knight goes up and Otto scores nothing.
#[test]
fn joust_otto_loses_a_tie_from_the_right() {
    let mut s = joust_registration(rivalry());
    s.patch(|v| {
        give_otto_tile(v, TWIN_TILE);
        lay_ladder(
            v,
            [
                L::K("Władysław"),
                L::Otto,
                L::Solo,
                L::K("Álvaro"),
                L::K("Dietrich"),
                L::K("Dobiesław Puchała"),
                L::K("Jan van Borssele"),
                L::K("David Mathew"),
            ],
        )
    });
    s.act(0, Action::Pass);
    let last = s.view().last_duel.unwrap();
    assert_eq!(
        last.fighters,
        [
            Fighter::Knight(knight("Władysław")),
            Fighter::Otto(knight(TWIN_TILE))
        ]
    );
    assert_eq!(
        (last.wins, last.winner, last.glory, last.compared),
        ([0, 0], 0, [0, 0], Some([[9, 2], [9, 2]]))
    );
    assert_eq!(otto_glory(&s), OTTO_START);
    assert_eq!(ladder(&s)[8], "Władysław II Jagiełło");
}

/// A Joust à Plaisance of the Rivalry table `cfg` played up to its final,
/// the solo player (two Strength tokens left, two prestige) against Otto,
/// with the initiative track in `order`; before the final the player has
/// `me` glory and Otto `otto`. Otto is sure to beat Jan van Borssele (2)
/// and John Fastolf (3) at every difficulty but easy.
fn final_against_otto(cfg: Config, order: [u8; 2], me: u16, otto: u16) -> Script {
    let seven = [black(4), black(0), white(3), white(0)];
    let eight = [red(1), black(4), black(0), white(3), white(0)];
    let mut s = joust_registration(cfg);
    s.patch(|v| {
        lay_ladder(
            v,
            [
                L::Solo,
                L::K("Dietrich"),
                L::K("Dobiesław Puchała"),
                L::K("Álvaro"),
                L::Otto,
                L::K("Jan van Borssele"),
                L::K("David Mathew"),
                L::K("John Fastolf"),
            ],
        );
        v["order"] = json!([order[0], order[1], NONE, NONE]);
        // Three Strength tokens, two prestige tokens (Charmer, Overlord).
        v["players"][0]["strength"] = json!(3);
        v["players"][0]["prestige"] = json!(0b11);
    });
    s.act(0, Action::Pass);
    // The player beats Kottulin (attack 6) with 7, twice.
    assert_eq!(s.duel().fighters[1], "Dietrich von Kottulin");
    s.act(0, Action::Strength(0)).roll(&seven);
    s.act(0, Action::Strength(0)).roll(&seven);
    // Otto beats Jan; the player meets Álvaro (attack 7) and wins with 8.
    assert_eq!(s.duel().fighters[1], "Álvaro Vaz de Almada");
    s.set(0, "glory", json!(me - 2))
        .set(OTTO, "glory", json!(otto - 3));
    s.act(0, Action::Strength(1)).roll(&eight);
    s.act(0, Action::Strength(0)).roll(&eight);
    // Otto beats Fastolf (+3); the final.
    assert_eq!(
        s.duel().fighters,
        ["Seat 1".to_string(), "Otto".to_string()]
    );
    assert_eq!((s.glory(0), otto_glory(&s)), (me, otto));
    assert_eq!(s.duel().sides[0].prestige, 2);
    s
}

/// The final of [`final_against_otto`] with Otto at hard (John I of
/// Portugal, a King: attack 9, prestige 2, no die specials, so the player
/// rolls every die put in).
fn to_the_final(order: [u8; 2], me: u16, otto: u16) -> Script {
    let s = final_against_otto(rivalry_hard(), order, me, otto);
    let otto_side = s.duel().sides[1].clone();
    assert_eq!(
        otto_side.fighter,
        Fighter::Otto(knight("John I of Portugal"))
    );
    assert_eq!((otto_side.attack, otto_side.prestige), (9, 2));
    s
}

/// At medium Otto fights as Hans von Trotha, a Veteran with attack 8 and
/// prestige 1 whose opponent rolls one Strength die fewer: the player
/// facing Otto does, as against the knight himself. One token in gives no
/// red die; two give one.
#[test]
fn otto_at_medium_takes_a_strength_die_from_the_player() {
    let mut s = final_against_otto(rivalry(), [0, OTTO], 17, 15);
    let otto_side = s.duel().sides[1].clone();
    assert_eq!(otto_side.fighter, Fighter::Otto(knight("Hans von Trotha")));
    assert_eq!((otto_side.attack, otto_side.prestige), (8, 1));
    // One token: only the two black and two white dice are rolled.
    s.act(0, Action::Strength(1));
    s.roll(&[black(4), black(0), white(3), white(0)]);
    let clash = s.duel().last_clash.expect("the first clash is over");
    assert_eq!((clash.attack, clash.winner), ([7, 8], 1));
    assert_eq!(s.duel().wins, [0, 1]);
    // A second token (the first stays in): one red die.
    s.act(0, Action::Strength(1));
    s.roll(&[red(5), black(4), black(0), white(3), white(0)]);
    let clash = s.duel().last_clash.expect("the second clash is over");
    assert_eq!((clash.attack, clash.winner), ([12, 8], 0));
    assert_eq!(s.duel().wins, [1, 1]);
}

/// Otto against the player: a duel with dice for the player only; Otto's
/// attack and prestige are his knight tile's (at hard John I of Portugal: 9
/// and 2, a King, so the player rolls every die put in). An exact
/// tie goes to the better place on the initiative track. Glory as between
/// players: 7, or 9 if the loser had more glory; the loser who won a clash
/// gets half the winner's value. They meet in the final, so the winner
/// also takes the trophy (1 glory; a coin and a Champion trophy for the
/// player).
#[test]
fn otto_against_the_player_is_a_duel_between_players() {
    let nine = [red(2), black(4), black(0), white(3), white(0)];
    let six = [red(1), black(3), black(0), white(2), white(0)];
    let twelve = [red(5), black(4), black(0), white(3), white(0)];
    // The player first on the track, 17 glory against Otto's 15.
    let mut s = to_the_final([0, OTTO], 17, 15);
    s.act(0, Action::Strength(1)).roll(&nine);
    let clash = s.duel().last_clash.unwrap();
    assert_eq!((clash.attack, clash.prestige), ([9, 9], [2, 2]));
    assert_eq!((clash.winner, clash.by), (0, TieBreak::Initiative));
    // The player flipped a prestige token for winning the tie: 1 against 2.
    // The token put in stays for the whole duel: one red die again.
    s.act(0, Action::Strength(0)).roll(&nine);
    let clash = s.duel().last_clash.unwrap();
    assert_eq!(
        (clash.prestige, clash.winner, clash.by),
        ([1, 2], 1, TieBreak::Prestige)
    );
    s.act(0, Action::Strength(0)).roll(&six);
    let last = s.view().last_duel.unwrap();
    assert_eq!(last.ctx, DuelCtx::Joust { game: 6 });
    assert_eq!(
        last.fighters,
        [
            Fighter::Player(Seat(0)),
            Fighter::Otto(knight("John I of Portugal"))
        ]
    );
    // Otto beat a player with more glory: 9. The player won a clash: half
    // of Otto's 7 (Otto had less glory), rounded down.
    assert_eq!((last.wins, last.winner, last.glory), ([1, 2], 1, [3, 9]));
    // Otto also takes the trophy's glory.
    assert_eq!((s.glory(0), otto_glory(&s)), (20, 25));
    assert_eq!(s.view().solo.unwrap().trophies, 0);

    // Equal glory: the loser is not ahead, so the winner gains 7; Otto wins
    // both clashes and the player gets nothing.
    let mut s = to_the_final([0, OTTO], 17, 17);
    s.act(0, Action::Strength(1)).roll(&six);
    s.act(0, Action::Strength(0)).roll(&six);
    let last = s.view().last_duel.unwrap();
    assert_eq!((last.wins, last.winner, last.glory), ([0, 2], 1, [0, 7]));
    assert_eq!((s.glory(0), otto_glory(&s)), (17, 25));

    // Otto first on the track, with 25 glory against the player's 13.
    let mut s = to_the_final([OTTO, 0], 13, 25);
    let coins = s.player(0).coins;
    s.act(0, Action::Strength(1)).roll(&nine);
    let clash = s.duel().last_clash.unwrap();
    assert_eq!((clash.winner, clash.by), (1, TieBreak::Initiative));
    assert_eq!(s.player(0).prestige[0].active, 1, "no token flipped");
    s.act(0, Action::Strength(0)).roll(&twelve);
    s.act(0, Action::Strength(0)).roll(&twelve);
    let last = s.view().last_duel.unwrap();
    // The player beat Otto, who had more glory: 9; Otto won a clash: half
    // of the player's 7.
    assert_eq!((last.wins, last.winner, last.glory), ([2, 1], 0, [9, 3]));
    // The player takes the trophy: 1 glory, 1 coin, and it counts for
    // Champion mode.
    assert_eq!((s.glory(0), otto_glory(&s)), (23, 28));
    assert_eq!(s.player(0).coins, coins + 1);
    assert_eq!(s.view().solo.unwrap().trophies, 1);
}

/// The player loses the final to Otto but won a clash: the half glory is
/// half of Otto's value, and the report, the terminal and the log say so.
/// The player (17 glory, first on the track) against Otto (15): Otto's
/// value is 7 (he has less glory), the player's 9. Otto is at hard (John I
/// of Portugal: attack 9, prestige 2). Clash 1: 9 to 9, the player wins on
/// initiative; clash 2: 9 to 9 again, Otto wins on prestige (the player's
/// token is flipped); clash 3: 6 to 9. Then the
/// same with Otto ahead (25 against 13): his value is 9, the half 4.
#[test]
fn half_glory_says_whose_value_was_halved() {
    let nine = [red(2), black(4), black(0), white(3), white(0)];
    let six = [red(1), black(3), black(0), white(2), white(0)];
    let mut s = to_the_final([0, OTTO], 17, 15);
    s.act(0, Action::Strength(1)).roll(&nine);
    s.act(0, Action::Strength(0)).roll(&nine);
    s.act(0, Action::Strength(0));
    s.telling();
    s.roll(&six);
    let log = s.told_texts();
    let last = s.view().last_duel.unwrap();
    assert_eq!(
        (last.wins, last.winner, last.glory, last.values),
        ([1, 2], 1, [3, 9], [9, 7])
    );
    assert!(
        log.contains(
            &"Otto wins the duel against Seat 1, 2 clashes to 1; Otto scores 9 glory points \
              (now 24); Seat 1 scores 3 glory points, half of Otto's 7, rounded down, for the \
              clash won (now 20)"
                .to_string()
        ),
        "{log:#?}"
    );
    let text = s.view().to_string();
    let line = text
        .lines()
        .find(|l| l.starts_with("Last duel:"))
        .expect("the last duel's line");
    assert_eq!(
        line,
        "Last duel: Seat 1 vs Otto, clashes 1-2, Otto won; glory +3 / +9 \
         (Seat 1: half of Otto's 7, rounded down)"
    );

    // The same duel with Otto ahead on glory (25 against 13): his value is
    // 9, and the player's half is 4, not "half of 7".
    let mut s = to_the_final([0, OTTO], 13, 25);
    s.act(0, Action::Strength(1)).roll(&nine);
    s.act(0, Action::Strength(0)).roll(&nine);
    s.act(0, Action::Strength(0));
    s.telling();
    s.roll(&six);
    let log = s.told_texts();
    let last = s.view().last_duel.unwrap();
    assert_eq!(
        (last.wins, last.winner, last.glory, last.values),
        ([1, 2], 1, [4, 7], [7, 9])
    );
    assert!(
        log.contains(
            &"Otto wins the duel against Seat 1, 2 clashes to 1; Otto scores 7 glory points \
              (now 32); Seat 1 scores 4 glory points, half of Otto's 9, rounded down, for the \
              clash won (now 17)"
                .to_string()
        ),
        "{log:#?}"
    );
    let text = s.view().to_string();
    assert!(
        text.contains(
            "Last duel: Seat 1 vs Otto, clashes 1-2, Otto won; glory +4 / +7 \
             (Seat 1: half of Otto's 9, rounded down)"
        ),
        "{text}"
    );
}

// ---------------------------------------------------------------------------
// 7. Titles and verdicts
// ---------------------------------------------------------------------------

/// A solo game played on (first outcomes, passes) to the Final Journey of
/// round 3, the solo player holding one card so the game stops there.
fn at_final_journey(cfg: Config) -> Script {
    let mut s = Script::started(cfg, 1);
    s.auto_until(|s| s.view().round == 3 && s.view().stage == "registration");
    s.give_card(0, "The Game", 1);
    s.auto_until(|s| s.view().stage == "final_journey" && s.on_move() == Some(0));
    s
}

/// Lays out the end of the game: the public titles, Otto's objectives, and
/// a solo player who can complete no title (so their glory is final).
fn before_titles(s: &mut Script, public: [&str; 3], otto_objectives: &[&str], me: u16, otto: u16) {
    bare_player(s, me);
    let public = public.map(title);
    let objectives: Vec<u8> = otto_objectives.iter().map(|t| title(t)).collect();
    s.patch(|v| {
        v["board"]["public"] = json!(public);
        v["players"][0]["titles"]["counts"] = json!(vec![0; 14]);
        v["players"][0]["played"] = json!([0, 0, 0]);
        v["players"][0]["brave"] = json!(0);
        let mut held = [0u8; 14];
        for &t in &objectives {
            held[usize::from(t)] = 1;
        }
        v["players"][1]["titles"]["counts"] = json!(held);
        v["players"][1]["glory"] = json!(otto);
    });
}

fn winners(s: &Script) -> SeatSet {
    match s.game.to_move() {
        ToMove::Over(o) => o.winners,
        other => panic!("the game is not over: {other:?}\n{}", s.view()),
    }
}

fn completed(s: &Script, p: u8) -> Vec<&'static str> {
    s.view().players[usize::from(p)]
        .completed_titles
        .iter()
        .map(|t| t.name)
        .collect()
}

/// Rivalry's Title phase: Otto scores every public title and all his
/// objectives, possible or not; the player wins only with strictly more
/// glory than Otto.
#[test]
fn rivalry_otto_scores_every_public_title_and_his_objectives() {
    let base = at_final_journey(rivalry());
    for (me, verdict) in [(64u16, SeatSet::single(Seat(0))), (63, SeatSet::EMPTY)] {
        let mut s = Script::from_game(base.game.clone());
        // Strong 7 + Noble 8 + Equipped 7 public; Patron 6 + Wealthy 5 his.
        before_titles(
            &mut s,
            ["Strong", "Noble", "Equipped"],
            &["Patron", "Wealthy"],
            me,
            30,
        );
        s.act(0, Action::Pass);
        assert_eq!(otto_glory(&s), 30 + 33);
        assert_eq!(
            completed(&s, OTTO),
            ["Strong", "Noble", "Patron", "Wealthy", "Equipped"]
        );
        assert_eq!(completed(&s, 0), Vec::<&str>::new());
        assert_eq!(s.glory(0), me);
        assert_eq!(winners(&s), verdict, "{me} against Otto's 63");
        assert_eq!(s.view().stage, "over");
        // Scored in the open, his hidden titles are shown once it is over.
        let his: Vec<&str> = s.view().players[usize::from(OTTO)]
            .objectives
            .as_ref()
            .expect("Otto's titles are shown at the end")
            .iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(his, ["Patron", "Wealthy"]);
    }

    // A public Brave (a duel title) counts for Otto as well, without the
    // duel. The player declines the duel.
    let mut s = Script::from_game(base.game.clone());
    before_titles(&mut s, ["Brave", "Noble", "Equipped"], &["Wealthy"], 20, 30);
    s.act(0, Action::Pass);
    assert_eq!(s.legal(0), vec![Action::Attempt, Action::Pass]);
    s.act(0, Action::Pass);
    // Brave 8 + Noble 8 + Equipped 7 public; Wealthy 5 his.
    assert_eq!(otto_glory(&s), 30 + 8 + 8 + 7 + 5);
    assert_eq!(
        completed(&s, OTTO),
        ["Noble", "Wealthy", "Brave", "Equipped"]
    );
    assert_eq!(winners(&s), SeatSet::EMPTY);
}

/// Score: at least the target (65, 75, 85 by difficulty) wins. Otto scores
/// no titles.
#[test]
fn score_is_won_at_the_target() {
    let base = at_final_journey(score());
    assert_eq!(base.view().solo.unwrap().target, Some(75));
    for (difficulty, target) in [
        (Difficulty::Easy, 65u16),
        (Difficulty::Medium, 75),
        (Difficulty::Hard, 85),
    ] {
        for (me, won) in [(target, true), (target - 1, false)] {
            let mut s = Script::from_game(base.game.clone());
            s.patch(|v| v["solo"]["settings"]["difficulty"] = json!(difficulty));
            before_titles(
                &mut s,
                ["Strong", "Noble", "Equipped"],
                &["Wealthy"],
                me,
                200,
            );
            s.act(0, Action::Pass);
            assert_eq!(otto_glory(&s), 200, "no titles for Otto");
            assert!(completed(&s, OTTO).is_empty());
            let expected = if won {
                SeatSet::single(Seat(0))
            } else {
                SeatSet::EMPTY
            };
            assert_eq!(winners(&s), expected, "{difficulty:?}: {me} glory");
        }
    }
}

/// Champion: every tournament is a Joust à Plaisance, and only all three
/// trophies win; glory does not matter.
#[test]
fn champion_needs_all_three_trophies() {
    let base = at_final_journey(champion());
    assert_eq!(base.view().tournament.kind, TournamentKind::JoustAPlaisance);
    for (trophies, me, won) in [(3u8, 0u16, true), (2, 200, false)] {
        let mut s = Script::from_game(base.game.clone());
        s.patch(|v| v["solo"]["trophies"] = json!(trophies));
        before_titles(&mut s, ["Strong", "Noble", "Equipped"], &[], me, 10);
        s.act(0, Action::Pass);
        let expected = if won {
            SeatSet::single(Seat(0))
        } else {
            SeatSet::EMPTY
        };
        assert_eq!(winners(&s), expected, "{trophies} trophies");
    }
}

/// The solo table: the player first, Otto second with 10 glory; in Rivalry
/// a knight tile by difficulty and one hidden objective; Champion's
/// handicaps; Champion plays Joust à Plaisance even when configured
/// otherwise.
#[test]
fn solo_setup_by_mode_and_difficulty() {
    for (difficulty, tile) in [
        (Difficulty::Easy, "Álvaro Vaz de Almada"),
        (Difficulty::Medium, "Hans von Trotha"),
        (Difficulty::Hard, "John I of Portugal"),
    ] {
        let s = Script::started(solo(SoloMode::Rivalry, difficulty, AutomaDeck::Solo), 1);
        let v = s.view();
        assert_eq!(v.order, vec![Seat(0), Seat(OTTO)]);
        assert_eq!(v.players[1].glory, OTTO_START);
        assert_eq!(v.players[1].objectives_held, 1);
        assert_eq!(v.solo.unwrap().knight.map(|k| k.name), Some(tile));
    }
    let s = Script::started(score(), 1);
    assert_eq!(s.view().players[1].objectives_held, 0);
    assert_eq!(s.view().solo.unwrap().knight, None);
    let level_one = Script::started(solo(SoloMode::Score, Difficulty::Hard, AutomaDeck::Solo), 1);
    let gear = |p: &tourney_glory::view::PlayerView| (p.mount, p.armor);
    let normal = gear(&level_one.player(0));
    for (difficulty, expected) in [
        (Difficulty::Easy, normal),
        (Difficulty::Medium, (1, normal.1)),
        (Difficulty::Hard, (1, 1)),
    ] {
        let s = Script::started(solo(SoloMode::Champion, difficulty, AutomaDeck::Solo), 1);
        assert_eq!(gear(&s.player(0)), expected, "{difficulty:?}");
        assert_eq!(s.view().tournament.kind, TournamentKind::JoustAPlaisance);
    }
}

// ---------------------------------------------------------------------------
// 8. Whole games, recorded and replayed
// ---------------------------------------------------------------------------

/// Plays a solo game to the end with a seeded driver: chance by weight,
/// the player greedy on the game's own evaluation. Only the solo seat is
/// ever asked to decide.
fn play_out(cfg: Config, seed: u64) -> (Session<Glory>, Vec<TournamentKind>) {
    let mut session =
        Session::<Glory>::new(cfg, vec!["Solo".to_string()], Some(seed)).expect("setup");
    let mut rng = GameRng::seed_from_u64(seed);
    let mut buf = Vec::new();
    let mut legal = Vec::new();
    // The kind of each round's tournament, as the view shows it.
    let mut kinds = Vec::new();
    for _ in 0..200_000 {
        let state = session.state();
        let view = state.view(None);
        if view.stage == "tournament" && kinds.len() < usize::from(view.round) {
            kinds.push(view.tournament.kind);
        }
        match state.to_move() {
            ToMove::Over(_) => return (session, kinds),
            ToMove::Chance => {
                session
                    .sample_chance(&mut rng, &mut buf)
                    .expect("a listed outcome");
            }
            ToMove::Seats(seats) => {
                assert_eq!(
                    seats,
                    SeatSet::single(Seat(0)),
                    "only the solo seat decides"
                );
                legal.clear();
                state.legal_actions(Seat(0), &mut legal);
                // Greedy-ish: the action whose result the game rates best
                // for the solo seat (one step ahead), ties broken at random.
                assert!(!legal.is_empty(), "the solo seat has something to do");
                let mut best = (f64::MIN, 0u32, legal[0]);
                for &a in &legal {
                    let mut next = state.clone();
                    next.apply(Seat(0), &a).expect("a listed action");
                    let key = (
                        next.evaluate(Seat(0), &mut Default::default()),
                        rng.next_u32(),
                        a,
                    );
                    if (key.0, key.1) > (best.0, best.1) {
                        best = key;
                    }
                }
                let a = best.2;
                session.apply(Seat(0), a).expect("a listed action");
            }
        }
    }
    panic!("the game did not end");
}

/// One recorded game per mode: it ends, its verdict is the mode's
/// condition read off the final view, and the record replays to the same
/// state and outcome.
#[test]
fn a_whole_game_in_each_mode_ends_and_replays() {
    for (cfg, seed) in [(champion(), 11), (score(), 12), (rivalry(), 13)] {
        let mode = cfg.solo.expect("a solo config").mode;
        let (session, kinds) = play_out(cfg, seed);
        let final_view = session.state().view(None);
        let solo = final_view.solo.clone().unwrap();
        let me = final_view.players[0].glory;
        let otto = final_view.players[1].glory;
        let won = match mode {
            SoloMode::Champion => solo.trophies >= 3,
            SoloMode::Score => me >= solo.target.unwrap(),
            SoloMode::Rivalry => me > otto,
        };
        let outcome = session.outcome().expect("the game is over");
        let expected = if won {
            SeatSet::single(Seat(0))
        } else {
            SeatSet::EMPTY
        };
        assert_eq!(
            outcome.winners, expected,
            "{mode:?}: {me} glory, Otto {otto}"
        );
        assert_eq!(final_view.stage, "over");
        match mode {
            SoloMode::Champion => {
                assert_eq!(kinds, [TournamentKind::JoustAPlaisance; 3]);
            }
            SoloMode::Score => {
                assert_eq!(kinds, Config::default().tournaments);
                assert_eq!(otto, OTTO_START, "Otto never scores");
            }
            SoloMode::Rivalry => {
                assert_eq!(kinds, Config::default().tournaments);
                assert!(otto > OTTO_START, "Otto scored");
            }
        }

        let record = session.record();
        let text = serde_json::to_string(&record).expect("the record serializes");
        let record: GameRecord = serde_json::from_str(&text).expect("the record reads back");
        assert_eq!(record.outcome, Some(outcome));
        let replayed = Session::<Glory>::replay(&record).expect("the record replays");
        assert_eq!(replayed.state(), session.state(), "{mode:?}");
        assert_eq!(replayed.outcome(), Some(outcome));
    }
}

// ---------------------------------------------------------------------------
// How far the player stands from the goal
// ---------------------------------------------------------------------------

fn progress(s: &Script) -> String {
    s.view().solo.expect("a solo game").progress
}

#[test]
fn score_mode_counts_the_glory_still_to_go() {
    // Medium: a target of 75 glory.
    let mut s = Script::started(score(), 1);
    s.set(0, "glory", json!(52));
    assert_eq!(progress(&s), "52 of the 75 glory needed: 23 to go");
    s.set(0, "glory", json!(75));
    assert_eq!(progress(&s), "75 glory: the target of 75 is reached");
    s.set(0, "glory", json!(81));
    assert_eq!(progress(&s), "81 glory: the target of 75 is reached");
}

#[test]
fn rivalry_mode_compares_glory_with_ottos() {
    let mut s = Script::started(rivalry(), 1);
    s.set(0, "glory", json!(30)).set(1, "glory", json!(34));
    assert_eq!(progress(&s), "30 glory against Otto's 34: 4 behind");
    s.set(0, "glory", json!(40));
    assert_eq!(progress(&s), "40 glory against Otto's 34: 6 ahead");
    s.set(0, "glory", json!(34));
    assert_eq!(
        progress(&s),
        "34 glory against Otto's 34: level (a tie is not enough)"
    );
}

#[test]
fn champion_mode_counts_trophies_and_says_when_a_loss_ends_the_hope() {
    let mut s = Script::started(champion(), 1);
    assert_eq!(progress(&s), "0 of 3 won so far");
    // Round 2: the first Joust à Plaisance is over.
    s.patch(|v| {
        v["round"] = json!(2);
        v["solo"]["trophies"] = json!(1);
    });
    assert_eq!(progress(&s), "1 of 3 won so far");
    s.patch(|v| v["solo"]["trophies"] = json!(0));
    assert_eq!(
        progress(&s),
        "0 of 3 won; a Joust à Plaisance was lost, so the goal can no longer be met"
    );
    // The terminal shows the same line.
    let drawn = s.view().to_string();
    assert!(
        drawn.contains(
            "So far: 0 of 3 won; a Joust à Plaisance was lost, so the goal can no longer be met"
        ),
        "{drawn}"
    );
}

// ---------------------------------------------------------------------------
// Champion: how a bot values the jousts to come
// ---------------------------------------------------------------------------

/// Champion mode's evaluation is the chance of winning the Joust à
/// Plaisance tournaments still to come, from the dice a player would roll:
/// Strength and better gear raise it, a lost tournament ends it.
#[test]
fn champion_evaluation_rises_with_strength_and_gear_and_ends_with_a_loss() {
    let mut s = Script::started(champion(), 1);
    s.auto_until(|s| s.view().stage == "actions" && s.on_move() == Some(0));
    bare_player(&mut s, 10);
    let value = |s: &Script| s.game.evaluate(Seat(0), &mut ());
    let bare = value(&s);
    s.patch(|v| v["players"][0]["strength"] = json!(6));
    let strong = value(&s);
    s.patch(|v| v["players"][0]["mount"] = json!(3));
    let mounted = value(&s);
    s.patch(|v| v["players"][0]["faith"] = json!(3));
    let pious = value(&s);
    assert!(
        0.0 < bare && bare < strong && strong < mounted && mounted < pious && pious < 1.0,
        "{bare} {strong} {mounted} {pious}"
    );
    // Round 2 with no trophy: the first joust was lost, the goal is gone.
    s.patch(|v| v["round"] = json!(2));
    assert_eq!(value(&s), 0.0);
    // With it won, a third of the goal is in hand.
    s.patch(|v| v["solo"]["trophies"] = json!(1));
    assert!(value(&s) > 1.0 / 3.0, "{}", value(&s));
}

/// On the ladder the evaluation follows the player's own path: the same
/// ladder is worth more with a weak Noble in the first duel than with a
/// Champion there.
#[test]
fn champion_evaluation_reads_the_knights_on_the_players_path() {
    let mut s = Script::started(champion(), 1);
    s.auto_until(|s| s.view().stage == "tournament");
    bare_player(&mut s, 10);
    s.patch(|v| v["players"][0]["strength"] = json!(8));
    let with_first = |s: &mut Script, first: &'static str| {
        s.patch(|v| {
            lay_ladder(
                v,
                [
                    L::Solo,
                    L::K(first),
                    L::K("Dobiesław Puchała"),
                    L::K("David Mathew"),
                    L::K("John Talbot"),
                    L::K("Álvaro Vaz de Almada"),
                    L::K("Henry V of England"),
                    L::K("Jan van Borssele"),
                ],
            )
        });
        s.game.evaluate(Seat(0), &mut ())
    };
    let weak = with_first(&mut s, "Dietrich von Kottulin");
    let strong = with_first(&mut s, "Jean II Le Maingre");
    assert!(0.0 < strong && strong < weak, "{strong} {weak}");
    // Attack 12 with prestige 2: level II gear and no prestige can at
    // best draw level with Jacques de Lalaing, and lose the tie.
    assert_eq!(with_first(&mut s, "Jacques de Lalaing"), 0.0);
}
