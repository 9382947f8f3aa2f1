//! `csipgs_core`: the command core of csipgs chess and what it needs, with no platform in
//! it. The adapters (Discord, the terminal, the web pages) live in the `csipgs` binary and
//! reach the core through `core::Core`, its `Request`s and `Reply`s.

pub mod core;
pub mod family;
pub mod lane;
pub mod measure;
pub mod picture;
pub mod price_text;
pub mod shards;
pub mod store;
