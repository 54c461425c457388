//! The one reader of settings typed as text: the page's form, a readable link and the CLI's flags each give a
//! [`SettingsText`], and [`read`] turns it into a [`Scenario`] over a base, each bad value reported once at
//! its [`Setting`] and kept at the base's.

use super::input::{
    check_rings, lacking_clients, parse_client_list, parse_count, parse_signed, parse_strategy, unknown, Problem,
};
use super::input::{ParamProblem, MAX_INSTANCES, MAX_QUEUES, MAX_VIRTUAL_NODES};
use super::{Client, Instance, MessageModel, Rebalance, Scenario};
use crate::rocketmq::broker::RequestMode;
use crate::rocketmq::{BrokerQueues, Inner, Strategy};

/// One broker of the topic as typed: its name and its read-queue count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokerText {
    pub name: String,
    pub count: String,
}

/// The topic's brokers as typed: the form's rows, each blamed on its own, or a link's `broker-a:8,broker-b:4`
/// (a bare `8` is `broker-a:8`), blamed as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueuesText {
    Rows(Vec<BrokerText>),
    List(String),
}

/// Every setting as text; `None` keeps the base's value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsText {
    pub topic: Option<String>,
    pub group: Option<String>,
    pub queues: Option<QueuesText>,
    /// One clientId per line (commas also split).
    pub clients: Option<String>,
    /// `CLUSTERING` or `BROADCASTING`.
    pub model: Option<String>,
    /// A strategy's `getName()` (`MACHINE_ROOM_NEARBY-AVG` too).
    pub strategy: Option<String>,
    /// MACHINE_ROOM_NEARBY's inner strategy, for a strategy named without it.
    pub inner: Option<String>,
    pub vnodes: Option<String>,
    /// The machine rooms MACHINE_ROOM serves, comma separated.
    pub idcs: Option<String>,
    pub separator: Option<String>,
    /// `client`, `pull` or `pop`; the share counts only with it.
    pub rebalance: Option<String>,
    pub share: Option<String>,
    /// Per instance, in the client list's order: the client it runs ([`Client::code`]), blank for the default.
    pub sdks: Option<Vec<String>>,
    /// Per instance: its own strategy's name, blank for the group's.
    pub strategies: Option<Vec<String>>,
    /// The group's config on the brokers ([`super::GroupConfig`]): `true` or `false`, and a count that may be 0 or less.
    pub consume_enable: Option<String>,
    pub notify: Option<String>,
    pub retry_queue_nums: Option<String>,
    pub consume_orderly: Option<String>,
}

/// The setting a problem belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Topic,
    /// A link's whole list of brokers.
    Queues,
    BrokerName(usize),
    BrokerCount(usize),
    Clients,
    Model,
    Strategy,
    VirtualNodes,
    Separator,
    Rebalance,
    Share,
    /// A whole per-instance list.
    Sdks,
    Strategies,
    /// Instance `i`'s client and its own strategy.
    InstanceClient(usize),
    InstanceStrategy(usize),
    /// The group's config on the brokers.
    ConsumeEnable,
    Notify,
    RetryQueueNums,
    ConsumeOrderly,
}

impl Setting {
    /// The readable parameter (and CLI flag) that holds the setting.
    pub fn param(self) -> &'static str {
        match self {
            Setting::Topic => "topic",
            Setting::Queues | Setting::BrokerName(_) | Setting::BrokerCount(_) => "queues",
            Setting::Clients => "clients",
            Setting::Model => "model",
            Setting::Strategy => "strategy",
            Setting::VirtualNodes => "vnodes",
            Setting::Separator => "separator",
            Setting::Rebalance => "rebalance",
            Setting::Share => "share",
            Setting::Sdks | Setting::InstanceClient(_) => "sdks",
            Setting::Strategies | Setting::InstanceStrategy(_) => "strategies",
            Setting::ConsumeEnable => "consume-enable",
            Setting::Notify => "notify-consumer-ids-changed",
            Setting::RetryQueueNums => "retry-queue-nums",
            Setting::ConsumeOrderly => "consume-orderly",
        }
    }
}

