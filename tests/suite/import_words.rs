//! The import's words are all in `locales/*/import.ftl`: every [`Note`] and [`Found`], in every form its values
//! select (one and many, empty lists, one host and several, each part and each count), said in the
//! pseudo-locale, is accented and bracketed; so is what `rebalance diagnose --lang pseudo` says of its inputs.
#![cfg(not(target_arch = "wasm32"))]

use rebalance_playground::group::Lang;
use rebalance_playground::import::{Counted, Format, Found, Note, Part, SharedHosts};
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

fn vs(n: u32) -> Vec<String> {
    (1..=n).map(v).collect()
}

fn shared(id: u32, connections: usize, hosts: u32) -> SharedHosts {
    SharedHosts { client_id: v(id), connections, hosts: vs(hosts) }
}

/// The name of each kind of note; a new kind fails to compile here until it has a name, and the test below
/// until it has a sample.
fn kind(n: &Note) -> &'static str {
    match n {
        Note::Unrecognised { .. } => "unrecognised",
        Note::UnrecognisedJson { .. } => "unrecognisedJson",
        Note::NothingToRead { .. } => "nothingToRead",
        Note::GroupList { .. } => "groupList",
        Note::InputCut { .. } => "inputCut",
        Note::TooMany { .. } => "tooMany",
        Note::SkippedLines { .. } => "skippedLines",
        Note::BlockLeftOut { .. } => "blockLeftOut",
        Note::CommandFailed { .. } => "commandFailed",
        Note::BrokerStatsRead { .. } => "brokerStatsRead",
        Note::BrokerStatsGroups { .. } => "brokerStatsGroups",
        Note::RowCutShort { .. } => "rowCutShort",
        Note::BadRow { .. } => "badRow",
        Note::EndsEarly { .. } => "endsEarly",
        Note::RowsElided { .. } => "rowsElided",
        Note::QueuesMissing { .. } => "queuesMissing",
        Note::MaybeCut { .. } => "maybeCut",
        Note::JsonCut => "jsonCut",
        Note::DashboardError { .. } => "dashboardError",
        Note::Dropped { .. } => "dropped",
        Note::TopicChosen { .. } => "topicChosen",
        Note::NotSubscribed { .. } => "notSubscribed",
        Note::TopicNotInInputs { .. } => "topicNotInInputs",
        Note::OnlyRetryTopic { .. } => "onlyRetryTopic",
        Note::MarkupRemoved => "markupRemoved",
        Note::ConfigFieldsMissing { .. } => "configFieldsMissing",
        Note::ConfigDisagrees { .. } => "configDisagrees",
        Note::RetryQueueNumsInferred { .. } => "retryQueueNumsInferred",
        Note::NoTopic => "noTopic",
        Note::NoRoute { .. } => "noRoute",
        Note::BrokersInferred { .. } => "brokersInferred",
        Note::BrokersFromStatus { .. } => "brokersFromStatus",
        Note::NotReadable { .. } => "notReadable",
        Note::RouteDisagrees { .. } => "routeDisagrees",
        Note::BrokerNotInRoute { .. } => "brokerNotInRoute",
        Note::RoutesDiffer => "routesDiffer",
        Note::GroupUnknown => "groupUnknown",
        Note::GroupsDiffer { .. } => "groupsDiffer",
        Note::OtherGroup { .. } => "otherGroup",
        Note::PopRetryTopics { .. } => "popRetryTopics",
        Note::Pop => "pop",
        Note::NoConnections => "noConnections",
        Note::InstancesFromStatusList { .. } => "instancesFromStatusList",
        Note::InstancesFromHolders { .. } => "instancesFromHolders",
        Note::SharedClientId { .. } => "sharedClientId",
        Note::SharedClientIds { .. } => "sharedClientIds",
        Note::ConnectionListsDiffer { .. } => "connectionListsDiffer",
        Note::ClientAssumed { .. } => "clientAssumed",
        Note::ModelAssumed => "modelAssumed",
        Note::Broadcasting => "broadcasting",
        Note::StrategyAssumed => "strategyAssumed",
        Note::StrategyNotSent => "strategyNotSent",
        Note::StrategyInferred { .. } => "strategyInferred",
        Note::StrategyAmbiguous { .. } => "strategyAmbiguous",
        Note::StrategyUnknown { .. } => "strategyUnknown",
        Note::StrategyUnknownInferred { .. } => "strategyUnknownInferred",
        Note::StrategyParamsAssumed { .. } => "strategyParamsAssumed",
        Note::StrategiesDiffer { .. } => "strategiesDiffer",
        Note::HolderNotConnected { .. } => "holderNotConnected",
        Note::HeldOutsideRoute { .. } => "heldOutsideRoute",
        Note::OneHolderPerQueue { .. } => "oneHolderPerQueue",
        Note::StatusCollapses => "statusCollapses",
        Note::OneClientOnly { .. } => "oneClientOnly",
        Note::SameSnapshot { .. } => "sameSnapshot",
        Note::SnapshotsReordered { .. } => "snapshotsReordered",
        Note::SnapshotsUnordered { .. } => "snapshotsUnordered",
        Note::SnapshotsShareNoQueue { .. } => "snapshotsShareNoQueue",
        Note::LastTimeUnreadable { .. } => "lastTimeUnreadable",
        Note::LastTimeLocal => "lastTimeLocal",
        Note::ExplainedBy { .. } => "explainedBy",
        Note::NothingExplains => "nothingExplains",
        Note::MoreLikeThese { .. } => "moreLikeThese",
    }
}

