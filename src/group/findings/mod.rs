//! What the group picture says, as data: every [`Finding`] a simulation can show, and the order they are
//! told in (`diagnose`). Each kind's detection lives beside its peers (`shared`: clientIds several
//! instances report; `mixed`: instances that compute with different code; `views`: instances that see
//! another `cidAll` or route, or skip the topic); their words are `words`'s, made from the live numbers.
//! Diagnosis sits above the pipeline: it reads a finished [`super::Simulation`] and never changes it.

mod diagnose;
mod finding;
mod mixed;
mod shared;
mod views;
mod words;

pub use diagnose::by_harm;
pub(crate) use diagnose::diagnose;
pub use finding::{Finding, MixCause, SharedHow, SharedId, Side, Starving};
