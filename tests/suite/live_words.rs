//! The live reader's words are all in `locales/*/live.ftl`: everything a read can miss and every change a
//! watch can see, in every form its values select, said in the pseudo-locale, is accented and bracketed.
#![cfg(not(target_arch = "wasm32"))]

use rebalance_playground::group::Lang;
use rebalance_playground::live::remoting::{Error, FrameError, HeaderError, Io, Problem};
use rebalance_playground::live::watch::Change;
use rebalance_playground::live::Missing;
use rebalance_playground::record::Status;
use std::collections::BTreeSet;

/// Accented and bracketed: the sentence came from the files. `data`: words the placeables may show.
fn in_the_files(text: &str, data: &BTreeSet<&str>) -> bool {
    let words = text.split(|c: char| !c.is_ascii_alphabetic()).filter(|w| w.len() >= 2);
    text.starts_with('[') && text.ends_with(']') && words.into_iter().all(|w| data.contains(w))
}

/// Values without letters, so any plain letter in a sentence is a word left in the code.
fn v(n: u32) -> String {
    format!("{n}.{n}")
}

/// Every way a request can fail, each of its values selecting every form.
fn problems() -> Vec<Problem> {
    let io = [
        Io::Refused,
        Io::Reset,
        Io::Aborted,
        Io::TimedOut,
        Io::Unreachable,
        Io::Closed,
        Io::InUse,
        Io::NotAvailable,
        Io::Other("111".into()),
    ];
    let field = "opaque";
    let header = [
        HeaderError::NotJson,
        HeaderError::NotAnObject,
        HeaderError::NotANumber { field },
        HeaderError::Missing { field },
        HeaderError::PastEnd { field, length: 1, size: 2 },
        HeaderError::NegativeLength { field, length: -1 },
        HeaderError::NotUtf8 { field },
    ];
    let mut frames = vec![
        FrameError::BadLength(1),
        FrameError::HeaderPastFrame { header: 9, frame: 1 },
        FrameError::UnknownSerialize(2),
    ];
    frames.extend(header.into_iter().map(FrameError::BadHeader));
    let mut out = vec![Problem::Resolve];
    for e in io {
        out.extend([Problem::Connect(e.clone()), Problem::Send(e.clone()), Problem::Read(e)]);
    }
    for (got, expected) in [(0, None), (1, None), (2, Some(1)), (1, Some(4))] {
        out.extend([Problem::TimedOut { got, expected }, Problem::Closed { got, expected }]);
    }
    out.extend(frames.into_iter().map(Problem::Frame));
    out.extend([
        Problem::OtherOpaque { expected: 1, got: 2 },
        Problem::Refused { code: 1, remark: None },
        Problem::Refused { code: 1, remark: Some(v(3)) },
        Problem::OnlyRequests(1),
        Problem::OnlyRequests(16),
    ]);
    out
}

/// A request to `v(n)` that failed with `problem`.
fn failed(n: u32, problem: Problem) -> Error {
    Error { server: v(n), request: v(n + 1), problem }
}

fn missing() -> Vec<Missing> {
    let p = |n| failed(n, Problem::Connect(Io::Refused));
    vec![
        Missing::NoNameServer,
        Missing::NoNameServerAnswered { problems: vec![p(1), p(2)] },
        Missing::Brokers { problem: p(1) },
        Missing::Connections { problem: p(1) },
        Missing::NotOnline { group: v(1), brokers: vec![v(2), v(3)] },
        Missing::NotAConsumerList { server: v(1), body: v(2) },
        Missing::CidAll { problem: p(1) },
        Missing::NotAConnection { server: v(1) },
        Missing::NoTopic,
        Missing::Route { topic: v(1), problem: p(2) },
        Missing::Lag { broker: v(1), problem: p(2) },
        Missing::Holdings { client_id: v(1), problem: p(2) },
    ]
}

/// What went wrong with a request, every way, is said from the files, and differently in each language: in
/// Chinese, no English sentence inside a Chinese one.
#[test]
fn every_way_a_request_fails_is_in_the_files() {
    // The server's response code by name and a header field's name on the wire are placeables.
    let data = BTreeSet::from(["SYSTEM", "ERROR", "opaque", "JSON", "ROCKETMQ"]);
    let wrong: Vec<String> = problems()
        .into_iter()
        .map(|p| failed(1, p))
        .filter(|e| !in_the_files(&e.text(Lang::Pseudo), &data) || e.text(Lang::En) == e.text(Lang::Zh))
        .map(|e| format!("{e:?}: {}", e.text(Lang::Pseudo)))
        .collect();
    assert!(wrong.is_empty(), "not in locales/*/live.ftl:\n{}", wrong.join("\n"));
}

