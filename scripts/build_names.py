#!/usr/bin/env python3
"""X -> English dictionaries of names from the Unicode CLDR: countries and
territories, languages, months and weekdays, which the bilingual dictionaries
list poorly (`भारत` India, `हिंदी` Hindi, `Σεπτεμβρίου` September, `сентября`).

Run by scripts/build_assets.sh in the wordfreq venv, with PyPI `babel==2.16.0`
(CLDR 45; the data is under the Unicode License v3, assets/dict/LICENSE-UNICODE).
Not needed at run time: the output is committed.

Only languages whose X -> English direction has a dictionary of its own get one:
a name list beside it adds headwords, while for the directions served by an
inverted dictionary (bg, nb, id) a direct one would replace the inversion.

Months and weekdays come in their format and stand-alone forms (the Greek and
Slavic format forms are genitives: `Σεπτεμβρίου`, `сентября`), names as CLDR
writes them; the index keys are the lower-cased names.

The same names go the other way, English -> X, for the languages whose English -> X
direction has a dictionary of its own (`Croatia` -> hi `क्रोएशिया`, which the FreeDict
data lacks); a list beside an inverted one would replace the inversion.

Output: assets/dict/dictd/cldr-<X>-en and cldr-en-<X>.{index.gz,dict.dz}, their rows of
assets/dict/manifest.tsv (after every other row).
"""

import sys
from collections import defaultdict
from pathlib import Path

from babel import Locale, __version__

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_dicts import set_manifest_rows, write_one_sense  # noqa: E402

# Our codes -> babel's, for the languages with an X -> en dictionary of their own.
LANGS = {"de": "de", "fr": "fr", "es": "es", "it": "it", "pt": "pt", "ru": "ru", "nl": "nl",
         "sv": "sv", "tr": "tr", "ar": "ar", "hi": "hi", "cs": "cs", "el": "el", "fi": "fi",
         "pl": "pl", "ja": "ja", "zh-Hans": "zh_Hans"}
# The languages whose English -> X direction has a dictionary of its own (the others,
# el, pl and zh-Hans, get their names from inverting the X -> English list above);
# bg, id and nb are inverted in turn, for their direction into English.
FROM_EN = {"de": "de", "fr": "fr", "es": "es", "it": "it", "pt": "pt", "ru": "ru", "nl": "nl",
           "sv": "sv", "tr": "tr", "ar": "ar", "hi": "hi", "cs": "cs", "fi": "fi", "ja": "ja",
           "bg": "bg", "id": "id", "nb": "nb"}
EN_INFO = ("Names of countries, languages, months and weekdays, English to {name}, from the "
           "Unicode CLDR (babel {version}); Unicode License v3")
INFO = ("Names of countries, languages, months and weekdays, {name} to English, from the "
        "Unicode CLDR (babel {version}); Unicode License v3")


def names(loc, en, contexts=("format", "stand-alone")):
    """(name in the language, English name) pairs; months and weekdays in the
    order of `contexts` (a nominative first for English -> X)."""
    out = []
    for code, name in loc.territories.items():
        # Countries and territories, not the numeric regions (001 World, 150 Europe).
        if code.isalpha() and code in en.territories and "-alt-" not in code:
            out.append((name, en.territories[code]))
    for code, name in loc.languages.items():
        # The languages with a two-letter code: the ones a text is commonly in.
        if len(code) == 2 and code in en.languages:
            out.append((name, en.languages[code]))
    for kind in ("months", "days"):
        ours, english = getattr(loc, kind), getattr(en, kind)
        for context in contexts:
            for key, name in ours[context]["wide"].items():
                out.append((name, english["format"]["wide"][key]))
    return out


def main():
    en = Locale.parse("en")
    rows = []
    for ours, code in LANGS.items():
        loc = Locale.parse(code)
        by_name = defaultdict(list)
        for name, english in names(loc, en):
            name = name.strip()
            if name and english not in by_name[name]:
                by_name[name].append(english)
        stem = f"cldr-{ours.replace('-', '_')}-en"
        info = INFO.format(name=en.languages.get(code.split("_")[0], ours), version=__version__)
        write_one_sense(stem, info, [(name, "n", ts, name.lower()) for name, ts in sorted(by_name.items())])
        rows.append(f"{stem}\t{ours}\ten\tUnicode CLDR (babel {__version__}), Unicode-3.0\n")
        print(f"{stem}: {len(by_name)} names", file=sys.stderr)
    for ours, code in FROM_EN.items():
        loc = Locale.parse(code)
        by_name = defaultdict(list)
        for name, english in names(loc, en, ("stand-alone", "format")):
            name = name.strip()
            if name and name not in by_name[english]:
                by_name[english].append(name)
        stem = f"cldr-en-{ours}"
        info = EN_INFO.format(name=en.languages.get(code, ours), version=__version__)
        write_one_sense(stem, info, [(e, "n", ts, e.lower()) for e, ts in sorted(by_name.items())])
        rows.append(f"{stem}\ten\t{ours}\tUnicode CLDR (babel {__version__}), Unicode-3.0\n")
        print(f"{stem}: {len(by_name)} names", file=sys.stderr)
    set_manifest_rows("cldr-", rows)


if __name__ == "__main__":
    main()