/// Every kind of note, each in the forms its values select.
fn notes() -> Vec<Note> {
    const PARTS: [Part; 7] = [
        Part::Subscription,
        Part::MessageModel,
        Part::Totals,
        Part::MqDetail,
        Part::Strategy,
        Part::Rows,
        Part::QueueData,
    ];
    const COUNTED: [Counted; 5] =
        [Counted::Connections, Counted::Rows, Counted::Queues, Counted::Lines, Counted::JsonValues];
    let mut notes = vec![
        Note::Unrecognised { begins: v(1) },
        Note::NothingToRead { format: Format::ConsumeStats },
        Note::InputCut { bytes: 9_000_000, max: 8_388_608 },
        Note::RowCutShort { line: 3, text: v(1) },
        Note::BlockLeftOut { from: 3, to: 3, count: 1, like: Format::ConsumerStatusList, first: v(1) },
        Note::BlockLeftOut { from: 3, to: 7, count: 5, like: Format::ConsumerConnection, first: v(1) },
        Note::CommandFailed { error: v(1) },
        Note::BrokerStatsRead { group: v(1), others: vec![] },
        Note::BrokerStatsRead { group: v(1), others: vs(2) },
        Note::BadRow { line: 3, text: v(1) },
        Note::RowsElided { line: 3 },
        Note::QueuesMissing { topic: v(1), broker: v(2), from: 3, to: 3 },
        Note::QueuesMissing { topic: v(1), broker: v(2), from: 3, to: 7 },
        Note::MaybeCut { text: v(1), width: 32 },
        Note::JsonCut,
        Note::DashboardError { status: "-1".into(), message: v(1) },
        Note::Dropped { queue: v(1) },
        Note::OnlyRetryTopic { topic: v(1) },
        Note::MarkupRemoved,
        Note::ConfigFieldsMissing { broker: v(1), fields: vs(2) },
        Note::ConfigDisagrees { field: v(1), values: vec![(v(2), v(3)), (v(4), v(5))] },
        Note::RetryQueueNumsInferred { topic: v(1), count: 2 },
        Note::NoTopic,
        Note::NoRoute { topic: v(1) },
        Note::NotReadable { broker: v(1), perm: 2 },
        Note::BrokerNotInRoute { broker: v(1) },
        Note::RoutesDiffer,
        Note::GroupUnknown,
        Note::OtherGroup { group: v(1), shown: v(2) },
        Note::PopRetryTopics { group: v(1) },
        Note::Pop,
        Note::NoConnections,
        Note::ClientAssumed { client_id: v(1), language: v(2), version: v(3) },
        Note::ModelAssumed,
        Note::Broadcasting,
        Note::StrategyAssumed,
        Note::StrategyNotSent,
        Note::StrategyInferred { strategy: v(1), instances: vs(1), live: true },
        Note::StrategyInferred { strategy: v(1), instances: vs(2), live: false },
        Note::StrategyAmbiguous { client_id: v(1), slot: 2, strategies: vs(2), live: true },
        Note::StrategyAmbiguous { client_id: v(1), slot: 2, strategies: vs(2), live: false },
        Note::StrategyUnknown { class: v(1) },
        Note::StrategyUnknownInferred { class: v(1) },
        Note::StrategyParamsAssumed { strategy: v(1) },
        Note::StrategiesDiffer { strategies: vs(2), live: false },
        Note::StrategiesDiffer { strategies: vs(2), live: true },
        Note::HeldOutsideRoute { queues: vs(14) },
        Note::OneHolderPerQueue { by_ip: true },
        Note::OneHolderPerQueue { by_ip: false },
        Note::StatusCollapses,
        Note::OneClientOnly { client_id: v(1) },
        Note::SameSnapshot { first: v(1), other: v(2) },
        Note::SnapshotsReordered { earlier: v(1), later: v(2) },
        Note::SnapshotsUnordered { first: v(1), other: v(2) },
        Note::SnapshotsShareNoQueue { first: v(1), other: v(2), topic: v(3) },
        Note::LastTimeUnreadable { queue: v(1), text: v(2) },
        Note::LastTimeLocal,
        Note::ExplainedBy { strategies: vs(2), assumed: None },
        Note::ExplainedBy { strategies: vs(2), assumed: Some(v(3)) },
        Note::NothingExplains,
        Note::SharedClientIds {
            ids: vec![
                shared(1, 5, 0),
                shared(2, 4, 1),
                shared(3, 3, 3),
                shared(4, 2, 2),
                shared(5, 2, 2),
                shared(6, 2, 2),
            ],
            connections: 17,
        },
    ];
    notes.extend(PARTS.map(|missing| Note::EndsEarly { missing }));
    notes.extend(COUNTED.map(|what| Note::TooMany { what, max: 1024 }));
    for n in [0, 1, 2, 14] {
        notes.extend([
            Note::UnrecognisedJson { keys: vs(n) },
            Note::TopicNotInInputs { topic: v(1), choices: vs(n) },
            Note::SharedClientId { client_id: v(1), count: 2 + n as usize, hosts: vs(n) },
        ]);
    }
    for n in [1, 2, 14] {
        let count = n as usize;
        notes.extend([
            Note::GroupList { groups: count },
            Note::BrokerStatsGroups { groups: vs(n) },
            Note::SkippedLines { count, first: v(1) },
            Note::TopicChosen { topic: v(1), choices: vs(n) },
            Note::BrokersInferred { topic: v(1), brokers: (1..=n).map(|b| (v(b), b)).collect() },
            Note::BrokersFromStatus { brokers: (1..=n).map(|b| (v(b), b)).collect() },
            Note::RouteDisagrees { broker: v(1), read_queues: n, seen: n + 1 },
            Note::InstancesFromStatusList { count },
            Note::InstancesFromHolders { count },
            Note::ConnectionListsDiffer { first: v(1), other: v(2), first_count: count, other_count: count + 1 },
            Note::HolderNotConnected { holder: v(1), queues: vs(n) },
            Note::MoreLikeThese { count },
            Note::GroupsDiffer { shown: v(1), others: vs(n), left_out: vs(n) },
        ]);
        for shown_subscribed in [true, false] {
            notes.push(Note::NotSubscribed { subscribed: vs(2), topics: vs(n), shown: v(1), shown_subscribed });
        }
    }
    notes
}

