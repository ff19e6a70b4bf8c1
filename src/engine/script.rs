//! Unicode script classification for the detection pre-pass.
//!
//! [`script_of`] maps a letter to the writing system it belongs to (by Unicode block;
//! punctuation, digits, symbols, emoji and other non-letters get `None`).
//! [`han_variant_counts`] counts characters that exist only in Simplified or only in
//! Traditional Chinese, from a small embedded list of common characters whose two
//! forms differ (e.g. 这/這, 说/說, 国/國). Characters used by both orthographies
//! (e.g. 后, 里, 干, 着) are deliberately left out.

/// A writing system, as far as language detection cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Script {
    Latin,
    Cyrillic,
    Greek,
    Armenian,
    Hebrew,
    Arabic,
    Thaana,
    Devanagari,
    Bengali,
    Gurmukhi,
    Gujarati,
    Oriya,
    Tamil,
    Telugu,
    Kannada,
    Malayalam,
    Sinhala,
    Thai,
    Lao,
    Tibetan,
    Myanmar,
    Georgian,
    Hangul,
    Ethiopic,
    CanadianSyllabics,
    Khmer,
    Mongolian,
    Hiragana,
    Katakana,
    Han,
    /// A letter of any other script (Syriac, Cherokee, ...).
    Other,
}

impl Script {
    /// ISO 15924 code of the script (`Zyyy` for [`Script::Other`]).
    pub fn iso15924(self) -> &'static str {
        use Script::*;
        match self {
            Latin => "Latn",
            Cyrillic => "Cyrl",
            Greek => "Grek",
            Armenian => "Armn",
            Hebrew => "Hebr",
            Arabic => "Arab",
            Thaana => "Thaa",
            Devanagari => "Deva",
            Bengali => "Beng",
            Gurmukhi => "Guru",
            Gujarati => "Gujr",
            Oriya => "Orya",
            Tamil => "Taml",
            Telugu => "Telu",
            Kannada => "Knda",
            Malayalam => "Mlym",
            Sinhala => "Sinh",
            Thai => "Thai",
            Lao => "Laoo",
            Tibetan => "Tibt",
            Myanmar => "Mymr",
            Georgian => "Geor",
            Hangul => "Hang",
            Ethiopic => "Ethi",
            CanadianSyllabics => "Cans",
            Khmer => "Khmr",
            Mongolian => "Mong",
            Hiragana => "Hira",
            Katakana => "Kana",
            Han => "Hani",
            Other => "Zyyy",
        }
    }
}

/// A letter, digit or combining mark of a script written with spaces: what a
/// whole-word match may not touch (profanity lists, glossary terms).
pub fn is_spaced_word_char(c: char) -> bool {
    use icu_properties::CodePointMapData;
    use icu_properties::props::{GeneralCategory, GeneralCategoryGroup};
    let mark = GeneralCategoryGroup::Mark.contains(CodePointMapData::<GeneralCategory>::new().get(c));
    (c.is_alphanumeric() || mark) && !is_unspaced(c)
}

/// Scripts written without spaces between words (and Korean, whose particles
/// attach): words of these match inside longer runs.
pub fn is_unspaced(c: char) -> bool {
    matches!(
        script_of(c),
        Some(
            Script::Han
                | Script::Hiragana
                | Script::Katakana
                | Script::Thai
                | Script::Lao
                | Script::Khmer
                | Script::Myanmar
                | Script::Tibetan
                | Script::Hangul
        )
    )
}

