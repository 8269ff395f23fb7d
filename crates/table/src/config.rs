//! A game's options: what a player gives (a file, a form, a JSON body)
//! merged over the game's defaults, then checked by the game itself, so an
//! option it refuses is refused in the game's own words.

use serde_json::Value;
use tourney_core::{CreateError, GameEntry};

/// The config for a table of `seats`: the defaults, overridden key by key by
/// `overrides` (a JSON object), with every option spelled out.
pub fn with_defaults(
    entry: &GameEntry,
    overrides: Value,
    seats: usize,
) -> Result<Value, CreateError> {
    if !overrides.is_object() {
        return Err(CreateError::Config(
            "a config is a table of options (a JSON object)".to_string(),
        ));
    }
    let mut config = (entry.default_config)();
    merge(&mut config, overrides);
    (entry.check_config)(&config, seats)
}

/// Objects merge key by key; anything else replaces.
pub fn merge(base: &mut Value, overrides: Value) {
    match (base, overrides) {
        (Value::Object(base), Value::Object(overrides)) => {
            for (key, value) in overrides {
                match base.get_mut(&key) {
                    Some(slot) => merge(slot, value),
                    None => {
                        base.insert(key, value);
                    }
                }
            }
        }
        (slot, value) => *slot = value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn overrides_merge_into_defaults() {
        let mut base = json!({"a": 1, "table": {"x": 1, "y": 2}});
        merge(&mut base, json!({"table": {"y": 5}, "b": true}));
        assert_eq!(base, json!({"a": 1, "b": true, "table": {"x": 1, "y": 5}}));
    }

    #[test]
    fn the_game_checks_what_it_is_given() {
        let joust = crate::catalog::find("joust").unwrap().entry;
        let config = with_defaults(&joust, json!({"target_points": 15}), 2).unwrap();
        assert_eq!(config["target_points"], json!(15));
        let unknown = with_defaults(&joust, json!({"colour": "red"}), 2).unwrap_err();
        assert!(unknown.to_string().contains("colour"), "{unknown}");
        let not_object = with_defaults(&joust, json!([1]), 2).unwrap_err();
        assert!(
            not_object.to_string().contains("JSON object"),
            "{not_object}"
        );
    }
}
