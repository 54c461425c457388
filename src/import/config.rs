//! `mqadmin getConsumerConfig -g <group>` (TIMING.md E0): per broker a `=====<cluster>:<broker>=====` line, then
//! every `SubscriptionGroupConfig` field as `%-40s=  value` (groupName, consumeEnable, consumeFromMinEnable,
//! consumeBroadcastEnable, consumeMessageOrderly, retryQueueNums, retryMaxTimes, groupRetryPolicy, brokerId,
//! whichBrokerWhenConsumeSlowly, notifyConsumerIdsChangedEnable, groupSysFlag, consumeTimeoutMinute,
//! subscriptionDataSet, attributes). Only the four fields that change the picture are kept.
//!
//! Tolerates: collapsed padding (`consumeEnable=true`), tabs, log lines around it, HTML a chat left in the text
//! (tags dropped, `&nbsp;` and friends read, said once), unknown fields, and a block cut short (the fields it
//! lacks are named and keep RocketMQ's defaults).
//!
//! When brokers disagree a note says which broker has which, and [`GroupConfigs::merged`] keeps what each broker
//! says where it counts per broker: `consumeEnable` (only that broker's queues get code 16, E1) and
//! `retryQueueNums` (each broker holds its own retry queues, D2) as [`GroupConfig::per_broker`]; for the group
//! as a whole FIFO on any broker (the proxy reads it) and notifications on if any broker has them on (every
//! broker node notifies the members it knows, TIMING.md A3).

use super::format::Format;
use super::note::{Note, Part};
use super::reader::Read;
use super::text::{quote, Line};
use crate::group::{BrokerConfig, GroupConfig};

/// One broker's block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigBlock {
    pub cluster: String,
    pub broker: String,
    pub group: Option<String>,
    pub consume_enable: Option<bool>,
    pub notify: Option<bool>,
    pub retry_queue_nums: Option<i32>,
    pub consume_orderly: Option<bool>,
}

/// Every broker's block, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroupConfigs {
    pub blocks: Vec<ConfigBlock>,
}

/// The field names the picture uses, as the output prints them.
const FIELDS: [&str; 4] =
    ["consumeEnable", "notifyConsumerIdsChangedEnable", "retryQueueNums", "consumeMessageOrderly"];

/// `=====<cluster>:<broker>=====`, markup removed: the cluster and broker.
pub(crate) fn marker(line: &str) -> Option<(String, String)> {
    let t = plain(line);
    let inner = t.trim().strip_prefix("=====")?.strip_suffix("=====")?;
    let (cluster, broker) = inner.split_once(':')?;
    Some((cluster.trim().to_string(), broker.trim().to_string()))
}

/// The text without HTML tags, with the entities a chat writes for spaces and brackets read.
fn plain(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_tag = false;
    for c in line.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&nbsp;", " ").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&")
}

pub(crate) fn read(lines: &[Line]) -> Read<GroupConfigs> {
    let mut out = GroupConfigs::default();
    let mut notes = vec![];
    let mut markup = false;
    for line in lines {
        let cleaned = plain(line.text);
        markup |= cleaned.len() != line.text.len();
        let t = cleaned.trim();
        if t.is_empty() {
            continue;
        }
        if let Some((cluster, broker)) = marker(t) {
            out.blocks.push(ConfigBlock {
                cluster,
                broker,
                group: None,
                consume_enable: None,
                notify: None,
                retry_queue_nums: None,
                consume_orderly: None,
            });
            continue;
        }
        let (Some(block), Some((key, value))) = (out.blocks.last_mut(), t.split_once('=')) else { continue };
        let (key, value) = (key.trim(), value.trim());
        let bad = || Note::BadRow { line: line.no, text: quote(t) };
        let boolean = |v: &str| match v.to_ascii_lowercase().as_str() {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        };
        match (key, boolean(value)) {
            ("groupName", _) => block.group = (!value.is_empty()).then(|| value.to_string()),
            ("consumeEnable", Some(v)) => block.consume_enable = Some(v),
            ("notifyConsumerIdsChangedEnable", Some(v)) => block.notify = Some(v),
            ("consumeMessageOrderly", Some(v)) => block.consume_orderly = Some(v),
            ("consumeEnable" | "notifyConsumerIdsChangedEnable" | "consumeMessageOrderly", None) => notes.push(bad()),
            ("retryQueueNums", _) => match value.parse::<i32>() {
                Ok(n) => block.retry_queue_nums = Some(n),
                Err(_) => notes.push(bad()),
            },
            _ => {}
        }
    }
    if out.blocks.is_empty() {
        return Read { format: None, out: None, notes };
    }
    if markup {
        notes.insert(0, Note::MarkupRemoved);
    }
    for b in &out.blocks {
        let missing: Vec<String> = FIELDS
            .iter()
            .zip([
                b.consume_enable.is_none(),
                b.notify.is_none(),
                b.retry_queue_nums.is_none(),
                b.consume_orderly.is_none(),
            ])
            .filter(|(_, missing)| *missing)
            .map(|(f, _)| f.to_string())
            .collect();
        if missing.len() == FIELDS.len() {
            notes.push(Note::EndsEarly { missing: Part::Rows });
        }
        if !missing.is_empty() {
            notes.push(Note::ConfigFieldsMissing { broker: b.broker.clone(), fields: missing });
        }
    }
    Read { format: Some(Format::ConsumerConfig), out: Some(out), notes }
}

