//! One group read from the cluster the way `DefaultMQAdminExtImpl` reads it (REMOTING.md §1.2), every answer
//! kept as the fastjson text it came as, so the import's readers read it exactly as they read a paste of the
//! same objects: [`Snapshot::inputs`] goes through [`crate::import::rebuild`] like `diagnose FILE` does.
//!
//! - the name servers, `;`-separated and tried in turn: the route of `%RETRY%<group>` (105) for the brokers
//!   that know the group, else every broker of the cluster (106);
//! - one broker after the other until one knows the group: its connections (203) and `cidAll` (38);
//! - the topic's route (105), then every broker of it: the consume stats (208, each broker its own queues);
//! - who else consumes the topic (300) and the group's subscription config (352);
//! - unless `client_calls` is off, each distinct clientId's running info (307, which the broker forwards to
//!   the client: the queues it really holds).
//!
//! A server that is down or refuses costs only what it would have said: the snapshot says what is
//! missing, with the server and the request, and carries on.

use super::asking::{Asking, NotAskedWhy, Plan, Shape};
use super::remoting::{code, response, Conn, Credentials, Error, Timeouts};
use crate::import::{self, Content, Input, Options, Rebuilt};
use crate::words::{self, Lang};
use serde::Serialize;
use std::collections::BTreeMap;

/// What to read, and how.
#[derive(Clone, Debug)]
pub struct Target {
    /// Name servers, tried in turn.
    pub namesrv: Vec<String>,
    pub group: String,
    /// `None`: the group's first subscribed topic (in `mqAll` order).
    pub topic: Option<String>,
    /// Ask each client for its running info (307) through the broker.
    pub client_calls: bool,
    /// At most this many running-info calls at once, each on its own connection to the broker.
    pub parallel: usize,
    /// How long to wait for a running info: the broker forwards it to the client and waits itself (Java
    /// 10 s, rocketmq-rust 5 s), and its own answer should arrive rather than a cut-off.
    pub client_timeout: std::time::Duration,
    pub credentials: Option<Credentials>,
    pub timeouts: Timeouts,
}

impl Target {
    /// `HOST:PORT[;HOST:PORT...]`, as `-n` takes it.
    pub fn namesrv_list(text: &str) -> Vec<String> {
        text.split(';').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
    }
}

/// One answer kept as text for the import.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Where it came from: `GET_CONSUME_STATS (208) from broker-a 127.0.0.1:10911`.
    pub name: String,
    pub text: String,
    /// The clientId a running info was asked of.
    pub client_id: Option<String>,
}

/// Something one read could not read, with the server and the request where there was one. `problem`:
/// what went wrong with the request (in English here; on screen, in the reader's language).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "camelCase", rename_all_fields = "camelCase")]
pub enum Missing {
    NoNameServer,
    /// Every name server failed: what each said.
    NoNameServerAnswered {
        #[cfg_attr(not(target_arch = "wasm32"), schemars(with = "Vec<String>"))]
        problems: Vec<Error>,
    },
    Brokers {
        #[cfg_attr(not(target_arch = "wasm32"), schemars(with = "String"))]
        problem: Error,
    },
    Connections {
        #[cfg_attr(not(target_arch = "wasm32"), schemars(with = "String"))]
        problem: Error,
    },
    /// Every broker that knows the group said `CONSUMER_NOT_ONLINE`.
    NotOnline {
        group: String,
        brokers: Vec<String>,
    },
    /// `GET_CONSUMER_LIST_BY_GROUP` answered something else; `body`: the start of it.
    NotAConsumerList {
        server: String,
        body: String,
    },
    CidAll {
        #[cfg_attr(not(target_arch = "wasm32"), schemars(with = "String"))]
        problem: Error,
    },
    /// `GET_CONSUMER_CONNECTION_LIST` answered something else.
    NotAConnection {
        server: String,
    },
    /// No topic asked, and no consumer online to say what the group subscribes.
    NoTopic,
    Route {
        topic: String,
        #[cfg_attr(not(target_arch = "wasm32"), schemars(with = "String"))]
        problem: Error,
    },
    Lag {
        broker: String,
        #[cfg_attr(not(target_arch = "wasm32"), schemars(with = "String"))]
        problem: Error,
    },
    /// Who consumes a topic (`scan`'s discovery).
    ConsumersOf {
        topic: String,
        #[cfg_attr(not(target_arch = "wasm32"), schemars(with = "String"))]
        problem: Error,
    },
    /// What one client holds (its running info).
    Holdings {
        client_id: String,
        #[cfg_attr(not(target_arch = "wasm32"), schemars(with = "String"))]
        problem: Error,
    },
    /// A client not asked at this read: its last `failures` asks failed (it is asked again after a pause).
    NotAsked {
        client_id: String,
        failures: u32,
    },
}

