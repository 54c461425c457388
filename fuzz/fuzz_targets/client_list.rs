//! What people paste into the form: client lists, queue counts, broker lists. Never a panic; a list is
//! either refused as a whole or every id is trimmed, non-empty and present in the text. Also the views editor's
//! per-instance cidAll and route fields, which reuse these parsers.
#![no_main]
use libfuzzer_sys::fuzz_target;
use rebalance_playground::group::input::{parse_brokers, parse_client_list, parse_count, parse_signed, MAX_INSTANCES};
use rebalance_playground::group::split::{parse_view_cids, parse_view_route};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match parse_client_list(&text) {
        Ok(ids) => {
            assert!(ids.len() <= MAX_INSTANCES);
            for id in &ids {
                assert!(!id.is_empty() && text.contains(id.as_str()));
                assert!(!id.starts_with([' ', '\t', '\r']) && !id.ends_with([' ', '\t', '\r']));
                assert!(!id.contains(['\n', ',']));
            }
        }
        Err(p) => assert!(!p.text(rebalance_playground::group::Lang::Zh).is_empty()),
    }
    if let Ok(n) = parse_count(&text, 100_000) {
        assert!(n <= 100_000);
        assert_eq!(text.trim().trim_start_matches('+').parse::<u64>().ok(), Some(n));
    }
    if let Ok(n) = parse_signed(&text, 10_000) {
        assert!(n.abs() <= 10_000);
    }
    let _ = parse_brokers(&text);
    // Blank means "the group's own list"; anything else agrees with the group-wide parsers.
    match parse_view_cids(&text) {
        Ok(None) => assert!(parse_client_list(&text).is_ok_and(|ids| ids.is_empty())),
        Ok(Some(ids)) => assert_eq!(parse_client_list(&text).ok(), Some(ids)),
        Err(_) => assert!(parse_client_list(&text).is_err()),
    }
    if let Ok(Some(route)) = parse_view_route(&text) {
        assert!(!text.trim().is_empty());
        assert_eq!(parse_brokers(&text.replace('\n', ",")).ok(), Some(route));
    }
});
