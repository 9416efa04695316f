"""The database schema, as an ordered list of migrations.

Migration *n* (1-based) moves a database from `PRAGMA user_version` n-1 to n.
Never edit a migration that has shipped: append a new one. Each script runs
in one transaction together with the `user_version` bump, so a crash leaves
the database either before or after it, never half-way.
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
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
    # 3: the game's name (one host, many games).
    """
    ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'mammamia';
    """,
    # 4: each user's own preferences, whatever the game (e.g. a DM on their turn).
    """
    CREATE TABLE user_preferences (
        user_id     INTEGER PRIMARY KEY,
        preferences TEXT    NOT NULL DEFAULT '{}'
    );
    """,
)
