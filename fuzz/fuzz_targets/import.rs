//! The readers of mqadmin and dashboard output on arbitrary text: up to four inputs (the bytes split at NUL,
//! read as lossy UTF-8) through `import::read`, `import::rebuild`, `group::simulate`,
//! `observed_vs_computed` and `explaining_strategies`. Never a panic; the rebuilt scenario stays within the
//! playground's limits; every note has text in both languages; every observed queue is a queue of the
//! rebuilt topic; the rebuilt scenario reads back from its own JSON.
#![no_main]
use libfuzzer_sys::fuzz_target;
use rebalance_playground::group::input::{MAX_INSTANCES, MAX_QUEUES};
use rebalance_playground::group::{simulate, Lang, Scenario};
use rebalance_playground::import::{explaining_strategies, observed_vs_computed, read, rebuild, Input, Options};

const NAMES: [&str; 4] = ["a", "b", "c", "d"];

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parts: Vec<&str> = text.split('\u{0}').take(NAMES.len()).collect();
    for p in &parts {
        let r = read(p);
        assert_eq!(
            r.format.is_none(),
            r.notes.iter().any(|n| matches!(
                n,
                rebalance_playground::import::Note::Unrecognised { .. }
                    | rebalance_playground::import::Note::UnrecognisedJson { .. }
            ))
        );
    }
    let inputs: Vec<Input> = parts.iter().zip(NAMES).map(|(t, n)| Input::new(n, t)).collect();
    // The first line of the first input doubles as a topic asked for, one time in two.
    let topic = (data.first().is_some_and(|b| b % 2 == 0)).then(|| parts[0].lines().next().unwrap_or("").to_string());
    let rebuilt = rebuild(&inputs, &Options { topic, ..Options::default() });
    let s = &rebuilt.scenario;
    assert!(s.instances.len() <= MAX_INSTANCES);
    assert!(s.brokers.iter().map(|b| u64::from(b.read_queue_nums)).sum::<u64>() <= MAX_QUEUES);
    for n in rebuilt.notes.iter().chain(rebuilt.inputs.iter().flat_map(|i| &i.notes)) {
        assert!(!n.text(Lang::En).is_empty() && !n.text(Lang::Zh).is_empty());
    }
    for f in rebuilt.inputs.iter().flat_map(|i| &i.found) {
        assert!(!f.text(Lang::Zh).is_empty());
    }
    let sim = simulate(s);
    let checks = observed_vs_computed(&rebuilt, &sim);
    assert_eq!(checks.len(), rebuilt.observed.len());
    for o in &rebuilt.observed {
        assert!(sim.mq_all.iter().any(|m| *m.broker_name == *o.broker_name && m.queue_id == o.queue_id), "{o:?}");
    }
    if rebuilt.has_holders() {
        assert_eq!(explaining_strategies(&rebuilt).len(), 3);
    }
    let json = serde_json::to_string(s).unwrap();
    let back: Scenario = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, s);
});
