#![no_main]
// The harness and its checks: glossa::fuzzing::alignment (src/fuzzing/alignment.rs).
libfuzzer_sys::fuzz_target!(|data: &[u8]| glossa::fuzzing::alignment(data));
