//! What the readers say about their input: [`Found`] (what an input gave) and [`Note`] (what could not be
//! read, what is missing, what was assumed, what the inputs cannot show), as data. Their words are the
//! `import-found-*` and `import-note-*` messages of `locales/*/import.ftl`, filled in from the live values.

use super::Format;
use crate::words::{self, Lang};
use serde::Serialize;

/// A part of an output that a reader looks for, named in notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
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
    /// The key `import-note-ends-early` selects its words by.
    fn key(self) -> &'static str {
        match self {
            Part::Subscription => "subscription",
            Part::MessageModel => "message-model",
            Part::Totals => "totals",
            Part::MqDetail => "mq-detail",
            Part::Strategy => "strategy",
            Part::Rows => "rows",
            Part::QueueData => "queue-data",
        }
    }
}

/// What is counted when an input holds more than the playground takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub enum Counted {
    Connections,
    Rows,
    Queues,
    Lines,
    JsonValues,
}

impl Counted {
    /// The key `import-note-too-many` selects its words by.
    fn key(self) -> &'static str {
        match self {
            Counted::Connections => "connections",
            Counted::Rows => "rows",
            Counted::Queues => "queues",
            Counted::Lines => "lines",
            Counted::JsonValues => "json-values",
        }
    }
}

/// What one input gave, for "read from which input".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
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
    /// getConsumerConfig: the group's config on these brokers.
    GroupConfig {
        brokers: Vec<String>,
    },
}

impl Found {
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Found::Connections { count, distinct } => words::import_found_connections(lang, *count, *distinct),
            Found::Subscriptions { topics } => words::import_found_subscriptions(lang, whole_list(lang, topics)),
            Found::Model { model } => words::import_found_model(lang, model),
            Found::ConsumeType { consume_type } => words::import_found_consume_type(lang, consume_type),
            Found::QueueRows { count, topics } => {
                words::import_found_queue_rows(lang, *count, whole_list(lang, topics))
            }
            Found::Holders { queues, by_ip: true } => words::import_found_holders_by_ip(lang, *queues),
            Found::Holders { queues, by_ip: false } => words::import_found_holders_by_client_id(lang, *queues),
            Found::Route { brokers } => {
                words::import_found_route(lang, whole_list(lang, &broker_queues(lang, brokers)))
            }
            Found::StatusQueues { brokers } => {
                words::import_found_status_queues(lang, whole_list(lang, &broker_queues(lang, brokers)))
            }
            Found::Strategy { class } => words::import_found_strategy(lang, class),
            Found::Client { client_id, held } => words::import_found_client(lang, client_id, *held),
            Found::StatusClients { count } => words::import_found_status_clients(lang, *count),
            Found::Group { group } => words::import_found_group(lang, group),
            Found::GroupConfig { brokers } => words::import_found_group_config(lang, whole_list(lang, brokers)),
        }
    }
}

/// One clientId of [`Note::SharedClientIds`]: how many connections report it, from which hosts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct SharedHosts {
    pub client_id: String,
    pub connections: usize,
    pub hosts: Vec<String>,
    /// Connections whose address the paste cuts short (a row cut inside it): no host named for them.
    pub cut: usize,
}

