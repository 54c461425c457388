//! `mqadmin getConsumerConfig -g <group>` (TIMING.md E0) read into the scenario's group config, whole and as
//! chats mangle it; retryQueueNums inferred from the retry topic's progress rows when no config is given.

use rebalance_playground::group::{GroupConfig, Lang};
use rebalance_playground::import::{detect, read, rebuild, Content, Format, Input, Note, Options};

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
fn two_brokers_that_disagree_give_the_value_that_explains_trouble_and_say_which_broker_has_which() {
    for (name, text) in [("padded", TWO), ("collapsed padding", COLLAPSED)] {
        let Content::Config(c) = read(text).content else { panic!("{name}: not read") };
        assert_eq!(c.blocks.len(), 2, "{name}");
        assert_eq!((c.blocks[1].broker.as_str(), c.blocks[1].consume_enable), ("broker-b", Some(false)), "{name}");
        let (config, notes) = config_of(text);
        let expected = GroupConfig { consume_enable: false, retry_queue_nums: 1, ..GroupConfig::default() };
        assert_eq!(config, expected, "{name}: consumption off on one broker, the fewest retry queues");
        let words = said(&notes);
        assert!(words.contains("consumeEnable: broker-a true and broker-b false"), "{name}: {words}");
        assert!(words.contains("retryQueueNums: broker-a 1 and broker-b 2"), "{name}: {words}");
    }
    let r = rebuild(&[Input::new("config.txt", TWO)], &Options::default());
    assert_eq!(r.scenario.group, "GID_orders");
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
    assert_eq!((r.scenario.config.retry_queue_nums, r.scenario.config.consume_enable), (1, false));
    assert!(!r.notes.iter().any(|n| matches!(n, Note::RetryQueueNumsInferred { .. })), "{:?}", r.notes);
}
