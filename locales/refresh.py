"""Refresh the catalogs from the code: `python -m locales.refresh`.

It runs Babel's own command line twice: `pybabel extract` writes the template
`locales/catalogs/cardroom.pot` from every call to `t` (message: 2nd argument), `tn` (singular and plural:
2nd and 3rd) and discord's `locale_str` (slash command names and descriptions), and `pybabel update`
merges the template into each language's .po, adding new messages untranslated (the catalog tests fail
until they are translated) and marking changed ones fuzzy. The .po files are the sources; nothing is
compiled to disk.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

from . import CATALOGS, DOMAIN, TRANSLATED

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = CATALOGS / f"{DOMAIN}.pot"
# What the extractor reads: the code that writes messages (never .venv or tests).
SOURCES = ("bot", "cogs", "rendering", "terminal", "locales")
KEYWORDS = ("t:2", "tn:2,3", "locale_str:1")


def extract_args() -> list[str]:
    keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    return [
        "pybabel", "extract", "--no-default-keywords", *keywords, "--sort-by-file", "--no-wrap",
        "--project=Cardroom", "--copyright-holder=Cardroom", "-F", "babel.cfg",
        "-o", str(TEMPLATE.relative_to(ROOT)), *SOURCES,
    ]  # fmt: skip


def update_args(lang: str) -> list[str]:
    template, catalogs = str(TEMPLATE.relative_to(ROOT)), str(CATALOGS.relative_to(ROOT))
    return [
        "pybabel", "update", "--no-wrap", "--init-missing", "--ignore-obsolete",
        "-D", DOMAIN, "-i", template, "-d", catalogs, "-l", lang,
    ]  # fmt: skip


def main() -> int:
    os.chdir(ROOT)  # the template names files relative to the repository, never by a machine's path
    cli = CommandLineInterface()
    cli.run(extract_args())
    for lang in TRANSLATED:
        cli.run(update_args(lang))
    return 0


if __name__ == "__main__":
    sys.exit(main())
