#![no_main]
// The harness and its checks: glossa::fuzzing::odata (src/fuzzing/odata.rs).
libfuzzer_sys::fuzz_target!(|data: &[u8]| glossa::fuzzing::odata(data));
