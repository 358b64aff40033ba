"""SQLite's numbered migrations (PRAGMA user_version): each applied once, in order, in its own
transaction by `Database.migrate`; PostgreSQL's mirror them in `pg_migrations`."""

from __future__ import annotations

from bot.storage.rows import GUILD_ORDER, NEXT_DUE

MIGRATIONS: list[str] = [
    # 1: the game record
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    INTEGER,
        channel_id  INTEGER NOT NULL,
        game        TEXT NOT NULL,
        options     TEXT NOT NULL DEFAULT '{}',
        seed        INTEGER NOT NULL,
        status      TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
        creator_id  INTEGER NOT NULL,
        version     INTEGER NOT NULL DEFAULT 0,
        message_id  INTEGER,
        posted_log  INTEGER NOT NULL DEFAULT 0,
        created_at  REAL NOT NULL,
        updated_at  REAL NOT NULL
    );
    CREATE INDEX games_channel ON games(channel_id, status);
    CREATE TABLE seats (
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        user_id  INTEGER NOT NULL,
        name     TEXT NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE INDEX seats_user ON seats(user_id);
    CREATE TABLE steps (
        game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        idx         INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        option_id   TEXT NOT NULL,
        user_id     INTEGER NOT NULL,
        checkpoint  INTEGER NOT NULL,
        created_at  REAL NOT NULL,
        PRIMARY KEY (game_id, idx)
    );
    CREATE TABLE snapshots (
        game_id  INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        steps    INTEGER NOT NULL,
        state    TEXT NOT NULL
    );
    """,
    # 2: per-server preferences (language override)
    """
    CREATE TABLE guild_settings (
        guild_id  INTEGER PRIMARY KEY,
        locale    TEXT
    );
    """,
    # 3: play over days: clocks (time bank + bonus per turn), per-seat waits, reminders, skips,
    # stand-ins and final results; per-user alert preferences; skip votes
    """
    ALTER TABLE games ADD COLUMN bank_s REAL;
    ALTER TABLE games ADD COLUMN bonus_s REAL NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN bank REAL;
    ALTER TABLE seats ADD COLUMN wait_since REAL;
    ALTER TABLE seats ADD COLUMN alerted INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN skips INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN standin INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN score INTEGER;
    ALTER TABLE seats ADD COLUMN rank INTEGER;
    CREATE INDEX games_creator ON games(creator_id, created_at);
    CREATE TABLE skip_votes (
        game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        voter_id  INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat, voter_id)
    );
    CREATE TABLE user_settings (
        user_id      INTEGER PRIMARY KEY,
        alert        TEXT NOT NULL DEFAULT 'channel' CHECK (alert IN ('channel', 'dm', 'both')),
        warn_before  INTEGER NOT NULL DEFAULT 0,
        dm_ok        INTEGER,
        lang         TEXT
    );
    """,
    # 4: a game whose thread or channel can no longer be posted in (deleted, locked)
    """
    ALTER TABLE games ADD COLUMN channel_lost INTEGER NOT NULL DEFAULT 0;
    """,
    # 5: several reminders per wait (stages 1-3, time-out 4: was reminder 1, time-out 2), and
    # since when a game's thread is lost, so its clocks pause until the thread is back
    """
    UPDATE seats SET alerted=4 WHERE alerted=2;
    UPDATE seats SET alerted=2 WHERE alerted=1;
    ALTER TABLE games ADD COLUMN lost_at REAL;
    UPDATE games SET lost_at=updated_at WHERE channel_lost=1;
    ALTER TABLE games DROP COLUMN channel_lost;
    """,
    # 6: shared victories: every seat ranked first wins (ranks may repeat), unless nobody won
    """
    ALTER TABLE seats ADD COLUMN won INTEGER NOT NULL DEFAULT 0;
    UPDATE seats SET won=1 WHERE rank=1;
    """,
    # 7: one language per channel: a game's public posts are in its creator's language unless
    # the server sets one
    """
    ALTER TABLE games ADD COLUMN lang TEXT;
    """,
    # 8: confirm turn (table option confirm=on): a turn's last step waits for the player's
    # confirmation, kept here (the typed words) until confirmed or undone
    """
    ALTER TABLE games ADD COLUMN confirm INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN pending TEXT;
    """,
    # 9: a player may ask to be asked about pure gains (by default they are taken for them)
    """
    ALTER TABLE user_settings ADD COLUMN ask_gains INTEGER NOT NULL DEFAULT 0;
    """,
    # 10: damaged records: a snapshot carries a checksum of what it was made from (game, seed,
    # step count, rules version, text) and a game the rules version it started under; one open
    # table per channel is enforced by the database (duplicate lobbies from before are closed)
    """
    ALTER TABLE snapshots ADD COLUMN checksum TEXT;
    ALTER TABLE games ADD COLUMN rules_version INTEGER;
    UPDATE games SET rules_version = (
        SELECT CASE WHEN json_valid(state) THEN json_extract(state, '$.rules_version') END
        FROM snapshots WHERE snapshots.game_id = games.id
    ) WHERE status IN ('active', 'finished');
    UPDATE games SET status = 'aborted' WHERE status = 'lobby' AND EXISTS (
        SELECT 1 FROM games g WHERE g.channel_id = games.channel_id AND g.status IN ('lobby', 'active')
        AND (g.status = 'active' OR g.id < games.id)
    );
    CREATE UNIQUE INDEX games_open_channel ON games(channel_id) WHERE status IN ('lobby', 'active');
    """,
    # 11: a player's private view (hand, secret choices) sent by DM at the start of each turn
    """
    ALTER TABLE user_settings ADD COLUMN private_dm INTEGER NOT NULL DEFAULT 0;
    """,
    # 12: component packs (a game records the digest of the pack it plays with; the content is
    # kept by digest so a stored game replays with it whatever the pack file becomes) and
    # vacations (a seat's clock stands still from `away_since` until its player is back)
    """
    CREATE TABLE packs (
        digest    TEXT PRIMARY KEY,
        game      TEXT NOT NULL,
        name      TEXT NOT NULL,
        content   TEXT NOT NULL,
        added_at  REAL NOT NULL
    );
    ALTER TABLE games ADD COLUMN pack TEXT REFERENCES packs(digest);
    CREATE TABLE vacations (
        user_id  INTEGER NOT NULL,
        starts   REAL NOT NULL,
        ends     REAL NOT NULL,
        ended    REAL
    );
    CREATE INDEX vacations_user ON vacations(user_id, starts);
    CREATE INDEX vacations_open ON vacations(ends) WHERE ended IS NULL;
    ALTER TABLE seats ADD COLUMN away_since REAL;
    """,
    # 13: flat lookups: an index for every query path (a server's games, a player's open games
    # through `seats.live`, active games, idle lobbies, stand-ins, the last game of a channel), the
    # scheduler's due time per game (`next_due`, kept by every write that changes a clock), /stats
    # kept per server, game and player as games finish (`player_stats`; the latest turn times in
    # `turn_samples`, filled by `migrate` from the step logs; both clustered by server: WITHOUT
    # ROWID), and a key/value table for the bot
    f"""
    ALTER TABLE games ADD COLUMN next_due REAL;
    ALTER TABLE games ADD COLUMN has_standin INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN live INTEGER NOT NULL DEFAULT 0;
    UPDATE seats SET live = 1 WHERE game_id IN (SELECT id FROM games WHERE status IN ('lobby', 'active'));
    UPDATE games SET has_standin = 1 WHERE id IN (SELECT game_id FROM seats WHERE standin);
    UPDATE games SET next_due = {NEXT_DUE} WHERE status = 'active';
    CREATE INDEX games_guild ON games(guild_id, ({GUILD_ORDER}), updated_at DESC);
    DROP INDEX games_channel;
    CREATE INDEX games_channel ON games(channel_id, id);
    CREATE INDEX games_active ON games(id) WHERE status = 'active';
    CREATE INDEX games_idle_lobbies ON games(updated_at) WHERE status = 'lobby';
    CREATE INDEX games_due ON games(next_due) WHERE next_due IS NOT NULL;
    CREATE INDEX games_standins ON games(id) WHERE status = 'active' AND has_standin;
    DROP INDEX seats_user;
    CREATE INDEX seats_live ON seats(user_id, game_id) WHERE live;
    CREATE INDEX seats_away ON seats(user_id) WHERE away_since IS NOT NULL;
    CREATE TABLE player_stats (
        guild_key  INTEGER NOT NULL,
        game       TEXT NOT NULL,
        user_id    INTEGER NOT NULL,
        name       TEXT NOT NULL,
        played     INTEGER NOT NULL,
        wins       INTEGER NOT NULL,
        score_sum  INTEGER NOT NULL,
        scored     INTEGER NOT NULL,
        PRIMARY KEY (guild_key, game, user_id)
    ) WITHOUT ROWID;
    INSERT INTO player_stats (guild_key, game, user_id, name, played, wins, score_sum, scored)
    SELECT COALESCE(games.guild_id, 0), games.game, seats.user_id, MAX(seats.name), COUNT(*), SUM(seats.won),
        COALESCE(SUM(seats.score), 0), COUNT(seats.score)
    FROM games JOIN seats ON seats.game_id = games.id
    WHERE games.status = 'finished' AND seats.rank IS NOT NULL AND NOT seats.standin
    GROUP BY COALESCE(games.guild_id, 0), games.game, seats.user_id;
    CREATE TABLE turn_samples (
        guild_key  INTEGER NOT NULL,
        game       TEXT NOT NULL,
        user_id    INTEGER NOT NULL,
        turns      TEXT NOT NULL,
        PRIMARY KEY (guild_key, game, user_id)
    ) WITHOUT ROWID;
    CREATE TABLE meta (
        key    TEXT PRIMARY KEY,
        value  TEXT NOT NULL
    ) WITHOUT ROWID;
    """,
    # 14: the outbox: every post, DM and notice a change owes Discord, written in the transaction
    # of that change and delivered until Discord has it (bot/services/outbox.py). `queue` orders a
    # channel's (or a user's) records; `nonce` makes a resend after a crash the same message
    """
    CREATE TABLE outbox (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        queue          TEXT NOT NULL,
        kind           TEXT NOT NULL CHECK (kind IN ('turn', 'post', 'dm')),
        game_id        INTEGER,
        guild_id       INTEGER,
        channel_id     INTEGER,
        user_id        INTEGER,
        payload        TEXT NOT NULL,
        nonce          TEXT NOT NULL,
        created_at     REAL NOT NULL,
        due_at         REAL NOT NULL,
        attempts       INTEGER NOT NULL DEFAULT 0,
        claimed_by     TEXT,
        claimed_until  REAL,
        tried          TEXT,
        state          TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed', 'dropped')),
        done_at        REAL,
        message_id     INTEGER,
        error          TEXT
    );
    CREATE INDEX outbox_due ON outbox(due_at) WHERE state = 'pending';
    CREATE INDEX outbox_queue ON outbox(queue, id) WHERE state = 'pending';
    CREATE INDEX outbox_game ON outbox(game_id, id) WHERE state = 'pending';
    CREATE INDEX outbox_done ON outbox(done_at) WHERE state != 'pending';
    """,
    # 15: /stats kept per channel as well (a member is shown only the games of channels they can
    # see); filled again from the finished games, their turn times by `migrate` from the step logs
    """
    DROP TABLE player_stats;
    CREATE TABLE player_stats (
        guild_key   INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        game        TEXT NOT NULL,
        user_id     INTEGER NOT NULL,
        name        TEXT NOT NULL,
        played      INTEGER NOT NULL,
        wins        INTEGER NOT NULL,
        score_sum   INTEGER NOT NULL,
        scored      INTEGER NOT NULL,
        PRIMARY KEY (guild_key, channel_id, game, user_id)
    ) WITHOUT ROWID;
    INSERT INTO player_stats (guild_key, channel_id, game, user_id, name, played, wins, score_sum, scored)
    SELECT COALESCE(games.guild_id, 0), games.channel_id, games.game, seats.user_id, MAX(seats.name), COUNT(*), SUM(seats.won),
        COALESCE(SUM(seats.score), 0), COUNT(seats.score)
    FROM games JOIN seats ON seats.game_id = games.id
    WHERE games.status = 'finished' AND seats.rank IS NOT NULL AND NOT seats.standin
    GROUP BY COALESCE(games.guild_id, 0), games.channel_id, games.game, seats.user_id;
    DROP TABLE turn_samples;
    CREATE TABLE turn_samples (
        guild_key   INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        game        TEXT NOT NULL,
        user_id     INTEGER NOT NULL,
        turns       TEXT NOT NULL,
        PRIMARY KEY (guild_key, channel_id, game, user_id)
    ) WITHOUT ROWID;
    """,
    # 16: ratings per player and game, globally (scope 0) and per server (scope: the guild id),
    # kept as games finish, with each game's changes for the history and the final post; a game's
    # finishing time orders them (filled for the games finished before it, which `migrate` rates);
    # a player may keep off the leaderboards (user_settings.rated)
    """
    ALTER TABLE games ADD COLUMN finished_at REAL;
    UPDATE games SET finished_at = updated_at WHERE status = 'finished';
    ALTER TABLE user_settings ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
    CREATE TABLE ratings (
        scope       INTEGER NOT NULL,
        game        TEXT NOT NULL,
        user_id     INTEGER NOT NULL,
        name        TEXT NOT NULL,
        mu          REAL NOT NULL,
        sigma       REAL NOT NULL,
        shown       INTEGER NOT NULL,
        played      INTEGER NOT NULL,
        wins        INTEGER NOT NULL,
        PRIMARY KEY (scope, game, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX ratings_board ON ratings(scope, game, shown);
    CREATE TABLE rating_changes (
        game_id       INTEGER NOT NULL,
        scope         INTEGER NOT NULL,
        user_id       INTEGER NOT NULL,
        game          TEXT NOT NULL,
        channel_id    INTEGER NOT NULL,
        finished_at   REAL NOT NULL,
        place         INTEGER NOT NULL,
        won           INTEGER NOT NULL,
        standin       INTEGER NOT NULL,
        mu_before     REAL NOT NULL,
        sigma_before  REAL NOT NULL,
        mu_after      REAL NOT NULL,
        sigma_after   REAL NOT NULL,
        PRIMARY KEY (game_id, scope, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX rating_changes_player ON rating_changes(user_id, game, scope, finished_at);
    CREATE INDEX rating_changes_scope ON rating_changes(scope, game, finished_at, game_id);
    CREATE TABLE rating_channels (
        scope       INTEGER NOT NULL,
        game        TEXT NOT NULL,
        channel_id  INTEGER NOT NULL,
        PRIMARY KEY (scope, game, channel_id)
    ) WITHOUT ROWID;
    """,
]
