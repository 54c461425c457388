//! The scenarios that load in one click. The first is the default: the Docker host-network incident.

use super::split::View;
use super::{Instance, MessageModel, Rebalance, Scenario};
use crate::rocketmq::{BrokerQueues, Inner, Strategy};
use serde::{Deserialize, Serialize};

/// Ten distinct clientIds of ten hosts (the "more consumers than queues" group; the lessons use them too).
pub(crate) const TEN_IDS: [&str; 10] = [
    "10.0.0.11@101",
    "10.0.0.12@102",
    "10.0.0.13@103",
    "10.0.0.14@104",
    "10.0.0.15@105",
    "10.0.0.16@106",
    "10.0.0.17@107",
    "10.0.0.18@108",
    "10.0.0.19@109",
    "10.0.0.20@110",
];

/// A named starting point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Preset {
    /// Three containers on the host network with RocketMQ 4.7.1 all report `172.17.0.1@9`.
    DockerIncident,
    /// 10 instances for 8 queues.
    MoreConsumers,
    /// Brokers with different read-queue counts.
    UnevenBrokers,
    /// MACHINE_ROOM_NEARBY: one room with local consumers, one without.
    MachineRooms,
    /// CONSISTENT_HASH with a duplicated clientId.
    HashWithDuplicates,
    Broadcasting,
    /// issue 4: two instances asked a broker that has not yet seen the newest member's heartbeat.
    StaleView,
    /// issue 4: half the group subscribes to TopicA only, half to TopicA and TopicB; this is TopicB.
    MixedSubscriptions,
}

fn ids(list: &[&str]) -> Vec<Instance> {
    list.iter().map(|s| Instance::new(*s)).collect()
}

impl Preset {
    pub const ALL: [Preset; 6] = [
        Preset::DockerIncident,
        Preset::MoreConsumers,
        Preset::UnevenBrokers,
        Preset::MachineRooms,
        Preset::HashWithDuplicates,
        Preset::Broadcasting,
    ];
    /// issue 4: the split-view presets. Kept out of [`Preset::ALL`] because readable link parameters cannot
    /// carry per-instance views (those scenarios travel in `#s=` links and scenario files only).
    pub const SPLIT: [Preset; 2] = [Preset::StaleView, Preset::MixedSubscriptions];

    /// The preset's name in kebab case, as serde writes it (the preset buttons' element ids).
    pub fn id(self) -> &'static str {
        match self {
            Preset::DockerIncident => "docker-incident",
            Preset::MoreConsumers => "more-consumers",
            Preset::UnevenBrokers => "uneven-brokers",
            Preset::MachineRooms => "machine-rooms",
            Preset::HashWithDuplicates => "hash-with-duplicates",
            Preset::Broadcasting => "broadcasting",
            Preset::StaleView => "stale-view",
            Preset::MixedSubscriptions => "mixed-subscriptions",
        }
    }

    pub fn scenario(self) -> Scenario {
        let base = Scenario {
            topic: "TopicTest".into(),
            brokers: vec![BrokerQueues::new("broker-a", 8)],
            group: "GID_orders".into(),
            model: MessageModel::Clustering,
            rebalance: Rebalance::Client,
            strategy: Strategy::Avg,
            instances: vec![],
        };
        match self {
            Preset::DockerIncident => Scenario {
                strategy: Strategy::AvgByCircle,
                instances: ids(&["10.0.0.11@31822", "172.17.0.1@9", "172.17.0.1@9"]),
                ..base
            },
            Preset::MoreConsumers => Scenario { instances: ids(&TEN_IDS), ..base },
            Preset::UnevenBrokers => Scenario {
                brokers: vec![
                    BrokerQueues::new("broker-a", 8),
                    BrokerQueues::new("broker-b", 4),
                    BrokerQueues::new("broker-c", 2),
                ],
                instances: ids(&["10.0.0.11@101", "10.0.0.12@102", "10.0.0.13@103", "10.0.0.14@104"]),
                ..base
            },
            Preset::MachineRooms => Scenario {
                brokers: vec![BrokerQueues::new("IDC1@broker-a", 4), BrokerQueues::new("IDC2@broker-b", 4)],
                strategy: Strategy::Nearby { inner: Inner::Avg, separator: '@' },
                instances: ids(&["IDC1@10.0.1.11@101", "IDC1@10.0.1.12@102", "IDC3@10.0.3.13@103"]),
                ..base
            },
            Preset::HashWithDuplicates => Scenario {
                strategy: Strategy::ConsistentHash { virtual_nodes: 10 },
                instances: ids(&["10.0.0.11@31822", "172.17.0.1@9", "172.17.0.1@9"]),
                ..base
            },
            Preset::Broadcasting => Scenario {
                model: MessageModel::Broadcasting,
                instances: ids(&["10.0.0.11@DEFAULT", "10.0.0.12@DEFAULT", "10.0.0.13@DEFAULT"]),
                ..base
            },
            Preset::StaleView => {
                let mut instances = ids(&["10.0.0.11@101", "10.0.0.12@102", "10.0.0.13@103", "10.0.0.14@104"]);
                let old: Vec<String> = instances[..3].iter().map(|i| i.client_id.clone()).collect();
                for i in &mut instances[..2] {
                    i.view = Some(View { cid_all: Some(old.clone()), brokers: None });
                }
                Scenario { instances, ..base }
            }
            Preset::MixedSubscriptions => {
                let mut instances = ids(&["10.0.0.11@101", "10.0.0.12@102", "10.0.0.13@103", "10.0.0.14@104"]);
                for i in &mut instances[..2] {
                    i.skips_topic = true;
                }
                Scenario { topic: "TopicB".into(), instances, ..base }
            }
        }
    }
}

impl Default for Scenario {
    fn default() -> Self {
        Preset::DockerIncident.scenario()
    }
}

#[cfg(test)]
mod tests {
    use super::Preset;

    #[test]
    fn the_id_is_the_serde_name() {
        for p in Preset::ALL.into_iter().chain(Preset::SPLIT) {
            assert_eq!(serde_json::to_value(p).unwrap(), p.id(), "{p:?}");
        }
    }
}
