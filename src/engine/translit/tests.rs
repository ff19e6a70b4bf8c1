//! Unit tests of the transliteration routes.

use super::samples::SAMPLES;
use super::*;

fn t(lang: &str, from: &str, to: &str, text: &str) -> String {
    transliterate(lang, from, to, text).unwrap_or_else(|| panic!("{lang} {from}->{to} unsupported"))
}

/// Latin letters, combining marks and modifier letters (ʹ ʺ ʻ …).
fn latin_or_mark(c: char) -> bool {
    matches!(c as u32, 0..=0x24F | 0x2B0..=0x36F | 0x1E00..=0x1EFF | 0x2018..=0x201F)
}

#[test]
fn the_scope_is_what_the_routes_do() {
    let mut listed = 0;
    for lang in scope() {
        for pair in &lang.scripts {
            for to in &pair.to {
                assert!(supports(lang.code, pair.from, to));
                listed += 1;
                assert!(
                    SAMPLES
                        .iter()
                        .any(|s| (s.0, s.1, s.2) == (lang.code, pair.from, *to)),
                    "no sample for {} {} {to}",
                    lang.code,
                    pair.from
                );
            }
        }
    }
    assert_eq!(listed, scope::pairs().len());
    assert_eq!(SAMPLES.len(), listed);
    assert!(supports("SR-cyrl", "cyrl", "LATN"));
    assert_eq!(language_code("zh-hans"), Some("zh-Hans"));
    assert!(!supports("th", "Latn", "Thai"));
    assert!(!supports("zh-Hans", "Latn", "Hans"));
    assert!(!supports("en", "Latn", "Cyrl"));
    assert_eq!(transliterate("ru", "Cyrl", "Arab", "да"), None);
}

#[test]
fn every_sample_is_converted_letter_by_letter() {
    for &(lang, from, to, text) in SAMPLES {
        let out = t(lang, from, to, text);
        assert!(!out.is_empty(), "{lang} {from}->{to}");
        let leftover: String = match to {
            "Latn" => out
                .chars()
                .filter(|&c| c.is_alphabetic() && !latin_or_mark(c))
                .collect(),
            _ => out.chars().filter(char::is_ascii_alphabetic).collect(),
        };
        assert!(
            leftover.is_empty(),
            "{lang} {from}->{to}: {text} → {out} (left: {leftover})"
        );
    }
}

#[test]
fn icu_runs_and_memo_give_the_one_pass_output() {
    for &(lang, from, to, text) in SAMPLES {
        let (id, han_only) = match scope::route(lang, from, to) {
            Some(Route::Icu(id)) => (id, false),
            Some(Route::IcuHan(id)) => (id, true),
            _ => continue,
        };
        let text = nfc(text);
        // Twice: the second time from the memo. Up to NFC, which
        // `transliterate` applies last (the native readers compose accents).
        let whole = icu::transliterate_whole(id, &text).map(|w| nfc(&w).into_owned());
        for _ in 0..2 {
            let runs = icu::transliterate(id, &text, han_only).map(|r| nfc(&r).into_owned());
            assert_eq!(runs, whole, "{lang} {from}->{to}");
        }
    }
}

#[test]
fn chinese_word_readings() {
    assert_eq!(t("zh-Hans", "Hans", "Latn", "银行"), "yínháng");
    assert_eq!(t("zh-Hant", "Hant", "Latn", "銀行"), "yínháng");
    // The service's own sample.
    assert_eq!(
        t("zh-Hans", "Hans", "Latn", "这里怎么一回事?"),
        "zhèlǐ zěnme yìhuíshì?"
    );
    assert_eq!(
        t("zh-Hant", "Hant", "Latn", "這裡怎麼一回事？"),
        "zhèlǐ zěnme yìhuíshì？"
    );
    assert_eq!(t("zh-Hans", "Hans", "Latn", "我们去西安"), "wǒmen qù xī'ān");
    assert_eq!(t("zh-Hans", "Hans", "Latn", "不是第一"), "búshì dìyī");
    assert_eq!(t("zh-Hans", "Hans", "Latn", "我的Python"), "wǒ de Python");
    assert_eq!(t("zh-Hans", "Hans", "Hant", "汉语银行"), "漢語銀行");
    assert_eq!(t("zh-Hant", "Hant", "Hans", "漢語銀行"), "汉语银行");
}

