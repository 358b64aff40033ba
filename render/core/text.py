"""Text drawing that never shows a box: per-grapheme font fallback, pixel-measured cuts, and the
hook through which every drawn text is recorded for legibility tests.

Every renderer draws through `Canvas.draw`, a `TextDraw`: its `text` and `textlength` split a
string into grapheme clusters (a letter with its accents, an emoji with its modifiers and joiners,
a flag) and set each in the first bundled font that has it (`render.core.fonts`), in a fixed
order, so a display name with emoji or Chinese reads the same on every machine. A cluster no
bundled font has becomes a readable stand-in (its romanised letter name, else "?").
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

import pyphen
from PIL import ImageDraw, ImageFont

from render.core import record
from render.core.fonts import CJK, EMOJI, STYLE_OF, covers, load

# Characters that only modify the one before them: joiners, variation selectors, skin tones, tags.
_JOINER = "\u200d"
_MODIFIERS = ("\ufe00", "\ufe0f"), ("\U0001f3fb", "\U0001f3ff"), ("\U000e0020", "\U000e007f"), ("\U000e0100", "\U000e01ef")
_REGIONAL = ("\U0001f1e6", "\U0001f1ff")
_EMOJI_STYLE = "\ufe0f"


def _extends(ch: str) -> bool:
    return (
        ch == _JOINER
        or unicodedata.category(ch) in ("Mn", "Me", "Mc")
        or any(lo <= ch <= hi for lo, hi in _MODIFIERS)
        or "\u1160" <= ch <= "\u11ff"  # Hangul vowel and final jamo join their syllable
    )


def graphemes(text: str) -> list[str]:
    """`text` cut into user-perceived characters (Unicode's extended grapheme clusters, for what
    names hold: combining marks, emoji modifier and ZWJ sequences, flag pairs, Hangul jamo)."""
    out: list[str] = []
    for ch in text:
        regional = _REGIONAL[0] <= ch <= _REGIONAL[1]
        if out and (
            _extends(ch)
            or out[-1].endswith(_JOINER)
            or (regional and len(out[-1]) == 1 and _REGIONAL[0] <= out[-1] <= _REGIONAL[1])
        ):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _invisible(ch: str) -> bool:
    """A format character (direction isolate, joiner, soft hyphen) or a modifier: no glyph of its own needed."""
    return unicodedata.category(ch) == "Cf" or (_extends(ch) and unicodedata.category(ch) not in ("Mn", "Me", "Mc"))


def _has(name: str, cluster: str) -> bool:
    return all(covers(name, ch) for ch in cluster if not _invisible(ch))


def _stand_in(cluster: str) -> str:
    """A cluster no font has, in letters: "ka" for DEVANAGARI LETTER KA, else "?"."""
    words = unicodedata.name(cluster[0], "").split()
    if ("LETTER" in words or "SYLLABLE" in words) and words[-1].isalpha():
        return words[-1].lower()
    return "?"


@lru_cache(maxsize=4096)
def plan(text: str, primary: str) -> tuple[tuple[str, str], ...]:
    """`text` as runs of (piece, font file): each cluster in the first font that has it, the
    primary font first unless the cluster asks for emoji style (U+FE0F)."""
    out: list[tuple[str, str]] = []
    for cluster in graphemes(text):
        order = (EMOJI, primary, CJK) if _EMOJI_STYLE in cluster else (primary, EMOJI, CJK)
        name = next((n for n in order if _has(n, cluster)), None)
        piece = cluster if name else _stand_in(cluster)
        name = name or primary
        piece = "".join(ch for ch in piece if not _invisible(ch) or covers(name, ch))  # no box for a mark the font lacks
        if not piece:
            continue
        if out and out[-1][1] == name:
            out[-1] = (out[-1][0] + piece, name)
        else:
            out.append((piece, name))
    return tuple(out)


def runs(text: str, f: ImageFont.FreeTypeFont) -> list[tuple[str, ImageFont.FreeTypeFont]]:
    """`text` as (piece, font) runs at `f`'s size; plain ASCII in a bundled face is one run."""
    primary = str(f.path).rsplit("/", 1)[-1]
    if text.isascii() or primary not in STYLE_OF:
        return [(text, f)]
    return [(piece, f if name == primary else load(name, int(f.size))) for piece, name in plan(text, primary)]


