//! The real `csipgs serve` against a fake Discord on loopback (the `harness` crate, bot/harness/), one suite a
//! module. They are one test binary so the harness and the bot's dependencies link once; each
//! scenario runs in a process of its own inside `unshare -rn`, one at a time.

use harness as support;

mod comforts;
mod computer;
mod doors;
mod edges;
mod end_to_end;
mod faults;
mod fide;
mod fog;
mod games;
mod outage;
mod privacy;
mod quotas;
mod replay;
mod shards;
mod signin;
mod tournaments;