/// The script of letter `c`, or `None` for anything that is not a letter
/// (punctuation, digits, whitespace, symbols, emoji, control characters).
pub fn script_of(c: char) -> Option<Script> {
    use Script::*;
    if !c.is_alphabetic() {
        return None;
    }
    let s = match c as u32 {
        0x41..=0x5A | 0x61..=0x7A | 0xAA | 0xBA | 0xC0..=0x24F | 0x1E00..=0x1EFF => Latin,
        0x250..=0x2AF | 0x2C60..=0x2C7F | 0xA720..=0xA7FF | 0xAB30..=0xAB6F => Latin,
        0xFF21..=0xFF3A | 0xFF41..=0xFF5A => Latin,
        0x370..=0x3FF | 0x1F00..=0x1FFF => Greek,
        0x400..=0x52F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => Cyrillic,
        0x530..=0x58F | 0xFB13..=0xFB17 => Armenian,
        0x590..=0x5FF | 0xFB1D..=0xFB4F => Hebrew,
        0x600..=0x6FF | 0x750..=0x77F | 0x870..=0x8FF | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => Arabic,
        0x780..=0x7BF => Thaana,
        0x900..=0x97F | 0xA8E0..=0xA8FF => Devanagari,
        0x980..=0x9FF => Bengali,
        0xA00..=0xA7F => Gurmukhi,
        0xA80..=0xAFF => Gujarati,
        0xB00..=0xB7F => Oriya,
        0xB80..=0xBFF => Tamil,
        0xC00..=0xC7F => Telugu,
        0xC80..=0xCFF => Kannada,
        0xD00..=0xD7F => Malayalam,
        0xD80..=0xDFF => Sinhala,
        0xE00..=0xE7F => Thai,
        0xE80..=0xEFF => Lao,
        0xF00..=0xFFF => Tibetan,
        0x1000..=0x109F | 0xA9E0..=0xA9FF | 0xAA60..=0xAA7F => Myanmar,
        0x10A0..=0x10FF | 0x1C90..=0x1CBF | 0x2D00..=0x2D2F => Georgian,
        0x1100..=0x11FF | 0x3130..=0x318F | 0xA960..=0xA97F | 0xAC00..=0xD7FF => Hangul,
        0xFFA0..=0xFFDC => Hangul,
        0x1200..=0x139F | 0x2D80..=0x2DDF | 0xAB00..=0xAB2F => Ethiopic,
        0x1400..=0x167F | 0x18B0..=0x18FF => CanadianSyllabics,
        0x1780..=0x17FF | 0x19E0..=0x19FF => Khmer,
        0x1800..=0x18AF => Mongolian,
        0x3040..=0x309F => Hiragana,
        0x30A0..=0x30FF | 0x31F0..=0x31FF | 0xFF66..=0xFF9F => Katakana,
        0x3005..=0x3007 | 0x3021..=0x3029 | 0x3400..=0x4DBF | 0x4E00..=0x9FFF => Han,
        0xF900..=0xFAFF | 0x20000..=0x3134F => Han,
        _ => Other,
    };
    Some(s)
}

/// Common characters written only in Simplified Chinese (Traditional uses another form).
const SIMPLIFIED_ONLY: &str = "这个们来时为说国对会学么发经过动现实还进长东门问间开关见题认记让话语请谢爱书车马鸟鱼电气钱银铁饭馆买卖读写听觉难欢乐边远运选应该样与业两严举义习乡乱亚产亲从众优传伤体儿党兰兴养农决况冻净击刘则刚创删别剧办务劳势区医华单卫历压厅县参双变号叹吗吴员响园围图场坏块坚声处备头夺奋妈孙宁宝宽寻导将尔尝层岁岛师带帮广庆库废异张弹强归当录彻忆怀态总恋恶悦惊惯愿戏战户执扩扫护报担拥择挥损换据摄携数断无旧显晓杀杂权条极构标树桥检楼横欧毕汉汤没沟泪泽洁济浅测湾满灭灯灵炉点热爷牵状独狮猪献环画畅疗盖盘监码确礼种积称穷笔签简类粮紧级纪约红纯纸线练组细终结给绝统继续网罗职联肃脑脸节药艺苏观规视计订讨训议讯讲论设访证评识诉词译试诗诚询详误课谁调谈贝负财责败货质购贵费贸资赛赶转轮软轻较辆输达连迟适递钟错键闭闲闻阳阴阵阶际陆队随险雾静页顶项顺须顾预领颜风飞饮验鸡麦黄龙";

