//! `mqadmin getConsumerConfig -g <group>` (TIMING.md E0) read into the scenario's group config, whole and as
//! chats mangle it; retryQueueNums inferred from the retry topic's progress rows when no config is given.

use rebalance_playground::group::{
    retry, simulate, simulate_retry, BrokerConfig, Finding, GroupConfig, Instance, Lang, Scenario,
};
use rebalance_playground::import::{detect, read, rebuild, Content, Format, Input, Note, Options};
use rebalance_playground::rocketmq::{BrokerQueues, Strategy};
use rebalance_playground::timeline::{run, Setup};

const TWO: &str = include_str!("../fixtures/consumer-config/two-brokers.txt");
const COLLAPSED: &str = include_str!("../fixtures/consumer-config/collapsed.txt");
const TRUNCATED: &str = include_str!("../fixtures/consumer-config/truncated.txt");
const HTML: &str = include_str!("../fixtures/consumer-config/html.txt");

fn config_of(text: &str) -> (GroupConfig, Vec<Note>) {
    let r = rebuild(&[Input::new("config.txt", text)], &Options::default());
    let mut notes = r.notes.clone();
    notes.extend(r.inputs.iter().flat_map(|i| i.notes.clone()));
    (r.scenario.config, notes)
}

fn said(notes: &[Note]) -> String {
    notes.iter().map(|n| n.text(Lang::En)).collect::<Vec<_>>().join("\n")
}

#[test]
fn every_sample_is_detected_as_get_consumer_config() {
    for (name, text) in [("two brokers", TWO), ("collapsed", COLLAPSED), ("truncated", TRUNCATED), ("html", HTML)] {
        assert_eq!(detect(text), Some(Format::ConsumerConfig), "{name}");
    }
}

#[test]
fn two_brokers_that_disagree_keep_each_brokers_values_and_say_which_broker_has_which() {
    for (name, text) in [("padded", TWO), ("collapsed padding", COLLAPSED)] {
        let Content::Config(c) = read(text).content else { panic!("{name}: not read") };
        assert_eq!(c.blocks.len(), 2, "{name}");
        assert_eq!((c.blocks[1].broker.as_str(), c.blocks[1].consume_enable), ("broker-b", Some(false)), "{name}");
        let (config, notes) = config_of(text);
        let each = [("broker-a", true, 1), ("broker-b", false, 2)]
            .map(|(broker, consume_enable, retry_queue_nums)| BrokerConfig {
                broker: broker.into(),
                consume_enable,
                retry_queue_nums,
            })
            .to_vec();
        assert_eq!(config.per_broker, each, "{name}: each broker's own copy (E0)");
        assert_eq!((config.consume_enable_on("broker-a"), config.consume_enable_on("broker-b")), (true, false));
        assert_eq!((config.retry_queue_nums_on("broker-a"), config.retry_queue_nums_on("broker-b")), (1, 2));
        let words = said(&notes);
        assert!(words.contains("consumeEnable: broker-a true and broker-b false"), "{name}: {words}");
        assert!(words.contains("retryQueueNums: broker-a 1 and broker-b 2"), "{name}: {words}");
        assert!(words.contains("count broker by broker"), "{name}: {words}");
    }
    let r = rebuild(&[Input::new("config.txt", TWO)], &Options::default());
    assert_eq!(r.scenario.group, "GID_orders");
}

