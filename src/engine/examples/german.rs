//! The forms a German word takes in running text, so that `Haus` finds "Häuser" and
//! "Hauses", `spielen` finds "spielte" and "gespielt", and `gehen` finds "ging".
//!
//! A conservative matcher: it prefers missing an example to finding a wrong one, and
//! it only ever adds forms, which are then required as whole words next to the
//! English term. All words are lowercase; nothing depends on the term's capitals
//! (dictionary/examples gets normalized, lowercased terms).
//! - Nouns and adjectives: the endings -e, -en, -er, -es, -em, -ern (`klein` →
//!   "kleinen", `Kind` → "Kindern"); after a final -e only -n, -r, -s, -m (`Katze` →
//!   "Katzen"); -n after -el/-er and -s after -el/-er/-en (`Lehrer` → "Lehrern",
//!   "Lehrers"); -s also after a single final vowel (`Auto` → "Autos") and after a
//!   consonant in words of four letters or more (`Abend` → "Abends"), never after a
//!   diphthong, a sibilant or in shorter words (`Hau` gives neither "Haus" nor
//!   "Hauses"; `Kur` not "Kurs"); -nen after -in (`Lehrerin` → "Lehrerinnen") and
//!   -se/-ses/-sen after -nis (`Ergebnis` → "Ergebnisse").
//! - Umlaut plurals: the vowel of the last stressed syllable, when it is an a, o, u or
//!   au followed by a consonant, umlauted, with -e, -en, -er or -ern, or with no
//!   ending after -el/-er/-en (`Haus` → "Häuser", `Mann` → "Männer", `Hand` →
//!   "Hände", `Vater` → "Väter", `Apfel` → "Äpfel").
//! - Verbs, for words of five letters or more ending in -en (stem without -en) or in
//!   -eln/-ern (stem without -n): stem + -e, -st, -t, -est, -et, -te, -test, -ten,
//!   -tet, -ete, -etest, -eten, -etet, and the participles ge + stem + -t/-et and
//!   ge + infinitive (`spielen` → "gespielt", `fahren` → "gefahren"); no ge- after an
//!   inseparable prefix (be-, emp-, ent-, er-, ge-, miss-, ver-, zer-) or for -ieren.
//! - Strong and irregular verbs: a table of 76 common ones with all their
//!   forms, which replace the rules (`gehen` → "ging", "gegangen", not "gehte");
//!   a verb made of an inseparable prefix and a verb of the table gets that verb's
//!   forms too (`verstehen` → "verstand", "verstanden"; `bekommen` → "bekam").
//!
//! Not matched: separable verbs apart ("macht … auf") or with ge- inside
//! ("aufgemacht"), the e dropped from -el/-er (`dunkel` → "dunkle", `sammeln` →
//! "sammle"), comparatives and superlatives, and the forms of articles and pronouns,
//! which, like prepositions and other function words, match only themselves (`die`
//! must not find "dies", `seit` not "Seite"). `sein` and `ihr` are also left as they
//! are: each is two words (be/his, you/her), and the forms of one would be examples of
//! the other. Words of one or two letters are not inflected.

