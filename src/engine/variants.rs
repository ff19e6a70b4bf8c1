//! Telling close languages apart where scripts and trigrams cannot.
//!
//! - Japanese written in kanji alone vs Chinese: [`japanese_or_chinese_marks`]
//!   counts characters only Japanese writes (its post-war simplifications,
//!   shinjitai, that are neither the Simplified nor the Traditional Chinese form:
//!   図 vs 图/圖, and the kanji Japan coined, 働 込 畑) against characters
//!   Japanese never writes (Simplified forms such as 这 们 说, and the
//!   Traditional forms that Japanese replaced: 國 學 會).
//! - Serbian in Latin script vs Croatian: [`serbian_or_croatian_marks`] counts
//!   words of either standard: Serbian is ekavian (vreme, mesto, primer) and has
//!   its own words (šta, hiljada, bezbednost); Croatian is ijekavian (vrijeme,
//!   mjesto, primjer) with its own words (tko, tisuća, sigurnost, datoteka).

/// Characters only Japanese writes (see the module doc).
const JAPANESE_ONLY: &str = "々広駅対図変気楽読検択拡処継続転払歩鉄売込辺沢円発覧働帰戻渋単弾桜関実経総覚営権歳効収悪験険剤済斎斉価両乗仮伝児勧巻圧壊専巣帯庁廃従徳恵戦拝挙捜掲摂晩暦枢栄毎涙渇満滝焼犠猟獣県砕穏粋粛絵緑縄縦繊聴脳臓荘蔵蛍訳証譲豊賛軽遅郷酔醸釈鋳録闘陥隠雑霊騒髄髪鶏黙齢亜圏囲団様薬畑峠枠匂栃歯塩拠姉仏悩挿勅頼徴懐歓観嬢壌閲説絶産顔";

/// Characters Japanese never writes: Simplified-only forms it does not share,
/// and Traditional forms it replaced.
const NOT_JAPANESE: &str = "这个们时为说对发经动现实还进长东门问间开关见题认记让话语请谢书车马鸟鱼电气钱银铁饭馆买卖读写听觉难欢乐边远运选应该样两严举义习乡产亲从众优传伤儿兴养农决况冻净击刘则刚创删别剧办务劳势单卫历压厅县变叹吗吴员响园围图场坏块坚处备头夺奋妈孙宁宽寻导尔尝层岁岛师带帮广庆库废异张弹强归录彻忆怀态总恋恶悦惊惯愿戏战户执扩扫护报担拥择挥损换据摄携无显晓杀杂权极构标树桥检楼横欧毕汉汤没沟泪泽洁济浅测满灭灵炉热爷牵狮猪环畅疗盖盘监码确种积穷笔签简类粮紧级纪约红纯纸线练组细终结给绝统继续网罗职联肃脑脸节药艺苏观规视计订讨训议讯讲论设访证评识诉词译试诗诚询详误课谁调谈贝负财责败货质购贵费贸资赛赶转轮软轻较辆输达连迟适递钟错键闭闲闻阳阴阵阶际陆队随险雾静页顶项顺须顾预领颜风飞饮验鸡龙們來說國對會學麼發經實關讓氣錢鐵賣讀寫聽覺歡樂邊應樣與兩嚴舉鄉亂亞產從眾傳體兒黨淨擊刪辦勞區醫單歷壓廳縣參雙變號嗎吳圍圖壞聲處媽寶寬將嘗層歲帶幫廣廢彈歸當錄懷總戀惡戲戰戶擴擔擇據攝攜數斷舊顯曉雜權條檢樓橫歐沒淚澤濟淺灣滿燈靈爐點狀獨豬獻畫禮稱簽絕繼續聯肅腦臉藥藝觀譯趕轉輕輛遲遞閒隨險靜顏驗雞麥黃";

