//! RocketMQ remoting frames (`live::remoting`): any bytes as a length word and a frame decode to a frame or
//! one error, never a panic or an allocation past the 16 MiB limit; a decoded header written again decodes
//! to itself (JSON headers always; binary ones when their language is one `LanguageCode` names).
#![no_main]
use libfuzzer_sys::fuzz_target;
use rebalance_playground::live::remoting::{decode_frame, encode_frame, frame_length, Serialize, MAX_FRAME};

fuzz_target!(|data: &[u8]| {
    if data.len() >= 4 {
        if let Ok(n) = frame_length([data[0], data[1], data[2], data[3]]) {
            assert!((4..=MAX_FRAME).contains(&n));
        }
    }
    let Ok(frame) = decode_frame(data) else { return };
    let known = frame.header.serialize == Serialize::Json || !frame.header.language.starts_with("language ");
    if known {
        let bytes = encode_frame(&frame.header, &frame.body);
        let again = decode_frame(&bytes[4..]).expect("a written frame reads back");
        assert_eq!(again, frame);
    }
});