use std::sync::LazyLock;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// Verbs of the strong and mixed conjugations, and the modals: lemma, then its other
/// forms; after `|` the past participles.
const STRONG: &str = "\
haben habe hast hat habt hatte hattest hatten hattet | gehabt
werden werde wirst wird werdet wurde wurdest wurden wurdet | geworden worden
gehen gehe gehst geht ging gingst gingen gingt | gegangen
kommen komme kommst kommt kam kamst kamen kamt | gekommen
sehen sehe siehst sieht seht sah sahst sahen saht | gesehen
geben gebe gibst gibt gebt gab gabst gaben gabt | gegeben
nehmen nehme nimmst nimmt nehmt nahm nahmst nahmen nahmt | genommen
fahren fahre fährst fährt fahrt fuhr fuhrst fuhren fuhrt | gefahren
essen esse isst esst aß aßt aßen | gegessen
trinken trinke trinkst trinkt trank trankst tranken trankt | getrunken
lesen lese liest lest las last lasen | gelesen
sprechen spreche sprichst spricht sprecht sprach sprachst sprachen spracht | gesprochen
finden finde findest findet fand fandest fanden fandet | gefunden
stehen stehe stehst steht stand standest standen standet | gestanden
bleiben bleibe bleibst bleibt blieb bliebst blieben bliebt | geblieben
schreiben schreibe schreibst schreibt schrieb schriebst schrieben schriebt | geschrieben
wissen weiß weißt wisst wusste wusstest wussten wusstet | gewusst
denken denke denkst denkt dachte dachtest dachten dachtet | gedacht
bringen bringe bringst bringt brachte brachtest brachten brachtet | gebracht
kennen kenne kennst kennt kannte kanntest kannten kanntet | gekannt
nennen nenne nennst nennt nannte nanntest nannten nanntet | genannt
rennen renne rennst rennt rannte ranntest rannten ranntet | gerannt
können kann kannst könnt konnte konntest konnten konntet | gekonnt
müssen muss musst müsst musste musstest mussten musstet | gemusst
wollen will willst wollt wollte wolltest wollten wolltet | gewollt
sollen soll sollst sollt sollte solltest sollten solltet | gesollt
dürfen darf darfst dürft durfte durftest durften durftet | gedurft
mögen mag magst mögt mochte mochtest mochten mochtet möchte möchtest möchten möchtet | gemocht
lassen lasse lässt lasst ließ ließest ließen ließt | gelassen
laufen laufe läufst läuft lauft lief liefst liefen lieft | gelaufen
schlafen schlafe schläfst schläft schlaft schlief schliefst schliefen schlieft | geschlafen
halten halte hältst hält haltet hielt hieltst hielten hieltet | gehalten
fallen falle fällst fällt fallt fiel fielst fielen fielt | gefallen
helfen helfe hilfst hilft helft half halfst halfen halft | geholfen
treffen treffe triffst trifft trefft traf trafst trafen traft | getroffen
vergessen vergesse vergisst vergesst vergaß vergaßt vergaßen | vergessen
beginnen beginne beginnst beginnt begann begannst begannen begannt | begonnen
gewinnen gewinne gewinnst gewinnt gewann gewannst gewannen gewannt | gewonnen
verlieren verliere verlierst verliert verlor verlorst verloren verlort | verloren
sitzen sitze sitzt saß saßt saßen | gesessen
liegen liege liegst liegt lag lagst lagen lagt | gelegen
tun tue tust tut tat tatest taten tatet | getan
ziehen ziehe ziehst zieht zog zogst zogen zogt | gezogen
rufen rufe rufst ruft rief riefst riefen rieft | gerufen
heißen heiße heißt hieß hießt hießen | geheißen
tragen trage trägst trägt tragt trug trugst trugen trugt | getragen
schlagen schlage schlägst schlägt schlagt schlug schlugst schlugen schlugt | geschlagen
fliegen fliege fliegst fliegt flog flogst flogen flogt | geflogen
schwimmen schwimme schwimmst schwimmt schwamm schwammst schwammen schwammt | geschwommen
singen singe singst singt sang sangst sangen sangt | gesungen
springen springe springst springt sprang sprangst sprangen sprangt | gesprungen
sterben sterbe stirbst stirbt sterbt starb starbst starben starbt | gestorben
werfen werfe wirfst wirft werft warf warfst warfen warft | geworfen
steigen steige steigst steigt stieg stiegst stiegen stiegt | gestiegen
schließen schließe schließt schloss schlossest schlossen schlosst | geschlossen
bitten bitte bittest bittet bat batest baten batet | gebeten
stehlen stehle stiehlst stiehlt stehlt stahl stahlst stahlen stahlt | gestohlen
waschen wasche wäschst wäscht wascht wusch wuschst wuschen wuscht | gewaschen
wachsen wachse wächst wachst wuchs wuchsest wuchsen | gewachsen
fangen fange fängst fängt fangt fing fingst fingen fingt | gefangen
schneiden schneide schneidest schneidet schnitt schnittst schnitten schnittet | geschnitten
greifen greife greifst greift griff griffst griffen grifft | gegriffen
leiden leide leidest leidet litt littest litten littet | gelitten
scheinen scheine scheinst scheint schien schienst schienen schient | geschienen
schweigen schweige schweigst schweigt schwieg schwiegst schwiegen schwiegt | geschwiegen
treiben treibe treibst treibt trieb triebst trieben triebt | getrieben
bieten biete bietest bietet bot botest boten botet | geboten
binden binde bindest bindet band bandest banden bandet | gebunden
brechen breche brichst bricht brecht brach brachst brachen bracht | gebrochen
empfehlen empfehle empfiehlst empfiehlt empfehlt empfahl empfahlst empfahlen empfahlt | empfohlen
geschehen geschieht geschah geschahen | geschehen
raten rate rätst rät ratet riet rietst rieten rietet | geraten
laden lade lädst lädt ladet lud ludst luden ludet | geladen
fliehen fliehe fliehst flieht floh flohst flohen floht | geflohen
frieren friere frierst friert fror frorst froren frort | gefroren
hängen hänge hängst hängt hing hingst hingen hingt | gehangen gehängt
";

