"""The database schema, as an ordered list of migrations per backend.

Migration *n* (1-based) is recorded as a row `n` of the table
`schema_migrations` once applied. Never edit a migration that has shipped:
append a new one. Each one runs in a transaction together with its row, so a
crash leaves the database either before or after it, never half-way.

The backends keep separate lists because their SQL differs (types, identity
columns). SQLite's numbers 1 and 2 predate `schema_migrations`: a database
made then carries them in `PRAGMA user_version`, which is read once to fill the
table (see `sqlite.py`).

A migration is a SQL script, or a `Step` in Python for what SQL cannot know
(which game a record belongs to is the engine's to say), run on the
migration's transaction.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable

from bot.storage.sql_base import Executor
from engine import RecordError, game_for

__all__ = ["POSTGRES_MIGRATIONS", "SQLITE_MIGRATIONS", "Migration", "Step"]

log = logging.getLogger(__name__)

#: A migration in Python: statements on the migration's own transaction.
Step = Callable[[Executor], Awaitable[None]]
Migration = str | Step


async def name_each_game(db: Executor) -> None:
    """Fill in the game of every table that has none (the rows SQLite's
    migration 3 found), from its record's format through the engine's registry.

    A table whose record tells no game (a lobby has no record yet, or no game
    reads its format) could not be resumed: it is closed as cancelled, at the
    moment it last changed, and keeps an empty name.
    """
    rows = await db.fetchall("SELECT id, record FROM games WHERE game = '' ORDER BY id")
    closed = 0
    for row in rows:
        name = _game_of(row["record"])
        if name:
            await db.execute("UPDATE games SET game = ? WHERE id = ?", (name, row["id"]))
            continue
        closed += 1
        await db.execute(
            "UPDATE games SET status = 'cancelled', deadline_at = NULL,"
            " finished_at = COALESCE(finished_at, updated_at) WHERE id = ?",
            (row["id"],),
        )
    if closed:
        log.warning("%d stored games of no known game were closed as cancelled", closed)


def _game_of(record: str | None) -> str:
    """The name of the game whose format a stored record has; "" if none reads it."""
    if record is None:
        return ""
    try:
        return game_for(json.loads(record)).name
    except (RecordError, ValueError):
        return ""


SQLITE_MIGRATIONS: tuple[Migration, ...] = (
    # 1: games and meta.
    """
    CREATE TABLE games (
        -- AUTOINCREMENT: ids appear in button custom_ids, so one is never reused.
        id               INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id         INTEGER,
        channel_id       INTEGER NOT NULL,
        status           TEXT    NOT NULL
                         CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
        host_id          INTEGER NOT NULL,
        settings         TEXT    NOT NULL DEFAULT '{}',
        seats            TEXT    NOT NULL DEFAULT '[]',
        record           TEXT,
        snapshot         TEXT,
        version          INTEGER NOT NULL DEFAULT 0,
        table_message_id INTEGER,
        ping_message_id  INTEGER,
        lobby_message_id INTEGER,
        narration        TEXT    NOT NULL DEFAULT '{}',
        deadline_at      TEXT,
        created_at       TEXT    NOT NULL,
        updated_at       TEXT    NOT NULL,
        finished_at      TEXT
    );

    -- A channel hosts at most one game that is still open or being played.
    CREATE UNIQUE INDEX games_one_active_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'running');

    CREATE INDEX games_by_channel_finished ON games (channel_id, finished_at);

    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) WITHOUT ROWID;
    """,
    # 2: who is away or kicked, and the timeouts in a row, per seat (timers).
    """
    ALTER TABLE games ADD COLUMN presence TEXT NOT NULL DEFAULT '{}';
    """,
    # 3: which game a table plays; indexes so timers and start-up read only what
    # is due or unfinished. The rows there were are left unnamed, for migration
    # 6 to name from their records. (As first shipped, this named them all after
    # the one game the bot then hosted: the same schema, and the same names.)
    """
    ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT '';

    CREATE INDEX games_by_deadline ON games (deadline_at, id)
        WHERE deadline_at IS NOT NULL;
    CREATE INDEX games_lobbies_by_update ON games (updated_at, id)
        WHERE status = 'lobby';
    CREATE INDEX games_unfinished ON games (id)
        WHERE status IN ('lobby', 'running');
    CREATE INDEX games_by_finish ON games (finished_at)
        WHERE finished_at IS NOT NULL;
    """,
    # 4: each user's own preferences, whatever the game (e.g. a DM on their turn).
    """
    CREATE TABLE user_preferences (
        user_id     INTEGER PRIMARY KEY,
        preferences TEXT    NOT NULL DEFAULT '{}'
    );
    """,
    # 5: results and ratings (bot/flow/stats.py): one row per seat of each finished
    # game, keyed by game and seat so a result is never recorded twice; one
    # rating per server, game, period and player, kept up to date as games end.
    """
    CREATE TABLE results (
        game_id     INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        guild_id    INTEGER NOT NULL,  -- 0 outside a server
        game        TEXT    NOT NULL,
        variant     TEXT    NOT NULL,
        finished_at TEXT    NOT NULL,
        player      TEXT    NOT NULL,  -- a user id, or "computer:<difficulty>"
        user_id     INTEGER,
        name        TEXT    NOT NULL,
        place       INTEGER NOT NULL,  -- 1 is the best
        score       INTEGER NOT NULL,
        made        TEXT    NOT NULL DEFAULT '[]',
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_by_player ON results (guild_id, game, player);
    CREATE INDEX results_by_user ON results (user_id) WHERE user_id IS NOT NULL;

    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game     TEXT    NOT NULL,
        period   TEXT    NOT NULL,  -- "all", "month:2025-06", "week:2025-W23"
        player   TEXT    NOT NULL,
        name     TEXT    NOT NULL,
        mu       REAL    NOT NULL,
        sigma    REAL    NOT NULL,
        ordinal  REAL    NOT NULL,  -- mu - 3 sigma: what the leaderboard ranks by
        games    INTEGER NOT NULL,
        wins     INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game, period, player)
    );
    CREATE INDEX ratings_board ON ratings (guild_id, game, period, ordinal DESC);

    CREATE INDEX games_finished_by_guild ON games (guild_id, finished_at)
        WHERE status = 'finished';
    """,
    # 6: the game of every table migration 3 left unnamed (none where migration
    # 3 ran as first shipped: there this changes nothing).
    name_each_game,
)

POSTGRES_MIGRATIONS: tuple[str, ...] = (
    # 1: the whole schema as SQLite has it after its migration 3.
    """
    CREATE TABLE games (
        -- A sequence never hands out an id twice: ids appear in button custom_ids.
        id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        game             TEXT        NOT NULL,
        guild_id         BIGINT,
        channel_id       BIGINT      NOT NULL,
        status           TEXT        NOT NULL
                         CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
        host_id          BIGINT      NOT NULL,
        -- JSON kept as text: the record is stored byte for byte as written.
        settings         TEXT        NOT NULL DEFAULT '{}',
        seats            TEXT        NOT NULL DEFAULT '[]',
        record           TEXT,
        snapshot         TEXT,
        version          INTEGER     NOT NULL DEFAULT 0,
        table_message_id BIGINT,
        ping_message_id  BIGINT,
        lobby_message_id BIGINT,
        narration        TEXT        NOT NULL DEFAULT '{}',
        deadline_at      TIMESTAMPTZ,
        created_at       TIMESTAMPTZ NOT NULL,
        updated_at       TIMESTAMPTZ NOT NULL,
        finished_at      TIMESTAMPTZ,
        presence         TEXT        NOT NULL DEFAULT '{}'
    );

    -- A channel hosts at most one game that is still open or being played,
    -- whichever process inserts it.
    CREATE UNIQUE INDEX games_one_active_per_channel
        ON games (channel_id) WHERE status IN ('lobby', 'running');

    CREATE INDEX games_by_channel_finished ON games (channel_id, finished_at);
    CREATE INDEX games_by_deadline ON games (deadline_at, id)
        WHERE deadline_at IS NOT NULL;
    CREATE INDEX games_lobbies_by_update ON games (updated_at, id)
        WHERE status = 'lobby';
    CREATE INDEX games_unfinished ON games (id)
        WHERE status IN ('lobby', 'running');
    CREATE INDEX games_by_finish ON games (finished_at)
        WHERE finished_at IS NOT NULL;

    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 2: each user's own preferences, whatever the game (e.g. a DM on their turn).
    """
    CREATE TABLE user_preferences (
        user_id     BIGINT PRIMARY KEY,
        preferences TEXT   NOT NULL DEFAULT '{}'
    );
    """,
    # 3: results and ratings, as SQLite's migration 5.
    """
    CREATE TABLE results (
        game_id     BIGINT           NOT NULL,
        seat        INTEGER          NOT NULL,
        guild_id    BIGINT           NOT NULL,
        game        TEXT             NOT NULL,
        variant     TEXT             NOT NULL,
        finished_at TIMESTAMPTZ      NOT NULL,
        player      TEXT             NOT NULL,
        user_id     BIGINT,
        name        TEXT             NOT NULL,
        place       INTEGER          NOT NULL,
        score       INTEGER          NOT NULL,
        made        TEXT             NOT NULL DEFAULT '[]',
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_by_player ON results (guild_id, game, player);
    CREATE INDEX results_by_user ON results (user_id) WHERE user_id IS NOT NULL;

    CREATE TABLE ratings (
        guild_id BIGINT           NOT NULL,
        game     TEXT             NOT NULL,
        period   TEXT             NOT NULL,
        player   TEXT             NOT NULL,
        name     TEXT             NOT NULL,
        mu       DOUBLE PRECISION NOT NULL,
        sigma    DOUBLE PRECISION NOT NULL,
        ordinal  DOUBLE PRECISION NOT NULL,
        games    INTEGER          NOT NULL,
        wins     INTEGER          NOT NULL,
        PRIMARY KEY (guild_id, game, period, player)
    );
    CREATE INDEX ratings_board ON ratings (guild_id, game, period, ordinal DESC);

    CREATE INDEX games_finished_by_guild ON games (guild_id, finished_at)
        WHERE status = 'finished';
    """,
    # 4: what processes keep in memory (a user's preferences, a setting) is
    # announced when it changes, so every process forgets its copy at once
    # (bot.storage.postgres: LISTEN kept_changed).
    """
    CREATE FUNCTION user_preferences_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'DELETE' THEN
            PERFORM pg_notify('kept_changed', 'user:' || OLD.user_id);
        ELSE
            PERFORM pg_notify('kept_changed', 'user:' || NEW.user_id);
        END IF;
        RETURN NULL;
    END $$;
    CREATE TRIGGER user_preferences_changed AFTER INSERT OR UPDATE OR DELETE
        ON user_preferences FOR EACH ROW EXECUTE FUNCTION user_preferences_changed();

    CREATE FUNCTION meta_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP = 'DELETE' THEN
            PERFORM pg_notify('kept_changed', 'meta:' || OLD.key);
        ELSE
            PERFORM pg_notify('kept_changed', 'meta:' || NEW.key);
        END IF;
        RETURN NULL;
    END $$;
    CREATE TRIGGER meta_changed AFTER INSERT OR UPDATE OR DELETE
        ON meta FOR EACH ROW EXECUTE FUNCTION meta_changed();
    """,
)
