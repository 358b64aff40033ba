"""Domain errors: each carries a catalog key, so one layer can turn it into a friendly reply."""

from __future__ import annotations


class UserError(Exception):
    """Something the user can fix; shown as a short ephemeral message from the catalog."""

    def __init__(self, key: str, **fields: object) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields


class StaleInteraction(UserError):
    """A button or menu from an older version of the board was used."""

    def __init__(self, game_id: int) -> None:
        super().__init__("err.stale")
        self.game_id = game_id


class NeedsRepair(UserError):
    """A game whose record this build cannot rebuild (another rules version, a step log that
    no longer replays). Its message names the game's number only, never its content."""

    def __init__(self, game_id: int) -> None:
        super().__init__("err.needs_repair", id=game_id)
        self.game_id = game_id
