"""Texts built from tables and views: status lines, logs, results, names. Discord-agnostic."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import t
from bot.services.table import Table, time_left
from bot.storage import GameRow, SeatRow
from engines.core.i18n import log_text, say
from engines.core.names import fill, names_seat, plain
from engines.core.ranks import winners

LOG_PAGE = 15
Mention = Callable[[SeatRow], str]


def title(table: Table, lang: str) -> str:
    return table.engine.title_in(lang)


def names(table: Table, seats: list[int], mention: Mention) -> str:
    return ", ".join(mention(table.user_at(s)) for s in seats) or "—"


def player_name(seat: SeatRow, lang: str) -> str:
    """A seat's name, marked when the stand-in plays it."""
    return t("game.standin_name", lang, name=seat.name) if seat.standin else seat.name


def link(row: GameRow) -> str:
    """A link to the game's channel that works from anywhere (another server, a DM)."""
    return f"https://discord.com/channels/{row.guild_id or '@me'}/{row.channel_id}"


def duration(seconds: float, lang: str) -> str:
    """As people write it: "1 day", "2 days 3 h", "5 h", "1 h 30 min", "45 min", "under a minute"
    (« 2 jours 3 h »); days drop minutes, and a zero part is left out."""
    s = max(0, int(seconds))
    d, h, m = s // 86400, s % 86400 // 3600, s % 3600 // 60
    if d:
        days = t("time.day" if d == 1 else "time.days", lang, d=d)
        return f"{days} {h} h" if h else days
    if h:
        return f"{h} h {m} min" if m else f"{h} h"
    return f"{m} min" if m else t("time.under_minute", lang)


def clock_text(row: GameRow, lang: str) -> str:
    if row.bank_s is None:
        return t("clock.none", lang)
    return t("clock.bank", lang, bank=duration(row.bank_s, lang), bonus=duration(row.bonus_s, lang))


def length_text(table: Table, lang: str) -> str:
    """A lobby's estimate of the game's length: the engine's typical turns per player at the
    seated count, times the time a turn may take on this clock (bank spread over the turns, plus
    the time added per turn), the people taking turns one after another: an AI player's turn takes
    seconds, so it adds none (a seat still empty counts as a person)."""
    e = table.engine
    players = min(max(len(table.seats), e.min_players), e.max_players)
    turns = e.typical_turns.get(players)
    if not turns:
        return ""
    ais = sum(table.autoplayed(s.seat) for s in table.seats)
    people = max(1, players - ais)
    note = " " + t("lobby.length_ai", lang) if ais else ""
    if table.row.bank_s is None:
        return t("lobby.length_free", lang, turns=turns, players=players, days=people * turns) + note
    most = people * (table.row.bank_s + table.row.bonus_s * turns)
    per_turn = duration(most / (people * turns), lang)
    return t("lobby.length", lang, turns=turns, players=players, most=duration(most, lang), per_turn=per_turn) + note


def clocks_line(table: Table, lang: str, now: float) -> str:
    """Each player's time left, for /game status of a clocked game ('' without a time limit)."""
    if table.row.bank_s is None:
        return ""
    parts = []
    for s in table.seats:
        left = time_left(table.row, s, now)
        if left is not None and not s.standin:
            mark = " 🏖️" if s.away_since is not None else " ⏳" if s.wait_since is not None else ""
            parts.append(f"{s.name} {duration(left, lang)}{mark}")
    away = t("game.clocks_away", lang) if any(s.away_since is not None for s in table.seats) else ""
    return t("game.clocks", lang, clocks=", ".join(parts)) + away


def options_text(table: Table, lang: str) -> str:
    opts = [f"{k}={v}" for k, v in table.row.options.items()]
    opts += [f"confirm=on ({t('options.confirm', lang)})"] if table.row.confirm else []
    opts += [f"pack={table.pack.name} ({t('options.pack', lang, digest=table.pack.digest[:8])})"] if table.pack else []
    return " ".join(opts) if opts else t("options.none", lang)