class TextDraw(ImageDraw.ImageDraw):
    """ImageDraw whose single-line `text` and `textlength` fall back per grapheme and report what
    they draw to `render.core.record` while a recording is on."""

    def textlength(self, text: Any, font: Any = None, *args: Any, **kw: Any) -> float:
        if not isinstance(font, ImageFont.FreeTypeFont) or "\n" in text:
            return super().textlength(text, font, *args, **kw)
        return sum(super(TextDraw, self).textlength(piece, f, *args, **kw) for piece, f in runs(text, font))

    def text(self, xy: Any, text: Any, fill: Any = None, font: Any = None, anchor: str | None = None, *args: Any, **kw: Any) -> None:
        if not isinstance(font, ImageFont.FreeTypeFont) or "\n" in text:  # Pillow's own path, recorded all the same
            super().text(xy, text, fill, font, anchor, *args, **kw)
            if record.active():
                f = font or self.getfont()
                record.drawn(self._image, text, getattr(f, "size", 10), self.textbbox(xy, text, f, anchor))
            return
        parts = runs(text, font)
        if len(parts) == 1 and parts[0][1] is font:
            super().text(xy, parts[0][0], fill, font, anchor, *args, **kw)
            if record.active():
                record.drawn(self._image, text, font.size, self.textbbox(xy, parts[0][0], font, anchor))
            return
        anchor = anchor or "la"
        width = sum(super(TextDraw, self).textlength(piece, f) for piece, f in parts)
        x = xy[0] - width * {"l": 0, "m": 0.5, "r": 1}.get(anchor[0], 0)
        baseline = xy[1] + _baseline_shift(font, parts, anchor[1])
        box = None
        for piece, f in parts:
            super().text((x, baseline), piece, fill, f, "ls", *args, **kw)
            if record.active():
                b = self.textbbox((x, baseline), piece, f, "ls")
                box = b if box is None else (min(box[0], b[0]), min(box[1], b[1]), max(box[2], b[2]), max(box[3], b[3]))
            x += super().textlength(piece, f)
        if box is not None:
            record.drawn(self._image, text, font.size, box)


def _baseline_shift(font: ImageFont.FreeTypeFont, parts: list[tuple[str, ImageFont.FreeTypeFont]], v: str) -> float:
    """How far below the anchor point the baseline lies, from the primary font's metrics (so
    fallback glyphs sit on the same baseline as the text around them)."""
    ascent, descent = font.getmetrics()
    if v == "t":
        return max(-f.getbbox(piece, anchor="ls")[1] for piece, f in parts)
    if v == "b":
        return -max(f.getbbox(piece, anchor="ls")[3] for piece, f in parts)
    return {"a": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}.get(v, ascent)


def ellipsize(draw: ImageDraw.ImageDraw, text: str, f: Any, width: float) -> str:
    """`text` cut to `width` px with an ellipsis, at a word boundary when that keeps most of what
    fits, else between two grapheme clusters (never inside an emoji sequence or an accent)."""
    if draw.textlength(text, font=f) <= width:
        return text
    clusters = graphemes(text)
    lo, hi = 0, len(clusters)
    while lo < hi:  # the most clusters that fit with the ellipsis
        mid = (lo + hi + 1) // 2
        if draw.textlength("".join(clusters[:mid]).rstrip() + "…", font=f) <= width:
            lo = mid
        else:
            hi = mid - 1
    return cut("".join(clusters[:lo]))


def cut(kept: str) -> str:
    """The start `kept` of a longer text, with an ellipsis: back to its last word boundary when
    that keeps most of it (a whole word reads better than a stub), without trailing punctuation."""
    space = kept.rstrip().rfind(" ")
    if space > 0 and space >= len(kept) * 0.6:
        kept = kept[:space]
    return kept.rstrip(" ,;:·-") + "…"


@lru_cache(maxsize=8)
def _hyphenator(lang: str) -> pyphen.Pyphen | None:
    """The hyphenation dictionary of `lang` (LibreOffice's patterns, bundled with pyphen), if any."""
    found = pyphen.language_fallback(lang)
    return pyphen.Pyphen(lang=found) if found else None


def hyphenate(draw: ImageDraw.ImageDraw, word: str, f: Any, width: float, lang: str) -> tuple[str, str] | None:
    """`word` split at the last break `lang`'s dictionary allows whose head, with a hyphen, fits
    `width` px ("Holzfäller-", "lager"); None when the language has no dictionary or no head fits."""
    dic = _hyphenator(lang)
    if dic is None:
        return None
    for at in reversed(dic.positions(word)):
        head = word[:at] if word[:at].endswith("-") else word[:at] + "-"  # "Tabula-KI" keeps its one hyphen
        if draw.textlength(head, font=f) <= width:
            return head, word[at:]
    return None


def wrap(draw: ImageDraw.ImageDraw, text: str, f: Any, width: float, lang: str | None = None) -> list[str]:
    """Lines of at most `width` px, broken between words. A word wider than a line is hyphenated
    where `lang`'s dictionary allows (given a language), else cut between grapheme clusters."""
    lines: list[str] = []
    for para in text.split("\n"):
        current = ""
        for word in para.split():
            trial = f"{current} {word}".strip()
            if current and draw.textlength(trial, font=f) > width:
                lines.append(current)
                current = word
            else:
                current = trial
            while draw.textlength(current, font=f) > width and len(graphemes(current)) > 1:
                split = hyphenate(draw, current, f, width, lang) if lang else None
                if split is not None:
                    lines.append(split[0])
                    current = split[1]
                    continue
                clusters = graphemes(current)
                cut = next(i for i in range(len(clusters), 0, -1) if draw.textlength("".join(clusters[:i]), font=f) <= width or i == 1)
                lines.append("".join(clusters[:cut]))
                current = "".join(clusters[cut:])
        lines.append(current)
    return lines
