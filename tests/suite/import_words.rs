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
    SharedHosts { client_id: v(id), connections, hosts: vs(hosts), cut: 0 }
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
        Note::ClientCut { .. } => "clientCut",
        Note::ClientOfTwin { .. } => "clientOfTwin",
        Note::StatusNotUsed { .. } => "statusNotUsed",
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
        Note::ClientCut { client_id: v(1) },
        Note::ClientOfTwin { client_id: v(1), language: v(2), version: v(3) },
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
            Note::SharedClientId { client_id: v(1), count: 2 + n as usize, hosts: vs(n), cut: 0 },
            Note::SharedClientId { client_id: v(1), count: 3 + n as usize, hosts: vs(n), cut: 1 },
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
            Note::StatusNotUsed {
                topic: v(1),
                status: (1..=n).map(|b| (v(b), b + 1)).collect(),
                seen: (1..=n).map(|b| (v(b), b)).collect(),
            },
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
    // -s printed with every #Client IP N/A: no holder's IP at all.
    found.push(Found::Holders { queues: 0, by_ip: true });
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
    assert_eq!(kinds.len(), 75, "a kind of note has no sample here: {kinds:?}");
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
    let one_host = en(Note::SharedClientId { client_id: "c".into(), count: 2, hosts: vec!["h".into()], cut: 0 });
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

/// What the import says about its sources, on the pastes each sentence was found on: each test reads the
/// paste (a layout or sample of `tests/fixtures/cluster-output`, damaged as it was) and checks the words.
mod sources {
    use rebalance_playground::group::{simulate, Client, Lang};
    use rebalance_playground::import::{
        observed_vs_computed, rebuild, stall_summary, Format, Input, Note, Options, Rebuilt,
    };
    use rebalance_playground::page::observed;

    macro_rules! fixture {
        ($path:literal) => {{
            let text = include_str!(concat!("../fixtures/cluster-output/", $path));
            // A layout's first line says what it is; a sample's is its first row.
            match text.starts_with("# ") {
                true => &text[text.find('\n').unwrap() + 1..],
                false => text,
            }
        }};
    }

    fn read(texts: &[&str]) -> Rebuilt {
        let names: Vec<String> = (1..=texts.len()).map(|i| format!("paste {i}")).collect();
        let inputs: Vec<Input> = names.iter().zip(texts).map(|(n, t)| Input::new(n, t)).collect();
        rebuild(&inputs, &Options::default())
    }

    /// Every sentence of the report on `r`: the notes of each input and of the whole, in `lang`.
    fn said(r: &Rebuilt, lang: Lang) -> Vec<String> {
        let inputs = r.inputs.iter().flat_map(|i| i.notes.iter().map(move |n| n.text(lang)));
        let found = r.inputs.iter().flat_map(|i| i.found.iter().map(move |f| f.text(lang)));
        inputs.chain(found).chain(r.notes.iter().map(|n| n.text(lang))).collect()
    }

    /// brokerConsumeStats alone, its group's retry rows not among those printed (only queues consumed at
    /// least once are): the group it lists is the group, not "?".
    #[test]
    fn broker_consume_stats_alone_names_the_group_it_lists() {
        let stats = fixture!("layouts/brokerConsumeStats-one-group.txt");
        let without_retry: String =
            stats.lines().filter(|l| !l.starts_with("%RETRY%")).map(|l| format!("{l}\n")).collect();
        for text in [stats, &without_retry] {
            let r = read(&[text]);
            assert_eq!(r.scenario.group, "GID_orders");
            assert!(!r.notes.contains(&Note::GroupUnknown), "{:?}", r.notes);
            let line = observed::rebuilt_group(Lang::En, &r);
            assert!(line.starts_with("Rebuilt: group GID_orders, topic orders"), "{line}");
        }
    }

