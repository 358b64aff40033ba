"""The local table: the bot's commands typed in a terminal, offline, with the same handlers.

`as <name>` switches the acting user; images that would be posted are written to a folder of
their own for each session (so a later session never overwrites them) and their paths printed;
direct messages are printed with their addressee. Clocks run on the real time: due reminders
and time-outs are shown before each command, and `skip <player>` votes to skip a player whose
time ran out. It ends cleanly at end of input (or `quit`) and never on a bad line: whatever is
typed gets an answer and the table goes on.

Discord's forms are accepted (`/game new minerva`, `/play move:build`), and the replies, written
for Discord, are shown as terminal text in the local syntax (`play build`, `@bob`, `#local`, dates
instead of Discord's timestamps, no markdown markers). Everyone here is a plain player: the
table's creator, and nobody else, starts, aborts or repairs it.
"""

from __future__ import annotations

import io
import logging
import re
import shlex
import sys
import time
import zlib
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path
from typing import TextIO

from babel.dates import format_timedelta

import engines
from bot.i18n import t
from bot.services.autoplay import person_name
from bot.services.commands import Commands, Ctx
from bot.services.errors import UserError
from bot.services.games import GameService
from bot.services.outbox import Delivery, Outcome, Sent
from bot.services.replies import Button, Reply
from bot.settings import Settings
from bot.storage import SeatRow, open_database
from engines.core import IllegalMove
from engines.core.names import CLOSE, OPEN, plain

CHANNEL_ID = 1
GUILD_ID = 1
MAX_LINE = 2000  # longer than any real command (Discord caps an option at 6000, a name at 32)
MAX_NAME = 32  # Discord's display-name limit
log = logging.getLogger(__name__)

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # terminal escapes, NUL, tabs, stray newlines
_WHOLE = re.compile(r"[0-9]{1,9}")  # ASCII digits: str.isdigit() accepts '²', which int() refuses
_CODE = re.compile(r"`/([^`\n]+)`")  # a command named in a reply, as Discord shows it
_NAMED_ARGS = ("move", "game", "player", "page", "topic", "options", "alert")  # Discord option: value
_FLAGS = {"warn_before": ("warn=yes", "warn=no"), "ask_gains": ("gains=ask", "gains=take")}
_IMAGES = (".png", ".gif", ".webp", ".jpg")
_NO_MODERATORS = {"err.abort_forbidden": "err.creator_only"}  # refusals naming Discord's permissions
# Discord's markup in a reply, as a terminal shows it (`local_text`)
_USER_TEXT = re.compile(f"{OPEN}[^{CLOSE}]*{CLOSE}")  # a name as its user chose it: shown as is
_HIDDEN = "\uf8ff"  # stands for a span of user text while the markup around it is read
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")  # a backslash before ASCII punctuation
_KEPT = 0xE000  # escaped punctuation is kept as a private-use character meanwhile
_TIMESTAMP = re.compile(r"<t:(-?[0-9]{1,12})(?::([tTdDfFR]))?>")
_TIME_FORMATS = {"t": "%H:%M", "T": "%H:%M:%S", "d": "%Y-%m-%d", "D": "%Y-%m-%d"}
_CHANNEL_LINK = re.compile(r"https://(?:[a-z]+\.)?discord(?:app)?\.com/channels/(?:[0-9]+|@me)/[0-9]+(?:/[0-9]+)?")
_MARKERS = re.compile(
    r"\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__|~~(?=\S)(.+?)(?<=\S)~~"  # bold, underline, struck
    r"|(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])|(?<![\w_])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\w_])",  # italics
    re.DOTALL,
)


def local_mention(seat: SeatRow) -> str:
    """A player as a terminal shows a ping; an AI seat (a negative id) is named, never pinged."""
    return f"@{seat.name}" if seat.user_id > 0 else seat.name


def user_id_for(name: str) -> int:
    """A stable fake user id per name, so a restarted table finds its players again."""
    return 10_000 + zlib.crc32(name.lower().encode())


def clean(line: str) -> str:
    """The line as a command: control characters (escape sequences that would reach the terminal
    in every later reply) become spaces, lone surrogates from undecodable input (which SQLite
    refuses) become '?', and it is cut at `MAX_LINE`."""
    line = line.encode("utf-8", "replace").decode("utf-8")
    return _CONTROL.sub(" ", line[:MAX_LINE]).strip()


