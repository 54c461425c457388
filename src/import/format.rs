//! What the readers take and name: an input, the formats they know, and how much of an input is read.

use serde::Serialize;

/// Longest input read (a 5,000-row consumerProgress is about 1 MB); past it only the start is read.
pub const MAX_INPUT_BYTES: usize = 8 * 1024 * 1024;

/// The formats the readers know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum Format {
    /// `mqadmin consumerConnection -g G` (also the old numbered rows and the console's tab table).
    ConsumerConnection,
    /// `mqadmin consumerProgress -g G [-s true]`, 4.9 and 5.x layouts.
    ConsumerProgress,
    /// `mqadmin consumerProgress` without `-g`: one line per group.
    GroupList,
    /// `mqadmin brokerConsumeStats -b ADDR`: every group of one broker, with a `#Group` column.
    BrokerConsumeStats,
    /// `mqadmin topicRoute -t T`: fastjson, bare numeric keys.
    TopicRoute,
    /// `mqadmin topicRoute -t T -l`.
    TopicRouteList,
    /// `mqadmin topicStatus -t T`.
    TopicStatus,
    /// `mqadmin consumerStatus -g G -i C`: `ConsumerRunningInfo.formatString()`.
    ConsumerRunningInfo,
    /// `mqadmin consumerStatus -g G`: one row per distinct clientId.
    ConsumerStatusList,
    /// rocketmq-dashboard `consumerConnection.query`.
    DashboardConnection,
    /// rocketmq-dashboard `queryTopicByConsumer.query`.
    DashboardProgress,
    /// rocketmq-dashboard `topic/route.query`.
    DashboardRoute,
    /// A `ConsumerRunningInfo` as JSON (the dashboard's `consumerRunningInfo.query`, a decoded remoting body).
    RunningInfoJson,
    /// A `ConsumeStats` as JSON (the body of `GET_CONSUME_STATS`): offsets per `MessageQueue`, no holders.
    ConsumeStats,
    /// `mqadmin getConsumerConfig -g G`: the group's `SubscriptionGroupConfig` on each broker.
    ConsumerConfig,
}

impl Format {
    /// How people call it, in `lang`: the command, and for consumerProgress without `-g` that it is without.
    pub fn said(self, lang: crate::words::Lang) -> &'static str {
        match self {
            Format::GroupList => crate::words::import_format_group_list(lang),
            _ => self.label(),
        }
    }

    /// How people call it, the same in every language (a test's hook): the command.
    pub fn label(self) -> &'static str {
        match self {
            Format::ConsumerConnection => "mqadmin consumerConnection",
            Format::ConsumerProgress => "mqadmin consumerProgress",
            Format::GroupList => "mqadmin consumerProgress (no -g)",
            Format::BrokerConsumeStats => "mqadmin brokerConsumeStats",
            Format::TopicRoute => "mqadmin topicRoute",
            Format::TopicRouteList => "mqadmin topicRoute -l",
            Format::TopicStatus => "mqadmin topicStatus",
            Format::ConsumerRunningInfo => "mqadmin consumerStatus -i",
            Format::ConsumerStatusList => "mqadmin consumerStatus",
            Format::DashboardConnection => "dashboard consumerConnection.query",
            Format::DashboardProgress => "dashboard queryTopicByConsumer.query",
            Format::DashboardRoute => "dashboard topic/route.query",
            Format::RunningInfoJson => "ConsumerRunningInfo (JSON)",
            Format::ConsumeStats => "ConsumeStats (JSON)",
            Format::ConsumerConfig => "mqadmin getConsumerConfig",
        }
    }
}

/// One input: a name to refer to it by (a file name, "paste 1") and its text.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    pub name: &'a str,
    pub text: &'a str,
    /// The clientId this text was asked of, when the asker knows it: a `ConsumerRunningInfo` read from the
    /// wire by clientId, from a client that does not name itself in its properties (rocketmq-client-rust).
    pub client_id: Option<&'a str>,
}

impl<'a> Input<'a> {
    pub fn new(name: &'a str, text: &'a str) -> Self {
        Input { name, text, client_id: None }
    }

    /// A text asked of one client by its clientId.
    pub fn asked(name: &'a str, text: &'a str, client_id: &'a str) -> Self {
        Input { name, text, client_id: Some(client_id) }
    }
}
