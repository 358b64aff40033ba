"""Prompts of Magna Roma: what a seat is asked now, its legal options (legal.py) labelled with
what each gives or costs."""

from __future__ import annotations

from typing import Any

from engines.core import Option, Prompt
from engines.core.contract import fit_words
from engines.core.state import State
from engines.magna_roma import city as cityg
from engines.magna_roma import dominus, legal
from engines.magna_roma.data import COLOURS, catalog
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


def prompt(state: State, seat: int) -> Prompt | None:
    """The legal options of the current seat: a waiting decision first, then the phase's step."""
    if state["over"] or seat != state["current"]:
        return None
    if waiting(state):
        return pending_prompt(state, seat)
    phase = state["phase"]
    p = state["players"][seat]
    if phase == "opening":
        opts = [Option(f"s{i + 1}", _space_label(state, i), _space_label(state, i, "fr"))
                for i in legal.selectable(state, seat)]
        return Prompt(seat, "Choose your first district tile", opts, "Choisissez votre première tuile quartier")
    if phase == "pick":
        opts = [Option(f"s{i + 1}", _space_label(state, i), _space_label(state, i, "fr"))
                for i, t in enumerate(state["spaces"]) if t]
        return Prompt(seat, "Choose one of the 3 district tiles", opts, "Choisissez une des 3 tuiles quartier")
    if phase == "rotate":
        tile = catalog(state)["tile"][state["hand"]]
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
            gains = _preview(state, p["city"], c, entry)
            opts.append(Option(c, f"{c}: {gains[0]}", f"{c} : {gains[1]}", gains[2], gains[3]))
        return Prompt(seat, "Where do you place the district?", opts, "Où placez-vous le quartier ?")
    if phase == "action":
        return action_prompt(state, seat)
    if phase == "corner":
        used = legal.used_cells(p)
        opts = [Option(v, f"corner of {', '.join(cityg.corner_cells(v))}", f"coin de {', '.join(cityg.corner_cells(v))}")
                for v in cityg.legal_corners(p["city"], used)]
        return Prompt(seat, "Where do you build it (the corner of 4 districts)?", opts,
                      "Où le construisez-vous (coin de 4 quartiers) ?")
    if phase == "conquer":
        opts = []
        for pid, k in legal.conquerable(state, seat):
            slot = catalog(state)["province"][pid]["slots"][k]
            opts.append(Option(f"{pid}.{k + 1}", f"{name_of(state, 'province', pid)} slot {k + 1}: {slot['cost']} legions",
                               f"{name_of(state, 'province', pid, 'fr')} case {k + 1} : {slot['cost']} légions",
                               *slot_text(state, seat, pid, k)))
        return Prompt(seat, "Which province slot do you conquer?", opts, "Quelle case de province conquérez-vous ?")
    if phase == "bless":
        opts = [Option(c, f"bless {c}", f"bénir {c}", *_bless_preview(state, p, c)) for c in legal.blessable(state, p)]
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
        opts = [Option(m["id"], f"to {name_of(state, 'monument', m['id'])}", f"vers {name_of(state, 'monument', m['id'], 'fr')}")
                for m in p["monuments"] if m["id"] != src and m["pop"] < legal.cap(state, m["id"])]
        return Prompt(seat, "Move one population to which monument?", opts, "Déplacer une population vers quel monument ?")
    raise AssertionError(f"no prompt for phase {phase}")


def _space_label(state: State, i: int, lang: str = "en") -> str:
    t = catalog(state)["tile"][state["spaces"][i]]
    sides = "/".join((SYM_FR if lang == "fr" else SYM_EN)[s] for s in t["sides"])
    colour = COL_FR[t["colour"]] if lang == "fr" else t["colour"]
    stars = f" {t['stars']}★" if t["stars"] else ""
    icon = f" {(ICON_FR if lang == 'fr' else ICON_EN)[t['icon']]}" if t["icon"] else ""
    return f"space {i + 1}: {colour}{stars}{icon} ({sides})" if lang != "fr" else f"case {i + 1} : {colour}{stars}{icon} ({sides})"


def _preview(state: State, city: dict[str, Any], cell: str, entry: dict[str, Any]) -> tuple[str, str, str, str]:
    """Label parts (symbols completed, `+` for same colour) and the description: their yield."""
    trial = dict(city)
    trial[cell] = entry
    done = cityg.completed(state, trial, cell)
    if not done:
        return "no symbol", "aucun symbole", "", ""
    en = ", ".join(f"{SYM_EN[s]}{'+' if same else ''}" for s, same in done)
    fr = ", ".join(f"{SYM_FR[s]}{'+' if same else ''}" for s, same in done)
    return (en, fr, *yield_text(state, done))