impl SettingsText {
    /// The settings readable parameters give (`?topic=..&queues=a:8,b:8&sdks=go,,`, or the CLI's flags): the last
    /// value of each name. Other names are no setting.
    pub fn of_params(params: &[(String, String)]) -> SettingsText {
        let get = |name: &str| params.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.clone());
        let list = |name: &str| get(name).map(|v| v.split(',').map(|e| e.trim().to_string()).collect());
        SettingsText {
            topic: get("topic"),
            group: get("group"),
            queues: get("queues").map(QueuesText::List),
            clients: get("clients"),
            model: get("model"),
            strategy: get("strategy"),
            inner: get("inner"),
            vnodes: get("vnodes"),
            idcs: get("idcs"),
            separator: get("separator"),
            rebalance: get("rebalance"),
            share: get("share"),
            sdks: list("sdks"),
            strategies: list("strategies"),
            consume_enable: get(Setting::ConsumeEnable.param()),
            notify: get(Setting::Notify.param()),
            retry_queue_nums: get(Setting::RetryQueueNums.param()),
            consume_orderly: get(Setting::ConsumeOrderly.param()),
        }
    }
}

/// What a strategy is built from beside its name (virtual nodes, machine rooms, separator): its own, and RocketMQ's
/// defaults for those it does not take.
pub fn parameters(strategy: &Strategy) -> (i32, Vec<String>, char) {
    match strategy {
        Strategy::ConsistentHash { virtual_nodes } => (*virtual_nodes, vec![], '@'),
        Strategy::MachineRoom { idcs } => (10, idcs.clone(), '@'),
        Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes }, separator } => {
            (*virtual_nodes, vec![], *separator)
        }
        Strategy::Nearby { separator, .. } => (10, vec![], *separator),
        _ => (10, vec![], '@'),
    }
}

type Problems = Vec<(Setting, Problem)>;

/// The value of `text` if given and good; a bad one is noted at `setting`.
fn given<T>(
    text: &Option<String>,
    setting: Setting,
    parse: impl FnOnce(&str) -> Result<T, Problem>,
    problems: &mut Problems,
) -> Option<T> {
    parse(text.as_deref()?).map_err(|p| problems.push((setting, p))).ok()
}

