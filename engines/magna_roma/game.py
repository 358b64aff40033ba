"""The Magna Roma engine: set-up, the turn as small decisions, modules and the end of the game.

A turn: (solo: pick one of 3 tiles) -> rotation `r0`-`r3` -> cell (`c4`...) -> pending choices
(trade tokens, Dominus actions...) -> optional action (`build.<monument>`, `conquer`, `bless`) and
staffing monuments (`staff.<monument>`, `move.<monument>`) -> the next tile `s1`-`s10`, which also
ends the actions (multiplayer; `done` in solo or once the city is finished).
"""

from __future__ import annotations

from typing import Any

from engines.core import Engine, prng
from engines.core.names import ref
from engines.core.ranks import ranked
from engines.magna_roma import city as cityg
from engines.magna_roma import dominus, portus, scoring
from engines.magna_roma.data import COLOURS, FILES, build, data, default
from engines.magna_roma.gains import advance_stars, describe, gain, pay, waiting
from engines.magna_roma.prompts import PLACEMENTS, Prompts
from engines.magna_roma.texts import COL_FR, SYM_EN, SYM_FR, name_of
from engines.magna_roma.view import build_view

State = dict[str, Any]
PHASES = ("opening", "pick", "rotate", "cell", "action", "corner", "conquer", "bless", "moveto",
          "closing", "over")
PENDING_KINDS = ("trade", "star", "prestige", "dominus", "dfrom", "dto")


