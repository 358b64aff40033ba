"""Monumental Duel: Trade behind the Tabula engine contract."""

from __future__ import annotations

from typing import Any

from engines.core import Engine, Option, Prompt
from engines.core.contract import fit_words
from engines.core.state import State
from engines.monumental_duel import actions, effects, rounds, scoring, setup, view
from engines.monumental_duel import model as m
from engines.monumental_duel.data import CIVS, FILE, catalog, load

CIV_CHOICES = [*CIVS, "random"]


class MonumentalDuel(Engine):
    name = "monumental_duel"
    title = "Monumental Duel: Trade"
    title_fr = "Monumental Duel : Négoce"
    min_players = 2
    max_players = 2
    rules_version = 1
    component_files = (FILE,)
    typical_turns = {2: 44}  # turns per player (`python -m bot bench`: turns_per_player)
    option_specs = [
        {"key": "civ1", "choices": CIV_CHOICES, "default": "mali",
         "help": "Civilisation of the first seat (random: drawn from the seed)"},
        {"key": "civ2", "choices": CIV_CHOICES, "default": "aztecs",
         "help": "Civilisation of the second seat (random: drawn from the seed; mirror matches allowed, as with two boxes)"},
    ]

    def catalog_from(self, files: dict[str, Any]) -> dict[str, Any]:
        """A pack's catalogue: data.catalog checks every count and rule (messages `cards <id> <field>: ...`)."""
        return catalog(files)

    def setup(self, state: State) -> None:
        load()
        setup.setup(state)

    def to_act(self, state: State) -> list[int]:
        if state["over"]:
            return []
        if state["ask"]:
            return [state["ask"]["seat"]]
        if state["phase"] == "activate":
            act = state["act"]
            return [act["order"][act["i"]]]
        if state["phase"] == "actions":
            return [state["current"]]
        return []

    def _options(self, state: State, seat: int) -> tuple[tuple[str, str], list[list[str]]]:
        if state["ask"]:
            a = state["ask"]
            return (a["text"][0], a["text"][1]), a["options"]
        if state["phase"] == "activate":
            if state["act"]["row"] is None:
                return ((f"{m.who(state, seat)}: activate which row of your city?", f"{m.who(state, seat, 'fr')} : activer quelle ligne de votre Cité ?"),
                        [[f"row{r + 1}", f"Row {r + 1}", f"Ligne {r + 1}"] for r in range(3)])
            return (("Activate which column?", "Activer quelle colonne ?"),
                    [[f"col-{c}", f"Column {c}", f"Colonne {c}"] for c in "abc"])
        res = state["players"][seat]["res"]
        return ((f"{m.who(state, seat)}: choose an action (you have {m.res_text(res)})", f"{m.who(state, seat, 'fr')} : choisissez une action (vous avez {m.res_text(res, 'fr')})"),
                actions.menu(state, seat))

    def prompt(self, state: State, seat: int) -> Prompt | None:
        if seat not in self.to_act(state):
            return None
        text, opts = self._options(state, seat)
        return Prompt(seat, text[0], [Option(o[0], *(fit_words(t) for t in o[1:5])) for o in opts], text[1])

    def step(self, state: State, seat: int, option_id: str) -> None:
        if state["ask"]:
            answer(state, seat, option_id)
        elif state["phase"] == "activate":
            if option_id.startswith("row"):
                state["act"]["row"] = int(option_id[3:]) - 1
                return
            rounds.activate(state, seat, state["act"]["row"], "abc".index(option_id[-1]))
        else:
            actions.choose(state, seat, option_id)
        rounds.flow(state)

    def explain(self, state: State, seat: int, option_id: str) -> tuple[str, str] | None:
        if state["over"] or seat not in self.to_act(state):
            return None
        if not state["ask"] and state["phase"] == "actions":
            why = actions.reasons(state, seat).get(option_id)
            if why:
                return why
            return None
        a = state["ask"]
        if a and a["kind"] in ("buy", "acquire") and option_id in ("workshop", "laboratory", "range", "barricade") and not state["basics"][option_id]:
            return ("That basic building pile is empty.", "Cette pile de Bâtiments de base est vide.")
        if a and a["kind"] in ("buy", "acquire") and option_id.startswith(("t", "r")) and option_id[1:].isdigit():
            return ("You cannot afford that card (Gold replaces basic resources, never Culture).",
                    "Vous ne pouvez pas payer cette carte (l'Or remplace les ressources de base, jamais la Culture).")
        if a and a["kind"] in ("negotiate", "negotiate_free"):
            return ("Each Free City accepts one negotiation per player per round, and negotiating costs 1 Gold.",
                    "Chaque Ville libre n'accepte qu'une négociation par joueur et par manche, et négocier coûte 1 Or.")
        if a and a["kind"] in ("archive", "discard") and len(option_id) == 2:
            return ("Only an inactive card of your city can be archived or discarded.", "Seule une carte inactive de votre Cité peut être archivée ou défaussée.")
        if a and a["kind"] == "reinforce" and len(option_id) == 2:
            return ("Only an activated card can be reinforced.", "Seule une carte activée peut être renforcée.")
        if a and a["kind"] == "card":
            return ("That card is not activated, has no action effect, its condition is not met or it already carries an Action token.",
                    "Cette carte n'est pas activée, n'a pas d'effet d'action, sa condition n'est pas remplie ou elle porte déjà un jeton Action.")
        if a and a["kind"] == "advantage" and option_id in ("prod", "sci", "mil"):
            return ("To outbid you must use the resource already on the Advantage card, and pay more of it.",
                    "Pour surenchérir, utilisez la ressource déjà sur la carte Avantage, en plus grande quantité.")
        if a and a["kind"] == "reserve":
            return ("You can reserve only a card of the development track.", "Vous ne pouvez réserver qu'une carte de la piste de Développement.")
        if a and a["kind"] == "advantage_amount":
            return ("You must pay more than the tokens on the Advantage card.", "Vous devez payer plus que les jetons sur la carte Avantage.")
        return None

    def result(self, state: State) -> dict[str, Any]:
        return scoring.result(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view(state, seat, self.recent_log(state), self.to_act(state))

    def secrets(self, state: State, seat: int) -> set[str]:
        """A city deck's order is hidden from everyone and the discard is its owner's to look at:
        their card instance ids never appear in any view."""
        p = state["players"][seat]
        return set(p["deck"]) | set(p["discard"])

    def validate(self, state: State) -> None:
        for key in ("cards", "players", "track", "dev_deck", "basics", "fc_track", "advantage", "queue"):
            if key not in state:
                raise ValueError(f"state is missing {key}")
        if len(state["players"]) != 2:
            raise ValueError("Monumental Duel is for exactly 2 players")
        everywhere: list[str] = [x for x in state["track"] if x] + [x for x in state["dev_deck"] if not x.startswith("era")]
        everywhere += state["dev_discard"] + state["removed"] + [f["card"] for f in state["fc_track"]] + state["fc_deck"]
        for pile in state["basics"].values():
            everywhere += pile
        for p in state["players"]:
            if len(p["city"]) != 9:
                raise ValueError("a city has 9 slots")
            if len(p["reserve"]) > 2:
                raise ValueError("at most 2 reserved cards")
            if min(p["res"].values()) < 0:
                raise ValueError("negative resources")
            everywhere += [x for s in p["city"] for x in (s["card"], s["know"]) if x]
            everywhere += p["deck"] + p["discard"] + p["archive"] + p["limbo"] + p["provinces"] + p["policies"] + p["culture_deck"]
            everywhere += [p["warlord"], p["ambassador"], *p["reserve"], *p["free_cities"]] + ([p["wonder"]] if p["wonder"] else [])
        pend = (state.get("refill") or {}).get("pending") or {}
        everywhere += [pend[k] for k in ("a", "b", "know") if k in pend and not (k in ("a", "b") and "know" in pend)]
        if state["ask"] and state["ask"]["kind"] == "keepwonder":
            everywhere.append(state["ask"]["data"]["new"])
        if sorted(everywhere) != sorted(state["cards"]):
            raise ValueError("card instances are lost or duplicated")


def answer(state: State, seat: int, option: str) -> None:
    """Route the answer to state["ask"] to the module that asked; "skip" declines an optional effect."""
    a = state["ask"]
    state["ask"] = None
    if option == "skip":
        return
    kind = a["kind"]
    if kind in rounds.ANSWERS:
        rounds.answer(state, seat, kind, option)
    elif kind in actions.ANSWERS:
        actions.answer_menu(state, seat, kind, option, a["data"])
    else:
        effects.answer(state, seat, kind, option, a["data"])


ENGINE = MonumentalDuel()
