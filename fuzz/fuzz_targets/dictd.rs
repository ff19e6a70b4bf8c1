#![no_main]
// The harness and its checks: glossa::fuzzing::dictd (src/fuzzing/dictd.rs).
libfuzzer_sys::fuzz_target!(|data: &[u8]| glossa::fuzzing::dictd(data));
