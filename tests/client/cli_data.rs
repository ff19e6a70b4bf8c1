//! `glossa export`, `glossa import` and `glossa glossary`, run as a script
//! would, each test with its own data directory (XDG_DATA_HOME, HOME).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use glossa::store::Store;

/// A data directory of its own.
struct Home(PathBuf);

impl Home {
    fn new() -> Self {
        let dir = std::env::temp_dir().join(format!("glossa-data-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        Home(dir)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    fn db(&self) -> PathBuf {
        self.0.join("data").join("glossa").join("glossa.db")
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_glossa"))
            .args(args)
            .env("XDG_DATA_HOME", self.0.join("data"))
            .env("XDG_CACHE_HOME", self.0.join("cache"))
            .env("XDG_CONFIG_HOME", self.0.join("config"))
            .env("HOME", &self.0)
            .env_remove("GLOSSA_ENDPOINT")
            .env_remove("GLOSSA_KEY")
            .stdin(Stdio::null())
            .output()
            .expect("the binary runs")
    }

    /// Runs and expects success; stdout.
    fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        text(&out.stdout)
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A glossary with what CSV must quote: commas, quotes, non-ASCII.
fn fill(home: &Home) {
    home.ok(&[
        "glossary",
        "add",
        "-f",
        "en",
        "-t",
        "fr",
        "Glossa",
        "Glossa, l'atelier",
    ]);
    home.ok(&[
        "glossary",
        "add",
        "-f",
        "EN",
        "-t",
        "zh-hans",
        "Glossa",
        "格罗萨",
        "--case-sensitive",
        "--note",
        "says \"hi\", twice",
    ]);
    home.ok(&["glossary", "add", "-f", "he", "-t", "en", "גלוסה", "Glossa"]);
}

#[test]
fn the_glossary_round_trips_through_csv_tsv_and_json() {
    let home = Home::new();
    fill(&home);
    let listed = home.ok(&["glossary", "list"]);
    assert_eq!(listed.lines().count(), 3, "{listed}");
    assert!(
        listed.contains("en\tzh-Hans\tGlossa\t格罗萨\tcase-sensitive"),
        "{listed}"
    );
    for ext in ["csv", "tsv", "json"] {
        let file = home.file(&format!("glossary.{ext}"));
        home.ok(&["export", "glossary", "-o", path(&file)]);
        let other = Home::new();
        let report = other.ok(&["import", "glossary", path(&file)]);
        assert_eq!(report, "added 3, updated 0, unchanged 0\n", "{ext}");
        assert_eq!(other.ok(&["glossary", "list"]), listed, "{ext}");
        let again = other.ok(&["import", "glossary", path(&file)]);
        assert_eq!(again, "added 0, updated 0, unchanged 3\n", "{ext}");
    }
    let csv = home.ok(&["export", "glossary", "--format", "csv"]);
    assert!(
        csv.starts_with("from,to,term,translation,case_sensitive,note,created,updated\n"),
        "{csv}"
    );
    assert!(csv.contains("\"Glossa, l'atelier\""), "{csv}");
    assert!(csv.contains("\"says \"\"hi\"\", twice\""), "{csv}");
    let json: serde_json::Value =
        serde_json::from_str(&home.ok(&["export", "glossary", "--format", "json"])).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 3);
    assert_eq!(json[1]["case_sensitive"], true);
    // --replace leaves exactly the file's entries.
    let one = home.file("one.tsv");
    std::fs::write(&one, "from\tto\tterm\ttranslation\nen\tde\tGlossa\tGlossa\n").unwrap();
    let report = home.ok(&["import", "glossary", path(&one), "--replace"]);
    assert_eq!(report, "added 1, updated 0, unchanged 0, removed 3\n");
    assert_eq!(home.ok(&["glossary", "list"]), "en\tde\tGlossa\tGlossa\n");
    home.ok(&["glossary", "remove", "-f", "en", "-t", "de", "Glossa"]);
    assert_eq!(home.ok(&["glossary", "list"]), "");
}

#[test]
fn bad_rows_are_reported_by_line_and_nothing_is_written() {
    let home = Home::new();
    let file = home.file("terms.csv");
    std::fs::write(
        &file,
        "from,to,term,translation,case_sensitive\n\
         en,fr,Glossa,Glossa,no\n\
         en,fr,,vide,no\n\
         \"e n\",fr,x,y,no\n\
         en,fr,\"two\nlines\",z,no\n\
         en,de,cat,Katze,maybe\n",
    )
    .unwrap();
    let out = home.run(&["import", "glossary", path(&file)]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    for expected in [
        "line 3: term is empty",
        "line 4: \"e n\" is not a language code",
        "line 5: term has a line break",
        "line 7: case_sensitive \"maybe\"",
        "4 bad rows; nothing imported",
    ] {
        assert!(err.contains(expected), "{expected}: {err}");
    }
    assert!(!home.db().exists() || home.ok(&["glossary", "list"]).is_empty());
    let dry = home.ok(&["import", "glossary", path(&file), "--skip-bad", "--dry-run"]);
    assert_eq!(
        dry,
        "added 1, updated 0, unchanged 0, skipped 4 bad (dry run: nothing written)\n"
    );
    assert_eq!(home.ok(&["glossary", "list"]), "");
    home.ok(&["import", "glossary", path(&file), "--skip-bad"]);
    assert_eq!(home.ok(&["glossary", "list"]), "en\tfr\tGlossa\tGlossa\n");
    // A file without the needed columns, and one whose format the name does not tell.
    let headless = home.file("x.csv");
    std::fs::write(&headless, "term,translation\na,b\n").unwrap();
    let err = text(&home.run(&["import", "glossary", path(&headless)]).stderr);
    assert!(err.contains("no from, to column"), "{err}");
    let unknown = home.file("x.txt");
    std::fs::write(&unknown, "").unwrap();
    assert_eq!(
        home.run(&["import", "glossary", path(&unknown)]).status.code(),
        Some(2)
    );
}

#[test]
fn history_and_lookups_export_with_since() {
    let home = Home::new();
    {
        let store = Store::open(&home.db()).unwrap();
        store
            .conn()
            .execute_batch(
                "INSERT INTO history (created, updated, source, from_lang, detected, targets, results, results_text)
                 VALUES (1000, 1000, 'old', 'en', NULL, '[\"fr\"]', '[{\"to\":\"fr\",\"text\":\"vieux\"}]', 'vieux');
                 INSERT INTO history (created, updated, source, from_lang, detected, targets, results, results_text)
                 VALUES (1750000000, 1750000000, 'Line one, \"quoted\"\nline\ttwo', NULL, 'en',
                         '[\"fr\",\"ja\"]', '[{\"to\":\"fr\",\"text\":\"Ligne\"},{\"to\":\"ja\",\"text\":\"行\"}]', '');
                 INSERT INTO lookups (at, from_lang, to_lang, term, found) VALUES (1750000000, 'en', 'es', 'fly', 4);",
            )
            .unwrap();
    }
    let json: serde_json::Value =
        serde_json::from_str(&home.ok(&["export", "history", "--format", "json", "--since", "2024-01-01"]))
            .unwrap();
    let rows = json.as_array().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["source"], "Line one, \"quoted\"\nline\ttwo");
    assert_eq!(rows[0]["detected"], "en");
    assert_eq!(rows[0]["targets"], serde_json::json!(["fr", "ja"]));
    assert_eq!(rows[0]["results"][1]["text"], "行");
    for (format, delimiter) in [("csv", b','), ("tsv", b'\t')] {
        let out = home.ok(&["export", "history", "--format", format]);
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(delimiter)
            .from_reader(out.as_bytes());
        let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
        assert_eq!(
            header,
            [
                "id",
                "created",
                "updated",
                "profile",
                "source",
                "from_lang",
                "detected",
                "targets",
                "results"
            ]
        );
        let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(records.len(), 2, "{format}");
        assert_eq!(&records[0][1], "1970-01-01T00:16:40Z");
        assert_eq!(&records[1][4], "Line one, \"quoted\"\nline\ttwo", "{format}");
        let results: serde_json::Value = serde_json::from_str(&records[1][8]).unwrap();
        assert_eq!(results[0]["to"], "fr");
    }
    let lookups = home.ok(&["export", "lookups", "--since", "2025-06-15T00:00:00Z"]);
    assert_eq!(
        lookups,
        "id,at,profile,from_lang,to_lang,term,found\n1,2025-06-15T15:06:40Z,,en,es,fly,4\n"
    );
    let bad = home.run(&["export", "lookups", "--since", "June"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn export_without_a_store_is_just_the_header() {
    let home = Home::new();
    assert_eq!(
        home.ok(&["export", "lookups"]),
        "id,at,profile,from_lang,to_lang,term,found\n"
    );
    assert_eq!(home.ok(&["export", "glossary", "--format", "json"]), "[]\n");
    assert!(!home.db().exists(), "reading created no store");
}

#[test]
fn translate_applies_the_glossary_with_a_source_language() {
    let home = Home::new();
    home.ok(&[
        "glossary",
        "add",
        "-f",
        "en",
        "-t",
        "fi",
        "Glossa",
        "Glossa-sovellus",
    ]);
    let out = home.ok(&["translate", "-f", "en", "-t", "fi", "I like Glossa."]);
    assert!(out.contains("Glossa-sovellus"), "{out}");
    let out = home.ok(&[
        "translate",
        "-f",
        "en",
        "-t",
        "fi",
        "--no-glossary",
        "I like Glossa.",
    ]);
    assert!(!out.contains("sovellus"), "{out}");
    let out = home.ok(&["translate", "-t", "fi", "I like Glossa."]);
    assert!(!out.contains("sovellus"), "detection: no glossary: {out}");
}
