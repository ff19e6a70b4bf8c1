//! Cyrillic words read as sounds for [`super::english`].

use super::{Sounds, push};

/// The sounds of a Cyrillic word (Russian and Bulgarian spelling), in the
/// classes of `devanagari`'s: `сервер` server, `интерфейс` interface, `сокет`
/// socket, `функция` function (`-ция` is English `-tion`); `х`, `й` and the
/// signs have no class, `ай` is the vowel of `file`. `None` if it has another
/// letter.
pub(super) fn cyrillic(word: &str) -> Option<Sounds> {
    let chars: Vec<char> = word.to_lowercase().chars().collect();
    let vowel = |c: &char| "аоуыэеёиюяъ".contains(*c);
    let mut consonants = String::from(if chars.first().is_some_and(vowel) { "_" } else { "" });
    let mut vowels = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let class = match c {
            // -ция is English -tion (`функция` function).
            'ц' if chars[i + 1..] == ['и', 'я'] => {
                push(&mut consonants, 'S');
                vowels.push('ə');
                i += 2;
                Some('N')
            }
            'б' => Some('B'),
            'в' => Some('V'),
            'г' => Some('G'),
            'д' => Some('D'),
            'ж' | 'џ' => Some('J'),
            'з' | 'с' | 'ш' | 'щ' | 'ц' => Some('S'),
            'к' => Some('K'),
            'л' => Some('L'),
            'м' => Some('M'),
            'н' => Some('N'),
            'п' => Some('P'),
            'р' => Some('R'),
            'т' => Some('T'),
            'ф' => Some('F'),
            'ч' => Some('C'),
            'х' | 'й' | 'ь' => None,
            'а' if chars.get(i + 1) == Some(&'й') => {
                vowels.push('i');
                i += 1;
                None
            }
            'а' | 'я' | 'ъ' => {
                vowels.push('a');
                None
            }
            'о' | 'ё' => {
                vowels.push('o');
                None
            }
            'у' | 'ю' => {
                vowels.push('u');
                None
            }
            'ы' | 'и' => {
                vowels.push('i');
                None
            }
            'э' | 'е' => {
                vowels.push('e');
                None
            }
            _ => return None,
        };
        if let Some(class) = class {
            push(&mut consonants, class);
        }
        i += 1;
    }
    Some(Sounds { consonants, vowels })
}
