"""Fuzz: random and hostile inputs to GameService.act and Commands.play. The only answers a
player may get are a refusal (UserError, IllegalMove, StaleInteraction) or an applied move; a
refused input must leave the database exactly as it was (all or nothing).

Inputs mix what a player types (random unicode, huge strings, prefixes, `+`-joined sets, other
games' codes, a legal code followed by junk) with who sends it (the seat to act, another seat, a
stranger, the stand-in's and forced-step ids), where (an active game, a lobby, a finished or
aborted game, no game) and what the panel carried (current, stale or forged tokens and versions,
a confirmation with nothing held, a set closed from a menu).
"""

from __future__ import annotations

import hashlib
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import engines
from bot.services.commands import Commands, Ctx
from bot.services.games import GameService
from bot.services.table import Table
from bot.storage import Database
from tools.soak.common import (
    REFUSALS,
    STRANGER,
    USER_BASE,
    Channels,
    Sizes,
    describe,
    make_service,
    new_game,
    play,
    random_step,
    served_matches_log,
)

INJECTIONS = ["'; DROP TABLE games; --", "{p0}", "{0}", "%s%s%n", "${x}", "<@1>", "@everyone", "\\", "\"", "NULL", "\x00"]
PUNCT = ["", " ", "\t\n", ",,,", "+", "++", ";", " + , ; ", "-", ".", "_", "..", "--"]
NUMBERS = ["0", "-1", "1e308", "nan", "inf", str(2**64), "0x10", "٣", "１"]
SPECIAL_IDS = [0, -1, 10**9, 2**31, 2**53, -(2**53), 2**63 - 1, -(2**63)]  # beyond int64: see BEYOND_INT64
BEYOND_INT64 = [2**63, -(2**63) - 1, 10**30]


def random_unicode(rng: random.Random, length: int) -> str:
    """Code points from every plane, control and format characters and lone surrogates included."""
    pools = [(0x20, 0x7E), (0x00, 0x1F), (0x80, 0x2FF), (0x300, 0x36F), (0x590, 0x6FF), (0x200B, 0x202E),
             (0x3000, 0x9FFF), (0xD800, 0xDFFF), (0xE000, 0xF8FF), (0xFE00, 0xFFFF), (0x1F300, 0x1FAFF), (0x10000, 0x10FFFF)]
    return "".join(chr(rng.randint(*rng.choice(pools))) for _ in range(length))


