"""Delivering the outbox (`bot.services.outbox`) to Discord: channel posts and DMs, each sent with
its record's nonce, and what each failure means for the record (`Retry`, `Refused`).

discord.py already waits out rate limits and retries 500, 502 and 504 a few times; what still
fails here is retried by the outbox. A failure that came with no answer (a reset connection, a
time-out) may have been taken by Discord: the same message is sent again with the same nonce,
which Discord drops if it has it.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import aiohttp
import discord

from bot.discord_ui.components import layout_for, view_for
from bot.services.outbox import Delivery, Outcome, Post, Refused, Retry, Sent
from bot.usertext import content

if TYPE_CHECKING:
    from bot.discord_ui.client import TabulaBot

log = logging.getLogger(__name__)

# Discord's error codes: a post in an archived thread (one the bot could not reopen); a user who
# does not accept DMs from the bot.
THREAD_ARCHIVED = 50083
CANNOT_DM = 50007
# Discord's upload limit for bots without boosts; images are downscaled below it by render.
MAX_UPLOAD = 10 * 1024 * 1024
# Failures that come with no answer from Discord: the request may or may not have been taken.
NO_ANSWER = (aiohttp.ClientError, asyncio.TimeoutError, OSError)
# A 503 is Discord refusing before it does anything; other 5xx may come after the message was made.
REFUSED_BEFORE = (503,)


def allowed_mentions(user_ids: list[int]) -> discord.AllowedMentions:
    """Who a message may ping: the people among `user_ids`. An AI seat's id is negative, no
    snowflake, and Discord refuses a whole message whose allowed mentions hold one."""
    return discord.AllowedMentions(users=[discord.Object(i) for i in user_ids if i > 0], roles=False, everyone=False)


def classify(error: BaseException) -> Outcome:
    """What a failed request means for its record."""
    if isinstance(error, discord.RateLimited):
        return Retry("rate limited", after=error.retry_after)
    if isinstance(error, discord.HTTPException):
        what = f"{error.status} {error.code or ''}".strip()
        if error.status == 429:
            return Retry(what, after=float(getattr(error, "retry_after", 0.0) or 0.0))
        if error.status >= 500:
            return Retry(what, unknown=error.status not in REFUSED_BEFORE)
        if isinstance(error, discord.NotFound | discord.Forbidden) or error.code == THREAD_ARCHIVED:
            return Refused(what, queue=True)
        return Refused(what)
    if isinstance(error, NO_ANSWER):
        return Retry(type(error).__name__, unknown=True)
    raise error


async def files_of(bot: TabulaBot, post: Post) -> list[discord.File]:
    """The post's images, drawn now from the views stored with it. One that cannot be drawn is
    left out (and logged): a turn post is never held back by its picture."""
    out = []
    for drawing in post.drawings:
        try:
            image = await bot.services.draw(drawing)
        except Exception:
            log.exception("could not draw %s (%s) for a post", drawing.filename, drawing.kind)
            continue
        if len(image.data) <= MAX_UPLOAD:
            out.append(discord.File(io.BytesIO(image.data), filename=image.filename))
    return out


async def deliver(bot: TabulaBot, d: Delivery) -> Outcome:
    """Send one delivery of the outbox; never raises for what Discord answers."""
    try:
        files = await files_of(bot, d.post)
        if d.user_id is not None:
            return await _dm(bot, d, files)
        assert d.channel_id is not None
        try:
            channel = bot.get_channel(d.channel_id) or await bot.fetch_channel(d.channel_id)
        except discord.HTTPException as e:
            outcome = classify(e)
            if isinstance(outcome, Refused) and outcome.queue:
                await channel_lost(bot, d.channel_id, None, f"<#{d.channel_id}>")
            return outcome
        return await send_post(bot, channel, d.post, files, d.nonce)  # type: ignore[arg-type]
    except NO_ANSWER as e:
        return classify(e)


async def send_post(
    bot: TabulaBot, channel: discord.abc.Messageable, post: Post, files: list[discord.File], nonce: str | None = None
) -> Outcome:
    """A post for a whole channel. An archived thread is reopened first; a channel or thread that
    cannot be posted in (deleted, locked, no permission) pauses its game, and the first post that
    works there again resumes it. A post Discord finds malformed is sent again as text alone."""
    if isinstance(channel, discord.Thread) and channel.archived:
        try:
            await channel.edit(archived=False)
        except discord.HTTPException:
            log.warning("could not unarchive thread %s", channel.id)
    kwargs: dict[str, object] = {"files": files, "allowed_mentions": allowed_mentions(post.mentions)}
    view: discord.ui.BaseView | None
    if post.accent is not None:  # one container: text, images and buttons together
        view = layout_for(post, [f.filename or "" for f in files])
    else:
        view = view_for(post.buttons)
        kwargs["content"] = content(post.text)
    if view is not None:
        kwargs["view"] = view
    if nonce is not None:
        kwargs["nonce"] = nonce
    channel_id = int(getattr(channel, "id", 0))
    parent = getattr(channel, "parent", None)
    try:
        try:
            message = await channel.send(**kwargs)  # type: ignore[arg-type]
        except discord.HTTPException as e:
            if e.status != 400 or not (files or view):
                raise
            log.error("channel %s refused a post as malformed (%s); sending its text alone", channel_id, e)
            plain_kwargs = {k: v for k, v in kwargs.items() if k not in ("files", "view")} | {"content": content(post.text)}
            message = await channel.send(**plain_kwargs)  # type: ignore[arg-type]
    except (discord.HTTPException, *NO_ANSWER) as e:
        outcome = classify(e)
        log.warning("could not post in channel %s: %s", channel_id, outcome.error)
        if isinstance(outcome, Refused) and outcome.queue:
            await channel_lost(bot, channel_id, parent, f"<#{channel_id}>")
        return outcome
    await channel_back(bot, channel_id, parent)
    return Sent(message.id)


async def _dm(bot: TabulaBot, d: Delivery, files: list[discord.File]) -> Outcome:
    """A private alert. Close to Discord's invalid-request ban, DMs (which users may refuse) are
    not tried: the channel is told instead."""
    assert d.user_id is not None
    if bot.invalid_requests.backing_off():
        return Refused("backing off: too many invalid requests")
    try:
        user = bot.get_user(d.user_id) or await bot.fetch_user(d.user_id)
        message = await user.send(content(d.post.text), files=files, allowed_mentions=discord.AllowedMentions.none(), nonce=d.nonce)
    except discord.HTTPException as e:
        if e.code == CANNOT_DM:
            return Refused(f"{e.status} {e.code}", dm_refused=True)
        outcome = classify(e)
        return Refused(outcome.error) if isinstance(outcome, Refused) else outcome
    await bot.services.db.set_dm_ok(d.user_id, True)
    return Sent(message.id)


async def check_dm(bot: TabulaBot, user_id: int, text: str) -> bool | None:
    """A test DM (/settings): True when delivered, False when Discord refuses DMs to this user
    (remembered: later alerts go to the channel), None when Discord could not be reached."""
    try:
        user = bot.get_user(user_id) or await bot.fetch_user(user_id)
        await user.send(content(text), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as e:
        if e.code == CANNOT_DM or isinstance(e, discord.Forbidden):
            await bot.services.db.set_dm_ok(user_id, False)
            return False
        return None
    except NO_ANSWER:
        return None
    await bot.services.db.set_dm_ok(user_id, True)
    return True


async def channel_lost(bot: TabulaBot, channel_id: int, parent: discord.abc.Messageable | None, mention: str) -> None:
    """Mark the open game of a channel or thread we can no longer post in (its clocks pause),
    and say so once in the thread's parent channel (players also see it in /mygames)."""
    row = await bot.services.db.open_game_in_channel(channel_id)
    if row is not None:
        await bot.services.set_lost(row.id, True, getattr(parent, "id", None), mention)


async def channel_back(bot: TabulaBot, channel_id: int, parent: discord.abc.Messageable | None) -> None:
    """A post in a paused game's channel worked again: the game and its clocks resume."""
    row = await bot.services.db.open_game_in_channel(channel_id)
    if row is not None and row.channel_lost:
        await bot.services.set_lost(row.id, False, getattr(parent, "id", None), f"<#{channel_id}>")
