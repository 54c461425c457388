//! What the readers say about their input: [`Found`] (what an input gave) and [`Note`] (what could not be
//! read, what is missing, what was assumed, what the inputs cannot show), as data with text in English
//! and Simplified Chinese made from the live values, like [`crate::group::input::Problem`].

use super::Format;
use crate::group::Lang;
use serde::Serialize;

/// A part of an output that a reader looks for, named in notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Part {
    /// consumerConnection's `Below is subscription:` table.
    Subscription,
    /// consumerConnection's `MessageModel:` line.
    MessageModel,
    /// consumerProgress's `Consume TPS:` and totals after the rows.
    Totals,
    /// consumerStatus -i's `#Consumer MQ Detail#` section.
    MqDetail,
    /// consumerStatus -i's `allocateMessageQueueStrategy` property.
    Strategy,
    /// The rows of a table.
    Rows,
    /// topicRoute's `queueDatas`, where the read queue counts are.
    QueueData,
}

impl Part {
    fn text(self, lang: Lang) -> &'static str {
        match self {
            Part::Subscription => {
                lang.pick("its subscription table (“Below is subscription:”)", "订阅表（“Below is subscription:”）")
            }
            Part::MessageModel => lang.pick("its MessageModel line", "MessageModel 一行"),
            Part::Totals => lang.pick("its totals (“Consume TPS:”)", "汇总行（“Consume TPS:”）"),
            Part::MqDetail => lang.pick("its #Consumer MQ Detail# section", "#Consumer MQ Detail# 部分"),
            Part::Strategy => {
                lang.pick("its allocateMessageQueueStrategy property", "allocateMessageQueueStrategy 属性")
            }
            Part::Rows => lang.pick("any row of its table", "表格的任何一行"),
            Part::QueueData => lang.pick("its queueDatas (the read queue counts)", "queueDatas（读队列数）"),
        }
    }
}

/// What is counted when an input holds more than the playground takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Counted {
    Connections,
    Rows,
    Queues,
    Lines,
    JsonValues,
}

impl Counted {
    fn text(self, lang: Lang) -> &'static str {
        match self {
            Counted::Connections => lang.pick("connections", "个连接"),
            Counted::Rows => lang.pick("rows", "行"),
            Counted::Queues => lang.pick("queues", "个队列"),
            Counted::Lines => lang.pick("lines", "行"),
            Counted::JsonValues => lang.pick("JSON values", "个 JSON 值"),
        }
    }
}

/// What one input gave, for "read from which input".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Found {
    Connections {
        count: usize,
        distinct: usize,
    },
    Subscriptions {
        topics: Vec<String>,
    },
    Model {
        model: String,
    },
    ConsumeType {
        consume_type: String,
    },
    /// Queue rows of a progress table, of these topics.
    QueueRows {
        count: usize,
        topics: Vec<String>,
    },
    /// Who holds each queue: by IP (`-s`) or by clientId (dashboard, consumerStatus).
    Holders {
        queues: usize,
        by_ip: bool,
    },
    /// Brokers and read queue counts of a route.
    Route {
        brokers: Vec<(String, u32)>,
    },
    /// topicStatus: brokers and the number of queues each lists.
    StatusQueues {
        brokers: Vec<(String, u32)>,
    },
    Strategy {
        class: String,
    },
    /// consumerStatus -i: the client's id (derived from `clientIP` and `instanceName`) and the queues it holds.
    Client {
        client_id: String,
        held: usize,
    },
    /// consumerStatus without -i: one row per distinct clientId.
    StatusClients {
        count: usize,
    },
    Group {
        group: String,
    },
}

