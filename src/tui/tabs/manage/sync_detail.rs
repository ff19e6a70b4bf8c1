//! A sync run in full: Enter on a row of the Syncs view opens every field,
//! wrapped and scrolled (nothing cut at the pane's edge); `y` copies it.
//! The same text is what `y` copies from the table.

use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders};

use super::syncs::{duration_text, status_style};
use crate::api::manage::ShareSynchronization;
use crate::tui::feedback::Shown;
use crate::tui::widgets::pane_view::PaneView;
use crate::tui::widgets::text_pane::TextPane;
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wrap::Layer;

/// Every field of `s` as `label  value` lines, and where the labels and the
/// status are (byte ranges, for their styles).
pub fn detail_text(s: &ShareSynchronization) -> (String, Vec<Range<usize>>, Option<Range<usize>>) {
    let duration = s.duration_ms.map(|d| format!("{} ({d} ms)", duration_text(d)));
    let fields: [(&str, Option<&str>); 10] = [
        ("Sync id", s.synchronization_id.as_deref()),
        ("Status", s.status.as_deref()),
        ("Mode", s.synchronization_mode.map(|m| m.as_str())),
        ("Start", s.start_time.as_deref()),
        ("End", s.end_time.as_deref()),
        ("Duration", duration.as_deref()),
        ("Consumer", s.consumer_name.as_deref()),
        ("Consumer email", s.consumer_email.as_deref()),
        ("Tenant", s.consumer_tenant_name.as_deref()),
        ("Message", s.message.as_deref()),
    ];
    let (mut text, mut labels, mut status) = (String::new(), Vec::new(), None);
    for (label, value) in fields {
        let start = text.len();
        text.push_str(&format!("{label:>14}  "));
        labels.push(start..text.len());
        let at = text.len();
        text.push_str(value.unwrap_or("—"));
        if label == "Status" {
            status = Some(at..text.len());
        }
        text.push('\n');
    }
    text.pop();
    (text, labels, status)
}

/// Draws `s` in full in `area` with `view`'s scroll; how it was scrolled.
pub fn render(
    frame: &mut Frame,
    area: Rect,
    s: &ShareSynchronization,
    view: &PaneView,
    theme: &Theme,
) -> Shown {
    let (text, labels, status) = detail_text(s);
    let status: Vec<Range<usize>> = status.into_iter().collect();
    let status_style: Style = status_style(s.status.as_deref(), theme);
    let layers = [
        Layer {
            ranges: &labels,
            style: theme.muted,
        },
        Layer {
            ranges: &status,
            style: status_style,
        },
    ];
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.focus)
        .title(Span::styled(
            " Sync run · every field · Esc back · y copy ",
            theme.title,
        ));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let pane = TextPane {
        text: &text,
        layers: &layers,
        extra: &[],
        rtl: false,
        follow: None,
    };
    pane.draw(frame, theme, view, inner).shown
}
