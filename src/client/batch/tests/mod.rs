//! Tests of the planner and of stitching. Tiny limits force every path; the expected
//! cuts, offsets and lengths are worked out by hand next to each case.

mod kit;
mod split;
mod stitch_ops;
mod stitch_translate;
