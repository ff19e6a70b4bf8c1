#![no_main]
// The harness and its checks: glossa::fuzzing::markup (src/fuzzing/markup.rs).
libfuzzer_sys::fuzz_target!(|data: &[u8]| glossa::fuzzing::markup(data));
