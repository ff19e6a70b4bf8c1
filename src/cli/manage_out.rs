//! The human output of the management commands: plain lines and tables
//! (cells cleaned of control characters), and [`table`] for the listings.

use std::fmt::Write as _;

use crate::api::manage::{OperationStatusResult, ShareSynchronization};
use crate::client::manage::Poll;

use super::manage::json;

/// Columns padded to their widest cell; the last column is not padded (a
/// long reason or description is written whole, never cut).
pub(super) fn table(head: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = head.iter().map(|h| h.chars().count()).collect();
    for r in rows {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut text = String::new();
    let mut line = |cells: &[&str]| {
        let mut l = String::new();
        for (i, (c, w)) in cells.iter().zip(&widths).enumerate() {
            if i + 1 < cells.len() {
                let _ = write!(l, "{c:<w$}  ");
            } else {
                l.push_str(c);
            }
        }
        text.push_str(l.trim_end());
        text.push('\n');
    };
    line(head);
    for r in rows {
        line(&r.iter().map(String::as_str).collect::<Vec<_>>());
    }
    text
}

pub(super) fn poll_line(p: &Poll, as_json: bool) -> String {
    let (status, ra) = match p {
        Poll::Running { retry_after } => ("InProgress", *retry_after),
        Poll::Done => ("Succeeded", None),
    };
    if as_json {
        json(&serde_json::json!({ "status": status, "retryAfter": ra.map(|d| d.as_secs()) }))
    } else {
        match ra {
            Some(d) => format!("{status} (next look in {}s)\n", d.as_secs()),
            None => format!("{status}\n"),
        }
    }
}

pub(super) fn status_line(st: &OperationStatusResult) -> String {
    let state = st
        .operation_status
        .map_or_else(|| "unknown".to_owned(), |s| format!("{s:?}"));
    let mut line = format!(
        "{state}  activity {}",
        st.activity_id
            .as_deref()
            .or(st.operation_activity_id.as_deref())
            .unwrap_or("-")
    );
    if let Some(d) = &st.completion_date {
        let _ = write!(line, "  completed {d}");
    }
    line.push('\n');
    line
}

pub(super) fn sync_table(items: &[ShareSynchronization], reads: Option<u64>, more: bool) -> String {
    let clean = |s: &Option<String>| crate::client::manage::clean_cell(s.as_deref().unwrap_or("-"));
    let rows: Vec<[String; 5]> = items
        .iter()
        .map(|s| {
            [
                clean(&s.start_time),
                s.synchronization_mode.map_or("-", |m| m.as_str()).to_owned(),
                clean(&s.status),
                s.duration_ms
                    .map_or_else(|| "-".to_owned(), |d| format!("{:.1}s", f64::from(d) / 1000.0)),
                clean(&s.consumer_name.clone().or_else(|| s.consumer_email.clone())),
            ]
        })
        .collect();
    let head = ["START", "MODE", "STATUS", "DURATION", "CONSUMER"];
    let mut widths = head.map(str::len);
    for r in &rows {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut text = String::new();
    let mut line = |cells: [&str; 5]| {
        let mut l = String::new();
        for (i, (c, w)) in cells.iter().zip(widths).enumerate() {
            if i < 4 {
                let _ = write!(l, "{c:<w$}  ");
            } else {
                l.push_str(c);
            }
        }
        text.push_str(l.trim_end());
        text.push('\n');
    };
    line(head);
    for r in &rows {
        line([&r[0], &r[1], &r[2], &r[3], &r[4]]);
    }
    let mut footer = format!("{} synchronization(s)", rows.len());
    if let Some(n) = reads {
        let _ = write!(footer, "; remaining reads: {n}");
    }
    if more {
        footer.push_str("; more: --all");
    }
    text + &footer + "\n"
}
