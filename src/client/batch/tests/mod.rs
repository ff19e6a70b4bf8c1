//! Tests of the planner and of stitching. Tiny limits force every path; the expected
//! cuts, offsets and lengths are worked out by hand next to each case, and generated
//! inputs check the invariants (see `random.rs`).

mod generate;
mod kit;
mod megabyte;
mod random;
mod split;
mod stitch_ops;
mod stitch_translate;
