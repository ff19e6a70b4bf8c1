//! Serbian Latin (Gaj's alphabet) → Serbian Cyrillic: the two alphabets map
//! letter for letter, with the digraphs lj, nj, dž as one letter each (ICU has
//! no such rule; its Latin-Cyrillic reads ISO 9 and would write "lj" as "лј").
//! Words where a digraph spans a prefix boundary (nadživeti → наџивети, for
//! над-живети) are not recognised; q, w, x, y stay as they are.

fn digraph(a: char, b: char) -> Option<char> {
    let upper = a.is_uppercase();
    let c = match (a.to_ascii_lowercase(), b.to_lowercase().next()?) {
        ('l', 'j') => 'љ',
        ('n', 'j') => 'њ',
        ('d', 'ž') => 'џ',
        _ => return None,
    };
    Some(if upper { c.to_uppercase().next()? } else { c })
}

fn letter(c: char) -> Option<char> {
    const LATIN: &str = "abcčćdđefghijklmnoprsštuvzž";
    const CYRILLIC: &str = "абцчћдђефгхијклмнопрсштувзж";
    let lower = c.to_lowercase().next()?;
    let i = LATIN.chars().position(|l| l == lower)?;
    let cyr = CYRILLIC.chars().nth(i)?;
    Some(if c.is_uppercase() {
        cyr.to_uppercase().next()?
    } else {
        cyr
    })
}

pub(crate) fn to_cyrillic(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(d) = chars.peek().and_then(|&n| digraph(c, n)) {
            chars.next();
            out.push(d);
        } else {
            out.push(letter(c).unwrap_or(c));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaj_to_cyrillic() {
        assert_eq!(
            to_cyrillic("Ljubljana, Đorđe, džep, Njegoš"),
            "Љубљана, Ђорђе, џеп, Његош"
        );
        assert_eq!(to_cyrillic("LJUBAV ćao Čačak"), "ЉУБАВ ћао Чачак");
        assert_eq!(to_cyrillic("x-ray 42"), "x-раy 42");
        assert_eq!(to_cyrillic(""), "");
    }
}
