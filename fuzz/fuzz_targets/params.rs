//! Readable link parameters (`?strategy=...&queues=...`): any query string gives a scenario within the limits
//! plus one problem per bad value, and the scenario's own parameters read back to it. Also the lesson part of a
//! link (`?lesson=&step=`) and the lesson progress saved in localStorage.
#![no_main]
use libfuzzer_sys::fuzz_target;
use rebalance_playground::group::input::{apply_params, to_params, MAX_INSTANCES, MAX_QUEUES};
use rebalance_playground::group::link::query_pairs;
use rebalance_playground::group::lessons::{link_query, parse_progress, place_from_link, progress_text, Place};
use rebalance_playground::group::Scenario;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (s, problems) = apply_params(&Scenario::default(), &query_pairs(&text));
    assert!(s.instances.len() <= MAX_INSTANCES);
    assert!(s.brokers.iter().map(|b| b.read_queue_nums as u64).sum::<u64>() <= MAX_QUEUES);
    assert!(problems.iter().all(|p| !p.text(rebalance_playground::group::Lang::En).is_empty()));
    // A scenario made from parameters can be said in parameters again (commas inside clientIds aside:
    // the list splits on them, so they cannot survive a round trip by design).
    if s.instances.iter().all(|i| !i.client_id.contains(',') && i.client_id.trim() == i.client_id && !i.client_id.is_empty())
        && s.brokers.iter().all(|b| !b.broker_name.contains(',') && b.broker_name.trim() == b.broker_name)
        && !s.brokers.is_empty()
    {
        let (back, again) = apply_params(&Scenario::seed(), &to_params(&s));
        if again.is_empty() {
            assert_eq!(back.instances, s.instances);
            assert_eq!(back.brokers, s.brokers);
        }
    }
    // Any `lesson`/`step` values open a place (with a problem when they were bad), and a place's own link
    // opens it again.
    let (lesson, step) = match text.split_once('&') {
        Some((l, s)) => (l, Some(s)),
        None => (text.as_ref(), None),
    };
    let (place, problem) = place_from_link(lesson, step);
    if problem.is_some() {
        assert_eq!(place, Place::List);
    }
    let pairs = query_pairs(&link_query(place));
    let get = |k: &str| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let again = place_from_link(&get("lesson").unwrap_or_default(), get("step").as_deref());
    assert_eq!(again, (place, None));
    // Saved progress: unreadable text is refused, never a panic; what reads writes back the same.
    if let Ok(done) = parse_progress(&text) {
        assert_eq!(parse_progress(&progress_text(&done)), Ok(done));
    }
});
