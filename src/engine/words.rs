//! Function-word evidence for short texts.
//!
//! whatlang's trigram profiles come from long, formal texts, so on short everyday
//! sentences it often errs ("How are you? I am fine." scores Portuguese above English).
//! This module adds the oldest trick in language identification: the share of a
//! text's words that are among the commonest words (articles, pronouns, auxiliaries,
//! greetings) of each language. The lists are small, hand-written, and cover the
//! languages of the scripts that whatlang has to split (Latin, Cyrillic, Arabic,
//! Devanagari, Hebrew); a word may belong to several languages.

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;
use whatlang::Lang;

use super::evidence::is_mark;

/// Space-separated lowercase common words per language.
const WORDS: &[(Lang, &str)] = &[
    (
        Lang::Eng,
        "the be to of and a in that have i it for not on with he as you do at this but his by from they we say her she or an will my one all would there their what so up out if about who get which go me when make can like no just him know into your good some could them see than then now only come its over think also back after how our well even want because any these give day most us is are was were am did does has had hello hi today thanks please yes where why fine name",
    ),
    (
        Lang::Fra,
        "le la les de des du un une et est en que qui dans pour pas sur au avec ce il elle je tu nous vous ils sont être avoir fait mais ou plus bonjour merci oui non comment très bien aujourd'hui c'est suis es allez",
    ),
    (
        Lang::Deu,
        "der die das und ist nicht ein eine zu den von mit sich des auf für im dem es ich du er sie wir ihr sind war haben auch als an wie geht hallo danke bitte ja nein heute gut guten morgen was wo warum ihnen",
    ),
    (
        Lang::Spa,
        "el la los las de que y en un una es por con no se su para al lo como más pero sus le ya o este sí porque esta hola gracias cómo estás estoy bien qué muy yo tú hoy me llamo",
    ),
    (
        Lang::Ita,
        "il lo la i gli le di che e è un una per non in con si da del della sono come ma anche questo ciao grazie sì bene io tu oggi buongiorno molto sei stai",
    ),
    (
        Lang::Por,
        "o a os as de que e é um uma para com não em do da no na por se mais mas como eu você ele ela obrigado olá sim bem hoje muito estou está são",
    ),
    (
        Lang::Nld,
        "de het een en van is dat in te op niet zijn met voor hij ik je we ze er maar ook als aan bij hoe wat goed dank hallo ja nee vandaag gaat heb",
    ),
    (
        Lang::Swe,
        "och att det i en är som på för med av den till har inte jag du vi de han hon var hej hur mår tack bra idag ja nej vad",
    ),
    (
        Lang::Dan,
        "og at det i en er som på for med af den til har ikke jeg du vi de han hun var hej hvordan tak godt ja nej hvad",
    ),
    (
        Lang::Nob,
        "og at det i en er som på for med av den til har ikke jeg du vi de han hun var hei hvordan takk godt ja nei hva",
    ),
    (
        Lang::Fin,
        "ja on ei se että hän oli olen en mitä kun mutta tämä minä sinä me te he kiitos hyvää päivää moi hei kuinka voit tänään kyllä mitä kuuluu",
    ),
    (
        Lang::Est,
        "ja on ei see et kas ma sa mina sina tere aitäh kuidas läheb täna jah ta me te nad mis kui ka oma või aga siis veel pole olla seda selle mida kus kuid nii ainult üle juba saab võib peab ning kõik olema ole oli olid sellel selles mille kuhu kuna enam ilma",
    ),
    (
        Lang::Pol,
        "i w nie na się z że to jest do jak co ale tak o po czy jestem dziękuję dzień dobry masz tu ja ty",
    ),
    (
        Lang::Ces,
        "a v se na je že to s z do jak ale jsem ne tak by o jsi děkuji dobrý den ahoj já ty",
    ),
    (
        Lang::Slk,
        "a v sa na je že to s z do ako ale som nie tak ďakujem dobrý deň ahoj ja ty",
    ),
    (
        Lang::Slv,
        "in je v se na da so za od ne kako sem si hvala dober dan živjo jaz ti",
    ),
    (
        Lang::Hrv,
        "i je u se na da su za od a ne što kako sam si dobar dan hvala bok ja ti",
    ),
    (
        Lang::Tur,
        "bir ve bu da de ne için çok ben sen o ile merhaba nasılsın teşekkür ederim evet hayır iyi ama gibi var",
    ),
    (
        Lang::Ind,
        "dan yang di ini itu dengan untuk tidak dari saya anda ada akan apa ke juga kami terima kasih selamat pagi bagaimana kabar",
    ),
    (
        Lang::Ron,
        "și în de la cu nu pe este sunt un o ce mai care să eu tu bună mulțumesc da faci",
    ),
    (
        Lang::Hun,
        "a az és hogy nem is egy ez van meg de én te szia köszönöm igen jó vagy",
    ),
    (
        Lang::Cat,
        "el la els les de que i a en un una és per amb no es com però hola gràcies bé molt avui",
    ),
    (
        Lang::Tgl,
        "ang ng mga sa at na ay si ako ikaw siya kami tayo hindi oo salamat po kumusta ka mabuhay magandang umaga",
    ),
    (
        Lang::Vie,
        "và là của có không một những được trong người cho tôi bạn xin chào cảm ơn này đã",
    ),
    (
        Lang::Afr,
        "die en van is in het nie ek jy dit wat 'n ons hulle goeie dankie hoe gaan om te kan word sal moet met vir op aan by uit as nog ook al was sy hy maar of dat",
    ),
    (
        Lang::Cym,
        "y yr a ac mae yn i o ar ei bod roedd helo diolch sut gyda ond neu nid dim hwn hon hyn wedi fel am gan eich chi fy ein eu sydd bydd oes",
    ),
    (
        Lang::Epo,
        "la de kaj en al por ne estas ĉu mi vi ni ili li ŝi ĝi tiu ĉi kiu kio aŭ sed kun el pri se povas havas estis estos oni tio jes dankon saluton kiel",
    ),
    (
        Lang::Rus,
        "и в не на что я с он как это по но они мы вы ты привет спасибо да нет меня зовут дела",
    ),
    (
        Lang::Ukr,
        "і в не на що я з він як це та але ти ми ви привіт дякую так ні мене звати справи",
    ),
    (
        Lang::Bul,
        "и в не на че аз с той как това по но те ние вие ти здравей благодаря да се съм",
    ),
    (Lang::Bel, "і ў не на што я з ён як гэта але ты мы вы дзякуй так"),
    (
        Lang::Mkd,
        "и во не на што јас со тој како ова но ти ние вие здраво благодарам да се сум",
    ),
    (
        Lang::Srp,
        "и у не на што ја са он како ово али ти ми ви здраво хвала да се сам",
    ),
    (
        Lang::Ara,
        "في من على إلى أن هذا هذه كان ما لا هو هي مع عن كيف حالك مرحبا شكرا نعم اسمي أنا أنت التي الذي كل قد",
    ),
    (
        Lang::Pes,
        "و در به از که این را با است برای آن یک خود تا شما من چطور سلام ممنون بله هست نیست خوبم هم",
    ),
    (
        Lang::Urd,
        "اور کے کی میں ہے کو سے کا نہیں یہ وہ ہیں آپ کیا شکریہ ہاں جی ہوں",
    ),
    (Lang::Hin, "है और के की में से को का हैं नहीं यह आप मैं क्या नमस्ते मेरा"),
    (Lang::Mar, "आहे आणि या हे ते मी तुम्ही नाही काय माझे"),
    (Lang::Nep, "छ र को मा पनि यो म तपाईं हो गर्न छैन मेरो"),
    (Lang::Heb, "של את על זה לא הוא היא אני אתה מה שלום תודה כן גם"),
    (Lang::Yid, "איז און דער די דאס ניט מיט פון איך ביסט וואס"),
];