impl Missing {
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Missing::NoNameServer => words::live_missing_no_name_server(lang).into(),
            Missing::NoNameServerAnswered { problems } => {
                let said: Vec<String> = problems.iter().map(|p| p.text(lang)).collect();
                words::live_missing_no_name_server_answered(lang, said.join(words::live_problem_separator(lang)))
            }
            Missing::Brokers { problem } => words::live_missing_brokers(lang, problem.text(lang)),
            Missing::Connections { problem } => words::live_missing_connections(lang, problem.text(lang)),
            Missing::NotOnline { group, brokers } => {
                words::live_missing_not_online(lang, brokers.join(words::list_separator(lang)), group)
            }
            Missing::NotAConsumerList { server, body } => words::live_missing_not_a_consumer_list(lang, body, server),
            Missing::CidAll { problem } => words::live_missing_cid_all(lang, problem.text(lang)),
            Missing::NotAConnection { server } => words::live_missing_not_a_connection(lang, server),
            Missing::NoTopic => words::live_missing_topic(lang).into(),
            Missing::Route { topic, problem } => words::live_missing_route(lang, problem.text(lang), topic),
            Missing::Lag { broker, problem } => words::live_missing_lag(lang, broker, problem.text(lang)),
            Missing::ConsumersOf { topic, problem } => {
                words::live_missing_consumers_of(lang, problem.text(lang), topic)
            }
            Missing::Holdings { client_id, problem } => {
                words::live_missing_holdings(lang, client_id, problem.text(lang))
            }
            Missing::NotAsked { client_id, failures } => words::live_missing_not_asked(lang, client_id, *failures),
        }
    }

    /// The part of the read this is about, without what went wrong: what a read that has it again has again.
    pub fn part_text(&self, lang: Lang) -> String {
        match self {
            Missing::NoNameServer | Missing::NoNameServerAnswered { .. } => words::live_part_name_servers(lang).into(),
            Missing::Brokers { .. } => words::live_part_brokers(lang).into(),
            Missing::Connections { .. } => words::live_part_connections(lang).into(),
            Missing::NotOnline { group, .. } => words::live_change_online_again(lang, group),
            Missing::NotAConsumerList { server, .. } => words::live_part_consumer_list(lang, server),
            Missing::CidAll { .. } => words::live_part_cid_all(lang).into(),
            Missing::NotAConnection { server } => words::live_part_connection_list(lang, server),
            Missing::NoTopic => words::live_part_topic(lang).into(),
            Missing::Route { topic, .. } => words::live_part_route(lang, topic),
            Missing::Lag { broker, .. } => words::live_part_lag(lang, broker),
            Missing::ConsumersOf { topic, .. } => words::live_part_consumers_of(lang, topic),
            Missing::Holdings { client_id, .. } | Missing::NotAsked { client_id, .. } => {
                words::live_part_holdings(lang, client_id)
            }
        }
    }

    /// Whether both are about the same part of the read, whatever went wrong each time.
    pub fn same_part(&self, other: &Missing) -> bool {
        use Missing::*;
        match (self, other) {
            (NoNameServer | NoNameServerAnswered { .. }, NoNameServer | NoNameServerAnswered { .. }) => true,
            (NotOnline { group: a, .. }, NotOnline { group: b, .. }) => a == b,
            (NotAConsumerList { server: a, .. }, NotAConsumerList { server: b, .. }) => a == b,
            (NotAConnection { server: a }, NotAConnection { server: b }) => a == b,
            (Route { topic: a, .. }, Route { topic: b, .. }) => a == b,
            (Lag { broker: a, .. }, Lag { broker: b, .. }) => a == b,
            (ConsumersOf { topic: a, .. }, ConsumersOf { topic: b, .. }) => a == b,
            (
                Holdings { client_id: a, .. } | NotAsked { client_id: a, .. },
                Holdings { client_id: b, .. } | NotAsked { client_id: b, .. },
            ) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }

    /// Whether the read could not say which queues the topic has.
    pub fn hides_the_queues(&self) -> bool {
        matches!(
            self,
            Missing::NoNameServer | Missing::NoNameServerAnswered { .. } | Missing::NoTopic | Missing::Route { .. }
        )
    }
}

