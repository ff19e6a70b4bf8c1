//! The forms an English word takes in running text, so that the term `bank` finds
//! "banks" and "banking", `study` finds "studied" and `go` finds "went".
//!
//! Regular rules: `-s`/`-es`/`-ies` (and `-ves` for `-f`/`-fe`), `-ed`/`-d`/`-ied`,
//! `-ing` with the final `e` dropped, and the final consonant doubled after a short
//! vowel (both spellings are produced: `visit` gives "visited", and a harmless
//! "visitted"). Common irregular verbs and nouns come from a table and get no
//! regular forms (so `see` does not give "seed"). Words of one or two letters
//! outside the table are not inflected (`a` must not find "as").
//! A form that is really another word can only add an example whose Chinese side
//! also holds the requested translation, which keeps such strays rare.

use std::sync::LazyLock;

use rustc_hash::FxHashMap as HashMap;

/// Lemma followed by its other forms, one entry per line.
const IRREGULAR: &str = "\
be am is are was were been being
have has had having
do does did done doing
go goes went gone going
say says said saying
make makes made making
take takes took taken taking
come comes came coming
see sees saw seen seeing
know knows knew known knowing
get gets got gotten getting
give gives gave given giving
find finds found finding
think thinks thought thinking
tell tells told telling
become becomes became becoming
leave leaves left leaving
feel feels felt feeling
bring brings brought bringing
begin begins began begun beginning
keep keeps kept keeping
hold holds held holding
write writes wrote written writing
stand stands stood standing
hear hears heard hearing
let lets letting
mean means meant meaning
set sets setting
meet meets met meeting
run runs ran running
pay pays paid paying
sit sits sat sitting
speak speaks spoke spoken speaking
lie lies lay lain lying lied
lay lays laid laying
lead leads led leading
read reads reading
grow grows grew grown growing
lose loses lost losing
fall falls fell fallen falling
send sends sent sending
build builds built building
understand understands understood understanding
draw draws drew drawn drawing
break breaks broke broken breaking
spend spends spent spending
cut cuts cutting
rise rises rose risen rising
drive drives drove driven driving
buy buys bought buying
sell sells sold selling
wear wears wore worn wearing
choose chooses chose chosen choosing
eat eats ate eaten eating
drink drinks drank drunk drinking
sleep sleeps slept sleeping
teach teaches taught teaching
catch catches caught catching
fly flies flew flown flying
swim swims swam swum swimming
sing sings sang sung singing
forget forgets forgot forgotten forgetting
win wins won winning
put puts putting
hit hits hitting
hurt hurts hurting
cost costs costing
shut shuts shutting
fight fights fought fighting
throw throws threw thrown throwing
wake wakes woke woken waking
ride rides rode ridden riding
hide hides hid hidden hiding
shake shakes shook shaken shaking
steal steals stole stolen stealing
freeze freezes froze frozen freezing
forgive forgives forgave forgiven forgiving
feed feeds fed feeding
hang hangs hung hanging
light lights lit lighted lighting
ring rings rang rung ringing
seek seeks sought seeking
shine shines shone shining
shoot shoots shot shooting
sink sinks sank sunk sinking
slide slides slid sliding
spread spreads spreading
strike strikes struck striking
sweep sweeps swept sweeping
swing swings swung swinging
tear tears tore torn tearing
bite bites bit bitten biting
blow blows blew blown blowing
dig digs dug digging
bend bends bent bending
bet bets betting
bind binds bound binding
deal deals dealt dealing
dream dreams dreamt dreamed dreaming
learn learns learnt learned learning
burn burns burnt burned burning
smell smells smelt smelled smelling
spell spells spelt spelled spelling
can could
will would
shall should
may might
must
man men
woman women
child children
person people persons
foot feet
tooth teeth
mouse mice
goose geese
sheep
fish fishes
life lives
wife wives
knife knives
leaf leaves
half halves
";

fn irregular() -> &'static HashMap<&'static str, Vec<&'static str>> {
    static TABLE: LazyLock<HashMap<&'static str, Vec<&'static str>>> = LazyLock::new(|| {
        IRREGULAR
            .lines()
            .filter_map(|line| {
                let mut words = line.split_whitespace();
                Some((words.next()?, words.collect()))
            })
            .collect()
    });
    &TABLE
}

fn is_vowel(c: u8) -> bool {
    matches!(c, b'a' | b'e' | b'i' | b'o' | b'u')
}

/// All the lowercase forms of the lowercase word `word`, `word` itself first.
pub(super) fn forms(word: &str) -> Vec<String> {
    let mut out = vec![word.to_owned()];
    if let Some(listed) = irregular().get(word) {
        out.extend(listed.iter().map(|f| (*f).to_owned()));
        return out;
    }
    let b = word.as_bytes();
    if b.len() <= 2 || !b.iter().all(u8::is_ascii_lowercase) {
        return out;
    }
    let n = b.len();
    let last = b[n - 1];
    let before = b[n - 2];
    let stem_y = &word[..n - 1];
    let consonant_y = last == b'y' && !is_vowel(before);

    // -s
    if word.ends_with(['s', 'x', 'z']) || word.ends_with("ch") || word.ends_with("sh") {
        out.push(format!("{word}es"));
    } else if consonant_y {
        out.push(format!("{stem_y}ies"));
    } else {
        out.push(format!("{word}s"));
        if last == b'o' {
            out.push(format!("{word}es"));
        } else if last == b'f' {
            out.push(format!("{stem_y}ves"));
        } else if word.ends_with("fe") {
            out.push(format!("{}ves", &word[..n - 2]));
        }
    }
    // -ed and -ing
    if last == b'e' {
        out.push(format!("{word}d"));
        if word.ends_with("ie") {
            out.push(format!("{}ying", &word[..n - 2]));
        } else if matches!(before, b'e' | b'o' | b'y') {
            out.push(format!("{word}ing"));
        } else {
            out.push(format!("{stem_y}ing"));
        }
    } else {
        if consonant_y {
            out.push(format!("{stem_y}ied"));
        } else {
            out.push(format!("{word}ed"));
        }
        out.push(format!("{word}ing"));
        let cvc =
            !is_vowel(last) && !matches!(last, b'w' | b'x' | b'y') && is_vowel(before) && !is_vowel(b[n - 3]);
        if cvc {
            let doubled = last as char;
            out.push(format!("{word}{doubled}ed"));
            out.push(format!("{word}{doubled}ing"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::forms;

    fn has(word: &str, form: &str) -> bool {
        forms(word).iter().any(|f| f == form)
    }

    #[test]
    fn regular_inflections() {
        for (word, form) in [
            ("bank", "banks"),
            ("bank", "banked"),
            ("bank", "banking"),
            ("watch", "watches"),
            ("study", "studies"),
            ("study", "studied"),
            ("play", "plays"),
            ("play", "played"),
            ("like", "liked"),
            ("like", "liking"),
            ("stop", "stopped"),
            ("stop", "stopping"),
            ("visit", "visited"),
            ("potato", "potatoes"),
            ("tie", "tying"),
            ("agree", "agreeing"),
        ] {
            assert!(has(word, form), "{word} -> {form}: {:?}", forms(word));
        }
    }

    #[test]
    fn irregular_and_short_words() {
        assert!(has("go", "went"));
        assert!(has("child", "children"));
        assert!(!has("see", "seed"));
        assert_eq!(forms("a"), vec!["a"]);
        assert_eq!(forms("it"), vec!["it"]);
        assert_eq!(forms("café"), vec!["café"]);
    }
}