/// The scenario `text` describes over `base`: each setting given replaces its part of the base, and each bad one
/// keeps the base's part and is reported at its setting.
pub fn read(base: &Scenario, text: &SettingsText) -> (Scenario, Vec<(Setting, Problem)>) {
    let mut s = base.clone();
    let mut problems = vec![];
    let not_blank = |t: &str| (!t.trim().is_empty()).then(|| t.trim().to_string()).ok_or(Problem::Empty);
    s.topic = given(&text.topic, Setting::Topic, not_blank, &mut problems).unwrap_or(s.topic);
    s.group = text.group.as_deref().map_or(s.group, |g| g.trim().into());
    if let Some(queues) = &text.queues {
        let rows = match queues {
            QueuesText::Rows(rows) => Ok(rows.clone()),
            QueuesText::List(list) => broker_rows(list).map_err(|p| vec![(Setting::Queues, p)]),
        };
        match rows.and_then(|rows| read_brokers(&rows)) {
            Ok(brokers) => s.brokers = brokers,
            Err(bad) => problems.extend(bad),
        }
    }
    if let Some(ids) = given(&text.clients, Setting::Clients, parse_client_list, &mut problems) {
        s.instances = carried_over(&base.instances, ids);
    }
    s.model = given(&text.model, Setting::Model, parse_model, &mut problems).unwrap_or(s.model);
    let (kept_vnodes, kept_idcs, kept_separator) = parameters(&base.strategy);
    let vnodes = given(&text.vnodes, Setting::VirtualNodes, |t| parse_signed(t, MAX_VIRTUAL_NODES), &mut problems);
    let vnodes = vnodes.map_or(kept_vnodes, |n| n as i32);
    let idcs = text
        .idcs
        .as_deref()
        .map_or(kept_idcs, |t| t.split(',').map(|x| x.trim().to_string()).filter(|x| !x.is_empty()).collect());
    let separator =
        given(&text.separator, Setting::Separator, parse_separator, &mut problems).unwrap_or(kept_separator);
    if let Some(name) = text.strategy.clone().or_else(|| base.strategy.name()) {
        let name = match &text.inner {
            Some(inner) if name.trim().eq_ignore_ascii_case("MACHINE_ROOM_NEARBY") => {
                format!("MACHINE_ROOM_NEARBY-{}", inner.trim())
            }
            _ => name,
        };
        match parse_strategy(&name, vnodes, &idcs, separator) {
            // CONFIG again keeps the base's own list.
            Ok(Strategy::Config { .. }) if matches!(base.strategy, Strategy::Config { .. }) => {}
            Ok(strategy) => s.strategy = strategy,
            Err(p) => problems.push((Setting::Strategy, p)),
        }
    }
    if text.rebalance.is_some() {
        let share = given(&text.share, Setting::Share, |t| parse_signed(t, MAX_INSTANCES as i64), &mut problems);
        let share = share.map_or(pop_share(&base.rebalance), |n| n as i32);
        let rebalance = given(&text.rebalance, Setting::Rebalance, |t| parse_rebalance(t, share), &mut problems);
        s.rebalance = rebalance.unwrap_or(s.rebalance);
    }
    refuse_large_ring(base, &mut s, &mut problems);
    read_instances(text, &mut s, &mut problems);
    read_config(text, &mut s, &mut problems);
    (s, problems)
}

/// Most retry queues per broker typed; with the brokers they stay within [`MAX_QUEUES`] too.
pub const MAX_RETRY_QUEUE_NUMS: i64 = 1024;

/// The group's config on the brokers; a retry topic past [`MAX_QUEUES`] keeps the last valid count.
fn read_config(text: &SettingsText, s: &mut Scenario, problems: &mut Problems) {
    let c = &mut s.config;
    // A value set for the group is set on every broker (updateSubGroup -c), each broker's own copy included.
    let enable = given(&text.consume_enable, Setting::ConsumeEnable, parse_bool, problems);
    if let Some(enable) = enable.filter(|&e| e != c.consume_enable) {
        c.consume_enable = enable;
        c.per_broker.iter_mut().for_each(|b| b.consume_enable = enable);
    }
    let notify = given(&text.notify, Setting::Notify, parse_bool, problems);
    c.notify_consumer_ids_changed_enable = notify.unwrap_or(c.notify_consumer_ids_changed_enable);
    let orderly = given(&text.consume_orderly, Setting::ConsumeOrderly, parse_bool, problems);
    c.consume_message_orderly = orderly.unwrap_or(c.consume_message_orderly);
    let retry = |t: &str| parse_signed(t, MAX_RETRY_QUEUE_NUMS);
    if let Some(n) = given(&text.retry_queue_nums, Setting::RetryQueueNums, retry, problems) {
        let total = s.brokers.len() as u64 * n.max(0) as u64;
        if total > MAX_QUEUES {
            let text = text.retry_queue_nums.clone().unwrap_or_default().trim().to_string();
            problems
                .push((Setting::RetryQueueNums, Problem::TooLarge { text, max: MAX_QUEUES / s.brokers.len() as u64 }));
        } else if n as i32 != s.config.retry_queue_nums {
            s.config.retry_queue_nums = n as i32;
            s.config.per_broker.iter_mut().for_each(|b| b.retry_queue_nums = n as i32);
        }
    }
}

