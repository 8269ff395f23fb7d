//! The rulebook's combat example (page 13), rebuilt step by step: six
//! attacking knights against a City held by five, the Sceptre of Rage, the
//! destroyed Sceptre of Defiance, Conflict cards 5 against 3, Support cards,
//! 14 against 12, the Orb of Savagery and the conquest.

mod common;

use common::*;
use tourney_core::ToMove;
use tourney_mastery::{Action, Config, RelicKind};

#[test]
fn the_rulebook_combat_example() {
    let relics = [
        ["crown_of_vitality", "sceptre_of_rage", "orb_of_savagery"],
        ["crown_of_insight", "sceptre_of_defiance", "orb_of_resolve"],
    ];
    let mut s = Script::ready(Config::default(), 2, &relics, 0);
    // The defender holds a City (territory 5, next to the attacker's
    // homeland 2) with 5 knights; the attacker has 6 knights in the castle.
    s.tile(5, "city_3").knights(5, Some(1), 5).castle(0, 6);
    s.cards(0, &[Destroy, Conflict5, HeroicEffort2, Conflict2], &[]);
    s.cards(1, &[Conflict3, HeroicEffort1, HeroicEffort2], &[]);
    let castle_1 = s.castle_of(1);

    s.march(0, 5, 6);
    // 1. The City's effect: the defender +1 (attacker 6, defender 6).
    assert_eq!(s.values(), [6, 6]);
    assert_eq!(s.view().combat.unwrap().step, "drawing");

    // 2. Both draw up to five cards (the attacker one, the defender two).
    s.draw(&[Conflict3]).draw(&[Conflict4, Summon]);
    assert_eq!(s.hand(0).len(), 5);
    assert_eq!(s.hand(1).len(), 5);
    s.act(0, Action::Continue);

    // 3. The attacker destroys the defender's Sceptre of Defiance; the
    // defender, asked next, has no Destroy in hand and passes. The
    // attacker's Sceptre of Rage applies (attacker 7, defender 6).
    assert_eq!(s.on_move(), vec![0]);
    s.act(0, Action::Destroy(relic(1, RelicKind::Sceptre)));
    assert!(!s.face_up(1, RelicKind::Sceptre));
    assert_eq!(s.legal(1), vec![Action::Pass]);
    s.act(1, Action::Pass);
    assert_eq!(s.values(), [7, 6]);

    // 4. Conflict cards face down, revealed together: 5 and 3 (12 and 9).
    assert_eq!(s.on_move(), vec![0, 1]);
    s.act(0, Action::Conflict(Conflict5));
    let hidden = s.view_of(1).combat.unwrap().conflict[0].clone();
    assert_eq!((hidden.state, hidden.card), ("face_down", None));
    s.act(1, Action::Conflict(Conflict3));
    assert_eq!(s.values(), [12, 9]);

    // 5. Support cards, the lower value first, in turns: defender +1,
    // attacker +2, defender +2; then neither has a Support card left.
    assert_eq!(s.on_move(), vec![1]);
    s.act(1, Action::Support(HeroicEffort1));
    s.act(0, Action::Support(HeroicEffort2));
    s.act(1, Action::Support(HeroicEffort2));
    assert_eq!(s.values(), [14, 12]);
    assert_eq!(s.legal(0), vec![Action::Pass]);
    s.act(0, Action::Pass);
    assert_eq!(s.legal(1), vec![Action::Pass]);
    s.act(1, Action::Pass);

    // 6. 14 against 12: the attacker wins by 2.
    let combat = s.view().combat.unwrap();
    assert_eq!(
        (combat.winner.map(|w| w.0), combat.margin),
        (Some(0), Some(2))
    );

    // 7. Nobody destroys the Orb of Savagery (the defender, who might hold
    // Destroy, passes); the defender's Orb of Resolve does not apply.
    assert_eq!(s.on_move(), vec![1]);
    assert_eq!(s.legal(1), vec![Action::Pass]);
    s.act(1, Action::Pass);

    // 8. and 9. Savagery takes one knight, the difference two more; the
    // defender's other two retreat to its castle. The attacker conquers
    // the City and places one more knight in its castle.
    assert_eq!(
        s.to_move(),
        ToMove::Seats(tourney_core::SeatSet::single(tourney_core::Seat(0)))
    );
    assert_eq!(s.at(5), (Some(0), 6));
    assert_eq!(s.castle_of(1), castle_1 + 2);
    assert_eq!(s.castle_of(0), 1);
    assert!(s.view().combat.is_none());
    // Every card played went to its owner's discard pile.
    assert_eq!(
        s.view().seats[0].discard,
        vec![Conflict5, HeroicEffort2, Destroy]
    );
    assert_eq!(
        s.view().seats[1].discard,
        vec![Conflict3, HeroicEffort1, HeroicEffort2]
    );
    // Two homelands and the City.
    assert_eq!(s.points(0), 5);
}
