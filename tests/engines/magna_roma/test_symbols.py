"""A placement's symbol rewards, rotations and stars, with the rulebook's examples."""

from __future__ import annotations

import pytest

from engines.magna_roma import ENGINE
from tests.engines.magna_roma.helpers import fresh, place, put, tile

# centre0 sides: N coins, E military, S population, W favour; the centre is e5.


def test_military_symbol_example_mixed_colours_gives_one_legion(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Vous placez une tuile qui crée un symbole militaire. Comme les deux tuiles sont de couleurs
    différentes, vous gagnez le plus petit avantage, dans ce cas, gagnez 1 Légion »"""
    s = fresh()
    put(s, 0, "e4", tile(monkeypatch, "xa", "purple", ["luxury", "military", "prestige", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "military"]), "f4")
    assert s["players"][0]["military"] == 1


def test_military_symbol_example_same_colour_gives_two_legions(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Ici aussi, vous placez une tuile qui crée un symbole militaire. Comme les deux tuiles sont
    de la même couleur, vous gagnez le plus grand avantage : dans ce cas, gagnez 2 Légions »"""
    s = fresh()
    put(s, 0, "e4", tile(monkeypatch, "xa", "red", ["luxury", "military", "prestige", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "military"]), "f4")
    assert s["players"][0]["military"] == 2


def test_two_symbols_example_two_legions_and_one_faith(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Si vous placez une tuile qui crée deux symboles ou plus, vous bénéficiez de chaque symbole
    que vous avez connecté. Dans l'exemple ci-dessous, vous gagnez 2 Légions et 1 Foi »"""
    s = fresh()
    put(s, 0, "e4", tile(monkeypatch, "xa", "red", ["luxury", "military", "prestige", "luxury"]))
    put(s, 0, "f5", tile(monkeypatch, "xc", "purple", ["favour", "luxury", "luxury", "luxury"]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "favour", "military"]), "f4")
    p = s["players"][0]
    assert p["military"] == 2 and p["pantheon"] == 1


@pytest.mark.parametrize(
    ("symbol", "field", "small", "large"),
    [("luxury", "market", 1, 2), ("prestige", "vp", 1, 3), ("coins", "coins", 1, 2),
     ("population", "population", 1, 2), ("military", "military", 1, 2), ("favour", "pantheon", 1, 2)],
)
@pytest.mark.parametrize("same", [False, True])
def test_each_symbol_reward(monkeypatch: pytest.MonkeyPatch, symbol: str, field: str, small: int, large: int,
                            same: bool) -> None:
    """« AVANTAGES DES DIFFÉRENTS SYMBOLES »: luxe « Avancez d'une ou 2 cases », prestige « 1 ou 3
    points de victoire », argent « 1 ou 2 pièces », population « 1 ou 2 populations », militaire
    « 1 ou 2 case », faveur divine « 1 ou 2 fois »; the larger when « vous combinez des tuiles de
    la même couleur »."""
    s = fresh()
    s["trades"] = {}
    other = "prestige" if symbol != "prestige" else "coins"
    put(s, 0, "e4", tile(monkeypatch, "xa", "red" if same else "brown", [other, symbol, other, other]))
    s = place(s, 0, tile(monkeypatch, "xb", "red", [other, other, other, symbol]), "f4")
    assert s["players"][0][field] == (large if same else small)


def test_centre_completes_symbols_as_mixed_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Si vous combinez des tuiles de la même couleur, vous gagnez le plus grand avantage »: the
    centre's roofs are the player's colour, never a district's (README), so its symbols give the
    smaller reward."""
    s = fresh()
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "coins", "luxury"]), "e4")
    assert s["players"][0]["coins"] == 1


def test_rotation_turns_half_symbols_clockwise(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Vous pouvez tourner la tuile dans le sens de votre choix. »: `r1` is one quarter turn
    clockwise."""
    s = fresh()
    # coins on the east side; one quarter turn clockwise brings it south, facing the centre's north coins
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "coins", "luxury", "luxury"]), "e4", rot=1)
    assert s["players"][0]["coins"] == 1


def test_rotation_labels_name_the_sides_in_each_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """French names the west side O (ouest), never W; German the east side O (Osten)."""
    s = fresh()
    s["hand"] = tile(monkeypatch, "xb", "red", ["luxury", "coins", "population", "favour"])
    opt = ENGINE.prompt(s, 0).options[1]
    assert opt.text() == "90°: N favour E luxury S coins W population"
    assert opt.text("fr") == "90° : N faveur E luxe S argent O population"
    assert opt.text("de") == "90°: N Göttergunst O Luxus S Denare W Bevölkerung"


def test_star_example_two_stars_on_the_red_track(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Lorsque vous placez une tuile quartier qui a au moins 1 étoile, déplacez votre marqueur le
    long de la piste correspondante (dans ce cas, la piste rouge) pour chaque Étoile présente sur
    la tuile que vous venez de placer dans votre ville (dans ce cas, 2). »"""
    s = fresh()
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "luxury", "luxury", "luxury"], stars=2), "e4")
    p = s["players"][0]
    assert p["stars"] == {"red": 2, "purple": 0, "brown": 0}
    assert p["military"] == 1  # the bonus printed on red space 2


def test_turn_example_red_star_then_two_legions_and_one_vp(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Exemple : Bleu a choisi cette tuile lors de son tour précédent, et il la place maintenant
    dans sa ville. Il décide de faire pivoter cette tuile avant de la placer. Parce qu'il a placé
    une tuile rouge avec une étoile, il doit avancer son marqueur d'une case sur la piste rouge
    de son tableau personnel. Ensuite, Bleu gagne les bénéfices des deux symboles créés par leur
    placement de tuiles (dans ce cas, Bleu gagne 2 Légions et gagne (1)). »"""
    s = fresh()
    put(s, 0, "e4", tile(monkeypatch, "xa", "red", ["luxury", "military", "luxury", "luxury"]))
    put(s, 0, "f5", tile(monkeypatch, "xc", "brown", ["prestige", "luxury", "luxury", "luxury"]))
    # printed with prestige east and military south: a quarter turn brings them south and west
    s = place(s, 0, tile(monkeypatch, "xb", "red", ["luxury", "prestige", "military", "luxury"], stars=1), "f4", rot=1)
    p = s["players"][0]
    assert p["stars"]["red"] == 1 and p["military"] == 2 and p["vp"] == 1


def test_personal_board_bonus_example_one_population(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Lorsque votre marqueur atteint la case connectée à la ressource bonus, vous gagnez cette
    ressource (dans ce cas, 1 Population). »"""
    s = fresh()
    s = place(s, 0, tile(monkeypatch, "xb", "purple", ["luxury"] * 4, stars=2), "e4")
    p = s["players"][0]
    assert p["stars"]["purple"] == 2 and p["population"] == 1  # the bonus printed on purple space 2


def test_star_bonus_tied_to_two_tracks_needs_both() -> None:
    """« Certains bonus sont liés à deux pistes. Pour gagner ces bonus, vos marqueurs des deux
    pistes doivent être sur ou au-delà de l'espace bonus correspondant. »"""
    s = fresh()
    p = s["players"][0]
    p["stars"] = {"red": 4, "purple": 2, "brown": 0}
    from engines.magna_roma.gains import advance_stars

    advance_stars(s, 0, "purple", 1)
    assert "red-purple-4" not in p["linked"]
    advance_stars(s, 0, "purple", 1)
    assert "red-purple-4" in p["linked"] and p["market"] == 1
    advance_stars(s, 0, "red", 1)
    assert p["linked"].count("red-purple-4") == 1