/// `true` or `false` (and `on` or `off`, as `--notify` says it), in any case.
pub fn parse_bool(text: &str) -> Result<bool, Problem> {
    match text.trim().to_ascii_lowercase().as_str() {
        "true" | "on" => Ok(true),
        "false" | "off" => Ok(false),
        _ => Err(unknown(text.trim(), &["true", "false"])),
    }
}

/// `broker-a:8,broker-b:4` as rows; a bare `8` is `broker-a:8`.
pub fn broker_rows(text: &str) -> Result<Vec<BrokerText>, Problem> {
    let mut rows = vec![];
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, count) = match part.rsplit_once(':') {
            Some((name, count)) if !name.trim().is_empty() => (name.trim(), count),
            None if part.chars().all(|c| c.is_ascii_digit() || c == '-') => ("broker-a", part),
            _ => return Err(Problem::BadBroker { text: part.into() }),
        };
        rows.push(BrokerText { name: name.into(), count: count.into() });
    }
    (!rows.is_empty()).then_some(rows).ok_or(Problem::Empty)
}

/// The brokers of `rows`, or the problem of each bad row: a blank or repeated name, a bad count, a total past
/// [`MAX_QUEUES`].
pub fn read_brokers(rows: &[BrokerText]) -> Result<Vec<BrokerQueues>, Vec<(Setting, Problem)>> {
    let mut brokers: Vec<BrokerQueues> = vec![];
    let mut problems = vec![];
    let mut total = 0u64;
    for (i, row) in rows.iter().enumerate() {
        let name = row.name.trim();
        if name.is_empty() {
            problems.push((Setting::BrokerName(i), Problem::Empty));
        } else if brokers.iter().any(|b| b.broker_name == name) {
            problems.push((Setting::BrokerName(i), Problem::DuplicateBroker { name: name.into() }));
        }
        match parse_count(&row.count, MAX_QUEUES) {
            Ok(n) if total + n > MAX_QUEUES => {
                let text = (total + n).to_string();
                problems.push((Setting::BrokerCount(i), Problem::TooLarge { text, max: MAX_QUEUES }));
            }
            Ok(n) => {
                total += n;
                brokers.push(BrokerQueues::new(name, n as u32));
            }
            Err(p) => problems.push((Setting::BrokerCount(i), p)),
        }
    }
    problems.is_empty().then_some(brokers).ok_or(problems)
}

/// `ids` as instances, each keeping the settings of the base's instance it continues ([`carry_over`]).
fn carried_over(base: &[Instance], ids: Vec<String>) -> Vec<Instance> {
    let map = carry_over(&base.iter().map(|o| o.client_id.as_str()).collect::<Vec<_>>(), &ids);
    ids.into_iter()
        .zip(map)
        .map(|(id, m)| match m.and_then(|k| base.get(k)) {
            Some(o) => Instance { client_id: id, ..o.clone() },
            None => Instance::new(id),
        })
        .collect()
}

fn parse_model(text: &str) -> Result<MessageModel, Problem> {
    let names = MessageModel::ALL.map(MessageModel::name);
    let t = text.trim().to_ascii_uppercase();
    MessageModel::ALL.into_iter().find(|m| m.name() == t).ok_or_else(|| unknown(text, &names))
}

/// One character.
/// MACHINE_ROOM_NEARBY's separator: one character.
pub fn parse_separator(text: &str) -> Result<char, Problem> {
    let mut chars = text.trim().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(Problem::BadSeparator { text: text.into() }),
    }
}

/// POP's `popShareQueueNum`, -1 for the other ways.
pub fn pop_share(rebalance: &Rebalance) -> i32 {
    match rebalance {
        Rebalance::Broker { mode: RequestMode::Pop { share } } => *share,
        _ => -1,
    }
}

/// Who runs the strategy, by name in links and the CLI (`rebalance=pop`): the client, or the broker by pull or pop.
pub const REBALANCES: [&str; 3] = ["client", "pull", "pop"];