/// Words longer than this many bytes cannot be function words: skipped without lookup.
const MAX_WORD_BYTES: usize = 24;
/// At most this many words of a text are looked at.
const MAX_WORDS: usize = 2_000;

fn table() -> &'static HashMap<&'static str, Vec<Lang>> {
    static TABLE: OnceLock<HashMap<&'static str, Vec<Lang>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut map: HashMap<&'static str, Vec<Lang>> = HashMap::default();
        for (lang, words) in WORDS {
            for word in words.split_whitespace() {
                let langs = map.entry(word).or_default();
                if !langs.contains(lang) {
                    langs.push(*lang);
                }
            }
        }
        map
    })
}

/// For each language with a word list, the share (0..1) of the words of `text`
/// that are among its common words. Empty when `text` has no words.
pub fn word_shares(text: &str) -> HashMap<Lang, f64> {
    let table = table();
    let mut hits: HashMap<Lang, usize> = HashMap::default();
    let mut total = 0usize;
    let mut word = String::new();
    let words = text
        .split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’' || is_mark(c)))
        .filter(|w| !w.is_empty())
        .take(MAX_WORDS);
    for raw in words {
        total += 1;
        if raw.len() > MAX_WORD_BYTES {
            continue;
        }
        word.clear();
        word.extend(
            raw.chars()
                .flat_map(char::to_lowercase)
                .map(|c| if c == '’' { '\'' } else { c }),
        );
        if let Some(langs) = table.get(word.as_str()) {
            for lang in langs {
                *hits.entry(*lang).or_default() += 1;
            }
        }
    }
    if total == 0 {
        return HashMap::default();
    }
    hits.into_iter()
        .map(|(lang, n)| (lang, n as f64 / total as f64))
        .collect()
}

/// The languages among whose common words `word` (lowercase) is.
pub fn languages_of(word: &str) -> &'static [Lang] {
    table().get(word).map_or(&[], Vec::as_slice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares() {
        let s = word_shares("How are you? I am fine.");
        assert!(s.get(&Lang::Eng).copied().unwrap_or(0.0) > 0.8);
        assert!(s.get(&Lang::Por).copied().unwrap_or(0.0) < 0.2);
        assert!(word_shares("").is_empty());
        assert!(word_shares("!!! 😀").is_empty());
        let hi = word_shares("मेरा नाम राम है");
        assert!(hi.get(&Lang::Hin).copied().unwrap_or(0.0) >= 0.5);
    }
}