def local_words(words: list[str]) -> list[str]:
    """Discord's form of a command in local words: `/game new game:minerva clock:3d` is
    `new minerva clock=3d`, `/play move:build` is `play build`, `/settings ask_gains:True` is
    `settings gains=ask`. Local words pass through unchanged."""
    if not words or not words[0].startswith("/"):
        return words
    words = [words[0][1:], *words[1:]]
    if words[0].lower() == "game" and len(words) > 1:
        words = words[1:]
    out = [words[0]]
    for word in words[1:]:
        key, sep, value = word.partition(":")
        key = key.lower()
        if not sep or not value:
            out.append(word)
        elif key in _NAMED_ARGS:
            out.append(value)
        elif key == "clock":
            out.append(f"clock={value}")
        elif key in _FLAGS:
            yes, no = _FLAGS[key]
            out.append(yes if value.lower() == "true" else no if value.lower() == "false" else word)
        else:
            out.append(word)
    return out


def local_text(text: str, lang: str = "en", now: float | None = None) -> str:
    """A reply written for Discord as terminal text: the commands it names (`/play move:x`,
    `/game new`) as typed here, timestamps as local dates or "2 h ago" (from `now`), channel links
    as #local, without bold, italic or underline markers and escaping backslashes. A name its
    user chose is left exactly as chosen."""
    spans = _USER_TEXT.findall(text)
    text = _USER_TEXT.sub(_HIDDEN, text)
    text = _ESCAPED.sub(lambda m: chr(_KEPT + ord(m[1])), text)
    text = _CODE.sub(lambda m: "`" + " ".join(local_words(("/" + m[1]).split())) + "`", text)
    text = _TIMESTAMP.sub(lambda m: _when(int(m[1]), m[2] or "f", lang, now), text)
    text = _CHANNEL_LINK.sub("#local", text)
    while (bare := _MARKERS.sub(lambda m: next(g for g in m.groups() if g is not None), text)) != text:  # nested ones too
        text = bare
    text = re.sub("[\ue000-\ue07f]", lambda m: chr(ord(m[0]) - _KEPT), text)
    kept = iter(spans)
    return re.sub(_HIDDEN, lambda _: next(kept, ""), text)


def _when(stamp: int, style: str, lang: str, now: float | None) -> str:
    """A Discord timestamp (`<t:…:R>`, `<t:…:F>`) as this terminal shows it: relative, as Discord
    words it in the reader's language (CLDR, by Babel: "2 hours ago", « il y a 2 heures », "vor 2
    Stunden"), or in local time."""
    if style == "R":
        ahead = stamp - (time.time() if now is None else now)
        return format_timedelta(timedelta(seconds=ahead), add_direction=True, locale=lang)
    try:
        return time.strftime(_TIME_FORMATS.get(style, "%Y-%m-%d %H:%M"), time.localtime(stamp))
    except (OverflowError, OSError, ValueError):  # a date no clock can show: its number, then
        return str(stamp)


