"""The project's documents define everything the code cites: rule ids, note ids and numbered sections.

Code and tests cite `docs/rules.md` by rule id (`TL-9`, `CA-7.3`, `D-SX-1`, `E-TL-4`, `GR-6`, and in
test names `test_sx10_...`, `test_d_sx3_...`), `docs/discord-notes.md` by note id (`C.6`, `notes D.1`,
`discord-notes §C.5`, `test_c8_...`), and any document by section: "design §3.5", "ai-notes §3.2.4",
"rules.md §2.4", "offline-discord.md §2.8". A bare "§N" belongs to the last document other than the
design that the same file named before it (design citations are always written out), else to
offline-discord.md inside fakediscord/ (and harness/offline.py, its harness) and to rules.md everywhere
else. A section "a.b.c" is defined by a heading "a.b.c", by a label "**a.b.c**", or by item c of a
numbered list under heading "a.b".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SCANNED = ("games", "tournaments", "rendering", "data", "bot", "cogs", "tests", "bench")
SUFFIXES = (".py", ".sql")
THIS_FILE = Path(__file__).resolve()

# Rule ids: TL-8, TL-8.8, CA-7.3, SX-10, GR-6, D-TL-1, D-GR-9, E-TL-4, D-TN-1 (tournaments). Not SHA-512,
# nor a card run A-2.
RULE_ID = re.compile(r"(?<![A-Za-z0-9-])((?:[DE]-)?(?:TL|CA|SX|GR|TN)-\d+(?:\.\d+)?)(?![\d])")
# Test names carry rule ids in lower case without the dash: test_sx10_..., test_d_sx3_..., test_e_tl1_...
TEST_RULE = re.compile(r"\bdef test_((?:[de]_)?)(tl|ca|sx|gr|tn)(\d+)_")
# Note ids of discord-notes.md: B.5, C.6, D.1, E.6, also written §C.5; in test names test_c8_, test_d1_.
NOTE_ID = re.compile(r"(?<![\w.])§?([B-E]\.\d+)(?![\w.]*\d)")
TEST_NOTE = re.compile(r"\bdef test_([b-e])(\d+)_")
# Sections: "§3.5", "§ 2", "§2.4.10"; the word before names the document.
SECTION = re.compile(r"§ ?(\d+(?:\.\d+)*)")
QUALIFIER = re.compile(r"(?i)\b(design|rules|ai-notes|offline-discord|discord-notes)(?:\.md)?\W{0,3}$")
DOCUMENT = {
    "design": "design.md",
    "rules": "rules.md",
    "ai-notes": "ai-notes.md",
    "offline-discord": "offline-discord.md",
    "discord-notes": "discord-notes.md",
}


@dataclass(frozen=True, slots=True)
class Citation:
    """One citation found in the code: its kind ("rule", "note" or "section"), document, name and place."""

    kind: str
    document: str
    name: str
    where: str


def scanned_files() -> list[Path]:
    """Every source file of the project's packages, tests and benchmarks, except this test."""
    files: list[Path] = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix in SUFFIXES and path.resolve() != THIS_FILE and "__pycache__" not in path.parts:
                files.append(path)
    return files


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def citations(text: str, where: str) -> Iterator[Citation]:
    """The citations in one file's text; `where` is its path relative to the repository."""
    for match in RULE_ID.finditer(text):
        yield Citation("rule", "rules.md", match.group(1), f"{where}:{_line(text, match.start())}")
    for match in TEST_RULE.finditer(text):
        prefix = match.group(1).upper().replace("_", "-")
        yield Citation(
            "rule",
            "rules.md",
            f"{prefix}{match.group(2).upper()}-{match.group(3)}",
            f"{where}:{_line(text, match.start())}",
        )
    for match in NOTE_ID.finditer(text):
        yield Citation("note", "discord-notes.md", match.group(1), f"{where}:{_line(text, match.start())}")
    for match in TEST_NOTE.finditer(text):
        name = f"{match.group(1).upper()}.{match.group(2)}"
        yield Citation("note", "discord-notes.md", name, f"{where}:{_line(text, match.start())}")
    default = "offline-discord.md" if where.startswith(("fakediscord/", "harness/offline.py")) else "rules.md"
    context = default
    for match in SECTION.finditer(text):
        before = text[max(0, match.start() - 40) : match.start()]
        qualifier = QUALIFIER.search(before.rstrip())
        if qualifier is not None:
            document = DOCUMENT[qualifier.group(1).lower()]
            if document != "design.md":
                context = document
        else:
            line_start = text.rfind("\n", 0, match.start()) + 1
            same_line = text[line_start : match.start()]
            # "design §3 steps 3 and 5, §5": a bare § after a design citation on the same line continues it.
            named = [
                DOCUMENT[q.lower()] for q in re.findall(r"(?i)\b(design|rules|ai-notes|offline-discord)\b", same_line)
            ]
            document = named[-1] if named and named[-1] == "design.md" and "§" in same_line else context
        yield Citation("section", document, match.group(1), f"{where}:{_line(text, match.start())}")


def code_citations() -> list[Citation]:
    found: list[Citation] = []
    for path in scanned_files():
        found.extend(citations(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()))
    return found


def defined_rule_ids(text: str) -> list[str]:
    """Rule ids a document defines: each bold label `**TL-8 ...**` or heading `### TL-8`."""
    return re.findall(r"(?m)(?:\*\*|^#+ )((?:[DE]-)?(?:TL|CA|SX|GR|TN)-\d+(?:\.\d+)?)\b", text)


