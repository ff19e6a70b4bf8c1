//! Readings of Japanese compounds checked against IPAdic (Debian
//! mecab-ipadic, Noun.csv and Noun.verbal.csv): a fixed sample of 61 words of
//! two or more kanji, every 35th of the 2,106 that scripts/check_ja_readings.sh
//! takes (every 20th of IPAdic's 42,104). The full run agrees on 86.7 %; this
//! sample on 55 of 61. IPAdic is © Nara Institute of Science and Technology,
//! under its BSD-style licence; the words and readings are facts quoted for a test.

use super::transliterate;

/// `(word, IPAdic's katakana reading)`.
const SAMPLE: &[(&str, &str)] = &[
    ("一丁字", "イッテイジ"),
    ("上下", "ジョウゲ"),
    ("両隣", "リョウドナリ"),
    ("五十路", "イソジ"),
    ("件数", "ケンスウ"),
    ("信念", "シンネン"),
    ("免役", "メンエキ"),
    ("内角", "ナイカク"),
    ("列聖", "レッセイ"),
    ("労農", "ロウノウ"),
    ("印画", "インガ"),
    ("古鉄", "フルカネ"),
    ("呉絽", "ゴロ"),
    ("団員", "ダンイン"),
    ("塁審", "ルイシン"),
    ("大兇", "ダイキョウ"),
    ("奉戴", "ホウタイ"),
    ("安否", "アンピ"),
    ("寛弘", "カンコウ"),
    ("居留民", "キョリュウミン"),
    ("帯地", "オビジ"),
    ("延焼", "エンショウ"),
    ("得点板", "トクテンバン"),
    ("恐水病", "キョウスイビョウ"),
    ("我意", "ガイ"),
    ("招請", "ショウセイ"),
    ("支配人", "シハイニン"),
    ("新橋", "シンバシ"),
    ("晩酌", "バンシャク"),
    ("木質", "モクシツ"),
    ("校合", "キョウゴウ"),
    ("櫓門", "ヤグラモン"),
    ("民活", "ミンカツ"),
    ("波羅蜜", "ハラミツ"),
    ("清浄", "セイジョウ"),
    ("火水", "ヒミズ"),
    ("爆風", "バクフウ"),
    ("現今", "ゲンコン"),
    ("異義", "イギ"),
    ("目尻", "メジリ"),
    ("砂浜", "スナハマ"),
    ("秋蚕", "アキゴ"),
    ("等角", "トウカク"),
    ("素足", "スアシ"),
    ("練磨", "レンマ"),
    ("職印", "ショクイン"),
    ("自問", "ジモン"),
    ("英俊", "エイシュン"),
    ("薬酒", "ヤクシュ"),
    ("裏紋", "ウラモン"),
    ("証印", "ショウイン"),
    ("豆板", "マメイタ"),
    ("躙口", "ニジリグチ"),
    ("送話", "ソウワ"),
    ("適薬", "テキヤク"),
    ("金気", "カナケ"),
    ("開業医", "カイギョウイ"),
    ("雑役", "ザツエキ"),
    ("音量", "オンリョウ"),
    ("駅路", "エキロ"),
    ("黒酒", "クロキ"),
];

fn romaji(text: &str) -> String {
    transliterate("ja", "Jpan", "Latn", text)
        .unwrap_or_default()
        .replace(' ', "")
}

#[test]
fn compound_readings_agree_with_ipadic() {
    let wrong: Vec<String> = SAMPLE
        .iter()
        .filter(|(word, reading)| romaji(word) != romaji(reading))
        .map(|(word, reading)| format!("{word}: {} ≠ {}", romaji(word), romaji(reading)))
        .collect();
    // 55 of 61 when measured; a regression in the readings shows here.
    assert!(
        wrong.len() <= 6,
        "{} of {} disagree: {wrong:#?}",
        wrong.len(),
        SAMPLE.len()
    );
    assert_eq!(romaji("得点板"), romaji("トクテンバン"));
    assert_eq!(romaji("居留民"), "kyoryuuminn");
}