#[test]
fn cyrillic_round_trips_and_serbian_by_script() {
    assert_eq!(t("ru", "Cyrl", "Latn", "Я живу хорошо"), "YA zhivu khorosho");
    assert_eq!(t("ru", "Latn", "Cyrl", "YA zhivu khorosho"), "Я живу хорошо");
    // As CLDR writes them (ЗНАНИЕ's final е too), without running its rules.
    assert_eq!(
        t("ru", "Cyrl", "Latn", "ВНИМАНИЕ ЩУКА Если мэр детсад йа"),
        "VNIMANIYe SHCHUKA Yesli m·er det·sad y·a"
    );
    for (lang, text) in [
        (
            "ru",
            "Съешь же ещё этих мягких французских булок, да выпей чаю. Мэр, детсад, ЦАРЬ, Йошкар-Ола",
        ),
        (
            "uk",
            "Київ — столиця України. Їжак, ґанок, Єва, щастя, м'ята, район, синій",
        ),
        (
            "be",
            "Беларусь — краіна ў Усходняй Еўропе. Мінск, усё, йод, з'ява",
        ),
        (
            "bg",
            "България е държава в Югоизточна Европа. Щастие, ъгъл, Юлия, изходът",
        ),
        (
            "mk",
            "Македонија е држава на Балканот. Ѓорѓи, Ќе, Ѕвезда, Љубов, Њива, поджига, одзив",
        ),
        (
            "sr-Cyrl",
            "Србија је држава у југоисточној Европи. Ђорђе, Љубљана, конјункција, надживети",
        ),
        (
            "kk",
            "Қазақстан — Орталық Азиядағы мемлекет. Енгізу, Үкімет, Әке, Ғалым, Аң, тсх",
        ),
        (
            "ky",
            "Кыргызстан — Борбордук Азиядагы мамлекет. Эки, ел, эмне, Өкмөт",
        ),
        (
            "mn-Cyrl",
            "Монгол Улс бол Зүүн Азид орших улс юм. Өвөл, ерөнхий, Үндэсний",
        ),
    ] {
        let latin = t(lang, "Cyrl", "Latn", text);
        let back_lang = if lang == "sr-Cyrl" { "sr-Latn" } else { lang };
        assert_eq!(t(back_lang, "Latn", "Cyrl", &latin), text, "{lang}: {latin}");
    }
    assert_eq!(t("sr", "Latn", "Cyrl", "Dobar dan"), "Добар дан");
    assert_eq!(t("mn", "Cyrl", "Latn", "Монгол"), "Mongol");
    assert!(!supports("sr", "Cyrl", "Cyrl"));
}

#[test]
fn japanese_readings_and_kana() {
    assert_eq!(t("ja", "Jpan", "Latn", "さようなら"), "sayounara");
    assert_eq!(t("ja", "Jpan", "Latn", "こんにちは"), "konnnichiha");
    assert_eq!(t("ja", "Jpan", "Latn", "銀行"), "ginnkou");
    assert_eq!(
        t("ja", "Jpan", "Latn", "私は学生です。"),
        "watashi ha gakusei desu."
    );
    assert_eq!(
        t("ja", "Jpan", "Latn", "東京に行きました"),
        "toukyou ni ikimashita"
    );
    assert_eq!(t("ja", "Jpan", "Latn", "りんごを食べます"), "rinngo wo tabemasu");
    assert_eq!(t("ja", "Jpan", "Latn", "コーヒー"), "koohii");
    // Small kana make one syllable with the kana before them (issue 23).
    assert_eq!(t("ja", "Jpan", "Latn", "ファイル"), "fairu");
    assert_eq!(t("ja", "Jpan", "Latn", "ディスク"), "disuku");
    assert_eq!(t("ja", "Jpan", "Latn", "ウェブ"), "webu");
    assert_eq!(t("ja", "Jpan", "Latn", "ティーム"), "tiimu");
    assert_eq!(t("ja", "Jpan", "Latn", "ヴァイオリン"), "vaiorinn");
    assert_eq!(t("ja", "Jpan", "Latn", "ファイルを保存"), "fairu wo hozonn");
    // 今日は in a sentence is "today" + particle; 行った is 行く, with its っ.
    assert_eq!(t("ja", "Jpan", "Latn", "今日は雨"), "kyou ha ame");
    assert_eq!(t("ja", "Jpan", "Latn", "東京へ行った。"), "toukyou he itta.");
    assert_eq!(t("ja", "Latn", "Jpan", "sayounara"), "さようなら");
    assert_eq!(t("ja", "Latn", "Jpan", "Konnichiha"), "こんにちは");
}

