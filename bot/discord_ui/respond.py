"""The one path from an interaction to a reply: acknowledge within Discord's 3 seconds, run the
handler, turn its Reply (or its error) into messages, then deliver what the change owes the
channel from the outbox.

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

from bot.discord_ui.components import unheld, view_for
from bot.discord_ui.sender import MAX_UPLOAD, NO_ANSWER, allowed_mentions, check_dm
from bot.i18n import lang_for, t
from bot.services.autoplay import person_name
from bot.services.commands import Ctx
from bot.services.errors import StaleInteraction, UserError
from bot.services.outbox import POST, Owed, Post
from bot.services.presenter import clip
from bot.services.replies import Reply
from bot.usertext import content
from engines.core import IllegalMove

if TYPE_CHECKING:
    from bot.discord_ui.client import TabulaBot

log = logging.getLogger(__name__)

# Answer directly when the work is done this fast; otherwise defer (Discord allows 3 s).
ACK_BUDGET = 2.0
# What a deferred "thinking…" message shows for the instant before it is deleted, when the
# answer needs the other visibility (see _answer_beside_thinking).
PLACEHOLDER = "…"
# Discord's code for an interaction whose token is no longer valid: nothing was shown for it.
UNKNOWN_INTERACTION = 10062

Handler = Callable[[Ctx], Awaitable[Reply]]


async def make_ctx(bot: TabulaBot, interaction: discord.Interaction) -> Ctx:
    lang = lang_for(str(interaction.locale), bot.settings.default_locale)  # private replies: the user's own language
    perms = getattr(interaction.user, "guild_permissions", None)
    channel_id = interaction.channel_id or 0
    return Ctx(
        user_id=interaction.user.id,
        name=person_name(interaction.user.display_name),
        channel_id=channel_id,
        guild_id=interaction.guild_id,
        lang=lang,
        can_manage=bool(perms and perms.manage_channels),
        can_manage_server=bool(perms and perms.manage_guild),
        can_view=channel_viewer(interaction),
    )


def channel_viewer(interaction: discord.Interaction) -> Callable[[int], bool] | None:
    """Whether the member may see a channel or thread of the server (its View Channel permission
    there); a channel Discord no longer knows (deleted) only to those who manage channels."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return None

    def can_view(channel_id: int) -> bool:
        channel = guild.get_channel_or_thread(channel_id)
        if channel is None:
            return member.guild_permissions.manage_channels
        return channel.permissions_for(member).view_channel

    return can_view


async def run(
    bot: TabulaBot,
    interaction: discord.Interaction,
    handler: Handler,
    *,
    ephemeral: bool,
    component: bool = False,
    on_stale: Handler | None = None,
) -> None:
    """Run `handler` and deliver its Reply, or a friendly answer for its error, then what the
    change owes the channel (the outbox).

    The answer is sent directly when ready within ACK_BUDGET seconds (so an error can be
    ephemeral even after a public command); otherwise the interaction is deferred first, well
    inside Discord's 3-second limit, and the answer follows, an error still privately. The answer
    failing (an expired interaction, a Discord error, a reset connection) never holds back the
    announcements: they were written with the change and go out from the outbox.
    """
    task = asyncio.ensure_future(_produce(bot, interaction, handler, on_stale))
    done, _ = await asyncio.wait({task}, timeout=ACK_BUDGET)
    deferred = not done
    thinking: bool | None = None  # the visibility of a pending "thinking…" message, if any
    reply: Reply | None = None
    try:
        if deferred:
            if component:
                await interaction.response.defer()  # no visible message: follow-ups keep their own flag
            else:
                await interaction.response.defer(ephemeral=ephemeral, thinking=True)
                thinking = ephemeral
        reply = await task
        await deliver(bot, interaction, reply, component=component, deferred=deferred, thinking=thinking)
    except (discord.HTTPException, *NO_ANSWER) as e:
        log.warning("could not answer an interaction (user=%s channel=%s): %s", interaction.user.id, interaction.channel_id, e)
        if reply is not None and getattr(e, "code", None) == UNKNOWN_INTERACTION:
            await _post_instead(bot, interaction, reply)
    finally:
        if not task.done():
            await asyncio.wait({task})
        await bot.flush_outbox()


async def _post_instead(bot: TabulaBot, interaction: discord.Interaction, reply: Reply) -> None:
    """A public answer whose interaction expired before it (a lobby, say) is posted in the channel
    instead, from the outbox; its images are left out (a board is one command away)."""
    if reply.ephemeral or reply.edit or interaction.channel_id is None:
        return
    post = Post(tail=[reply.text], buttons=reply.buttons, mentions=reply.mentions)
    await bot.services.outbox.write([Owed(POST, post, None, interaction.guild_id, channel_id=interaction.channel_id)])


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


async def deliver(
    bot: TabulaBot, interaction: discord.Interaction, reply: Reply, *, component: bool, deferred: bool, thinking: bool | None = None
) -> None:
    """Send the answer as the interaction's response (or its follow-up once deferred), then the
    test DM it asks for. `thinking` is the visibility (ephemeral or not) of a deferral's pending
    "thinking…" message, None when there is none."""
    text = content(reply.text)
    view = view_for(reply.buttons, reply.select)
    mentions = allowed_mentions(reply.mentions)
    if reply.edit and component:
        kwargs: dict[str, object] = {"content": text, "view": view or unheld(discord.ui.View(timeout=None)), "allowed_mentions": mentions}
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
    if reply.dm_check is not None:
        delivered = await check_dm(bot, interaction.user.id, reply.dm_check.text)
        if not delivered:
            await interaction.followup.send(content(reply.dm_check.refused if delivered is False else reply.dm_check.unsure), ephemeral=True)


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