impl Found {
    pub fn text(&self, lang: Lang) -> String {
        let list = |v: &[String]| v.join(lang.pick(", ", "、"));
        let brokers = |b: &[(String, u32)]| {
            b.iter().map(|(n, q)| format!("{n}: {q}")).collect::<Vec<_>>().join(lang.pick(", ", "，"))
        };
        match (self, lang) {
            (Found::Connections { count, distinct }, Lang::En) => {
                format!("{count} connections ({distinct} distinct clientIds)")
            }
            (Found::Connections { count, distinct }, Lang::Zh) => {
                format!("{count} 个连接（{distinct} 个不同的 clientId）")
            }
            (Found::Subscriptions { topics }, Lang::En) => format!("subscribed topics {}", list(topics)),
            (Found::Subscriptions { topics }, Lang::Zh) => format!("订阅的 Topic：{}", list(topics)),
            (Found::Model { model }, _) => format!("MessageModel {model}"),
            (Found::ConsumeType { consume_type }, _) => format!("ConsumeType {consume_type}"),
            (Found::QueueRows { count, topics }, Lang::En) => format!("{count} queue rows of {}", list(topics)),
            (Found::QueueRows { count, topics }, Lang::Zh) => format!("{count} 行队列数据，Topic：{}", list(topics)),
            (Found::Holders { queues, by_ip: true }, Lang::En) => format!("the holder's IP of {queues} queues"),
            (Found::Holders { queues, by_ip: true }, Lang::Zh) => format!("{queues} 个队列的持有者 IP"),
            (Found::Holders { queues, by_ip: false }, Lang::En) => format!("the holder's clientId of {queues} queues"),
            (Found::Holders { queues, by_ip: false }, Lang::Zh) => format!("{queues} 个队列的持有者 clientId"),
            (Found::Route { brokers: b }, Lang::En) => format!("read queues per broker: {}", brokers(b)),
            (Found::Route { brokers: b }, Lang::Zh) => format!("各 Broker 的读队列数：{}", brokers(b)),
            (Found::StatusQueues { brokers: b }, Lang::En) => format!("queues per broker: {}", brokers(b)),
            (Found::StatusQueues { brokers: b }, Lang::Zh) => format!("各 Broker 的队列数：{}", brokers(b)),
            (Found::Strategy { class }, Lang::En) => format!("allocateMessageQueueStrategy {class}"),
            (Found::Strategy { class }, Lang::Zh) => format!("分配策略 {class}"),
            (Found::Client { client_id, held }, Lang::En) => format!("client {client_id}, holding {held} queues"),
            (Found::Client { client_id, held }, Lang::Zh) => format!("客户端 {client_id}，持有 {held} 个队列"),
            (Found::StatusClients { count }, Lang::En) => format!("{count} distinct clientIds"),
            (Found::StatusClients { count }, Lang::Zh) => format!("{count} 个不同的 clientId"),
            (Found::Group { group }, Lang::En) => format!("consumer group {group}"),
            (Found::Group { group }, Lang::Zh) => format!("消费组 {group}"),
            (_, Lang::Pseudo) => self.text(Lang::En),
        }
    }
}

/// One clientId of [`Note::SharedClientIds`]: how many connections report it, from which hosts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SharedHosts {
    pub client_id: String,
    pub connections: usize,
    pub hosts: Vec<String>,
}

