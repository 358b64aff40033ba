"""User-chosen text (display names, typed words) inside the bot's messages: set apart where it
enters (`engines.core.names.said`: Discord display names in `make_ctx`, stored names when
storage reads them, typed words when a refusal quotes them) and neutralised in the one function
every message's content goes through on its way out (`for_discord`), so no path can forget it.

Inside a span, every markdown character is escaped (Discord drops the backslash before any
punctuation), so a name can neither format the post (`**`, `||`), open a masked link
(`[text](url)`), write a mention (`<@id>`, `<#id>`) nor a heading; links and `@everyone`/`@here`
are broken with a zero-width space, so they are neither clickable nor highlighted. The marks
themselves are removed: Discord shows what the user chose, as text.
"""

from __future__ import annotations

import re

from bot.services.presenter import clip
from engines.core.names import CLOSE, OPEN

_MARKDOWN = re.compile(r"([\\*_~`|>#\-\[\]()<])")
_LINK = re.compile(r"(?i)(\w)(:)(//)")
_EVERYONE = re.compile(r"(?i)@(everyone|here)")
ZWSP = "\u200b"
MAX_CONTENT = 2000  # Discord's limit on a message's text


def neutralised(text: str) -> str:
    """User text that Discord shows as written and acts on in no way."""
    text = _LINK.sub(rf"\1\2{ZWSP}\3", text)
    text = _EVERYONE.sub(rf"@{ZWSP}\1", text)
    return _MARKDOWN.sub(r"\\\1", text)


def for_discord(text: str) -> str:
    """A message's content as Discord gets it: each span of user text neutralised, the marks
    gone. A span cut open by a clipped message runs to its end, and text before a closing mark
    whose opening was cut counts as user text."""
    out = []
    first_close, first_open = text.find(CLOSE), text.find(OPEN)
    if first_close != -1 and (first_open == -1 or first_close < first_open):
        out.append(neutralised(text[:first_close]))
        text = text[first_close + 1 :]
    while text:
        start = text.find(OPEN)
        if start == -1:
            out.append(text.replace(CLOSE, ""))
            break
        out.append(text[:start].replace(CLOSE, ""))
        end = text.find(CLOSE, start + 1)
        end = len(text) if end == -1 else end
        out.append(neutralised(text[start + 1 : end].replace(OPEN, "")))
        text = text[end + 1 :]
    return "".join(out)


def content(text: str) -> str:
    """A message's text for Discord: clipped to its limit (the newest lines kept), user text
    neutralised, and clipped again should the escapes have made it longer."""
    return clip(for_discord(clip(text)), MAX_CONTENT)
