#![no_main]
// The harness and its checks: glossa::fuzzing::glossary (src/fuzzing/glossary.rs).
libfuzzer_sys::fuzz_target!(|data: &[u8]| glossa::fuzzing::glossary(data));
