"""Bilingual text for the renderers: every image is drawn in English ("en") or French ("fr").

Views carry their own bilingual fields (`name_en`/`name_fr`, `summary` {en, fr}, log entries
{en, fr}...); `field` and `entry` pick the right one. Each renderer keeps its fixed labels in one
`Labels` table of (English, French) pairs, on top of the labels every game shares (`COMMON`).
"""

from __future__ import annotations

from typing import Any

LANGS = ("en", "fr")

# Labels several renderers draw.
COMMON: dict[str, tuple[str, str]] = {
    "recent_events": ("Recent events", "Événements récents"),
    "final_scores": ("Final scores", "Scores finaux"),
    "final_scoring": ("Final scoring", "Décompte final"),
    "player_n": ("Player {n}", "Joueur {n}"),
    "vp": ("VP", "PV"),
    "n_vp": ("{n} VP", "{n} PV"),
    "empty": ("empty", "vide"),
    "none": ("none", "aucun"),
    "total": ("total", "total"),
    "rank": ("Rank", "Rang"),
    "legend": ("Legend", "Légende"),
    "winner": ("Winner", "Vainqueur"),
    "by_category": ("Points by category", "Points par catégorie"),
    "who_why": ("{name}: {why}", "{name} : {why}"),
}


def lang_of(lang: str | None) -> str:
    """A supported language code: anything unknown falls back to English."""
    return lang if lang in LANGS else "en"


def field(d: dict[str, Any], key: str, lang: str, default: str = "") -> str:
    """`d[key_<lang>]`, falling back to the English field (e.g. field(card, "name", "fr"))."""
    value = d.get(f"{key}_{lang}") or d.get(f"{key}_en")
    return default if value is None else str(value)


def entry(d: dict[str, Any] | None, lang: str) -> str:
    """A {en, fr} dict (a summary, a log entry, a title) in `lang`."""
    if not d:
        return ""
    return str(d.get(lang) or d.get("en") or "")


class Labels:
    """A renderer's fixed labels: `T("round", lang, n=3)` formats the (en, fr) pair's `lang` side."""

    def __init__(self, table: dict[str, tuple[str, str]]) -> None:
        self.table = {**COMMON, **table}

    def __call__(self, key: str, lang: str, **fmt: Any) -> str:
        en, fr = self.table[key]
        text = fr if lang == "fr" else en
        return text.format(**fmt) if fmt else text

    def pick(self, lang: str) -> int:
        """0 for English, 1 for French: index into (en, fr) pairs."""
        return 1 if lang == "fr" else 0