/// `(japanese, chinese)`: how many characters of `text` only Japanese writes,
/// and how many Japanese never writes.
pub fn japanese_or_chinese_marks(text: &str) -> (usize, usize) {
    text.chars().fold((0, 0), |(ja, zh), c| {
        (
            ja + usize::from(JAPANESE_ONLY.contains(c)),
            zh + usize::from(NOT_JAPANESE.contains(c)),
        )
    })
}

/// Words (lowercase) written only in Serbian (Latin script), and stems only it
/// writes (a word that begins with one).
const SERBIAN: &str = "vreme vremenu mesto mesta mestu primer primera deo delo dela reč reči rečnik pesma svet \
     sveta levo levi beli belo ceo cela celo celi hiljada hiljade šta ko hleb muzika \
     univerzitet voz nedelja nedelje tačka tačke opšte opšti opšta bezbednost bezbednosti \
     izaberi izaberite primeni primenite promeni promenite promena promene vrednost vrednosti \
     obaveštenje obaveštenja dugme sledeći sledeća sledeće uspešno neuspešno fajl fajla \
     fajlova fajlove direktorijum direktorijuma istorija istorije podešavanja podešavanje \
     podrazumevano podrazumevani podrazumevana ekran ekrana pretraga pretrage uspeo hteo \
     želeo razumeo ponovo uvek gde ovde lepo lep lepa mleko dete deca vetar reka srećan cena \
     cene sačuvaj sačuvajte čuvanje interfejs pravljenje fascikla fascikle fasciklu verovatno \
     svetlo obeleži obeleživač prevod prevodi poslednji poslednja poslednje izveštaj \
     izveštaji uslovi smeštaj videti kreiraj kreiranje uveri razmera primenjuje razumem \
     objekat";
const SERBIAN_STEMS: &str = "vredn uspeš podrazumev promen primen dodel obavešt hiljad bezbedn izaber podešav verovatn obelež izvešt smešt razmer nasled zahtev menja izmen zamen sledeć pretrag direktorijum fascikl istorij";

/// Words (lowercase) written only in Croatian (and Bosnian), and its stems.
const CROATIAN: &str = "vrijeme mjesto mjesta mjestu primjer primjera dio dijela riječ riječi rječnik pjesma \
     svijet svijeta lijevo lijevi bijeli bijelo cijeli cijela cijelo tisuća tisuće što tko \
     kruh glazba sveučilište vlak tjedan tjedna točka točke općenito opći opća sigurnost \
     sigurnosti odaberi odaberite primijeni primijenite promijeni promijenite promjena \
     promjene vrijednost vrijednosti obavijest obavijesti gumb gumba sljedeći sljedeća \
     sljedeće uspješno neuspješno povijest povijesti postavke postavki zadano zadani zadana \
     zaslon zaslona pretraživanje pretraživanja uspio htio želio razumio ponovno uvijek gdje \
     ovdje lijepo lijep lijepa mlijeko dijete djeca vjetar rijeka cijena cijene pogreška \
     pogreške spremi spremanje sučelje sučelja izbornik izbornika vjerojatno svjetlo prijevod \
     prijevodi posljednji posljednja izvješće izvješća uvjeti smještaj vidjeti poslužitelj \
     poslužitelja preuzimanje omjer primjenjuje objekt trenutačno";
const CROATIAN_STEMS: &str = "vrijedn uspješ podrazumijev promjen primjen dodijel obavijest tisuć sigurnost odaber postavk vjerojatn izvješ smješt stvaranj omjer nasljed zahtjev mijenj izmjen zamjen sljedeć pretraživ povijest sučelj izbornik pogrešk mjest mjer smjer namjen vrijem prijevod uvjet";