/// A client's earlier answer, standing for this read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase")]
pub struct Kept {
    pub client_id: String,
    /// When it answered, in ms since the epoch.
    pub answered_at_ms: i64,
    pub why: NotAskedWhy,
}

/// One request made, for "read from where".
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(schemars::JsonSchema))]
pub struct Asked {
    pub server: String,
    pub request: String,
    /// `None`: answered; else what went wrong.
    #[cfg_attr(not(target_arch = "wasm32"), schemars(with = "Option<String>"))]
    pub problem: Option<Error>,
}

/// Everything one read of one group gave.
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    pub group: String,
    /// The topic read (asked, or the group's first).
    pub topic: Option<String>,
    pub answers: Vec<Answer>,
    /// `GET_CONSUMER_LIST_BY_GROUP`: the cidAll every client sorts (one id per connection on a Java broker).
    pub cid_all: Option<Vec<String>>,
    /// `QUERY_TOPIC_CONSUME_BY_WHO`: every group that consumes the topic.
    pub groups_of_topic: Option<Vec<String>>,
    /// `GET_SUBSCRIPTIONGROUP_CONFIG`: whether the broker knows the group's config, and a few of its fields.
    pub group_config: Option<BTreeMap<String, String>>,
    /// Every request, answered or not.
    pub asked: Vec<Asked>,
    /// What could not be read.
    pub missing: Vec<Missing>,
    /// The broker the group's connections came from (203, 38, 307 go there).
    pub group_broker: Option<String>,
    /// A clientId shared by several connections: only the first answers 307 on a Java broker.
    pub unasked_copies: Vec<(String, usize)>,
    /// Clients not asked at this read whose earlier answer stands (in [`Snapshot::answers`]).
    pub kept: Vec<Kept>,
    /// Milliseconds since the epoch when the read began.
    pub at_ms: i64,
}

