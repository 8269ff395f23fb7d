//! The JSON Schemas of a game's wire types: what a client is sent (the
//! view, the events, the components) and what it sends (an action, a
//! config). The server puts them into its OpenAPI document and the browser's
//! TypeScript declarations are generated from them, so the client's idea of
//! a view cannot drift from the Rust type that writes it.

use crate::Game;
use schemars::generate::SchemaSettings;
use serde_json::{Map, Value};

/// The roles a game's wire types play, in the order documents list them.
pub const ROLES: [&str; 5] = ["View", "Action", "Event", "Config", "Components"];

/// One game's schemas: a schema per role (usually a `$ref` into
/// `definitions`), and every named type they use, keyed by type name.
/// References read `#/$defs/<name>`.
#[derive(Debug, Clone, PartialEq)]
pub struct GameSchemas {
    /// `(role, schema)` for each of [`ROLES`], in that order.
    pub roles: Vec<(&'static str, Value)>,
    /// Every named type, sorted by name.
    pub definitions: Map<String, Value>,
}

impl GameSchemas {
    /// The schemas of game `G`, in JSON Schema 2020-12.
    pub fn of<G: Game>() -> GameSchemas {
        let mut generator = SchemaSettings::draft2020_12().into_generator();
        let schemas = [
            generator.subschema_for::<G::View>(),
            generator.subschema_for::<G::Action>(),
            generator.subschema_for::<G::Event>(),
            generator.subschema_for::<G::Config>(),
            generator.subschema_for::<G::Components>(),
        ];
        let roles = ROLES
            .into_iter()
            .zip(schemas.map(|s| s.to_value()))
            .collect();
        let mut definitions: Vec<(String, Value)> =
            generator.take_definitions(true).into_iter().collect();
        definitions.sort_by(|a, b| a.0.cmp(&b.0));
        GameSchemas {
            roles,
            definitions: definitions.into_iter().collect(),
        }
    }

    /// The same schemas with every `#/$defs/<name>` reference pointing to
    /// `<prefix><name>` instead, for a document that holds many games.
    pub fn with_refs_under(&self, prefix: &str) -> GameSchemas {
        let mut out = self.clone();
        for (_, schema) in &mut out.roles {
            repoint(schema, prefix);
        }
        for schema in out.definitions.values_mut() {
            repoint(schema, prefix);
        }
        out
    }
}

fn repoint(schema: &mut Value, prefix: &str) {
    match schema {
        Value::Object(map) => {
            for (key, value) in map.iter_mut() {
                match value {
                    Value::String(target) if key == "$ref" => {
                        if let Some(name) = target.strip_prefix("#/$defs/") {
                            *target = format!("{prefix}{name}");
                        }
                    }
                    _ => repoint(value, prefix),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| repoint(v, prefix)),
        _ => {}
    }
}

/// Implements `JsonSchema` for a type whose own `Serialize` writes it the
/// way `$written` is written (a bit set as the list of ids it holds, a cell
/// as the number on the map), so its schema says what the JSON really looks
/// like.
#[macro_export]
macro_rules! schema_as {
    ($type:ty, $written:ty) => {
        impl $crate::schemars::JsonSchema for $type {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                stringify!($type).into()
            }

            fn json_schema(
                generator: &mut $crate::schemars::SchemaGenerator,
            ) -> $crate::schemars::Schema {
                <$written as $crate::schemars::JsonSchema>::json_schema(generator)
            }

            fn inline_schema() -> bool {
                true
            }
        }
    };
}