/// Every kind of finding of one input, each in the forms its values select.
fn found() -> Vec<Found> {
    let mut found = vec![
        Found::Model { model: v(1) },
        Found::ConsumeType { consume_type: v(1) },
        Found::Strategy { class: v(1) },
        Found::Group { group: v(1) },
        Found::GroupConfig { brokers: vs(2) },
    ];
    for n in [1, 2, 14] {
        let count = n as usize;
        found.extend([
            Found::Connections { count, distinct: count },
            Found::Subscriptions { topics: vs(n) },
            Found::QueueRows { count, topics: vs(n) },
            Found::Holders { queues: count, by_ip: true },
            Found::Holders { queues: count, by_ip: false },
            Found::Route { brokers: (1..=n).map(|b| (v(b), b)).collect() },
            Found::StatusQueues { brokers: (1..=n).map(|b| (v(b), b)).collect() },
            Found::Client { client_id: v(1), held: count },
            Found::StatusClients { count },
        ]);
    }
    found
}

#[test]
fn every_note_is_in_the_files() {
    let notes = notes();
    let kinds: BTreeSet<&str> = notes.iter().map(kind).collect();
    assert_eq!(kinds.len(), 72, "a kind of note has no sample here: {kinds:?}");
    // The format's name is the same in every language: a placeable.
    let data = BTreeSet::from(["ConsumeStats", "JSON", "mqadmin", "consumerStatus", "consumerConnection"]);
    let mut missing = vec![];
    for n in &notes {
        for said in std::iter::once(n.text(Lang::Pseudo)).chain(n.entries(Lang::Pseudo)) {
            if !in_the_files(&said, &data) {
                missing.push(format!("{n:?}: {said}"));
            }
        }
        let (en, zh) = (n.text(Lang::En), n.text(Lang::Zh));
        assert!(!en.is_empty() && en != zh, "{n:?}");
    }
    assert!(missing.is_empty(), "not in locales/*/import.ftl:\n{}", missing.join("\n"));
}

