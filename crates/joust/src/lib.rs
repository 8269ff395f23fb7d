//! Card Joust (work in progress).
