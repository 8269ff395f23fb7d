//! `sqlx::migrate!` embeds the migration files at compile time; this makes
//! cargo rebuild the crate when one is added or changed.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
