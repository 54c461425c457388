//! A record of a group over time, as `watch --record` writes it: its lines ([`mod@line`]) and their summary by
//! stated rules ([`history`]) with its sentences ([`words`]). Here, below the live read and the page, so that `rebalance history` and the
//! page's record player read a record with the same code; writing one is the live read's
//! (`live::record`).

pub mod history;
pub mod line;
pub mod words;

pub use line::{first_moment, read_line, BadLine, Entry, Instance, Line, Queue, Read, Shape, Status, SCHEMA_VERSION};
