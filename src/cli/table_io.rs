//! Tables in and out of files: a store [`Table`] written as CSV, TSV (the
//! `csv` crate: fields with the delimiter, quotes or line breaks are quoted)
//! or a JSON array of objects; glossary rows read back from the same
//! formats, each row checked on its own and reported with its line (CSV,
//! TSV) or its place in the array (JSON).

use std::io::Write;

use serde_json::Value;

use super::data_args::Format;
use crate::store::export::Table;
use crate::store::glossary::NewEntry;

/// Writes `table` as `format`.
pub fn write(table: &Table, format: Format, out: &mut dyn Write) -> Result<(), String> {
    let delimiter = match format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut *out, &table.objects()).map_err(|e| e.to_string())?;
            return writeln!(out).map_err(|e| e.to_string());
        }
        Format::Csv => b',',
        Format::Tsv => b'\t',
    };
    let mut w = csv::WriterBuilder::new().delimiter(delimiter).from_writer(out);
    w.write_record(&table.columns).map_err(|e| e.to_string())?;
    for row in &table.rows {
        w.write_record(row.iter().map(cell)).map_err(|e| e.to_string())?;
    }
    w.flush().map_err(|e| e.to_string())
}

/// A JSON value as one CSV field: strings as they are, null empty, lists and
/// objects as JSON text.
fn cell(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// One row of an imported file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// "line 4" (CSV, TSV: where the row starts) or "entry 3" (JSON, from 1).
    pub place: String,
    /// The entry, checked as the store will, or what is wrong with it.
    pub entry: Result<NewEntry, String>,
}

/// The columns an imported glossary needs, in the order of the header.
const REQUIRED: [&str; 4] = ["from", "to", "term", "translation"];

/// The glossary rows of `bytes`; `Err` when the file as a whole cannot be
/// read (no header, a required column missing, not JSON).
pub fn read_glossary(bytes: &[u8], format: Format) -> Result<Vec<Row>, String> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let delimiter = match format {
        Format::Json => return read_json(bytes),
        Format::Csv => b',',
        Format::Tsv => b'\t',
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .from_reader(bytes);
    let header: Vec<String> = reader
        .headers()
        .map_err(|e| format!("cannot read the header row: {e}"))?
        .iter()
        .map(|h| h.trim().to_ascii_lowercase())
        .collect();
    let column = |names: &[&str]| header.iter().position(|h| names.contains(&h.as_str()));
    let missing: Vec<&str> = REQUIRED
        .iter()
        .copied()
        .filter(|&c| column(&[c, &format!("{c}_lang")]).is_none())
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "the header row has no {} column (expected from,to,term,translation[,case_sensitive,note])",
            missing.join(", ")
        ));
    }
    let idx = |c: &str| column(&[c, &format!("{c}_lang")]);
    let (from, to, term, translation) = (idx("from"), idx("to"), idx("term"), idx("translation"));
    let (case, note) = (idx("case_sensitive"), idx("note"));
    let mut rows = Vec::new();
    for record in reader.records() {
        let (place, entry) = match record {
            Ok(r) => {
                let line = r.position().map_or(0, |p| p.line());
                let get = |i: Option<usize>| i.and_then(|i| r.get(i)).unwrap_or("").to_owned();
                let entry = flag(&get(case)).and_then(|case_sensitive| {
                    NewEntry {
                        from: get(from),
                        to: get(to),
                        term: get(term),
                        translation: get(translation),
                        case_sensitive,
                        note: get(note),
                    }
                    .check()
                    .map_err(|e| e.to_string())
                });
                (format!("line {line}"), entry)
            }
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line());
                (format!("line {line}"), Err(e.to_string()))
            }
        };
        rows.push(Row { place, entry });
    }
    Ok(rows)
}

fn read_json(bytes: &[u8]) -> Result<Vec<Row>, String> {
    let items: Vec<Value> =
        serde_json::from_slice(bytes).map_err(|e| format!("not a JSON array of entries: {e}"))?;
    Ok(items
        .iter()
        .enumerate()
        .map(|(i, item)| Row {
            place: format!("entry {}", i + 1),
            entry: json_entry(item),
        })
        .collect())
}

fn json_entry(item: &Value) -> Result<NewEntry, String> {
    let obj = item.as_object().ok_or("not an object")?;
    let text = |key: &str| -> Result<String, String> {
        match obj.get(key).or_else(|| obj.get(&format!("{key}_lang"))) {
            None | Some(Value::Null) => Ok(String::new()),
            Some(Value::String(s)) => Ok(s.clone()),
            Some(_) => Err(format!("{key} is not a string")),
        }
    };
    let case_sensitive = match obj.get("case_sensitive") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_i64() == Some(1),
        Some(Value::String(s)) => flag(s)?,
        Some(_) => return Err("case_sensitive is not true or false".into()),
    };
    NewEntry {
        from: text("from")?,
        to: text("to")?,
        term: text("term")?,
        translation: text("translation")?,
        case_sensitive,
        note: text("note")?,
    }
    .check()
    .map_err(|e| e.to_string())
}

/// `true`/`false`, `1`/`0`, `yes`/`no`, or empty (false).
fn flag(s: &str) -> Result<bool, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "" | "0" | "false" | "no" => Ok(false),
        "1" | "true" | "yes" => Ok(true),
        other => Err(format!("case_sensitive {other:?} is not true or false")),
    }
}