def hostile_text(rng: random.Random, ids: list[str], foreign: list[str], done: str) -> tuple[str, str]:
    """(kind, text): one input a player could type or a forged menu value could carry."""
    legal = rng.choice(ids) if ids else "x"
    kind = rng.choice(["unicode", "huge", "prefix", "plus_junk", "foreign", "punct", "injection", "numbers",
                       "legal_then_junk", "done_word", "legal"])
    if kind == "unicode":
        text = random_unicode(rng, rng.randint(1, 40))
    elif kind == "huge":
        text = rng.choice([
            "x" * rng.choice([6000, 100_000, 1_000_000]), " ".join([legal] * (6000 // (len(legal) + 1))),
            "a " * 50_000, random_unicode(rng, 200) * 100, "+".join([legal] * 3000), legal * 2000,
        ])
    elif kind == "prefix":
        cut = legal[: rng.randint(1, len(legal))]
        text = rng.choice([cut, cut.upper(), f"  {cut}  ", f"{cut}\n", cut + "?", cut[:-1] or "-"])
    elif kind == "plus_junk":
        parts = [rng.choice([legal, "", "zz", random_unicode(rng, 3), rng.choice(foreign or ["q"]), "done"]) for _ in range(rng.randint(2, 8))]
        text = "+".join(parts)
    elif kind == "foreign":
        text = rng.choice(foreign or ["q"])
    elif kind == "punct":
        text = rng.choice(PUNCT)
    elif kind == "injection":
        text = rng.choice(INJECTIONS) + rng.choice(["", " " + legal])
    elif kind == "numbers":
        text = rng.choice(NUMBERS)
    elif kind == "legal_then_junk":  # all or nothing: the legal first word must not stay applied
        text = f"{legal} {rng.choice(['zzz', random_unicode(rng, 4), '+', 'done done done', legal + '!'])}"
    elif kind == "done_word":
        text = rng.choice([done or "done", "done", "DONE", "done+done"])
    else:
        text = legal
    return kind, text


def fingerprint(raw: sqlite3.Connection, game_id: int) -> str:
    """Everything a refused input could have changed: every row of games and seats, the step
    log of every game (counts and sums) and the snapshot of the game played in, in full."""
    h = hashlib.sha256()
    for sql, args in [
        ("SELECT * FROM games ORDER BY id", ()),
        ("SELECT * FROM seats ORDER BY game_id, seat", ()),
        ("SELECT game_id, COUNT(*), SUM(idx * length(option_id)), SUM(checkpoint), MAX(created_at) FROM steps GROUP BY game_id", ()),
        ("SELECT game_id, steps, length(state) FROM snapshots ORDER BY game_id", ()),
        ("SELECT * FROM snapshots WHERE game_id=?", (game_id,)),
        ("SELECT * FROM steps WHERE game_id=? ORDER BY idx", (game_id,)),
        ("SELECT (SELECT COUNT(*) FROM skip_votes), (SELECT COUNT(*) FROM user_settings), (SELECT COUNT(*) FROM guild_settings)", ()),
    ]:
        h.update(repr(raw.execute(sql, args).fetchall()).encode())
    return h.hexdigest()


class Fuzz:
    """The games under fire and the figures; one `attack` per input."""

    def __init__(self, service: GameService, raw: sqlite3.Connection, rng: random.Random, channel: Channels) -> None:
        self.service, self.raw, self.rng, self.channel = service, raw, rng, channel
        self.commands = Commands(service)
        self.active: dict[str, int] = {}
        self.others: dict[str, list[int]] = {"lobby": [], "finished": [], "aborted": []}
        self.tokens: dict[int, list[int]] = {}  # tokens a panel of that game showed earlier (stale now)
        self.foreign: list[str] = []
        self.out: dict[str, Any] = {
            "inputs": 0, "accepted": 0, "refused": 0, "uncaught": 0, "state_changes": 0, "writes_by_refused": 0,
            "served_state_mismatches": 0, "by_kind": {}, "examples": [],
        }

    async def setup(self) -> None:
        """An active game per engine (half of them with confirm=on), a lobby, an aborted game,
        and finished games (the short ones, played to the end)."""
        s, rng = self.service, self.rng
        for i, name in enumerate(engines.names()):
            self.active[name] = await new_game(s, name, self.channel(), rng, confirm=i % 2 == 1)
            await play(s, self.active[name], rng, rng.randint(0, 10))
        lobby = await s.open_lobby(guild_id=1, channel_id=self.channel(), user_id=USER_BASE, name="p0", game="minerva", options={})
        self.others["lobby"].append(lobby.id)
        aborted = await new_game(s, "deus", self.channel(), rng, players=2)
        await s.abort(aborted, USER_BASE)
        self.others["aborted"].append(aborted)
        for name in ("minerva", "monumental_duel"):
            if name in self.active:
                done = await new_game(s, name, self.channel(), rng, players=engines.get_engine(name).min_players)
                await play(s, done, rng, 5000)
                self.others["finished"].append(done)
        for name, gid in self.active.items():  # codes of every game's questions, to type in the others
            table = await s.load(gid)
            assert table.state is not None
            for seat in table.to_act():
                prompt = table.engine.prompt(table.state, seat)
                self.foreign += prompt.ids() if prompt else []
            self.foreign.append(name)

    async def target(self) -> tuple[str, int, Table | None]:
        """Where the input goes: mostly an active game; else a lobby, finished, aborted or no game."""
        rng = self.rng
        where = rng.choices(["active", "lobby", "finished", "aborted", "missing"], [80, 4, 8, 4, 4])[0]
        if where == "missing":
            return where, rng.choice(SPECIAL_IDS), None
        if where != "active" and self.others[where]:
            gid = rng.choice(self.others[where])
            return where, gid, await self.service.load(gid)
        name = rng.choice(sorted(self.active))
        table = await self.service.load(self.active[name])
        if table.row.status != "active":
            self.others[table.row.status].append(table.id)
            self.active[name] = await new_game(self.service, name, self.channel(), rng, confirm=rng.random() < 0.5)
            table = await self.service.load(self.active[name])
        return "active", table.id, table

    async def attack(self) -> None:
        rng, service = self.rng, self.service
        where, gid, table = await self.target()
        seats = list(range(len(table.seats))) if table is not None else []
        acting = table.to_act() if table is not None else []
        seat = rng.choice(acting) if acting and rng.random() < 0.7 else (rng.choice(seats) if seats else 0)
        who = rng.choices(["seat", "stranger", "standin", "forced", "huge"], [85, 6, 3, 3, 3])[0]
        user = {"seat": USER_BASE + seat, "stranger": STRANGER, "standin": 0, "forced": -1, "huge": 2**63 - 1}[who]
        prompt = table.engine.prompt(table.state, seat) if table is not None and table.state is not None and seat in acting else None
        kind, text = hostile_text(rng, prompt.ids() if prompt else [], self.foreign, prompt.done if prompt else "")
        token: int | None = None
        if table is not None and rng.random() < 0.5:
            current = await service.seat_token(table, seat)
            old = self.tokens.setdefault(gid, [])
            token = rng.choice([current, current, rng.choice(old) if old else current, rng.randrange(-(2**31), 2**32)])
            if current not in old:
                old.append(current)
        version = rng.choice([None, None, None, table.row.version if table else 0, rng.randrange(-5, 10**6)])
        confirming, close_set = rng.random() < 0.05, rng.random() < 0.1
        via_commands = rng.random() < 0.25
        label = f"{kind}/{where}/{who}{'/cmd' if via_commands else ''}"
        before = fingerprint(self.raw, gid if table is not None else 0)
        (data_version,) = self.raw.execute("PRAGMA data_version").fetchone()
        try:
            if via_commands:
                channel = table.row.channel_id if table is not None and rng.random() < 0.5 else rng.randrange(1, 10**6)
                ctx = Ctx(user, "fuzz", channel, 1, rng.choice(["en", "fr"]))
                shown = rng.choice(["", "0badf00d", random_unicode(rng, 8), "x" * 5000])  # the preview digest a menu carries
                await self.commands.play(ctx, text, gid if rng.random() < 0.7 else None, token, shown)
            else:
                await service.act(gid, user, text, version, token, confirming=confirming, close_set=close_set)
            outcome = "accepted"
        except REFUSALS:
            outcome = "refused"
            if fingerprint(self.raw, gid if table is not None else 0) != before:
                self.out["state_changes"] += 1
                self.example(f"state changed by a refused input ({label}): {text[:60]!r}")
            if self.raw.execute("PRAGMA data_version").fetchone()[0] != data_version:
                self.out["writes_by_refused"] += 1
        except Exception as e:
            outcome = "uncaught"
            self.example(f"{label}: {describe(e)} for {text[:60]!r}")
        self.out["inputs"] += 1
        self.out[outcome] += 1
        counts = self.out["by_kind"].setdefault(kind, {"inputs": 0, "accepted": 0, "refused": 0, "uncaught": 0})
        counts["inputs"] += 1
        counts[outcome] += 1

    def example(self, text: str) -> None:
        if len(self.out["examples"]) < 12:
            self.out["examples"].append(text)

    async def check_games(self) -> None:
        """Accepted inputs went through the real pipeline: every game still replays to what is served."""
        for gid in [*self.active.values(), *self.others["finished"]]:
            if not await served_matches_log(self.service.db, gid):
                self.out["served_state_mismatches"] += 1

    async def beyond_int64(self) -> dict[str, Any]:
        """Game ids past SQLite's 64-bit integers cannot come from Discord (its integers stop at
        2**53 and custom ids are the bot's own), so they are reported apart from the target."""
        probe: dict[str, Any] = {"inputs": 0, "uncaught": 0, "examples": []}
        for gid in BEYOND_INT64:
            for call in self._calls(gid):
                probe["inputs"] += 1
                try:
                    await call()
                except REFUSALS:
                    pass
                except Exception as e:
                    probe["uncaught"] += 1
                    if len(probe["examples"]) < 2:
                        probe["examples"].append(describe(e))
        return probe

    def _calls(self, gid: int) -> list[Callable[[], Any]]:
        ctx = Ctx(USER_BASE, "fuzz", 1, 1)
        return [lambda: self.service.act(gid, USER_BASE, "x"), lambda: self.commands.play(ctx, "x", gid, 1)]


async def run(sizes: Sizes, rng: random.Random, tmp: Path) -> dict[str, Any]:
    path = tmp / "fuzz.sqlite3"
    db = await Database.open(path)
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute("PRAGMA busy_timeout=5000")
    try:
        f = Fuzz(make_service(db, rng), raw, rng, Channels())
        await f.setup()
        for i in range(sizes.fuzz_inputs):
            await f.attack()
            if i % 25 == 24:  # a held step gets confirmed, and the questions move on
                await random_step(f.service, rng.choice(list(f.active.values())), rng)
            if i % 100 == 99:
                await f.check_games()
        await f.check_games()
        f.out["beyond_int64_ids"] = await f.beyond_int64()
        return f.out
    finally:
        raw.close()
        await db.close()