fn parse_rebalance(text: &str, share: i32) -> Result<Rebalance, Problem> {
    match text.trim().to_ascii_lowercase().as_str() {
        "client" => Ok(Rebalance::Client),
        "pull" => Ok(Rebalance::Broker { mode: RequestMode::Pull }),
        "pop" => Ok(Rebalance::Broker { mode: RequestMode::Pop { share } }),
        _ => Err(unknown(text, &REBALANCES)),
    }
}

/// A hash ring too large to compute blames the value that made it so and keeps the last valid one: the virtual
/// nodes when the strategy changed and the base's strategy fits the instances, else the client list (and then
/// the base's strategy too, if the base's instances do not fit the new one).
fn refuse_large_ring(base: &Scenario, s: &mut Scenario, problems: &mut Problems) {
    let Err(p) = check_rings(s) else { return };
    let tried = std::mem::replace(&mut s.strategy, base.strategy.clone());
    if tried != base.strategy && check_rings(s).is_ok() {
        problems.push((Setting::VirtualNodes, p));
        return;
    }
    s.strategy = tried;
    s.instances = base.instances.clone();
    problems.push((Setting::Clients, p));
    if check_rings(s).is_err() {
        s.strategy = base.strategy.clone();
    }
}

/// Each instance's client and own strategy, in the client list's order; an own strategy takes the group's
/// parameters, so its ring fits wherever the group's does (or has 10 virtual nodes, which every group fits). A
/// list of another length than the instances, or with an entry not understood, applies none of its entries. A
/// strategy an instance's client lacks is refused at its row: the instance keeps its previous strategy if the
/// client has that, else the group's.
fn read_instances(text: &SettingsText, s: &mut Scenario, problems: &mut Problems) {
    let previous: Vec<Option<Strategy>> = s.instances.iter().map(|i| i.strategy.clone()).collect();
    let count = s.instances.len();
    let client = |code: &str| match code {
        "" => Ok(Client::default()),
        code => Client::from_code(code).ok_or_else(|| unknown(code, &Client::ALL.map(Client::code))),
    };
    if let Some(clients) = per_instance(&text.sdks, count, (Setting::Sdks, Setting::InstanceClient), client, problems) {
        s.instances.iter_mut().zip(clients).for_each(|(i, c)| i.client = c);
    }
    let (vnodes, idcs, separator) = parameters(&s.strategy);
    let own = |name: &str| (!name.is_empty()).then(|| parse_strategy(name, vnodes, &idcs, separator)).transpose();
    if let Some(own) =
        per_instance(&text.strategies, count, (Setting::Strategies, Setting::InstanceStrategy), own, problems)
    {
        s.instances.iter_mut().zip(own).for_each(|(i, st)| i.strategy = st);
    }
    for (n, p) in lacking_clients(s).collect::<Vec<_>>() {
        let i = &mut s.instances[n];
        i.strategy = previous[n].clone().filter(|st| i.client.has(st));
        problems.push((Setting::InstanceStrategy(n), p));
    }
}

/// One value per instance from `list`, each entry read by `read_entry`; `None` when there is no list, or it has
/// another length (a problem at the list's setting) or an entry `read_entry` refuses (at that entry's).
fn per_instance<T>(
    list: &Option<Vec<String>>,
    instances: usize,
    (whole, entry): (Setting, fn(usize) -> Setting),
    read_entry: impl Fn(&str) -> Result<T, Problem>,
    problems: &mut Problems,
) -> Option<Vec<T>> {
    let list = list.as_ref()?;
    if list.len() != instances {
        problems.push((whole, Problem::WrongCount { count: list.len(), instances }));
        return None;
    }
    let values: Result<Vec<T>, _> =
        list.iter().enumerate().map(|(i, e)| read_entry(e.trim()).map_err(|p| (entry(i), p))).collect();
    values.map_err(|p| problems.push(p)).ok()
}

