"""The local table: the bot's commands typed in a terminal, offline, with the same handlers.

`as <name>` switches the acting user; images that would be posted are written to a folder and
their paths printed; direct messages are printed with their addressee. Clocks run on the real
time: due reminders and time-outs are shown before each command, and `skip <player>` votes to
skip a player whose time ran out. It ends cleanly at end of input (or `quit`).
"""

from __future__ import annotations

import re
import shlex
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bot.i18n import t
from bot.services.commands import Commands, Ctx
from bot.services.errors import UserError
from bot.services.games import GameService
from bot.services.replies import Reply
from bot.settings import Settings
from bot.storage import Database
from engines.core import IllegalMove

CHANNEL_ID = 1
GUILD_ID = 1


def user_id_for(name: str) -> int:
    """A stable fake user id per name, so a restarted table finds its players again."""
    return 10_000 + zlib.crc32(name.lower().encode())


class LocalTable:
    def __init__(self, commands: Commands, image_dir: Path, out: TextIO = sys.stdout, lang: str = "en") -> None:
        self.commands = commands
        self.image_dir = image_dir
        self.out = out
        self.lang = lang
        self.user = "alice"
        self.images = 0
        self.known: dict[int, str] = {}

    def ctx(self) -> Ctx:
        return Ctx(user_id_for(self.user), self.user, CHANNEL_ID, GUILD_ID, self.lang, can_manage=True)

    def say(self, text: str) -> None:
        print(re.sub(r"<@(\d+)>", lambda m: self._name_of(int(m.group(1))), text), file=self.out)

    def _name_of(self, user_id: int) -> str:
        return f"@{self.known.get(user_id, user_id)}"

    def show(self, reply: Reply) -> None:
        if reply.text:
            self.say(("(private) " if reply.ephemeral else "") + reply.text)
        for img in reply.images:
            self.images += 1
            self.image_dir.mkdir(parents=True, exist_ok=True)
            path = self.image_dir / f"{self.images:04d}-{img.filename}"
            path.write_bytes(img.data)
            self.say(t("table.image", self.lang, path=path))
        if reply.select is not None:
            for c in reply.select.choices:
                self.say(f"   {c.value:<20} {c.label}")
        if reply.buttons:
            self.say("   [" + " · ".join(f"{b.label}" for b in reply.buttons) + "]")
        for post in reply.public:
            self.show(post)
        for dm in reply.dms:
            self.say(t("table.dm", self.lang, name=self._name_of(dm.user_id), text=dm.post.text))

    async def handle(self, line: str) -> bool:
        """Run one command line; False when the session should end."""
        try:
            words = shlex.split(line)
        except ValueError:
            words = line.split()
        if not words:
            return True
        cmd, args = words[0].lower(), words[1:]
        c, ctx = self.commands, self.ctx()
        self.known[ctx.user_id] = self.user
        actions: dict[str, Callable[[], object]] = {
            "new": lambda: self._new(ctx, args),
            "join": lambda: c.join(ctx),
            "leave": lambda: c.leave(ctx),
            "start": lambda: c.start(ctx),
            "abort": lambda: self._abort(ctx),
            "list": lambda: c.list(ctx),
            "board": lambda: c.board(ctx, " ".join(args) or None),
            "status": lambda: c.status(ctx),
            "log": lambda: c.log(ctx, int(args[0]) if args and args[0].isdigit() else None),
            "play": lambda: c.play(ctx, " ".join(args)),
            "options": lambda: c.panel(ctx),
            "turn": lambda: c.panel(ctx),
            "undo": lambda: c.undo(ctx),
            "confirm": lambda: c.confirm(ctx),
            "hand": lambda: c.hand(ctx),
            "rules": lambda: c.rules(ctx, args[0] if args else "", " ".join(args[1:]) or None),
            "mygames": lambda: c.mygames(ctx),
            "stats": lambda: c.stats(ctx, args[0] if args else None),
            "replay": lambda: c.replay(ctx),
            "export": lambda: c.export(ctx),
            "settings": lambda: self._settings(ctx, args),
            "skip": lambda: self._skip(ctx, " ".join(args)),
        }
        if cmd in ("quit", "exit"):
            return False
        for _, post in await c.clock_notices():
            self.show(post)
        if cmd == "help":
            self.say(t("table.help", self.lang))
        elif cmd == "as":
            self.user = " ".join(args) or "alice"
            self.say(t("table.now", self.lang, name=self.user))
        elif cmd in actions:
            try:
                reply = await actions[cmd]()  # type: ignore[misc]
                self.show(reply)
            except UserError as e:
                self.say("! " + t(e.key, self.lang, **e.fields))
            except IllegalMove as e:
                self.say("! " + e.text(self.lang))
        else:
            self.say(t("table.unknown", self.lang, cmd=cmd))
        return True

    async def _new(self, ctx: Ctx, args: list[str]) -> Reply:
        """`new <game> [key=value…] [clock=3d+1d]`: the clock word is the /game new clock option."""
        clock = next((a.partition("=")[2] for a in args[1:] if a.lower().startswith("clock=")), None)
        options = " ".join(a for a in args[1:] if not a.lower().startswith("clock=")) or None
        return await self.commands.new(ctx, args[0] if args else "", options, clock)

    async def _settings(self, ctx: Ctx, args: list[str]) -> Reply:
        """`settings [channel|dm|both] [warn=yes|no] [gains=ask|take]`."""
        alert = next((a for a in args if "=" not in a), None)
        warn = next((a.partition("=")[2].lower() for a in args if a.lower().startswith("warn=")), None)
        gains = next((a.partition("=")[2].lower() for a in args if a.lower().startswith("gains=")), None)
        if warn not in (None, "yes", "no") or gains not in (None, "ask", "take"):
            raise UserError("err.options_syntax", example="warn=yes gains=ask")
        return await self.commands.settings(ctx, alert, None if warn is None else warn == "yes", None if gains is None else gains == "ask")

    async def _skip(self, ctx: Ctx, player: str) -> Reply:
        """The Skip button of a time-out: a vote to skip `player`."""
        table = await self.commands.service.table_in_channel(ctx.channel_id)
        seat = self.commands.find_player(table, player)
        return await self.commands.skip(ctx, table.id, seat, table.row.version)

    async def _abort(self, ctx: Ctx) -> Reply:
        table = await self.commands.service.table_in_channel(ctx.channel_id)
        await self.commands.abort(ctx)
        return await self.commands.abort_confirmed(ctx, table.id, True)


async def run_table(settings: Settings, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> None:
    db = await Database.open(settings.database_path)
    try:
        service = GameService(db, max_active_games_per_user=settings.max_active_games_per_user)
        commands = Commands(service, mention=lambda s: f"@{s.name}")
        table = LocalTable(commands, settings.table_image_dir, out, settings.default_locale)
        table.say(t("table.welcome", table.lang, dir=settings.table_image_dir))
        interactive = stdin.isatty()
        while True:
            if interactive:
                print(f"{table.user}> ", end="", file=out, flush=True)
            line = stdin.readline()
            if not line:
                break
            if not interactive:
                table.say(f"{table.user}> {line.rstrip()}")
            if not await table.handle(line.strip()):
                break
        table.say(t("table.bye", table.lang, db=settings.database_path))
    finally:
        await db.close()
