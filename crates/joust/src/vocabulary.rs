//! The ids the views and actions use for the components named in
//! `data/card-joust.toml`, in table order. Both the build script (through
//! `#[path]`) and the library read this one list, and the library's tests
//! hold it to the serde names of [`Slot`](crate::Slot),
//! [`Mount`](crate::Mount), [`Lance`](crate::Lance) and
//! [`Injury`](crate::Injury), so the data file, the checks and the wire
//! agree on every id.

/// The five target slots of a knight, in the order cards are laid.
pub const SLOT_IDS: [&str; 5] = ["head", "body", "left_arm", "right_arm", "shield"];

/// The two mounts (the Jokers).
pub const MOUNT_IDS: [&str; 2] = ["ground", "flying"];

/// The two lances (the Aces).
pub const LANCE_IDS: [&str; 2] = ["war", "peace"];

/// The injuries a lance or a push can deal (`none` is no component).
pub const INJURY_IDS: [&str; 2] = ["minor", "major"];

/// The colours a suit may have.
pub const COLOURS: [&str; 2] = ["red", "black"];
