"""The database schema, as an ordered list of migrations per backend.

Migration *n* (1-based) is recorded as a row `n` of the table
`schema_migrations` once applied. Never edit a migration that has shipped:
append a new one. Each one runs in a transaction together with its row, so a
crash leaves the database either before or after it, never half-way.

The backends keep separate lists because their SQL differs (types, identity
columns). SQLite's numbers 1 and 2 predate `schema_migrations`: a database
made then carries them in `PRAGMA user_version`, which is read once to fill the
table (see `sqlite.py`).
"""

from __future__ import annotations

SQLITE_MIGRATIONS: tuple[str, ...] = (
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
    # is due or unfinished.
    """
    ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'mammamia';

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
)