    /// The connection list's last row cut inside its address (`10.2.0.7`, of `10.2.0.71:40112` maybe): no
    /// host is named from it.
    #[test]
    fn a_row_cut_inside_its_address_names_no_host() {
        let cut = fixture!("layouts/consumerConnection-5.3-cut-row.txt").replace("10.2.0.7:40112", "10.2.0.7");
        let r = read(&[&cut]);
        let shared = r.notes.iter().find(|n| matches!(n, Note::SharedClientId { .. })).expect("a shared clientId");
        assert!(matches!(shared, Note::SharedClientId { hosts, cut: 1, .. } if hosts == &["10.2.0.6"]), "{shared:?}");
        let en = shared.text(Lang::En);
        assert!(en.starts_with("2 connections report clientId 10.2.0.6@31, from host 10.2.0.6 and 1 whose address the paste cuts short: "), "{en}");
        assert!(shared.text(Lang::Zh).contains("另有 1 个连接的地址在粘贴中被截断"), "{}", shared.text(Lang::Zh));
        // Whole, its host is named.
        let r = read(&[fixture!("layouts/consumerConnection-5.3-cut-row.txt")]);
        assert!(r.notes.iter().any(|n| matches!(n, Note::SharedClientId { hosts, cut: 0, .. } if hosts.len() == 2)));
    }

    /// A row cut before its language and version: the client its twin (another connection of its clientId)
    /// reports, said; without a twin, Java 5.x said as a guess for a cut row, never "language ?, version ?".
    #[test]
    fn a_row_cut_before_its_client_is_simulated_as_its_twin_and_said_without_question_marks() {
        let layout = fixture!("layouts/consumerConnection-5.3-cut-row.txt");
        let twin_old =
            layout.replacen("10.2.0.6:51880         JAVA       V5_3_3", "10.2.0.6:51880         JAVA       V4_5_1", 1);
        let r = read(&[&twin_old]);
        let clients: Vec<Client> = r.scenario.instances.iter().map(|i| i.client).collect();
        assert_ne!(clients[1], Client::Java5, "V4_5_1 is not 5.x");
        assert_eq!(clients[2], clients[1], "the cut row is its twin's client");
        let words = said(&r, Lang::En);
        assert!(words.iter().any(|w| w == "The row of 10.2.0.6@31 is cut before its language and version: simulated as the client another connection of 10.2.0.6@31 reports (JAVA V4_5_1)."), "{words:?}");
        let alone = layout.replacen(
            "10.2.0.6@31                          10.2.0.7",
            "10.2.0.8@31                          10.2.0.7",
            1,
        );
        let r = read(&[&alone]);
        assert_eq!(r.scenario.instances[2].client, Client::Java5);
        for lang in [Lang::En, Lang::Zh] {
            let words = said(&r, lang);
            assert!(words.iter().all(|w| !w.contains('?') && !w.contains('？')), "{words:?}");
        }
        assert!(said(&r, Lang::En)
            .iter()
            .any(|w| w == "The row of 10.2.0.8@31 is cut before its language and version: simulated as Java 5.x."));
    }

    /// A topicStatus (8 queues per broker) beside progress rows of 4 per broker: the rows' counts are used,
    /// and a sentence says why; one that agrees needs none.
    #[test]
    fn a_topic_status_the_progress_rows_contradict_is_said_not_used() {
        let status = fixture!("layouts/topicStatus-5.3-alone.txt");
        let r = read(&[status, fixture!("layouts/consumerProgress-5.3-s-not-answered.txt")]);
        let counts: Vec<u32> = r.scenario.brokers.iter().map(|b| b.read_queue_nums).collect();
        assert_eq!(counts, [4, 4]);
        let note = r.notes.iter().find(|n| matches!(n, Note::StatusNotUsed { .. })).expect("said");
        assert!(note.text(Lang::En).starts_with("The topicStatus gives broker-a: 8 and broker-b: 8, but a topicStatus does not name its topic, and the progress rows of orders show broker-a: 4 and broker-b: 4"), "{}", note.text(Lang::En));
        assert!(note.text(Lang::Zh).contains("topicStatus 不写 Topic 名"));
        let r = read(&[status, fixture!("layouts/consumerProgress-5.3-caught-up.txt")]);
        assert!(!r.notes.iter().any(|n| matches!(n, Note::StatusNotUsed { .. })), "{:?}", r.notes);
    }

