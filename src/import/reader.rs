//! What one reader gives back: its own output, which the dispatcher names as a [`super::Content`].

use super::format::Format;
use super::note::Note;

/// What one reader read: the format it found (`None` when the text is not one it reads), its output (`None`:
/// nothing usable), and the notes.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Read<T> {
    pub format: Option<Format>,
    pub out: Option<T>,
    pub notes: Vec<Note>,
}
