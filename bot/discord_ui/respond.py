"""The one path from an interaction to a reply: acknowledge within Discord's 3 seconds, run the
handler, turn its Reply (or its error) into messages, and post public follow-ups.

Every domain error becomes a short ephemeral answer; anything else is logged with context and
the user gets an apology, never a traceback or "interaction failed".
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot.discord_ui.components import view_for
from bot.i18n import lang_for, t
from bot.services.commands import Ctx
from bot.services.errors import StaleInteraction, UserError
from bot.services.presenter import clip
from bot.services.replies import DirectMessage, Reply
from engines.core import IllegalMove

if TYPE_CHECKING:
    from bot.discord_ui.client import TabulaBot
    from bot.storage import GameRow

log = logging.getLogger(__name__)

# Answer directly when the work is done this fast; otherwise defer (Discord allows 3 s).
ACK_BUDGET = 2.0
# What a deferred "thinking…" message shows for the instant before it is deleted, when the
# answer needs the other visibility (see _answer_beside_thinking).
PLACEHOLDER = "…"
# Discord's error code for a post in an archived thread (one the bot could not reopen).
THREAD_ARCHIVED = 50083
# Discord's upload limit for bots without boosts; images are downscaled below it by render.
MAX_UPLOAD = 10 * 1024 * 1024

Handler = Callable[[Ctx], Awaitable[Reply]]


async def make_ctx(bot: TabulaBot, interaction: discord.Interaction) -> Ctx:
    lang = lang_for(str(interaction.locale), bot.settings.default_locale)  # private replies: the user's own language
    perms = getattr(interaction.user, "guild_permissions", None)
    channel_id = interaction.channel_id or 0
    return Ctx(
        user_id=interaction.user.id,
        name=interaction.user.display_name,
        channel_id=channel_id,
        guild_id=interaction.guild_id,
        lang=lang,
        can_manage=bool(perms and perms.manage_channels),
        can_manage_server=bool(perms and perms.manage_guild),
    )


async def run(
    bot: TabulaBot,
    interaction: discord.Interaction,
    handler: Handler,
    *,
    ephemeral: bool,
    component: bool = False,
    on_stale: Handler | None = None,
) -> None:
    """Run `handler` and deliver its Reply, or a friendly answer for its error.

    The answer is sent directly when ready within ACK_BUDGET seconds (so an error can be
    ephemeral even after a public command); otherwise the interaction is deferred first, well
    inside Discord's 3-second limit, and the answer follows, an error still privately.
    """
    task = asyncio.ensure_future(_produce(bot, interaction, handler, on_stale))
    done, _ = await asyncio.wait({task}, timeout=ACK_BUDGET)
    deferred = not done
    thinking: bool | None = None  # the visibility of a pending "thinking…" message, if any
    if deferred:
        if component:
            await interaction.response.defer()  # no visible message: follow-ups keep their own flag
        else:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
            thinking = ephemeral
    reply = await task
    try:
        await deliver(interaction, reply, component=component, deferred=deferred, thinking=thinking)
    except discord.HTTPException:
        log.exception("could not deliver a reply (user=%s channel=%s)", interaction.user.id, interaction.channel_id)


async def _produce(bot: TabulaBot, interaction: discord.Interaction, handler: Handler, on_stale: Handler | None) -> Reply:
    lang = bot.settings.default_locale
    try:
        ctx = await make_ctx(bot, interaction)
        lang = ctx.lang
        try:
            return await handler(ctx)
        except StaleInteraction as e:
            stale = t(e.key, lang)
            if on_stale is None:
                return Reply(stale, ephemeral=True)
            try:
                fresh = await on_stale(ctx)
            except (UserError, IllegalMove) as err:
                return Reply(f"{stale}\n{error_text(err, lang)}", ephemeral=True)
            fresh.text = clip(f"{stale}\n{fresh.text}")
            return fresh
    except (UserError, IllegalMove) as e:
        return Reply(error_text(e, lang), ephemeral=True)
    except Exception:
        log.exception(
            "handler failed: user=%s guild=%s channel=%s command=%s data=%s",
            interaction.user.id, interaction.guild_id, interaction.channel_id,
            getattr(interaction.command, "qualified_name", None), interaction.data,
        )
        return Reply(t("err.unexpected", lang), ephemeral=True)


def error_text(e: Exception, lang: str) -> str:
    if isinstance(e, UserError):
        return t(e.key, lang, **e.fields)
    if isinstance(e, IllegalMove):
        return e.text(lang)
    return t("err.unexpected", lang)


def _files(reply: Reply) -> list[discord.File]:
    return [discord.File(io.BytesIO(img.data), filename=img.filename) for img in reply.images if len(img.data) <= MAX_UPLOAD]


def _mentions(reply: Reply) -> discord.AllowedMentions:
    return discord.AllowedMentions(users=[discord.Object(i) for i in reply.mentions], roles=False, everyone=False)


async def deliver(
    interaction: discord.Interaction, reply: Reply, *, component: bool, deferred: bool, thinking: bool | None = None
) -> None:
    """Send the answer as the interaction's response (or its follow-up once deferred), then the
    public posts and DMs. `thinking` is the visibility (ephemeral or not) of a deferral's pending
    "thinking…" message, None when there is none."""
    text = clip(reply.text)
    view = view_for(reply)
    mentions = _mentions(reply)
    if reply.edit and component:
        kwargs: dict[str, object] = {"content": text, "view": view or discord.ui.View(), "allowed_mentions": mentions}
        if not reply.keep_images:
            kwargs["attachments"] = _files(reply)
        if deferred:
            await interaction.edit_original_response(**kwargs)  # type: ignore[arg-type]
        else:
            await interaction.response.edit_message(**kwargs)  # type: ignore[arg-type]
    else:
        kwargs = {"content": text, "files": _files(reply), "ephemeral": reply.ephemeral, "allowed_mentions": mentions}
        if view is not None:
            kwargs["view"] = view
        if thinking is not None and thinking != reply.ephemeral:
            await _answer_beside_thinking(interaction, kwargs)
        elif deferred:
            await interaction.followup.send(**kwargs)  # type: ignore[arg-type]
        else:
            await interaction.response.send_message(**kwargs)  # type: ignore[arg-type]
    channel = interaction.channel
    for post in reply.public:
        if channel is not None and hasattr(channel, "send"):
            await send_public(interaction.client, channel, post)  # type: ignore[arg-type]
    for channel_id, post in reply.elsewhere:
        await send_elsewhere(interaction.client, channel_id, post)  # type: ignore[arg-type]
    for dm in [*reply.dms, *(d for post in reply.public for d in post.dms)]:
        if not await send_dm(interaction.client, dm) and dm.fallback is not None:  # type: ignore[arg-type]
            if dm.fallback.ephemeral:
                await interaction.followup.send(dm.fallback.text, ephemeral=True)
            elif channel is not None and hasattr(channel, "send"):
                await send_public(interaction.client, channel, dm.fallback)  # type: ignore[arg-type]


async def _answer_beside_thinking(interaction: discord.Interaction, kwargs: dict[str, object]) -> None:
    """Answer with the other visibility than the deferral's "thinking…" message.

    The first follow-up after a deferral only fills that message in and keeps its visibility
    (Discord ignores the follow-up's own flag), so an error after a public command deferred would
    show in the channel. The thinking message is closed with a placeholder, the answer sent as a
    second follow-up, which keeps its own flag, and the placeholder deleted. (Deleting it first
    is no way out: Discord then refuses the interaction's follow-ups, Unknown Message.)
    """
    await interaction.edit_original_response(content=PLACEHOLDER)
    try:
        await interaction.followup.send(**kwargs)  # type: ignore[arg-type]
    finally:
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            log.warning("could not delete the placeholder of a deferred answer (user=%s)", interaction.user.id)


async def send_dm(bot: TabulaBot, dm: DirectMessage) -> bool:
    """Send a private alert; remember whether this user's DMs reach them, for the next alerts.
    Close to Discord's invalid-request ban, DMs (which users may refuse) wait: the fallback is used."""
    if bot.invalid_requests.backing_off():
        return False
    try:
        user = bot.get_user(dm.user_id) or await bot.fetch_user(dm.user_id)
        await user.send(clip(dm.post.text), files=_files(dm.post), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as e:
        log.info("DM to %s refused (%s); falling back to the channel", dm.user_id, e.status)
        await bot.services.db.set_dm_ok(dm.user_id, False)
        return False
    await bot.services.db.set_dm_ok(dm.user_id, True)
    return True


async def send_elsewhere(bot: TabulaBot, channel_id: int, post: Reply) -> None:
    """A post in another channel than the command's (a vacation told to each table); a channel
    that cannot be reached is logged and skipped, the others still get theirs."""
    try:
        channel = bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)
        await send_public(bot, channel, post)  # type: ignore[arg-type]
    except discord.HTTPException as e:
        log.warning("channel %s could not be told: %s", channel_id, e)


async def send_public(bot: TabulaBot, channel: discord.abc.Messageable, post: Reply) -> discord.Message | None:
    """A post for the whole channel. An archived thread is reopened first; a channel or thread
    that cannot be posted in (deleted, locked, no permission) pauses its game, and the first post
    that works there again resumes it."""
    if isinstance(channel, discord.Thread) and channel.archived:
        try:
            await channel.edit(archived=False)
        except discord.HTTPException:
            log.warning("could not unarchive thread %s", channel.id)
    kwargs: dict[str, object] = {"content": clip(post.text), "files": _files(post), "allowed_mentions": _mentions(post)}
    view = view_for(post)
    if view is not None:
        kwargs["view"] = view
    channel_id = int(getattr(channel, "id", 0))
    try:
        message = await channel.send(**kwargs)  # type: ignore[arg-type]
    except discord.HTTPException as e:
        log.warning("could not post in channel %s: %s", channel_id, e)
        if isinstance(e, discord.NotFound | discord.Forbidden) or e.code == THREAD_ARCHIVED:
            await channel_lost(bot, channel_id, getattr(channel, "parent", None), f"<#{channel_id}>")
        return None
    await channel_back(bot, channel_id, getattr(channel, "parent", None))
    return message


async def channel_lost(bot: TabulaBot, channel_id: int, parent: discord.abc.Messageable | None, mention: str) -> None:
    """Mark the open game of a channel or thread we can no longer post in (its clocks pause),
    and say so once in the thread's parent channel (players also see it in /mygames)."""
    row = await bot.services.db.open_game_in_channel(channel_id)
    if row is None or not await bot.services.set_lost(row.id, True):
        return
    await _tell_parent(bot, parent, row, "thread.lost", id=row.id, thread=mention)


async def channel_back(bot: TabulaBot, channel_id: int, parent: discord.abc.Messageable | None) -> None:
    """A post in a paused game's channel worked again: the game and its clocks resume."""
    row = await bot.services.db.open_game_in_channel(channel_id)
    if row is None or not row.channel_lost or not await bot.services.set_lost(row.id, False):
        return
    await _tell_parent(bot, parent, row, "thread.back", id=row.id, thread=f"<#{channel_id}>")


async def _tell_parent(bot: TabulaBot, parent: discord.abc.Messageable | None, row: GameRow, key: str, **fields: object) -> None:
    if parent is None:
        return
    lang = await bot.services.db.guild_locale(row.guild_id) or row.lang or bot.settings.default_locale
    try:
        await parent.send(t(key, lang, **fields), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not tell the parent channel about game %s", fields.get("id"))
