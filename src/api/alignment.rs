//! The alignment projection `proj`: `srcStart:srcEnd-tgtStart:tgtEnd` entries
//! separated by spaces, with inclusive UTF-16 character indexes (spec §2.3).
//!
//! `"0:1-0:1 0:1-3:8 18:24-10:13"` says source characters 0..=1 align with
//! target 0..=1 and 3..=8 (one-to-many), and 18..=24 with 10..=13.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One aligned pair of spans (inclusive indexes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AlignmentEntry {
    pub src_start: u32,
    pub src_end: u32,
    pub tgt_start: u32,
    pub tgt_end: u32,
}

impl AlignmentEntry {
    pub fn source(&self) -> RangeInclusive<u32> {
        self.src_start..=self.src_end
    }

    pub fn target(&self) -> RangeInclusive<u32> {
        self.tgt_start..=self.tgt_end
    }

    /// Shifts both sides, e.g. when stitching the results of a split element.
    pub fn shifted(self, src: u32, tgt: u32) -> Self {
        Self {
            src_start: self.src_start + src,
            src_end: self.src_end + src,
            tgt_start: self.tgt_start + tgt,
            tgt_end: self.tgt_end + tgt,
        }
    }
}

/// A parsed projection. Empty when the service has no alignment to give.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Projection(pub Vec<AlignmentEntry>);

/// Why a projection string did not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid alignment entry {entry:?}: {reason}")]
pub struct ProjectionError {
    pub entry: String,
    pub reason: &'static str,
}

impl Projection {
    pub fn entries(&self) -> &[AlignmentEntry] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Entries whose source span overlaps `index` (a UTF-16 offset).
    pub fn for_source(&self, index: u32) -> impl Iterator<Item = &AlignmentEntry> {
        self.0.iter().filter(move |e| e.source().contains(&index))
    }

    /// Entries whose target span overlaps `index`.
    pub fn for_target(&self, index: u32) -> impl Iterator<Item = &AlignmentEntry> {
        self.0.iter().filter(move |e| e.target().contains(&index))
    }
}

fn parse_span(s: &str, entry: &str) -> Result<(u32, u32), ProjectionError> {
    let err = |reason| ProjectionError {
        entry: entry.to_owned(),
        reason,
    };
    let (a, b) = s.split_once(':').ok_or_else(|| err("a span needs start:end"))?;
    let start = a.parse::<u32>().map_err(|_| err("start is not a number"))?;
    let end = b.parse::<u32>().map_err(|_| err("end is not a number"))?;
    if end < start {
        return Err(err("end before start"));
    }
    Ok((start, end))
}

impl FromStr for AlignmentEntry {
    type Err = ProjectionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (src, tgt) = s.split_once('-').ok_or_else(|| ProjectionError {
            entry: s.to_owned(),
            reason: "an entry needs source-target",
        })?;
        let (src_start, src_end) = parse_span(src, s)?;
        let (tgt_start, tgt_end) = parse_span(tgt, s)?;
        Ok(Self {
            src_start,
            src_end,
            tgt_start,
            tgt_end,
        })
    }
}

impl FromStr for Projection {
    type Err = ProjectionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<_>, _>>()
            .map(Projection)
    }
}

impl fmt::Display for AlignmentEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}-{}:{}",
            self.src_start, self.src_end, self.tgt_start, self.tgt_end
        )
    }
}

impl fmt::Display for Projection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl Serialize for Projection {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Projection {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        raw.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_samples_round_trip() {
        for proj in [
            "0:1-0:1 0:1-3:8 18:24-10:13",
            "0:2-0:1 4:9-3:9 11:14-11:19 16:17-21:24 19:25-40:50 27:37-29:38 38:38-51:51",
            "",
        ] {
            let p: Projection = proj.parse().unwrap();
            assert_eq!(p.to_string(), proj);
        }
    }

    #[test]
    fn one_to_many_lookup() {
        let p: Projection = "0:1-0:1 0:1-3:8 18:24-10:13".parse().unwrap();
        let targets: Vec<_> = p.for_source(1).map(|e| e.target()).collect();
        assert_eq!(targets, vec![0..=1, 3..=8]);
        assert_eq!(p.for_target(11).count(), 1);
        assert_eq!(p.for_source(5).count(), 0);
    }

    #[test]
    fn malformed_entries_are_errors() {
        for bad in ["0:1", "0-1", "a:1-0:1", "3:1-0:1", "0:1-0:x", "0:1-"] {
            assert!(bad.parse::<Projection>().is_err(), "{bad}");
        }
    }

    #[test]
    fn shift_moves_both_sides() {
        let e: AlignmentEntry = "0:1-3:8".parse().unwrap();
        assert_eq!(e.shifted(10, 20).to_string(), "10:11-23:28");
    }
}