fn changes() -> Vec<Change> {
    let mut changes = vec![
        Change::Joined { client_id: v(1) },
        Change::Left { client_id: v(1) },
        Change::Shared { client_id: v(1), connections: 2 },
        Change::Unshared { client_id: v(1) },
        Change::Reconnected { client_id: v(1), from: v(2), to: v(3) },
        Change::QueueAdded { queue: v(1) },
        Change::QueueRemoved { queue: v(1) },
        Change::Moved { queue: v(1), from: vec![], to: vec![v(2), v(3)] },
        Change::Starved { queue: v(1), lag: Some(7), held: false },
        Change::Starved { queue: v(1), lag: None, held: false },
        Change::Starved { queue: v(1), lag: Some(7), held: true },
        Change::Starved { queue: v(1), lag: None, held: true },
        Change::Fed { queue: v(1) },
        Change::Overlapped { queue: v(1), consumers: vec![v(2), v(2)] },
        Change::NoLongerOverlapped { queue: v(1) },
    ];
    for (instances, queues, starved) in [(1, 1, vec![]), (3, 8, vec![v(1), v(2)])] {
        changes.push(Change::Start { instances, queues, starved: starved.clone(), overlapped: starved });
    }
    for was in [None, Some(Status::Ok)] {
        for status in [Status::Ok, Status::Warn, Status::Stall, Status::Stop] {
            changes.push(Change::Lag { queue: v(1), status, was, lag: 12, growth: -3, seconds: 60.4 });
        }
    }
    changes.extend(
        missing().into_iter().flat_map(|m| [Change::Missing { what: m.clone() }, Change::Recovered { what: m }]),
    );
    changes
}

#[test]
fn everything_a_read_misses_and_a_watch_sees_is_in_the_files() {
    // The lag's judgement is a name the same in every language: a placeable.
    let data = BTreeSet::from(["OK", "WARN", "STALL", "STOP"]);
    let mut said: Vec<(String, String)> = missing().iter().map(|m| (format!("{m:?}"), m.text(Lang::Pseudo))).collect();
    said.extend(changes().iter().map(|c| (format!("{c:?}"), c.text(Lang::Pseudo))));
    let wrong: Vec<String> =
        said.iter().filter(|(_, s)| !in_the_files(s, &data)).map(|(what, s)| format!("{what}: {s}")).collect();
    assert!(wrong.is_empty(), "not in locales/*/live.ftl:\n{}", wrong.join("\n"));
    for m in missing() {
        assert_ne!(m.text(Lang::En), m.text(Lang::Zh), "{m:?}");
    }
}

#[test]
fn a_watch_says_its_changes_as_it_did() {
    let en = |c: Change| c.text(Lang::En);
    assert_eq!(
        en(Change::Start { instances: 1, queues: 8, starved: vec![], overlapped: vec!["b:1".into(), "b:2".into()] }),
        "1 instance, 8 queues; starved: none; overlapped: b:1, b:2"
    );
    assert_eq!(
        en(Change::Moved { queue: "b:1".into(), from: vec![], to: vec!["a".into()] }),
        "queue b:1 moved: nobody -> a"
    );
    let lag = |was| Change::Lag { queue: "b:1".into(), status: Status::Stop, was, lag: 12, growth: 0, seconds: 59.6 };
    assert_eq!(en(lag(None)), "queue b:1 lag STOP (lag 12, +0 over 60 s)");
    assert_eq!(en(lag(Some(Status::Warn))), "queue b:1 lag STOP (was WARN) (lag 12, +0 over 60 s)");
    assert_eq!(en(Change::Missing { what: Missing::NoNameServer }), "cannot read: no name server given");
    let not_online = Missing::NotOnline { group: "g".into(), brokers: vec!["a".into(), "b".into()] };
    assert_eq!(not_online.text(Lang::En), "no consumer of g is online (a, b said CONSUMER_NOT_ONLINE)");
    let body = Missing::NotAConsumerList { server: "s".into(), body: "[]".into() };
    assert_eq!(
        body.text(Lang::En),
        "GET_CONSUMER_LIST_BY_GROUP (38) to s: an answer body that is not {\"consumerIdList\":[...]}: []"
    );
}
