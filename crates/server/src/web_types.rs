//! The browser's TypeScript declarations (`web/types/<game>.d.ts`), made
//! from each game's JSON Schemas ([`tourney_core::GameSchemas`]).
//!
//! The boards are plain ES modules checked by `tsc --checkJs`; their JSDoc
//! names these types, so a board that reads a field the Rust view does not
//! write fails the check. The test `web_types` fails when the files drift
//! from the Rust types, and rewrites them when `TOURNEY_WRITE_TYPES=1`.
//!
//! Only the shapes schemars writes are translated: objects, maps, lists,
//! tuples, string enums, constants, unions and references. Anything else
//! becomes `unknown`, which the check then makes a board handle.

use serde_json::{Map, Value};
use std::fmt::Write;
use tourney_core::{GameEntry, GameSchemas};

/// `(file name, contents)` for every game, in catalog order.
pub fn declarations() -> Vec<(String, String)> {
    tourney_table::catalog::all()
        .iter()
        .map(|kit| (format!("{}.d.ts", kit.name()), declaration(&kit.entry)))
        .collect()
}

/// One game's declaration file.
pub fn declaration(entry: &GameEntry) -> String {
    let schemas = (entry.schemas)();
    let mut out = format!(
        "// {}: the JSON shapes of its views, actions, events, config and\n\
         // components, generated from the Rust types (crates/server/src/web_types.rs).\n\
         // Do not edit: `TOURNEY_WRITE_TYPES=1 cargo test -p tourney-server --test web_types`\n\
         // rewrites this file.\n",
        entry.info.title
    );
    write_roles(&mut out, &schemas);
    for (name, schema) in &schemas.definitions {
        write_definition(&mut out, name, schema);
    }
    out
}

/// `export type View = …` for each role, unless a definition of the same
/// name already is that role's type.
fn write_roles(out: &mut String, schemas: &GameSchemas) {
    for (role, schema) in &schemas.roles {
        let body = ts_type(schema, 0);
        if body == *role {
            continue;
        }
        if schemas.definitions.contains_key(*role) {
            // A type of the game shares the role's name but is not it: name
            // the role apart so neither hides the other.
            let _ = writeln!(out, "\nexport type The{role} = {body};");
        } else {
            let _ = writeln!(out, "\nexport type {role} = {body};");
        }
    }
}

fn write_definition(out: &mut String, name: &str, schema: &Value) {
    out.push('\n');
    write_doc(out, schema, 0);
    let body = ts_type(schema, 0);
    let plain_object = schema.get("type").and_then(Value::as_str) == Some("object")
        && ["oneOf", "anyOf", "allOf"]
            .iter()
            .all(|k| schema.get(k).is_none());
    if plain_object && body.starts_with('{') {
        let _ = writeln!(out, "export interface {name} {body}");
    } else {
        let _ = writeln!(out, "export type {name} = {body};");
    }
}

fn write_doc(out: &mut String, schema: &Value, depth: usize) {
    let Some(text) = schema.get("description").and_then(Value::as_str) else {
        return;
    };
    let pad = "  ".repeat(depth);
    let text = text.replace("*/", "* /");
    let lines: Vec<&str> = text.lines().collect();
    if let [line] = lines.as_slice() {
        let _ = writeln!(out, "{pad}/** {line} */");
        return;
    }
    let _ = writeln!(out, "{pad}/**");
    for line in lines {
        let _ = writeln!(out, "{pad} * {line}").map(|_| ());
    }
    let _ = writeln!(out, "{pad} */");
}