class MagnaRoma(Prompts, Engine):
    """Magna Roma for 1-4 players with the solo mode and the Dominus and Portus modules."""

    name = "magna_roma"
    # 2: Portus ports of 2 spaces, anchor last on islands (leaving it pays the goods); unlimited
    # population moves; ties shared after the rulebook's criteria
    # 3: fewer decisions: `build.<monument>` in one step, the next tile ends the actions (no
    # `done` then), blessings a set (`done` with none keeps the action), symmetric rotations once
    # 4: Dominus ranking: a tied group occupies as many places as it has players (whoever follows
    # a tie of three for first scores nothing), a tie for third scores nothing
    rules_version = 4
    title = "Magna Roma"
    title_fr = "Magna Roma"
    min_players = 1
    max_players = 4
    option_specs = [
        {"key": "solo_level", "choices": ["1", "2", "3", "random"], "default": "1", "players": [1],
         "help": "Solo difficulty: objectives of level I, II, III, or 4 drawn from all 12"},
        {"key": "dominus", "choices": ["off", "on"], "default": "off",
         "help": "Dominus module: the Dominus map replaces the military board"},
        {"key": "portus", "choices": ["off", "on"], "default": "off",
         "help": "Portus module: ports, islands and ships"},
    ]
    # the files of data/ a group's pack may replace (schema/<stem>.schema.json, README "Component packs")
    component_files = tuple(sorted(FILES))
    typical_turns = {1: 24, 2: 25, 3: 25, 4: 25}  # turns per player (`python -m bot bench`: turns_per_player)

    def catalog_from(self, files: dict[str, Any]) -> dict[str, Any]:
        """A pack's catalogue, after the same checks as the default data (checks.py)."""
        return build(files, reference=default())

    # ---- set-up -------------------------------------------------------------------------------
    def setup(self, state: State) -> None:
        d = data()
        n = state["num_players"]
        rng = state["rng"]
        solo = n == 1
        state["solo"] = solo
        centres = [c["id"] for c in d["tiles"]["centres"]]
        state["players"] = [
            {"city": {cityg.CENTRE: {"t": centres[s], "r": 0, "b": False}}, "stars": {c: 0 for c in COLOURS},
             "linked": [], "coins": 0, "population": 0, "blessings": 0, "market": 0, "military": 0,
             "pantheon": 0, "vp": 0, "monuments": [], "placed": 0, "pos": None, "last": None,
             "last_cell": None}
            for s in range(n)
        ]
        deck = [t["id"] for t in d["tiles"]["districts"]]
        prng.shuffle(rng, deck)
        size = next(s["spaces"] for s in d["tracks"]["selection"] if n in s["players"])
        state["spaces"] = [deck.pop() for _ in range(size)]
        state["deck"] = deck
        mons = [m["id"] for m in d["monuments"]["monuments"]]
        prng.shuffle(rng, mons)
        state["mon_offer"] = [mons.pop() for _ in range(3)]
        state["mon_deck"] = mons
        state["dominus"] = None
        state["portus"] = None
        state["provinces"] = []
        if state["options"]["dominus"] == "on":
            dominus.setup(state)
        else:
            provs = [p["id"] for p in d["provinces"]["provinces"]]
            prng.shuffle(rng, provs)
            state["provinces"] = [{"id": pid, "slots": [None, None, None]} for pid in provs[:3]]
            if solo:
                for b in d["solo"]["blocked"]:
                    state["provinces"][b["card"]]["slots"][b["slot"]] = -1
        trades = [t["id"] for t in d["trade_tokens"]["trade_tokens"]]
        prng.shuffle(rng, trades)
        state["trades"] = {str(pos): trades[i] for i, pos in enumerate(d["market"]["trade_spaces"])}
        if state["options"]["portus"] == "on":
            portus.setup(state)
        state["objectives"] = {}
        if solo:
            level = state["options"]["solo_level"]
            objs = [o["id"] for o in d["solo"]["objectives"] if level == "random" or str(o["level"]) == level]
            prng.shuffle(rng, objs)
            state["objectives"] = {line["id"]: objs[i] for i, line in enumerate(d["solo"]["lines"])}
        state["pending"] = []
        state["sel"] = {}
        state["hand"] = None
        state["rot"] = 0
        state["acted"] = False
        if solo:
            state["opening"] = []
            state["current"] = 0
            state["phase"] = "pick"
        else:
            state["opening"] = [0, *range(n - 1, 0, -1)]
            state["current"] = 0
            state["phase"] = "opening"

    # ---- whose turn -----------------------------------------------------------------------------
    def to_act(self, state: State) -> list[int]:
        return [] if state["over"] else [state["current"]]

    # ---- steps ----------------------------------------------------------------------------------
    def step(self, state: State, seat: int, option_id: str) -> None:
        if waiting(state):
            self._resolve(state, seat, option_id)
        else:
            getattr(self, f"_on_{state['phase']}")(state, seat, option_id)
        self._settle(state)

    def _settle(self, state: State) -> None:
        """Advance through steps that offer no real choice: a trade token the player cannot pay,
        an optional-action step with nothing to do but `done`, and the end of the turn."""
        while not state["over"]:
            seat = state["current"]
            if waiting(state):
                item = state["pending"][0]
                if item["kind"] == "trade" and self._pending_prompt(state, seat).ids() == ["skip"]:
                    state["pending"].pop(0)
                    continue
                return
            if state["phase"] == "closing":
                self._finish_turn(state)
                continue
            if state["phase"] == "action" and self._action_prompt(state, seat).ids() == ["done"]:
                self._after_actions(state, seat)
                continue
            return

    def _on_opening(self, state: State, seat: int, oid: str) -> None:
        i = int(oid[1:]) - 1
        state["players"][seat]["pos"] = i
        self.log(state, f"{ref(seat)} reserves space {i + 1}.", f"{ref(seat)} réserve la case {i + 1}.", seat)
        state["opening"].pop(0)
        self.end_turn(state)
        if state["opening"]:
            state["current"] = state["opening"][0]
        else:
            self._begin_turn(state, seat)

    def _begin_turn(self, state: State, seat: int) -> None:
        """Start a turn: take the reserved tile into hand (solo: pick from the offer first)."""
        state["current"] = seat
        state["acted"] = False
        state["sel"] = {}
        if state["solo"]:
            state["phase"] = "pick"
            return
        p = state["players"][seat]
        state["hand"] = state["spaces"][p["pos"]]
        state["spaces"][p["pos"]] = None
        state["phase"] = "rotate"

    def _on_pick(self, state: State, seat: int, oid: str) -> None:
        i = int(oid[1:]) - 1
        state["hand"] = state["spaces"][i]
        state["spaces"][i] = None
        state["phase"] = "rotate"

    def _on_rotate(self, state: State, seat: int, oid: str) -> None:
        state["rot"] = int(oid[1:])
        state["phase"] = "cell"

    def _on_cell(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        tile = data()["tile"][state["hand"]]
        p["city"][oid] = {"t": state["hand"], "r": state["rot"], "b": False}
        p["placed"] += 1
        p["last"] = tile["colour"]
        p["last_cell"] = oid
        state["hand"] = None
        self.log(state, f"{ref(seat)} places a {tile['colour']} district on {oid}.",
                 f"{ref(seat)} pose un quartier {COL_FR[tile['colour']]} en {oid}.", seat)
        if tile["stars"]:
            advance_stars(state, seat, tile["colour"], tile["stars"], share=True)
        self._symbols(state, seat, oid, share=True)
        state["phase"] = "action"

    def _symbols(self, state: State, seat: int, cell: str, share: bool) -> None:
        """Reward every symbol completed around `cell`: small if mixed colours, large if same."""
        d = data()
        for sym, same in cityg.completed(state["players"][seat]["city"], cell):
            size = 2 if same else 1
            if state["dominus"] and sym == "military":
                state["pending"].append({"kind": "dominus", "size": size})
                continue
            if state["dominus"] and sym == "prestige":
                state["pending"].append({"kind": "prestige", "size": size})
                continue
            g = d["symbol"][sym]["large" if same else "small"]
            gain(state, seat, g, share=share)
            self.log(state, f"{SYM_EN[sym].capitalize()} symbol{' (same colour)' if same else ''}: {describe(g)}.",
                     f"Symbole {SYM_FR[sym]}{' (même couleur)' if same else ''} : {describe(g, True)}.", seat)

    def _on_action(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        if oid.startswith("build."):
            self._on_monument(state, seat, oid[6:])
        elif oid[:1] == "s" and oid[1:].isdigit():
            self._on_select(state, seat, oid)
        elif oid == "conquer":
            state["phase"] = "conquer"
        elif oid == "bless":
            state["phase"] = "bless"
            state["sel"] = {"blessed": 0}
        elif oid.startswith("staff."):
            m = next(m for m in p["monuments"] if m["id"] == oid[6:])
            m["pop"] += 1
            p["population"] -= 1
        elif oid.startswith("move."):
            state["sel"] = {"from": oid[5:]}
            state["phase"] = "moveto"
        elif oid == "done":
            self._after_actions(state, seat)

    def _on_moveto(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        src = next(m for m in p["monuments"] if m["id"] == state["sel"]["from"])
        dst = next(m for m in p["monuments"] if m["id"] == oid)
        src["pop"] -= 1
        dst["pop"] += 1
        state["sel"] = {}
        state["phase"] = "action"

    def _on_monument(self, state: State, seat: int, oid: str) -> None:
        """`build.<monument>`: the Forum goes on the centre at once; another asks for its corner."""
        if data()["monument"][oid].get("on_centre"):
            self._build(state, seat, oid, "centre")
        else:
            state["sel"] = {"monument": oid}
            state["phase"] = "corner"

    def _on_corner(self, state: State, seat: int, oid: str) -> None:
        self._build(state, seat, state["sel"]["monument"], oid)

    def _build(self, state: State, seat: int, mid: str, at: str) -> None:
        p = state["players"][seat]
        spec = data()["monument"][mid]
        p["coins"] -= spec["cost"]
        p["monuments"].append({"id": mid, "at": at, "pop": 0})
        i = state["mon_offer"].index(mid)
        state["mon_offer"][i] = state["mon_deck"].pop() if state["mon_deck"] else None
        state["checkpoint"] += 1  # a hidden monument is revealed
        where_en = "on the city centre" if at == "centre" else f"at corner {at}"
        where_fr = "sur le centre-ville" if at == "centre" else f"au coin {at}"
        self.log(state, f"{ref(seat)} builds the {spec['name_en']} {where_en}.",
                 f"{ref(seat)} construit le monument {spec['name_fr']} {where_fr}.", seat)
        if spec.get("immediate"):
            gain(state, seat, spec["immediate"])
        state["acted"] = True
        state["sel"] = {}
        state["phase"] = "action"

    def _on_conquer(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        pid, _, k = oid.partition(".")
        slot_i = int(k) - 1
        card = next(c for c in state["provinces"] if c["id"] == pid)
        slot = data()["province"][pid]["slots"][slot_i]
        card["slots"][slot_i] = seat
        p["military"] -= slot["cost"]
        self.log(state, f"{ref(seat)} conquers {name_of('province', pid)} slot {slot_i + 1} with {slot['cost']} legions.",
                 f"{ref(seat)} conquiert {name_of('province', pid, True)} case {slot_i + 1} avec {slot['cost']} légions.", seat)
        if slot["bonus"]:
            gain(state, seat, slot["bonus"])
        state["acted"] = True
        state["phase"] = "action"

    def _on_bless(self, state: State, seat: int, oid: str) -> None:
        p = state["players"][seat]
        if oid == "done":  # blessing nothing keeps the optional action
            state["sel"] = {}
            state["phase"] = "action"
            return
        state["acted"] = True
        p["blessings"] -= 1
        p["city"][oid]["b"] = True
        state["sel"]["blessed"] = state["sel"].get("blessed", 0) + 1
        self.log(state, f"{ref(seat)} blesses {oid}.", f"{ref(seat)} bénit {oid}.", seat)
        self._symbols(state, seat, oid, share=False)
        if p["blessings"] <= 0 or not self._blessable(p):
            state["sel"] = {}
            state["phase"] = "action"

    def _after_actions(self, state: State, seat: int) -> None:
        """`done` (solo, a finished city, or no tile within reach): the turn closes; otherwise the
        actions end with the choice of the next tile (`s1`...), see `_on_select`."""
        p = state["players"][seat]
        state["sel"] = {}
        if p["placed"] >= PLACEMENTS:
            p["pos"] = None  # a finished city reserves no tile
        self._close_turn(state, seat)

    def _on_select(self, state: State, seat: int, oid: str) -> None:
        state["players"][seat]["pos"] = int(oid[1:]) - 1
        state["sel"] = {}
        self._close_turn(state, seat)

    def _close_turn(self, state: State, seat: int) -> None:
        """Refill the offer, move the ship (Portus); decisions this raises are settled first."""
        if state["solo"]:
            more = state["players"][0]["placed"] < PLACEMENTS
            state["spaces"] = [state["deck"].pop() if state["deck"] and more else None for _ in range(3)]
        else:
            for i, t in enumerate(state["spaces"]):
                if t is None and state["deck"]:
                    state["spaces"][i] = state["deck"].pop()
        state["checkpoint"] += 1  # new tiles are revealed
        if state["portus"]:
            for g in portus.end_of_turn(state, seat, state["players"][seat]["last"]):
                gain(state, seat, g)
        state["phase"] = "closing"

    def _finish_turn(self, state: State) -> None:
        seat = state["current"]
        n = state["num_players"]
        self.end_turn(state)
        if all(p["placed"] >= PLACEMENTS for p in state["players"]):
            state["over"] = True
            state["phase"] = "over"
            res = self.result(state)
            scores = ", ".join(f"{ref(s)} {res['scores'][s]}" for s in res["ranking"])
            self.log(state, f"Final scores: {scores}.", f"Scores finaux : {scores}.")
            return
        self._begin_turn(state, (seat + 1) % n)

    # ---- pending decisions ------------------------------------------------------------------------
    def _resolve(self, state: State, seat: int, oid: str) -> None:
        """Settle the first waiting decision; follow-up decisions go to the front of the queue."""
        item = state["pending"].pop(0)
        p = state["players"][seat]
        kind = item["kind"]
        if kind == "trade":
            if oid == "skip":
                return
            tok = data()["trade"][item["token"]]
            alt = tok["pay"][0] if oid == "trade" else next(a for a in tok["pay"] if next(iter(a)) == oid[6:])
            pay(p, alt)
            self.log(state, f"Trade: {describe(alt)} for {describe(tok['gain'])}.",
                     f"Échange : {describe(alt, True)} contre {describe(tok['gain'], True)}.", seat)
            self._gain_front(state, seat, tok["gain"])
        elif kind == "star":
            self._front(state, lambda: advance_stars(state, seat, oid, 1))
        elif kind == "prestige":
            if oid == "vp":
                p["vp"] += 3 if item["size"] == 2 else 1
            else:
                state["pending"].insert(0, {"kind": "dominus", "size": item["size"]})
        elif kind == "dominus":
            if oid == "deploy":
                dominus.deploy(state, seat, "legion")
            elif oid == "deploy2":
                dominus.deploy(state, seat, "legion")
                dominus.deploy(state, seat, "legion")
            elif oid == "move":
                state["pending"].insert(0, {"kind": "dfrom", "unit": "legion", "left": 1})
            elif oid == "move2":
                state["pending"].insert(0, {"kind": "dfrom", "unit": "legion", "left": 2})
            elif oid == "deploymove":
                dominus.deploy(state, seat, "legion")
                state["pending"].insert(0, {"kind": "dfrom", "unit": "legion", "left": 1})
            elif oid == "general":
                if item["size"] == 2:
                    dominus.deploy(state, seat, "general")
                else:
                    state["pending"].insert(0, {"kind": "dfrom", "unit": "general", "left": 1})
        elif kind == "dfrom":
            if oid != "skip":
                state["pending"].insert(0, {"kind": "dto", "unit": item["unit"], "from": oid, "left": item["left"]})
        elif kind == "dto":
            left = item["left"] - 1
            if left > 0:
                state["pending"].insert(0, {"kind": "dfrom", "unit": item["unit"], "left": left})
            self._gain_front(state, seat, dominus.move(state, seat, item["unit"], item["from"], oid))

    def _front(self, state: State, action: Any) -> None:
        """Run `action`; decisions it raises come before those already waiting."""
        waiting = state["pending"]
        state["pending"] = []
        action()
        state["pending"].extend(waiting)

    def _gain_front(self, state: State, seat: int, g: dict[str, int]) -> None:
        self._front(state, lambda: gain(state, seat, g))

    # ---- end ------------------------------------------------------------------------------------
    def result(self, state: State) -> dict[str, Any]:
        """Scores with their breakdown, ranked by the rulebook's tie-breaks; players still tied
        after them share the place (the rulebook gives no further criterion)."""
        parts = scoring.breakdown(state)
        scores = [sum(b.values()) for b in parts]
        tiebreaks = [scoring.tiebreak(state, s) for s in range(state["num_players"])]
        return ranked(scores, parts, tiebreaks, scoring.criteria(state), labels=scoring.labels(parts))

    def validate(self, state: State) -> None:
        """Refuse loaded states that break the invariants the engine relies on."""
        if len(state.get("players", [])) != state["num_players"]:
            raise ValueError("one player area per seat")
        if state.get("phase") not in PHASES:
            raise ValueError(f"unknown phase {state.get('phase')!r}")
        if any(item.get("kind") not in PENDING_KINDS for item in state.get("pending", [])):
            raise ValueError("unknown pending decision")
        if not 0 <= state.get("current", -1) < state["num_players"]:
            raise ValueError("current seat out of range")
        for p in state["players"]:
            if cityg.CENTRE not in p["city"]:
                raise ValueError("every city has its centre at e5")
            if len(p["city"]) != p["placed"] + 1:
                raise ValueError("city size does not match the placements")
            for k in ("coins", "population", "blessings", "military"):
                if p[k] < 0:
                    raise ValueError(f"negative {k}")

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return build_view(self, state, seat)
