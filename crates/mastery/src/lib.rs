//! Medieval Mastery (work in progress).