/// The TypeScript for a schema, laid out for nesting `depth`.
fn ts_type(schema: &Value, depth: usize) -> String {
    let Some(map) = schema.as_object() else {
        // `true` allows anything; `false` nothing.
        return if schema == &Value::Bool(false) {
            "never".into()
        } else {
            "unknown".into()
        };
    };
    if let Some(target) = map.get("$ref").and_then(Value::as_str) {
        return target.rsplit('/').next().unwrap_or("unknown").to_string();
    }
    if let Some(value) = map.get("const") {
        return literal(value);
    }
    if let Some(values) = map.get("enum").and_then(Value::as_array) {
        return union(values.iter().map(literal).collect());
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(options) = map.get(key).and_then(Value::as_array) {
            let variants = union(options.iter().map(|o| variant(o, depth)).collect());
            return match own_shape(map, depth) {
                Some(shape) => format!("{shape} & ({variants})"),
                None => variants,
            };
        }
    }
    if let Some(parts) = map.get("allOf").and_then(Value::as_array) {
        return parts
            .iter()
            .map(|p| ts_type(p, depth))
            .collect::<Vec<_>>()
            .join(" & ");
    }
    own_shape(map, depth).unwrap_or_else(|| "unknown".into())
}

/// A union member, bracketed when it is itself a union or intersection.
fn variant(schema: &Value, depth: usize) -> String {
    let text = ts_type(schema, depth);
    if text.contains(" | ") || text.contains(" & ") {
        format!("({text})")
    } else {
        text
    }
}

/// The type the schema's `type` keyword (with its companions) describes.
fn own_shape(map: &Map<String, Value>, depth: usize) -> Option<String> {
    let kinds: Vec<&str> = match map.get("type")? {
        Value::String(kind) => vec![kind.as_str()],
        Value::Array(kinds) => kinds.iter().filter_map(Value::as_str).collect(),
        _ => return None,
    };
    let shapes = kinds
        .iter()
        .map(|kind| match *kind {
            "string" => "string".to_string(),
            "integer" | "number" => "number".to_string(),
            "boolean" => "boolean".to_string(),
            "null" => "null".to_string(),
            "array" => array(map, depth),
            "object" => object(map, depth),
            _ => "unknown".to_string(),
        })
        .collect();
    Some(union(shapes))
}

fn array(map: &Map<String, Value>, depth: usize) -> String {
    if let Some(items) = map.get("prefixItems").and_then(Value::as_array) {
        let items: Vec<String> = items.iter().map(|i| ts_type(i, depth)).collect();
        return format!("[{}]", items.join(", "));
    }
    match map.get("items") {
        Some(items) => format!("{}[]", variant(items, depth)),
        None => "unknown[]".into(),
    }
}

fn object(map: &Map<String, Value>, depth: usize) -> String {
    let properties = map.get("properties").and_then(Value::as_object);
    let extra = map.get("additionalProperties");
    let Some(properties) = properties.filter(|p| !p.is_empty()) else {
        return match extra {
            Some(Value::Bool(false)) => "Record<string, never>".into(),
            Some(schema) if schema.is_object() => {
                format!("{{ [key: string]: {} }}", ts_type(schema, depth))
            }
            _ => "{ [key: string]: unknown }".into(),
        };
    };
    let required: Vec<&str> = map
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let pad = "  ".repeat(depth + 1);
    let mut out = String::from("{\n");
    for (name, schema) in properties {
        write_doc(&mut out, schema, depth + 1);
        let optional = if required.contains(&name.as_str()) {
            ""
        } else {
            "?"
        };
        let _ = writeln!(
            out,
            "{pad}{}{optional}: {};",
            property_name(name),
            ts_type(schema, depth + 1)
        );
    }
    let _ = write!(out, "{}}}", "  ".repeat(depth));
    out
}

fn property_name(name: &str) -> String {
    let plain = name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit());
    if plain {
        name.to_string()
    } else {
        Value::String(name.to_string()).to_string()
    }
}

fn literal(value: &Value) -> String {
    value.to_string()
}

fn union(mut members: Vec<String>) -> String {
    let mut seen = Vec::with_capacity(members.len());
    members.retain(|m| {
        let new = !seen.contains(m);
        seen.push(m.clone());
        new
    });
    match members.len() {
        0 => "never".into(),
        _ => members.join(" | "),
    }
}
