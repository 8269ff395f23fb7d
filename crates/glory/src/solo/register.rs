//! Where Otto registers for a tournament (Rivalry mode), with the Herald
//! action or in the Registration phase.
//!
//! Between knights (and Otto is one) a duel needs no dice: the higher glory
//! value wins, then the higher prestige, then the knight on the left. So
//! Otto can tell which knights he is *certain* to beat, and which are
//! certain to beat him; only the player, and spaces still empty, are
//! uncertain.
//!
//! **Joust à Plaisance.** Otto looks along the path each free lower-row
//! space gives him, duel by duel: the opponent of each duel is the certain
//! winner of the neighbouring part of the ladder, if it holds only knights.
//! He prefers, in this order:
//! 1. the most duels he is certain to win;
//! 2. a path that does not then run into a knight certain to beat him;
//! 3. the most glory from the knights he is certain to beat;
//! 4. not meeting the player where his certain path ends;
//! 5. the rightmost space.
//!
//! So he never sits next to a lower-row knight who beats him when he has a
//! choice, faces a weaker knight rather than the player, and aims his
//! second duel at a knight he beats rather than at the player.
//!
//! **Pas d'Armes.** The knight with the most glory he is certain to beat,
//! in a town where the player has no coat of arms (Herald) or where he is
//! not yet registered (Registration). A knight keeps his place on a tie.

use super::{OTTO, PLAYER};
use crate::content::{self, KnightTile};
use crate::state::{Glory, KNIGHT, NONE, SeatSlot, entrant_code, knight_entrant};
use std::cmp::Ordering;

/// One lower-row space of a Joust à Plaisance, as Otto sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entrant {
    /// Nobody yet: the player or an added knight may still come.
    Empty,
    /// The solo player.
    Player,
    /// A knight with his (glory, prestige).
    Knight(u8, u8),
}

/// The result of a part of the ladder when it holds only knights.
fn certain_winner(block: &[Entrant]) -> Option<(u8, u8)> {
    let mut best: Option<(u8, u8)> = None;
    // Pairwise from the left: a left knight keeps a tie, so the first of
    // the strongest wins.
    for e in block {
        match *e {
            Entrant::Knight(g, p) => {
                if best.is_none_or(|b| (g, p) > b) {
                    best = Some((g, p));
                }
            }
            _ => return None,
        }
    }
    best
}

/// What one candidate space promises Otto; compared field by field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Path {
    certain_wins: u8,
    not_doomed: bool,
    glory: u16,
    avoids_player: bool,
    space: u8,
}

fn path(ladder: &[Entrant; 8], space: u8, otto: (u8, u8)) -> Path {
    let s = usize::from(space);
    let mut p = Path {
        certain_wins: 0,
        not_doomed: true,
        glory: 0,
        avoids_player: true,
        space,
    };
    for level in 0..3 {
        let size = 1usize << level;
        let start = ((s >> level) ^ 1) << level;
        let block = ladder
            .get(start..start.saturating_add(size))
            .unwrap_or_default();
        let Some(rival) = certain_winner(block) else {
            p.avoids_player = !block.contains(&Entrant::Player);
            break;
        };
        let otto_left = (s >> level) & 1 == 0;
        let wins = match otto.cmp(&rival) {
            Ordering::Greater => true,
            Ordering::Equal => otto_left,
            Ordering::Less => false,
        };
        if !wins {
            p.not_doomed = false;
            break;
        }
        p.certain_wins = p.certain_wins.saturating_add(1);
        p.glory = p.glory.saturating_add(u16::from(rival.0));
    }
    p
}

/// The lower-row space Otto takes in a Joust à Plaisance ladder, given
/// his (glory, prestige); `None` when every space is taken.
pub fn joust_space(ladder: &[Entrant; 8], otto: (u8, u8)) -> Option<u8> {
    (0..8u8)
        .zip(ladder)
        .filter(|&(_, e)| *e == Entrant::Empty)
        .map(|(s, _)| path(ladder, s, otto))
        .max()
        .map(|p| p.space)
}

