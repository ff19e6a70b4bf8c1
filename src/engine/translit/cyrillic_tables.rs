//! The Latin ↔ Cyrillic letter tables of the BGN/PCGN romanizations that
//! CLDR (and so ICU4X and `uconv`) implement, one per language, read back by
//! [`super::cyrillic`].
//!
//! Each token is `latin=CYR` or `latin=CYR/CYR2`: after a consonant the
//! Latin reads as CYR, elsewhere (word start, after a vowel or a sign) as CYR2;
//! after the separator `·` the other way round. So Russian "e" is е after a
//! consonant and э at a word start ("Eto"), and "m·er" is мэр; "y" is ы after a
//! consonant and й after a vowel ("moy"), and "a·y" is аы. Lower case only.

/// `(language of the scope, its table)`.
pub(crate) const TABLES: &[(&str, &str)] = &[
    ("ru", RU),
    ("uk", UK),
    ("be", BE),
    ("bg", BG),
    ("mk", MK),
    ("sr", SR),
    ("kk", KK),
    ("ky", KY),
    ("mn", MN),
];

const RU: &str = "a=а b=б v=в g=г d=д ye=е e=е/э yë=ё ë=ё zh=ж z=з i=и y=ы/й k=к l=л m=м n=н \
    o=о p=п r=р s=с t=т u=у f=ф kh=х ts=ц ch=ч sh=ш shch=щ ʺ=ъ ʹ=ь yu=ю ya=я";

const UK: &str = "a=а b=б v=в h=г g=ґ d=д e=е ye=є zh=ж z=з y=и/й i=і yi=ї k=к l=л m=м n=н \
    o=о p=п r=р s=с t=т u=у f=ф kh=х ts=ц ch=ч sh=ш shch=щ ʹ=ь yu=ю ya=я";

const BE: &str = "a=а b=б v=в h=г d=д ye=е yo=ё zh=ж z=з i=і y=ы/й k=к l=л m=м n=н o=о p=п \
    r=р s=с t=т u=у w=ў f=ф kh=х ts=ц ch=ч sh=ш ʹ=ь e=э yu=ю ya=я";

const BG: &str = "a=а b=б v=в g=г d=д e=е zh=ж z=з i=и ĭ=й k=к l=л m=м n=н o=о p=п r=р s=с \
    t=т u=у f=ф kh=х ts=ц ch=ч sh=ш sht=щ ŭ=ъ ’=ь yu=ю ya=я";

const MK: &str = "a=а b=б v=в g=г d=д ǵ=ѓ e=е ž=ж z=з dz=ѕ i=и j=ј k=к l=л lj=љ m=м n=н \
    nj=њ o=о p=п r=р s=с t=т ḱ=ќ u=у f=ф h=х c=ц č=ч dž=џ š=ш";

/// Serbian: BGN/PCGN is Gaj's Latin alphabet, so this also reads ordinary
/// Serbian Latin text (sr-Latn → Cyrl).
const SR: &str = "a=а b=б v=в g=г d=д đ=ђ e=е ž=ж z=з i=и j=ј k=к l=л lj=љ m=м n=н nj=њ \
    o=о p=п r=р s=с t=т ć=ћ u=у f=ф h=х c=ц č=ч dž=џ š=ш";

const KK: &str = "a=а ä=ә b=б v=в g=г gh=ғ d=д e=е ë=ё zh=ж z=з ī=и ī̆=й k=к q=қ l=л m=м \
    n=н ng=ң o=о ö=ө p=п r=р s=с t=т ū=у u=ұ ü=ү f=ф kh=х h=һ ts=ц ch=ч sh=ш shch=щ ʺ=ъ \
    y=ы i=і ʹ=ь ė=э yu=ю ya=я";

/// Kyrgyz BGN/PCGN writes е and э both "e": э is read at a word start and
/// after a vowel, е after a consonant.
const KY: &str = "a=а b=б v=в g=г d=д e=е/э ë=ё j=ж z=з i=и ĭ=й k=к l=л m=м n=н ng=ң o=о \
    ö=ө p=п r=р s=с t=т u=у ü=ү f=ф kh=х ts=ц ch=ч sh=ш shch=щ ʺ=ъ y=ы ʹ=ь yu=ю ya=я";

/// Mongolian BGN/PCGN writes е "ye" or "yö" by vowel harmony.
const MN: &str = "a=а b=б v=в g=г d=д ye=е yö=е yo=ё j=ж dz=з i=и y=й k=к l=л m=м n=н o=о \
    ö=ө p=п r=р s=с t=т u=у ü=ү f=ф h=х ts=ц ch=ч sh=ш shch=щ ʹ=ъ ï=ы ĭ=ь e=э yu=ю ya=я";