    /// `N/A` under #Client IP (`-s`) is no client that answered holding the queue: a starved queue shows it
    /// too. Without `-s` there is no such column, and nothing is said of one.
    #[test]
    fn n_a_under_client_ip_is_told_as_no_answering_holder_and_nothing_without_s() {
        let connection = fixture!("samples/public-10-docker/connection.txt");
        let r = read(&[connection, fixture!("samples/public-10-docker/progress.txt")]);
        let sim = simulate(&r.scenario);
        let checks = observed_vs_computed(&r, &sim);
        let line = observed::not_reported(Lang::En, &checks).expect("N/A holders");
        assert!(!line.contains("the client did not answer"), "{line}");
        assert!(line.contains("no client that answered mqadmin holds it: nobody does"), "{line}");
        let zh = observed::not_reported(Lang::Zh, &checks).unwrap_or_default();
        assert!(zh.contains("可能无人持有") && !zh.contains("客户端没有应答）"), "{zh}");
        let r = read(&[connection, fixture!("samples/public-10-docker/progress-plain.txt")]);
        let sim = simulate(&r.scenario);
        let checks = observed_vs_computed(&r, &sim);
        assert_eq!(observed::not_reported(Lang::En, &checks), None);
        let marks = observed::marks(&r, &sim);
        assert!(marks.iter().flatten().all(|m| !m.not_reported && !m.text(Lang::En).contains("N/A")));
    }

    /// `-s` printed with every #Client IP `N/A` (nobody answered): no holder's IP, not "of 0 queues".
    #[test]
    fn every_client_ip_n_a_is_no_holders_ip() {
        let answered = fixture!("layouts/consumerProgress-5.3-s-not-answered.txt");
        let ip = answered.lines().find_map(|l| l.split_whitespace().nth(5).filter(|t| t.starts_with("10."))).unwrap();
        let nobody = answered.replace(&format!("{ip} "), &format!("{:<width$} ", "N/A", width = ip.len()));
        let r = read(&[&nobody]);
        let found: Vec<String> = r.inputs[0].found.iter().map(|f| f.text(Lang::En)).collect();
        assert!(found.contains(&"no holder's IP (#Client IP is N/A on every row)".to_string()), "{found:?}");
        assert!(found.iter().all(|f| !f.contains("of 0 queues")), "{found:?}");
        assert!(r.inputs[0].found.iter().all(|f| !f.text(Lang::Zh).contains("0 个队列")));
    }

    /// One consumerProgress pasted twice: one moment, said once, and not "paste a second" beside it.
    #[test]
    fn one_snapshot_pasted_twice_is_one_moment_not_a_call_for_a_second() {
        let progress = fixture!("samples/public-10-docker/progress.txt");
        let r = read(&[progress, progress]);
        assert_eq!(r.snapshots.len(), 1);
        assert!(r.repeated_moment());
        let sim = simulate(&r.scenario);
        let checks = observed_vs_computed(&r, &sim);
        let summary = stall_summary(Lang::En, &r.snapshots, r.repeated_moment(), &checks, true).unwrap();
        assert!(!summary.contains("paste a second"), "{summary}");
        assert!(summary.starts_with("The progress snapshots pasted are one moment"), "{summary}");
        let once = read(&[progress]);
        assert!(!once.repeated_moment());
        let summary = stall_summary(Lang::En, &once.snapshots, once.repeated_moment(), &checks, true).unwrap();
        assert!(summary.contains("paste a second"), "{summary}");
    }

    /// consumerProgress without `-g` is named in the reader's language.
    #[test]
    fn consumer_progress_without_g_is_named_in_chinese() {
        let list = "#Group  #Version  #Count  #Model  #TPS  #Diff Total\nGID_a  V5_3_3  2  CLUSTERING  0  0\n";
        let r = read(&[list]);
        assert_eq!(r.inputs[0].format, Some(Format::GroupList));
        assert_eq!(Format::GroupList.said(Lang::Zh), "mqadmin consumerProgress（不带 -g）");
        assert_eq!(Format::GroupList.said(Lang::En), "mqadmin consumerProgress (without -g)");
        let (_, out) = super::rebalance(&["diagnose", "--lang", "zh", "-"], list);
        assert!(out.contains("mqadmin consumerProgress（不带 -g）") && !out.contains("no -g"), "{out}");
        assert!(said(&r, Lang::Zh).iter().all(|w| !w.contains("no -g")));
    }
}
