//! The part of every `impl Game` that only hands a call on to the rules.
//!
//! A game crate keeps each rule in its own module (`flow`, `chance`, `view`,
//! `describe`) under one set of inner names, documented in
//! docs/architecture.md. Rust allows a single `impl Game` block per type, so
//! `game.rs` has to forward the trait's methods to those modules; written by
//! hand, those forwarding methods were the same sixty lines in every crate.

/// Writes, inside an `impl Game for ...` block, the trait methods that only
/// forward to the game's inner methods of the same meaning:
///
/// | `Game` method              | inner method                 |
/// |----------------------------|------------------------------|
/// | `seats`                    | `seat_count()`               |
/// | `to_move`                  | `on_move()`                  |
/// | `legal_actions`            | `list_actions(seat, out)`    |
/// | `chance_outcomes`          | `list_outcomes(out)`         |
/// | `apply_with_events`        | `act(seat, action, ev)`      |
/// | `apply_chance_with_events` | `chance(outcome, ev)`        |
/// | `view`                     | `make_view(seat)`            |
/// | `determinize`              | `determinized(seat, rng)`    |
/// | `describe_action`          | `action_text(seat, action)`  |
/// | `describe_done`            | `done_text(seat, action)`    |
/// | `describe_chance_step`     | `chance_step_text()`         |
/// | `describe_chance`          | `chance_text(outcome)`       |
///
/// The inner methods take the trait's own argument types. A game whose rules
/// live in a field of a wrapper type names that field: `forward_rules!(.0)`
/// calls `self.0.on_move()` and so on (its `determinized` then returns the
/// wrapper). What a game decides itself stays written out in its `game.rs`,
/// where a reader looks for it: `new`, which steps are done in the open, and
/// `chance_step_series` where a game has runs of like steps.
#[macro_export]
macro_rules! forward_rules {
    ($($field:tt)*) => {
        fn seats(&self) -> usize {
            self $($field)* .seat_count()
        }

        fn to_move(&self) -> $crate::ToMove {
            self $($field)* .on_move()
        }

        fn legal_actions(&self, seat: $crate::Seat, out: &mut ::std::vec::Vec<Self::Action>) {
            self $($field)* .list_actions(seat, out)
        }

        fn chance_outcomes(&self, out: &mut ::std::vec::Vec<(Self::Chance, $crate::Weight)>) {
            self $($field)* .list_outcomes(out)
        }

        fn apply_with_events(
            &mut self,
            seat: $crate::Seat,
            action: &Self::Action,
            events: &mut $crate::Events<Self::Event>,
        ) -> ::std::result::Result<(), $crate::RuleError> {
            self $($field)* .act(seat, action, events)
        }

        fn apply_chance_with_events(
            &mut self,
            outcome: &Self::Chance,
            events: &mut $crate::Events<Self::Event>,
        ) -> ::std::result::Result<(), $crate::RuleError> {
            self $($field)* .chance(outcome, events)
        }

        fn view(&self, seat: ::std::option::Option<$crate::Seat>) -> Self::View {
            self $($field)* .make_view(seat)
        }

        fn determinize(&self, seat: $crate::Seat, rng: &mut $crate::GameRng) -> Self {
            self $($field)* .determinized(seat, rng)
        }

        fn describe_action(&self, seat: $crate::Seat, action: &Self::Action) -> ::std::string::String {
            self $($field)* .action_text(seat, action)
        }

        fn describe_done(&self, seat: $crate::Seat, action: &Self::Action) -> ::std::string::String {
            self $($field)* .done_text(seat, action)
        }

        fn describe_chance_step(&self) -> ::std::string::String {
            self $($field)* .chance_step_text()
        }

        fn describe_chance(&self, outcome: &Self::Chance) -> ::std::string::String {
            self $($field)* .chance_text(outcome)
        }
    };
}
