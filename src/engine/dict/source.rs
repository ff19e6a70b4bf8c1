//! One dictionary of the library, and where its entries come from: GLD data
//! embedded in the binary (bundled; the inversion precomputed) or a dictd
//! dictionary on disk (found on the machine; read and inverted on first use).

use std::path::PathBuf;
use std::sync::OnceLock;

use super::dictd::Dictd;
use super::entry::Entry;
use super::gld::Gld;
use super::invert::{Inverse, invert};

pub(super) struct Source {
    pub from: String,
    pub to: String,
    data: Data,
}

enum Data {
    Embedded {
        direct: Embedded,
        /// to→from, where no bundled dictionary goes that way.
        inverse: Option<Embedded>,
    },
    Dictd {
        base: PathBuf,
        dict: OnceLock<Option<Dictd>>,
        inverse: OnceLock<Inverse>,
    },
}

/// GLD bytes embedded in the binary, opened on first use ([`Gld::embedded`]).
struct Embedded {
    bytes: &'static [u8],
    gld: OnceLock<Option<Gld>>,
}

impl Embedded {
    fn new(bytes: &'static [u8]) -> Embedded {
        Embedded {
            bytes,
            gld: OnceLock::new(),
        }
    }

    fn gld(&self, name: impl FnOnce() -> String) -> Option<&Gld> {
        self.gld
            .get_or_init(|| {
                Gld::embedded(self.bytes)
                    .inspect_err(|e| tracing::warn!("dictionary {} unreadable: {e}", name()))
                    .ok()
            })
            .as_ref()
    }
}

impl Source {
    pub fn embedded(from: &str, to: &str, direct: &'static [u8], inverse: Option<&'static [u8]>) -> Source {
        Source::new(
            from,
            to,
            Data::Embedded {
                direct: Embedded::new(direct),
                inverse: inverse.map(Embedded::new),
            },
        )
    }

    pub fn dictd(from: &str, to: &str, base: PathBuf) -> Source {
        Source::new(
            from,
            to,
            Data::Dictd {
                base,
                dict: OnceLock::new(),
                inverse: OnceLock::new(),
            },
        )
    }

    fn new(from: &str, to: &str, data: Data) -> Source {
        Source {
            from: from.to_owned(),
            to: to.to_owned(),
            data,
        }
    }

    /// The entries filed under a normalized key, from→to.
    pub fn entries(&self, key: &str) -> Vec<Entry> {
        match &self.data {
            Data::Embedded { direct, .. } => self.read(direct.gld(|| self.name(false)), key),
            Data::Dictd { .. } => self
                .dict()
                .map(|d| d.entries(key).filter_map(Entry::parse).collect())
                .unwrap_or_default(),
        }
    }

    /// Whether a normalized key is a headword from→to.
    pub fn contains(&self, key: &str) -> bool {
        match &self.data {
            Data::Embedded { direct, .. } => direct.gld(|| self.name(false)).is_some_and(|g| g.contains(key)),
            Data::Dictd { .. } => self.dict().is_some_and(|d| d.contains(key)),
        }
    }

    /// The entries filed under a normalized key to→from, by inversion.
    pub fn inverse_entries(&self, key: &str) -> Vec<Entry> {
        match &self.data {
            Data::Embedded { inverse, .. } => {
                self.read(inverse.as_ref().and_then(|i| i.gld(|| self.name(true))), key)
            }
            Data::Dictd { .. } => self.inverse().get(key).cloned().unwrap_or_default(),
        }
    }

    /// Whether a normalized key is a headword to→from, by inversion.
    pub fn inverse_contains(&self, key: &str) -> bool {
        match &self.data {
            Data::Embedded { inverse, .. } => inverse
                .as_ref()
                .and_then(|i| i.gld(|| self.name(true)))
                .is_some_and(|g| g.contains(key)),
            Data::Dictd { .. } => self.inverse().contains_key(key),
        }
    }

    fn read(&self, gld: Option<&Gld>, key: &str) -> Vec<Entry> {
        let Some(gld) = gld else { return Vec::new() };
        gld.get(key)
            .inspect_err(|e| tracing::warn!("dictionary {}-{}: {e}", self.from, self.to))
            .unwrap_or_default()
    }

    fn name(&self, inverted: bool) -> String {
        match inverted {
            false => format!("{}-{}", self.from, self.to),
            true => format!("{}-{} (inverted)", self.to, self.from),
        }
    }

    fn dict(&self) -> Option<&Dictd> {
        let Data::Dictd { base, dict, .. } = &self.data else {
            return None;
        };
        dict.get_or_init(|| {
            Dictd::open(base)
                .inspect_err(|e| tracing::warn!("dictionary {}-{} unreadable: {e}", self.from, self.to))
                .ok()
        })
        .as_ref()
    }

    fn inverse(&self) -> &Inverse {
        static EMPTY: OnceLock<Inverse> = OnceLock::new();
        match &self.data {
            Data::Dictd { inverse, .. } => {
                inverse.get_or_init(|| self.dict().map(invert).unwrap_or_default())
            }
            Data::Embedded { .. } => EMPTY.get_or_init(Inverse::default),
        }
    }
}
