//! Small helpers for the sentences games write into logs and menus.

/// The indefinite article for `word`: "an" before a vowel sound, else "a".
///
/// Component names in our games start with a plain vowel when they need
/// "an" (Orb, Armor, Amulet, Ambush), so looking at the first letter is
/// enough; there are no "hour"- or "unicorn"-like exceptions to handle.
///
/// ```
/// use tourney_core::text::a_or_an;
/// assert_eq!(format!("{} Orb", a_or_an("Orb")), "an Orb");
/// assert_eq!(format!("{} Mount die", a_or_an("Mount")), "a Mount die");
/// ```
pub fn a_or_an(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

#[cfg(test)]
mod tests {
    use super::a_or_an;

    #[test]
    fn vowels_take_an() {
        for w in ["Armor", "amulet", "Orb", "Emissary", "Ink", "Umbrella"] {
            assert_eq!(a_or_an(w), "an", "{w}");
        }
        for w in ["Strength", "Mount", "Ring", "", "1"] {
            assert_eq!(a_or_an(w), "a", "{w}");
        }
    }
}