impl Snapshot {
    /// The answers as the import's inputs.
    pub fn inputs(&self) -> Vec<Input<'_>> {
        self.answers
            .iter()
            .map(|a| match &a.client_id {
                Some(id) => Input::asked(&a.name, &a.text, id),
                None => Input::new(&a.name, &a.text),
            })
            .collect()
    }

    /// The same rebuild as `diagnose FILE`, on the answers; the topic read unless `options` names one.
    pub fn rebuild(&self, options: &Options) -> Rebuilt {
        let mut o = options.clone();
        if o.topic.is_none() {
            o.topic = self.topic.clone();
        }
        o.group = Some(self.group.clone());
        o.none_online =
            self.group_broker.is_none() && self.missing.iter().any(|m| matches!(m, Missing::NotOnline { .. }));
        import::rebuild(&self.inputs(), &o)
    }

    /// The consume stats' last consume time per queue (`brokerName`, `queueId`) of the topic, in ms.
    pub fn last_consumed(&self) -> BTreeMap<(String, i32), i64> {
        let mut out = BTreeMap::new();
        let Some(topic) = &self.topic else { return out };
        for a in self.answers.iter().filter(|a| a.name.starts_with("GET_CONSUME_STATS")) {
            if let Content::Progress(p) = import::read(&a.text).content {
                for r in p.rows.iter().filter(|r| &r.topic == topic) {
                    if let Some(t) = r.last_time.as_deref().and_then(|t| t.parse().ok()) {
                        out.insert((r.broker_name.clone(), r.queue_id), t);
                    }
                }
            }
        }
        out
    }

    /// Consumer offsets and broker offsets per queue of the topic, from the consume stats.
    pub fn offsets(&self) -> BTreeMap<(String, i32), (Option<i64>, Option<i64>)> {
        let mut out = BTreeMap::new();
        let Some(topic) = &self.topic else { return out };
        for a in self.answers.iter().filter(|a| a.name.starts_with("GET_CONSUME_STATS")) {
            if let Content::Progress(p) = import::read(&a.text).content {
                for r in p.rows.iter().filter(|r| &r.topic == topic) {
                    out.insert((r.broker_name.clone(), r.queue_id), (r.consumer_offset, r.broker_offset));
                }
            }
        }
        out
    }
}

/// The open connections of one read, one per server.
pub(super) struct Conns<'a> {
    t: &'a Target,
    open: BTreeMap<String, Result<Conn, Error>>,
}

impl<'a> Conns<'a> {
    pub(super) fn new(t: &'a Target) -> Self {
        Conns { t, open: BTreeMap::new() }
    }

    fn get(&mut self, server: &str) -> Result<&mut Conn, Error> {
        let t = self.t;
        let entry = self
            .open
            .entry(server.to_string())
            .or_insert_with(|| Conn::open(server, t.timeouts, t.credentials.clone()));
        entry.as_mut().map_err(|e| e.clone())
    }
}

/// A request that failed: the code the server answered with (when it answered), and what happened.
pub(super) struct Failed {
    pub(super) refused: Option<i32>,
    pub(super) error: Error,
}

/// The outcome of one request, recorded in the snapshot.
pub(super) fn ask(
    s: &mut Snapshot,
    conns: &mut Conns,
    server: &str,
    req: i32,
    fields: &[(&str, &str)],
    what: &str,
) -> Result<Vec<u8>, Failed> {
    let request = format!(
        "{} ({req}){}",
        super::remoting::code_name(req),
        if what.is_empty() { String::new() } else { format!(" {what}") }
    );
    let conn = match conns.get(server) {
        Ok(c) => c,
        Err(e) => {
            // The connection failed before: say so for this request too.
            let error = Error { server: server.into(), request: request.clone(), problem: e.problem };
            s.asked.push(Asked { server: server.into(), request, problem: Some(error.clone()) });
            return Err(Failed { refused: None, error });
        }
    };
    match conn.invoke(req, fields, what) {
        Ok(f) => {
            s.asked.push(Asked { server: server.into(), request, problem: None });
            Ok(f.body)
        }
        Err(e) => {
            s.asked.push(Asked { server: server.into(), request, problem: Some(e.clone()) });
            let refused = e.refused_with();
            // A connection that failed mid-answer is in an unknown state: the next request opens a new one.
            if refused.is_none() {
                conns.open.remove(server);
            }
            Err(Failed { refused, error: e })
        }
    }
}

/// The start of a text for a message.
fn short(text: &str) -> String {
    let t: String = text.chars().take(120).collect();
    if t.len() < text.len() {
        format!("{t}…")
    } else {
        t
    }
}

pub(super) fn text_of(body: &[u8]) -> String {
    String::from_utf8_lossy(body).into_owned()
}

/// Reads the group once, every client asked. Never fails: whatever could not be read is in
/// [`Snapshot::missing`].
pub fn read(t: &Target) -> Snapshot {
    read_again(t, &mut Asking::once())
}

