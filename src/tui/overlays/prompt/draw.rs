//! Drawing the file prompt: a box near the top with the path line, what it
//! is for, why the last Enter opened nothing, and the entries a Tab left.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::FilePrompt;
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wide::Clear;

/// Most entries listed under the line.
const LISTED: usize = 8;

pub fn draw(frame: &mut Frame, prompt: &FilePrompt, screen: Rect, theme: &Theme) {
    let width = screen.width.saturating_sub(4).min(80);
    let listed = prompt.candidates.len().min(LISTED) as u16;
    // A reason longer than the line wraps onto the next ones.
    let room = usize::from(width.saturating_sub(2)).max(1);
    let said = prompt
        .error
        .as_deref()
        .map_or(1, |e| e.chars().count().div_ceil(room).clamp(1, 3)) as u16;
    let height = (3 + said + listed + u16::from(prompt.candidates.len() > LISTED)).min(screen.height);
    let popup = Rect::new(screen.x + (screen.width - width) / 2, screen.y + 1, width, height);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.focus)
        .title(" Open a file as the source (Tab completes, Enter opens, Esc closes) ");
    let inner = block.inner(popup);
    frame.render_widget(Clear, popup);
    frame.render_widget(block, popup);
    if inner.height == 0 {
        return;
    }
    prompt.query.render(
        frame,
        Rect { height: 1, ..inner },
        "path of a text file: notes.txt, ~/docs/README.md",
        theme,
    );
    let mut lines = Vec::new();
    lines.push(match (&prompt.opening, &prompt.error) {
        (Some(path), _) => Line::styled(format!("opening {path}…"), theme.progress),
        (None, Some(e)) => Line::styled(e.clone(), theme.error),
        (None, None) => Line::styled(
            "UTF-8 text up to 4 MiB; .md keeps its Markdown, .html its tags",
            theme.muted,
        ),
    });
    for c in prompt.candidates.iter().take(LISTED) {
        lines.push(Line::styled(format!("  {c}"), theme.text));
    }
    if prompt.candidates.len() > LISTED {
        let more = prompt.candidates.len() - LISTED;
        lines.push(Line::styled(format!("  … {more} more"), theme.muted));
    }
    let rest = Rect {
        y: inner.y + 1,
        height: inner.height - 1,
        ..inner
    };
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), rest);
}
