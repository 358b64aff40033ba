"""The one path from an interaction to a reply: acknowledge within Discord's 3 seconds, run the
handler, turn its Reply (or its error) into messages, and post public follow-ups.

Every domain error becomes a short ephemeral answer; anything else is logged with context and
the user gets an apology, never a traceback or "interaction failed".
"""

from __future__ import annotations

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
from bot.services.replies import Reply
from engines.core import IllegalMove

if TYPE_CHECKING:
    from bot.discord_ui.client import TabulaBot

log = logging.getLogger(__name__)

MAX_EMBED = 6000
# Discord's upload limit for bots without boosts; images are downscaled below it by render.
MAX_UPLOAD = 10 * 1024 * 1024

Handler = Callable[[Ctx], Awaitable[Reply]]


async def make_ctx(bot: TabulaBot, interaction: discord.Interaction) -> Ctx:
    guild_locale = await bot.services.db.guild_locale(interaction.guild_id)
    lang = guild_locale or lang_for(str(interaction.locale), bot.settings.default_locale)
    perms = getattr(interaction.user, "guild_permissions", None)
    channel_id = interaction.channel_id or 0
    return Ctx(
        user_id=interaction.user.id,
        name=interaction.user.display_name,
        channel_id=channel_id,
        guild_id=interaction.guild_id,
        lang=lang,
        can_manage=bool(perms and perms.manage_channels),
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
    """Defer, run `handler`, deliver its Reply; map errors to friendly ephemeral answers."""
    if component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    ctx = await make_ctx(bot, interaction)
    try:
        reply = await handler(ctx)
    except StaleInteraction as e:
        reply = Reply(t(e.key, ctx.lang), ephemeral=True)
        if on_stale is not None:
            try:
                fresh = await on_stale(ctx)
                fresh.text = clip(f"{reply.text}\n{fresh.text}")
                reply = fresh
            except (UserError, IllegalMove) as err:
                reply = Reply(f"{reply.text}\n{error_text(err, ctx.lang)}", ephemeral=True)
    except (UserError, IllegalMove) as e:
        reply = Reply(error_text(e, ctx.lang), ephemeral=True)
    except Exception:
        log.exception(
            "handler failed: user=%s guild=%s channel=%s command=%s data=%s",
            interaction.user.id, interaction.guild_id, interaction.channel_id,
            getattr(interaction.command, "qualified_name", None), interaction.data,
        )
        reply = Reply(t("err.unexpected", ctx.lang), ephemeral=True)
    try:
        await deliver(bot, interaction, reply, component=component)
    except discord.HTTPException:
        log.exception("could not deliver a reply (user=%s channel=%s)", interaction.user.id, interaction.channel_id)


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


async def deliver(bot: TabulaBot, interaction: discord.Interaction, reply: Reply, *, component: bool) -> None:
    text = clip(reply.text)
    view = view_for(reply)
    if reply.edit and component:
        await interaction.edit_original_response(
            content=text, attachments=_files(reply), view=view or discord.ui.View(), allowed_mentions=_mentions(reply)
        )
    else:
        kwargs: dict[str, object] = {"content": text, "files": _files(reply), "ephemeral": reply.ephemeral, "allowed_mentions": _mentions(reply)}
        if view is not None:
            kwargs["view"] = view
        await interaction.followup.send(**kwargs)  # type: ignore[arg-type]
    channel = interaction.channel
    for post in reply.public:
        if channel is not None and hasattr(channel, "send"):
            await send_public(channel, post)  # type: ignore[arg-type]


async def send_public(channel: discord.abc.Messageable, post: Reply) -> discord.Message | None:
    """A post for the whole channel; an archived thread is reopened first."""
    if isinstance(channel, discord.Thread) and channel.archived:
        try:
            await channel.edit(archived=False)
        except discord.HTTPException:
            log.warning("could not unarchive thread %s", channel.id)
    kwargs: dict[str, object] = {"content": clip(post.text), "files": _files(post), "allowed_mentions": _mentions(post)}
    view = view_for(post)
    if view is not None:
        kwargs["view"] = view
    try:
        return await channel.send(**kwargs)  # type: ignore[arg-type]
    except discord.HTTPException:
        log.exception("could not post in channel %s", getattr(channel, "id", None))
        return None