def _bless_preview(state: State, p: dict[str, Any], cell: str) -> tuple[str, str]:
    """What blessing `cell` gives now: its completed symbols are rewarded again."""
    done = cityg.completed(state, p["city"], cell)
    return yield_text(state, done) if done else ("no symbol", "aucun symbole")


def action_prompt(state: State, seat: int) -> Prompt:
    """At most one optional action, plus staffing and population moves, which are not actions and
    may be repeated « autant de fois que vous le souhaitez », until the next tile (or `done`)."""
    p = state["players"][seat]
    opts: list[Option] = []
    if not state["acted"]:
        for mid in legal.buildable(state, seat):
            cost = catalog(state)["monument"][mid]["cost"]
            opts.append(Option(f"build.{mid}", f"Build the {name_of(state, 'monument', mid)} ({cost} coins)",
                               f"Construire le monument {name_of(state, 'monument', mid, 'fr')} ({cost} pièces)",
                               *monument_text(state, mid)))
        if legal.conquerable(state, seat):
            opts.append(Option("conquer", "Send legions to conquer a province", "Envoyer des légions conquérir une province"))
        if p["blessings"] > 0 and legal.blessable(state, p):
            opts.append(Option("bless", "Bless districts", "Bénir des quartiers"))
    if p["population"] > 0:
        opts.extend(staff_option(state, p, m) for m in p["monuments"] if m["pop"] < legal.cap(state, m["id"]))
    for m in p["monuments"]:
        if m["pop"] > 0 and any(o is not m and o["pop"] < legal.cap(state, o["id"]) for o in p["monuments"]):
            opts.append(Option(f"move.{m['id']}", f"Move 1 population from {name_of(state, 'monument', m['id'])}",
                               f"Déplacer 1 population depuis {name_of(state, 'monument', m['id'], 'fr')}"))
    nxt = legal.next_tiles(state, seat)
    for i in nxt:  # ending the actions and choosing the next tile are one decision
        opts.append(Option(f"s{i + 1}", _space_label(state, i), _space_label(state, i, "fr"),
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


def pending_prompt(state: State, seat: int) -> Prompt:
    """A decision raised by a gain (trade token, colony star, prestige or Dominus action)."""
    item = state["pending"][0]
    p = state["players"][seat]
    kind = item["kind"]
    if kind == "trade":
        tok = catalog(state)["trade"][item["token"]]
        opts = []
        for alt in tok["pay"]:
            if can_pay(state, p, alt):
                oid = "trade" if len(tok["pay"]) == 1 else "trade." + next(iter(alt))
                opts.append(Option(oid, fit_words(f"Pay {describe(alt)} for {describe(tok['gain'])}"),
                                   fit_words(f"Payer {describe(alt, 'fr')} pour {describe(tok['gain'], 'fr')}")))
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
        opts = _dominus_options(state, p, item["size"])
        # deploying is free and never hurts (Rome scores nothing; a legion in Rome can still
        # move later): when it is the only action, it is a pure gain
        only = opts[0].id if len(opts) == 2 and opts[0].id in ("deploy", "deploy2") else ""
        return Prompt(seat, "Dominus: deploy or move units", opts, "Dominus : déployer ou déplacer des unités", gain=only)
    if kind == "dfrom":
        opts = [Option(r, f"from {name_of(state, 'region', r)}", f"depuis {name_of(state, 'region', r, 'fr')}")
                for r in dominus.unit_regions(p, item["unit"])]
        opts.append(Option("skip", "Stop moving", "Arrêter de déplacer"))
        return Prompt(seat, f"Move a {item['unit']} from where?", opts, "Déplacer une unité depuis où ?")
    if kind == "dto":
        opts = [Option(r, f"to {name_of(state, 'region', r)}", f"vers {name_of(state, 'region', r, 'fr')}")
                for r in dominus.adjacent(state, item["from"])]
        return Prompt(seat, "Move it to which adjacent province?", opts, "Vers quelle province adjacente ?")
    raise AssertionError(kind)


def _dominus_options(state: State, p: dict[str, Any], size: int) -> list[Option]:
    sup = dominus.supply(state, p)
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