#[test]
fn thai_rtgs() {
    for (thai, latin) in [
        ("สวัสดีครับ", "sawatdi khrap"),
        ("ภาษาไทย", "phasa thai"),
        ("กรุงเทพมหานคร", "krungthepmahanakhon"),
        ("ขอบคุณ", "khopkhun"),
        ("ถนน", "thanon"),
        ("ความ", "khwam"),
        ("เด็กๆ", "dek dek"),
        ("จันทร์", "chan"),
        ("สร้าง", "sang"),
        ("หมา", "ma"),
        ("อยู่", "yu"),
        ("ไทย ๒๕๖๗", "thai 2567"),
    ] {
        assert_eq!(t("th", "Thai", "Latn", thai), latin, "{thai}");
    }
}

#[test]
fn cyrillic_greek_and_others_both_ways() {
    assert_eq!(
        t("ru", "Cyrl", "Latn", "Привет, как дела? Щука"),
        "Privet, kak dela? Shchuka"
    );
    assert_eq!(t("ru", "Latn", "Cyrl", "Privet, kak dela?"), "Привет, как дела?");
    assert_eq!(t("uk", "Cyrl", "Latn", "Київ"), "Kyyiv");
    assert_eq!(t("sr-Cyrl", "Cyrl", "Latn", "Љубљана, Ђорђе"), "Ljubljana, Đorđe");
    assert_eq!(t("sr-Latn", "Latn", "Cyrl", "Ljubljana, Đorđe"), "Љубљана, Ђорђе");
    assert_eq!(t("el", "Grek", "Latn", "Καλημέρα κόσμε"), "Kaliméra kósme");
    assert_eq!(t("el", "Latn", "Grek", "Kalēméra"), "Καλημέρα");
    assert_eq!(t("ko", "Kore", "Latn", "안녕하세요"), "annyeonghaseyo");
    assert_eq!(t("ko", "Latn", "Kore", "annyeonghaseyo"), "안녕하세요");
    assert_eq!(t("hi", "Deva", "Latn", "नमस्ते"), "namastē");
    assert_eq!(t("hi", "Latn", "Deva", "namastē"), "नमस्ते");
}

#[test]
fn odd_input_never_panics() {
    let long_word = "щ".repeat(3_000);
    let odd = [
        "",
        " ",
        "\u{0}\u{1}\t\r\n\u{7f}",
        "\u{200B}\u{200D}\u{FEFF}\u{E000}\u{10FFFF}",
        "a\u{301}\u{301}\u{301}",
        "🙂👍🏽‍♀️",
        "ุุุ์์ๆๆ",
        "ーんっッ",
        "一不",
        "๐๙",
        long_word.as_str(),
    ];
    for &(lang, from, to, sample) in SAMPLES {
        for text in odd {
            let out = transliterate(lang, from, to, text);
            assert!(out.is_some(), "{lang} {from}->{to}");
        }
        let huge = sample.repeat(100);
        assert!(transliterate(lang, from, to, &huge).is_some_and(|o| !o.is_empty()));
    }
    assert_eq!(t("ru", "Cyrl", "Latn", ""), "");
}

#[test]
fn large_texts_take_the_parallel_path_with_the_same_output() {
    let words = [
        "Съешь",
        "же",
        "ещё",
        "этих",
        "мягких",
        "французских",
        "булок",
        "Юля",
    ];
    let text: String = (0..12_000)
        .map(|i| format!("{}{} ", words[i % words.len()], i))
        .collect();
    assert!(text.len() > 64 * 1024);
    let id = "ru-Latn-t-ru-m0-bgn";
    let parallel = icu::transliterate(id, &text, false).unwrap_or_default();
    let sequential: String = text
        .split_inclusive(' ')
        .map(|w| icu::transliterate_whole(id, w).unwrap_or_default())
        .collect();
    assert_eq!(parallel, sequential);
    assert!(
        parallel.starts_with("Sʺyeshʹ0 zhe1 yeshchë2"),
        "{}",
        &parallel[..40]
    );
}
