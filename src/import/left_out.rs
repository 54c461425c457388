//! What a text reader leaves out of its input, told by what it looks like. Lines shaped as the rows of
//! another output (a consumerStatus summary under a connection table, connection rows under a progress
//! table) are named as such, with their line numbers and the first of them; the rest (log lines, prompts,
//! anything else) are counted, the first quoted.

use super::format::Format;
use super::note::Note;
use super::text::{quote, Line};

/// The format whose rows a line has the shape of, by the rows alone (no header needed): the dispatcher's
/// `row_shape`, which knows every reader's rows, handed to the reader.
pub(crate) type RowShape = fn(&str) -> Option<Format>;

/// The lines one reader left out, as it met them.
pub(crate) struct LeftOut {
    /// The format being read: its own rows are never another output's.
    own: Format,
    row_shape: RowShape,
    others: usize,
    first_other: Option<String>,
    blocks: Vec<Block>,
    /// Whether the last line left out ended a block (the next one of its shape extends it).
    in_block: bool,
}

/// Lines in a row (blank lines between them allowed) shaped as rows of one other format.
struct Block {
    from: usize,
    to: usize,
    count: usize,
    like: Format,
    first: String,
}

impl LeftOut {
    pub(crate) fn new(own: Format, row_shape: RowShape) -> Self {
        LeftOut { own, row_shape, others: 0, first_other: None, blocks: vec![], in_block: false }
    }

    /// Leaves `line` out, remembering what it looks like.
    pub(crate) fn add(&mut self, line: &Line) {
        let t = line.text.trim();
        match (self.row_shape)(t).filter(|f| *f != self.own) {
            Some(like) => match self.blocks.last_mut() {
                Some(b) if self.in_block && b.like == like => {
                    b.to = line.no;
                    b.count += 1;
                }
                _ => {
                    self.blocks.push(Block { from: line.no, to: line.no, count: 1, like, first: quote(t) });
                    self.in_block = true;
                }
            },
            None => {
                self.others += 1;
                self.first_other.get_or_insert_with(|| quote(t));
                self.in_block = false;
            }
        }
    }

    /// The notes that say what was left out, put first among `notes`.
    pub(crate) fn say(self, notes: &mut Vec<Note>) {
        let mut said = vec![];
        if self.others > 0 {
            said.push(Note::SkippedLines { count: self.others, first: self.first_other.unwrap_or_default() });
        }
        said.extend(self.blocks.into_iter().map(|b| Note::BlockLeftOut {
            from: b.from,
            to: b.to,
            count: b.count,
            like: b.like,
            first: b.first,
        }));
        notes.splice(0..0, said);
    }
}