/// Function words that match only themselves (see the module docs).
const UNINFLECTED: &str = "\
der die das den dem des dies diese dieser dieses diesem diesen \
ich du er sie es wir ihr mich dich sich uns euch mir dir ihm ihn ihnen man sein \
an auf aus bei bis durch für gegen hinter in mit nach neben ohne seit über um unter \
von vor während wegen zu zwischen \
und oder aber denn dass weil wenn als wie ob sondern \
nicht auch noch schon nur sehr hier dort da so ja nein doch mal dann jetzt immer nie \
oft heute gestern wieder bald gern gerne etwas nichts";

/// Prefixes after which a verb takes no ge- in its participle.
const INSEPARABLE: [&str; 8] = ["be", "emp", "ent", "er", "ge", "miss", "ver", "zer"];

const DECLENSION: [&str; 6] = ["e", "en", "er", "es", "em", "ern"];
const UMLAUT_ENDINGS: [&str; 4] = ["e", "en", "er", "ern"];
const PRESENT: [&str; 5] = ["e", "st", "t", "est", "et"];
const PAST: [&str; 8] = ["te", "test", "ten", "tet", "ete", "etest", "eten", "etet"];

/// A verb of [`STRONG`]: its finite forms and its participles.
struct Strong {
    forms: Vec<&'static str>,
    participles: Vec<&'static str>,
}

fn strong() -> &'static HashMap<&'static str, Strong> {
    static TABLE: LazyLock<HashMap<&'static str, Strong>> = LazyLock::new(|| {
        STRONG
            .lines()
            .filter_map(|line| {
                let (finite, participles) = line.split_once('|')?;
                let mut words = finite.split_whitespace();
                let lemma = words.next()?;
                let verb = Strong {
                    forms: words.collect(),
                    participles: participles.split_whitespace().collect(),
                };
                Some((lemma, verb))
            })
            .collect()
    });
    &TABLE
}

fn uninflected() -> &'static HashSet<&'static str> {
    static SET: LazyLock<HashSet<&'static str>> = LazyLock::new(|| UNINFLECTED.split_whitespace().collect());
    &SET
}

/// All the lowercase forms of the lowercase word `word`, `word` itself first.
pub(super) fn forms(word: &str) -> Vec<String> {
    let mut out = vec![word.to_owned()];
    if let Some(verb) = strong().get(word) {
        out.extend(
            verb.forms
                .iter()
                .chain(&verb.participles)
                .map(|f| (*f).to_owned()),
        );
        return out;
    }
    let letters = word.chars().count();
    if letters <= 2
        || uninflected().contains(word)
        || !word.chars().all(|c| c.is_alphabetic() && !c.is_uppercase())
    {
        return out;
    }
    declension(word, letters, &mut out);
    umlaut_plurals(word, &mut out);
    if letters >= 5 {
        conjugation(word, &mut out);
    }
    prefixed_strong(word, &mut out);
    out.sort_unstable();
    out.dedup();
    // `word` first again.
    if let Some(i) = out.iter().position(|f| f == word) {
        out[..=i].rotate_right(1);
    }
    out
}

fn is_vowel(c: char) -> bool {
    matches!(c, 'a' | 'e' | 'i' | 'o' | 'u' | 'y' | 'ä' | 'ö' | 'ü')
}

/// Ends in -el, -er or -en (an unstressed last syllable).
fn unstressed(word: &str) -> bool {
    ["el", "er", "en"].iter().any(|e| word.ends_with(e))
}

