//! The readers (`import`) on every sample of `../shared/cluster-output` and every real paste, copied
//! verbatim into `tests/fixtures/cluster-output`: each sample's inputs, alone where they suffice and all
//! together, give exactly its `truth.json` (topic, brokers and read queue counts, one instance per
//! connection in the connection list's order, and through `simulate` the starved and overlapped queues),
//! natively and inside wasm; natively also through `rebalance diagnose --json`. Then damaged and bad input.

use rebalance_playground::group::{simulate, Lang, Simulation};
use rebalance_playground::import::{
    detect, explaining_strategies, observed_vs_computed, read, rebuild, split_outputs, Content, Format, Input, Note,
    Options, Part, Rebuilt,
};
use rebalance_playground::rocketmq::Strategy;
use serde_json::Value;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

struct Sample {
    name: &'static str,
    truth: &'static str,
    files: &'static [(&'static str, &'static str)],
}

macro_rules! sample {
    ($dir:literal, [$($f:literal),*]) => {
        Sample {
            name: $dir,
            truth: include_str!(concat!("../fixtures/cluster-output/samples/", $dir, "/truth.json")),
            files: &[$(($f, include_str!(concat!("../fixtures/cluster-output/samples/", $dir, "/", $f)))),*],
        }
    };
}

const SAMPLES: &[Sample] = &[
    sample!(
        "public-01-mixed-version",
        [
            "connection.txt",
            "dashboard-connection.json",
            "dashboard-progress.json",
            "progress-plain.txt",
            "progress.txt"
        ]
    ),
    sample!(
        "public-02-unique",
        [
            "connection.txt",
            "dashboard-connection.json",
            "dashboard-progress.json",
            "progress-plain.txt",
            "progress.txt"
        ]
    ),
    sample!("public-03-unique", ["connection.txt", "progress-plain.txt", "progress.txt"]),
    sample!(
        "public-04-docker",
        [
            "connection.txt",
            "dashboard-connection.json",
            "dashboard-progress.json",
            "progress-plain.txt",
            "progress.txt"
        ]
    ),
    sample!("public-05-mixed-version", ["connection.txt", "progress-plain.txt", "progress.txt"]),
    sample!(
        "public-06-mixed-version",
        [
            "connection.txt",
            "dashboard-connection.json",
            "dashboard-progress.json",
            "progress-plain.txt",
            "progress.txt"
        ]
    ),
    sample!(
        "public-07-unique",
        [
            "connection.txt",
            "dashboard-connection.json",
            "dashboard-progress.json",
            "progress-plain.txt",
            "progress.txt"
        ]
    ),
    sample!("public-08-k8s", ["connection.txt", "progress-plain.txt", "progress.txt"]),
    sample!("public-09-docker", ["connection.txt", "progress-plain.txt", "progress.txt"]),
    sample!("public-10-docker", ["connection.txt", "progress-plain.txt", "progress.txt"]),
];

macro_rules! real {
    ($f:literal) => {
        ($f, include_str!(concat!("../fixtures/cluster-output/real/", $f)))
    };
}

const REAL: &[(&str, &str)] = &[
    real!("consumerConnection-2.txt"),
    real!("consumerConnection-3.txt"),
    real!("consumerConnection-4.txt"),
    real!("consumerProgress-1.txt"),
    real!("consumerProgress-3.txt"),
    real!("consumerProgress-4.txt"),
    real!("consumerStatus-1.txt"),
    real!("consumerStatus-2.txt"),
    real!("dashboard-1.txt"),
    real!("topicRoute-1.txt"),
    real!("topicRoute-4.txt"),
    real!("topicRoute-5.txt"),
    real!("topicStatus-1.txt"),
    real!("topicStatus-2.txt"),
];

macro_rules! layout {
    ($f:literal) => {
        ($f, include_str!(concat!("../fixtures/cluster-output/layouts/", $f)))
    };
}

/// Layouts written from `FORMATS.md` and the tools' format strings, beside the shared samples: each file's
/// first line (`# layout: ...`) says what it is.
const LAYOUTS: &[(&str, &str)] = &[
    layout!("consumerStatus-summary-4.5-log-lines.txt"),
    layout!("consumerStatus-summary-4.5-closed.txt"),
    layout!("consumerStatus-summary-5.3-different.txt"),
    layout!("consumerConnection-5.3-cut-row.txt"),
    layout!("brokerConsumeStats-two-groups.txt"),
    layout!("brokerConsumeStats-one-group.txt"),
    layout!("runningInfo-fastjson-object-keys.txt"),
    layout!("mqadmin-error-code-17.txt"),
    layout!("consumerProgress-5.3-caught-up.txt"),
    layout!("topicRoute-5.3-alone.txt"),
    layout!("topicStatus-5.3-alone.txt"),
    layout!("consumerConnection-5.3-java-and-go.txt"),
    layout!("consumerProgress-5.3-s-not-answered.txt"),
    layout!("consumerConnection-5.3-two-topics.txt"),
    layout!("consumerProgress-5.3-unsubscribed-topic.txt"),
    layout!("consumerProgress-5.3-s-other-group.txt"),
    layout!("consumerConnection-5.3-broadcasting.txt"),
    layout!("consumerProgress-5.3-s-broadcasting.txt"),
    layout!("consumerStatus-5.3-broadcasting.txt"),
];

/// A written layout without its `# layout:` note.
fn layout(name: &str) -> &'static str {
    let (_, text) = LAYOUTS.iter().find(|(n, _)| *n == name).unwrap();
    assert!(text.starts_with("# layout:"));
    &text[text.find('\n').unwrap() + 1..]
}

/// A real paste without its `# source:` note.
fn paste(name: &str) -> &'static str {
    let (_, text) = REAL.iter().find(|(n, _)| *n == name).unwrap();
    assert!(text.starts_with("# source:"));
    &text[text.find('\n').unwrap() + 1..]
}

fn truth(s: &Sample) -> Value {
    serde_json::from_str(s.truth).unwrap()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect()
}

fn truth_strategy(t: &Value) -> Strategy {
    serde_json::from_value(serde_json::json!({ "name": t["strategy"] })).unwrap()
}

/// The samples' inputs do not show the strategy (no consumerStatus -i): AVG is what the readers assume,
/// any other is given as the person would give it.
fn options_for(t: &Value) -> Options {
    let strategy = truth_strategy(t);
    Options { topic: None, strategy: (strategy != Strategy::Avg).then_some(strategy), own: vec![] }
}

fn labels(sim: &Simulation, queues: &[usize]) -> Vec<String> {
    queues.iter().map(|&q| format!("{}:{}", sim.mq_all[q].broker_name, sim.mq_all[q].queue_id)).collect()
}

fn brokers(r: &Rebuilt) -> Value {
    serde_json::to_value(&r.scenario.brokers).unwrap()
}

fn ids(r: &Rebuilt) -> Vec<String> {
    r.scenario.instances.iter().map(|i| i.client_id.clone()).collect()
}

fn rebuilt(s: &Sample, files: &[&str], options: &Options) -> Rebuilt {
    let inputs: Vec<Input> =
        files.iter().map(|f| Input::new(f, s.files.iter().find(|(n, _)| n == f).unwrap().1)).collect();
    rebuild(&inputs, options)
}

/// Everything truth.json says, or the list of what differs.
fn check_whole(s: &Sample, files: &[&str]) -> Vec<String> {
    let t = truth(s);
    let r = rebuilt(s, files, &options_for(&t));
    let mut wrong = vec![];
    let mut want = |what: &str, got: Value, expected: &Value| {
        if got != *expected {
            wrong.push(format!("{} {files:?}: {what}: expected {expected}, got {got}", s.name));
        }
    };
    want("topic", r.scenario.topic.clone().into(), &t["topic"]);
    want("group", r.scenario.group.clone().into(), &t["group"]);
    want("brokers", brokers(&r), &t["brokers"]);
    want("instances", ids(&r).into(), &t["instances"]);
    let distinct = {
        let mut d = ids(&r);
        d.sort();
        d.dedup();
        d.len()
    };
    want("distinctClientIds", distinct.into(), &t["distinctClientIds"]);
    let sim = simulate(&r.scenario);
    want("starved", labels(&sim, &sim.starved).into(), &t["starved"]);
    want("overlapped", labels(&sim, &sim.overlapped).into(), &t["overlapped"]);
    for unread in r.unreadable() {
        wrong.push(format!("{}: {} unreadable", s.name, unread.name));
    }
    // What the cluster reported agrees with the simulation of the true strategy, queue by queue.
    for c in observed_vs_computed(&r, &sim) {
        if c.agrees == Some(false) {
            wrong.push(format!(
                "{} {files:?}: {} reported {:?}, computed {:?}",
                s.name, c.queue, c.reported, c.computed
            ));
        }
    }
    wrong
}