/// The Traditional forms of [`SIMPLIFIED_ONLY`] (not necessarily in the same order).
const TRADITIONAL_ONLY: &str = "這個們來時為說國對會學麼發經過動現實還進長東門問間開關見題認記讓話語請謝愛書車馬鳥魚電氣錢銀鐵飯館買賣讀寫聽覺難歡樂邊遠運選應該樣與業兩嚴舉義習鄉亂亞產親從眾優傳傷體兒黨蘭興養農決況凍淨擊劉則剛創刪別劇辦務勞勢區醫華單衛歷壓廳縣參雙變號嘆嗎吳員響園圍圖場壞塊堅聲處備頭奪奮媽孫寧寶寬尋導將爾嘗層歲島師帶幫廣慶庫廢異張彈強歸當錄徹憶懷態總戀惡悅驚慣願戲戰戶執擴掃護報擔擁擇揮損換據攝攜數斷無舊顯曉殺雜權條極構標樹橋檢樓橫歐畢漢湯沒溝淚澤潔濟淺測灣滿滅燈靈爐點熱爺牽狀獨獅豬獻環畫暢療蓋盤監碼確禮種積稱窮筆簽簡類糧緊級紀約紅純紙線練組細終結給絕統繼續網羅職聯肅腦臉節藥藝蘇觀規視計訂討訓議訊講論設訪證評識訴詞譯試詩誠詢詳誤課誰調談貝負財責敗貨質購貴費貿資賽趕轉輪軟輕較輛輸達連遲適遞鐘錯鍵閉閒聞陽陰陣階際陸隊隨險霧靜頁頂項順須顧預領顏風飛飲驗雞麥黃龍";

/// `(simplified, traditional)`: how many characters of `text` exist only in
/// Simplified Chinese and only in Traditional Chinese.
pub fn han_variant_counts(text: &str) -> (usize, usize) {
    let (mut simplified, mut traditional) = (0, 0);
    for c in text.chars().filter(|c| (0x4E00..=0x9FFF).contains(&(*c as u32))) {
        if SIMPLIFIED_ONLY.contains(c) {
            simplified += 1;
        } else if TRADITIONAL_ONLY.contains(c) {
            traditional += 1;
        }
    }
    (simplified, traditional)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_letters() {
        assert_eq!(script_of('a'), Some(Script::Latin));
        assert_eq!(script_of('é'), Some(Script::Latin));
        assert_eq!(script_of('ж'), Some(Script::Cyrillic));
        assert_eq!(script_of('我'), Some(Script::Han));
        assert_eq!(script_of('の'), Some(Script::Hiragana));
        assert_eq!(script_of('ー'), Some(Script::Katakana));
        assert_eq!(script_of('한'), Some(Script::Hangul));
        assert_eq!(script_of('ש'), Some(Script::Hebrew));
        assert_eq!(script_of('ب'), Some(Script::Arabic));
        for c in ['1', '.', ' ', '😀', '\u{0}', '\u{301}', '٣', '،', '。'] {
            assert_eq!(script_of(c), None, "{c:?}");
        }
        assert_eq!(Script::Han.iso15924(), "Hani");
    }

    #[test]
    fn han_tables_are_disjoint_and_han() {
        assert_eq!(SIMPLIFIED_ONLY.chars().count(), TRADITIONAL_ONLY.chars().count());
        for c in SIMPLIFIED_ONLY.chars() {
            assert!(!TRADITIONAL_ONLY.contains(c), "{c} in both");
            assert_eq!(script_of(c), Some(Script::Han));
        }
        for c in TRADITIONAL_ONLY.chars() {
            assert_eq!(script_of(c), Some(Script::Han));
        }
        assert_eq!(han_variant_counts("这是我们的国家"), (3, 0));
        assert_eq!(han_variant_counts("這是我們的國家"), (0, 3));
        assert_eq!(han_variant_counts("hello 我"), (0, 0));
    }
}