#[test]
fn everything_an_input_gives_is_in_the_files() {
    let none = BTreeSet::new();
    let missing: Vec<String> = found()
        .iter()
        .map(|f| (f, f.text(Lang::Pseudo)))
        .filter(|(_, said)| !in_the_files(said, &none))
        .map(|(f, said)| format!("{f:?}: {said}"))
        .collect();
    assert!(missing.is_empty(), "not in locales/*/import.ftl:\n{}", missing.join("\n"));
}

#[test]
fn counts_take_their_plural_forms() {
    let en = |n: Note| n.text(Lang::En);
    assert!(en(Note::SkippedLines { count: 1, first: "x".into() }).starts_with("1 line is not part of the output"));
    assert!(en(Note::SkippedLines { count: 2, first: "x".into() }).starts_with("2 lines are not part of the output"));
    assert!(en(Note::InstancesFromStatusList { count: 1 }).starts_with("The 1 instance comes from consumerStatus"));
    assert!(en(Note::InstancesFromHolders { count: 1 }).starts_with("The 1 instance is the holder the dashboard"));
    assert!(
        en(Note::HolderNotConnected { holder: "c".into(), queues: vec!["q".into()] }).contains("holding a queue (q)")
    );
    assert_eq!(en(Note::MoreLikeThese { count: 1 }), "… and 1 more note like the ones above.");
    let one_host = en(Note::SharedClientId { client_id: "c".into(), count: 2, hosts: vec!["h".into()] });
    assert!(one_host.starts_with("2 connections report clientId c, from host h: "), "{one_host}");
    let ids = Note::SharedClientIds { ids: vec![shared(1, 1, 0), shared(2, 2, 1), shared(3, 3, 2)], connections: 6 };
    assert!(en(ids).contains(
        "most first: 1.1 (1 connection), 2.2 (2 connections, from host 1.1) and 3.3 (3 connections, from 2 hosts). "
    ),);
    // A list past 12 items is cut, and says how many more there are.
    let outside = en(Note::HeldOutsideRoute { queues: vs(14) });
    assert!(
        outside.ends_with(": 1.1, 2.2, 3.3, 4.4, 5.5, 6.6, 7.7, 8.8, 9.9, 10.10, 11.11, 12.12 and 2 more."),
        "{outside}"
    );
    assert_eq!(Found::Client { client_id: "c".into(), held: 1 }.text(Lang::En), "client c, holding 1 queue");
    assert_eq!(Found::Connections { count: 1, distinct: 1 }.text(Lang::En), "1 connection (1 distinct clientId)");
    let differ = |first_count, other_count| Note::ConnectionListsDiffer {
        first: "a".into(),
        other: "b".into(),
        first_count,
        other_count,
    };
    assert!(
        en(differ(2, 1)).contains("a has 2 connections, b has 1 connection (or other clientIds)"),
        "{}",
        en(differ(2, 1))
    );
    assert!(en(differ(1, 2)).contains("a has 1 connection, b has 2 connections (or other"), "{}", en(differ(1, 2)));
    assert!(en(Note::GroupList { groups: 1 }).contains("(1 group)"));
    assert!(en(Note::InstancesFromHolders { count: 2 }).starts_with("The 2 instances are the holders"));
    for n in [1, 2] {
        assert!(!Note::ConnectionListsDiffer { first: "a".into(), other: "b".into(), first_count: n, other_count: n }
            .text(Lang::Zh)
            .is_empty());
    }
}