/// Reads the group once more, asking the clients as `asking` plans over the reads so far
/// ([`super::asking`]).
pub fn read_again(t: &Target, asking: &mut Asking) -> Snapshot {
    let mut s = Snapshot { group: t.group.clone(), ..Snapshot::default() };
    s.at_ms =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0);
    let mut conns = Conns { t, open: BTreeMap::new() };
    if t.namesrv.is_empty() {
        s.missing.push(Missing::NoNameServer);
        return s;
    }

    // The brokers that know the group: the retry topic's route, else every broker of every cluster.
    let retry = crate::group::retry::topic(&t.group);
    let mut namesrv: Option<String> = None;
    let mut group_brokers: Vec<(String, String)> = vec![];
    for ns in &t.namesrv {
        match ask(&mut s, &mut conns, ns, code::GET_ROUTEINFO_BY_TOPIC, &[("topic", &retry)], &retry) {
            Ok(body) => {
                namesrv = Some(ns.clone());
                group_brokers = masters(&text_of(&body));
                break;
            }
            Err(Failed { refused: Some(_), .. }) => {
                namesrv = Some(ns.clone());
                break;
            }
            Err(_) => continue,
        }
    }
    let Some(ns) = namesrv else {
        s.missing.push(Missing::NoNameServerAnswered {
            problems: s.asked.iter().filter_map(|a| a.problem.clone()).collect(),
        });
        return s;
    };
    if group_brokers.is_empty() {
        match ask(&mut s, &mut conns, &ns, code::GET_BROKER_CLUSTER_INFO, &[], "") {
            Ok(body) => group_brokers = cluster_masters(&text_of(&body)),
            Err(e) => s.missing.push(Missing::Brokers { problem: e.error }),
        }
    }

    // The group's connections, from the first broker that knows them.
    let group = t.group.as_str();
    let mut connections: Option<String> = None;
    let mut not_online = vec![];
    let mut failed = vec![];
    for (name, addr) in &group_brokers {
        match ask(&mut s, &mut conns, addr, code::GET_CONSUMER_CONNECTION_LIST, &[("consumerGroup", group)], group) {
            Ok(body) => {
                s.answers.push(Answer {
                    name: format!("GET_CONSUMER_CONNECTION_LIST (203) from {name} {addr}"),
                    text: text_of(&body),
                    client_id: None,
                });
                connections = Some(addr.clone());
                break;
            }
            Err(Failed { refused: Some(response::CONSUMER_NOT_ONLINE), .. }) => not_online.push(name.clone()),
            Err(e) => failed.push(e.error),
        }
    }
    if connections.is_none() {
        s.missing.extend(failed.into_iter().map(|problem| Missing::Connections { problem }));
    }
    if connections.is_none() && !not_online.is_empty() {
        s.missing.push(Missing::NotOnline { group: group.to_string(), brokers: not_online });
    }
    s.group_broker = connections.clone();
    let mut client_ids: Vec<(String, usize)> = vec![];
    // Every connection's clientId and address, for the group's shape.
    let mut connected: Vec<(String, String)> = vec![];
    let mut subscribed: Vec<String> = vec![];
    if let Some(addr) = &connections {
        match ask(&mut s, &mut conns, addr, code::GET_CONSUMER_LIST_BY_GROUP, &[("consumerGroup", group)], group) {
            Ok(body) => match serde_json::from_slice::<serde_json::Value>(&body) {
                Ok(v) if v.get("consumerIdList").is_some_and(|l| l.is_array()) => {
                    s.cid_all = Some(
                        v["consumerIdList"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(|x| x.as_str().map(str::to_string))
                            .collect(),
                    )
                }
                _ => s.missing.push(Missing::NotAConsumerList { server: addr.clone(), body: short(&text_of(&body)) }),
            },
            Err(e) => s.missing.push(Missing::CidAll { problem: e.error }),
        }
        if let Some(Content::Connection(c)) = s.answers.last().map(|a| import::read(&a.text).content) {
            // Each clientId once, first reported first, with how many connections report it.
            let ids = c.connections.iter().map(|conn| conn.client_id.as_str());
            let shared = crate::group::shared_ids::find(ids.clone().enumerate());
            let copies = |id: &str| shared.iter().find(|x| x.client_id == id).map_or(1, |x| x.copies());
            for id in ids {
                if !client_ids.iter().any(|(known, _)| known == id) {
                    client_ids.push((id.to_string(), copies(id)));
                }
            }
            connected = c.connections.iter().map(|c| (c.client_id.clone(), c.client_addr.clone())).collect();
            let topics = c.subscriptions.iter().map(|x| x.topic.clone());
            subscribed = topics.filter(|x| !crate::group::retry::is_retry_topic(x)).collect();
            subscribed.sort_by(|a, b| crate::rocketmq::java_str_cmp(a, b));
        } else {
            s.missing.push(Missing::NotAConnection { server: addr.clone() });
        }
    }

    // The topic and its route.
    let topic = t.topic.clone().or_else(|| subscribed.first().cloned());
    s.topic = topic.clone();
    let Some(topic) = topic else {
        s.missing.push(Missing::NoTopic);
        return s;
    };
    let mut topic_brokers: Vec<(String, String)> = vec![];
    match ask(&mut s, &mut conns, &ns, code::GET_ROUTEINFO_BY_TOPIC, &[("topic", &topic)], &topic) {
        Ok(body) => {
            let text = text_of(&body);
            topic_brokers = masters(&text);
            s.answers.push(Answer {
                name: format!("GET_ROUTEINFO_BY_TOPIC (105) {topic} from {ns}"),
                text,
                client_id: None,
            });
        }
        Err(e) => s.missing.push(Missing::Route { topic: topic.clone(), problem: e.error }),
    }

    // Offsets from every broker of the route, each its own queues.
    for (name, addr) in &topic_brokers {
        let fields = [("consumerGroup", group), ("topic", topic.as_str())];
        match ask(&mut s, &mut conns, addr, code::GET_CONSUME_STATS, &fields, group) {
            Ok(body) => s.answers.push(Answer {
                name: format!("GET_CONSUME_STATS (208) from {name} {addr}"),
                text: text_of(&body),
                client_id: None,
            }),
            Err(e) => s.missing.push(Missing::Lag { broker: name.clone(), problem: e.error }),
        }
    }
    if let Some((_, addr)) = topic_brokers.first() {
        if let Ok(body) = ask(&mut s, &mut conns, addr, code::QUERY_TOPIC_CONSUME_BY_WHO, &[("topic", &topic)], &topic)
        {
            s.groups_of_topic = serde_json::from_slice::<serde_json::Value>(&body).ok().and_then(|v| {
                Some(v.get("groupList")?.as_array()?.iter().filter_map(|g| g.as_str().map(str::to_string)).collect())
            });
        }
    }
    if let Some(addr) = connections.clone().or_else(|| topic_brokers.first().map(|b| b.1.clone())) {
        if let Ok(body) = ask(&mut s, &mut conns, &addr, code::GET_SUBSCRIPTIONGROUP_CONFIG, &[("group", group)], group)
        {
            if let Ok(serde_json::Value::Object(o)) = serde_json::from_slice::<serde_json::Value>(&body) {
                let keep = [
                    "consumeEnable",
                    "consumeBroadcastEnable",
                    "retryQueueNums",
                    "retryMaxTimes",
                    "consumeMessageOrderly",
                ];
                s.group_config = Some(
                    o.iter()
                        .filter(|(k, _)| keep.contains(&k.as_str()))
                        .map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_string)))
                        .collect(),
                );
            }
        }
    }

    // What each client holds, by clientId through the broker. A Java broker forwards to the first
    // connection of a clientId only: the copies' holdings are not on the wire.
    if let (true, Some(addr)) = (t.client_calls, &connections) {
        ask_clients(&mut s, t, asking, addr, &client_ids, connected, &topic);
    }
    s
}