def pack_line(table: Table, lang: str) -> str:
    """Which components a table plays with, when not the default ones."""
    return t("game.pack", lang, name=table.pack.name, digest=table.pack.digest[:8]) if table.pack else ""


def lobby_text(table: Table, lang: str, mention: Mention) -> str:
    e = table.engine
    creator = next((s for s in table.seats if s.user_id == table.row.creator_id), None)
    wanted = t("lobby.players", lang, n=e.min_players) if e.min_players == e.max_players else t(
        "lobby.players_range", lang, min=e.min_players, max=e.max_players
    )
    return t("lobby.title", lang, game=title(table, lang), id=table.id) + "\n" + t(
        "lobby.body", lang,
        creator=mention(creator) if creator else "—", players_wanted=wanted,
        options=options_text(table, lang), clock=clock_text(table.row, lang), count=len(table.seats),
        players=", ".join(mention(s) for s in table.seats) or "—",
    ) + "".join(f"\n{line}" for line in (length_text(table, lang), rating_text(table, lang)) if line)


def rating_text(table: Table, lang: str) -> str:
    """Whether the lobby's game will be rated (`bot.ratings`): a pack or a solo game is not."""
    e = table.engine
    if table.row.pack is not None:
        return t("lobby.unrated_pack", lang)
    if e.max_players == 1:
        return t("lobby.unrated_solo", lang)
    return t("lobby.rated_unless_solo" if e.min_players == 1 else "lobby.rated", lang)


def unrated_line(table: Table, lang: str) -> str:
    """The final post's word on a game that changed no rating (a solo game needs none)."""
    return t("ratings.unrated_pack", lang) if table.row.pack is not None else ""


def named(table: Table, text: str, lang: str, wrap: str = "") -> str:
    """An engine text with its `{pN}` placeholders filled with the players' display names."""
    return fill(text, table.names, lang, wrap)


def summary(table: Table, lang: str) -> str:
    view = table.engine.view(table.state, None) if table.state is not None else {}
    return named(table, say(view.get("summary"), lang), lang)


def status_text(table: Table, lang: str, mention: Mention, now: float) -> str:
    if table.row.status == "lobby":
        return t("game.lobby_status", lang, game=title(table, lang), id=table.id, players=", ".join(s.name for s in table.seats))
    if table.row.status == "finished":
        return t("game.status_over", lang, game=title(table, lang), id=table.id) + "\n" + result_text(table, lang)
    assert table.state is not None
    view = table.engine.view(table.state, None)
    scores = view.get("scores") or []
    score_text = ", ".join(f"{player_name(table.user_at(i), lang)} {sc}" for i, sc in enumerate(scores)) or "—"
    waiting = [table.user_at(seat) for seat in table.to_act()]
    who = ", ".join(
        t("game.waiting_one", lang, name=mention(s), time=duration(now - s.wait_since, lang))
        if s.wait_since is not None and not s.standin else mention(s)
        for s in waiting
    )
    text = t(
        "game.status", lang, game=title(table, lang), id=table.id, summary=summary(table, lang), who=who or "—", scores=score_text,
    )
    lines = [text, clocks_line(table, lang, now)]
    lines += [pack_line(table, lang)]
    return "\n".join(line for line in lines if line)


def log_lines(entries: list[dict[str, Any]], table: Table, lang: str, markdown: bool = True) -> list[str]:
    """Log entries as lines naming players by their display names: an entry that names its
    players (`{pN}`) is shown as written, one with a seat and no name gets "name: " in front."""
    out = []
    bold = "**" if markdown else ""
    for e in entries:
        text = log_text(e, lang)
        seat = e.get("seat")
        who = table.user_at(seat).name if isinstance(seat, int) and 0 <= seat < len(table.seats) and not names_seat(text) else ""
        text = named(table, text, lang, bold)
        line = f"{bold}{who}{bold}: {text}" if who else text
        out.append(f"• {line}" if markdown else line)
    return out