impl GroupConfigs {
    /// The group the blocks name (the first that does).
    pub fn group(&self) -> Option<&str> {
        self.blocks.iter().find_map(|b| b.group.as_deref())
    }

    /// One config for the scenario, and a note for each field the brokers disagree on (module doc: which value).
    pub fn merged(&self) -> (GroupConfig, Vec<Note>) {
        let mut c = GroupConfig::default();
        let mut notes = vec![];
        let mut field = |name: &str, values: Vec<(String, String)>| {
            let mut distinct: Vec<&String> = values.iter().map(|(_, v)| v).collect();
            distinct.sort();
            distinct.dedup();
            if distinct.len() > 1 {
                notes.push(Note::ConfigDisagrees { field: name.into(), values: values.clone() });
            }
        };
        let of = |f: fn(&ConfigBlock) -> Option<String>| -> Vec<(String, String)> {
            self.blocks.iter().filter_map(|b| Some((b.broker.clone(), f(b)?))).collect()
        };
        field(FIELDS[0], of(|b| b.consume_enable.map(|v| v.to_string())));
        field(FIELDS[1], of(|b| b.notify.map(|v| v.to_string())));
        field(FIELDS[2], of(|b| b.retry_queue_nums.map(|v| v.to_string())));
        field(FIELDS[3], of(|b| b.consume_orderly.map(|v| v.to_string())));
        let blocks = &self.blocks;
        let notify: Vec<bool> = blocks.iter().filter_map(|b| b.notify).collect();
        c.notify_consumer_ids_changed_enable = notify.is_empty() || notify.iter().any(|&v| v);
        c.consume_message_orderly = blocks.iter().filter_map(|b| b.consume_orderly).any(|v| v);
        // Each broker's own copy, a field it lacks at RocketMQ's default; one value for the group when they
        // all agree, else each broker's (a broker the output does not show keeps the defaults).
        let (default_enable, default_retry) = (c.consume_enable, c.retry_queue_nums);
        let mut each: Vec<BrokerConfig> = vec![];
        for b in blocks {
            let own = BrokerConfig {
                broker: b.broker.clone(),
                consume_enable: b.consume_enable.unwrap_or(default_enable),
                retry_queue_nums: b.retry_queue_nums.unwrap_or(default_retry),
            };
            match each.iter_mut().find(|e| e.broker == own.broker) {
                Some(e) => *e = own,
                None => each.push(own),
            }
        }
        let same = |f: fn(&BrokerConfig) -> (bool, i32)| each.windows(2).all(|w| f(&w[0]) == f(&w[1]));
        match (each.first(), same(|b| (b.consume_enable, b.retry_queue_nums))) {
            (Some(first), true) => {
                c.consume_enable = first.consume_enable;
                c.retry_queue_nums = first.retry_queue_nums;
            }
            _ => c.per_broker = each,
        }
        (c, notes)
    }
}
