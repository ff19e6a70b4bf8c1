//! The planner on hand-made inputs with tiny limits, so every path is taken: packing,
//! splitting across batches, word, grapheme and char cuts, surrogate pairs, CJK, RTL,
//! empty elements, refusal and first chunks. Expected cuts are worked out by hand.

use crate::api::limits::{Operation, char_count};

use super::kit::{check_plan, limits};
use crate::client::batch::{Oversize, Plan, PlanError, plan};

/// The texts of each batch.
fn sent<'a>(plan: &Plan, texts: &[&'a str]) -> Vec<Vec<&'a str>> {
    plan.batches.iter().map(|b| b.texts(texts)).collect()
}

/// Plans with Split and checks the invariants.
fn split(texts: &[&str], max_elements: usize, per_element: usize, per_request: usize, mult: usize) -> Plan {
    let l = limits(max_elements, per_element, per_request);
    let p = plan(texts, l, mult, Oversize::Split).unwrap();
    check_plan(&p, texts, l, mult, Oversize::Split);
    p
}

#[test]
fn whole_elements_packed_in_order_up_to_the_element_count() {
    let texts = ["One.", "Two.", "Three.", "Four.", "Five.", "Six.", "Seven."];
    let p = split(&texts, 3, 40, 40, 1);
    assert_eq!(
        sent(&p, &texts),
        [
            vec!["One.", "Two.", "Three."],
            vec!["Four.", "Five.", "Six."],
            vec!["Seven."]
        ]
    );
    assert_eq!(p.pieces_per_element, [1; 7]);
}

#[test]
fn room_is_divided_by_the_targets() {
    // 60 / 3 targets = 20 characters per request: two 8-character one-word elements.
    let texts = ["Abcdefgh", "Ijklmnop", "Qrstuvwx", "Yz"];
    let p = split(&texts, 10, 100, 60, 3);
    assert_eq!(
        sent(&p, &texts),
        [vec!["Abcdefgh", "Ijklmnop"], vec!["Qrstuvwx", "Yz"]]
    );
    // A multiplier of 0 counts as 1, as in check_limits.
    let p = split(&texts, 10, 100, 60, 0);
    assert_eq!(p.requests(), 1);
}

#[test]
fn an_element_that_does_not_fit_fills_the_batch_with_whole_sentences() {
    let first = "Twenty-five characters!! "; // 25
    let second = "First one. Second one. Third one."; // 11 + 12 + 10
    assert_eq!((char_count(first), char_count(second)), (25, 33));
    let texts = [first, second];
    let p = split(&texts, 3, 40, 40, 1);
    assert_eq!(
        sent(&p, &texts),
        [vec![first, "First one. "], vec!["Second one. Third one."]]
    );
    let pieces: Vec<_> = p.pieces().cloned().collect();
    assert_eq!(
        (
            pieces[1].bytes.clone(),
            pieces[1].utf16_start,
            pieces[1].utf16_len
        ),
        (0..11, 0, 11)
    );
    assert_eq!(
        (
            pieces[2].bytes.clone(),
            pieces[2].utf16_start,
            pieces[2].utf16_len
        ),
        (11..33, 11, 22)
    );
    assert_eq!(p.pieces_per_element, [1, 2]);
}

#[test]
fn a_sentence_that_does_not_fit_starts_the_next_batch() {
    // 30 used, 10 free: "Second one. " (12) does not fit and is not cut.
    let texts = ["Thirty characters, no less!!! ", "Second one. Ok."];
    let p = split(&texts, 3, 40, 40, 1);
    assert_eq!(sent(&p, &texts), [vec![texts[0]], vec![texts[1]]]);
}

#[test]
fn several_pieces_of_one_element_in_one_batch_when_elements_are_short() {
    // Transliterate-like: 10 per element, 30 per request.
    let text = "Aaa bb. Cc dd. Eee f. Gg hh."; // 8 + 7 + 7 + 6
    let p = split(&[text], 5, 10, 30, 1);
    assert_eq!(
        sent(&p, &[text]),
        [vec!["Aaa bb. ", "Cc dd. ", "Eee f. ", "Gg hh."]]
    );
}

