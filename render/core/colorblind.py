"""Colour-vision deficiency simulation, for tests that no information rests on colour alone.

`simulate(color, kind)` is how a colour looks to a person with protanopia, deuteranopia or
tritanopia (Machado, Oliveira & Fernandes 2009, severity 1.0, applied in linear RGB).
`distance` is the CIE76 difference (ΔE in Lab): about 2 is just noticeable, 10 clearly apart.
A palette test asserts that colours which must be told apart stay apart after simulation, or
that the renderer adds a glyph, outline or pattern where they do not.
"""

from __future__ import annotations

from render.core.palette import Color

KINDS = ("protanopia", "deuteranopia", "tritanopia")
_MATRICES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _to_linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _to_srgb(v: float) -> int:
    v = min(1.0, max(0.0, v))
    s = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(s * 255)


def simulate(color: Color, kind: str) -> Color:
    m = _MATRICES[kind]
    lin = [_to_linear(c) for c in color]
    r, g, b = (sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return (_to_srgb(r), _to_srgb(g), _to_srgb(b))


def _lab(color: Color) -> tuple[float, float, float]:
    r, g, b = (_to_linear(c) for c in color)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: Color, b: Color) -> float:
    la, lb = _lab(a), _lab(b)
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


def worst_distance(a: Color, b: Color, kinds: tuple[str, ...] = ("protanopia", "deuteranopia")) -> float:
    """The smallest difference between `a` and `b` as seen with normal vision and each deficiency."""
    return min([distance(a, b)] + [distance(simulate(a, k), simulate(b, k)) for k in kinds])
