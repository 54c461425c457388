//! The scenarios that load in one click. The first is the default: the Docker host-network incident.

use crate::group::View;
use crate::group::{Client, GroupConfig, Instance, MessageModel, Rebalance, Scenario};
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
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
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
    /// Two instances asked a broker that has not yet seen the newest member's heartbeat.
    StaleView,
    /// Half the group subscribes to TopicA only, half to TopicA and TopicB; this is TopicB.
    MixedSubscriptions,
    /// One Go and two Java instances on CONSISTENT_HASH: two different rings, unique clientIds.
    JavaGoHash,
    /// Go's MACHINE_ROOM serving the second of two rooms: its blocks come from the first.
    GoMachineRoom,
    /// Go services in host-network Docker keep `172.17.0.1@9` on the current client; a Java 5.x container
    /// beside them gets a unique id.
    GoDocker,
}

fn ids(list: &[&str]) -> Vec<Instance> {
    list.iter().map(|s| Instance::new(*s)).collect()
}

impl Preset {
    pub const ALL: [Preset; 9] = [
        Preset::DockerIncident,
        Preset::MoreConsumers,
        Preset::UnevenBrokers,
        Preset::MachineRooms,
        Preset::HashWithDuplicates,
        Preset::Broadcasting,
        Preset::JavaGoHash,
        Preset::GoMachineRoom,
        Preset::GoDocker,
    ];
    /// The split-view presets. Kept out of [`Preset::ALL`] because readable link parameters cannot
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
            Preset::JavaGoHash => "java-go-hash",
            Preset::GoMachineRoom => "go-machine-room",
            Preset::GoDocker => "go-docker",
        }
    }

    /// The preset's scenario; the first's is [`Scenario::default`], the page's opening.
    pub fn scenario(self) -> Scenario {
        let base = base();
        match self {
            Preset::DockerIncident => docker_incident(),
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
            Preset::JavaGoHash => {
                let mut instances = ids(&["10.0.0.5@4711", "10.0.0.6@4712", "10.0.0.7@4713"]);
                instances[0].client = Client::Go;
                Scenario {
                    brokers: vec![BrokerQueues::new("broker-a", 12)],
                    strategy: Strategy::ConsistentHash { virtual_nodes: 10 },
                    instances,
                    ..base
                }
            }
            Preset::GoMachineRoom => Scenario {
                brokers: vec![BrokerQueues::new("IDC1@broker-a", 4), BrokerQueues::new("IDC2@broker-b", 4)],
                strategy: Strategy::MachineRoom { idcs: vec!["IDC2".into()] },
                instances: ids(&["10.0.2.11@2011", "10.0.2.12@2012"])
                    .into_iter()
                    .map(|i| i.with_client(Client::Go))
                    .collect(),
                ..base
            },
            Preset::GoDocker => {
                let mut instances =
                    ids(&["172.17.0.1@9", "172.17.0.1@9", "172.17.0.1@9", "10.0.0.14@9#83725114550123"]);
                for i in &mut instances[..3] {
                    i.client = Client::Go;
                }
                Scenario { instances, ..base }
            }
        }
    }
}

/// What every preset starts from: one broker of 8 queues, AVG on the client, no instances.
fn base() -> Scenario {
    Scenario {
        topic: "TopicTest".into(),
        brokers: vec![BrokerQueues::new("broker-a", 8)],
        group: "GID_orders".into(),
        model: MessageModel::Clustering,
        rebalance: Rebalance::Client,
        strategy: Strategy::Avg,
        instances: vec![],
        config: GroupConfig::default(),
    }
}

/// [`Preset::DockerIncident`]: two of three containers report `172.17.0.1@9`.
fn docker_incident() -> Scenario {
    Scenario {
        strategy: Strategy::AvgByCircle,
        instances: ids(&["10.0.0.11@31822", "172.17.0.1@9", "172.17.0.1@9"]),
        ..base()
    }
}

impl Default for Scenario {
    fn default() -> Self {
        docker_incident()
    }
}

#[cfg(test)]
mod tests {
    use crate::presets::Preset;

    use crate::group::simulate;

    /// The mixed presets show the faults they are named after, from the clients' own code.
    #[test]
    fn java_go_hash_two_rings_overlap_2_and_10_and_starve_4_5_11() {
        let sim = simulate(&Preset::JavaGoHash.scenario());
        assert_eq!(sim.overlapped, [2, 10]);
        assert_eq!(sim.starved, [4, 5, 11]);
        let queues: Vec<Vec<usize>> = sim.instances.iter().map(|i| i.queues.clone()).collect();
        assert_eq!(queues, [vec![2, 10], vec![0, 2, 10], vec![1, 3, 6, 7, 8, 9]]);
        assert!(sim.findings.iter().any(|f| f.kind() == "mixedClients"), "{:?}", sim.findings);
    }

    #[test]
    fn go_machine_room_takes_idc1_and_starves_the_served_idc2() {
        let sim = simulate(&Preset::GoMachineRoom.scenario());
        let queues: Vec<Vec<usize>> = sim.instances.iter().map(|i| i.queues.clone()).collect();
        assert_eq!(queues, [vec![0, 1], vec![2, 3]]);
        assert_eq!(sim.starved, [4, 5, 6, 7]);
        let f = sim.findings.iter().find(|f| f.kind() == "machineRoomBug").expect("the Go bug is named");
        assert!(f.text(&sim, crate::group::Lang::En).contains("IDC2@broker-b:0"));
    }

    #[test]
    fn go_docker_three_go_copies_take_2_3_and_starve_4_to_7() {
        let sim = simulate(&Preset::GoDocker.scenario());
        let queues: Vec<Vec<usize>> = sim.instances.iter().map(|i| i.queues.clone()).collect();
        assert_eq!(queues, [vec![2, 3], vec![2, 3], vec![2, 3], vec![0, 1]]);
        assert_eq!((sim.overlapped.clone(), sim.starved.clone()), (vec![2, 3], vec![4, 5, 6, 7]));
    }

    #[test]
    fn the_id_is_the_serde_name() {
        for p in Preset::ALL.into_iter().chain(Preset::SPLIT) {
            assert_eq!(serde_json::to_value(p).unwrap(), p.id(), "{p:?}");
        }
    }
}