/// The scenario the readable parameters describe, starting from `base` ([`read`]), with one problem per
/// bad parameter. Unknown parameter names are ignored (a link may carry others); `lang` and `embed` are the page's.
pub fn apply_params(base: &Scenario, params: &[(String, String)]) -> (Scenario, Vec<ParamProblem>) {
    let (s, read) = read(base, &SettingsText::of_params(params));
    let mut problems: Vec<ParamProblem> = vec![];
    for (setting, problem) in read {
        if !problems.iter().any(|p| p.param == setting.param()) {
            problems.push(ParamProblem { param: setting.param().into(), problem });
        }
    }
    (s, problems)
}

/// `broker-a:8,broker-b:4`; a bare `8` means `broker-a:8`. The first bad broker's problem.
pub fn parse_brokers(text: &str) -> Result<Vec<BrokerQueues>, Problem> {
    read_brokers(&broker_rows(text)?).map_err(|mut problems| problems.swap_remove(0).1)
}

/// The readable parameters that describe `s` (the inverse of [`apply_params`] for what they can say).
pub fn to_params(s: &Scenario) -> Vec<(String, String)> {
    let mut p = vec![
        ("strategy".to_string(), s.strategy.name().unwrap_or_else(|| "CONSISTENT_HASH".into())),
        ("topic".into(), s.topic.clone()),
        ("group".into(), s.group.clone()),
        (
            "queues".into(),
            s.brokers.iter().map(|b| format!("{}:{}", b.broker_name, b.read_queue_nums)).collect::<Vec<_>>().join(","),
        ),
        ("clients".into(), s.instances.iter().map(|i| i.client_id.as_str()).collect::<Vec<_>>().join(",")),
    ];
    match &s.strategy {
        Strategy::ConsistentHash { virtual_nodes }
        | Strategy::Nearby { inner: Inner::ConsistentHash { virtual_nodes }, .. } => {
            p.push(("vnodes".into(), virtual_nodes.to_string()))
        }
        Strategy::MachineRoom { idcs } => p.push(("idcs".into(), idcs.join(","))),
        _ => {}
    }
    if let Strategy::Nearby { separator, .. } = &s.strategy {
        p.push(("separator".into(), separator.to_string()));
    }
    if s.model == MessageModel::Broadcasting {
        p.push(("model".into(), "BROADCASTING".into()));
    }
    if s.instances.iter().any(|i| i.client != super::Client::default()) {
        let codes: Vec<&str> = s
            .instances
            .iter()
            .map(|i| if i.client == super::Client::default() { "" } else { i.client.code() })
            .collect();
        p.push(("sdks".into(), codes.join(",")));
    }
    if s.instances.iter().any(|i| i.strategy.is_some()) {
        let names: Vec<String> =
            s.instances.iter().map(|i| i.strategy.as_ref().and_then(Strategy::name).unwrap_or_default()).collect();
        p.push(("strategies".into(), names.join(",")));
    }
    match s.rebalance {
        Rebalance::Client => {}
        Rebalance::Broker { mode: RequestMode::Pull } => p.push(("rebalance".into(), "pull".into())),
        Rebalance::Broker { mode: RequestMode::Pop { share } } => {
            p.push(("rebalance".into(), "pop".into()));
            p.push(("share".into(), share.to_string()));
        }
    }
    let (c, default) = (&s.config, super::GroupConfig::default());
    let mut say = |setting: Setting, value: String, default: String| {
        if value != default {
            p.push((setting.param().into(), value));
        }
    };
    say(Setting::ConsumeEnable, c.consume_enable.to_string(), default.consume_enable.to_string());
    let notify = c.notify_consumer_ids_changed_enable.to_string();
    say(Setting::Notify, notify, default.notify_consumer_ids_changed_enable.to_string());
    say(Setting::RetryQueueNums, c.retry_queue_nums.to_string(), default.retry_queue_nums.to_string());
    let orderly = c.consume_message_orderly.to_string();
    say(Setting::ConsumeOrderly, orderly, default.consume_message_orderly.to_string());
    p
}