/// -e, -en, -er, -es, -em, -ern; -n and -s where German puts them (module docs).
fn declension(word: &str, letters: usize, out: &mut Vec<String>) {
    let suffixes: &[&str] = if word.ends_with('e') {
        &["n", "r", "s", "m"]
    } else {
        &DECLENSION
    };
    out.extend(suffixes.iter().map(|s| format!("{word}{s}")));
    let mut chars = word.chars().rev();
    let (Some(last), Some(before)) = (chars.next(), chars.next()) else {
        return;
    };
    if unstressed(word) && letters >= 4 {
        if !word.ends_with("en") {
            out.push(format!("{word}n"));
        }
        out.push(format!("{word}s"));
    }
    // Genitive and plural -s: `Autos`, `Vaters`; not `Hau` → "Haus", `Kur` → "Kurs".
    let single_vowel = is_vowel(last) && last != 'e' && !is_vowel(before);
    let sibilant = matches!(last, 's' | 'ß' | 'x' | 'z') || word.ends_with("sch");
    if single_vowel || (!is_vowel(last) && !sibilant && letters >= 4) {
        out.push(format!("{word}s"));
    }
    if word.ends_with("in") && letters >= 6 {
        out.push(format!("{word}nen"));
    }
    if word.ends_with("nis") {
        out.extend(["se", "ses", "sen"].iter().map(|s| format!("{word}{s}")));
    }
}

/// The word with the vowel of its last stressed syllable umlauted, if that is an a, o,
/// u or au followed by a consonant (not eu or äu): `Haus` → "Häus", `Vater` → "Väter"
/// (the -el/-er/-en ending is not that syllable); none for `Hau`, `Katze`, `arbeiten`.
fn umlauted(word: &str) -> Option<String> {
    let stem = ["el", "er", "en"]
        .iter()
        .find_map(|e| word.strip_suffix(e))
        .unwrap_or(word);
    let chars: Vec<char> = stem.chars().collect();
    let i = chars.iter().rposition(|&c| is_vowel(c))?;
    if i + 1 == chars.len() {
        return None;
    }
    let mut out: Vec<char> = word.chars().collect();
    match (chars[i], i.checked_sub(1).map(|j| chars[j])) {
        ('u', Some('a')) => out[i - 1] = 'ä',
        ('u', Some('e' | 'ä')) => return None,
        ('a', _) => out[i] = 'ä',
        ('o', _) => out[i] = 'ö',
        ('u', _) => out[i] = 'ü',
        _ => return None,
    }
    Some(out.into_iter().collect())
}

fn umlaut_plurals(word: &str, out: &mut Vec<String>) {
    let Some(stem) = umlauted(word) else {
        return;
    };
    out.extend(UMLAUT_ENDINGS.iter().map(|s| format!("{stem}{s}")));
    if unstressed(word) {
        out.push(stem);
    }
}

fn inseparable(word: &str) -> bool {
    INSEPARABLE.iter().any(|p| word.starts_with(p))
}

/// The regular (weak) conjugation of an infinitive in -en, -eln or -ern.
fn conjugation(word: &str, out: &mut Vec<String>) {
    let stem = if word.ends_with("eln") || word.ends_with("ern") {
        &word[..word.len() - 1]
    } else if let Some(stem) = word.strip_suffix("en") {
        stem
    } else {
        return;
    };
    out.extend(PRESENT.iter().chain(&PAST).map(|s| format!("{stem}{s}")));
    if !inseparable(word) && !word.ends_with("ieren") {
        out.extend([format!("ge{stem}t"), format!("ge{stem}et"), format!("ge{word}")]);
    }
}

/// The forms of a table verb after an inseparable prefix: `verstehen` → "verstand".
fn prefixed_strong(word: &str, out: &mut Vec<String>) {
    for prefix in INSEPARABLE {
        let Some(verb) = word.strip_prefix(prefix).and_then(|rest| strong().get(rest)) else {
            continue;
        };
        out.extend(verb.forms.iter().map(|f| format!("{prefix}{f}")));
        let participles = verb.participles.iter().filter_map(|p| p.strip_prefix("ge"));
        out.extend(participles.map(|p| format!("{prefix}{p}")));
    }
}
