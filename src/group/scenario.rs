//! What a person sets: the topic's brokers, the group, its model and config, the strategy, and each instance
//! (its clientId, client library, own strategy, view). Plain data; [`super::simulate`] computes the picture.

use super::client::Client;
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::{BrokerQueues, MessageQueue, Strategy};
use serde::{Deserialize, Serialize};

/// `MessageModel`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum MessageModel {
    #[default]
    Clustering,
    /// Every instance takes every queue; no strategy runs.
    Broadcasting,
}

impl MessageModel {
    pub const ALL: [MessageModel; 2] = [MessageModel::Clustering, MessageModel::Broadcasting];

    /// RocketMQ's name, as links and the CLI say it.
    pub fn name(self) -> &'static str {
        match self {
            MessageModel::Clustering => "CLUSTERING",
            MessageModel::Broadcasting => "BROADCASTING",
        }
    }
}

/// Who runs the strategy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(tag = "by", rename_all = "camelCase")]
pub enum Rebalance {
    /// Every client for itself (`RebalanceImpl`), the classic and default way.
    #[default]
    Client,
    /// 5.x `clientRebalance = false`: the broker answers `QUERY_ASSIGNMENT`.
    Broker { mode: RequestMode },
}

/// One running consumer process. Two instances with the same `client_id` are still two instances.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Instance {
    pub client_id: String,
    /// CONFIG only: this process's own `setMessageQueueList`; `None` uses the strategy's list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<Vec<MessageQueue>>,
    /// Split views: the cidAll and route this instance was told, when they differ from the group's truth.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<View>,
    /// Mixed subscriptions: in the group (so in everyone's cidAll) but not subscribed to this topic, so it
    /// never rebalances it and never pulls the queues dealt to its slot.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub skips_topic: bool,
    /// The client library it runs; it sorts and allocates with that client's rules.
    #[serde(default, skip_serializing_if = "is_default")]
    pub client: Client,
    /// Its own strategy, when it differs from the group's (a rolling deploy that changed it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strategy: Option<Strategy>,
}

pub(crate) fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

impl Instance {
    pub fn new(client_id: impl Into<String>) -> Self {
        Instance {
            client_id: client_id.into(),
            config: None,
            view: None,
            skips_topic: false,
            client: Client::default(),
            strategy: None,
        }
    }

    /// The same instance running another client.
    pub fn with_client(self, client: Client) -> Self {
        Instance { client, ..self }
    }
}

/// Everything the playground lets a person set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Scenario {
    pub topic: String,
    pub brokers: Vec<BrokerQueues>,
    pub group: String,
    #[serde(default)]
    pub model: MessageModel,
    #[serde(default)]
    pub rebalance: Rebalance,
    #[serde(default)]
    pub strategy: Strategy,
    pub instances: Vec<Instance>,
    /// The group's config on the brokers; left out of the JSON at its defaults, so older links read alike.
    #[serde(default, skip_serializing_if = "is_default")]
    pub config: GroupConfig,
}

/// The group's `SubscriptionGroupConfig` on the brokers (TIMING.md E0), the fields that change who gets what
/// or whether anything is consumed. Broker-side, not a client setting: `mqadmin updateSubGroup` writes it and
/// `mqadmin getConsumerConfig` prints it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", default)]
pub struct GroupConfig {
    /// false: every pull and pop gets `NO_PERMISSION` (16) while the owners stay (E1).
    pub consume_enable: bool,
    /// false: joins and graceful leaves notify no one (A3); the timeline's default for notifications.
    pub notify_consumer_ids_changed_enable: bool,
    /// Queues of `%RETRY%<group>` on each broker (D2); 0 or less stores no retry at all (D3).
    pub retry_queue_nums: i32,
    /// Read only by the 5.x proxy: a FIFO group's gRPC clients get every queue id (F1, C10).
    pub consume_message_orderly: bool,
    /// Where the brokers' copies differ (E0: each broker keeps its own, `getConsumerConfig` prints one block
    /// per broker): each listed broker's own `consumeEnable` and `retryQueueNums`, which win over the fields
    /// above on that broker. Empty: every broker has the fields above.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub per_broker: Vec<BrokerConfig>,
}

/// One broker's copy of the fields that differ per broker ([`GroupConfig::per_broker`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct BrokerConfig {
    pub broker: String,
    /// false: the pulls of this broker's queues get `NO_PERMISSION` (16), the other brokers' are answered (E1).
    pub consume_enable: bool,
    /// Queues of `%RETRY%<group>` on this broker (D2).
    pub retry_queue_nums: i32,
}

impl GroupConfig {
    fn on(&self, broker: &str) -> Option<&BrokerConfig> {
        self.per_broker.iter().find(|b| b.broker == broker)
    }

    /// `consumeEnable` on `broker`: its own copy's, else the group's.
    pub fn consume_enable_on(&self, broker: &str) -> bool {
        self.on(broker).map_or(self.consume_enable, |b| b.consume_enable)
    }

    /// `retryQueueNums` on `broker`: its own copy's, else the group's.
    pub fn retry_queue_nums_on(&self, broker: &str) -> i32 {
        self.on(broker).map_or(self.retry_queue_nums, |b| b.retry_queue_nums)
    }
}

impl Default for GroupConfig {
    fn default() -> Self {
        GroupConfig {
            consume_enable: true,
            notify_consumer_ids_changed_enable: true,
            retry_queue_nums: 1,
            consume_message_orderly: false,
            per_broker: vec![],
        }
    }
}

impl Scenario {
    /// The README's seed example: 8 queues on `broker-a`, clientIds `0, 2, 2`, AVG_BY_CIRCLE.
    /// A test's group: `ids` on one broker `broker-a` of `queues` queues, running `strategy`, the seed's other
    /// settings.
    #[cfg(test)]
    pub(crate) fn test_group(strategy: Strategy, queues: u32, ids: &[&str]) -> Scenario {
        Scenario {
            brokers: vec![BrokerQueues::new("broker-a", queues)],
            strategy,
            instances: ids.iter().map(|i| Instance::new(*i)).collect(),
            ..Scenario::seed()
        }
    }

    /// A test's view of the instances: their clientIds, in order.
    #[cfg(test)]
    pub(crate) fn test_ids(&self) -> Vec<&str> {
        self.instances.iter().map(|i| i.client_id.as_str()).collect()
    }

    pub fn seed() -> Scenario {
        Scenario {
            topic: "TopicTest".into(),
            brokers: vec![BrokerQueues::new("broker-a", 8)],
            group: "GID_playground".into(),
            model: MessageModel::Clustering,
            rebalance: Rebalance::Client,
            strategy: Strategy::AvgByCircle,
            instances: ["0", "2", "2"].into_iter().map(Instance::new).collect(),
            config: GroupConfig::default(),
        }
    }
}

/// What one instance was told, where it differs from the truth.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct View {
    /// The clientIds the broker it asked answered (`findConsumerIdList`); `None`: the group's true list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cid_all: Option<Vec<String>>,
    /// The route it holds (`topicSubscribeInfoTable`); `None`: the true route.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brokers: Option<Vec<BrokerQueues>>,
}