#[test]
fn a_sentence_longer_than_a_request_is_cut_between_words() {
    let text = "The quick brown fox jumps over the lazy dog and runs away."; // 58
    let p = split(&[text], 3, 20, 20, 1);
    assert_eq!(
        sent(&p, &[text]),
        [
            vec!["The quick brown fox "],
            vec!["jumps over the lazy "],
            vec!["dog and runs away."]
        ]
    );
    // Punctuation stays with its word, an opening quote with the word it opens
    // (6 + 8 > 9, 8, 4 + 5 = 9, 3 + 6 = 9, 6).
    let text = "Well, \"maybe\" (or not) he said, twice.";
    let p = split(&[text], 3, 9, 9, 1);
    assert_eq!(
        sent(&p, &[text]).concat(),
        ["Well, ", "\"maybe\" ", "(or not) ", "he said, ", "twice."]
    );
}

#[test]
fn a_word_longer_than_a_request_is_cut_between_grapheme_clusters() {
    let text = "abcdefghijkl";
    let p = split(&[text], 3, 5, 5, 1);
    assert_eq!(sent(&p, &[text]), [vec!["abcde"], vec!["fghij"], vec!["kl"]]);
    // e + combining acute: clusters of 2 units, never cut.
    let text = "e\u{301}e\u{301}e\u{301}";
    let p = split(&[text], 3, 5, 5, 1);
    assert_eq!(sent(&p, &[text]), [vec!["e\u{301}e\u{301}"], vec!["e\u{301}"]]);
}

#[test]
fn emoji_are_never_cut_inside_their_surrogate_pair() {
    // 2 units each; 5 per request fits two.
    let text = "😀😀😀";
    let p = split(&[text], 3, 5, 5, 1);
    assert_eq!(sent(&p, &[text]), [vec!["😀😀"], vec!["😀"]]);
    // A batch with 4 of 5 used has no room for an emoji.
    let texts = ["abcd", "😀b"];
    let p = split(&texts, 3, 5, 5, 1);
    assert_eq!(sent(&p, &texts), [vec!["abcd"], vec!["😀b"]]);
    // A family (8 units, one cluster) longer than a piece: cut between characters.
    let family = "👨\u{200D}👩\u{200D}👧";
    let p = split(&[family], 3, 5, 5, 1);
    assert_eq!(sent(&p, &[family]), [vec!["👨\u{200D}👩"], vec!["\u{200D}👧"]]);
    // One unit per element cannot carry an emoji.
    let err = plan(&["a", "😀"], limits(3, 1, 5), 1, Oversize::Split).unwrap_err();
    assert_eq!(err, PlanError::NoRoom { index: 1, limit: 1 });
    assert_eq!(split(&["ab"], 3, 1, 5, 1).pieces_per_element, [2]);
}

#[test]
fn chinese_and_japanese_are_cut_after_their_full_stops_and_between_words() {
    let text = "我今天很高兴。你呢？我也很好。"; // 7 + 3 + 5
    let p = split(&[text], 3, 10, 10, 1);
    assert_eq!(
        sent(&p, &[text]),
        [vec!["我今天很高兴。你呢？"], vec!["我也很好。"]]
    );
    // No full stop in 12 characters: cut between dictionary words.
    let text = "我们今天去北京大学看朋友";
    let p = split(&[text], 3, 5, 5, 1);
    let pieces = sent(&p, &[text]).concat();
    assert_eq!(pieces.concat(), text);
    assert_eq!(pieces[0], "我们今天去");
    assert!(
        pieces
            .iter()
            .all(|p| !p.starts_with('友') && !p.starts_with('学')),
        "{pieces:?}"
    );
    let text = "東京都に行きました。大阪にも行きました。";
    let p = split(&[text], 3, 12, 12, 1);
    assert_eq!(
        sent(&p, &[text]),
        [vec!["東京都に行きました。"], vec!["大阪にも行きました。"]]
    );
}

#[test]
fn right_to_left_text_is_cut_after_its_sentences() {
    let text = "مرحبا بالعالم. كيف حالك؟ أنا بخير.";
    let p = split(&[text], 3, 16, 16, 1);
    assert_eq!(
        sent(&p, &[text]),
        [vec!["مرحبا بالعالم. "], vec!["كيف حالك؟ "], vec!["أنا بخير."]]
    );
    let text = "שלום עולם גדול ויפה מאוד";
    let p = split(&[text], 3, 10, 10, 1);
    assert_eq!(
        sent(&p, &[text]),
        [vec!["שלום עולם "], vec!["גדול ויפה "], vec!["מאוד"]]
    );
}

