//! Word-reading tables (assets/readings/, built by scripts/build_readings.py):
//! embedded gzip, decompressed and indexed the first time a table is used, so
//! start-up does no parsing.

use std::sync::LazyLock;

use rustc_hash::FxHashMap;

/// A `word → reading` table with longest-match look-up.
pub(crate) struct Table {
    words: FxHashMap<&'static str, &'static str>,
    /// All words, sorted (for prefix searches).
    sorted: Vec<&'static str>,
    /// Length of the longest word, in characters.
    longest: usize,
}

static ZH_HANS: &[u8] = include_bytes!("../../../assets/readings/zh-Hans.tsv.gz");
static ZH_HANT: &[u8] = include_bytes!("../../../assets/readings/zh-Hant.tsv.gz");
static JA: &[u8] = include_bytes!("../../../assets/readings/ja.tsv.gz");

/// Simplified Chinese words → numbered pinyin (`yin2 hang2`).
pub(crate) fn zh_hans() -> &'static Table {
    static T: LazyLock<Table> = LazyLock::new(|| Table::from_gzip(ZH_HANS));
    &T
}

/// Traditional Chinese words → numbered pinyin.
pub(crate) fn zh_hant() -> &'static Table {
    static T: LazyLock<Table> = LazyLock::new(|| Table::from_gzip(ZH_HANT));
    &T
}

/// Japanese words with kanji → kana.
pub(crate) fn ja() -> &'static Table {
    static T: LazyLock<Table> = LazyLock::new(|| Table::from_gzip(JA));
    &T
}

impl Table {
    fn from_gzip(bytes: &[u8]) -> Self {
        // A damaged table (impossible for the embedded ones) reads as empty.
        let text = crate::engine::dict::dictd::gunzip_text(bytes).unwrap_or_default();
        Self::from_text(Box::leak(text.into_boxed_str()))
    }

    /// A table from `word<TAB>reading` lines.
    pub(crate) fn from_text(text: &'static str) -> Self {
        let mut words = FxHashMap::default();
        let mut sorted = Vec::new();
        let mut longest = 0;
        for line in text.lines() {
            let Some((word, reading)) = line.split_once('\t') else {
                continue;
            };
            if word.is_empty() || reading.is_empty() {
                continue;
            }
            longest = longest.max(word.chars().count());
            words.insert(word, reading);
            sorted.push(word);
        }
        sorted.sort_unstable();
        Self {
            words,
            sorted,
            longest,
        }
    }

    pub(crate) fn get(&self, word: &str) -> Option<&'static str> {
        self.words.get(word).copied()
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.words.len()
    }

    /// The longest word that `text` starts with: `(its length in bytes, reading)`.
    pub(crate) fn longest_prefix(&self, text: &str) -> Option<(usize, &'static str)> {
        let ends: Vec<usize> = text
            .char_indices()
            .skip(1)
            .map(|(i, _)| i)
            .chain(std::iter::once(text.len()))
            .take(self.longest)
            .collect();
        ends.iter()
            .rev()
            .find_map(|&end| self.get(&text[..end]).map(|r| (end, r)))
    }

    /// The words that start with `prefix`, with their readings.
    pub(crate) fn with_prefix<'a>(
        &'a self,
        prefix: &'a str,
    ) -> impl Iterator<Item = (&'static str, &'static str)> + 'a {
        let from = self.sorted.partition_point(|w| *w < prefix);
        self.sorted[from..]
            .iter()
            .take_while(move |w| w.starts_with(prefix))
            .filter_map(|w| self.get(w).map(|r| (*w, r)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_tables_load() {
        assert!(zh_hans().len() > 100_000);
        assert!(zh_hant().len() > 100_000);
        assert!(ja().len() > 150_000);
        assert_eq!(zh_hans().get("银行"), Some("yin2 hang2"));
        assert_eq!(zh_hant().get("銀行"), Some("yin2 hang2"));
        assert_eq!(ja().get("銀行"), Some("ぎんこう"));
    }

    #[test]
    fn longest_match_and_prefixes() {
        let t = Table::from_text("银\tyin2\n银行\tyin2 hang2\n行\txing2\nbad line\n");
        assert_eq!(t.longest_prefix("银行家"), Some(("银行".len(), "yin2 hang2")));
        assert_eq!(t.longest_prefix("行"), Some(("行".len(), "xing2")));
        assert_eq!(t.longest_prefix("家"), None);
        assert_eq!(t.longest_prefix(""), None);
        let p: Vec<_> = t.with_prefix("银").map(|(w, _)| w).collect();
        assert_eq!(p, ["银", "银行"]);
    }
}