/// The Pas d'Armes space Otto challenges: `knights[s]` is the (glory,
/// prestige) of the knight on space `s` still open to a challenger, and
/// `allowed` marks the towns (bit per town) he may enter.
pub fn pas_space(knights: &[Option<(u8, u8)>; 9], allowed: u8, otto: (u8, u8)) -> Option<u8> {
    let mut best: Option<(u8, u8)> = None;
    for (s, &k) in (0..9u8).zip(knights) {
        let Some(k) = k else {
            continue;
        };
        let town_ok = allowed & (1 << (s / 3)) != 0;
        if town_ok && otto > k && best.is_none_or(|(_, g)| k.0 > g) {
            best = Some((s, k.0));
        }
    }
    best.map(|(s, _)| s)
}

impl Glory {
    /// Where Otto registers now, if anywhere: `herald` for the Herald
    /// action, else the Registration phase.
    pub(crate) fn otto_entry(&self, herald: bool) -> Option<u8> {
        if !self.rivalry() {
            return None;
        }
        let otto = self.otto_key();
        if self.is_joust() {
            if self.tourney.ladder[..8].contains(&entrant_code(OTTO)) {
                return None;
            }
            let mut ladder = [Entrant::Empty; 8];
            for (slot, &e) in ladder.iter_mut().zip(&self.tourney.ladder[..8]) {
                *slot = match e {
                    NONE => Entrant::Empty,
                    e if e >= KNIGHT => knight_entrant(e)
                        .and_then(content::knight)
                        .map_or(Entrant::Empty, |t| Entrant::Knight(t.glory, t.prestige)),
                    _ => Entrant::Player,
                };
            }
            return joust_space(&ladder, otto);
        }
        let mut knights = [None; 9];
        let mut allowed = 0u8;
        for town in 0..3usize {
            let challengers = self.tourney.town_challengers(town);
            let (player, otto) = (SeatSlot::of(PLAYER), SeatSlot::of(OTTO));
            let open = if herald {
                !challengers.contains(&player) && !challengers.contains(&otto)
            } else {
                !challengers.contains(&otto)
            };
            if open {
                allowed |= 1 << town;
            }
        }
        for (s, k) in knights.iter_mut().enumerate() {
            let knight = self.tourney.knight_on(s);
            if knight != NONE && self.tourney.challenger_on(s).is_empty() {
                *k = content::knight(knight).map(KnightTile::standing);
            }
        }
        pas_space(&knights, allowed, otto)
    }

    /// Registration phase: Otto registers where the rules place him.
    pub(crate) fn otto_registers(&mut self, ev: &mut crate::events::Sink) {
        if let Some(slot) = self.otto_entry(false) {
            self.register(OTTO, slot, ev);
        }
    }

    /// The log's word on where Otto registered between `self` and `after`
    /// (one step later), or `None`. His Registration-phase entries are
    /// made by rule inside another seat's step, so without this the log
    /// would never mention them; a Herald card says so itself.
    pub(crate) fn otto_registered_text(&self, after: &Glory) -> Option<String> {
        // A new tournament card: whatever Otto held before is gone.
        let same = self.tourney.card == after.tourney.card;
        let joust = after.is_joust();
        let otto_on = |g: &Glory, i: usize| {
            if joust {
                g.tourney.ladder[..8].get(i) == Some(&entrant_code(OTTO))
            } else {
                g.tourney.challenger.get(i) == Some(&SeatSlot::of(OTTO))
            }
        };
        let len = if joust {
            8
        } else {
            after.tourney.challenger.len()
        };
        let spaces: Vec<String> = (0..len)
            .filter(|&i| otto_on(after, i) && !(same && otto_on(self, i)))
            .map(|i| after.space_text(i as u8))
            .collect();
        // Worded as his `registered` event is told.
        let verb = if joust {
            "registers on"
        } else {
            "registers to challenge"
        };
        (!spaces.is_empty()).then(|| format!("Otto {verb} {}", spaces.join(" and ")))
    }