#[test]
fn empty_elements_are_one_empty_piece_each() {
    let texts = ["", "abc", "", ""];
    let p = split(&texts, 2, 10, 10, 1);
    assert_eq!(sent(&p, &texts), [vec!["", "abc"], vec!["", ""]]);
    // A full batch still takes an empty element while it has a free slot.
    let texts = ["abcdefghij", ""];
    let p = split(&texts, 3, 10, 10, 1);
    assert_eq!(sent(&p, &texts), [vec!["abcdefghij", ""]]);
    // More targets than characters per request: only empty elements can go.
    let p = split(&[""], 3, 10, 5, 6);
    assert_eq!(p.pieces_per_element, [1]);
    let err = plan(&["", "a"], limits(3, 10, 5), 6, Oversize::Split).unwrap_err();
    assert_eq!(err, PlanError::NoRoom { index: 1, limit: 0 });
    assert_eq!(
        plan(&[], limits(3, 10, 5), 1, Oversize::Split).unwrap(),
        Plan::default()
    );
}

#[test]
fn refuse_sends_elements_whole_or_not_at_all() {
    let l = Operation::DictionaryLookup.limits().unwrap();
    assert_eq!(
        Oversize::for_operation(Operation::DictionaryLookup),
        Oversize::Refuse
    );
    let words: Vec<String> = (0..12).map(|i| format!("{i:0>100}")).collect();
    let texts: Vec<&str> = words.iter().map(String::as_str).collect();
    let p = plan(&texts, l, 1, Oversize::Refuse).unwrap();
    check_plan(&p, &texts, l, 1, Oversize::Refuse);
    assert_eq!(
        p.batches.iter().map(|b| b.pieces.len()).collect::<Vec<_>>(),
        [10, 2]
    );
    let long = "x".repeat(101);
    let err = plan(&["ok", &long, "x"], l, 1, Oversize::Refuse).unwrap_err();
    assert_eq!(
        err,
        PlanError::ElementTooLong {
            index: 1,
            chars: 101,
            limit: 100
        }
    );
    // Refuse never cuts to fill a batch.
    let texts = ["Aaaa. ", "Bbbb. Cccc."];
    let l = limits(3, 12, 12);
    let p = plan(&texts, l, 1, Oversize::Refuse).unwrap();
    assert_eq!(sent(&p, &texts), [vec!["Aaaa. "], vec!["Bbbb. Cccc."]]);
}

#[test]
fn first_chunk_keeps_the_sentences_that_fit_in_one_element() {
    assert_eq!(Oversize::for_operation(Operation::Detect), Oversize::FirstChunk);
    let l = limits(3, 20, 40);
    let long = "Hello there. General Kenobi. You are a bold one."; // 13 + 16 + ...
    let texts = ["Short.", long, "Another short one.", "Tail."];
    let p = plan(&texts, l, 1, Oversize::FirstChunk).unwrap();
    check_plan(&p, &texts, l, 1, Oversize::FirstChunk);
    // 6 + 13 + 18 = 37 of 40, then the element count.
    assert_eq!(
        sent(&p, &texts),
        [
            vec!["Short.", "Hello there. ", "Another short one."],
            vec!["Tail."]
        ]
    );
    // FirstChunk does not cut an element that fits in a request to fill a batch.
    // (Split would send "Hi. " in the 4 characters left.)
    let texts = ["abcdefghijklmnopqr", "stuvwxyzabcdefghij", "Hi. Ho."];
    let p = plan(&texts, l, 1, Oversize::FirstChunk).unwrap();
    assert_eq!(sent(&p, &texts), [vec![texts[0], texts[1]], vec![texts[2]]]);
    let p = plan(&texts, l, 1, Oversize::Split).unwrap();
    assert_eq!(sent(&p, &texts), [vec![texts[0], texts[1], "Hi. "], vec!["Ho."]]);
    // A first sentence longer than an element: its first words.
    let texts = ["Supercalifragilistic expialidocious words here."];
    let p = plan(&texts, l, 1, Oversize::FirstChunk).unwrap();
    assert_eq!(sent(&p, &texts), [vec!["Supercalifragilistic"]]);
}
