//! The transposition table: one entry per slot, replaced when the new result is at least as
//! deep or belongs to another position. Mate scores are stored relative to the node, so a
//! mate found through a transposition keeps its true distance.

use super::types::{is_mate, MAX_PLY};

/// Entries in a table: 2^18 of 24 bytes, 6 MiB; a turn's search fills a fraction of it.
const ENTRIES: usize = 1 << 18;

/// What a stored value says about the true one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true value is at least this (a cut-off).
    Lower,
    /// The true value is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy)]
pub(crate) struct Entry<M> {
    key: u64,
    pub(crate) best: Option<M>,
    value: i32,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
}

pub(crate) struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
}

impl<M: Copy> Table<M> {
    pub(crate) fn new() -> Table<M> {
        Table {
            entries: vec![None; ENTRIES],
        }
    }

    fn slot(key: u64) -> usize {
        (key as usize) & (ENTRIES - 1)
    }

    /// The entry for this key, if stored, with its value as seen from `ply`.
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<(Entry<M>, i32)> {
        let entry = self.entries[Self::slot(key)].filter(|e| e.key == key)?;
        Some((entry, from_stored(entry.value, ply)))
    }

    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: u32,
        value: i32,
        bound: Bound,
        best: Option<M>,
    ) {
        let slot = &mut self.entries[Self::slot(key)];
        let depth = depth.min(u32::from(u8::MAX)) as u8;
        if let Some(old) = slot {
            if old.key == key && old.depth > depth {
                return;
            }
        }
        *slot = Some(Entry {
            key,
            best,
            value: to_stored(value, ply),
            depth,
            bound,
        });
    }
}

fn to_stored(value: i32, ply: usize) -> i32 {
    let ply = ply.min(MAX_PLY) as i32;
    match value {
        v if is_mate(v) && v > 0 => v + ply,
        v if is_mate(v) => v - ply,
        v => v,
    }
}

fn from_stored(value: i32, ply: usize) -> i32 {
    let ply = ply.min(MAX_PLY) as i32;
    match value {
        v if is_mate(v) && v > 0 => v - ply,
        v if is_mate(v) => v + ply,
        v => v,
    }
}