/// `(serbian, croatian)`: how many of the words of `text` only one of the two
/// standards writes.
pub fn serbian_or_croatian_marks(text: &str) -> (usize, usize) {
    let of = |word: &str, words: &str, stems: &str| {
        words.split_whitespace().any(|w| w == word) || stems.split_whitespace().any(|s| word.starts_with(s))
    };
    let mut counts = (0, 0);
    let mut previous = String::new();
    for word in text.split(|c: char| !c.is_alphabetic()).filter(|w| !w.is_empty()) {
        let word = word.to_lowercase();
        // Serbian says "ne mogu da čitam" where Croatian says "ne mogu čitati".
        let sr = of(&word, SERBIAN, SERBIAN_STEMS)
            || (word == "da" && MODALS.split_whitespace().any(|m| m == previous));
        let hr = of(&word, CROATIAN, CROATIAN_STEMS) || ijekavian(&word);
        if sr && !hr {
            counts.0 += 1;
        } else if hr && !sr {
            counts.1 += 1;
        }
        previous = word;
    }
    counts
}

/// Verbs after which Serbian puts "da" and a present (Croatian an infinitive).
const MODALS: &str = "mogu možeš može možemo možete mogli moram moraš mora moramo morate moraju \
     želim želiš želi želimo želite treba trebalo uspeo uspela uspelo uspeli pokušajte";

/// A Croatian (ijekavian) spelling: mje, vje, pje, or ije inside a word (not
/// the -ije of -ija nouns, nor nije, which both write).
fn ijekavian(word: &str) -> bool {
    let inner = word.strip_suffix("ije").unwrap_or(word);
    ["mje", "vje", "pje"].iter().any(|p| word.contains(p))
        || (inner.contains("ije") && !word.starts_with("prija"))
}

/// Marathi's own words and the case endings it writes onto a word (-च्या,
/// -चा, -ची, -चे: of; -मध्ये: in), which Hindi writes as separate words (का,
/// की, के, में); and Hindi's.
const MARATHI: &str = "आहे आहेत नाही आणि साठी मध्ये होते केले करा करू शकता हा ही हे व किंवा तुम्ही आपण";
const MARATHI_ENDINGS: [&str; 5] = ["च्या", "चा", "ची", "चे", "मध्ये"];
const HINDI: &str = "है हैं था थे नहीं और का की के में से को पर यह वह भी लिए किया करें आप";

/// `(marathi, hindi)`: how many words of a Devanagari `text` only Marathi
/// writes, and how many only Hindi.
pub fn marathi_or_hindi_marks(text: &str) -> (usize, usize) {
    let mut counts = (0, 0);
    for word in text.split(|c: char| c.is_whitespace() || c.is_ascii_punctuation() || c == '।') {
        if MARATHI.split(' ').any(|w| w == word)
            || MARATHI_ENDINGS
                .iter()
                .any(|e| word.len() > e.len() + 3 && word.ends_with(e))
        {
            counts.0 += 1;
        } else if HINDI.split(' ').any(|w| w == word) {
            counts.1 += 1;
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::script::{Script, script_of};

    #[test]
    fn japanese_marks() {
        assert_eq!(japanese_or_chinese_marks("検索設定"), (1, 0));
        assert_eq!(japanese_or_chinese_marks("搜索设定"), (0, 1));
        assert_eq!(japanese_or_chinese_marks("这是我們的國家"), (0, 3));
        for c in JAPANESE_ONLY.chars() {
            assert!(!NOT_JAPANESE.contains(c), "{c} in both");
            assert!(matches!(script_of(c), Some(Script::Han)), "{c}");
        }
    }

    #[test]
    fn marathi_marks() {
        assert_eq!(marathi_or_hindi_marks("फाइल उघडता आली नाही"), (1, 0));
        assert_eq!(marathi_or_hindi_marks("फ़ाइल खोली नहीं जा सकी"), (0, 1));
        assert_eq!(marathi_or_hindi_marks("सर्वरच्या नावात"), (1, 0));
    }

    #[test]
    fn serbian_marks() {
        assert_eq!(serbian_or_croatian_marks("Izaberite vreme i mesto"), (3, 0));
        assert_eq!(serbian_or_croatian_marks("Odaberite vrijeme i mjesto"), (0, 3));
        assert_eq!(serbian_or_croatian_marks("Nedostaje smeće"), (0, 0));
    }
}