/// Something an input could not give, or a choice made for it. Reading notes come from one input;
/// rebuilding notes compare inputs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
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
    /// Lines `from` to `to` have the shape of another output's rows (`like`) where this output has none:
    /// left out, and named for what they look like.
    BlockLeftOut {
        from: usize,
        to: usize,
        count: usize,
        like: Format,
        first: String,
    },
    /// mqadmin failed: its error (the `CODE: n DESC: ...` line, or the exception's first line), quoted.
    CommandFailed {
        error: String,
    },
    /// `brokerConsumeStats`: the rows of `group` were read, the `others` left out.
    BrokerStatsRead {
        group: String,
        others: Vec<String>,
    },
    /// `brokerConsumeStats` of several groups, none of them asked for by another input.
    BrokerStatsGroups {
        groups: Vec<String>,
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
    /// Progress rows of `topics`, which the connection list (subscribing `subscribed`) does not subscribe:
    /// nobody in it consumes them. `shown`: the topic the scenario shows, one of `subscribed` or not.
    NotSubscribed {
        subscribed: Vec<String>,
        topics: Vec<String>,
        shown: String,
        shown_subscribed: bool,
    },
    /// The topic asked for is not in any input.
    TopicNotInInputs {
        topic: String,
        choices: Vec<String>,
    },
    /// getConsumerConfig: HTML tags or entities were in the text and were read past.
    MarkupRemoved,
    /// getConsumerConfig: a broker's block lacks these fields (cut short); they keep RocketMQ's defaults.
    ConfigFieldsMissing {
        broker: String,
        fields: Vec<String>,
    },
    /// getConsumerConfig: the brokers disagree on a field; each broker with its value.
    ConfigDisagrees {
        field: String,
        values: Vec<(String, String)>,
    },
    /// No getConsumerConfig: retryQueueNums read from how many queues of the retry topic a broker shows.
    RetryQueueNumsInferred {
        topic: String,
        count: usize,
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
    /// A topicStatus (which names no topic) gives other counts than the progress rows of `topic`, which
    /// are used.
    StatusNotUsed {
        topic: String,
        status: Vec<(String, u32)>,
        seen: Vec<(String, u32)>,
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
    /// The inputs name several groups: the one the picture shows, the others, and the inputs of the others
    /// (left out).
    GroupsDiffer {
        shown: String,
        others: Vec<String>,
        left_out: Vec<String>,
    },
    /// On an input of another group than the one shown: left out.
    OtherGroup {
        group: String,
        shown: String,
    },
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
        /// Connections whose address the paste cuts short: no host named for them.
        cut: usize,
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
    /// A connection's row is cut before its language or version, and no other connection of its clientId
    /// gives them: simulated as Java 5.x.
    ClientCut {
        client_id: String,
    },
    /// A connection's row is cut before its language or version: the client another connection of its
    /// clientId reports is used.
    ClientOfTwin {
        client_id: String,
        language: String,
        version: String,
    },
    ModelAssumed,
    /// MessageModel BROADCASTING: every instance consumes every queue, and no strategy runs.
    Broadcasting,
    StrategyAssumed,
    /// A live read: the running info the clients sent names no strategy (rocketmq-client-rust's does not).
    StrategyNotSent,
    /// Instances whose strategy is inferred from what they hold: `strategy` alone reproduces it at their
    /// slot of cidAll. `live`: their holdings came from the running info they sent, else from a paste.
    StrategyInferred {
        strategy: String,
        instances: Vec<String>,
        live: bool,
    },
    /// Several strategies reproduce what one instance holds at its slot: which it runs cannot be told.
    StrategyAmbiguous {
        client_id: String,
        slot: usize,
        strategies: Vec<String>,
        live: bool,
    },
    /// A strategy class the playground does not know.
    StrategyUnknown {
        class: String,
    },
    /// A strategy class the playground does not know, run by instances whose strategy is inferred from what
    /// they hold.
    StrategyUnknownInferred {
        class: String,
    },
    /// The strategy's parameters are not in the output: its defaults are assumed.
    StrategyParamsAssumed {
        strategy: String,
    },
    /// consumerStatus of several clients names different strategies.
    StrategiesDiffer {
        strategies: Vec<String>,
        /// Named by the running info each client sent to a live read, else by pasted consumerStatus.
        live: bool,
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
    /// `earlier` holds lower offsets than `later`, given before it: read as the earlier snapshot.
    SnapshotsReordered {
        earlier: String,
        later: String,
    },
    /// Some offsets are higher in `first`, some in `other`: taken in the order given.
    SnapshotsUnordered {
        first: String,
        other: String,
    },
    /// Several snapshots, none two of them with a queue of `topic` in common: no movement to see.
    SnapshotsShareNoQueue {
        first: String,
        other: String,
        topic: String,
    },
    /// A queue's last consumption time that is not a time (cut short, garbage).
    LastTimeUnreadable {
        queue: String,
        text: String,
    },
    /// mqadmin's `#LastTime` is its host's wall clock without a zone: how it is measured.
    LastTimeLocal,
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

/// Most items a note names before it says how many more there are.
const SHOWN: usize = 12;

/// Every item of a list that is never cut (what one input gave), joined as the language joins a list.
fn whole_list(lang: Lang, items: &[String]) -> String {
    items.join(words::list_separator(lang))
}

/// A list a note names, cut as every list is ([`words::list`]).
fn named(lang: Lang, items: &[String], shown: usize) -> String {
    words::list(lang, items, shown)
}

/// A list that may be empty: `import-none` then.
fn list_or_none(lang: Lang, items: &[String]) -> String {
    match items {
        [] => words::import_none(lang).to_string(),
        _ => named(lang, items, SHOWN),
    }
}

/// Each broker with its queue count (`broker-a: 8`).
fn broker_queues(lang: Lang, brokers: &[(String, u32)]) -> Vec<String> {
    brokers.iter().map(|(b, q)| words::import_broker_queues(lang, b, q)).collect()
}

impl Note {
    /// The whole list behind a note that tells many cases as one ([`Note::SharedClientIds`]: each clientId's
    /// own sentence, the most connections first), shown on demand; empty for the others.
    pub fn entries(&self, lang: Lang) -> Vec<String> {
        match self {
            Note::SharedClientIds { ids, .. } => {
                ids.iter().map(|i| shared_client_id(lang, &i.client_id, i.connections, &i.hosts, i.cut)).collect()
            }
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
                | Note::ClientCut { .. }
                | Note::ClientOfTwin { .. }
                | Note::ModelAssumed
                | Note::StrategyAssumed
                | Note::StrategyNotSent
                | Note::StrategyUnknown { .. }
                | Note::StrategyParamsAssumed { .. }
                | Note::InstancesFromStatusList { .. }
                | Note::InstancesFromHolders { .. }
                | Note::LastTimeLocal
        )
    }

    pub fn text(&self, lang: Lang) -> String {
        match self {
            // Reading one input.
            Note::Unrecognised { begins } => words::import_note_unrecognised(lang, begins),
            Note::UnrecognisedJson { keys } => words::import_note_unrecognised_json(lang, list_or_none(lang, keys)),
            Note::NothingToRead { format } => words::import_note_nothing_to_read(lang, format.said(lang)),
            Note::GroupList { groups } => words::import_note_group_list(lang, *groups),
            Note::InputCut { bytes, max } => words::import_note_input_cut(lang, bytes, max),
            Note::TooMany { what, max } => words::import_note_too_many(lang, max, what.key()),
            Note::SkippedLines { count, first } => words::import_note_skipped_lines(lang, *count, first),
            Note::BlockLeftOut { from, to, count, like, first } => {
                words::import_note_block_left_out(lang, *count, first, like.label(), from, to)
            }
            Note::CommandFailed { error } => words::import_note_command_failed(lang, error),
            Note::BrokerStatsRead { group, others } if others.is_empty() => {
                words::import_note_broker_stats_read_only_group(lang, group)
            }
            Note::BrokerStatsRead { group, others } => {
                words::import_note_broker_stats_read(lang, group, named(lang, others, SHOWN))
            }
            Note::BrokerStatsGroups { groups } => {
                words::import_note_broker_stats_groups(lang, groups.len(), named(lang, groups, SHOWN))
            }
            Note::RowCutShort { line, text } => words::import_note_row_cut_short(lang, line, text),
            Note::BadRow { line, text } => words::import_note_bad_row(lang, line, text),
            Note::EndsEarly { missing } => words::import_note_ends_early(lang, missing.key()),
            Note::RowsElided { line } => words::import_note_rows_elided(lang, line),
            Note::QueuesMissing { topic, broker, from, to } => queues_missing(lang, topic, broker, *from, *to),
            Note::MaybeCut { text, width } => words::import_note_maybe_cut(lang, text, width),
            Note::JsonCut => words::import_note_json_cut(lang).into(),
            Note::DashboardError { status, message } => words::import_note_dashboard_error(lang, message, status),
            Note::Dropped { queue } => words::import_note_dropped(lang, queue),
            // The topic and its queues.
            Note::TopicChosen { topic, choices } => {
                words::import_note_topic_chosen(lang, named(lang, choices, SHOWN), topic)
            }
            Note::NotSubscribed { subscribed, topics, shown, shown_subscribed } => {
                let (subscribed, listed) = (named(lang, subscribed, SHOWN), named(lang, topics, SHOWN));
                match shown_subscribed {
                    true => words::import_note_not_subscribed(lang, topics.len(), shown, subscribed, listed),
                    false => words::import_note_not_subscribed_shown(lang, topics.len(), shown, subscribed, listed),
                }
            }
            Note::TopicNotInInputs { topic, choices } => {
                words::import_note_topic_not_in_inputs(lang, list_or_none(lang, choices), topic)
            }
            Note::MarkupRemoved => words::import_note_markup_removed(lang).into(),
            Note::ConfigFieldsMissing { broker, fields } => {
                words::import_note_config_fields_missing(lang, broker, fields.len(), words::list(lang, fields, 4))
            }
            Note::ConfigDisagrees { field, values } => {
                let each: Vec<String> =
                    values.iter().map(|(b, v)| words::import_note_config_value(lang, b, v)).collect();
                words::import_note_config_disagrees(lang, field, words::list(lang, &each, 8))
            }
            Note::RetryQueueNumsInferred { topic, count } => {
                words::import_note_retry_queue_nums_inferred(lang, *count, topic)
            }
            Note::OnlyRetryTopic { topic } => words::import_note_only_retry_topic(lang, topic),
            Note::NoTopic => words::import_note_no_topic(lang).into(),
            Note::NoRoute { topic } => words::import_note_no_route(lang, topic),
            Note::BrokersInferred { topic, brokers } => {
                words::import_note_brokers_inferred(lang, named(lang, &broker_queues(lang, brokers), SHOWN), topic)
            }
            Note::BrokersFromStatus { brokers } => {
                words::import_note_brokers_from_status(lang, named(lang, &broker_queues(lang, brokers), SHOWN))
            }
            Note::StatusNotUsed { topic, status, seen } => words::import_note_status_not_used(
                lang,
                named(lang, &broker_queues(lang, seen), SHOWN),
                named(lang, &broker_queues(lang, status), SHOWN),
                topic,
            ),
            Note::NotReadable { broker, perm } => words::import_note_not_readable(lang, broker, perm),
            Note::RouteDisagrees { broker, read_queues, seen } => {
                words::import_note_route_disagrees(lang, broker, *read_queues, seen)
            }
            Note::BrokerNotInRoute { broker } => words::import_note_broker_not_in_route(lang, broker),
            Note::RoutesDiffer => words::import_note_routes_differ(lang).into(),
            // The group and its instances.
            Note::GroupUnknown => words::import_note_group_unknown(lang).into(),
            Note::GroupsDiffer { shown, others, left_out } => words::import_note_groups_differ(
                lang,
                others.len() + 1,
                named(lang, left_out, SHOWN),
                named(lang, others, SHOWN),
                shown,
            ),
            Note::OtherGroup { group, shown } => words::import_note_other_group(lang, group, shown),
            Note::PopRetryTopics { group } => words::import_note_pop_retry_topics(lang, group),
            Note::Pop => words::import_note_pop(lang).into(),
            Note::NoConnections => words::import_note_no_connections(lang).into(),
            Note::InstancesFromStatusList { count } => words::import_note_instances_from_status_list(lang, *count),
            Note::InstancesFromHolders { count } => words::import_note_instances_from_holders(lang, *count),
            Note::SharedClientId { client_id, count, hosts, cut } => {
                shared_client_id(lang, client_id, *count, hosts, *cut)
            }
            Note::SharedClientIds { ids, connections } => shared_client_ids(lang, ids, *connections),
            Note::ConnectionListsDiffer { first, other, first_count, other_count } => {
                words::import_note_connection_lists_differ(lang, first, *first_count, other, *other_count)
            }
            Note::ClientAssumed { client_id, language, version } => {
                words::import_note_client_assumed(lang, client_id, language, version)
            }
            Note::ClientCut { client_id } => words::import_note_client_cut(lang, client_id),
            Note::ClientOfTwin { client_id, language, version } => {
                words::import_note_client_of_twin(lang, client_id, language, version)
            }
            Note::ModelAssumed => words::import_note_model_assumed(lang).into(),
            Note::Broadcasting => words::import_note_broadcasting(lang).into(),
            // The strategy.
            Note::StrategyAssumed => words::import_note_strategy_assumed(lang).into(),
            Note::StrategyNotSent => words::import_note_strategy_not_sent(lang).into(),
            Note::StrategyInferred { strategy, instances, live: true } => words::import_note_strategy_inferred_live(
                lang,
                instances.len(),
                named(lang, instances, SHOWN),
                strategy,
            ),
            Note::StrategyInferred { strategy, instances, live: false } => {
                words::import_note_strategy_inferred(lang, instances.len(), named(lang, instances, SHOWN), strategy)
            }
            Note::StrategyAmbiguous { client_id, slot, strategies, live: true } => {
                words::import_note_strategy_ambiguous_live(lang, client_id, slot, named(lang, strategies, SHOWN))
            }
            Note::StrategyAmbiguous { client_id, slot, strategies, live: false } => {
                words::import_note_strategy_ambiguous(lang, client_id, slot, named(lang, strategies, SHOWN))
            }
            Note::StrategyUnknown { class } => words::import_note_strategy_unknown(lang, class),
            Note::StrategyUnknownInferred { class } => words::import_note_strategy_unknown_inferred(lang, class),
            Note::StrategyParamsAssumed { strategy } => words::import_note_strategy_params_assumed(lang, strategy),
            Note::StrategiesDiffer { strategies, live: false } => {
                words::import_note_strategies_differ(lang, named(lang, strategies, SHOWN))
            }
            Note::StrategiesDiffer { strategies, live: true } => {
                words::import_note_strategies_differ_live(lang, named(lang, strategies, SHOWN))
            }
            Note::ExplainedBy { strategies, assumed } => explained_by(lang, strategies, assumed.as_deref()),
            Note::NothingExplains => words::import_note_nothing_explains(lang).into(),
            // Who the cluster reports holding the queues, and what its outputs cannot show.
            Note::HolderNotConnected { holder, queues } => {
                words::import_note_holder_not_connected(lang, queues.len(), holder, named(lang, queues, SHOWN))
            }
            Note::HeldOutsideRoute { queues } => {
                words::import_note_held_outside_route(lang, named(lang, queues, SHOWN))
            }
            Note::OneHolderPerQueue { by_ip: true } => words::import_note_one_ip_per_queue(lang).into(),
            Note::OneHolderPerQueue { by_ip: false } => words::import_note_one_client_id_per_queue(lang).into(),
            Note::StatusCollapses => words::import_note_status_collapses(lang).into(),
            Note::OneClientOnly { client_id } => words::import_note_one_client_only(lang, client_id),
            Note::SameSnapshot { first, other } => words::import_note_same_snapshot(lang, first, other),
            // Stalled queues and the last consumption (import::stall).
            Note::SnapshotsReordered { earlier, later } => words::import_note_snapshots_reordered(lang, earlier, later),
            Note::SnapshotsUnordered { first, other } => words::import_note_snapshots_unordered(lang, first, other),
            Note::SnapshotsShareNoQueue { first, other, topic } => {
                words::import_note_snapshots_share_no_queue(lang, first, other, topic)
            }
            Note::LastTimeUnreadable { queue, text } => words::import_note_last_time_unreadable(lang, queue, text),
            Note::LastTimeLocal => words::import_note_last_time_local(lang).into(),
            Note::MoreLikeThese { count } => words::import_note_more_like_these(lang, *count),
        }
    }
}

/// One queue missing from a table, or a range of them.
fn queues_missing(lang: Lang, topic: &str, broker: &str, from: i32, to: i32) -> String {
    match from == to {
        true => words::import_note_queue_missing(lang, broker, from, topic),
        false => words::import_note_queues_missing(lang, broker, from, to, topic),
    }
}

/// One clientId reported by `count` connections, with the hosts behind it.
fn shared_client_id(lang: Lang, client_id: &str, count: usize, hosts: &[String], cut: usize) -> String {
    words::import_note_shared_client_id(lang, client_id, count, cut, hosts.len(), named(lang, hosts, SHOWN))
}

/// Many shared clientIds at once: the first few named with their connections and hosts, most first.
fn shared_client_ids(lang: Lang, ids: &[SharedHosts], connections: usize) -> String {
    const NAMED: usize = 5;
    let each: Vec<String> = ids
        .iter()
        .map(|SharedHosts { client_id, connections, hosts, .. }| {
            let host = hosts.first().map_or("", String::as_str);
            words::import_note_shared_id(lang, *connections, host, hosts.len(), client_id)
        })
        .collect();
    words::import_note_shared_client_ids(lang, connections, ids.len(), named(lang, &each, NAMED))
}

/// The strategies that reproduce the observed holders, and whether they contradict the assumed one.
fn explained_by(lang: Lang, strategies: &[String], assumed: Option<&str>) -> String {
    let list = named(lang, strategies, SHOWN);
    match (assumed, strategies.first()) {
        (Some(assumed), Some(likely)) => words::import_note_explained_by_not_assumed(lang, assumed, likely, list),
        _ => words::import_note_explained_by(lang, list),
    }
}
