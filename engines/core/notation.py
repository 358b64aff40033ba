"""Text notation shared by every game: option-id tokens, grid coordinates, slugs, parsing.

A player's text is a sequence of option ids. Parsing matches each token against the legal
options of the current prompt (python-chess style): an exact id wins, otherwise a unique prefix;
bad syntax, an illegal token and an ambiguous prefix are distinct errors.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from engines.core.contract import OPTION_ID, IllegalMove, Option, Reason, quote
from engines.core.i18n import messages

M, MN = messages("engines.core")

COLS = "abcdefghijklmnopqrstuvwxyz"
_COORD = re.compile(r"([a-z])(\d{1,2})")


def slug(name: str, limit: int = 32) -> str:
    """An option-id token from any name: 'Bains publics' -> 'bains-publics'."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    text = re.sub(r"[^a-z0-9._-]+", "-", text).strip("-._")
    return (text or "x")[:limit].rstrip("-._") or "x"


def coord(col: int, row: int) -> str:
    """Grid cell name, column letter then 1-based row: (2, 3) -> 'c4'."""
    return f"{COLS[col]}{row + 1}"


def parse_coord(text: str) -> tuple[int, int] | None:
    m = _COORD.fullmatch(text.strip().lower())
    if not m:
        return None
    return COLS.index(m.group(1)), int(m.group(2)) - 1


def tokens(text: str) -> list[str]:
    """Split player text into tokens; commas, `+` (a set typed as one word: `k1+k2+k3`) and extra
    spaces are tolerated, case is folded."""
    return [t for t in re.split(r"[\s,;+]+", text.strip().lower()) if t]


def typed_sets(text: str) -> list[tuple[list[str], bool]]:
    """Player text as its words, each with the tokens it holds and whether it is a set typed as one
    word (`k1+k2+k3`): its members are chosen, then the set is closed, as the README teaches."""
    out = []
    for word in re.split(r"[\s,;]+", text.strip().lower()):
        members = [t for t in word.split("+") if t]
        if members:
            out.append((members, "+" in word))
    return out


def match_option(token: str, options: Sequence[Option]) -> Option:
    """The option a typed token means: exact id, else unique prefix, else a specific error."""
    if not OPTION_ID.fullmatch(token):
        raise IllegalMove(M("refuse.notation", "'{typed}' is not valid notation: use the option codes shown (letters, digits, . _ -).",
                            typed=quote(token)), Reason.BAD_SYNTAX)
    for o in options:
        if o.id == token:
            return o
    hits = [o for o in options if o.id.startswith(token)]
    if len(hits) == 1:
        return hits[0]
    copies = [o for o in hits if re.fullmatch(re.escape(token) + r"-\d+", o.id)]
    if copies and len(copies) == len(hits):  # `wood` for the next of the copies `wood-2`, `wood-3`
        return min(copies, key=lambda o: int(o.id.rsplit("-", 1)[1]))
    shown = ", ".join(o.id for o in (hits or list(options))[:12])
    if hits:
        raise IllegalMove(M("refuse.ambiguous", "'{typed}' is ambiguous: it could be {shown}.", typed=quote(token), shown=shown),
                          Reason.AMBIGUOUS)
    raise not_legal(token, shown)


def nothing_to_play() -> IllegalMove:
    return IllegalMove(M("refuse.nothing", "Nothing to play."), Reason.BAD_SYNTAX)


def turn_ended(token: str) -> IllegalMove:
    """The refusal of a typed word the turn ended before (forced steps finished it)."""
    return IllegalMove(M("refuse.turn_ended", "Your turn ended before '{typed}'; nothing was played.", typed=quote(token)),
                       Reason.NOT_YOUR_TURN)


def not_legal(token: str, shown: str) -> IllegalMove:
    """The refusal of a choice the prompt does not offer, naming the ones it does."""
    return IllegalMove(M("refuse.not_legal", "'{typed}' is not a legal choice now. Options: {shown}.", typed=quote(token), shown=shown),
                       Reason.ILLEGAL)


def starting_with(partial: str, options: Sequence[Option]) -> list[Option]:
    """Options whose id starts with `partial` (for autocomplete)."""
    return [o for o in options if o.id.startswith(partial)]