/// The group line of the report, in the singular where the counts are one, and with the topic unknown when no
/// input names it.
#[test]
fn the_rebuilt_group_line_takes_singular_forms_and_an_unknown_topic() {
    use rebalance_playground::import::{rebuild, Input, Options};
    use rebalance_playground::page::observed::rebuilt_group;
    let connection = "#ClientId   #ClientAddr   #Language  #Version\n10.0.0.12@1  10.0.0.12:50001  JAVA  V5_3_3\n";
    let route =
        r#"{"brokerDatas":[],"queueDatas":[{"brokerName":"broker-a","perm":6,"readQueueNums":1,"writeQueueNums":1}]}"#;
    let r = rebuild(&[Input::new("c", connection), Input::new("r", route)], &Options::default());
    let line = rebuilt_group(Lang::En, &r);
    assert!(
        line.starts_with("Rebuilt: group ?, topic unknown, 1 instance (one per connection), 1 read queue."),
        "{line}"
    );
    let r = rebuild(&[Input::new("r", route)], &Options::default());
    let line = rebuilt_group(Lang::En, &r);
    assert!(line.starts_with("Rebuilt: group ?, topic unknown, 1 read queue;"), "{line}");
    assert!(rebuilt_group(Lang::Zh, &r).contains("未知"));
}

/// Runs `rebalance` with `args` and `stdin`: its exit code and output.
fn rebalance(args: &[&str], stdin: &str) -> (i32, String) {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_rebalance"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn diagnose_says_what_it_read_and_assumed_in_the_pseudo_locale() {
    let progress = include_str!("../fixtures/cluster-output/samples/public-10-docker/progress.txt");
    let (code, out) = rebalance(&["diagnose", "--lang", "pseudo", "-"], progress);
    assert_eq!(code, 0, "{out}");
    // Names from the paste (topic, brokers, clientIds) and the format's name are placeables.
    let mut data: BTreeSet<&str> = progress.split(|c: char| !c.is_ascii_alphabetic()).collect();
    data.extend(["mqadmin", "consumerProgress"]);
    let lines: Vec<&str> = out.lines().collect();
    let section = |heading: &str| -> Vec<&str> {
        let start = lines.iter().position(|l| l.starts_with(heading)).unwrap_or_else(|| panic!("no {heading}: {out}"));
        lines[start + 1..].iter().take_while(|l| !l.is_empty()).copied().collect()
    };
    let mut said = vec![];
    for line in section("[ŕééååð:") {
        match line.strip_prefix("- -: mqadmin consumerProgress: ") {
            Some(found) => said.push(found),
            None => said.extend(line.strip_prefix("  ").and_then(|n| n.split_once("] ")).map(|(_, n)| n)),
        }
    }
    let assumed = section("[ååššûûɱééð:");
    assert!(!assumed.is_empty(), "{out}");
    said.extend(assumed.iter().chain(&section("[ñööţééš:")).filter_map(|l| l.strip_prefix("- ")));
    assert!(said.len() > 5, "{out}");
    for s in said {
        assert!(in_the_files(s, &data), "{s}");
    }
}
