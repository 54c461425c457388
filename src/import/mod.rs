//! Readers of what RocketMQ's tools print about a consumer group, and the scenario they add up to.
//!
//! People with a stuck group have their cluster's output, not a scenario: `mqadmin consumerConnection`,
//! `consumerProgress`, `brokerConsumeStats`, `topicRoute`, `topicStatus`, `consumerStatus`, or
//! rocketmq-dashboard's JSON, often pasted through a chat that collapsed the padding. Each format has a
//! reader (one file each) that returns what it read plus [`Note`]s on what it could not read or found
//! missing, naming what it left out (rows of another output where its table has none, log lines);
//! [`detect`] tells the formats apart, and names the error mqadmin printed when there is no output at all;
//! [`rebuild`] puts any mix of inputs together into a [`crate::group::Scenario`] with the holders
//! and lag the cluster reported beside it ([`Rebuilt::observed`]), whether any input lists the instances
//! ([`Rebuilt::instances_known`]: without one they are unknown, not absent), and says what it assumed.
//!
//! Pure like the rest of the core: text in, values out, no I/O. No input makes a reader panic, and every
//! size is bounded: [`MAX_INPUT_BYTES`] per input, [`crate::group::input::MAX_INSTANCES`] connections and
//! [`crate::group::input::MAX_QUEUES`] queues, with a note whenever something was cut.
//!
//! ```
//! use rebalance_playground::import::{rebuild, Input, Options};
//! use rebalance_playground::group::simulate;
//!
//! let connection = "#ClientId                            #ClientAddr            #Language  #Version
//! 172.17.0.1@9                         10.0.0.12:50001        JAVA       V5_3_3
//! 172.17.0.1@9                         10.0.0.13:50002        JAVA       V5_3_3
//!
//! Below is subscription:
//! #Topic               #SubExpression
//! orders               *
//! %RETRY%GID_orders    *
//!
//! ConsumeType: CONSUME_PASSIVELY
//! MessageModel: CLUSTERING
//! ConsumeFromWhere: CONSUME_FROM_LAST_OFFSET
//! ";
//! let route = r#"{"brokerDatas":[],"queueDatas":[{"brokerName":"broker-a","perm":6,"readQueueNums":4,"writeQueueNums":4}]}"#;
//! let rebuilt = rebuild(&[Input::new("connection.txt", connection), Input::new("route.json", route)], &Options::default());
//! assert_eq!(rebuilt.scenario.topic, "orders");
//! assert_eq!(rebuilt.scenario.instances.len(), 2);
//! let sim = simulate(&rebuilt.scenario);
//! assert_eq!(sim.starved, [2, 3]); // two instances with one clientId take the same half
//! ```

mod config;
mod connection;
mod consumption;
mod dashboard;
mod dispatch;
mod format;
mod held;
mod holding;
mod json;
pub mod kinds;
mod left_out;
mod note;
mod progress;
mod reader;
mod reading;
mod rebuild;
mod rebuilt;
mod route;
mod running;
mod stall;
mod status;
mod text;

pub use config::{ConfigBlock, GroupConfigs};
pub use connection::{Connection, ConsumerConnection, Subscription};
pub use consumption::{wall_text, Consumption, LastConsumed, Movement, TakenAt};
pub use dashboard::version_desc;
pub use dispatch::{detect, read, split_outputs};
pub use format::{Format, Input, MAX_INPUT_BYTES};
pub use held::{verdict, Source, Verdict};
pub use holding::{Fit, Held, HeldFrom, Inferred};
pub use note::{Counted, Found, Note, Part, SharedHosts, MAX_LIKE};
pub use progress::{BrokerConsumeStats, ConsumerProgress, Holder, Layout, ProgressRow};
pub use reading::{Content, Reading};
pub use rebuild::{client_of, explaining_strategies, observed_vs_computed, rebuild, strategy_of_class};
pub use rebuilt::{InputRead, ObservedQueue, Options, QueueCheck, Rebuilt, Report, Rooms, StrategyFit};
pub use route::{RouteBroker, RouteQueue, TopicRoute};
pub use running::{ConsumerStatusList, HeldQueue, RunningInfo, StatusClient};
pub use stall::{consumption_text, span_text, stall_summary};
pub use status::{StatusRow, TopicStatus};