#[test]
fn every_sample_connection_with_each_progress_gives_its_truth() {
    let mut wrong = vec![];
    let mut checked = 0;
    for s in SAMPLES {
        let has = |f: &str| s.files.iter().any(|(n, _)| *n == f);
        for conn in ["connection.txt", "dashboard-connection.json"].into_iter().filter(|f| has(f)) {
            for prog in ["progress.txt", "progress-plain.txt", "dashboard-progress.json"].into_iter().filter(|f| has(f))
            {
                wrong.extend(check_whole(s, &[conn, prog]));
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 40);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_sample_all_inputs_together_in_any_order_give_its_truth() {
    let mut wrong = vec![];
    for s in SAMPLES {
        let mut files: Vec<&str> = s.files.iter().map(|(n, _)| *n).collect();
        wrong.extend(check_whole(s, &files));
        files.reverse();
        wrong.extend(check_whole(s, &files));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_sample_input_alone_gives_what_it_holds() {
    for s in SAMPLES {
        let t = truth(s);
        for (name, text) in s.files {
            let r = rebuild(&[Input::new(name, text)], &Options::default());
            let format = r.inputs[0].format;
            let ctx = format!("{} {name} ({format:?})", s.name);
            assert_eq!(r.scenario.topic, t["topic"], "{ctx}");
            assert_eq!(r.scenario.group, t["group"], "{ctx}");
            if name.contains("connection") {
                assert_eq!(ids(&r), strings(&t["instances"]), "{ctx}");
                assert!(r.scenario.brokers.is_empty(), "{ctx}");
                assert!(r.notes.contains(&Note::NoRoute { topic: r.scenario.topic.clone() }), "{ctx}");
            } else {
                assert_eq!(brokers(&r), t["brokers"], "{ctx}");
                assert!(r.notes.iter().any(|n| matches!(n, Note::BrokersInferred { .. })), "{ctx}");
                // Said only while the instances stay unknown (holders by clientId list them).
                assert_eq!(r.notes.contains(&Note::NoConnections), !r.instances_known, "{ctx}");
            }
            assert!(r.notes.contains(&Note::StrategyAssumed), "{ctx}");
            let want = match *name {
                "connection.txt" => Format::ConsumerConnection,
                "dashboard-connection.json" => Format::DashboardConnection,
                "dashboard-progress.json" => Format::DashboardProgress,
                _ => Format::ConsumerProgress,
            };
            assert_eq!(format, Some(want), "{ctx}");
            assert_eq!(detect(text), Some(want), "{ctx}");
            // The samples are clean: the readers have nothing to say about them.
            assert_eq!(r.inputs[0].notes, [], "{ctx}");
        }
    }
}

#[test]
fn the_observed_holders_are_explained_by_the_true_strategy() {
    for s in SAMPLES {
        let t = truth(s);
        let r = rebuilt(s, &["connection.txt", "progress.txt"], &Options::default());
        assert!(r.has_holders(), "{}", s.name);
        assert!(r.notes.contains(&Note::OneHolderPerQueue { by_ip: true }), "{}", s.name);
        let fits = explaining_strategies(&r);
        let truth_fit = fits.iter().find(|f| f.strategy == truth_strategy(&t)).unwrap();
        assert!(truth_fit.explains(), "{}: {fits:?}", s.name);
        // The strategy was assumed, so the rebuild says which strategies explain the holders.
        let explained = r.notes.iter().find_map(|n| match n {
            Note::ExplainedBy { strategies, .. } => Some(strategies.clone()),
            _ => None,
        });
        assert!(explained.unwrap().contains(&t["strategy"].as_str().unwrap().to_string()), "{}", s.name);
    }
    // The docker sample: the hosts behind the shared clientId, from #ClientAddr.
    let s = SAMPLES.iter().find(|s| s.name == "public-04-docker").unwrap();
    let r = rebuilt(s, &["connection.txt"], &Options::default());
    let shared: Vec<(&str, usize, usize)> = r
        .notes
        .iter()
        .filter_map(|n| match n {
            Note::SharedClientId { client_id, count, hosts } => Some((client_id.as_str(), *count, hosts.len())),
            _ => None,
        })
        .collect();
    assert_eq!(shared, [("172.17.0.1@9", 12, 12), ("172.17.0.1@1", 4, 4)]);
    assert!(r
        .notes
        .iter()
        .any(|n| n.text(Lang::En).starts_with("12 connections report clientId 172.17.0.1@9, from hosts 10.0.3.159, ")));
    // The docker sample run by AVG_BY_CIRCLE: AVG does not give the holders the cluster reports.
    let s = SAMPLES.iter().find(|s| s.name == "public-09-docker").unwrap();
    let r = rebuilt(s, &["connection.txt", "progress.txt"], &Options::default());
    let fits = explaining_strategies(&r);
    assert!(!fits[0].explains() && fits[1].explains(), "{fits:?}");
    let checks = observed_vs_computed(&r, &simulate(&r.scenario));
    assert!(checks.iter().any(|c| c.agrees == Some(false)));
    let q3 = checks.iter().find(|c| c.queue == "broker-e:3").unwrap();
    assert_eq!(q3.lag, Some(3227904));
    // `N/A`: no client that answered holds it; no data, not a report of nobody.
    assert!(q3.reported.is_empty() && q3.not_reported && q3.agrees.is_none(), "{q3:?}");
}

/// The outputs that list no instance, alone: a consumerProgress (the usual first paste), a topicRoute and a
/// topicStatus.
const WITHOUT_INSTANCES: [&str; 3] =
    ["consumerProgress-5.3-caught-up.txt", "topicRoute-5.3-alone.txt", "topicStatus-5.3-alone.txt"];

/// A connection list alone (a real paste) gives the instances and a topic but no queue count: the queues are
/// unknown, not 0, and nothing about an empty topic is said.
#[test]
fn a_connection_list_alone_leaves_the_queues_unknown_not_empty() {
    use rebalance_playground::group::Finding;
    use rebalance_playground::page::{model, observed};
    let r = rebuild(&[Input::new("paste", paste("consumerConnection-2.txt"))], &Options::default());
    assert!(r.instances_known && r.scenario.brokers.is_empty());
    let sim = simulate(&r.scenario);
    let on_page = observed::Observed(std::rc::Rc::new(r.clone()));
    assert_eq!(model::Unknown::of(Some(&on_page), &r.scenario), model::Unknown::Queues);
    // The simulation of no queue says there is nothing to allocate and every instance is idle; the page does not.
    let empty = |f: &&Finding| matches!(f, Finding::Empty { .. } | Finding::Idle { .. } | Finding::Error { .. });
    assert!(sim.findings.iter().any(|f| empty(&f)), "{:?}", sim.findings);
    assert!(!model::findings_shown(&sim, model::Unknown::Queues).iter().any(empty));
    assert_eq!(
        observed::rebuilt_group(Lang::En, &r),
        "Rebuilt: group T_SCANRECORD_NEW_GROUP, topic T_SCANRECORD_NEW, 9 instances (one per connection); the queues \
         are unknown: paste `mqadmin topicRoute -t T_SCANRECORD_NEW` too. It is now the scenario in the editors: \
         change anything."
    );
    assert!(
        observed::rebuilt_group(Lang::Zh, &r).contains("队列未知：请一并粘贴 `mqadmin topicRoute -t T_SCANRECORD_NEW`")
    );
    // Queues typed since make them known.
    let mut typed = r.scenario.clone();
    typed.brokers.push(rebalance_playground::rocketmq::BrokerQueues::new("broker-a", 4));
    assert_eq!(model::Unknown::of(Some(&on_page), &typed), model::Unknown::Nothing);
}

#[test]
fn an_output_without_a_connection_list_leaves_the_instances_unknown_not_starved() {
    use rebalance_playground::page::model::{self, QueueState};
    use rebalance_playground::page::{i18n, observed};
    for name in WITHOUT_INSTANCES {
        let r = rebuild(&[Input::new(name, layout(name))], &Options::default());
        assert!(!r.instances_known, "{name}");
        assert!(r.scenario.instances.is_empty(), "{name}");
        assert_eq!(r.scenario.brokers.iter().map(|b| b.read_queue_nums).sum::<u32>(), 16, "{name}");
        let sim = simulate(&r.scenario);
        let on_page = observed::Observed(std::rc::Rc::new(r.clone()));
        let unknown = observed::instances_unknown(Some(&on_page), &r.scenario);
        assert!(unknown, "{name}");
        // The simulation of no instance says every queue is starved; the page says no such thing.
        assert_eq!(sim.starved.len(), 16, "{name}");
        assert_eq!(model::Unknown::of(Some(&on_page), &r.scenario), model::Unknown::Instances, "{name}");
        assert!(model::findings_shown(&sim, model::Unknown::Instances).is_empty(), "{name}");
        assert!((0..16).all(|q| model::shown_state(&sim, q, unknown) == QueueState::Unknown), "{name}");
        let owners = sim.owners();
        assert_eq!(
            model::describe_queue(&sim, &owners, 0, unknown, Lang::En),
            "broker-a:0: who consumes it is unknown: no connection list was read."
        );
        assert_eq!(
            model::describe_queue(&sim, &owners, 0, unknown, Lang::Zh),
            "broker-a:0：不知道谁消费它：没有读到连接列表。"
        );
        // Nothing to compare what the cluster reported with.
        assert!(observed_vs_computed(&r, &sim).iter().all(|c| c.agrees.is_none()), "{name}");
        // The headline and the report say what is unknown and what to paste, in both languages.
        let group = if name.starts_with("consumerProgress") { "GID_orders" } else { "<group>" };
        let zh_group = if name.starts_with("consumerProgress") { "GID_orders" } else { "<消费组>" };
        assert_eq!(
            i18n::headline_instances_unknown(Lang::En, sim.mq_all.len(), &r.scenario.group),
            format!("16 queues: the instances are unknown: paste `mqadmin consumerConnection -g {group}` too")
        );
        assert_eq!(
            i18n::headline_instances_unknown(Lang::Zh, sim.mq_all.len(), &r.scenario.group),
            format!("16 个队列：实例未知：请一并粘贴 `mqadmin consumerConnection -g {zh_group}` 的输出")
        );
        let en = observed::rebuilt_group(Lang::En, &r);
        assert!(
            en.ends_with(&format!(
                "16 read queues; the instances are unknown: paste `mqadmin consumerConnection -g {group}` too."
            )),
            "{en}"
        );
        assert!(!en.contains("0 instances"), "{en}");
        let zh = observed::rebuilt_group(Lang::Zh, &r);
        assert!(
            zh.ends_with(&format!(
                "16 个读队列；实例未知：请一并粘贴 `mqadmin consumerConnection -g {zh_group}` 的输出。"
            )),
            "{zh}"
        );
    }
}

#[test]
fn with_a_connection_list_the_same_outputs_show_who_consumes_what_as_before() {
    use rebalance_playground::page::{i18n, observed};
    let conn = layout("consumerConnection-5.3-java-and-go.txt");
    for name in WITHOUT_INSTANCES {
        let r = rebuild(&[Input::new("connection", conn), Input::new(name, layout(name))], &Options::default());
        assert!(r.instances_known, "{name}");
        assert_eq!(ids(&r), ["10.0.0.21@31822", "10.0.0.22@1"], "{name}");
        let on_page = observed::Observed(std::rc::Rc::new(r.clone()));
        assert!(!observed::instances_unknown(Some(&on_page), &r.scenario), "{name}");
        let en = observed::rebuilt_group(Lang::En, &r);
        assert!(en.contains("2 instances (one per connection)"), "{en}");
    }
    // The group and topic come from the connection list with a route or a topicStatus too.
    let r = rebuild(
        &[Input::new("connection", conn), Input::new("progress", layout("consumerProgress-5.3-caught-up.txt"))],
        &Options::default(),
    );
    let sim = simulate(&r.scenario);
    assert!(sim.starved.is_empty() && sim.overlapped.is_empty(), "{:?} {:?}", sim.starved, sim.overlapped);
    assert_eq!(
        i18n::headline(Lang::En, 2, 16, 0, 0, 0, false),
        "2 consumer instances, 16 queues: every queue has exactly one consumer"
    );
    // A scenario typed after such an import is the person's own: its queues are drawn as it says.
    let alone = rebuild(&[Input::new("p", layout("consumerProgress-5.3-caught-up.txt"))], &Options::default());
    let on_page = observed::Observed(std::rc::Rc::new(alone));
    assert!(!observed::instances_unknown(Some(&on_page), &r.scenario));
    assert!(!observed::instances_unknown(None, &rebalance_playground::group::Scenario::default()));
}

#[test]
fn a_holder_printed_as_na_is_not_reported_and_neither_agrees_nor_disagrees() {
    use rebalance_playground::page::observed;
    let conn = layout("consumerConnection-5.3-java-and-go.txt");
    let prog = layout("consumerProgress-5.3-s-not-answered.txt");
    let r = rebuild(&[Input::new("connection", conn), Input::new("progress", prog)], &Options::default());
    assert!(r.instances_known);
    let sim = simulate(&r.scenario);
    let checks = observed_vs_computed(&r, &sim);
    let verdicts: Vec<(&str, Option<bool>, bool)> =
        checks.iter().map(|c| (c.queue.as_str(), c.agrees, c.not_reported)).collect();
    assert_eq!(
        verdicts,
        [
            ("broker-a:0", Some(true), false),
            ("broker-a:1", Some(true), false),
            ("broker-a:2", Some(true), false),
            ("broker-a:3", Some(true), false),
            ("broker-b:0", None, true),
            ("broker-b:1", None, true),
            ("broker-b:2", None, true),
            ("broker-b:3", None, true),
        ]
    );
    // `N/A` names no holder, not even nobody.
    assert!(checks[4..].iter().all(|c| c.reported.is_empty() && c.lag.is_some()));
    // The four queues reported are what AVG gives; the four not reported count neither way.
    let avg = &explaining_strategies(&r)[0];
    assert_eq!((avg.agree, avg.disagree), (4, 0));
    assert!(r
        .notes
        .iter()
        .any(|n| matches!(n, Note::ExplainedBy { strategies, .. } if strategies.contains(&"AVG".to_string()))));
    for (lang, said, line) in [
        (
            Lang::En,
            "Holder not reported (N/A: the client did not answer).",
            "4 queues not reported (N/A: the client did not answer), neither agreeing nor disagreeing: broker-b:0, broker-b:1, broker-b:2 and broker-b:3",
        ),
        (
            Lang::Zh,
            "未报告持有者（N/A：客户端没有应答）。",
            "4 个队列未报告持有者（N/A：客户端没有应答），既不算一致也不算不一致：broker-b:0、broker-b:1、broker-b:2、broker-b:3",
        ),
    ] {
        let marks = observed::marks(&r, &sim);
        for (q, m) in marks.iter().enumerate() {
            let m = m.as_ref().unwrap();
            let b = q >= 4;
            assert_eq!((m.agrees, m.not_reported), (if b { None } else { Some(true) }, b), "{q}");
            assert_eq!(m.text(lang).ends_with(said), b, "{q}: {}", m.text(lang));
            assert_eq!(m.short.starts_with("? "), b, "{q}: {}", m.short);
        }
        assert_eq!(observed::not_reported(lang, &checks).as_deref(), Some(line));
    }
    // The same progress alone: the instances are unknown, so nothing agrees or disagrees either.
    let alone = rebuild(&[Input::new("progress", prog)], &Options::default());
    assert!(!alone.instances_known);
    let checks = observed_vs_computed(&alone, &simulate(&alone.scenario));
    assert!(checks.iter().all(|c| c.agrees.is_none()), "{checks:?}");
    assert_eq!(checks.iter().filter(|c| c.not_reported).count(), 4);
}

#[test]
fn lag_growth_between_two_snapshots_and_one_moment_said_once() {
    let s = SAMPLES.iter().find(|s| s.name == "public-10-docker").unwrap();
    let text = s.files.iter().find(|(n, _)| *n == "progress-plain.txt").unwrap().1;
    // A minute later, 100,000 more messages on the starved broker-d:15.
    let later = text.replace(
        "49585725              3319051               46266674",
        "49685725              3319051               46366674",
    );
    assert_ne!(later, text, "the fixture changed");
    let r = rebuild(
        &[Input::new("c", s.files[0].1), Input::new("before", text), Input::new("after", &later)],
        &Options::default(),
    );
    let grown: Vec<_> = r.observed.iter().filter(|q| q.growth.is_some_and(|g| g != 0)).collect();
    assert_eq!(grown.len(), 1, "{:?}", r.observed);
    assert_eq!(
        (grown[0].queue.as_str(), grown[0].lag, grown[0].growth),
        ("broker-d:15", Some(46_366_674), Some(100_000))
    );
    assert!(r.observed.iter().all(|q| q.growth.is_some()));
    let same = rebuild(&[Input::new("a", text), Input::new("b", text)], &Options::default());
    assert!(same.notes.contains(&Note::SameSnapshot { first: "a".into(), other: "b".into() }));
    assert!(same.observed.iter().all(|q| q.growth.is_none()));
}

/// The same table pasted through a chat: padding collapsed, tabs, pipes, blank lines, Windows line
/// endings, log lines around it.
#[test]
fn damaged_pastes_of_every_sample_give_the_same_scenario() {
    let collapse =
        |t: &str| t.lines().map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join("\n");
    let tabs =
        |t: &str| t.lines().map(|l| l.split_whitespace().collect::<Vec<_>>().join("\t")).collect::<Vec<_>>().join("\n");
    let pipes = |t: &str| {
        t.lines()
            .map(|l| {
                if l.trim().is_empty() || l.contains(':') && !l.contains(' ') {
                    l.to_string()
                } else {
                    format!(
                        "| {} |",
                        l.split("  ").filter(|c| !c.trim().is_empty()).map(str::trim).collect::<Vec<_>>().join(" | ")
                    )
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let spaced = |t: &str| t.lines().collect::<Vec<_>>().join("\n\n");
    let crlf = |t: &str| t.replace('\n', "\r\n");
    let logged = |t: &str| {
        format!("[root@ip-172-31-19-214 bin]# sh mqadmin x -n 127.0.0.1:9876\nJava HotSpot(TM) 64-Bit Server VM warning: ignoring option PermSize=128m\n{t}\n[root@ip-172-31-19-214 bin]#")
    };
    type Damage = fn(&str) -> String;
    let damages: [(&str, Damage); 6] = [
        ("collapse", collapse),
        ("tabs", tabs),
        ("pipes", pipes),
        ("spaced", spaced),
        ("crlf", crlf),
        ("logged", logged),
    ];
    for s in SAMPLES {
        let t = truth(s);
        let clean = rebuilt(s, &["connection.txt", "progress.txt"], &options_for(&t));
        for (what, damage) in &damages {
            let conn = damage(s.files[0].1);
            let prog = damage(s.files.iter().find(|(n, _)| *n == "progress.txt").unwrap().1);
            let r = rebuild(&[Input::new("c", &conn), Input::new("p", &prog)], &options_for(&t));
            assert_eq!(r.scenario, clean.scenario, "{} {what}:\n{}", s.name, &conn[..conn.len().min(600)]);
            assert_eq!(r.observed.len(), clean.observed.len(), "{} {what}", s.name);
            // A queue's holder, or `N/A` (not reported), and its lag.
            let seen = |r: &Rebuilt| {
                let each =
                    r.observed.iter().map(|o| (o.reports.first().map(|r| &r.holder).cloned(), o.not_reported, o.lag));
                each.collect::<Vec<_>>()
            };
            assert_eq!(seen(&r), seen(&clean), "{} {what}", s.name);
        }
    }
}

fn only(text: &str) -> (Option<Format>, Content, Vec<Note>) {
    let r = read(text);
    (r.format, r.content, r.notes)
}

#[test]
fn real_consumer_connection_pastes() {
    // Old numbered rows, padding collapsed, blank lines, "Below is subscription:" joined to its first row.
    let (f, c, notes) = only(paste("consumerConnection-2.txt"));
    assert_eq!(f, Some(Format::ConsumerConnection));
    let Content::Connection(c) = c else { panic!() };
    assert_eq!(c.connections.len(), 9);
    assert_eq!(c.connections[0].client_id, "127.0.0.1@60190");
    assert_eq!(c.connections[8].client_addr, "192.168.21.x:1671");
    assert_eq!(c.subscriptions[0].topic, "%RETRY%T_SCANRECORD_NEW_GROUP");
    assert_eq!(c.subscriptions[1].expression, "1||2||3||4 || 5 || -5||7 || 45");
    assert_eq!(c.message_model.as_deref(), Some("CLUSTERING"));
    assert!(matches!(&notes[..], [Note::SkippedLines { count: 2, .. }]), "{notes:?}");
    let r = rebuild(&[Input::new("c2", paste("consumerConnection-2.txt"))], &Options::default());
    assert_eq!(r.scenario.topic, "T_SCANRECORD_NEW");
    assert_eq!(r.scenario.group, "T_SCANRECORD_NEW_GROUP");
    assert!(r.scenario.instances.iter().all(|i| i.client == rebalance_playground::group::Client::Java47));

    // A clientId with a ':' and several '@' in it.
    let r = rebuild(&[Input::new("c3", paste("consumerConnection-3.txt"))], &Options::default());
    assert_eq!(r.inputs[0].format, Some(Format::ConsumerConnection));
    assert_eq!(ids(&r), ["10.4.100.123@10.4.100.123:9876@20@1245146303493722"]);
    assert_eq!(r.scenario.topic, "topic-id-restopicExchange");
    assert_eq!(r.scenario.group, "topic-id-res");
    assert_eq!(r.inputs[0].notes, []);

    // The console's tab table with Chinese headers and numeric versions (79 is V3_2_6).
    let r = rebuild(&[Input::new("c4", paste("consumerConnection-4.txt"))], &Options::default());
    assert_eq!(r.inputs[0].format, Some(Format::ConsumerConnection));
    assert_eq!(ids(&r), ["192.168.140.193@4103", "192.168.140.193@4046", "192.168.140.193@4045"]);
    assert!(r.scenario.instances.iter().all(|i| i.client == rebalance_playground::group::Client::Java47));
    assert!(r.inputs[0].notes.contains(&Note::EndsEarly { missing: Part::Subscription }));
    assert!(r.notes.contains(&Note::NoTopic) && r.notes.contains(&Note::ModelAssumed));
}

#[test]
fn real_consumer_progress_pastes() {
    // 5.x without -s, two topics and two POP retry topics, the broker named by its container.
    let r = rebuild(&[Input::new("p1", paste("consumerProgress-1.txt"))], &Options::default());
    assert_eq!(r.inputs[0].format, Some(Format::ConsumerProgress));
    assert_eq!(r.scenario.topic, "TestTopic");
    assert_eq!(r.scenario.group, "BadConsumerGroup");
    assert_eq!(brokers(&r), serde_json::json!([{ "brokerName": "873fe6a3414c", "readQueueNums": 8 }]));
    assert_eq!(
        r.topics,
        ["TestTopic", "TestTopic2", "%RETRY%BadConsumerGroup_TestTopic", "%RETRY%BadConsumerGroup_TestTopic2"]
    );
    assert!(r.notes.iter().any(|n| matches!(n, Note::TopicChosen { topic, .. } if topic == "TestTopic")));
    assert!(r.notes.contains(&Note::PopRetryTopics { group: "BadConsumerGroup".into() }));
    let Content::Progress(p) = read(paste("consumerProgress-1.txt")).content else { panic!() };
    assert_eq!(p.rows.len(), 18);
    assert_eq!(p.layout, Some(rebalance_playground::import::Layout::V5));
    assert_eq!(p.rows[6].last_time.as_deref(), Some("2026-06-07 02:44:59"));
    // The other topic on request.
    let r2 = rebuild(
        &[Input::new("p1", paste("consumerProgress-1.txt"))],
        &Options { topic: Some("TestTopic2".into()), ..Options::default() },
    );
    assert_eq!(r2.scenario.topic, "TestTopic2");
    assert!(!r2.notes.iter().any(|n| matches!(n, Note::TopicChosen { .. })));

    // Hand-aligned, 5.x, an abbreviated retry topic.
    let r = rebuild(&[Input::new("p3", paste("consumerProgress-3.txt"))], &Options::default());
    assert_eq!(r.inputs[0].format, Some(Format::ConsumerProgress));
    assert_eq!(r.scenario.topic, "topic-id-res");
    assert_eq!(brokers(&r), serde_json::json!([{ "brokerName": "broker-a", "readQueueNums": 4 }]));
    assert_eq!(r.observed.iter().map(|o| o.lag).collect::<Vec<_>>(), [Some(0); 4]);

    // 4.x layout, rows elided with "...".
    let text = paste("consumerProgress-4.txt");
    let reading = read(text);
    assert_eq!(reading.format, Some(Format::ConsumerProgress));
    let Content::Progress(p) = &reading.content else { panic!() };
    assert_eq!(p.layout, Some(rebalance_playground::import::Layout::V4));
    assert_eq!(p.rows.iter().map(|r| r.queue_id).collect::<Vec<_>>(), [0, 1, 9]);
    assert_eq!(p.rows[0].diff, Some(9));
    assert!(reading.notes.contains(&Note::RowsElided { line: 4 }), "{:?}", reading.notes);
    assert!(reading.notes.contains(&Note::QueuesMissing {
        topic: "service-a-topic".into(),
        broker: "broker-a".into(),
        from: 2,
        to: 8
    }));
    let r = rebuild(&[Input::new("p4", text)], &Options::default());
    assert_eq!(brokers(&r), serde_json::json!([{ "brokerName": "broker-a", "readQueueNums": 10 }]));
    assert_eq!(r.scenario.group, "");
    assert!(r.notes.contains(&Note::GroupUnknown));
}

#[test]
fn real_consumer_status_pastes() {
    let reading = read(paste("consumerStatus-1.txt"));
    assert_eq!(reading.format, Some(Format::ConsumerStatusList));
    let Content::StatusList(l) = &reading.content else { panic!() };
    assert_eq!(l.clients.len(), 1);
    assert_eq!(l.clients[0].client_id, "192.168.1.104@14365");
    assert_eq!(l.clients[0].version, "V4_1_0_SNAPSHOT");
    assert_eq!(l.same_subscription, Some(true));
    let r = rebuild(&[Input::new("s1", paste("consumerStatus-1.txt"))], &Options::default());
    assert_eq!(ids(&r), ["192.168.1.104@14365"]);
    assert!(r.notes.contains(&Note::InstancesFromStatusList { count: 1 }));

    // Cut inside #Consumer Properties#, after the strategy.
    let reading = read(paste("consumerStatus-2.txt"));
    assert_eq!(reading.format, Some(Format::ConsumerRunningInfo));
    let Content::Running(info) = &reading.content else { panic!() };
    assert_eq!(info.property("consumerGroup"), Some("oms_thirdpush_consumer_ios"));
    assert_eq!(info.property("PROP_CLIENT_VERSION"), Some("V3_2_6_SNAPSHOT"));
    assert!(reading.notes.iter().any(|n| matches!(n, Note::RowCutShort { text, .. } if text == "consumeFromWhere")));
    assert!(reading.notes.contains(&Note::EndsEarly { missing: Part::MqDetail }));
    assert!(matches!(reading.notes[0], Note::SkippedLines { count: 2, .. }));
    let r = rebuild(&[Input::new("s2", paste("consumerStatus-2.txt"))], &Options::default());
    assert_eq!(r.scenario.strategy, Strategy::Avg);
    assert!(r.strategy_known && !r.notes.contains(&Note::StrategyAssumed));
    assert_eq!(r.scenario.group, "oms_thirdpush_consumer_ios");
}

#[test]
fn consumer_status_summaries_are_read_in_every_layout_alone_and_among_other_outputs() {
    let ids_45 = ["192.168.43.3@5231", "192.168.43.4@5188", "192.168.43.5@5202"];
    let ids_53 = ["10.1.0.7@21", "10.1.0.8@21", "10.1.0.9@1#8812#1234567"];
    for (name, want, versions, same) in [
        ("consumerStatus-summary-4.5-log-lines.txt", ids_45, ["V4_5_2"; 3], None),
        ("consumerStatus-summary-4.5-closed.txt", ids_45, ["V4_5_2"; 3], Some(true)),
        ("consumerStatus-summary-5.3-different.txt", ids_53, ["V5_3_3", "V5_3_3", "HIGHER_VERSION"], Some(false)),
    ] {
        let text = layout(name);
        let reading = read(text);
        assert_eq!(reading.format, Some(Format::ConsumerStatusList), "{name}");
        let Content::StatusList(l) = &reading.content else { panic!("{name}") };
        let got: Vec<(&str, &str)> = l.clients.iter().map(|c| (c.client_id.as_str(), c.version.as_str())).collect();
        assert_eq!(got, want.into_iter().zip(versions).collect::<Vec<_>>(), "{name}");
        assert_eq!(l.same_subscription, same, "{name}");
        // The logger's two warnings are named as left out, never taken for rows.
        let skipped = reading.notes.iter().find_map(|n| match n {
            Note::SkippedLines { count, first } => Some((*count, first.clone())),
            _ => None,
        });
        if name.contains("4.5") {
            assert_eq!(skipped.map(|(c, f)| (c, f.starts_with("RocketMQLog:WARN"))), Some((2, true)), "{name}");
        }
        let r = rebuild(&[Input::new(name, text)], &Options::default());
        assert_eq!(ids(&r), want, "{name}");
        assert!(r.notes.contains(&Note::InstancesFromStatusList { count: 3 }), "{name}: {:?}", r.notes);
    }
    // Between two other outputs, without its closing lines: its own output, its rows read as rows.
    let docker = SAMPLES.iter().find(|s| s.name == "public-04-docker").unwrap();
    let file = |f: &str| docker.files.iter().find(|(n, _)| *n == f).unwrap().1;
    let summary = layout("consumerStatus-summary-4.5-log-lines.txt");
    let paste = format!("{}{}{}", file("connection.txt"), summary, file("progress.txt"));
    let formats: Vec<Option<Format>> = split_outputs(&paste).iter().map(|t| read(t).format).collect();
    assert_eq!(
        formats,
        [Some(Format::ConsumerConnection), Some(Format::ConsumerStatusList), Some(Format::ConsumerProgress)],
        "{paste}"
    );
    let status = split_outputs(&paste)[1];
    let Content::StatusList(l) = read(status).content else { panic!() };
    assert_eq!(l.clients.len(), 3);
}

/// What may stand between two outputs of one paste: nothing, the logger's two warnings of the next mqadmin
/// run, or the shell prompt that ran it.
const BETWEEN: [&str; 3] = [
    "",
    "RocketMQLog:WARN No appenders could be found for logger (io.netty.util.internal.PlatformDependent0).\nRocketMQLog:WARN Please initialize the logger system properly.\n",
    "[root@mq-admin bin]# sh mqadmin consumerProgress -n 10.2.0.2:9876 -g GID_orders\n",
];

/// `block` alone, first, last and between each pair of `others`, with each of [`BETWEEN`] around it: every
/// paste, and the pieces `split_outputs` cuts it into.
fn every_position(block: &str, others: &[&str]) -> Vec<String> {
    let line = |t: &str| if t.ends_with('\n') { t.to_string() } else { format!("{t}\n") };
    let block = line(block);
    let mut pastes = vec![block.clone()];
    for between in BETWEEN {
        for a in others {
            let a = line(a);
            pastes.push(format!("{block}{between}{a}"));
            pastes.push(format!("{a}{between}{block}"));
            for b in others {
                pastes.push(format!("{a}{between}{block}{between}{}", line(b)));
            }
        }
    }
    pastes
}

/// The one piece of `paste` holding `marker`, read; every piece is one of the formats (a prompt or log
/// lines between two outputs go with one of them).
fn piece_with(paste: &str, marker: &str) -> rebalance_playground::import::Reading {
    for piece in split_outputs(paste) {
        assert!(read(piece).format.is_some(), "{piece:?} of {paste}");
    }
    let pieces: Vec<&str> = split_outputs(paste).into_iter().filter(|p| p.contains(marker)).collect();
    assert_eq!(pieces.len(), 1, "{marker} in {paste}");
    read(pieces[0])
}

/// No note of `notes` calls a line holding `marker` a line left out.
fn nothing_of_it_left_out(notes: &[Note], marker: &str) -> bool {
    !notes.iter().any(|n| matches!(n, Note::SkippedLines { first, .. } if first.contains(marker)))
}

#[test]
fn consumer_status_summaries_read_the_same_wherever_they_sit() {
    let docker = SAMPLES.iter().find(|s| s.name == "public-04-docker").unwrap();
    let file = |f: &str| docker.files.iter().find(|(n, _)| *n == f).unwrap().1;
    let others = [file("connection.txt"), file("progress.txt"), paste("topicStatus-1.txt")];
    for name in ["consumerStatus-summary-4.5-log-lines.txt", "consumerStatus-summary-4.5-closed.txt"] {
        for paste in every_position(layout(name), &others) {
            let reading = piece_with(&paste, "001  192.168.43.3@5231");
            assert_eq!(reading.format, Some(Format::ConsumerStatusList), "{paste}");
            let Content::StatusList(l) = &reading.content else { panic!("{paste}") };
            assert_eq!(l.clients.len(), 3, "{paste}");
            assert!(nothing_of_it_left_out(&reading.notes, "@5231"), "{paste}: {:?}", reading.notes);
            // Every piece together: the summary's three instances, or the connection list's when there is one.
            let pieces = split_outputs(&paste);
            let inputs: Vec<Input> = pieces.iter().map(|t| Input::new("paste", t)).collect();
            let r = rebuild(&inputs, &Options::default());
            assert!(!r.scenario.instances.is_empty(), "{paste}");
            for input in &r.inputs {
                assert!(nothing_of_it_left_out(&input.notes, "@5231"), "{paste}: {:?}", input.notes);
            }
        }
    }
}

#[test]
fn a_cut_connection_row_keeps_its_duplicate_clientid_wherever_it_sits() {
    let docker = SAMPLES.iter().find(|s| s.name == "public-04-docker").unwrap();
    let file = |f: &str| docker.files.iter().find(|(n, _)| *n == f).unwrap().1;
    let others = [file("progress.txt"), layout("consumerStatus-summary-4.5-closed.txt"), paste("topicRoute-1.txt")];
    let cut = layout("consumerConnection-5.3-cut-row.txt");
    for with_tail in [false, true] {
        let block = if with_tail {
            format!("{cut}\nBelow is subscription:\n#Topic               #SubExpression\norders               *\n")
        } else {
            cut.to_string()
        };
        for paste in every_position(&block, &others) {
            let reading = piece_with(&paste, "10.2.0.5@31");
            assert_eq!(reading.format, Some(Format::ConsumerConnection), "{paste}");
            let Content::Connection(c) = &reading.content else { panic!("{paste}") };
            let ids: Vec<&str> = c.connections.iter().map(|c| c.client_id.as_str()).collect();
            assert_eq!(ids, ["10.2.0.5@31", "10.2.0.6@31", "10.2.0.6@31"], "{paste}");
            assert_eq!(c.connections[2].client_addr, "10.2.0.7:40112", "{paste}");
            assert!(reading.notes.iter().any(|n| matches!(n, Note::RowCutShort { line: 4, .. })), "{paste}");
            assert!(nothing_of_it_left_out(&reading.notes, "10.2.0.7"), "{paste}: {:?}", reading.notes);
            let pieces = split_outputs(&paste);
            let inputs: Vec<Input> = pieces.iter().map(|t| Input::new("paste", t)).collect();
            let r = rebuild(&inputs, &Options::default());
            assert_eq!(r.scenario.instances.len(), 3, "{paste}");
            assert!(
                r.notes.iter().any(
                    |n| matches!(n, Note::SharedClientId { client_id, count: 2, .. } if client_id == "10.2.0.6@31")
                ),
                "{paste}: {:?}",
                r.notes
            );
        }
    }
}

#[test]
fn a_cut_progress_row_is_read_wherever_it_sits() {
    let docker = SAMPLES.iter().find(|s| s.name == "public-04-docker").unwrap();
    let file = |f: &str| docker.files.iter().find(|(n, _)| *n == f).unwrap().1;
    let lines: Vec<&str> = file("progress.txt").lines().take(4).collect();
    // The last row stops after its consumer offset.
    let last = lines[3];
    let cut = format!("{}\n{}\n", lines[..3].join("\n"), &last[..last.find("10.0.0.113").unwrap()].trim_end());
    let others = [file("connection.txt"), layout("consumerStatus-summary-4.5-closed.txt"), paste("topicRoute-1.txt")];
    for paste in every_position(&cut, &others) {
        let reading = piece_with(&paste, "92312129");
        assert_eq!(reading.format, Some(Format::ConsumerProgress), "{paste}");
        let Content::Progress(p) = &reading.content else { panic!("{paste}") };
        assert_eq!(p.rows.len(), 3, "{paste}");
        assert_eq!((p.rows[2].queue_id, p.rows[2].consumer_offset), (0, Some(92312129)), "{paste}");
        assert!(reading.notes.iter().any(|n| matches!(n, Note::RowCutShort { line: 4, .. })), "{paste}");
        assert!(!reading.notes.iter().any(|n| matches!(n, Note::BadRow { .. })), "{paste}: {:?}", reading.notes);
    }
}

#[test]
fn rows_of_another_output_inside_a_table_are_named_not_called_log_lines() {
    // A consumerStatus row pasted into a connection table's tail (no line of its own to start an output).
    let conn = layout("consumerConnection-5.3-cut-row.txt").replace(
        "10.2.0.6@31                          10.2.0.7:40112",
        "10.2.0.6@31                          10.2.0.7:40112     JAVA       V5_3_3\n\nBelow is subscription:\n#Topic               #SubExpression\norders               *\n\nConsumeType: CONSUME_PASSIVELY\nMessageModel: CLUSTERING\n001  10.2.0.5@31                              V5_3_3               1764496000000/10.2.0.5@31\n002  10.2.0.6@31                              V5_3_3               1764496000000/10.2.0.6@31",
    );
    let reading = read(&conn);
    let named = reading.notes.iter().find_map(|n| match n {
        Note::BlockLeftOut { from, to, count, like, first } => Some((*from, *to, *count, *like, first.clone())),
        _ => None,
    });
    let (from, to, count, like, first) = named.unwrap_or_else(|| panic!("{:?}", reading.notes));
    assert_eq!((from, to, count, like), (12, 13, 2, Format::ConsumerStatusList));
    assert!(first.starts_with("001  10.2.0.5@31"), "{first}");
    assert!(nothing_of_it_left_out(&reading.notes, "001"), "{:?}", reading.notes);
    for lang in [Lang::En, Lang::Zh] {
        let note = reading.notes.iter().find(|n| matches!(n, Note::BlockLeftOut { .. })).unwrap();
        let said = note.text(lang);
        assert!(said.contains("12") && said.contains("13") && said.contains("mqadmin consumerStatus"), "{said}");
    }
}

#[test]
fn broker_consume_stats_is_read_for_the_group_asked_or_named() {
    // One group: its rows, as a progress table of that broker.
    let one = layout("brokerConsumeStats-one-group.txt");
    let reading = read(one);
    assert_eq!(reading.format, Some(Format::BrokerConsumeStats));
    let r = rebuild(&[Input::new("b", one)], &Options::default());
    assert_eq!(r.scenario.group, "GID_orders");
    assert_eq!(r.scenario.topic, "orders");
    assert_eq!(brokers(&r), serde_json::json!([{ "brokerName": "broker-b", "readQueueNums": 4 }]));
    assert!(!r.inputs[0].notes.iter().any(|n| matches!(n, Note::EndsEarly { .. } | Note::SkippedLines { .. })));
    assert!(r.inputs[0]
        .notes
        .iter()
        .any(|n| matches!(n, Note::BrokerStatsRead { group, .. } if group == "GID_orders")));
    assert_eq!(r.observed.iter().filter_map(|o| o.lag).sum::<i64>(), 131);

    // Two groups, nothing else: named, with the command to run.
    let two = layout("brokerConsumeStats-two-groups.txt");
    let r = rebuild(&[Input::new("b", two)], &Options::default());
    let notes = &r.inputs[0].notes;
    let groups = notes.iter().find_map(|n| match n {
        Note::BrokerStatsGroups { groups } => Some(groups.clone()),
        _ => None,
    });
    assert_eq!(groups, Some(vec!["GID_billing".to_string(), "GID_orders".to_string()]), "{notes:?}");
    for lang in [Lang::En, Lang::Zh] {
        let said: String = notes.iter().map(|n| n.text(lang)).collect();
        assert!(said.contains("brokerConsumeStats") && said.contains("consumerProgress -g"), "{said}");
        assert!(!said.contains("0 queue"), "{said}");
    }
    assert!(!notes.iter().any(|n| matches!(n, Note::EndsEarly { .. } | Note::SkippedLines { .. })), "{notes:?}");

    // Two groups beside the connection list of one: that group's rows.
    let conn = "#ClientId                            #ClientAddr            #Language  #Version
10.2.0.5@31                          10.2.0.5:51012         JAVA       V5_3_3

Below is subscription:
#Topic               #SubExpression
orders               *
%RETRY%GID_orders    *

ConsumeType: CONSUME_PASSIVELY
MessageModel: CLUSTERING
ConsumeFromWhere: CONSUME_FROM_LAST_OFFSET";
    for paste in [format!("{conn}\n{two}"), format!("{two}{conn}\n")] {
        let inputs: Vec<Input> = split_outputs(&paste).into_iter().map(|t| Input::new("p", t)).collect();
        let r = rebuild(&inputs, &Options::default());
        assert_eq!(r.scenario.group, "GID_orders", "{paste}");
        let stats = r.inputs.iter().find(|i| i.format == Some(Format::BrokerConsumeStats)).unwrap();
        assert!(
            stats.notes.iter().any(|n| matches!(n, Note::BrokerStatsRead { group, .. } if group == "GID_orders")),
            "{:?}",
            stats.notes
        );
        let rows: usize = stats
            .found
            .iter()
            .map(|f| match f {
                rebalance_playground::import::Found::QueueRows { count, .. } => *count,
                _ => 0,
            })
            .sum();
        assert_eq!(rows, 5);
    }
}

#[test]
fn running_info_keyed_by_fastjson_message_queue_objects_is_read() {
    let text = layout("runningInfo-fastjson-object-keys.txt");
    for text in [text.to_string(), format!("{{\"code\":0,\"flag\":1,\"opaque\":7}}{text}")] {
        let reading = read(&text);
        assert_eq!(reading.format, Some(Format::RunningInfoJson));
        assert!(!reading.notes.contains(&Note::JsonCut), "{:?}", reading.notes);
        let Content::Running(info) = &reading.content else { panic!() };
        let held: Vec<String> =
            info.held.iter().map(|h| format!("{} {}:{}", h.topic, h.broker_name, h.queue_id)).collect();
        assert_eq!(held, ["orders broker-a:0", "orders broker-a:1"]);
        assert_eq!(info.client_id().as_deref(), Some("10.2.0.5@31"));
    }
    // The same body in a paste after a table, and pretty-printed with tabs as fastjson's PrettyFormat does.
    let docker = SAMPLES.iter().find(|s| s.name == "public-04-docker").unwrap();
    let pretty = text.replace(",\"", ",\n\t\"").replace("{\"jstack\"", "{\n\t\"jstack\"");
    let header = "{\"code\":0,\"flag\":1,\"language\":\"JAVA\",\"opaque\":7,\"serializeTypeCurrentRPC\":\"JSON\",\"version\":477}\n";
    for paste in [
        format!("{}{text}", docker.files[0].1),
        pretty,
        format!("{header}{text}"),
        format!("{}{header}{text}", docker.files[0].1),
    ] {
        let reading = piece_with(&paste, "commitOffset");
        assert_eq!(reading.format, Some(Format::RunningInfoJson), "{paste}");
        assert!(!reading.notes.contains(&Note::JsonCut), "{:?}", reading.notes);
        let Content::Running(info) = &reading.content else { panic!() };
        assert_eq!(info.held.len(), 2);
        // A remoting header above its body stays with it: no piece is unreadable.
        assert!(split_outputs(&paste).iter().all(|p| read(p).format.is_some()), "{paste}");
    }
}

#[test]
fn an_mqadmin_error_is_named_as_the_commands_error() {
    let text = layout("mqadmin-error-code-17.txt");
    let reading = read(text);
    assert_eq!(reading.format, None);
    let error = reading.notes.iter().find_map(|n| match n {
        Note::CommandFailed { error } => Some(error.clone()),
        _ => None,
    });
    let error = error.unwrap_or_else(|| panic!("{:?}", reading.notes));
    assert!(error.starts_with("CODE: 17") && error.contains("No topic route info"), "{error}");
    assert!(!reading.notes.iter().any(|n| matches!(n, Note::Unrecognised { .. })), "{:?}", reading.notes);
    for lang in [Lang::En, Lang::Zh] {
        let said: String = reading.notes.iter().map(|n| n.text(lang)).collect();
        assert!(said.contains("CODE: 17") && !said.contains("RocketMQLog"), "{said}");
    }
    // An exception without a CODE: its first line.
    let r = read("org.apache.rocketmq.remoting.exception.RemotingConnectException: connect to 10.2.0.2:9876 failed\n\tat org.apache.rocketmq.remoting.netty.NettyRemotingClient.invokeSync(NettyRemotingClient.java:394)\n");
    assert!(
        r.notes.iter().any(
            |n| matches!(n, Note::CommandFailed { error } if error.contains("RemotingConnectException: connect to"))
        ),
        "{:?}",
        r.notes
    );
    // Unreadable text quotes its first line that is not log noise.
    let r = read("RocketMQLog:WARN Please initialize the logger system properly.\nhello world\n");
    assert!(r.notes.contains(&Note::Unrecognised { begins: "hello world".into() }), "{:?}", r.notes);
}

#[test]
fn real_dashboard_running_info_dump() {
    // A remoting header, then a ConsumerRunningInfo keyed by MessageQueue objects, cut short.
    let reading = read(paste("dashboard-1.txt"));
    assert_eq!(reading.format, Some(Format::RunningInfoJson));
    assert!(reading.notes.contains(&Note::JsonCut));
    let Content::Running(info) = &reading.content else { panic!() };
    let held: Vec<String> = info.held.iter().map(|h| format!("{} {}:{}", h.topic, h.broker_name, h.queue_id)).collect();
    assert_eq!(held, ["%RETRY%CG-FTEST-Normal POC-Broker-a:0", "%RETRY%CG-FTEST-Normal POC-Broker-b:0"]);
}

#[test]
fn real_topic_route_and_status_pastes() {
    let route = |name: &str| {
        let r = read(paste(name));
        let Content::Route(route) = r.content else { panic!("{name}: {:?}", r.format) };
        (r.format, route, r.notes)
    };
    let (f, r1, notes) = route("topicRoute-1.txt");
    assert_eq!(f, Some(Format::TopicRoute));
    assert_eq!((r1.queues.len(), r1.queues[0].read_queue_nums, r1.queues[0].perm), (1, 4, Some(6)));
    assert_eq!(r1.brokers[0].master.as_deref(), Some("172.31.10.10:10911"));
    assert_eq!(notes, []);
    let (f, r4, notes) = route("topicRoute-4.txt");
    assert_eq!(f, Some(Format::TopicRoute));
    let names: Vec<_> = r4.queues.iter().map(|q| (q.broker_name.as_str(), q.read_queue_nums)).collect();
    assert_eq!(names, [("broker-b", 64), ("broker-a", 64), ("broker-c", 64), ("broker-d", 64)]);
    assert!(matches!(&notes[..], [Note::SkippedLines { count: 2, .. }]), "{notes:?}");
    let (f, r5, _) = route("topicRoute-5.txt");
    assert_eq!(f, Some(Format::TopicRoute));
    assert_eq!(r5.queues.iter().map(|q| q.read_queue_nums).sum::<u32>(), 16);
    assert_eq!(r5.brokers[1].cluster.as_deref(), Some("qd3internet"));

    // The route gives the brokers in mqAll order, whatever order it lists them in.
    let r = rebuild(
        &[Input::new("c", paste("consumerConnection-2.txt")), Input::new("r", paste("topicRoute-4.txt"))],
        &Options::default(),
    );
    let b: Vec<_> = r.scenario.brokers.iter().map(|b| b.broker_name.as_str()).collect();
    assert_eq!(b, ["broker-a", "broker-b", "broker-c", "broker-d"]);
    assert_eq!(simulate(&r.scenario).mq_all.len(), 256);

    for (name, rows, broker, queues) in
        [("topicStatus-1.txt", 4, "broker-a", 4), ("topicStatus-2.txt", 8, "873fe6a3414c", 8)]
    {
        let reading = read(paste(name));
        assert_eq!(reading.format, Some(Format::TopicStatus), "{name}");
        let Content::Status(s) = &reading.content else { panic!() };
        assert_eq!(s.rows.len(), rows, "{name}");
        assert_eq!(s.brokers(), [(broker.to_string(), queues)], "{name}");
        assert_eq!(reading.notes, [], "{name}");
    }
    let s1 = read(paste("topicStatus-1.txt"));
    let Content::Status(s) = s1.content else { panic!() };
    assert_eq!(s.rows[0].last_updated.as_deref(), Some("2018-03-11 20:58:30,695"));
    assert_eq!(s.rows[2].max_offset, Some(678));
}

#[test]
fn outputs_pasted_one_after_another_come_apart_as_they_were() {
    for (name, text) in REAL {
        let text = &text[text.find('\n').unwrap() + 1..];
        assert_eq!(split_outputs(text), [text], "{name}");
    }
    for s in SAMPLES {
        for (f, text) in s.files {
            assert_eq!(split_outputs(text), [*text], "{} {f}", s.name);
        }
        for (f, a) in s.files {
            for (g, b) in s.files {
                let a = if a.ends_with('\n') { a.to_string() } else { format!("{a}\n") };
                let both = format!("{a}{b}");
                assert_eq!(split_outputs(&both), [a.as_str(), *b], "{} {f} then {g}", s.name);
            }
        }
    }
}

#[test]
fn every_real_paste_is_detected_and_its_notes_have_both_languages() {
    let want = [
        ("consumerConnection", Format::ConsumerConnection),
        ("consumerProgress", Format::ConsumerProgress),
        ("consumerStatus-1", Format::ConsumerStatusList),
        ("consumerStatus-2", Format::ConsumerRunningInfo),
        ("dashboard", Format::RunningInfoJson),
        ("topicRoute", Format::TopicRoute),
        ("topicStatus", Format::TopicStatus),
    ];
    let inputs: Vec<Input> = REAL.iter().map(|(n, _)| Input::new(n, paste(n))).collect();
    for input in &inputs {
        let format = want.iter().find(|(p, _)| input.name.starts_with(p)).unwrap().1;
        assert_eq!(detect(input.text), Some(format), "{}", input.name);
    }
    // All of them at once: a mess of groups, but a scenario and no panic.
    let r = rebuild(&inputs, &Options::default());
    assert_eq!(r.unreadable().count(), 0);
    for note in r.notes.iter().chain(r.inputs.iter().flat_map(|i| &i.notes)) {
        let (en, zh) = (note.text(Lang::En), note.text(Lang::Zh));
        assert!(!en.is_empty() && en != zh, "{note:?}");
        assert!(!zh.contains(". ") && (zh.ends_with('。') || zh.ends_with('）')), "{zh}");
    }
    let _ = simulate(&r.scenario);
}

#[test]
fn text_that_is_none_of_the_formats_names_what_was_expected() {
    for text in [
        "",
        "hello",
        "Error: connect to 127.0.0.1:9876 failed",
        "{\"id\": 1, \"name\": \"x\"}",
        "<html><body><table><tr><td>x</td></tr></table></body></html>",
    ] {
        let r = rebuild(&[Input::new("bad.txt", text)], &Options::default());
        let bad: Vec<_> = r.unreadable().collect();
        assert_eq!(bad.len(), 1, "{text}");
        let said = bad[0].notes.iter().map(|n| n.text(Lang::En)).collect::<String>();
        assert!(said.contains("consumerConnection") && said.contains("topicRoute"), "{said}");
        let zh = bad[0].notes.iter().map(|n| n.text(Lang::Zh)).collect::<String>();
        assert!(zh.contains("应为"), "{zh}");
    }
}

#[test]
fn a_truncated_table_gives_a_partial_scenario_and_says_so() {
    let s = SAMPLES.iter().find(|s| s.name == "public-04-docker").unwrap();
    let conn = s.files[0].1;
    let cut = &conn[..conn.find("10.0.1.64@34615").unwrap() + 10];
    let prog = s.files.iter().find(|(n, _)| *n == "progress.txt").unwrap().1;
    let row150 = prog.lines().position(|l| l.split_whitespace().nth(2) == Some("100")).unwrap();
    let kept: Vec<&str> = prog.lines().take(row150 + 1).collect();
    let prog_cut = kept.join("\n");
    let prog_cut = &prog_cut[..prog_cut.len() - 80];
    let r = rebuild(&[Input::new("c", cut), Input::new("p", prog_cut)], &Options::default());
    assert_eq!(r.scenario.instances.len(), 7);
    assert_eq!(r.scenario.instances[6].client_id, "10.0.1.64@");
    let c_notes = &r.inputs[0].notes;
    assert!(c_notes.iter().any(|n| matches!(n, Note::RowCutShort { line: 8, .. })), "{c_notes:?}");
    assert!(c_notes.contains(&Note::EndsEarly { missing: Part::Subscription }));
    // The topic comes from the progress rows; its queues, as far as the rows go.
    assert_eq!(r.scenario.topic, "orders");
    assert_eq!(brokers(&r), serde_json::json!([{ "brokerName": "broker-d", "readQueueNums": 101 }]));
    let p_notes = &r.inputs[1].notes;
    assert!(p_notes.iter().any(|n| matches!(n, Note::RowCutShort { .. })), "{p_notes:?}");
    assert!(p_notes.contains(&Note::EndsEarly { missing: Part::Totals }));
    assert!(r.notes.contains(&Note::ModelAssumed));
}

#[test]
fn markup_in_a_paste_stays_text() {
    let conn = "#ClientId                            #ClientAddr            #Language  #Version
<img src=x onerror=alert(1)>          10.0.0.1:5000          JAVA       V5_3_3
\"><script>alert(1)</script>@1      10.0.0.2:5000          JAVA       V5_3_3

Below is subscription:
#Topic               #SubExpression
<b>orders</b>        *

ConsumeType: CONSUME_PASSIVELY
MessageModel: CLUSTERING
";
    let route = r#"{"queueDatas":[{"brokerName":"<i>broker</i>","perm":6,"readQueueNums":2,"writeQueueNums":2}]}"#;
    let r = rebuild(&[Input::new("c", conn), Input::new("r", route)], &Options::default());
    assert_eq!(ids(&r), ["<img src=x onerror=alert(1)>", "\"><script>alert(1)</script>@1"]);
    assert_eq!(r.scenario.topic, "<b>orders</b>");
    assert_eq!(r.scenario.brokers[0].broker_name, "<i>broker</i>");
}

#[test]
fn holders_naming_a_client_not_in_the_connection_list_are_said() {
    let conn = "#ClientId #ClientAddr #Language #Version
10.0.0.1@1 10.0.0.1:1 JAVA V5_3_3
10.0.0.2@1 10.0.0.2:1 JAVA V5_3_3
10.0.0.3@1 10.0.0.3:1 JAVA V5_3_3

Below is subscription:
T *
MessageModel: CLUSTERING";
    let prog = "#Topic #Broker Name #QID #Broker Offset #Consumer Offset #Client IP #Diff #Inflight #LastTime
T b 0 10 10 10.0.0.1 0 0 2025-01-01 00:00:00
T b 1 10 10 10.0.0.2 0 0 2025-01-01 00:00:00
T b 2 10 10 10.0.0.3 0 0 2025-01-01 00:00:00
T b 3 10 10 10.0.0.4 0 0 2025-01-01 00:00:00

Consume TPS: 0.00";
    let r = rebuild(&[Input::new("c", conn), Input::new("p", prog)], &Options::default());
    assert!(r.notes.contains(&Note::HolderNotConnected { holder: "10.0.0.4".into(), queues: vec!["b:3".into()] }));
    assert_eq!(r.scenario.instances.len(), 3);
    assert_eq!(r.scenario.brokers[0].read_queue_nums, 4);
    let checks = observed_vs_computed(&r, &simulate(&r.scenario));
    assert_eq!(
        checks.iter().map(|c| c.agrees).collect::<Vec<_>>(),
        [Some(true), Some(false), Some(false), Some(false)]
    );
}

#[test]
fn strategy_language_and_pop_from_the_inputs() {
    let conn = "#ClientId #ClientAddr #Language #Version
10.0.0.1@1 10.0.0.1:1 GO V2_1_2
10.0.0.2@1 10.0.0.2:1 CPP V2_0_0
10.0.0.3@1 10.0.0.3:1 RUST V5_0_0
10.0.0.4@1 10.0.0.4:1 JAVA HIGHER_VERSION
Below is subscription:
T *
ConsumeType: CONSUME_POP
MessageModel: BROADCASTING";
    let status = "#Consumer Properties#
allocateMessageQueueStrategy            : org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueConsistentHash@1b6d3586
clientIP                                : 10.0.0.1
instanceName                            : 1
#Consumer MQ Detail#
#Topic                                                            #Broker Name                      #QID  #ProcessQueueInfo
T                                                                 b                                 0     ProcessQueueInfo [commitOffset=0, droped=false]
";
    let route = "{\"queueDatas\":[{\"brokerName\":\"b\",\"perm\":6,\"readQueueNums\":2}]}";
    let r = rebuild(&[Input::new("c", conn), Input::new("s", status), Input::new("r", route)], &Options::default());
    use rebalance_playground::group::{Client, MessageModel};
    let clients: Vec<Client> = r.scenario.instances.iter().map(|i| i.client).collect();
    assert_eq!(clients, [Client::Go, Client::Cpp, Client::Java5, Client::Java5]);
    assert_eq!(r.notes.iter().filter(|n| matches!(n, Note::ClientAssumed { .. })).count(), 2);
    assert_eq!(r.scenario.model, MessageModel::Broadcasting);
    assert_eq!(r.scenario.strategy, Strategy::ConsistentHash { virtual_nodes: 10 });
    assert!(r.notes.contains(&Note::Pop));
    // A broadcasting group runs no strategy: its settings are not assumed, the broadcasting is said.
    assert!(r.notes.contains(&Note::Broadcasting));
    assert!(!r.notes.iter().any(|n| matches!(n, Note::StrategyParamsAssumed { .. })), "{:?}", r.notes);
    let clustering = conn.replace("BROADCASTING", "CLUSTERING");
    let r2 = rebuild(&[Input::new("c", &clustering), Input::new("s", status)], &Options::default());
    assert!(r2.notes.contains(&Note::StrategyParamsAssumed { strategy: "CONSISTENT_HASH".into() }));
    // The connection list shows the clientId once: no other instance shares it, nobody is left unasked.
    assert!(!r.notes.iter().any(|n| matches!(n, Note::OneClientOnly { .. })), "{:?}", r.notes);
    let alone = rebuild(&[Input::new("s", status), Input::new("r", route)], &Options::default());
    assert!(alone.notes.contains(&Note::OneClientOnly { client_id: "10.0.0.1@1".into() }));
    assert_eq!(r.observed[0].reports[0].holder.as_deref(), Some("10.0.0.1@1"));
    // The option wins over what the inputs say.
    let r = rebuild(
        &[Input::new("s", status)],
        &Options { topic: None, strategy: Some(Strategy::AvgByCircle), own: vec![] },
    );
    assert_eq!(r.scenario.strategy, Strategy::AvgByCircle);
}

#[test]
fn sizes_are_bounded() {
    // 30,000 connections: the first 20,000 are read.
    let mut conn = String::from("#ClientId #ClientAddr #Language #Version\n");
    for i in 0..30_000 {
        conn.push_str(&format!("10.0.{}.{}@1 10.0.0.1:1 JAVA V5_3_3\n", i / 256, i % 256));
    }
    let r = rebuild(&[Input::new("c", &conn)], &Options::default());
    assert_eq!(r.scenario.instances.len(), 20_000);
    assert!(r.inputs[0].notes.iter().any(|n| matches!(n, Note::TooMany { .. })));
    // A deep and a long JSON: said, not a crash.
    let deep = "[".repeat(100_000);
    assert!(read(&deep).notes.iter().any(|n| matches!(n, Note::TooMany { .. })));
    let big = " ".repeat(rebalance_playground::import::MAX_INPUT_BYTES + 10);
    assert!(read(&big).notes.iter().any(|n| matches!(n, Note::InputCut { .. })));
}

/// Random damage to every fixture (cuts, dropped and doubled lines, stray JSON and table characters) through
/// the readers, the rebuild and the simulation: never a panic. A cheap stand-in for the fuzz target.
#[test]
fn random_damage_never_panics() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    const JUNK: [&str; 16] =
        ["{", "}", "[", "\"", ":", "|", "\t", "\n", "é", "番", "0", "-1", "N/A", "#Topic", "\u{0}", "\\u12"];
    let mut all: Vec<(&str, &str)> = REAL.iter().map(|(n, _)| (*n, paste(n))).collect();
    for s in SAMPLES {
        all.extend(s.files.iter().copied());
    }
    let boundary = |t: &str, mut at: usize| {
        while !t.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    for (i, (name, text)) in all.iter().enumerate() {
        for _ in 0..12 {
            let mut t = text.to_string();
            for _ in 0..1 + next(4) {
                match next(4) {
                    0 => {
                        let at = boundary(&t, next(t.len() + 1));
                        t.truncate(at);
                    }
                    1 => {
                        let lines: Vec<&str> = t.lines().collect();
                        let drop = next(lines.len());
                        t = lines
                            .iter()
                            .enumerate()
                            .filter(|(k, _)| *k != drop)
                            .map(|(_, l)| *l)
                            .collect::<Vec<_>>()
                            .join("\n");
                    }
                    2 => {
                        let lines: Vec<&str> = t.lines().collect();
                        let twice = next(lines.len());
                        t = lines
                            .iter()
                            .enumerate()
                            .flat_map(|(k, l)| if k == twice { vec![*l, *l] } else { vec![*l] })
                            .collect::<Vec<_>>()
                            .join("\n");
                    }
                    _ => {
                        let at = boundary(&t, next(t.len() + 1));
                        t.insert_str(at, JUNK[next(JUNK.len())]);
                    }
                }
            }
            let other = all[(i + 1 + next(all.len() - 1)) % all.len()];
            let r = rebuild(&[Input::new(name, &t), Input::new(other.0, other.1)], &Options::default());
            let sim = simulate(&r.scenario);
            let _ = observed_vs_computed(&r, &sim);
            for n in r.notes.iter().chain(r.inputs.iter().flat_map(|i| &i.notes)) {
                let _ = (n.text(Lang::En), n.text(Lang::Zh));
            }
        }
    }
}

/// The notes of a rebuild (its own and its inputs'), each in `lang`.
fn said(r: &Rebuilt, lang: Lang) -> Vec<String> {
    r.notes.iter().chain(r.inputs.iter().flat_map(|i| &i.notes)).map(|n| n.text(lang)).collect()
}

#[test]
fn progress_rows_of_a_topic_the_connection_list_does_not_subscribe_are_said() {
    let conn = layout("consumerConnection-5.3-two-topics.txt");
    let progress = layout("consumerProgress-5.3-unsubscribed-topic.txt");
    let inputs = [Input::new("connection", conn), Input::new("progress", progress)];
    let r = rebuild(&inputs, &Options::default());
    // The group's first topic in mqAll order, as without the stale rows; refunds can still be chosen.
    assert_eq!(r.scenario.topic, "orders");
    assert!(r.topics.contains(&"refunds".to_string()), "{:?}", r.topics);
    let note = Note::NotSubscribed {
        subscribed: vec!["orders".into(), "payments".into()],
        topics: vec!["refunds".into()],
        shown: "orders".into(),
        shown_subscribed: true,
    };
    assert!(r.notes.contains(&note), "{:?}", r.notes);
    assert_eq!(
        note.text(Lang::En),
        "The group subscribes orders and payments, but the progress lists refunds too: nobody in this connection \
         list consumes it now, so its lag only grows. The scenario shows orders."
    );
    let zh = note.text(Lang::Zh);
    assert!(zh.contains("orders、payments") && zh.contains("refunds") && zh.contains("没有任何实例消费"), "{zh}");
    assert!(zh.contains("堆积只会增长") && zh.ends_with("场景显示 orders。"), "{zh}");
    // The topic choice no longer counts refunds among what the group subscribes.
    let chosen = r.notes.iter().find(|n| matches!(n, Note::TopicChosen { .. })).unwrap();
    for lang in [Lang::En, Lang::Zh] {
        assert!(!chosen.text(lang).contains("refunds"), "{}", chosen.text(lang));
    }
    // The same rows without the connection list: nothing says who subscribes what, and nothing is said.
    let alone = rebuild(&inputs[1..], &Options::default());
    assert!(!alone.notes.iter().any(|n| matches!(n, Note::NotSubscribed { .. })), "{:?}", alone.notes);

    // Asked for refunds: shown as the connection list has it, nobody pulling its queues.
    let asked = Options { topic: Some("refunds".into()), ..Options::default() };
    let r = rebuild(&inputs, &asked);
    assert_eq!(r.scenario.topic, "refunds");
    let note = r.notes.iter().find(|n| matches!(n, Note::NotSubscribed { .. })).unwrap();
    assert!(matches!(note, Note::NotSubscribed { shown_subscribed: false, .. }), "{note:?}");
    assert!(
        note.text(Lang::En).ends_with(
            "The scenario shows refunds, as asked: no instance subscribes it, so none of its queues is pulled."
        ),
        "{}",
        note.text(Lang::En)
    );
    assert!(note.text(Lang::Zh).contains("场景按要求显示 refunds"), "{}", note.text(Lang::Zh));
    let sim = simulate(&r.scenario);
    assert_eq!(labels(&sim, &sim.starved), ["broker-a:0", "broker-a:1", "broker-a:2", "broker-a:3"]);
    let findings: Vec<String> = sim.findings.iter().map(|f| f.text(&sim, Lang::En)).collect();
    assert!(
        findings.iter().any(|f| f.starts_with("None of the group's 2 instances subscribes to refunds")),
        "{findings:?}"
    );
    assert!(!findings.iter().any(|f| f.contains("the others still count")), "{findings:?}");
    assert!(sim.findings.iter().any(|f| f.text(&sim, Lang::Zh).contains("都没有订阅 refunds")));
}

#[test]
fn outputs_of_two_groups_are_said_and_not_merged() {
    let conn = layout("consumerConnection-5.3-two-topics.txt");
    let own = layout("consumerProgress-5.3-unsubscribed-topic.txt");
    let other = layout("consumerProgress-5.3-s-other-group.txt");
    for inputs in [
        vec![Input::new("connection", conn), Input::new("billing", other)],
        vec![Input::new("billing", other), Input::new("connection", conn)],
    ] {
        let r = rebuild(&inputs, &Options::default());
        // The connection list's group: its instances are the picture.
        assert_eq!(r.scenario.group, "GID_orders");
        assert_eq!(r.scenario.instances.len(), 2);
        let note = Note::GroupsDiffer {
            shown: "GID_orders".into(),
            others: vec!["GID_billing".into()],
            left_out: vec!["billing".into()],
        };
        assert!(r.notes.contains(&note), "{:?}", r.notes);
        assert_eq!(
            note.text(Lang::En),
            "The inputs describe 2 consumer groups: GID_orders and GID_billing. The picture shows GID_orders only \
             and leaves out billing: one group's holders and lag beside another group's instances would draw \
             overlaps and starved queues that neither group has."
        );
        let zh = note.text(Lang::Zh);
        assert!(
            zh.starts_with("输入描述了 2 个消费组：GID_orders 和 GID_billing。图中只显示 GID_orders，未采用 billing"),
            "{zh}"
        );
        let billing = r.inputs.iter().find(|i| i.name == "billing").unwrap();
        let on_input = Note::OtherGroup { group: "GID_billing".into(), shown: "GID_orders".into() };
        assert!(billing.notes.contains(&on_input), "{:?}", billing.notes);
        assert_eq!(
            on_input.text(Lang::En),
            "This output is of consumer group GID_billing, not GID_orders: it is left out of the picture."
        );
        assert!(on_input.text(Lang::Zh).contains("GID_billing") && on_input.text(Lang::Zh).contains("未用于图中"));
        // Nothing of GID_billing's rows reaches the picture: no holders, no lag, no verdict on them.
        assert!(r.observed.is_empty(), "{:?}", r.observed);
        assert!(r.scenario.brokers.is_empty());
        let merged =
            |n: &&Note| matches!(n, Note::HolderNotConnected { .. } | Note::ExplainedBy { .. } | Note::NothingExplains);
        assert!(!r.notes.iter().any(|n| merged(&n)), "{:?}", r.notes);
        assert!(!r.topics.iter().any(|t| t.contains("GID_billing")), "{:?}", r.topics);
    }
    // Beside the group's own progress, that one's rows are the lag.
    let inputs = [Input::new("connection", conn), Input::new("own", own), Input::new("billing", other)];
    let r = rebuild(&inputs, &Options::default());
    assert_eq!(r.observed.iter().filter_map(|o| o.lag).sum::<i64>(), 21 + 26 + 4 + 36);
    assert!(!r.has_holders());
    // One group in every input: nothing said.
    let r = rebuild(&inputs[..2], &Options::default());
    assert!(!r.notes.iter().any(|n| matches!(n, Note::GroupsDiffer { .. })), "{:?}", r.notes);
    assert!(!r.inputs.iter().flat_map(|i| &i.notes).any(|n| matches!(n, Note::OtherGroup { .. })));
}

#[test]
fn a_broadcasting_group_is_said_and_given_no_strategy_advice() {
    let conn = layout("consumerConnection-5.3-broadcasting.txt");
    let progress = layout("consumerProgress-5.3-s-broadcasting.txt");
    let status = layout("consumerStatus-5.3-broadcasting.txt");
    use rebalance_playground::group::MessageModel;
    // What a clustering group with the same outputs is told, and a broadcasting one must not be.
    let advice = |n: &Note| {
        matches!(
            n,
            Note::StrategyAssumed
                | Note::StrategyParamsAssumed { .. }
                | Note::StrategyUnknown { .. }
                | Note::StrategiesDiffer { .. }
                | Note::ExplainedBy { .. }
                | Note::NothingExplains
                | Note::OneHolderPerQueue { .. }
                | Note::SharedClientId { .. }
                | Note::SharedClientIds { .. }
        )
    };
    let clustering = conn.replace("BROADCASTING", "CLUSTERING");
    let r = rebuild(&[Input::new("c", &clustering), Input::new("p", progress)], &Options::default());
    assert!(r.notes.iter().filter(|n| advice(n)).count() >= 3, "{:?}", r.notes);
    assert!(!r.notes.contains(&Note::Broadcasting));

    for inputs in [
        vec![Input::new("c", conn), Input::new("p", progress)],
        vec![Input::new("c", conn), Input::new("s", status)],
        vec![Input::new("c", conn), Input::new("s", status), Input::new("p", progress)],
        // consumerStatus -i alone says the model too.
        vec![Input::new("s", status)],
    ] {
        let names: Vec<&str> = inputs.iter().map(|i| i.name).collect();
        let r = rebuild(&inputs, &Options::default());
        assert_eq!(r.scenario.model, MessageModel::Broadcasting, "{names:?}");
        assert!(r.broadcasting());
        assert!(r.notes.contains(&Note::Broadcasting), "{names:?}: {:?}", r.notes);
        assert!(!r.notes.iter().any(advice), "{names:?}: {:?}", r.notes);
        let sim = simulate(&r.scenario);
        assert!(sim.starved.is_empty() && sim.overlapped.is_empty(), "{names:?}");
        let kinds: Vec<&str> = sim.findings.iter().map(|f| f.kind()).collect();
        // consumerStatus -i alone gives no queues: nothing to allocate.
        assert!(sim.mq_all.is_empty() || kinds.contains(&"sharedByDesign"), "{names:?}: {kinds:?}");
        assert!(!sim.findings.iter().any(|f| f.is_problem()), "{names:?}: {kinds:?}");
        for lang in [Lang::En, Lang::Zh] {
            let all = said(&r, lang).join("\n");
            assert!(!all.contains("AVG") && !all.contains("CONSISTENT_HASH"), "{names:?}: {all}");
        }
    }
    let en = Note::Broadcasting.text(Lang::En);
    assert_eq!(
        en,
        "The group broadcasts (MessageModel BROADCASTING): every instance consumes every queue, so no allocation \
         strategy runs and the one the clients set does not matter; no queue is starved or consumed twice by an \
         allocation. A holder column (consumerProgress -s, the dashboard) names just one of the instances per queue."
    );
    let zh = Note::Broadcasting.text(Lang::Zh);
    assert!(zh.contains("广播消费") && zh.contains("不运行任何分配策略"), "{zh}");
    // The strategy the client names stays in the scenario, for a switch back to CLUSTERING.
    let r = rebuild(&[Input::new("c", conn), Input::new("s", status)], &Options::default());
    assert_eq!(r.scenario.strategy, Strategy::ConsistentHash { virtual_nodes: 10 });
}

/// Tables shaped to make a careless reader quadratic: 100,000 rows on 100,000 brokers, holders that are
/// not connected, a note per row. (No clock here: a quadratic reader would not finish within CI's time;
/// the time it takes is printed, and scripts/bench times the reader on real sizes.)
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn hostile_tables_are_read_with_few_notes() {
    let mut t =
        String::from("#Topic #Broker Name #QID #Broker Offset #Consumer Offset #Client IP #Diff #Inflight #LastTime\n");
    for i in 0..100_000 {
        t.push_str(&format!(
            "T b{i} {} 10 5 10.{}.{}.1 5 0 N/A\nT b{i} x bad row\n",
            1 + i % 3,
            i / 256 % 256,
            i % 256
        ));
    }
    let conn = "#ClientId #ClientAddr #Language #Version\n10.0.0.1@1 10.0.0.1:1 JAVA V5_3_3\n";
    let start = std::time::Instant::now();
    let r = rebuild(&[Input::new("c", conn), Input::new("p", &t)], &Options::default());
    eprintln!("200,000 hostile rows read in {:?}", start.elapsed());
    assert_eq!(r.scenario.brokers.len(), 100_000);
    let notes = &r.inputs[1].notes;
    assert!(notes.len() < 100, "{}", notes.len());
    assert!(notes.iter().any(|n| matches!(n, Note::MoreLikeThese { .. })));
    assert!(r.notes.len() < 100, "{}", r.notes.len());
    let _ = explaining_strategies(&r);
}

/// `rebalance diagnose` as a script would run it.
#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use super::*;
    use std::io::Write;
    use std::path::PathBuf;
    use std::process::{Command, Stdio};

    fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rebalance"))
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANG")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    }

    fn path(sample: &str, file: &str) -> String {
        let p: PathBuf =
            [env!("CARGO_MANIFEST_DIR"), "tests/fixtures/cluster-output/samples", sample, file].iter().collect();
        p.to_string_lossy().into_owned()
    }

    /// A connection list alone: the CLI says the queues are unknown, not that the topic has none.
    #[test]
    fn diagnose_says_the_queues_are_unknown_without_a_route() {
        let (code, out, _) = run(&["diagnose", "--json", "-"], paste("consumerConnection-2.txt"));
        assert_eq!(code, 0);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["queuesKnown"], false);
        let findings = v["findings"].to_string();
        assert!(findings.contains("The queues are unknown: paste `mqadmin topicRoute -t T_SCANRECORD_NEW` too"));
        assert!(!findings.contains("no readable queue"), "{findings}");
        let (_, text, _) = run(&["diagnose", "--lang", "zh", "-"], paste("consumerConnection-2.txt"));
        assert!(text.contains("队列未知") && !text.contains("mqAll is null"), "{text}");
    }

    #[test]
    fn diagnose_json_of_every_sample_gives_its_truth() {
        let mut wrong = vec![];
        for s in SAMPLES {
            let t = truth(s);
            let files: Vec<String> = s.files.iter().map(|(n, _)| path(s.name, n)).collect();
            let mut args: Vec<&str> = vec!["diagnose", "--json"];
            args.extend(files.iter().map(String::as_str));
            let name = t["strategy"].as_str().unwrap().to_string();
            if name != "AVG" {
                args.extend(["--strategy", &name]);
            }
            let (code, out, err) = run(&args, "");
            assert_eq!(code, 0, "{}: {err}", s.name);
            let v: Value = serde_json::from_str(&out).unwrap();
            for (got, want) in [
                (&v["scenario"]["topic"], &t["topic"]),
                (&v["scenario"]["brokers"], &t["brokers"]),
                (&v["starved"], &t["starved"]),
                (&v["overlapped"], &t["overlapped"]),
            ] {
                if got != want {
                    wrong.push(format!("{}: expected {want}, got {got}", s.name));
                }
            }
            let instances: Vec<Value> =
                v["scenario"]["instances"].as_array().unwrap().iter().map(|i| i["clientId"].clone()).collect();
            if Value::from(instances.clone()) != t["instances"] {
                wrong.push(format!("{}: instances {instances:?}", s.name));
            }
            // The scenario reads back as a Scenario.
            let _: rebalance_playground::group::Scenario = serde_json::from_value(v["scenario"].clone()).unwrap();
            let observed = v["observed"].as_array().unwrap();
            let expected_queues: u64 =
                t["brokers"].as_array().unwrap().iter().map(|b| b["readQueueNums"].as_u64().unwrap()).sum();
            assert_eq!(observed.len() as u64, expected_queues, "{}", s.name);
            if let Some(q) = observed.iter().find(|q| q["agrees"] == Value::Bool(false)) {
                wrong.push(format!("{}: disagrees at {q}", s.name));
            }
            assert!(v["read"].as_array().unwrap().len() == s.files.len());
            assert!(v["assumed"].as_array().unwrap().iter().any(|n| n["kind"] == "brokersInferred"), "{}", s.name);
            assert!(v["notes"].is_array());
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// `rebalance diagnose -` on outputs pasted one after another, in `lang`: the report.
    fn diagnose_paste(lang: &str, outputs: &[&str]) -> String {
        let (code, out, err) = run(&["diagnose", "--lang", lang, "-"], &outputs.join("\n"));
        assert_eq!(code, 0, "{err}");
        out
    }

    #[test]
    fn diagnose_says_each_contradiction_where_the_notes_are() {
        let notes = |out: &str| -> String {
            let start = out.find("\nnotes:\n").or_else(|| out.find("\n说明：\n")).unwrap_or_else(|| panic!("{out}"));
            out[start + 1..].split("\n\n").next().unwrap_or_default().to_string()
        };
        let conn = layout("consumerConnection-5.3-two-topics.txt");
        let out = diagnose_paste("en", &[conn, layout("consumerProgress-5.3-unsubscribed-topic.txt")]);
        assert!(
            notes(&out).contains("- The group subscribes orders and payments, but the progress lists refunds too: nobody in this connection list consumes it now, so its lag only grows. The scenario shows orders."),
            "{out}"
        );
        assert!(!out.contains("several topics (orders, payments, refunds"), "{out}");
        let out = diagnose_paste("zh", &[conn, layout("consumerProgress-5.3-unsubscribed-topic.txt")]);
        assert!(notes(&out).contains("但消费进度中还列出了 refunds"), "{out}");

        let out = diagnose_paste("en", &[conn, layout("consumerProgress-5.3-s-other-group.txt")]);
        assert!(notes(&out).contains("- The inputs describe 2 consumer groups: GID_orders and GID_billing. The picture shows GID_orders only and leaves out - (2)"), "{out}");
        // The other group's progress left out, nothing gives the queues of orders: unknown, not 0.
        assert!(out.contains("The queues are unknown: paste `mqadmin topicRoute -t orders` too"), "{out}");
        assert!(!out.contains("DISAGREES") && !out.contains("is not in the connection list"), "{out}");
        let out = diagnose_paste("zh", &[conn, layout("consumerProgress-5.3-s-other-group.txt")]);
        assert!(notes(&out).contains("输入描述了 2 个消费组：GID_orders 和 GID_billing"), "{out}");

        let bc = [layout("consumerConnection-5.3-broadcasting.txt"), layout("consumerProgress-5.3-s-broadcasting.txt")];
        let out = diagnose_paste("en", &bc);
        assert!(
            notes(&out)
                .contains("- The group broadcasts (MessageModel BROADCASTING): every instance consumes every queue"),
            "{out}"
        );
        for wrong in [
            "AVG, the default, assumed",
            "compute the same queues",
            "overlaps do not show",
            "computes the holders",
            "strategy AVG",
        ] {
            assert!(!out.contains(wrong), "{wrong}: {out}");
        }
        assert!(out.contains("; BROADCASTING\n"), "{out}");
        let out = diagnose_paste("zh", &bc);
        assert!(notes(&out).contains("该消费组为广播消费"), "{out}");
        assert!(!out.contains("假定为默认的 AVG"), "{out}");
        let (code, json, _) = run(&["diagnose", "--json", "-"], &bc.join("\n"));
        assert_eq!(code, 0);
        let v: Value = serde_json::from_str(&json).unwrap();
        assert!(v.get("explaining").is_none(), "{json}");
        assert!(v["notes"].as_array().unwrap().iter().any(|n| n["kind"] == "broadcasting"), "{json}");
        assert!(v["assumed"].as_array().unwrap().iter().all(|n| n["kind"] != "strategyAssumed"), "{json}");
    }

    #[test]
    fn diagnose_reads_stdin_and_prints_what_it_read_assumed_and_the_table() {
        let s = SAMPLES.iter().find(|s| s.name == "public-10-docker").unwrap();
        let conn = path(s.name, "connection.txt");
        let (code, out, err) = run(&["diagnose", &conn, "-"], s.files[2].1);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("connection.txt: mqadmin consumerConnection"), "{out}");
        assert!(out.contains("-: mqadmin consumerProgress"), "{out}");
        assert!(out.contains("AVG, the default, assumed"), "{out}");
        assert!(out.contains("broker-d:13") || out.contains("13 "), "{out}");
        assert!(out.lines().any(|l| l.starts_with("13 ") && l.trim_end().ends_with("STARVED")), "{out}");
        assert!(out.contains("Queues 13, 14 and 15 have no consumer") || out.contains("no consumer"), "{out}");
        let (code, out, _) = run(&["diagnose", "--lang", "zh", &conn, "-"], s.files[2].1);
        assert_eq!(code, 0);
        assert!(out.contains("假定为默认的 AVG"), "{out}");
    }

    #[test]
    fn diagnose_of_an_output_without_instances_says_they_are_unknown_and_na_is_not_reported() {
        for name in super::WITHOUT_INSTANCES {
            let (code, out, err) = run(&["diagnose", "--json", "-"], super::layout(name));
            assert_eq!(code, 0, "{name}: {err}");
            let v: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(v["instancesKnown"], false, "{name}");
            assert_eq!(v["starved"], serde_json::json!([]), "{name}");
            let findings = v["findings"].as_array().unwrap();
            assert_eq!(findings.len(), 1, "{name}: {findings:?}");
            assert!(
                findings[0]
                    .as_str()
                    .unwrap()
                    .starts_with("The instances are unknown: paste `mqadmin consumerConnection -g "),
                "{findings:?}"
            );
            let (_, text, _) = run(&["diagnose", "--lang", "zh", "-"], super::layout(name));
            assert!(!text.contains("STARVED") && text.contains("实例未知"), "{text}");
        }
        let dir = std::env::temp_dir().join(format!("import-na-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let conn = dir.join("connection.txt");
        std::fs::write(&conn, super::layout("consumerConnection-5.3-java-and-go.txt")).unwrap();
        let conn = conn.to_string_lossy().into_owned();
        let prog = super::layout("consumerProgress-5.3-s-not-answered.txt");
        let (code, out, err) = run(&["diagnose", "--json", &conn, "-"], prog);
        assert_eq!(code, 0, "{err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        let seen: Vec<(String, Value, Value)> = v["observed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|q| (q["queue"].as_str().unwrap().to_string(), q["agrees"].clone(), q["notReported"].clone()))
            .collect();
        assert_eq!(seen[0], ("broker-a:0".to_string(), Value::Bool(true), Value::Bool(false)));
        assert_eq!(seen[4], ("broker-b:0".to_string(), Value::Null, Value::Bool(true)));
        let (_, text, _) = run(&["diagnose", &conn, "-"], prog);
        assert_eq!(text.matches("NOT REPORTED (N/A)").count(), 4, "{text}");
        assert!(!text.contains("DISAGREES"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn diagnose_refuses_what_it_cannot_read() {
        let (code, out, err) = run(&["diagnose", "-"], "hello, this is not mqadmin output\n");
        assert_eq!(code, 2);
        assert!(out.is_empty());
        assert!(err.contains("-: This input is none of the formats"), "{err}");
        assert!(err.contains("consumerConnection") && err.contains("topicRoute"), "{err}");
        let (code, _, err) = run(&["diagnose", "/nonexistent/file.txt"], "");
        assert_eq!(code, 2);
        assert!(err.contains("/nonexistent/file.txt"), "{err}");
        let (code, _, err) = run(&["diagnose", "--strategy", "FAST", "-"], "");
        assert_eq!(code, 2);
        assert!(err.contains("FAST"), "{err}");
    }
}

#[test]
fn instances_from_consumer_status_are_not_called_unknown() {
    let r = rebuild(&[Input::new("s1", paste("consumerStatus-1.txt"))], &Options::default());
    assert!(r.instances_known);
    assert!(r.notes.contains(&Note::InstancesFromStatusList { count: 1 }));
    assert!(!r.notes.contains(&Note::NoConnections), "{:?}", r.notes);
    let said: Vec<String> = r.notes.iter().map(|n| n.text(Lang::En)).collect();
    assert!(!said.iter().any(|n| n.contains("instances are unknown")), "{said:?}");
    // A route alone lists nobody: the instances are unknown, and said so.
    let route =
        r#"{"brokerDatas":[],"queueDatas":[{"brokerName":"broker-a","perm":6,"readQueueNums":4,"writeQueueNums":4}]}"#;
    let r = rebuild(&[Input::new("route", route)], &Options::default());
    assert!(!r.instances_known && r.notes.contains(&Note::NoConnections));
}

#[test]
fn a_read_that_gives_no_scenario_says_so() {
    let nothing = rebuild(&[Input::new("paste", "hello world")], &Options::default());
    assert!(!nothing.gives_a_scenario());
    let list = "#Group  #Version  #Count  #Model  #TPS  #Diff Total\nGID_a  V5_3_3  2  CLUSTERING  0  0\n";
    assert!(!rebuild(&[Input::new("paste", list)], &Options::default()).gives_a_scenario());
    let connection = "#ClientId   #ClientAddr   #Language  #Version\n10.0.0.12@1  10.0.0.12:50001  JAVA  V5_3_3\n";
    let r = rebuild(&[Input::new("paste", connection)], &Options::default());
    assert!(r.gives_a_scenario());
    assert_eq!(r.scenario.topic, "");
    assert!(r.notes.contains(&Note::NoTopic));
    assert!(Note::NoTopic.text(Lang::En).contains("the topic is unknown"));
}
