"""Prompts, legality and refusals of Magna Roma: what a seat may choose now and, for a refused
id, the precise reason (English and French). Mixed into the engine class in game.py."""

from __future__ import annotations

from typing import Any

from engines.core import Option, Prompt
from engines.core.contract import fit_words
from engines.core.names import ref
from engines.magna_roma import city as cityg
from engines.magna_roma import dominus
from engines.magna_roma.data import COLOURS, data
from engines.magna_roma.gains import can_pay, describe, waiting
from engines.magna_roma.texts import (
    COL_FR,
    ICON_EN,
    ICON_FR,
    SIDE_EN,
    SIDE_FR,
    SYM_EN,
    SYM_FR,
    monument_text,
    name_of,
    slot_text,
    staff_option,
    yield_text,
)

State = dict[str, Any]
PLACEMENTS = 24  # districts in a finished city (5x5 less the centre)


class Prompts:
    """The prompt side of the engine (mixed into `MagnaRoma`)."""

    # ---- prompts ------------------------------------------------------------------------------
    def prompt(self, state: State, seat: int) -> Prompt | None:
        """The legal options of the current seat: a waiting decision first, then the phase's step."""
        if state["over"] or seat != state["current"]:
            return None
        if waiting(state):
            return self._pending_prompt(state, seat)
        phase = state["phase"]
        p = state["players"][seat]
        if phase == "opening":
            opts = [Option(f"s{i + 1}", self._space_label(state, i), self._space_label(state, i, True))
                    for i in self._selectable(state, seat)]
            return Prompt(seat, "Choose your first district tile", opts, "Choisissez votre première tuile quartier")
        if phase == "pick":
            opts = [Option(f"s{i + 1}", self._space_label(state, i), self._space_label(state, i, True))
                    for i, t in enumerate(state["spaces"]) if t]
            return Prompt(seat, "Choose one of the 3 district tiles", opts, "Choisissez une des 3 tuiles quartier")
        if phase == "rotate":
            tile = data()["tile"][state["hand"]]
            opts, seen = [], set()
            for r in range(4):
                s = cityg.rotated(tile["sides"], r)
                if tuple(s) in seen:
                    continue  # a symmetric tile: this turn gives the same district as an earlier one
                seen.add(tuple(s))
                en = f"{r * 90}°: " + " ".join(f"{SIDE_EN[k]} {SYM_EN[s[k]]}" for k in range(4))
                fr = f"{r * 90}° : " + " ".join(f"{SIDE_FR[k]} {SYM_FR[s[k]]}" for k in range(4))
                opts.append(Option(f"r{r}", en, fr))
            return Prompt(seat, f"Rotate your {tile['name_en']}", opts, f"Tournez votre {tile['name_fr']}")
        if phase == "cell":
            opts = []
            for c in cityg.legal_cells(p["city"], state["solo"]):
                entry = {"t": state["hand"], "r": state["rot"]}
                gains = self._preview(state, p["city"], c, entry)
                opts.append(Option(c, f"{c}: {gains[0]}", f"{c} : {gains[1]}", gains[2], gains[3]))
            return Prompt(seat, "Where do you place the district?", opts, "Où placez-vous le quartier ?")
        if phase == "action":
            return self._action_prompt(state, seat)
        if phase == "corner":
            used = self._used_cells(p)
            opts = [Option(v, f"corner of {', '.join(cityg.corner_cells(v))}", f"coin de {', '.join(cityg.corner_cells(v))}")
                    for v in cityg.legal_corners(p["city"], used)]
            return Prompt(seat, "Where do you build it (the corner of 4 districts)?", opts,
                          "Où le construisez-vous (coin de 4 quartiers) ?")
        if phase == "conquer":
            opts = []
            for pid, k in self._conquerable(state, seat):
                slot = data()["province"][pid]["slots"][k]
                opts.append(Option(f"{pid}.{k + 1}", f"{name_of('province', pid)} slot {k + 1}: {slot['cost']} legions",
                                   f"{name_of('province', pid, True)} case {k + 1} : {slot['cost']} légions",
                                   *slot_text(state, seat, pid, k)))
            return Prompt(seat, "Which province slot do you conquer?", opts, "Quelle case de province conquérez-vous ?")
        if phase == "bless":
            opts = [Option(c, f"bless {c}", f"bénir {c}", *self._bless_preview(state, p, c)) for c in self._blessable(p)]
            if state["sel"].get("blessed"):
                opts.append(Option("done", "stop blessing", "arrêter de bénir"))
            else:
                opts.append(Option("done", "bless nothing", "ne rien bénir", "keeps your optional action for this turn",
                                   "garde votre action optionnelle de ce tour"))
            n = p["blessings"]
            return Prompt(seat, f"Which districts do you bless ({n} token{'s' if n > 1 else ''})?", opts,
                          f"Quels quartiers bénissez-vous ({n} jeton{'s' if n > 1 else ''}) ?", done="done")
        if phase == "moveto":
            src = state["sel"]["from"]
            opts = [Option(m["id"], f"to {name_of('monument', m['id'])}", f"vers {name_of('monument', m['id'], True)}")
                    for m in p["monuments"] if m["id"] != src and m["pop"] < self._cap(m["id"])]
            return Prompt(seat, "Move one population to which monument?", opts, "Déplacer une population vers quel monument ?")
        raise AssertionError(f"no prompt for phase {phase}")

    def _space_label(self, state: State, i: int, fr: bool = False) -> str:
        t = data()["tile"][state["spaces"][i]]
        sides = "/".join((SYM_FR if fr else SYM_EN)[s] for s in t["sides"])
        colour = COL_FR[t["colour"]] if fr else t["colour"]
        stars = f" {t['stars']}★" if t["stars"] else ""
        icon = f" {(ICON_FR if fr else ICON_EN)[t['icon']]}" if t["icon"] else ""
        return f"space {i + 1}: {colour}{stars}{icon} ({sides})" if not fr else f"case {i + 1} : {colour}{stars}{icon} ({sides})"

    def _preview(self, state: State, city: dict[str, Any], cell: str, entry: dict[str, Any]) -> tuple[str, str, str, str]:
        """Label parts (symbols completed, `+` for same colour) and the description: their yield."""
        trial = dict(city)
        trial[cell] = entry
        done = cityg.completed(trial, cell)
        if not done:
            return "no symbol", "aucun symbole", "", ""
        en = ", ".join(f"{SYM_EN[s]}{'+' if same else ''}" for s, same in done)
        fr = ", ".join(f"{SYM_FR[s]}{'+' if same else ''}" for s, same in done)
        return (en, fr, *yield_text(state, done))

    def _bless_preview(self, state: State, p: dict[str, Any], cell: str) -> tuple[str, str]:
        """What blessing `cell` gives now: its completed symbols are rewarded again."""
        done = cityg.completed(p["city"], cell)
        return yield_text(state, done) if done else ("no symbol", "aucun symbole")

    def _action_prompt(self, state: State, seat: int) -> Prompt:
        """At most one optional action, plus staffing and population moves, which are not actions and
        may be repeated « autant de fois que vous le souhaitez », until the next tile (or `done`)."""
        p = state["players"][seat]
        opts: list[Option] = []
        if not state["acted"]:
            for mid in self._buildable(state, seat):
                cost = data()["monument"][mid]["cost"]
                opts.append(Option(f"build.{mid}", f"Build the {name_of('monument', mid)} ({cost} coins)",
                                   f"Construire le monument {name_of('monument', mid, True)} ({cost} pièces)",
                                   *monument_text(mid)))
            if self._conquerable(state, seat):
                opts.append(Option("conquer", "Send legions to conquer a province", "Envoyer des légions conquérir une province"))
            if p["blessings"] > 0 and self._blessable(p):
                opts.append(Option("bless", "Bless districts", "Bénir des quartiers"))
        if p["population"] > 0:
            opts.extend(staff_option(p, m) for m in p["monuments"] if m["pop"] < self._cap(m["id"]))
        for m in p["monuments"]:
            if m["pop"] > 0 and any(o is not m and o["pop"] < self._cap(o["id"]) for o in p["monuments"]):
                opts.append(Option(f"move.{m['id']}", f"Move 1 population from {name_of('monument', m['id'])}",
                                   f"Déplacer 1 population depuis {name_of('monument', m['id'], True)}"))
        nxt = self._next_tiles(state, seat)
        for i in nxt:  # ending the actions and choosing the next tile are one decision
            opts.append(Option(f"s{i + 1}", self._space_label(state, i), self._space_label(state, i, True),
                               "next tile: ends your actions and reserves it for your next turn",
                               "prochaine tuile : termine vos actions et la réserve pour votre prochain tour"))
        if not nxt:
            if state["acted"]:
                opts.append(Option("done", "End your actions", "Terminer vos actions"))
            else:
                opts.append(Option("done", "No optional action", "Aucune action optionnelle"))
        if nxt and len(opts) == len(nxt):
            return Prompt(seat, "Choose the tile for your next turn", opts, "Choisissez la tuile de votre prochain tour")
        if nxt:
            return Prompt(seat, "Optional action (one) and population, or your next tile", opts,
                          "Action optionnelle (une) et population, ou votre prochaine tuile")
        return Prompt(seat, "Optional action (one) and population", opts, "Action optionnelle (une) et population")

    def _next_tiles(self, state: State, seat: int) -> list[int]:
        """Spaces the seat may reserve once its actions end (none in solo or a finished city)."""
        if state["solo"] or state["players"][seat]["placed"] >= PLACEMENTS:
            return []
        return self._selectable(state, seat)

    def _pending_prompt(self, state: State, seat: int) -> Prompt:
        """A decision raised by a gain (trade token, colony star, prestige or Dominus action)."""
        item = state["pending"][0]
        p = state["players"][seat]
        kind = item["kind"]
        if kind == "trade":
            tok = data()["trade"][item["token"]]
            opts = []
            for alt in tok["pay"]:
                if can_pay(state, p, alt):
                    oid = "trade" if len(tok["pay"]) == 1 else "trade." + next(iter(alt))
                    opts.append(Option(oid, fit_words(f"Pay {describe(alt)} for {describe(tok['gain'])}"),
                                       fit_words(f"Payer {describe(alt, True)} pour {describe(tok['gain'], True)}")))
            opts.append(Option("skip", "Do not trade", "Ne pas échanger"))
            return Prompt(seat, f"Trade token: {tok['name_en']}", opts, f"Jeton commerce : {tok['name_fr']}")
        if kind == "star":
            opts = [Option(c, f"One star on the {c} track", f"Une étoile sur la piste {COL_FR[c]}") for c in COLOURS]
            return Prompt(seat, "Colony bonus: which star track?", opts, "Bonus de colonie : quelle piste étoile ?")
        if kind == "prestige":
            vp = 3 if item["size"] == 2 else 1
            opts = [Option("vp", f"Score {vp} VP", f"Marquer {vp} PV"),
                    Option("dominus", "Use it on the Dominus map", "L'utiliser sur le plateau Dominus")]
            return Prompt(seat, "Prestige symbol: points or Dominus?", opts, "Symbole de prestige : points ou Dominus ?")
        if kind == "dominus":
            opts = self._dominus_options(p, item["size"])
            # deploying is free and never hurts (Rome scores nothing; a legion in Rome can still
            # move later): when it is the only action, it is a pure gain
            only = opts[0].id if len(opts) == 2 and opts[0].id in ("deploy", "deploy2") else ""
            return Prompt(seat, "Dominus: deploy or move units", opts, "Dominus : déployer ou déplacer des unités", gain=only)
        if kind == "dfrom":
            opts = [Option(r, f"from {name_of('region', r)}", f"depuis {name_of('region', r, True)}")
                    for r in dominus.unit_regions(p, item["unit"])]
            opts.append(Option("skip", "Stop moving", "Arrêter de déplacer"))
            return Prompt(seat, f"Move a {item['unit']} from where?", opts, "Déplacer une unité depuis où ?")
        if kind == "dto":
            opts = [Option(r, f"to {name_of('region', r)}", f"vers {name_of('region', r, True)}") for r in dominus.adjacent(item["from"])]
            return Prompt(seat, "Move it to which adjacent province?", opts, "Vers quelle province adjacente ?")
        raise AssertionError(kind)

    def _dominus_options(self, p: dict[str, Any], size: int) -> list[Option]:
        sup = dominus.supply(p)
        on_map = bool(p["legions"])
        opts = []
        if size == 1:
            if sup > 0:
                opts.append(Option("deploy", "Deploy 1 legion in Rome", "Déployer 1 légion à Rome"))
            if on_map:
                opts.append(Option("move", "Move 1 legion", "Déplacer 1 légion"))
            if p["general"]:
                opts.append(Option("general", "Move your general", "Déplacer votre général"))
        else:
            if sup > 0:
                opts.append(Option("deploy2", "Deploy 2 legions in Rome", "Déployer 2 légions à Rome"))
            if on_map:
                opts.append(Option("move2", "Move 2 legions", "Déplacer 2 légions"))
            if sup > 0 and on_map:
                opts.append(Option("deploymove", "Deploy 1 legion and move 1", "Déployer 1 légion et en déplacer 1"))
            if p["general"] is None:
                opts.append(Option("general", "Deploy your general in Rome", "Déployer votre général à Rome"))
        opts.append(Option("skip", "Do nothing", "Ne rien faire"))
        return opts

    # ---- legality helpers -----------------------------------------------------------------------
    def _selectable(self, state: State, seat: int) -> list[int]:
        """Spaces a marker may move to: up to 2 free tiles each way, skipping occupied or empty spaces."""
        spaces = state["spaces"]
        taken = {q["pos"] for s, q in enumerate(state["players"]) if s != seat and q["pos"] is not None}
        free = [i for i, t in enumerate(spaces) if t and i not in taken]
        pos = state["players"][seat]["pos"]
        if pos is None:
            return free
        n = len(spaces)
        out: set[int] = set()
        for step in (1, -1):
            found, i = 0, pos
            for _ in range(n):
                i = (i + step) % n
                if i in free:
                    out.add(i)
                    found += 1
                    if found == 2:
                        break
        return sorted(out)

    def _cap(self, mid: str) -> int:
        """Population a monument can hold: its requirement, or more for the Mausoleum."""
        m = data()["monument"][mid]
        return m.get("max_workers", m["workers"])

    def _used_cells(self, p: dict[str, Any]) -> set[str]:
        used: set[str] = set()
        for m in p["monuments"]:
            used.update(cityg.corner_cells(m["at"]) if m["at"] != "centre" else [cityg.CENTRE])
        return used

    def _buildable(self, state: State, seat: int) -> list[str]:
        """Monuments on offer that the seat can pay for and place (only those are offered)."""
        p = state["players"][seat]
        out = []
        used = self._used_cells(p)
        for m in state["mon_offer"]:
            if m is None or data()["monument"][m]["cost"] > p["coins"]:
                continue
            if data()["monument"][m].get("on_centre"):
                if cityg.CENTRE not in used:
                    out.append(m)
            elif cityg.legal_corners(p["city"], used):
                out.append(m)
        return out

    def _conquerable(self, state: State, seat: int) -> list[tuple[str, int]]:
        """Free, unblocked slots the seat can pay, on cards where it has no marker yet."""
        p = state["players"][seat]
        out = []
        for card in state["provinces"]:
            if seat in card["slots"]:
                continue
            for k, owner in enumerate(card["slots"]):
                if owner is None and data()["province"][card["id"]]["slots"][k]["cost"] <= p["military"]:
                    out.append((card["id"], k))
        return out

    def _blessable(self, p: dict[str, Any]) -> list[str]:
        return sorted((c for c, e in p["city"].items() if cityg.is_district(e) and not e["b"]),
                      key=lambda c: (cityg.xy(c)[1], cityg.xy(c)[0]))

    # ---- refusals -------------------------------------------------------------------------------
    def explain(self, state: State, seat: int, option_id: str) -> tuple[str, str] | None:
        if state["over"] or seat != state["current"] or waiting(state):
            return None
        p = state["players"][seat]
        phase = state["phase"]
        if phase == "cell" and cityg.valid_cell(option_id):
            why = cityg.refusal(p["city"], option_id, state["solo"])
            if why == "taken":
                return ("There is already a tile on that space.", "Il y a déjà une tuile sur cette case.")
            if why == "adjacent":
                return ("That tile must touch your city along a full side.",
                        "Cette tuile doit toucher votre ville par un côté entier.")
            if why == "fit":
                if state["solo"]:
                    return ("Your city must stay inside the 5x5 grid of the solo board.",
                            "Votre ville doit rester dans la grille 5x5 du plateau solo.")
                return ("Your finished city must fit in a 5x5 grid: that tile would make it too wide or too tall.",
                        "Votre ville finie doit tenir dans une grille 5x5 : cette tuile la rendrait trop large ou trop haute.")
        if phase == "corner" and cityg.valid_cell(option_id):
            why = cityg.corner_refusal(p["city"], option_id, self._used_cells(p))
            if why == "centre":
                return ("A monument can never be built on your city centre (only the Forum goes there).",
                        "Un monument ne peut jamais être construit sur votre centre-ville (seul le Forum y va).")
            if why == "districts":
                return ("A monument must stand where 4 districts of your city meet.",
                        "Un monument doit être placé à l'intersection de 4 quartiers de votre ville.")
            if why == "taken":
                return ("A monument already stands on one of those districts.",
                        "Un monument est déjà construit sur l'un de ces quartiers.")
        if phase == "conquer" and "." in option_id:
            pid, _, k = option_id.partition(".")
            card = next((c for c in state["provinces"] if c["id"] == pid), None)
            if card and k.isdigit() and 1 <= int(k) <= 3:
                if seat in card["slots"]:
                    return ("You already have a marker on this province card: only one per card.",
                            "Vous avez déjà un marqueur sur cette carte Province : un seul par carte.")
                owner = card["slots"][int(k) - 1]
                if owner == -1:
                    return ("That slot is blocked in the solo game.", "Cette case est bloquée en mode solo.")
                if owner is not None:
                    return (f"{ref(owner)} already holds that slot.", f"{ref(owner)} occupe déjà cette case.")
                cost = data()["province"][pid]["slots"][int(k) - 1]["cost"]
                return (f"You need {cost} legions for that slot.", f"Il vous faut {cost} légions pour cette case.")
        if phase == "bless" and option_id in p["city"]:
            if p["city"][option_id]["b"]:
                return ("That district is already blessed: one blessing token per tile.",
                        "Ce quartier est déjà béni : un seul jeton Bénédiction par tuile.")
            if not cityg.is_district(p["city"][option_id]):
                return ("Only district tiles can be blessed, not the city centre.",
                        "Seules les tuiles quartier peuvent être bénies, pas le centre-ville.")
        if phase == "action":
            why = self._explain_action(state, seat, option_id)
            if why:
                return why
        if phase == "moveto" and any(m["id"] == option_id for m in p["monuments"]):
            if option_id == state["sel"]["from"]:
                return ("The population is already on that monument: choose another one.",
                        "La population est déjà sur ce monument : choisissez-en un autre.")
            return ("That monument already holds all the population it can.",
                    "Ce monument accueille déjà toute la population possible.")
        if phase in ("opening", "action") and option_id[:1] == "s" and option_id[1:].isdigit():
            i = int(option_id[1:]) - 1
            if 0 <= i < len(state["spaces"]):
                others = {q["pos"]: s for s, q in enumerate(state["players"]) if s != seat and q["pos"] is not None}
                if i in others:
                    return (f"The marker of {ref(others[i])} is on that tile.", f"Le marqueur de {ref(others[i])} est sur cette tuile.")
                if state["spaces"][i] is None:
                    return ("That space is empty.", "Cette case est vide.")
                return ("That tile is out of range: choose within 2 free spaces of your marker, either way.",
                        "Cette tuile est hors de portée : choisissez à 2 cases libres au plus de votre marqueur, dans un sens ou l'autre.")
        return None

    def _explain_action(self, state: State, seat: int, option_id: str) -> tuple[str, str] | None:
        p = state["players"][seat]
        if (option_id in ("build", "conquer", "bless") or option_id.startswith("build.")) and state["acted"]:
            return ("Only one optional action per turn.", "Une seule action optionnelle par tour.")
        if option_id == "build" or option_id.startswith("build."):
            return self._explain_build(state, p, option_id[6:])
        if option_id in p["city"] and cityg.is_district(p["city"][option_id]) and p["blessings"] <= 0:
            return ("You have no blessing token left.", "Il ne vous reste aucun jeton Bénédiction.")
        if option_id == "done" and self._next_tiles(state, seat):
            return ("Choose your next tile (s1...): it ends your actions.",
                    "Choisissez votre prochaine tuile (s1...) : elle termine vos actions.")
        if option_id == "conquer":
            if state["dominus"]:
                return ("With Dominus there is no military board to conquer.",
                        "Avec Dominus il n'y a pas de plateau militaire à conquérir.")
            return ("No free province slot you can pay with your legions.",
                    "Aucune case de province libre payable avec vos légions.")
        if option_id == "bless":
            if p["blessings"] <= 0:
                return ("You have no blessing token.", "Vous n'avez aucun jeton Bénédiction.")
            return ("All your districts are already blessed.", "Tous vos quartiers sont déjà bénis.")
        if option_id.startswith(("staff.", "move.")):
            return self._explain_population(p, option_id)
        return None

    @staticmethod
    def _explain_build(state: State, p: dict[str, Any], mid: str) -> tuple[str, str]:
        """Why `build.<mid>` is refused: not on offer, too dear, or no free corner."""
        if mid in data()["monument"]:
            if mid not in state["mon_offer"]:
                return ("That monument is not on offer.", "Ce monument n'est pas proposé.")
            cost = data()["monument"][mid]["cost"]
            if cost > p["coins"]:
                return (f"You need {cost} coins for that monument.", f"Il vous faut {cost} pièces pour ce monument.")
            return ("Your city has no free corner where 4 districts meet.",
                    "Votre ville n'a aucune intersection libre de 4 quartiers.")
        return ("No monument on offer is both affordable and placeable in your city.",
                "Aucun monument proposé n'est à la fois payable et plaçable dans votre ville.")

    def _explain_population(self, p: dict[str, Any], option_id: str) -> tuple[str, str] | None:
        """Why population cannot be put on (`staff.<id>`) or moved from (`move.<id>`) a monument."""
        kind, _, mid = option_id.partition(".")
        mine = next((m for m in p["monuments"] if m["id"] == mid), None)
        if mine is None:
            return ("You have no such monument in your city.", "Vous n'avez pas ce monument dans votre cité.")
        if kind == "staff":
            if p["population"] <= 0:
                return ("You have no population in your supply.", "Vous n'avez aucune population en réserve.")
            return ("That monument already holds all the population it can.",
                    "Ce monument accueille déjà toute la population possible.")
        if mine["pop"] <= 0:
            return ("There is no population on that monument to move.", "Il n'y a aucune population à déplacer sur ce monument.")
        return ("None of your other monuments has room for more population.",
                "Aucun de vos autres monuments n'a de place pour plus de population.")
