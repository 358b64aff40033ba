"""One language per channel: public posts follow the server's language (or the game creator's),
private replies each user's own Discord language, whoever played last."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import simcord.interactions

from bot.discord_ui.client import TabulaBot
from tests.bot.e2e_util import text
from tests.bot.test_discord_toy import answer, make_bot, setup_table

LOCALES: dict[int, str] = {}


@pytest.fixture
def simcord_bot(tmp_path: Path, stub_render: None) -> TabulaBot:
    return make_bot(tmp_path / "bot.sqlite3")


@pytest.fixture(autouse=True)
def user_locales(monkeypatch: pytest.MonkeyPatch) -> None:
    """SimCord sends every interaction as en-US; give each user the locale their client would send."""
    real = simcord.interactions.base_payload

    def with_locale(*args: Any, **kw: Any) -> Any:
        record, payload = real(*args, **kw)
        payload["locale"] = LOCALES.get(kw["user_id"], "en-US")
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locale)
    LOCALES.clear()


async def test_english_and_french_players_in_a_french_server_get_french_posts(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env, admin=True)
    LOCALES[alice.id], LOCALES[bob.id] = "en-US", "fr"
    await alice.slash(channel, "game language", language="fr")
    await alice.slash(channel, "game new", game="nim", options="stones=9")
    lobby = channel.last_message
    assert "nouvelle table" in text(lobby)
    await bob.click(lobby, label="Rejoindre")
    await alice.click(lobby, label="Lancer")
    public = [channel.last_message]
    for player in (alice, bob, alice, bob):
        r = await player.slash(channel, "play", move="a take1")
        private = answer(r)
        assert private.ephemeral
        # each player's own confirmation in their language
        assert ("Saved" in private.content) == (player is alice) and ("Enregistré" in private.content) == (player is bob)
        public.append(channel.last_message)
        r = await player.slash(channel, "play", move="a")  # a refusal: private, in the player's language
        assert ("It is not your turn" in answer(r).content) == (player is alice)
        assert ("Ce n'est pas votre tour" in answer(r).content) == (player is bob)
    for post in public:
        assert "your turn" not in text(post) and "c'est à vous" in text(post), text(post)
    r = await bob.slash(channel, "game status")
    assert not r.ephemeral and "En attente de" in r.response.content


async def test_without_a_server_language_the_creators_language_holds(simcord_env) -> None:  # type: ignore[no-untyped-def]
    _, channel, alice, bob = setup_table(simcord_env)
    LOCALES[alice.id], LOCALES[bob.id] = "fr", "en-US"
    await alice.slash(channel, "game new", game="nim", options="stones=9")
    lobby = channel.last_message
    await bob.click(lobby, label="Rejoindre")
    await alice.click(lobby, label="Lancer")
    r = await alice.slash(channel, "play", move="a take1")
    assert "c'est à vous" in text(channel.last_message)
    r = await bob.slash(channel, "play", move="a take1")
    assert "Saved" in answer(r).content and "c'est à vous" in text(channel.last_message)


async def test_a_german_server_and_players_in_three_languages(simcord_env) -> None:  # type: ignore[no-untyped-def]
    """German is offered like English and French: a German server's public posts, each player's
    private answers and refusals in their own Discord language, the engines' refusals included."""
    _, channel, alice, bob = setup_table(simcord_env, admin=True)
    LOCALES[alice.id], LOCALES[bob.id] = "de", "fr"
    r = await alice.slash(channel, "game language", language="de")
    assert "verwenden jetzt: de" in answer(r).content
    await alice.slash(channel, "game new", game="nim", options="stones=9")
    lobby = channel.last_message
    assert "neuer Tisch" in text(lobby)
    await bob.click(lobby, label="Beitreten")
    await alice.click(lobby, label="Starten")
    r = await alice.slash(channel, "play", move="a take1")
    assert "Gespeichert" in answer(r).content and "du bist am Zug" in text(channel.last_message)
    r = await alice.slash(channel, "play", move="a")  # not her turn: the engine's refusal, in German
    assert "Du bist nicht am Zug" in answer(r).content, answer(r).content
    r = await bob.slash(channel, "play", move="zz!")
    assert "n'est pas une notation valide" in answer(r).content, answer(r).content
