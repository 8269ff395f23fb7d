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

/// A count with its noun in the right number: "1 coin", "3 coins",
/// "0 coins". Every game writes its counts through this, so no log line
/// says "1 coins" or "card(s)" (a test scans bots' games for both).
///
/// Both forms are given, since English plurals are irregular ("1 die",
/// "2 dice"; "1 glory point", "2 glory points").
///
/// ```
/// use tourney_core::text::plural;
/// assert_eq!(plural(1, "die", "dice"), "1 die");
/// assert_eq!(plural(0u8, "coin", "coins"), "0 coins");
/// assert_eq!(plural(-1, "point", "points"), "-1 point");
/// ```
pub fn plural(n: impl Into<i64>, one: &str, many: &str) -> String {
    let n = n.into();
    let noun = if n.abs() == 1 { one } else { many };
    format!("{n} {noun}")
}

/// A list in prose: "a", "a and b", "a, b and c".
///
/// ```
/// use tourney_core::text::join_and;
/// assert_eq!(join_and(&["seat 1", "seat 3", "seat 4"]), "seat 1, seat 3 and seat 4");
/// ```
pub fn join_and<S: AsRef<str>>(parts: &[S]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

/// Whether a line holds a count in a wrong number: a "(s)" suffix or "1"
/// before a word ending in "s" ("1 coins"). For tests that scan logs;
/// words that end in "s" in the singular are listed in `singular_s`.
/// A "1" that numbers something ("Seat 1 rolls", "knight 1 leaves",
/// "round 1 begins") is a name, not a count, and is not judged.
///
/// ```
/// use tourney_core::text::miscounted;
/// assert_eq!(miscounted("took 1 wound(s)", &[]), Some("wound(s)".to_string()));
/// assert_eq!(miscounted("pays 1 coins", &[]), Some("1 coins".to_string()));
/// assert_eq!(miscounted("pays 1 coin, 11 coins", &[]), None);
/// assert_eq!(miscounted("Seat 1 discards 1 title", &[]), None);
/// assert_eq!(miscounted("1 Faith plus 1 Strength", &["Faith"]), None);
/// ```
pub fn miscounted(line: &str, singular_s: &[&str]) -> Option<String> {
    if let Some((before, _)) = line.split_once("(s)") {
        let word = before.rsplit_once(' ').map_or(before, |(_, word)| word);
        return Some(format!("{word}(s)"));
    }
    // An empty word first, so every word has one before its count.
    let words: Vec<&str> = std::iter::once("").chain(line.split_whitespace()).collect();
    let bare = |w: &str| -> String {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_ascii_lowercase()
    };
    words.windows(3).find_map(|window| {
        let &[before, count, word] = window else {
            return None;
        };
        let one = count.trim_start_matches(|c: char| !c.is_alphanumeric()) == "1"
            && !count.ends_with([',', ':', ';', '.', ')']);
        let named = NUMBERED.contains(&bare(before).as_str());
        let noun = word.trim_end_matches(|c: char| !c.is_alphanumeric());
        let plural_form = noun.len() > 1
            && noun.ends_with('s')
            && !noun.ends_with("ss")
            && noun.starts_with(|c: char| c.is_ascii_lowercase())
            && !singular_s.contains(&noun);
        (one && !named && plural_form).then(|| format!("1 {noun}"))
    })
}

/// Words a number follows as a name rather than a count.
const NUMBERED: &[&str] = &[
    "seat",
    "knight",
    "round",
    "clash",
    "pass",
    "card",
    "step",
    "space",
    "day",
    "turn",
    "game",
    "level",
    "player",
    "town",
    "row",
    "roll",
    "team",
    "cell",
    "territory",
    "castle",
    "wave",
];

#[cfg(test)]
mod tests {
    use super::{a_or_an, miscounted, plural};

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(plural(2u8, "card", "cards"), "2 cards");
        assert_eq!(plural(1u32, "wound", "wounds"), "1 wound");
        assert_eq!(plural(12, "glory point", "glory points"), "12 glory points");
    }

    #[test]
    fn miscounts_are_found_and_right_counts_are_not() {
        assert_eq!(
            miscounted("Seat 2 draws 2 card(s)", &[]),
            Some("card(s)".into())
        );
        assert_eq!(miscounted("rolls 1 ones", &[]), Some("1 ones".into()));
        assert_eq!(miscounted("(1 coins)", &[]), Some("1 coins".into()));
        for fine in [
            "rolls 1 one and 11 twos",
            "gains 1 glory point",
            "1 Faith",
            "has 1 pass left: 1 less",
            "1 hits",
        ] {
            assert_eq!(miscounted(fine, &["hits"]), None, "{fine}");
        }
    }

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
