"""Texts: counted nouns agree in number in both languages, never « (s) »."""

from __future__ import annotations

import random

from engines.deus import effects, prompts
from engines.deus.data import default_catalog

from .util import E, fresh, give, play


def test_offer_prompt_says_1_carte_choisie() -> None:
    """« Défausser une ou plusieurs cartes » : the running count agrees with it, « 1 carte
    choisie », « 2 cartes choisies », never « (1 choisies) »."""
    s = fresh()
    give(s, 0, "port", "villa", "farm")
    s = play(s, 0, "neptune")
    assert E.prompt(s, 0).text_fr.endswith("(0 carte choisie)")
    s = play(s, 0, "port")
    p = E.prompt(s, 0)
    assert p.text_fr.endswith("(1 carte choisie)") and p.text.endswith("(1 chosen)")
    done = next(o for o in p.options if o.id == "done")
    assert (done.label, done.label_fr) == ("Offer 1 card: 2 gold", "Offrir 1 carte : 2 ors")
    s = play(s, 0, "villa")
    p = E.prompt(s, 0)
    assert p.text_fr.endswith("(2 cartes choisies)")
    assert next(o for o in p.options if o.id == "done").label_fr == "Offrir 2 cartes : 4 ors"


def test_card_texts_agree_in_number() -> None:
    """Every card text is generated with the right plural: no « (s) » in either language."""
    for card in default_catalog()["cards"].values():
        en, fr = effects.describe(card)
        assert "(s)" not in en and "(s)" not in fr, card["id"]
    assert effects.describe(default_catalog()["cards"]["farm"]) == (
        "Produce 1 resource of this building's terrain", "Produisez 1 ressource du terrain de ce bâtiment")


def test_random_game_texts_never_use_parenthesised_plurals() -> None:
    """Prompts, options, summaries and the log of a random game, in both languages."""
    rnd = random.Random(5)
    s = E.new_game(3, 5)
    while not s["over"]:
        seat = E.to_act(s)[0]
        p = E.prompt(s, seat)
        texts = [p.text, p.text_fr, *(t for o in p.options for t in (o.label, o.label_fr, o.description, o.description_fr))]
        summary = E.view(s, None)["summary"]
        texts += [summary["en"], summary["fr"]]
        assert not [t for t in texts if "(s)" in t], texts
        s = E.apply(s, seat, rnd.choice(p.options).id)
    assert not [e for e in s["log"] if "(s)" in e["en"] or "(s)" in e["fr"]]
    summary = E.view(s, None)["summary"]
    assert summary == {"en": "Game over", "fr": "Partie terminée"}


def test_french_refusals_name_types_in_french() -> None:
    """« vérifiez que vous possédez un pion bâtiment de ce type » : the French refusal names the type
    in French, never by its English id."""
    s = fresh()
    give(s, 0, "barracks")
    s["players"][0]["board"]["military"] = 0
    why = E.explain(s, 0, "barracks")
    assert why == ("You have no military piece left on your player board.",
                   "Vous n'avez plus de pion militaire sur votre plateau.")


def test_build_option_names_the_card_and_describes_cost_and_effect() -> None:
    """Labels stay short and whole (« Construire Temple de Minerve (temple) »); the cost and effect
    go in the description, within 100 characters."""
    s = fresh()
    give(s, 0, "legion-camp")
    o = next(o for o in E.prompt(s, 0).options if o.id == "legion-camp")
    assert (o.label, o.label_fr) == ("Build Legion Camp (military)", "Construire Camp de légion (militaire)")
    assert o.description == "Cost: 1 wheat, 1 wood · Move up to 2 military units one region each"
    assert o.description_fr == "Coût : 1 blé, 1 bois · Déplacez jusqu'à 2 unités militaires d'une région chacune"
    cat = default_catalog()
    for cid in cat["cards"]:
        opt = prompts.build_option(cat, cid)
        assert max(len(opt.label), len(opt.label_fr), len(opt.description), len(opt.description_fr)) <= 100
