"""Player-facing texts: French shows French names only (never a raw id or an English word), and
option labels are names that are never cut mid-word, the effect going to the description."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from engines.core.contract import fit_words
from engines.core.i18n import log_text, say
from engines.monumental_duel import ENGINE as E
from engines.monumental_duel import actions, rounds, texts
from engines.monumental_duel import model as m
from tests.engines.monumental_duel.helpers import actions_phase, new, set_city

# raw ids of the data and engine (kinds, resources, province types, basics, ask kinds, civs) and
# English words that slipped into French texts before
RAW_FR = re.compile(r"\b(knowledge|building|province|wonder|policy|basic|workshop|laboratory|range|barricade|prod|sci|mil|"
                    r"gold|cult|mountain|coastal|agricultural|mali|aztecs|japanese|free|gain|card|the|and|of|your|none|None|"
                    r"[a-z]+_[a-z_]+)\b")
RAW_EN = re.compile(r"\b(prod|sci|mil|cult|mountain|coastal|agricultural|workshop|laboratory|barricade|policy [A-Z]|"
                    r"[a-z]+_[a-z_]+|None)\b")


def _texts(node: Any, lang: str) -> Iterator[str]:
    """Every text of a view (the JSON of a message), in `lang`."""
    if isinstance(node, dict) and {"m", "k", "s"} <= node.keys():
        yield say(node, lang)
    elif isinstance(node, dict):
        for v in node.values():
            yield from _texts(v, lang)
    elif isinstance(node, list):
        for v in node:
            yield from _texts(v, lang)


def _playout_texts(seed: int, civs: tuple[str, str], lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) for prompts, option labels and descriptions, refusals, logs and views."""
    rng = random.Random(seed)
    s = E.new_game(2, seed, {"civ1": civs[0], "civ2": civs[1]})
    while not s["over"]:
        seat = E.to_act(s)[0]
        p = E.prompt(s, seat)
        yield "prompt", p.ask(lang)
        for o in p.options:
            yield f"option {o.id}", o.text(lang)
            yield f"description {o.id}", o.about(lang)
        if not s["ask"] and s["phase"] == "actions":
            for why in actions.reasons(s, seat).values():
                if why:
                    yield "refusal", say(why, lang)
        s = E.apply(s, seat, rng.choice(p.options).id)
    for e in s["log"]:
        yield "log", log_text(e, lang)
    for viewer in (None, 0, 1):
        for t in _texts(E.view(s, viewer), lang):
            yield "view", t


PLAYOUTS = [(seed, civs) for seed, civs in enumerate((("mali", "aztecs"), ("aztecs", "japanese"), ("japanese", "mali"),
                                                      ("aztecs", "aztecs"), ("mali", "japanese"), ("japanese", "aztecs")))]


@pytest.mark.parametrize(("seed", "civs"), PLAYOUTS)
def test_french_texts_use_french_names_never_raw_ids(seed: int, civs: tuple[str, str]) -> None:
    """French texts name things as the rulebook does (« une carte Connaissance », « une Barricade »,
    « Militaire »), over random playouts: no raw id, no English word."""
    bad = {(where, t) for where, t in _playout_texts(seed, civs, "fr") if RAW_FR.search(t)}
    assert not bad, sorted(bad)[:5]


@pytest.mark.parametrize(("seed", "civs"), PLAYOUTS[:3])
def test_english_texts_show_no_raw_ids(seed: int, civs: tuple[str, str]) -> None:
    bad = {(where, t) for where, t in _playout_texts(seed, civs, "en") if RAW_EN.search(t)}
    assert not bad, sorted(bad)[:5]


def test_effect_texts_name_card_kinds_and_basics_in_french() -> None:
    """« gagnez une carte Connaissance », « gagnez une Barricade », « un Atelier », and the French
    semicolon takes a space before it."""
    s = new()

    def fr(ops: list[dict[str, Any]]) -> str:
        return say(texts.describe(s, ops), "fr")

    assert fr([{"op": "acquire", "kinds": ["knowledge"], "free": True, "max_cost": 3}]) == "gagnez une carte Connaissance coûtant 3 ou moins"
    assert fr([{"op": "acquire", "kinds": ["province"], "conquer": True, "discount": 2}]) == "acquérez ou conquérez une carte Province pour 2 de moins"
    assert fr([{"op": "gain_basic", "kind": "barricade"}, {"op": "gain", "res": {"mil": 1}}]) == "gagnez une Barricade ; gagnez 1 Militaire"
    assert fr([{"op": "gain_basic", "kind": "workshop"}]) == "gagnez un Atelier"
    assert fr([{"op": "gain_per", "what": "coastal", "res": {"gold": 1}}]) == "gagnez 1 Or par Province Côtière"


