//! Documents in parts: the cuts tile the text at paragraphs, no part is
//! longer than the ceiling, html is never cut inside a tag, and the parts'
//! results put together are the document's translation.

use super::{Document, Kind};
use crate::api::limits::char_count;
use crate::api::model::{Alignment, TranslateResult, Translation};

/// A result that translates `text` into itself (`to` = "xx"), each word
/// aligned to itself.
pub fn echo(text: &str) -> TranslateResult {
    let n = char_count(text);
    TranslateResult {
        detected_language: None,
        translations: vec![Translation {
            text: text.to_owned(),
            to: "xx".into(),
            transliteration: None,
            alignment: (n > 0).then(|| Alignment {
                proj: format!("0:{}-0:{}", n - 1, n - 1).parse().expect("a projection"),
            }),
            sent_len: None,
        }],
        source_text: None,
    }
}

#[test]
fn plain_text_is_cut_at_its_paragraphs_and_long_ones_at_sentences() {
    let text = "\n\nFirst paragraph,\nstill the first.\n\n\nSecond one.\n\nThird. It has two sentences.\n";
    let doc = Document::new(Kind::Plain, text, 10_000);
    let parts: Vec<&str> = doc.parts().collect();
    assert_eq!(
        parts,
        [
            "\n\nFirst paragraph,\nstill the first.\n\n\n",
            "Second one.\n\n",
            "Third. It has two sentences.\n"
        ]
    );
    let doc = Document::new(Kind::Plain, text, 20);
    let parts: Vec<&str> = doc.parts().collect();
    assert_eq!(parts.concat(), text, "the parts tile the text");
    assert!(parts.iter().all(|p| char_count(p) <= 20), "{parts:?}");
    assert!(
        parts.contains(&"Second one.\n\n"),
        "cut at the paragraphs: {parts:?}"
    );
    assert!(Document::new(Kind::Plain, "", 100).is_empty());
}

#[test]
fn the_parts_results_stitched_are_the_translation_with_its_alignment() {
    let text = "One two.\n\nThree four.\n";
    let doc = Document::new(Kind::Plain, text, 10_000);
    assert_eq!(doc.len(), 2);
    let results = doc.parts().map(echo).collect();
    let r = doc.assemble(text, results).expect("stitched");
    assert_eq!(r.translations[0].text, text);
    // The second part's alignment is shifted by the first part's length.
    let proj = &r.translations[0].alignment.as_ref().expect("aligned").proj;
    assert_eq!(proj.to_string(), "0:9-0:9 10:21-10:21");
    assert!(doc.assemble(text, vec![echo("x")]).is_err(), "a result short");
}

#[test]
fn html_is_never_cut_inside_a_tag() {
    let cell = "<p class=\"intro\">Hello there, <b>friend</b>. How are you?</p>\n";
    let text = cell.repeat(40);
    let doc = Document::new(Kind::Html, &text, 120);
    let parts: Vec<&str> = doc.parts().collect();
    assert!(parts.len() > 1);
    assert_eq!(parts.concat(), text);
    for p in &parts {
        assert!(char_count(p) <= 120);
        assert_eq!(
            p.matches('<').count(),
            p.matches('>').count(),
            "a tag cut open: {p:?}"
        );
    }
}

#[test]
fn a_markdown_region_longer_than_the_ceiling_is_cut_and_put_together() {
    let sentence = "This is *one* sentence with `code` in it. ";
    let text = format!("# Title\n\n{}\n", sentence.repeat(30).trim_end());
    let doc = Document::new(Kind::Markdown, &text, 200);
    assert!(doc.len() > 3, "the long paragraph in several parts");
    assert!(doc.parts().all(|p| char_count(p) <= 200));
    let results = doc.parts().map(echo).collect();
    let r = doc.assemble(&text, results).expect("assembled");
    assert_eq!(r.translations[0].text, text);
    assert!(
        r.translations[0].alignment.is_none(),
        "html offsets are not the Markdown's"
    );
}