/// Asks the clients for their running info (307) through the broker at `addr`, as `asking` plans it, at
/// most `t.parallel` at a time.
fn ask_clients(
    s: &mut Snapshot,
    t: &Target,
    asking: &mut Asking,
    addr: &str,
    client_ids: &[(String, usize)],
    connected: Vec<(String, String)>,
    topic: &str,
) {
    let read = s.offsets();
    let shape = shape_of(s, connected, read.keys().cloned().collect());
    let offsets = read.into_iter().filter_map(|(q, (co, bo))| Some((q, (co?, bo?)))).collect();
    let due = asking.begin(shape, offsets);
    asking.keep_only(&client_ids.iter().map(|(id, _)| id.as_str()).collect::<Vec<_>>());
    let mut to_ask = vec![];
    for (id, copies) in client_ids {
        match asking.plan(id, due) {
            Plan::Ask => to_ask.push(id.as_str()),
            Plan::Keep { name, text, at_ms, why } => {
                s.kept.push(Kept { client_id: id.clone(), answered_at_ms: at_ms, why });
                s.answers.push(Answer { name, text, client_id: Some(id.clone()) });
            }
            Plan::Skip { failures } => s.missing.push(Missing::NotAsked { client_id: id.clone(), failures }),
        }
        if *copies > 1 {
            s.unasked_copies.push((id.clone(), *copies));
        }
    }
    let group = t.group.clone();
    let timeouts = Timeouts { connect: t.timeouts.connect, request: t.client_timeout };
    let ask_one = |conn: &mut Option<Conn>, id: &str| -> (Asked, Result<Vec<u8>, Error>) {
        let request = format!(
            "{} ({}) {id}",
            super::remoting::code_name(code::GET_CONSUMER_RUNNING_INFO),
            code::GET_CONSUMER_RUNNING_INFO
        );
        let fields = [("consumerGroup", group.as_str()), ("clientId", id), ("jstackEnable", "false")];
        let result = match conn {
            Some(c) => c.invoke(code::GET_CONSUMER_RUNNING_INFO, &fields, id),
            None => Conn::open(addr, timeouts, t.credentials.clone())
                .map_err(|e| Error { request: request.clone(), ..e })
                .and_then(|c| conn.insert(c).invoke(code::GET_CONSUMER_RUNNING_INFO, &fields, id)),
        };
        let result = result.map(|f| f.body).inspect_err(|e| {
            // A connection that failed mid-answer is in an unknown state: the next call opens a new one.
            if e.refused_with().is_none() {
                *conn = None;
            }
        });
        (Asked { server: addr.to_string(), request, problem: result.as_ref().err().cloned() }, result)
    };
    let results = in_parallel(&to_ask, t.parallel, |conn: &mut Option<Conn>, id: &&str| ask_one(conn, id));
    for (id, (asked, result)) in to_ask.iter().zip(results) {
        s.asked.push(asked);
        match result {
            Ok(body) => {
                let answer = Answer {
                    name: format!("GET_CONSUMER_RUNNING_INFO (307) {id} through {addr}"),
                    text: text_of(&body),
                    client_id: Some(id.to_string()),
                };
                asking.answered(id, Some((&answer.name, &answer.text)), s.at_ms, topic);
                s.answers.push(answer);
            }
            Err(problem) => {
                asking.answered(id, None, s.at_ms, topic);
                s.missing.push(Missing::Holdings { client_id: id.to_string(), problem });
            }
        }
    }
}

