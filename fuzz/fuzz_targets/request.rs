#![no_main]
// The harness and its checks: glossa::fuzzing::request (src/fuzzing/request.rs).
libfuzzer_sys::fuzz_target!(|data: &[u8]| glossa::fuzzing::request(data));
