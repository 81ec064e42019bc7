//! The shim builds a fresh `RobotsMatcher` per call, so concurrent calls must
//! not see each other's state.

use crate::{expect, Allowed, Disallowed};

#[test]
fn concurrent_calls_do_not_interfere() {
    const THREADS: usize = 8;
    const ROUNDS: usize = 200;
    let body_a = "User-agent: FooBot\nDisallow: /a\n";
    let body_b = "User-agent: *\nAllow: /a\nDisallow: /\n";
    std::thread::scope(|scope| {
        for thread in 0..THREADS {
            scope.spawn(move || {
                for round in 0..ROUNDS {
                    // Threads interleave different bodies, agents and paths.
                    if (thread + round) % 2 == 0 {
                        expect(body_a, "FooBot", "/a/x", Disallowed(2));
                        expect(body_a, "BarBot", "/a/x", Allowed(0));
                    } else {
                        expect(body_b, "FooBot", "/a/x", Allowed(2));
                        expect(body_b, "FooBot", "/b", Disallowed(3));
                    }
                }
            });
        }
    });
}