/// `f` over every item, on at most `parallel` threads, each with a state of its own (its connection), the
/// results in the items' order.
pub(super) fn in_parallel<I: Sync, S: Default, T: Send>(
    items: &[I],
    parallel: usize,
    f: impl Fn(&mut S, &I) -> T + Sync,
) -> Vec<T> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let done: std::sync::Mutex<Vec<(usize, T)>> = std::sync::Mutex::new(Vec::with_capacity(items.len()));
    std::thread::scope(|scope| {
        for _ in 0..parallel.clamp(1, items.len().max(1)) {
            scope.spawn(|| {
                let mut state = S::default();
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(item) = items.get(k) else { break };
                    let out = f(&mut state, item);
                    done.lock().unwrap_or_else(|e| e.into_inner()).push((k, out));
                }
            });
        }
    });
    let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
    done.sort_by_key(|(k, _)| *k);
    done.into_iter().map(|(_, out)| out).collect()
}

/// The group's shape at this read: its connections (clientId and address), cidAll and the topic's queues
/// (as the consume stats list them, already sorted).
fn shape_of(s: &Snapshot, mut connections: Vec<(String, String)>, queues: Vec<(String, i32)>) -> Shape {
    connections.sort();
    let mut cid_all = s.cid_all.clone().unwrap_or_default();
    cid_all.sort();
    Shape { connections, cid_all, queues }
}