/// Which old line each line of an edited client list continues, so per-instance settings (a view, a CONFIG
/// list, not subscribing) stay with their instance instead of their line number. The `k`-th line reading
/// `id` continues the old list's `k`-th line reading `id` (deleting line 1 does not hand its view to line 2);
/// a line no old line reads the same (one being typed) continues the unclaimed old line at its own position,
/// if there is one; otherwise it is new (`None`).
pub fn carry_over<S: AsRef<str>, T: AsRef<str>>(old: &[S], new: &[T]) -> Vec<Option<usize>> {
    let mut by_id: foldhash::HashMap<&str, std::collections::VecDeque<usize>> = foldhash::HashMap::default();
    for (k, id) in old.iter().enumerate() {
        by_id.entry(id.as_ref()).or_default().push_back(k);
    }
    let mut map: Vec<Option<usize>> =
        new.iter().map(|id| by_id.get_mut(id.as_ref()).and_then(|q| q.pop_front())).collect();
    let mut claimed = vec![false; old.len()];
    for k in map.iter().flatten() {
        claimed[*k] = true;
    }
    for (j, m) in map.iter_mut().enumerate() {
        if m.is_none() && j < old.len() && !claimed[j] {
            *m = Some(j);
            claimed[j] = true;
        }
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_value_is_reported_at_its_setting_and_the_rest_applies() {
        let base = Scenario::default();
        let row = |name: &str, count: &str| BrokerText { name: name.into(), count: count.into() };
        let text = SettingsText {
            topic: Some(" Orders ".into()),
            queues: Some(QueuesText::Rows(vec![row("broker-a", "4"), row("broker-a", "x")])),
            clients: Some("a\nb".into()),
            strategy: Some("CONSISTENT_HASH".into()),
            vnodes: Some("-".into()),
            strategies: Some(vec!["AVG".into(), "FASTEST".into()]),
            ..SettingsText::default()
        };
        let (s, problems) = read(&base, &text);
        let at: Vec<Setting> = problems.iter().map(|(at, _)| *at).collect();
        let bad_rows = [Setting::BrokerName(1), Setting::BrokerCount(1)];
        assert_eq!(at, [&bad_rows[..], &[Setting::VirtualNodes, Setting::InstanceStrategy(1)]].concat());
        assert_eq!((s.topic.as_str(), s.test_ids()), ("Orders", vec!["a", "b"]));
        assert_eq!(s.brokers, base.brokers, "bad rows keep the base's brokers");
        assert_eq!(s.strategy, Strategy::ConsistentHash { virtual_nodes: 10 }, "bad virtual nodes keep the base's");
        assert!(s.instances.iter().all(|i| i.strategy.is_none()), "a list with a bad entry applies none");
    }

    #[test]
    fn a_ring_too_large_blames_the_value_that_made_it_so_and_keeps_the_last_valid_one() {
        let many = SettingsText { clients: Some((0..21).map(|i| format!("h{i}\n")).collect()), ..Default::default() };
        // 3 instances × 10,000 virtual nodes fit; 21 do not, and the client list is what changed.
        let base = Scenario { strategy: Strategy::ConsistentHash { virtual_nodes: 10_000 }, ..Scenario::default() };
        let (s, problems) = read(&base, &many);
        assert!(
            matches!(problems[..], [(Setting::Clients, Problem::RingTooLarge { instances: 21, .. })]),
            "{problems:?}"
        );
        assert_eq!(s, base);
        // 21 instances on AVG_BY_CIRCLE, and the strategy changes to a ring of 10,000 virtual nodes each.
        let (base, _) = read(&Scenario::default(), &many);
        let hash = SettingsText {
            strategy: Some("CONSISTENT_HASH".into()),
            vnodes: Some("10000".into()),
            ..SettingsText::default()
        };
        let (s, problems) = read(&base, &hash);
        assert!(matches!(problems[..], [(Setting::VirtualNodes, Problem::RingTooLarge { .. })]), "{problems:?}");
        assert_eq!(s, base);
    }
}
