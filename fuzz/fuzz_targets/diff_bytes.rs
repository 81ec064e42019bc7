//! Raw differential fuzzing: any bytes, split into body, agent and URL at
//! the last two 0xFE bytes, must get the same decision and deciding line
//! from `rep`'s google profile and from Google's parser.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rep::{Profile, Robots};
use rep_generate::split_raw;

fuzz_target!(|data: &[u8]| {
    let (body, agent, url) = split_raw(data);
    let ours = Robots::parse(body, Profile::GOOGLE).check_bytes(&[agent], url);
    let google = rep_reference::check_bytes(body, &[agent], url).expect("Google's parser threw");
    assert_eq!(
        (ours.allowed, ours.line().unwrap_or(0)),
        (google.allowed, google.matching_line),
        "rep-google (allowed, line) vs google on body {:?}, agent {:?}, url {:?}",
        String::from_utf8_lossy(body),
        String::from_utf8_lossy(agent),
        String::from_utf8_lossy(url)
    );
});