/// The master of each broker of a route, by name.
pub(super) fn masters(route: &str) -> Vec<(String, String)> {
    match import::read(route).content {
        Content::Route(r) => r.brokers.into_iter().filter_map(|b| Some((b.broker_name, b.master?))).collect(),
        _ => vec![],
    }
}

/// Every broker's master in a `ClusterInfo` (`brokerAddrTable: {name: BrokerData}`).
fn cluster_masters(info: &str) -> Vec<(String, String)> {
    let Ok(v) = serde_json::from_str::<serde_json::Value>(info) else {
        // fastjson's bare `{0:"..."}` keys: read the table as a route's brokerDatas.
        return masters(&format!("{{\"brokerDatas\":[{}]}}", bare_table(info)));
    };
    let mut out = vec![];
    for (name, b) in v.get("brokerAddrTable").and_then(|t| t.as_object()).into_iter().flatten() {
        if let Some(addr) = b.get("brokerAddrs").and_then(|a| a.get("0")).and_then(|a| a.as_str()) {
            out.push((name.clone(), addr.to_string()));
        }
    }
    out
}

/// The `BrokerData` values of a fastjson `brokerAddrTable`, comma-joined, for the tolerant reader.
fn bare_table(info: &str) -> String {
    let Some(at) = info.find("\"brokerAddrTable\"") else { return String::new() };
    let rest = &info[at..];
    let mut out = vec![];
    let mut depth = 0i32;
    let mut start = None;
    for (i, c) in rest.char_indices() {
        match c {
            '{' => {
                depth += 1;
                if depth == 2 {
                    start = Some(i);
                }
            }
            '}' => {
                if depth == 2 {
                    if let Some(st) = start.take() {
                        out.push(&rest[st..=i]);
                    }
                }
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
    }
    out.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brokers_of_a_cluster_info_strict_or_bare() {
        let strict = r#"{"brokerAddrTable":{"broker-a":{"brokerAddrs":{"0":"127.0.0.1:10911"},"brokerName":"broker-a","cluster":"c"}},"clusterAddrTable":{"c":["broker-a"]}}"#;
        assert_eq!(cluster_masters(strict), [("broker-a".to_string(), "127.0.0.1:10911".to_string())]);
        // GET_BROKER_CLUSTER_INFO from a Java name server: plain encode(), bare Long keys.
        let bare = r#"{"brokerAddrTable":{"broker-a":{"brokerAddrs":{0:"10.0.0.5:10911",1:"10.0.0.6:10911"},"brokerName":"broker-a","cluster":"c"},"broker-b":{"brokerAddrs":{0:"10.0.0.7:10911"},"brokerName":"broker-b","cluster":"c"}},"clusterAddrTable":{"c":["broker-a","broker-b"]}}"#;
        assert_eq!(
            cluster_masters(bare),
            [
                ("broker-a".to_string(), "10.0.0.5:10911".to_string()),
                ("broker-b".to_string(), "10.0.0.7:10911".to_string())
            ]
        );
    }
}