    /// A duel between Otto and a knight needs no dice: `Some(true)` when
    /// Otto wins. `otto_left` breaks a full tie in his favour (the Joust à
    /// Plaisance ladder); in a Pas d'Armes the knight keeps a tie.
    pub(crate) fn otto_beats(&self, knight: u8, otto_left: bool) -> bool {
        let Some(k) = content::knight(knight).map(KnightTile::standing) else {
            return true;
        };
        match self.otto_key().cmp(&k) {
            Ordering::Greater => true,
            Ordering::Equal => otto_left,
            Ordering::Less => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Entrant::{Empty, Knight, Player};
    use super::*;

    /// Otto as the medium tile: glory 5, prestige 2.
    const OTTO_MEDIUM: (u8, u8) = (5, 2);

    #[test]
    fn never_next_to_a_knight_certain_to_beat_him() {
        // Champions (7) on 0, 2, 4, 6; Otto can only sit on the odd spaces,
        // each next to a champion, except 7 whose neighbour is a Noble.
        let ladder = [
            Knight(7, 2),
            Empty,
            Knight(7, 2),
            Empty,
            Knight(7, 2),
            Empty,
            Knight(2, 1),
            Empty,
        ];
        assert_eq!(joust_space(&ladder, OTTO_MEDIUM), Some(7));
    }

    #[test]
    fn a_weaker_knight_rather_than_the_player() {
        // Space 1 faces the player, space 3 a Noble: Otto takes 3.
        let ladder = [
            Player,
            Empty,
            Knight(2, 0),
            Empty,
            Knight(7, 2),
            Knight(7, 1),
            Knight(7, 2),
            Knight(6, 1),
        ];
        assert_eq!(joust_space(&ladder, OTTO_MEDIUM), Some(3));
    }

    #[test]
    fn the_second_duel_counts_and_glory_decides() {
        // Left half: weak knights everywhere (Otto wins two duels, 2 + 3
        // glory at space 1 … ). Right half: a Noble next to space 5 but a
        // champion pair behind it. Otto goes left; among the left spaces,
        // space 3 (beat 3, then the winner of 0-1: 4) gives the most glory.
        let ladder = [
            Knight(4, 1),
            Knight(2, 0),
            Knight(3, 0),
            Empty,
            Knight(2, 0),
            Empty,
            Knight(7, 2),
            Knight(6, 2),
        ];
        // Space 3: beats 3, then 4 (winner of 0-1) = 2 wins, 7 glory, then
        // faces the right half's uncertain block.
        // Space 5: beats 2, then loses to 7: one win, doomed.
        assert_eq!(joust_space(&ladder, OTTO_MEDIUM), Some(3));
    }

    #[test]
    fn equal_paths_go_to_the_rightmost_space() {
        let ladder = [Empty; 8];
        assert_eq!(joust_space(&ladder, OTTO_MEDIUM), Some(7));
        let ladder = [
            Knight(1, 0),
            Empty,
            Empty,
            Empty,
            Empty,
            Empty,
            Knight(1, 0),
            Empty,
        ];
        // Spaces 1 and 7 both give one certain win worth 1: the rightmost.
        assert_eq!(joust_space(&ladder, OTTO_MEDIUM), Some(7));
    }

    #[test]
    fn a_tie_is_won_from_the_left() {
        // A knight equal to Otto on space 1: from space 0 Otto is on his
        // left and wins the tie.
        let ladder = [
            Empty,
            Knight(5, 2),
            Knight(7, 2),
            Knight(7, 2),
            Knight(7, 2),
            Knight(7, 2),
            Knight(7, 2),
            Empty,
        ];
        // Space 0: beats the equal knight (left), then a champion: 1 win.
        // Space 7: right of a champion: doomed at once.
        assert_eq!(joust_space(&ladder, OTTO_MEDIUM), Some(0));
    }

    #[test]
    fn full_ladder_has_no_space() {
        let ladder = [Knight(1, 0); 8];
        assert_eq!(joust_space(&ladder, OTTO_MEDIUM), None);
    }

    #[test]
    fn pas_d_armes_takes_the_best_knight_he_surely_beats() {
        let mut knights = [None; 9];
        knights[0] = Some((6, 2)); // too strong
        knights[1] = Some((4, 2)); // beaten
        knights[4] = Some((5, 1)); // beaten, more glory
        knights[7] = Some((5, 2)); // a tie: the knight keeps it
        assert_eq!(pas_space(&knights, 0b111, OTTO_MEDIUM), Some(4));
        // Town 1 (Paris) barred: the best left is in Florence.
        assert_eq!(pas_space(&knights, 0b101, OTTO_MEDIUM), Some(1));
        // Only Munich allowed: nobody he is certain to beat.
        assert_eq!(pas_space(&knights, 0b100, OTTO_MEDIUM), None);
    }
}
