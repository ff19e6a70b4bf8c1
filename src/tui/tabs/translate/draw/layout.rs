//! The Translate tab's rows, by what each pane holds. The source gets the
//! rows its wrapped text needs, at least [`SOURCE_MIN`], at most what the
//! targets leave (never under 35 % of the tab, never over two thirds); the
//! targets share the rest. Stacked targets are sized by [`share`]: a short
//! one takes its rows and no more while another needs more, and rows left
//! once every pane has what it needs are spread evenly. Side by side they
//! share the width and the height alike.

use ratatui::layout::{Constraint, Layout, Rect};

use super::super::Translate;
use crate::tui::widgets::split::{side_by_side, split_panes};
use crate::tui::widgets::wrap;

/// The source pane's least height: its borders and three rows of text.
pub const SOURCE_MIN: u16 = 5;
/// A target pane's least height: its borders and one row.
const TARGET_MIN: u16 = 3;

/// The source's area and each target pane's, in `body` (between the tab
/// line and the status line).
pub fn areas(t: &Translate, body: Rect) -> (Rect, Vec<Rect>) {
    let n = t.targets.len().max(1);
    let stacked = !side_by_side(body.width, n);
    // Each pane's text width as it will be drawn, so the wrapped rows come
    // from the panes' caches (the draw asks for the same widths).
    let widths: Vec<u16> = if stacked {
        vec![body.width; n]
    } else {
        split_panes(body, n).iter().map(|r| r.width).collect()
    };
    let needs: Vec<u16> = widths
        .iter()
        .enumerate()
        .map(|(i, w)| target_need(t, i, w.saturating_sub(2)))
        .collect();
    let (targets_need, targets_min) = if stacked {
        (needs.iter().sum::<u16>(), TARGET_MIN * n as u16)
    } else {
        (needs.iter().copied().max().unwrap_or(TARGET_MIN), TARGET_MIN)
    };
    let h = body.height;
    let cap = (h * 35 / 100).max(h.saturating_sub(targets_need)).min(h * 2 / 3);
    let source_h = source_need(t, body.width.saturating_sub(2))
        .clamp(SOURCE_MIN, cap.max(SOURCE_MIN))
        .min(h.saturating_sub(targets_min))
        .max(h.min(TARGET_MIN));
    let [source, targets] = Layout::vertical([Constraint::Length(source_h), Constraint::Min(0)]).areas(body);
    if !stacked || targets.height < targets_min {
        return (source, split_panes(targets, n).to_vec());
    }
    let mut y = targets.y;
    let panes = share(targets.height, &needs, TARGET_MIN)
        .into_iter()
        .map(|height| {
            let r = Rect { y, height, ..targets };
            y += height;
            r
        })
        .collect();
    (source, panes)
}

/// The rows the source's text needs at `width`, with its borders.
fn source_need(t: &Translate, width: u16) -> u16 {
    let text = t.source_shown();
    let text: &str = &text;
    rows(t.source_view.rows(text, width).len()).saturating_add(2)
}

/// The rows target pane `i` needs at `width`: its text, the transliteration
/// under it, its borders; one row for a note while there is no result.
fn target_need(t: &Translate, i: usize, width: u16) -> u16 {
    let text = t.panes.get(i).zip(t.translation_index(i)).and_then(|(view, k)| {
        let tr = t.results.as_ref()?.translations.get(k)?;
        let mut n = view.rows(&tr.text, width).len();
        if let Some(tl) = tr.transliteration.as_ref().filter(|tl| tl.text != tr.text) {
            n += 1 + wrap::rows(&tl.text, width).len();
        }
        Some(n)
    });
    rows(text.unwrap_or(1)).saturating_add(2)
}

fn rows(n: usize) -> u16 {
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// `total` rows for panes that need `needs` rows each: each gets at least
/// `min`; the smallest needs are met first, each at most an even share of
/// what is left, so a short pane never takes rows a longer one needs; rows
/// left once every need is met are spread evenly. The heights sum to
/// `total` when it holds `min` for each.
pub fn share(total: u16, needs: &[u16], min: u16) -> Vec<u16> {
    let n = needs.len();
    let mut out = vec![0u16; n];
    if n == 0 {
        return out;
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| needs[i]);
    let mut left = total;
    for (k, &i) in order.iter().enumerate() {
        let fair = left / (n - k) as u16;
        out[i] = needs[i].max(min).min(fair.max(min)).min(left);
        left -= out[i];
    }
    for (k, h) in out.iter_mut().enumerate() {
        let even = left / n as u16 + u16::from((k as u16) < left % n as u16);
        *h += even;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::share;

    #[test]
    fn short_panes_take_what_they_need_and_the_long_one_the_rest() {
        assert_eq!(share(20, &[3, 3, 30], 3), vec![3, 3, 14]);
        assert_eq!(share(20, &[3, 12, 30], 3), vec![3, 8, 9]);
    }

    #[test]
    fn rows_left_over_are_spread_evenly() {
        assert_eq!(share(20, &[3, 3, 4], 3), vec![7, 6, 7]);
        assert_eq!(share(9, &[1, 1, 1], 3), vec![3, 3, 3]);
    }

    #[test]
    fn heights_always_sum_to_the_total() {
        for total in 9..60 {
            for needs in [[3, 3, 3], [40, 2, 9], [3, 50, 50], [1, 1, 90]] {
                let h = share(total, &needs, 3);
                assert_eq!(h.iter().sum::<u16>(), total, "{total} {needs:?} {h:?}");
                assert!(h.iter().all(|&x| x >= 3), "{total} {needs:?} {h:?}");
            }
        }
    }
}
