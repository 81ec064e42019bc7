//! Robustness: parsing any bytes and checking any agent and URL under both
//! profiles never panics, nor does scoping a URL to a robots.txt's authority; libFuzzer's `-timeout` and `-rss_limit_mb` catch
//! excessive time and memory.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rep::{diagnose, Profile, Robots};
use rep_generate::split_raw;

fuzz_target!(|data: &[u8]| {
    let (body, agent, url) = split_raw(data);
    for profile in [Profile::RFC9309, Profile::GOOGLE] {
        let robots = Robots::parse(body, profile);
        let verdict = robots.check_bytes(&[agent], url);
        let _ = verdict.to_string();
        let _ = robots.check_bytes(&[agent, b"*", b""], body);
        let _ = robots.check_bytes(&[], url);
        for diagnostic in diagnose(body, profile) {
            let _ = diagnostic.to_string();
        }
    }
    let _ = rep::fetch::governs(agent, url);
    let _ = rep::fetch::governs(url, body);
});
