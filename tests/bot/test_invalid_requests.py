"""Discord's invalid-request limit (10,000 401/403/429 in 10 minutes): counted, and optional
requests back off at half of it."""

from __future__ import annotations

from bot.discord_ui.guard import BACK_OFF_AT, WINDOW_S, InvalidRequests


def test_invalid_responses_are_counted_in_a_sliding_window() -> None:
    now = [0.0]
    guard = InvalidRequests(clock=lambda: now[0])
    for status in (200, 204, 404, 500):
        guard.record(status)
    assert guard.count() == 0, "only 401, 403 and 429 count"
    for i in range(BACK_OFF_AT - 1):
        guard.record((401, 403, 429)[i % 3])
    assert not guard.backing_off()
    guard.record(403)
    assert guard.backing_off() and guard.total[403] == BACK_OFF_AT // 3 + 1
    now[0] += WINDOW_S + 1
    assert guard.count() == 0 and not guard.backing_off()


async def test_the_trace_records_each_response_status() -> None:
    guard = InvalidRequests()
    config = guard.trace()

    class Params:
        class response:
            status = 429

        class url:
            path = "/api/v10/channels/1/messages"

    for callback in config.on_request_end:
        await callback(None, None, Params)  # type: ignore[arg-type]
    assert guard.count() == 1 and guard.total[429] == 1