/// Something an input could not give, or a choice made for it. Reading notes come from one input;
/// rebuilding notes compare inputs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Note {
    // ---- reading one input ----
    /// None of the formats: names what was expected, and how the input begins.
    Unrecognised {
        begins: String,
    },
    /// JSON, but none of the answers the readers know.
    UnrecognisedJson {
        keys: Vec<String>,
    },
    /// Recognised, but it holds nothing a scenario needs (e.g. consumerProgress without `-g`).
    NothingToRead {
        format: Format,
    },
    /// consumerProgress without `-g`: the list of groups.
    GroupList {
        groups: usize,
    },
    /// The input is longer than the readers take; only its start was read.
    InputCut {
        bytes: usize,
        max: usize,
    },
    /// More connections, rows or queues than the playground handles; the first `max` were read.
    TooMany {
        what: Counted,
        max: usize,
    },
    /// Lines that belong to no table (log lines, prompts), left out.
    SkippedLines {
        count: usize,
        first: String,
    },
    /// A row with fewer columns than the table has: what it has was read.
    RowCutShort {
        line: usize,
        text: String,
    },
    /// A line where a row belongs that could not be read.
    BadRow {
        line: usize,
        text: String,
    },
    /// The output ends before a part it always has.
    EndsEarly {
        missing: Part,
    },
    /// A `...` line where rows were left out.
    RowsElided {
        line: usize,
    },
    /// Queue ids missing from a table between the ones it has.
    QueuesMissing {
        topic: String,
        broker: String,
        from: i32,
        to: i32,
    },
    /// A name exactly as long as mqadmin's cut: it may have been longer.
    MaybeCut {
        text: String,
        width: usize,
    },
    /// The JSON ends in the middle.
    JsonCut,
    /// The dashboard's envelope reports an error.
    DashboardError {
        status: String,
        message: String,
    },
    /// A queue the client is dropping (`droped=true`): not counted as held.
    Dropped {
        queue: String,
    },
    // ---- rebuilding ----
    /// Several topics besides the retry topic: the one shown, and all the choices.
    TopicChosen {
        topic: String,
        choices: Vec<String>,
    },
    /// The topic asked for is not in any input.
    TopicNotInInputs {
        topic: String,
        choices: Vec<String>,
    },
    /// Only the retry topic is known.
    OnlyRetryTopic {
        topic: String,
    },
    NoTopic,
    /// No route and no progress rows for the topic: no queues.
    NoRoute {
        topic: String,
    },
    /// Read queue counts inferred from progress rows (highest queueId + 1 per broker).
    BrokersInferred {
        topic: String,
        brokers: Vec<(String, u32)>,
    },
    /// Queue counts from topicStatus, which lists write queues.
    BrokersFromStatus {
        brokers: Vec<(String, u32)>,
    },
    /// A queue entry of the route that is not readable: not in mqAll.
    NotReadable {
        broker: String,
        perm: i64,
    },
    /// The route and the progress rows disagree on a broker.
    RouteDisagrees {
        broker: String,
        read_queues: u32,
        seen: u32,
    },
    /// Progress rows for a broker the route does not list.
    BrokerNotInRoute {
        broker: String,
    },
    /// Several routes given that differ; the first is used.
    RoutesDiffer,
    GroupUnknown,
    /// `%RETRY%<group>_<topic>` (or `+`): 5.x POP retry topics.
    PopRetryTopics {
        group: String,
    },
    /// ConsumeType CONSUME_POP.
    Pop,
    NoConnections,
    /// Instances from consumerStatus's listing, which collapses duplicates.
    InstancesFromStatusList {
        count: usize,
    },
    /// Instances from the holders the dashboard names: idle instances and duplicates do not show.
    InstancesFromHolders {
        count: usize,
    },
    /// Several connections report one clientId: the hosts behind it (`#ClientAddr`).
    SharedClientId {
        client_id: String,
        count: usize,
        hosts: Vec<String>,
    },
    /// At least [`crate::group::GROUP_SHARED_FROM`] clientIds each reported by several connections: one
    /// note, the most connections first.
    SharedClientIds {
        ids: Vec<SharedHosts>,
        connections: usize,
    },
    /// Two connection lists differ; the first is used.
    ConnectionListsDiffer {
        first: String,
        other: String,
        first_count: usize,
        other_count: usize,
    },
    /// A language or version the playground does not map to a client: Java 5.x assumed.
    ClientAssumed {
        client_id: String,
        language: String,
        version: String,
    },
    ModelAssumed,
    StrategyAssumed,
    /// A strategy class the playground does not know.
    StrategyUnknown {
        class: String,
    },
    /// The strategy's parameters are not in the output: its defaults are assumed.
    StrategyParamsAssumed {
        strategy: String,
    },
    /// consumerStatus of several clients names different strategies.
    StrategiesDiffer {
        strategies: Vec<String>,
    },
    /// Holders that name a client not in the connection list.
    HolderNotConnected {
        holder: String,
        queues: Vec<String>,
    },
    /// Holders of queues that are not in the rebuilt mqAll.
    HeldOutsideRoute {
        queues: Vec<String>,
    },
    /// `-s` and the dashboard keep one holder per queue: overlaps do not show.
    OneHolderPerQueue {
        by_ip: bool,
    },
    /// consumerStatus lists each clientId once.
    StatusCollapses,
    /// consumerStatus -i shows one client's queues.
    OneClientOnly {
        client_id: String,
    },
    /// Two progress snapshots with the same offsets: no growth to see.
    SameSnapshot {
        first: String,
        other: String,
    },
    /// The strategies that reproduce every observed holder; `assumed` names the assumed strategy when it
    /// is not one of them.
    ExplainedBy {
        strategies: Vec<String>,
        assumed: Option<String>,
    },
    /// No general strategy reproduces the observed holders.
    NothingExplains,
    /// Notes of one kind past [`MAX_LIKE`], left out.
    MoreLikeThese {
        count: usize,
    },
}

/// Most notes of one kind kept (a table of 100,000 bad rows says so 20 times, then counts the rest).
pub const MAX_LIKE: usize = 20;

/// `notes` with at most [`MAX_LIKE`] of each kind, and one [`Note::MoreLikeThese`] for the rest.
pub(crate) fn capped(notes: Vec<Note>) -> Vec<Note> {
    let mut kept: Vec<(std::mem::Discriminant<Note>, usize)> = vec![];
    let mut out = vec![];
    let mut dropped = 0;
    for n in notes {
        let d = std::mem::discriminant(&n);
        let k = match kept.iter().position(|(x, _)| *x == d) {
            Some(k) => k,
            None => {
                kept.push((d, 0));
                kept.len() - 1
            }
        };
        kept[k].1 += 1;
        if kept[k].1 <= MAX_LIKE {
            out.push(n);
        } else {
            dropped += 1;
        }
    }
    if dropped > 0 {
        out.push(Note::MoreLikeThese { count: dropped });
    }
    out
}

fn join(v: &[String], lang: Lang) -> String {
    const SHOWN: usize = 12;
    v.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(lang.pick(", ", "、")) + &more(v.len(), SHOWN, lang)
}

/// " and N more" when `total` items were cut to `shown`.
fn more(total: usize, shown: usize, lang: Lang) -> String {
    match total.saturating_sub(shown) {
        0 => String::new(),
        n => lang.pick(format!(" and {n} more"), format!(" 等另外 {n} 个")),
    }
}

fn pairs(b: &[(String, u32)], lang: Lang) -> String {
    join(&b.iter().map(|(n, q)| format!("{n}: {q}")).collect::<Vec<_>>(), lang)
}