def log_page(table: Table, lang: str, page: int | None) -> str:
    entries = table.state["log"] if table.state is not None else []
    if not entries:
        return t("game.log_empty", lang)
    pages = (len(entries) + LOG_PAGE - 1) // LOG_PAGE
    page = pages if page is None else max(1, min(page, pages))
    chunk = entries[(page - 1) * LOG_PAGE : page * LOG_PAGE]
    return t("game.log_title", lang, id=table.id, page=page, pages=pages) + "\n" + "\n".join(log_lines(chunk, table, lang))


def outcome_line(table: Table, res: dict[str, Any], lang: str) -> str:
    """Who won, in words: one winner, a shared victory, or the game's own "no winner" sentence."""
    if res.get("no_winner"):
        return say(res["no_winner"], lang)
    won = [player_name(table.user_at(s), lang) for s in winners(res)]
    if len(won) > 1:
        return t("game.shared_victory", lang, names=t("game.and", lang).join([", ".join(won[:-1]), won[-1]]))
    return t("game.winner", lang, name=won[0])


def card_text(table: Table, state: dict[str, Any], entries: list[dict[str, Any]], lang: str) -> tuple[str, list[str], str]:
    """A turn card's words: its title, what happened (`entries`, names filled, no markdown), and
    who must act now, or who won; as an image shows them (names as written)."""
    engine = table.engine
    if engine.is_over(state):
        footer = outcome_line(table, engine.result(state), lang)
    else:
        footer = t("card.now", lang, who=", ".join(player_name(table.user_at(s), lang) for s in engine.to_act(state)))
    events = [plain(e) for e in log_lines(entries, table, lang, markdown=False)]
    return f"{title(table, lang)} #{table.id}", events, plain(footer)


def _decided(res: dict[str, Any], seat: int, lang: str) -> str:
    d = res["decided_by"][seat]
    return t("game.decided_by", lang, what=say(d, lang)) if d else ""


def result_text(table: Table, lang: str) -> str:
    assert table.state is not None
    res = table.engine.result(table.state)
    lines = [f"**{outcome_line(table, res, lang)}**"]
    for seat in res["ranking"]:
        parts = ", ".join(f"{category(res, k, lang)} {v}" for k, v in res["breakdown"][seat].items() if v)
        name = player_name(table.user_at(seat), lang)
        line = t("game.result_line", lang, rank=res["ranks"][seat], name=name, score=res["scores"][seat], parts=parts or "—")
        lines.append(line + _decided(res, seat, lang))
    return "\n".join(lines)


def category(res: dict[str, Any], key: str, lang: str) -> str:
    """A breakdown key in words ("End buildings"), from the engine's labels."""
    label = res.get("labels", {}).get(key)
    return say(label, lang) if label else key


def result_rows(table: Table, lang: str) -> list[dict[str, Any]]:
    """The final ranking as rows for the results image (`won` marks every winner)."""
    assert table.state is not None
    res = table.engine.result(table.state)
    won = winners(res)
    return [
        {
            "rank": res["ranks"][seat], "won": seat in won, "name": plain(player_name(table.user_at(seat), lang)), "seat": seat,
            "score": res["scores"][seat], "note": plain(_decided(res, seat, lang).strip(" ·")),
            "breakdown": {category(res, k, lang): v for k, v in res["breakdown"][seat].items()},
        }
        for seat in res["ranking"]
    ]


def clip(text: str, limit: int = 1900) -> str:
    """Stay under Discord's 2,000-character message limit, keeping the end (the newest lines)."""
    if len(text) <= limit:
        return text
    return "…\n" + text[-(limit - 2) :]


def repair_line(row: GameRow, lang: str) -> str:
    """A game this build cannot play, as listed to its players (/mygames, /game list)."""
    return t("game.needs_repair_line", lang, id=row.id, game=row.game)