def test_advantage_refusal_names_the_resource() -> None:
    """« Vous devez utiliser la même ressource que celle déjà présente sur la carte » : the refusal
    names it (Militaire), not its id."""
    s = actions_phase(new(), 1)
    s["advantage"] = {"holder": 0, "res": "mil", "n": 3}
    why = actions.reasons(s, 1)["advantage"]
    assert why is not None and "au moins 4 Militaire" in say(why, "fr") and "at least 4 Military" in say(why, "en")
    s["advantage"] = {"holder": None, "res": None, "n": 0}
    s["players"][1]["res"].update(prod=0, sci=0, mil=0, gold=0)
    why = actions.reasons(s, 1)["advantage"]
    assert why is not None and "1 Production ou 1 Science ou 1 Militaire" in say(why, "fr")


def test_activation_order_names_the_active_policy_in_french() -> None:
    """An activation effect of the active policy is offered as « Politique active : … »."""
    s = new("aztecs", "mali")
    p = s["players"][0]
    pol = next(x for x in p["culture_deck"] if m.cdef(s, x)["effect"]["when"] == "during")
    s["act"]["pending"] = [["policy", pol], ["a1", pol]]
    s["ctx"] = "activated"
    rounds.next_activation_effect(s)
    labels = {o.id: o for o in E.prompt(s, 0).options}
    assert labels["policy"].text("fr") == f"Politique active : {say(m.name(s, pol), 'fr')}"
    assert labels["policy"].text("en") == f"Active policy: {say(m.name(s, pol), 'en')}"
    assert labels["policy"].about("fr").startswith("Pendant l'activation")


def test_option_labels_are_names_and_effects_go_to_the_description() -> None:
    """No label is cut: an activated card is offered by its name, its effect under it."""
    s = actions_phase(new("japanese", "mali"))
    set_city(s, 0, {"a1": ("ja.camp", "k.philosophy")})
    s["players"][0]["city"][0]["active"] = True
    s = E.play(s, 0, "card")
    opt = next(o for o in E.prompt(s, 0).options if o.id == "a1k")
    assert opt.text("en") == "Philosophy" and opt.text("fr") == "Philosophie"
    assert opt.about("fr") == "Action : gagnez une carte Connaissance coûtant 3 ou moins"


@pytest.mark.parametrize(("seed", "civs"), PLAYOUTS[:3])
def test_no_option_label_is_cut(seed: int, civs: tuple[str, str]) -> None:
    """Labels fit whole in 100 characters in every language (no ellipsis); a long description is
    shortened at a word boundary only (`fit_words`)."""
    rng = random.Random(seed)
    s = E.new_game(2, seed, {"civ1": civs[0], "civ2": civs[1]})
    while not s["over"]:
        seat = E.to_act(s)[0]
        p = E.prompt(s, seat)
        raw = {o[0]: o for o in s["ask"]["options"]} if s["ask"] else {}
        for o in p.options:
            for lang in ("en", "fr", "de"):
                assert len(o.text(lang)) <= 100 and not o.text(lang).endswith("…"), (lang, o.text(lang))
                if o.id in raw and len(raw[o.id]) > 2:
                    assert o.about(lang) == fit_words(say(raw[o.id][2], lang))
        s = E.apply(s, seat, rng.choice(p.options).id)


def test_policy_options_show_name_then_effect_and_bonus() -> None:
    s = actions_phase(new("mali", "aztecs"))
    s["players"][0]["res"]["cult"] = 1
    s = E.play(s, 0, "policy")
    for o in E.prompt(s, 0).options:
        iid = next(x for x in s["players"][0]["culture_deck"] if m.cdef(s, x)["id"].endswith("." + o.id))
        assert o.text("fr") == say(m.name(s, iid), "fr") and "Bonus : " in o.about("fr") and "Bonus: " in o.about("de")