impl Note {
    /// The whole list behind a note that tells many cases as one ([`Note::SharedClientIds`]: each clientId's
    /// own sentence, the most connections first), shown on demand; empty for the others.
    pub fn entries(&self, lang: Lang) -> Vec<String> {
        match self {
            Note::SharedClientIds { ids, .. } => ids
                .iter()
                .map(|i| {
                    let SharedHosts { client_id, connections, hosts } = i.clone();
                    Note::SharedClientId { client_id, count: connections, hosts }.text(lang)
                })
                .collect(),
            _ => vec![],
        }
    }

    /// Whether this note is an assumption the rebuilt scenario rests on (shown under "assumed").
    pub fn is_assumption(&self) -> bool {
        matches!(
            self,
            Note::TopicChosen { .. }
                | Note::BrokersInferred { .. }
                | Note::BrokersFromStatus { .. }
                | Note::ClientAssumed { .. }
                | Note::ModelAssumed
                | Note::StrategyAssumed
                | Note::StrategyUnknown { .. }
                | Note::StrategyParamsAssumed { .. }
                | Note::InstancesFromStatusList { .. }
                | Note::InstancesFromHolders { .. }
        )
    }

    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Note::Unrecognised { begins }, Lang::En) => format!(
                "This input is none of the formats the playground reads. Expected the output of mqadmin consumerConnection, consumerProgress, topicRoute, topicStatus or consumerStatus, or a rocketmq-dashboard answer (consumerConnection.query, queryTopicByConsumer.query, topic/route.query). It begins: \"{begins}\"."
            ),
            (Note::Unrecognised { begins }, Lang::Zh) => format!(
                "这段输入不是演示工具能读的任何格式。应为 mqadmin consumerConnection、consumerProgress、topicRoute、topicStatus 或 consumerStatus 的输出，或 rocketmq-dashboard 的应答（consumerConnection.query、queryTopicByConsumer.query、topic/route.query）。它的开头是：“{begins}”。"
            ),
            (Note::UnrecognisedJson { keys }, Lang::En) => format!(
                "This is JSON, but none of the answers the playground reads: expected a topic route (mqadmin topicRoute or the dashboard's topic/route.query: brokerDatas, queueDatas), the dashboard's consumerConnection.query (connectionSet) or queryTopicByConsumer.query (queueStatInfoList), or a ConsumerRunningInfo (mqTable, properties). Its keys: {}.",
                if keys.is_empty() { "none".to_string() } else { join(keys, lang) }
            ),
            (Note::UnrecognisedJson { keys }, Lang::Zh) => format!(
                "这是 JSON，但不是演示工具能读的应答：应为 Topic 路由（mqadmin topicRoute 或控制台的 topic/route.query：brokerDatas、queueDatas）、控制台的 consumerConnection.query（connectionSet）或 queryTopicByConsumer.query（queueStatInfoList），或 ConsumerRunningInfo（mqTable、properties）。它的键：{}。",
                if keys.is_empty() { "无".to_string() } else { join(keys, lang) }
            ),
            (Note::NothingToRead { format }, Lang::En) => {
                format!("This {} output holds nothing the scenario needs.", format.label())
            }
            (Note::NothingToRead { format }, Lang::Zh) => format!("这段 {} 输出里没有场景需要的内容。", format.label()),
            (Note::GroupList { groups }, Lang::En) => format!(
                "This is consumerProgress without -g: one line per consumer group ({groups} groups), not the queues of one. Run mqadmin consumerProgress -g <group> for those."
            ),
            (Note::GroupList { groups }, Lang::Zh) => format!(
                "这是不带 -g 的 consumerProgress：每个消费组一行（共 {groups} 个），不是某个组的队列。请运行 mqadmin consumerProgress -g <消费组>。"
            ),
            (Note::InputCut { bytes, max }, Lang::En) => {
                format!("This input is {bytes} bytes long; only its first {max} bytes were read.")
            }
            (Note::InputCut { bytes, max }, Lang::Zh) => format!("这段输入长 {bytes} 字节；只读了前 {max} 字节。"),
            (Note::TooMany { what, max }, Lang::En) => format!(
                "More {} than the playground handles: the first {max} were read, the rest left out.",
                what.text(lang)
            ),
            (Note::TooMany { what, max }, Lang::Zh) => {
                format!("超出演示工具的上限：只读了前 {max} {}，其余略去。", what.text(lang))
            }
            (Note::SkippedLines { count, first }, Lang::En) => format!(
                "{count} line(s) are not part of the output (log lines, prompts) and were left out; the first: \"{first}\"."
            ),
            (Note::SkippedLines { count, first }, Lang::Zh) => {
                format!("有 {count} 行不属于该输出（日志、提示符等），已略去；第一行是：“{first}”。")
            }
            (Note::RowCutShort { line, text }, Lang::En) => {
                format!("Line {line} is cut short (\"{text}\"): what it has was read, the rest is missing.")
            }
            (Note::RowCutShort { line, text }, Lang::Zh) => {
                format!("第 {line} 行被截断（“{text}”）：读了已有的部分，其余缺失。")
            }
            (Note::BadRow { line, text }, Lang::En) => {
                format!("Line {line} stands where a row belongs but could not be read: \"{text}\".")
            }
            (Note::BadRow { line, text }, Lang::Zh) => format!("第 {line} 行位于表格中，但无法读取：“{text}”。"),
            (Note::EndsEarly { missing }, Lang::En) => {
                format!("The output ends before {}: it looks cut short.", missing.text(lang))
            }
            (Note::EndsEarly { missing }, Lang::Zh) => format!("输出在{}之前就结束了，似乎被截断。", missing.text(lang)),
            (Note::RowsElided { line }, Lang::En) => format!("Line {line} is \"...\": rows were left out there."),
            (Note::RowsElided { line }, Lang::Zh) => format!("第 {line} 行是“...”：此处省略了若干行。"),
            (Note::QueuesMissing { topic, broker, from, to }, Lang::En) if from == to => {
                format!("{topic} on {broker}: queue {from} is missing from the table.")
            }
            (Note::QueuesMissing { topic, broker, from, to }, Lang::Zh) if from == to => {
                format!("{topic} 在 {broker} 上：表中缺少队列 {from}。")
            }
            (Note::QueuesMissing { topic, broker, from, to }, Lang::En) => {
                format!("{topic} on {broker}: queues {from} to {to} are missing from the table.")
            }
            (Note::QueuesMissing { topic, broker, from, to }, Lang::Zh) => {
                format!("{topic} 在 {broker} 上：表中缺少队列 {from} 到 {to}。")
            }
            (Note::MaybeCut { text, width }, Lang::En) => format!(
                "\"{text}\" is {width} characters long, the most mqadmin prints in that column: the real name may be longer."
            ),
            (Note::MaybeCut { text, width }, Lang::Zh) => {
                format!("“{text}”长 {width} 个字符，正是 mqadmin 在该列打印的上限：真实名称可能更长。")
            }
            (Note::JsonCut, Lang::En) => "The JSON ends in the middle (cut short): what came before the cut was read.".into(),
            (Note::JsonCut, Lang::Zh) => "JSON 在中途结束（被截断）：读了截断之前的内容。".into(),
            (Note::DashboardError { status, message }, Lang::En) => {
                format!("The dashboard answered status {status}: \"{message}\".")
            }
            (Note::DashboardError { status, message }, Lang::Zh) => format!("控制台返回状态 {status}：“{message}”。"),
            (Note::Dropped { queue }, Lang::En) => {
                format!("The client is dropping queue {queue} (droped=true): it is not counted as held.")
            }
            (Note::Dropped { queue }, Lang::Zh) => format!("客户端正在丢弃队列 {queue}（droped=true）：不计为持有。"),
            (Note::TopicChosen { topic, choices }, Lang::En) => format!(
                "The group subscribes to several topics ({}); the scenario shows {topic}, the first in mqAll order. Any of the others can be chosen instead.",
                join(choices, lang)
            ),
            (Note::TopicChosen { topic, choices }, Lang::Zh) => format!(
                "该消费组订阅了多个 Topic（{}）；场景显示按 mqAll 顺序排第一的 {topic}，也可以改选其他 Topic。",
                join(choices, lang)
            ),
            (Note::TopicNotInInputs { topic, choices }, Lang::En) => format!(
                "No input mentions topic {topic} (the inputs have {}); it is used as asked.",
                if choices.is_empty() { "none".to_string() } else { join(choices, lang) }
            ),
            (Note::TopicNotInInputs { topic, choices }, Lang::Zh) => format!(
                "没有任何输入提到 Topic {topic}（输入中有：{}）；按要求使用它。",
                if choices.is_empty() { "无".to_string() } else { join(choices, lang) }
            ),
            (Note::OnlyRetryTopic { topic }, Lang::En) => {
                format!("The only topic the inputs name is the retry topic {topic}; the scenario shows it.")
            }
            (Note::OnlyRetryTopic { topic }, Lang::Zh) => format!("输入中唯一的 Topic 是重试 Topic {topic}；场景显示它。"),
            (Note::NoTopic, Lang::En) => {
                "No input names a topic (no subscription table, no progress rows): the topic is left empty.".into()
            }
            (Note::NoTopic, Lang::Zh) => "没有输入给出 Topic（没有订阅表，也没有消费进度行）：Topic 留空。".into(),
            (Note::NoRoute { topic }, Lang::En) => format!(
                "No input gives the queues of {topic} (no topicRoute, no progress rows of it): the scenario has no queues. Add mqadmin topicRoute -t {topic} or consumerProgress."
            ),
            (Note::NoRoute { topic }, Lang::Zh) => format!(
                "没有输入给出 {topic} 的队列（没有 topicRoute，也没有它的消费进度行）：场景中没有队列。请补充 mqadmin topicRoute -t {topic} 或 consumerProgress 的输出。"
            ),
            (Note::BrokersInferred { topic, brokers }, Lang::En) => format!(
                "No topicRoute was given: the read queue counts of {topic} ({}) are inferred from the progress rows, the highest queueId + 1 per broker.",
                pairs(brokers, lang)
            ),
            (Note::BrokersInferred { topic, brokers }, Lang::Zh) => format!(
                "没有给出 topicRoute：{topic} 的读队列数（{}）是从消费进度行推断的，即每个 Broker 的最大 queueId + 1。",
                pairs(brokers, lang)
            ),
            (Note::BrokersFromStatus { brokers }, Lang::En) => format!(
                "The queue counts ({}) come from topicStatus, which lists write queues: the read queue counts may differ.",
                pairs(brokers, lang)
            ),
            (Note::BrokersFromStatus { brokers }, Lang::Zh) => format!(
                "队列数（{}）来自 topicStatus，它列出的是写队列：读队列数可能不同。",
                pairs(brokers, lang)
            ),
            (Note::NotReadable { broker, perm }, Lang::En) => {
                format!("{broker}'s perm is {perm}, not readable: its queues are not in mqAll.")
            }
            (Note::NotReadable { broker, perm }, Lang::Zh) => {
                format!("{broker} 的 perm 是 {perm}，不可读：它的队列不在 mqAll 中。")
            }
            (Note::RouteDisagrees { broker, read_queues, seen }, Lang::En) => format!(
                "The route gives {broker} {read_queues} read queues, but the progress rows show {seen}: the route is used."
            ),
            (Note::RouteDisagrees { broker, read_queues, seen }, Lang::Zh) => {
                format!("路由给出 {broker} 有 {read_queues} 个读队列，但消费进度显示 {seen} 个：以路由为准。")
            }
            (Note::BrokerNotInRoute { broker }, Lang::En) => {
                format!("The progress rows list broker {broker}, which the route does not have: the route is used.")
            }
            (Note::BrokerNotInRoute { broker }, Lang::Zh) => {
                format!("消费进度中有 Broker {broker}，但路由中没有：以路由为准。")
            }
            (Note::RoutesDiffer, Lang::En) => "The routes given differ; the first is used.".into(),
            (Note::RoutesDiffer, Lang::Zh) => "给出的几个路由不一致；使用第一个。".into(),
            (Note::GroupUnknown, Lang::En) => "No input names the consumer group; it is left empty.".into(),
            (Note::GroupUnknown, Lang::Zh) => "没有输入给出消费组名；留空。".into(),
            (Note::PopRetryTopics { group }, Lang::En) => format!(
                "Retry topics named %RETRY%{group}_<topic> are 5.x POP retry topics: the group, or part of it, consumes by POP."
            ),
            (Note::PopRetryTopics { group }, Lang::Zh) => {
                format!("名为 %RETRY%{group}_<topic> 的重试 Topic 是 5.x 的 POP 重试 Topic：该组（或其中一部分）以 POP 方式消费。")
            }
            (Note::Pop, Lang::En) => "ConsumeType is CONSUME_POP: these consumers pop, and the broker hands each message to one of them, so several poppers on a queue do not consume it twice. The scenario simulates the group as pulling clients.".into(),
            (Note::Pop, Lang::Zh) => "ConsumeType 是 CONSUME_POP：这些消费者以 POP 方式消费，Broker 把每条消息只交给其中一个，所以一个队列上有多个 POP 消费者并不会重复消费。场景按 PULL 客户端模拟该组。".into(),
            (Note::NoConnections, Lang::En) => "No connection list (mqadmin consumerConnection or the dashboard's) was given: the instances are unknown.".into(),
            (Note::NoConnections, Lang::Zh) => "没有给出连接列表（mqadmin consumerConnection 或控制台的）：实例未知。".into(),
            (Note::InstancesFromStatusList { count }, Lang::En) => format!(
                "The {count} instances come from consumerStatus, which lists each clientId once: instances that share a clientId show as one."
            ),
            (Note::InstancesFromStatusList { count }, Lang::Zh) => {
                format!("这 {count} 个实例来自 consumerStatus，它对每个 clientId 只列一次：共用同一 clientId 的实例只显示为一个。")
            }
            (Note::InstancesFromHolders { count }, Lang::En) => format!(
                "The {count} instances are the holders the dashboard names: idle instances and instances that share a clientId do not show."
            ),
            (Note::InstancesFromHolders { count }, Lang::Zh) => {
                format!("这 {count} 个实例是控制台列出的持有者：空闲的实例和共用 clientId 的实例不会显示。")
            }
            (Note::ConnectionListsDiffer { first, other, first_count, other_count }, Lang::En) => format!(
                "The connection lists differ: {first} has {first_count} connections, {other} has {other_count} (or other clientIds); the first is used."
            ),
            (Note::ConnectionListsDiffer { first, other, first_count, other_count }, Lang::Zh) => format!(
                "连接列表不一致：{first} 有 {first_count} 个连接，{other} 有 {other_count} 个（或 clientId 不同）；使用第一个。"
            ),
            (Note::SharedClientId { client_id, count, hosts }, Lang::En) => format!(
                "{count} connections report clientId {client_id}, from {} {}: {count} processes share one clientId (host-network Docker containers with the same PID, or one instanceName set for all), so they compute the same queues.",
                if hosts.len() == 1 { "host" } else { "hosts" },
                join(hosts, lang)
            ),
            (Note::SharedClientId { client_id, count, hosts }, Lang::Zh) => format!(
                "{count} 个连接报告同一个 clientId {client_id}，来自主机 {}：{count} 个进程共用一个 clientId（例如使用宿主机网络且 PID 相同的 Docker 容器，或都设置了同一个 instanceName），所以它们算出相同的队列。",
                join(hosts, lang)
            ),
            (Note::SharedClientIds { ids, connections }, Lang::En) => {
                let named: Vec<String> = ids
                    .iter()
                    .take(5)
                    .map(|SharedHosts { client_id: id, connections: n, hosts }| match hosts.len() {
                        0 => format!("{id} ({n} connections)"),
                        1 => format!("{id} ({n} connections, from host {})", hosts[0]),
                        h => format!("{id} ({n} connections, from {h} hosts)"),
                    })
                    .collect();
                format!(
                    "{} clientIds are each reported by several connections, {connections} connections in all; most first: {}. Each is several processes with one clientId (host-network Docker containers with the same PID, or one instanceName set for all), which compute the same queues.",
                    ids.len(),
                    join(&named, lang) + &more(ids.len(), 5, lang)
                )
            }
            (Note::SharedClientIds { ids, connections }, Lang::Zh) => {
                let named: Vec<String> = ids
                    .iter()
                    .take(5)
                    .map(|SharedHosts { client_id: id, connections: n, hosts }| match hosts.len() {
                        0 => format!("{id}（{n} 个连接）"),
                        1 => format!("{id}（{n} 个连接，来自主机 {}）", hosts[0]),
                        h => format!("{id}（{n} 个连接，来自 {h} 台主机）"),
                    })
                    .collect();
                format!(
                    "{} 个 clientId 各被多个连接报告，共 {connections} 个连接；按连接数从多到少：{}。每个都是多个进程共用一个 clientId（例如使用宿主机网络且 PID 相同的 Docker 容器，或都设置了同一个 instanceName），它们算出相同的队列。",
                    ids.len(),
                    join(&named, lang) + &more(ids.len(), 5, lang)
                )
            }
            (Note::ClientAssumed { client_id, language, version }, Lang::En) => format!(
                "{client_id} reports language {language}, version {version}, which the playground does not map to a client: simulated as Java 5.x."
            ),
            (Note::ClientAssumed { client_id, language, version }, Lang::Zh) => format!(
                "{client_id} 报告的语言是 {language}、版本是 {version}，演示工具无法对应到客户端：按 Java 5.x 模拟。"
            ),
            (Note::ModelAssumed, Lang::En) => "No input gives the message model: CLUSTERING assumed.".into(),
            (Note::ModelAssumed, Lang::Zh) => "没有输入给出消息模式：假定为 CLUSTERING。".into(),
            (Note::StrategyAssumed, Lang::En) => "No input gives the allocation strategy (only consumerStatus -i shows it): AVG, the default, assumed.".into(),
            (Note::StrategyAssumed, Lang::Zh) => "没有输入给出分配策略（只有 consumerStatus -i 会显示）：假定为默认的 AVG。".into(),
            (Note::StrategyUnknown { class }, Lang::En) => {
                format!("{class} is not a strategy the playground knows: AVG assumed.")
            }
            (Note::StrategyUnknown { class }, Lang::Zh) => format!("{class} 不是演示工具认识的策略：假定为 AVG。"),
            (Note::StrategyParamsAssumed { strategy }, Lang::En) => format!(
                "{strategy}'s settings (virtual nodes, machine rooms, queue list) are not in the output: the defaults are assumed."
            ),
            (Note::StrategyParamsAssumed { strategy }, Lang::Zh) => {
                format!("输出中没有 {strategy} 的参数（虚拟节点数、机房、队列列表）：假定为默认值。")
            }
            (Note::StrategiesDiffer { strategies }, Lang::En) => format!(
                "The clients run different strategies ({}): each instance whose consumerStatus was given keeps its own.",
                join(strategies, lang)
            ),
            (Note::StrategiesDiffer { strategies }, Lang::Zh) => {
                format!("客户端使用了不同的策略（{}）：给出 consumerStatus 的实例各自保留自己的策略。", join(strategies, lang))
            }
            (Note::HolderNotConnected { holder, queues }, Lang::En) => format!(
                "The cluster reports {holder} holding {} ({}), but {holder} is not in the connection list: a consumer the list does not show, or a list from another moment.",
                if queues.len() == 1 { "a queue" } else { "queues" },
                join(queues, lang)
            ),
            (Note::HolderNotConnected { holder, queues }, Lang::Zh) => format!(
                "集群报告 {holder} 持有队列（{}），但连接列表中没有 {holder}：可能是列表未显示的消费者，或列表来自另一时刻。",
                join(queues, lang)
            ),
            (Note::HeldOutsideRoute { queues }, Lang::En) => {
                format!("The cluster reports holders of queues that are not in the rebuilt topic's queues: {}.", join(queues, lang))
            }
            (Note::HeldOutsideRoute { queues }, Lang::Zh) => {
                format!("集群报告了不在重建 Topic 队列中的队列持有者：{}。", join(queues, lang))
            }
            (Note::OneHolderPerQueue { by_ip: true }, Lang::En) => "consumerProgress -s keeps one IP per queue: when two instances consume a queue it shows one of them, so overlaps do not show; and an IP names a host, not an instance.".into(),
            (Note::OneHolderPerQueue { by_ip: true }, Lang::Zh) => "consumerProgress -s 每个队列只保留一个 IP：两个实例同时消费一个队列时只显示其中一个，所以看不出重复消费；而且 IP 只代表主机，不代表实例。".into(),
            (Note::OneHolderPerQueue { by_ip: false }, Lang::En) => "The dashboard keeps one clientId per queue: when two instances consume a queue it shows one of them, so overlaps do not show.".into(),
            (Note::OneHolderPerQueue { by_ip: false }, Lang::Zh) => "控制台每个队列只保留一个 clientId：两个实例同时消费一个队列时只显示其中一个，所以看不出重复消费。".into(),
            (Note::StatusCollapses, Lang::En) => "consumerStatus lists each clientId once: instances that share a clientId collapse into one row.".into(),
            (Note::StatusCollapses, Lang::Zh) => "consumerStatus 对每个 clientId 只列一次：共用同一 clientId 的实例合并为一行。".into(),
            (Note::OneClientOnly { client_id }, Lang::En) => format!(
                "consumerStatus -i shows the queues of one client, {client_id}; other instances with the same clientId, if any, are not asked."
            ),
            (Note::OneClientOnly { client_id }, Lang::Zh) => {
                format!("consumerStatus -i 只显示一个客户端（{client_id}）的队列；若还有同一 clientId 的其他实例，不会被询问。")
            }
            (Note::SameSnapshot { first, other }, Lang::En) => format!(
                "{first} and {other} hold the same offsets: one moment, so whether the lag grows cannot be seen. Take two snapshots a minute apart."
            ),
            (Note::SameSnapshot { first, other }, Lang::Zh) => {
                format!("{first} 与 {other} 的位点相同：是同一时刻的数据，看不出堆积是否在增长。请隔一分钟取两次。")
            }
            (Note::ExplainedBy { strategies, assumed: None }, Lang::En) => {
                format!("The holders the cluster reports are what {} computes.", join(strategies, lang))
            }
            (Note::ExplainedBy { strategies, assumed: None }, Lang::Zh) => {
                format!("集群报告的持有者与 {} 的计算结果一致。", join(strategies, lang))
            }
            (Note::ExplainedBy { strategies, assumed: Some(a) }, Lang::En) => format!(
                "The holders the cluster reports are what {} computes, not the assumed {a}: the group most likely runs {}.",
                join(strategies, lang),
                strategies[0]
            ),
            (Note::ExplainedBy { strategies, assumed: Some(a) }, Lang::Zh) => format!(
                "集群报告的持有者与 {} 的计算结果一致，而不是假定的 {a}：该组很可能使用 {}。",
                join(strategies, lang),
                strategies[0]
            ),
            (Note::NothingExplains, Lang::En) => "None of AVG, AVG_BY_CIRCLE and CONSISTENT_HASH (10 virtual nodes) computes the holders the cluster reports: another strategy, per-instance views, or inputs from different moments.".into(),
            (Note::MoreLikeThese { count }, Lang::En) => format!("… and {count} more notes like the ones above."),
            (Note::MoreLikeThese { count }, Lang::Zh) => format!("……另有 {count} 条类似的说明。"),
            (Note::NothingExplains, Lang::Zh) => "AVG、AVG_BY_CIRCLE、CONSISTENT_HASH（10 个虚拟节点）都算不出集群报告的持有者：可能是其他策略、各实例视图不同，或输入来自不同时刻。".into(),
            (_, Lang::Pseudo) => self.text(Lang::En),
        }
    }
}