class LocalTable:
    def __init__(self, commands: Commands, image_dir: Path, out: TextIO = sys.stdout, lang: str = "en") -> None:
        self.commands = commands
        self.image_dir = image_dir
        self.out = out
        self.lang = lang
        self.user = "alice"
        self.images = 0
        self.session_dir: Path | None = None
        self.known: dict[int, str] = {}

    def ctx(self) -> Ctx:
        """The acting player, as a plain member: no one moderates a local table (whoever types
        `as` may be anyone), so only a table's creator starts, aborts or repairs it."""
        return Ctx(user_id_for(self.user), person_name(self.user), CHANNEL_ID, GUILD_ID, self.lang)

    def text(self, text: str) -> str:
        """A reply's text as this terminal shows it (`local_text`), on the service's clock."""
        return local_text(text, self.lang, self.commands.service.clock())

    def say(self, text: str) -> None:
        text = re.sub(r"<@!?(\d+)>", lambda m: self._name_of(int(m.group(1))), plain(text))
        print(re.sub(r"<#\d+>", "#local", text), file=self.out)

    def _name_of(self, user_id: int) -> str:
        return f"@{self.known.get(user_id, user_id)}"

    def _new_image_path(self, filename: str) -> Path:
        """`<image dir>/<session start>/0001-board.png`: the session folder is made on the first
        image, and never one that exists (two sessions started in the same second)."""
        if self.session_dir is None:
            stamp, n = time.strftime("%Y-%m-%d_%H%M%S"), 1
            while True:
                candidate = self.image_dir / (stamp if n == 1 else f"{stamp}-{n}")
                try:
                    candidate.mkdir(parents=True)
                    break
                except FileExistsError:
                    n += 1
            self.session_dir = candidate
        self.images += 1
        return self.session_dir / f"{self.images:04d}-{filename}"

    def _write(self, filename: str, data: bytes) -> Path:
        path = self._new_image_path(filename)
        path.write_bytes(data)
        return path

    def _tell(self, path: Path) -> None:
        """Where a file was written: an image, or a game's record."""
        self.say(t("table.image" if path.suffix in _IMAGES else "table.record", self.lang, path=path))

    def _buttons(self, buttons: list[Button]) -> None:
        if buttons:
            self.say("   [" + " · ".join(f"{b.label}" for b in buttons) + "]")

    def show(self, reply: Reply) -> None:
        """A reply: its files are written first, so a text naming one (`python -m bot replay
        tabula-2.json`) names the file written, and works as printed."""
        written = {f.filename: self._write(f.filename, f.data) for f in reply.images}
        if reply.text:
            text = self.text(reply.text)
            for filename, path in written.items():
                quoted = shlex.quote(str(path))
                text = re.sub(rf"(?<![\w./-]){re.escape(filename)}(?![\w.-])", lambda _, q=quoted: q, text)
            self.say(("(private) " if reply.ephemeral else "") + text)
        for path in written.values():
            self._tell(path)
        if reply.select is not None:
            for c in reply.select.choices:
                self.say(f"   {c.value:<20} {c.label}")
                effect = c.description.removeprefix(c.value).removeprefix(" · ")  # as a menu shows it: code · effect
                if effect:
                    self.say(f"   {'':<20} {effect}")
        self._buttons(reply.buttons)
        if reply.dm_check is not None:  # a DM always reaches a player here
            self.say(t("table.dm", self.lang, name=self._name_of(self.ctx().user_id), text=self.text(reply.dm_check.text)))

    async def deliver(self, d: Delivery) -> Outcome:
        """An announcement of the outbox, printed: a post for the table, a DM with its addressee."""
        if d.user_id is not None:
            self.say(t("table.dm", self.lang, name=self._name_of(d.user_id), text=self.text(d.post.text)))
        else:
            self.say(self.text(d.post.text))
        for drawing in d.post.drawings:
            image = await self.commands.service.draw(drawing)
            self._tell(self._write(image.filename, image.data))
        if d.user_id is None:
            self._buttons(d.post.buttons)
        return Sent()

    async def flush(self) -> None:
        """Show what the last changes announced, in order."""
        await self.commands.service.outbox.drain(self.deliver)

    async def handle(self, line: str) -> bool:
        """Run one command line; False when the session should end. Never raises on what is typed."""
        line = clean(line)
        try:
            words = shlex.split(line)
        except ValueError:  # an unclosed quote: plain words then
            words = line.split()
        words = local_words(words)
        if not words:
            return True
        cmd, args = words[0].lower(), words[1:]
        if cmd in ("quit", "exit"):
            return False
        self.known[user_id_for(self.user)] = self.user
        try:
            await self.commands.service.tick()
            await self.flush()
            if cmd == "help":
                self.say(t("table.help", self.lang))
                self.say(t("table.help_slash", self.lang))
            elif cmd == "as":
                self.user = " ".join(args)[:MAX_NAME].strip() or "alice"
                self.say(t("table.now", self.lang, name=self.user))
            elif (action := self._action(cmd, args)) is not None:
                self.show(await action())
                await self.flush()
            else:
                self.say(t("table.unknown", self.lang, cmd=cmd[:40]))
        except UserError as e:
            self.say("! " + self.text(t(_NO_MODERATORS.get(e.key, e.key), self.lang, **e.fields)))
        except IllegalMove as e:
            self.say("! " + self.text(e.text(self.lang)))
        except Exception as e:  # a bug met by some input: say so and keep the session (and its games)
            log.debug("local table command %r failed", line, exc_info=True)
            self.say(t("table.unexpected", self.lang, error=f"{type(e).__name__}: {e}"[:200]))
        return True

    def _action(self, cmd: str, args: list[str]) -> Callable[[], Awaitable[Reply]] | None:
        """The handler call for `cmd`, or None for an unknown command."""
        c, ctx = self.commands, self.ctx()
        rest = " ".join(args)
        actions: dict[str, Callable[[], Awaitable[Reply]]] = {
            "new": lambda: self._new(ctx, self._game_first(args)),
            "join": lambda: c.lobbies.join(ctx),
            "leave": lambda: self._leave(ctx, args),
            "start": lambda: self._start(ctx, args),
            "abort": lambda: self._abort(ctx, args),
            "list": lambda: c.lobbies.list(ctx),
            "board": lambda: c.board(ctx, rest or None),
            "status": lambda: c.status(ctx),
            "log": lambda: c.log(ctx, int(args[0]) if args and _WHOLE.fullmatch(args[0]) else None),
            "play": lambda: c.play(ctx, rest),
            "options": lambda: c.panels.panel(ctx),
            "turn": lambda: c.panels.panel(ctx),
            "undo": lambda: c.undo(ctx),
            "confirm": lambda: c.confirm(ctx),
            "hand": lambda: c.hand(ctx),
            "rules": lambda: self._rules(ctx, self._game_first(args)),
            "mygames": lambda: c.mygames(ctx),
            "stats": lambda: self._stats(ctx, args),
            "leaderboard": lambda: self._leaderboard(ctx, args),
            "add": lambda: self._add(ctx, args),
            "remove": lambda: c.lobbies.remove_ai(ctx),
            "replay": lambda: c.replay(ctx),
            "export": lambda: c.export(ctx),
            "repair": lambda: self._repair(ctx, args),
            "settings": lambda: self._settings(ctx, args),
            "skip": lambda: self._skip(ctx, rest),
        }
        return actions.get(cmd)

    def _game_first(self, args: list[str]) -> list[str]:
        """`args` with its leading game name as the engines spell it, whatever its case and
        however it is written (`Minerva`, `Magna Roma`, `monumental-duel`)."""
        names = self.commands.service.game_names()
        for k in range(min(len(args), 4), 0, -1):  # `Monumental Duel : Négoce` is four words
            name = engines.key(" ".join(args[:k]))
            if name in names:
                return [name, *args[k:]]
        return [args[0].lower(), *args[1:]] if args else []

    async def _new(self, ctx: Ctx, args: list[str]) -> Reply:
        """`new <game> [key=value…] [clock=3d+1d]`: the clock word is the /game new clock option."""
        clock = next((a.partition("=")[2] for a in args[1:] if a.lower().startswith("clock=")), None)
        options = " ".join(a for a in args[1:] if not a.lower().startswith("clock=")) or None
        return await self.commands.lobbies.new(ctx, args[0] if args else "", options, clock)

    async def _rules(self, ctx: Ctx, args: list[str]) -> Reply:
        return await self.commands.rules(ctx, args[0] if args else "", " ".join(args[1:]) or None)

    async def _settings(self, ctx: Ctx, args: list[str]) -> Reply:
        """`settings [channel|dm|both] [warn=yes|no] [gains=ask|take] [private=dm|here] [rated=yes|no] [vacation=DAYS]`."""
        vacation = next((a.partition("=")[2] for a in args if a.lower().startswith("vacation=")), None)
        if vacation is not None:
            if not vacation.isdigit() or int(vacation) > 365:
                raise UserError("err.options_syntax", example="vacation=3")
            return await self.commands.settings(ctx, vacation=int(vacation))
        alert = next((a for a in args if "=" not in a), None)
        warn = next((a.partition("=")[2].lower() for a in args if a.lower().startswith("warn=")), None)
        gains = next((a.partition("=")[2].lower() for a in args if a.lower().startswith("gains=")), None)
        private = next((a.partition("=")[2].lower() for a in args if a.lower().startswith("private=")), None)
        rated = next((a.partition("=")[2].lower() for a in args if a.lower().startswith("rated=")), None)
        if warn not in (None, "yes", "no") or gains not in (None, "ask", "take") or private not in (None, "dm", "here") or rated not in (
            None, "yes", "no"
        ):
            raise UserError("err.options_syntax", example="warn=yes gains=ask private=dm rated=no")
        return await self.commands.settings(
            ctx, alert, None if warn is None else warn == "yes", None if gains is None else gains == "ask", private,
            rated=None if rated is None else rated == "yes",
        )

    async def _stats(self, ctx: Ctx, args: list[str]) -> Reply:
        """`stats [game]`, or `stats player <name>`: that player's rating history."""
        if args[:1] == ["player"] and len(args) > 1:
            name = " ".join(args[1:])
            return await self.commands.stats(ctx, player=(user_id_for(name), person_name(name)))
        return await self.commands.stats(ctx, self._game_first(args)[0] if args else None)

    async def _add(self, ctx: Ctx, args: list[str]) -> Reply:
        """`add ai [easy|normal|strong]` seats an AI player at the lobby (normal by default)."""
        if args[:1] != ["ai"]:
            raise UserError("err.options_syntax", example="add ai strong")
        return await self.commands.lobbies.add_ai(ctx, args[1] if len(args) > 1 else "normal")

    async def _leaderboard(self, ctx: Ctx, args: list[str]) -> Reply:
        """`leaderboard <game> [server|global]`."""
        scope = args[-1].lower() if args and args[-1].lower() in ("server", "global") else None
        return await self.commands.ratings.leaderboard(ctx, " ".join(args[:-1] if scope else args), scope)

    async def _skip(self, ctx: Ctx, player: str) -> Reply:
        """The Skip button of a time-out: a vote to skip `player`."""
        table = await self.commands.service.table_in_channel(ctx.channel_id)
        seat = self.commands.find_player(table, player)
        return await self.commands.skip(ctx, table.id, seat, table.row.version)

    async def _start(self, ctx: Ctx, args: list[str]) -> Reply:
        """`start`; alone at the table it asks first, and `start solo` confirms a solo game."""
        reply = await self.commands.lobbies.start(ctx, solo=args[:1] in (["solo"], ["yes"]))
        if reply.buttons:
            reply.buttons, reply.text = [], reply.text + "\n" + t("table.start_solo", self.lang)
        return reply

    async def _leave(self, ctx: Ctx, args: list[str]) -> Reply:
        """`leave`; in a started game it asks first, and `leave yes` confirms (the seat goes to
        the stand-in for good)."""
        table = await self.commands.service.table_in_channel(ctx.channel_id)
        if table.row.status == "active" and args[:1] == ["yes"]:
            return await self.commands.lobbies.leave_confirmed(ctx, table.id)
        reply = await self.commands.lobbies.leave(ctx)
        if reply.buttons and table.row.status == "active":
            reply.buttons, reply.text = [], reply.text + "\n" + t("table.leave_yes", self.lang)
        return reply

    async def _repair(self, ctx: Ctx, args: list[str]) -> Reply:
        """`repair N export|abort`: a game that needs repair."""
        if len(args) != 2 or not _WHOLE.fullmatch(args[0]) or args[1] not in ("export", "abort"):
            raise UserError("err.options_syntax", example="repair 3 export")
        return await self.commands.repair(ctx, int(args[0]), args[1])

    async def _abort(self, ctx: Ctx, args: list[str]) -> Reply:
        """`abort` asks first (only the table's creator may), and `abort yes` confirms."""
        reply = await self.commands.lobbies.abort(ctx)
        if args[:1] == ["yes"]:
            table = await self.commands.service.table_in_channel(ctx.channel_id)
            return await self.commands.lobbies.abort_confirmed(ctx, table.id, True)
        reply.buttons, reply.text = [], reply.text + "\n" + t("table.abort_yes", self.lang)
        return reply


def _tolerant(stream: TextIO) -> None:
    """Undecodable input bytes and unprintable output characters are replaced, not fatal."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="replace")


async def run_table(settings: Settings, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> None:
    _tolerant(stdin)
    _tolerant(out)
    db = await open_database(settings.database_path, settings.database_url)
    try:
        service = GameService(
            db, max_active_games_per_user=settings.max_active_games_per_user, lobby_expiry_s=settings.lobby_expiry_s,
            packs_dir=settings.packs_dir, vacation_days_per_year=settings.vacation_days_per_year,
            mention=local_mention, default_lang=settings.default_locale, ai_effort=settings.ai_effort,
        )
        commands = Commands(service)
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
                table.say(f"{table.user}> {clean(line)}")
            if not await table.handle(line):
                break
        table.say(t("table.bye", table.lang, db=settings.database_path))
    finally:
        await db.close()