/// The two brokers' config pasted (broker-a consumes with 1 retry queue, broker-b refuses with 2) over a topic
/// of 4 queues on each: only broker-b's queues get code 16 (E1: the pull is refused by the broker that holds
/// the queue), and the retry topic has 1 + 2 = 3 queues (D2), where taking the fewest gave 2 × 1 = 2 and one
/// broker's false made every queue pause.
#[test]
fn each_broker_refuses_or_serves_its_own_queues_and_holds_its_own_retry_queues() {
    let (config, _) = config_of(TWO);
    let s = Scenario {
        brokers: vec![BrokerQueues::new("broker-a", 4), BrokerQueues::new("broker-b", 4)],
        group: "g".into(),
        strategy: Strategy::Avg,
        instances: ["c1", "c2", "c3", "c4"].into_iter().map(Instance::new).collect(),
        config,
        ..Scenario::seed()
    };
    let sim = simulate(&s);
    let refused: Vec<bool> = (0..8).map(|q| sim.refused(q)).collect();
    assert_eq!(refused, [false, false, false, false, true, true, true, true]);
    assert!(!sim.consume_disabled(), "broker-a's queues are consumed");
    let disabled = sim.findings.iter().find(|f| matches!(f, Finding::ConsumeDisabled { .. })).unwrap();
    assert_eq!(disabled, &Finding::ConsumeDisabled { group: "g".into(), queues: 4, brokers: vec!["broker-b".into()] });
    let words = disabled.text(&sim, Lang::En);
    assert!(words.contains("on broker-b only") && words.contains("their 4 queues"), "{words}");
    assert!(!sim.findings.iter().any(|f| matches!(f, Finding::Healthy { .. })));
    // D2: 1 + 2 retry queues, so 3 of the 4 members get retries.
    assert_eq!(retry::slots(&s), 3);
    let r = retry::scenario(&s).unwrap();
    assert_eq!(r.brokers, vec![BrokerQueues::new("broker-a", 1), BrokerQueues::new("broker-b", 2)]);
    let slots = sim.findings.iter().find(|f| matches!(f, Finding::RetrySlots { .. })).unwrap();
    let words = slots.text(&sim, Lang::En);
    assert!(words.contains("Only 3 of 4") && words.contains("broker-a 1 and broker-b 2"), "{words}");
    let line = rebalance_playground::page::model::retry_line(&simulate_retry(&s).unwrap(), Lang::En);
    assert!(line.contains("retry queues per broker: broker-a 1 and broker-b 2"), "{line}");
    // The timeline: broker-b's queues pause from 0 to the end, broker-a's are pulled throughout.
    let t = run(&Setup::new(s));
    for o in &t.queues {
        let b = o.queue.broker_name.to_string();
        assert_eq!(o.pauses.is_empty(), b == "broker-a", "{b}:{} {:?}", o.queue.queue_id, o.pauses);
    }
    assert!(t.consume_enable);
}

#[test]
fn a_truncated_block_names_the_fields_it_lacks_and_keeps_their_defaults() {
    let (config, notes) = config_of(TRUNCATED);
    assert_eq!(config, GroupConfig::default());
    let words = said(&notes);
    assert!(words.contains("retryQueueNums") && words.contains("notifyConsumerIdsChangedEnable"), "{words}");
    assert!(words.contains("cut"), "{words}");
}

#[test]
fn html_left_by_a_chat_is_read_past_and_said() {
    let (config, notes) = config_of(HTML);
    assert!(config.consume_message_orderly);
    assert!(notes.contains(&Note::MarkupRemoved), "{notes:?}");
}

#[test]
fn mangled_input_gives_notes_never_a_panic() {
    let table: [(&str, &str); 7] = [
        ("marker only", "=====c:b=====\n"),
        ("bad boolean", "=====c:b=====\nconsumeEnable = perhaps\n"),
        ("bad count", "=====c:b=====\nretryQueueNums = lots\n"),
        ("no equals", "=====c:b=====\nconsumeEnable true\n"),
        ("an unclosed tag", "=====c:b=====\n<b consumeEnable = false\n"),
        ("huge number", "=====c:b=====\nretryQueueNums = 99999999999999999999\n"),
        ("unicode", "=====集群:番茄=====\nconsumeEnable\u{3000}=\u{3000}false\n"),
    ];
    for (name, text) in table {
        let (config, notes) = config_of(text);
        assert!(!notes.is_empty(), "{name}: a note");
        let _ = (config, said(&notes));
    }
    let (config, notes) = config_of("=====c:b=====\nconsumeEnable = perhaps\n");
    assert!(config.consume_enable, "a bad value keeps the default");
    assert!(said(&notes).contains("perhaps"), "{}", said(&notes));
}

#[test]
fn retry_queue_nums_is_inferred_from_the_retry_topics_progress_rows() {
    let progress = "#Topic  #Broker Name  #QID  #Broker Offset  #Consumer Offset  #Client IP  #Diff  #LastTime
orders  broker-a  0  10  5  1.1.1.1  5  N/A
orders  broker-a  1  10  5  1.1.1.1  5  N/A
%RETRY%GID_orders  broker-a  0  3  3  1.1.1.1  0  N/A
%RETRY%GID_orders  broker-a  1  3  3  1.1.1.1  0  N/A
%RETRY%GID_orders  broker-a  2  3  3  1.1.1.1  0  N/A
";
    let r = rebuild(&[Input::new("progress.txt", progress)], &Options::default());
    assert_eq!(r.scenario.config.retry_queue_nums, 3);
    assert!(r.notes.iter().any(|n| matches!(n, Note::RetryQueueNumsInferred { count: 3, .. })), "{:?}", r.notes);
    // With the config given, it is the config's.
    let r = rebuild(&[Input::new("progress.txt", progress), Input::new("config.txt", TWO)], &Options::default());
    let c = &r.scenario.config;
    assert_eq!((c.retry_queue_nums_on("broker-a"), c.consume_enable_on("broker-b")), (1, false));
    assert!(!r.notes.iter().any(|n| matches!(n, Note::RetryQueueNumsInferred { .. })), "{:?}", r.notes);
}