def defined_notes(text: str) -> set[str]:
    """Note ids a document defines: headings `### C.6 ...` and labels `**B.5 ...`."""
    return set(re.findall(r"(?m)(?:^#+ |^\*\*)([B-E]\.\d+)\b", text))


def defined_sections(text: str) -> set[str]:
    """Section numbers a document defines: headings, `**a.b.c**` labels, numbered items under a heading."""
    sections: set[str] = set(re.findall(r"\*\*§?(\d+(?:\.\d+)+)\*\*", text))
    current: str | None = None
    for line in text.splitlines():
        heading = re.match(r"#+ (\d+(?:\.\d+)*)\.?\s", line)
        if heading is not None:
            current = heading.group(1)
            sections.add(current)
            continue
        if line.startswith("#"):
            current = None
            continue
        item = re.match(r"(\d+)\. ", line)
        if item is not None and current is not None:
            sections.add(f"{current}.{item.group(1)}")
    return sections


def _doc(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _undefined(kind: str, document: str, defined: set[str]) -> list[str]:
    """Citations of `kind` in `document` that `defined` lacks, as "name (file:line)"."""
    missing = [c for c in code_citations() if c.kind == kind and c.document == document and c.name not in defined]
    return sorted(f"{c.name} ({c.where})" for c in missing)


def test_every_cited_rule_id_is_defined_in_rules_md() -> None:
    """Every rule id the code or a test name cites has its own label in docs/rules.md."""
    missing = _undefined("rule", "rules.md", set(defined_rule_ids(_doc("rules.md"))))
    assert not missing, "rule ids cited but not defined in docs/rules.md:\n" + "\n".join(missing)


def test_every_cited_note_is_defined_in_discord_notes_md() -> None:
    """Every note id the code cites (C.6, notes D.1, test_c8_...) is defined in docs/discord-notes.md."""
    missing = _undefined("note", "discord-notes.md", defined_notes(_doc("discord-notes.md")))
    assert not missing, "notes cited but not defined in docs/discord-notes.md:\n" + "\n".join(missing)


def test_every_cited_section_is_defined_in_its_document() -> None:
    """Every "design §N", "ai-notes §N", "rules.md §N" and bare §N the code cites exists in that document."""
    missing: list[str] = []
    for document in DOCUMENT.values():
        missing += [
            f"{document} §{entry}" for entry in _undefined("section", document, defined_sections(_doc(document)))
        ]
    assert not missing, "sections cited but not defined:\n" + "\n".join(sorted(missing))


def test_gin_rummy_ids_are_all_defined() -> None:
    """docs/rules.md defines GR-1..GR-13 and D-GR-1..D-GR-9, which the Gin Rummy engine cites."""
    defined = set(defined_rule_ids(_doc("rules.md")))
    wanted = {f"GR-{n}" for n in range(1, 14)} | {f"D-GR-{n}" for n in range(1, 10)}
    assert not wanted - defined, f"missing: {sorted(wanted - defined)}"


def test_each_rule_id_is_defined_once() -> None:
    """No rule id has two labels in docs/rules.md, so a citation has one meaning."""
    labels = defined_rule_ids(_doc("rules.md"))
    twice = sorted({label for label in labels if labels.count(label) > 1})
    assert not twice, f"defined more than once: {twice}"


def test_the_scanner_reads_every_citation_form() -> None:
    """The extraction finds each form the code uses, so an undefined citation cannot slip past unread."""
    text = (
        '"""TL-1..TL-13, D-CA-1, E-TL-4 and CA-7.3; not SHA-512 or A-2-3 (design §3 steps 3 and 5, §5).\n'
        "Bare §3.3 is a rules section; ai-notes §3.2 then §3.2.4; discord-notes §C.5, notes D.1/E.6.\n"
        '"""\n'
        "def test_sx10_close() -> None: ...\n"
        "def test_d_sx3_auto() -> None: ...\n"
        "def test_c8_intents() -> None: ...\n"
    )
    found = {(c.document, c.name) for c in citations(text, "games/example.py")}
    assert found == {
        ("rules.md", "TL-1"),
        ("rules.md", "TL-13"),
        ("rules.md", "D-CA-1"),
        ("rules.md", "E-TL-4"),
        ("rules.md", "CA-7.3"),
        ("rules.md", "SX-10"),
        ("rules.md", "D-SX-3"),
        ("design.md", "3"),
        ("design.md", "5"),
        ("rules.md", "3.3"),
        ("ai-notes.md", "3.2"),
        ("ai-notes.md", "3.2.4"),
        ("discord-notes.md", "C.5"),
        ("discord-notes.md", "D.1"),
        ("discord-notes.md", "E.6"),
        ("discord-notes.md", "C.8"),
    }


def test_a_bare_section_in_the_offline_discord_belongs_to_its_notes() -> None:
    """Inside fakediscord/ a bare §2.8 names offline-discord.md, elsewhere rules.md."""
    fake = {(c.document, c.name) for c in citations("Route.BASE is global (§2.8).", "harness/offline.py")}
    other = {(c.document, c.name) for c in citations("scenario (§2.4.4).", "tests/games/carousel/test_rules.py")}
    assert fake == {("offline-discord.md", "2.8")}
    assert other == {("rules.md", "2.4.4")}


def test_an_undefined_section_is_reported() -> None:
    """A section that no heading, label or numbered item defines is missing from `defined_sections`."""
    text = "## 2. Engines\n\n### 2.4 Test scenarios\n\n1. one\n2. two\n\n**3.4.9** nine\n"
    sections = defined_sections(text)
    assert {"2", "2.4", "2.4.1", "2.4.2", "3.4.9"} <= sections
    assert "2.4.3" not in sections and "2.5" not in sections
