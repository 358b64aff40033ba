"""Words of the game in English and French, and counted nouns with correct plurals (French
keeps the singular for 0 and 1: « 1 carte choisie », « 0 bâtiment »)."""

from __future__ import annotations

RES_FR = {"wood": "bois", "stone": "pierre", "clay": "argile", "wheat": "blé"}
TYPE_FR = {"maritime": "maritime", "production": "production", "science": "science", "civil": "civil",
           "military": "militaire", "temple": "temple"}
TERRAIN_FR = {"field": "champ", "forest": "forêt", "swamp": "marais", "mountain": "montagne", "sea": "mer"}


def plural(n: int, one: str, many: str | None = None, lang: str = "en") -> str:
    """`n` and its noun, `many` (by default `one` + "s") unless singular: in English only 1 is
    ("1 card", "0 cards", "2 cards"); in French 0 and 1 are, and the noun may be a noun group,
    already agreed ("1 carte", "0 carte", "2 cartes")."""
    singular = n < 2 if lang == "fr" else n == 1
    return f"{n} {one if singular else (many or one + 's')}"


def gold(n: int) -> tuple[str, str]:
    """An amount of gold: "1 gold" / "1 or", "4 gold" / "4 ors"."""
    return f"{n} gold", plural(n, "or", lang="fr")


def de(word: str) -> str:
    """French « de » before `word`, elided before a vowel: « de bois », « d'argile »."""
    return f"d'{word}" if word[:1] in "aeiouyéèêàâîôû" else f"de {word}"


def res(n: int, r: str) -> tuple[str, str]:
    """`n` units of resource `r`: "2 stone" / "2 pierres", "1 clay" / "1 argile"."""
    return f"{n} {r}", plural(n, RES_FR[r], "bois" if r == "wood" else None, lang="fr")


def buildings(n: int, kind: str) -> tuple[str, str]:
    """`n` buildings of a type: "2 military buildings" / "2 bâtiments militaires" (the adjectives
    agree; « production » and « science », nouns, do not)."""
    plural_fr = {"maritime": "maritimes", "civil": "civils", "military": "militaires"}.get(kind, TYPE_FR[kind])
    return plural(n, f"{kind} building"), plural(n, f"bâtiment {TYPE_FR[kind]}", f"bâtiments {plural_fr}", lang="fr")
