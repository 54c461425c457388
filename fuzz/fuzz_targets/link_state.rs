//! `#s=` links: any text decodes to a scenario or one error, never a panic, a hang or a huge allocation; the
//! bounded lz-string reader agrees with the `lz-str` crate wherever the crate's output stays small.
#![no_main]
use libfuzzer_sys::fuzz_target;
use rebalance_playground::group::link::{decode_state, decompress_uri, encode_state, query_pairs, Decompress};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = query_pairs(&text);
    if let Ok((scenario, lang)) = decode_state(&text) {
        // Whatever decodes re-encodes to a link that decodes to the same scenario.
        assert_eq!(decode_state(&encode_state(&scenario, lang)).unwrap().0, scenario);
    }
    let _ = decode_state(&format!("1.{text}"));
    match decompress_uri(&text, 1 << 16) {
        Ok(ours) => assert_eq!(Some(ours), lz_str::decompress_from_encoded_uri_component(&text)),
        Err(Decompress::Corrupt) => assert_eq!(lz_str::decompress_from_encoded_uri_component(&text), None),
        Err(Decompress::TooLong) => {}
    }
});
