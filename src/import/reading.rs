//! What one input gave, as the dispatcher names it: the readers' outputs side by side.

use super::config::GroupConfigs;
use super::connection::ConsumerConnection;
use super::format::Format;
use super::note::Note;
use super::progress::{BrokerConsumeStats, ConsumerProgress};
use super::reader::Read;
use super::route::TopicRoute;
use super::running::{ConsumerStatusList, RunningInfo};
use super::status::TopicStatus;

/// What one reader read.
#[derive(Clone, Debug, PartialEq)]
pub enum Content {
    /// Nothing usable (unrecognised, or a format that holds nothing a scenario needs).
    Nothing,
    Connection(ConsumerConnection),
    Progress(ConsumerProgress),
    Route(TopicRoute),
    Status(TopicStatus),
    Running(RunningInfo),
    StatusList(ConsumerStatusList),
    /// brokerConsumeStats, every group of one broker; [`crate::import::rebuild`] keeps the rows of the group asked.
    BrokerStats(BrokerConsumeStats),
    /// getConsumerConfig: the group's config on each broker.
    Config(GroupConfigs),
}

/// One input read: its format (`None` when it is none of them), what it gave, and the notes.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub format: Option<Format>,
    pub content: Content,
    pub notes: Vec<Note>,
}

impl<T> Read<T> {
    /// The reading this reader's output makes, named by `content` (nothing usable is [`Content::Nothing`]).
    pub(crate) fn named(self, content: impl FnOnce(T) -> Content) -> Reading {
        Reading { format: self.format, content: self.out.map_or(Content::Nothing, content), notes: self.notes }
    }
}
