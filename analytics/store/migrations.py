"""The database schema, as an ordered list of registered migrations.

Why migrations and not ``CREATE TABLE IF NOT EXISTS``: a user's database outlives the code
that created it. Each change to the schema is a new function here, applied once, in order,
and recorded (sqlite-utils' ``Migrations`` keeps the record in ``_sqlite_migrations``);
never edit a migration that has shipped, add the next one.

Conventions every table follows:

- ``STRICT``, so a float or a string can never slip into a money column;
- money is ``INTEGER`` in the smallest unit of the hand's currency (cents, chips), the same
  numbers the parser and the engine use, so no rounding happens anywhere;
- cards are normalised text (``"Ah Kd"``), runs of a board separated by ``" | "``;
- lists that are read whole (a pot's eligible players and winners, an event's rare fields)
  are JSON text, which SQLite's ``json_each`` can still query;
- booleans are ``INTEGER`` 0/1 with a ``CHECK``.

The natural key of a hand is ``(site, hand_id)``; ``hands.id`` is a surrogate the child
tables point at. Quarantined hands (status other than ``ok``) keep their header fields and
raw text in ``hands`` but have no rows in ``hand_players``, ``actions``, ``pots`` or
``player_hand_stats``, so statistics over those tables only ever see replayed, checked hands.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from analytics.store.sqlite_utils_lean import Database, Migrations

#: Every migration of the pokerhh schema, in the order they apply.
MIGRATIONS = Migrations("pokerhh")

#: The values ``hands.status`` may take (also the export's ``status``).
STATUSES = ("ok", "invalid", "cancelled", "incomplete", "unsupported")


def _execute_all(db: Database, statements: tuple[str, ...]) -> None:
    # One statement at a time: ``executescript`` would COMMIT the migration's transaction.
    for sql in statements:
        db.execute(sql)


def _bool(column: str) -> str:
    return f"{column} INTEGER NOT NULL CHECK ({column} IN (0, 1))"


@MIGRATIONS(name="0001_initial")
def m0001_initial(db: Database) -> None:
    statuses = ", ".join(f"'{s}'" for s in STATUSES)
    _execute_all(
        db,
        (
            # One row per distinct file content imported; zip members are files too,
            # with path "archive.zip!member.txt". A row is written in the same transaction
            # as the file's hands, so its presence means all of them are stored.
            """
            CREATE TABLE files (
                id INTEGER PRIMARY KEY,
                path TEXT NOT NULL,
                sha256 TEXT NOT NULL UNIQUE,
                size INTEGER NOT NULL,
                hands INTEGER NOT NULL,
                imported_at TEXT NOT NULL
            ) STRICT
            """,
            """
            CREATE TABLE players (
                id INTEGER PRIMARY KEY,
                site TEXT NOT NULL,
                name TEXT NOT NULL,
                UNIQUE (site, name)
            ) STRICT
            """,
            f"""
            CREATE TABLE hands (
                id INTEGER PRIMARY KEY,
                site TEXT NOT NULL,
                hand_id TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ({statuses})),
                problem_kind TEXT,
                problem_rule TEXT,
                problem_message TEXT,
                problem_line INTEGER,
                problem_event INTEGER,
                file_id INTEGER NOT NULL REFERENCES files (id),
                first_line INTEGER NOT NULL,
                game TEXT,
                game_name TEXT,
                mixed TEXT,
                betting TEXT,
                currency TEXT,
                unit INTEGER,
                small_blind INTEGER,
                big_blind INTEGER,
                ante INTEGER,
                small_bet INTEGER,
                big_bet INTEGER,
                cap INTEGER,
                started_at TEXT,
                table_name TEXT,
                max_seats INTEGER,
                button_seat INTEGER,
                tournament_id TEXT,
                level TEXT,
                players INTEGER,
                total_pot INTEGER,
                rake INTEGER,
                boards TEXT,
                raw TEXT NOT NULL,
                UNIQUE (site, hand_id),
                CHECK ((status = 'ok') = (problem_kind IS NULL))
            ) STRICT
            """,
            "CREATE INDEX hands_started_at ON hands (started_at)",
            "CREATE INDEX hands_quarantined ON hands (status) WHERE status <> 'ok'",
            f"""
            CREATE TABLE hand_players (
                hand INTEGER NOT NULL REFERENCES hands (id),
                seat INTEGER NOT NULL,
                player_id INTEGER NOT NULL REFERENCES players (id),
                name TEXT NOT NULL,
                position TEXT,
                starting_stack INTEGER NOT NULL,
                hole_cards TEXT,
                invested INTEGER NOT NULL,
                collected INTEGER NOT NULL,
                cashed_out INTEGER NOT NULL,
                net INTEGER NOT NULL,
                rake_paid INTEGER NOT NULL,
                {_bool("dealt_in")},
                {_bool("folded")},
                folded_on TEXT,
                {_bool("went_to_showdown")},
                {_bool("all_in")},
                PRIMARY KEY (hand, seat),
                CHECK (net = collected + cashed_out - invested)
            ) STRICT, WITHOUT ROWID
            """,
            "CREATE INDEX hand_players_player ON hand_players (player_id)",
            # One row per event of the parsed hand, idx = its index in ParsedHand.events
            # (and in ReplayResult.states). ``extra`` holds the event's other fields when
            # they differ from their defaults, as a JSON object (blind kind, all_in, run...).
            """
            CREATE TABLE actions (
                hand INTEGER NOT NULL REFERENCES hands (id),
                idx INTEGER NOT NULL,
                kind TEXT NOT NULL,
                street TEXT NOT NULL,
                player TEXT,
                amount INTEGER,
                cards TEXT,
                line INTEGER NOT NULL,
                extra TEXT,
                PRIMARY KEY (hand, idx)
            ) STRICT, WITHOUT ROWID
            """,
            """
            CREATE TABLE pots (
                hand INTEGER NOT NULL REFERENCES hands (id),
                run INTEGER NOT NULL,
                idx INTEGER NOT NULL,
                amount INTEGER NOT NULL,
                eligible TEXT NOT NULL,
                winners TEXT NOT NULL,
                odd_chips_to TEXT,
                PRIMARY KEY (hand, run, idx)
            ) STRICT, WITHOUT ROWID
            """,
        ),
    )


#: ``player_hand_stats`` columns of migration 0002, as it shipped: (name, kind), kind being
#: ``bool`` (0/1), ``count`` (a non-negative integer), ``money`` (INTEGER, may be negative)
#: or ``text`` (nullable). ``analytics.stats.flag_fields.FIELDS`` must list the same names.
_STATS_0002: tuple[tuple[str, str], ...] = (
    ("position", "text"),
    *((name, "bool") for name in (
        "vpip", "pfr", "three_bet_chance", "three_bet", "four_bet_chance", "four_bet",
        "fold_to_three_bet_chance", "fold_to_three_bet", "squeeze_chance", "squeeze",
        "steal_chance", "steal", "fold_to_steal_chance", "fold_to_steal",
        "cbet_flop_chance", "cbet_flop", "cbet_turn_chance", "cbet_turn",
        "cbet_river_chance", "cbet_river",
        "fold_to_cbet_flop_chance", "fold_to_cbet_flop", "fold_to_cbet_turn_chance",
        "fold_to_cbet_turn", "fold_to_cbet_river_chance", "fold_to_cbet_river",
        "check_raise_flop_chance", "check_raise_flop", "check_raise_turn_chance",
        "check_raise_turn", "check_raise_river_chance", "check_raise_river",
        "saw_flop", "saw_turn", "saw_river", "went_to_showdown", "won_at_showdown",
        "won_when_saw_flop",
    )),
    *((f"{action}_{street}", "count")
      for street in ("preflop", "flop", "turn", "river")
      for action in ("bets", "raises", "calls", "checks", "folds")),
    ("walk", "bool"),
    ("all_in_street", "text"),
    ("net", "money"),
    ("rake_paid", "money"),
)  # fmt: skip
#: A stat done can only be counted where its chance was (and a raise pre-flop is VPIP).
STATS_0002_IMPLIES = (
    *((f"{stat}_chance", stat) for stat in (
        "three_bet", "four_bet", "fold_to_three_bet", "squeeze", "steal", "fold_to_steal",
        "cbet_flop", "cbet_turn", "cbet_river", "fold_to_cbet_flop", "fold_to_cbet_turn",
        "fold_to_cbet_river", "check_raise_flop", "check_raise_turn", "check_raise_river",
    )),
    ("vpip", "pfr"),
    ("saw_flop", "saw_turn"),
    ("saw_turn", "saw_river"),
    ("went_to_showdown", "won_at_showdown"),
    ("saw_flop", "won_when_saw_flop"),
)  # fmt: skip


def _stat_column(name: str, kind: str) -> str:
    if kind == "bool":
        return _bool(name)
    if kind == "count":
        return f"{name} INTEGER NOT NULL CHECK ({name} >= 0)"
    if kind == "money":
        return f"{name} INTEGER NOT NULL"
    return f"{name} TEXT"


@MIGRATIONS(name="0002_player_stats")
def m0002_player_stats(db: Database) -> None:
    """Per hand, per player statistics flags (``analytics.stats.flags``): one row per dealt-in seat
    of an ``ok`` hand, written with its ``hand_players`` row. ``player_id`` is repeated
    here so a player's statistics need no join; the hand's date, game, stakes and table
    size are on ``hands``. Hands stored before this migration have no rows here."""
    parts = [
        "hand INTEGER NOT NULL",
        "seat INTEGER NOT NULL",
        "player_id INTEGER NOT NULL REFERENCES players (id)",
        *(_stat_column(name, kind) for name, kind in _STATS_0002),
        "PRIMARY KEY (hand, seat)",
        "FOREIGN KEY (hand, seat) REFERENCES hand_players (hand, seat)",
        *(f"CHECK ({done} <= {chance})" for chance, done in STATS_0002_IMPLIES),
    ]
    body = ",\n    ".join(parts)
    _execute_all(
        db,
        (
            f"CREATE TABLE player_hand_stats (\n    {body}\n) STRICT, WITHOUT ROWID",
            # A player's hands, by position (the commonest filters after the player).
            "CREATE INDEX player_hand_stats_player ON player_hand_stats (player_id, position)",
        ),
    )


#: ``all_in_ev.all_in_ev_status``: :class:`analytics.equity.all_in_ev.EVStatus` values.
ALL_IN_EV_STATUSES = ("computed", "unknown_cards", "unsupported_game")


@MIGRATIONS(name="0003_all_in_ev")
def m0003_all_in_ev(db: Database) -> None:
    """All-in EV per hand and seat (``analytics.equity.all_in_ev``), computed at import for the
    hands that reached an all-in point with cards to come (two or more players to the end,
    no more betting possible): one row per dealt-in seat of such a hand, folded players
    included (their EV is what they put in, negated). A hand without an all-in point has
    no rows, so the table stays small; hands stored before this migration have none.

    ``all_in_ev`` is REAL (the exact EV is a fraction of the smallest unit), NULL unless
    the status is ``computed`` (``unknown_cards``: some contender's cards were never shown;
    ``unsupported_game``: no equity evaluator for the game yet)."""
    statuses = ", ".join(f"'{s}'" for s in ALL_IN_EV_STATUSES)
    _execute_all(
        db,
        (
            f"""
            CREATE TABLE all_in_ev (
                hand INTEGER NOT NULL,
                seat INTEGER NOT NULL,
                all_in_ev_status TEXT NOT NULL CHECK (all_in_ev_status IN ({statuses})),
                all_in_ev REAL,
                street TEXT NOT NULL,
                PRIMARY KEY (hand, seat),
                FOREIGN KEY (hand, seat) REFERENCES hand_players (hand, seat),
                CHECK ((all_in_ev_status = 'computed') = (all_in_ev IS NOT NULL))
            ) STRICT, WITHOUT ROWID
            """,
        ),
    )


@MIGRATIONS(name="0004_dashboard_indexes")
def m0004_dashboard_indexes(db: Database) -> None:
    """Indexes for the dashboard's sidebar, measured on 100,000 hands
    (``benchmarks/dashboard_100k.py``; the sidebar is drawn on every page):

    - ``hand_players_dealt_in (player_id, dealt_in)``: the players by hands dealt in,
      counted in the index alone (0.29 s -> 0.04 s). It replaces ``hand_players_player
      (player_id)``, its prefix, so an import maintains as many indexes as before.
    - ``hands_options (game, currency, small_blind, big_blind, unit, started_at, status)``:
      the dates, games and stakes the sidebar offers, read from the index alone rather
      than from the rows, which carry each hand's text (0.18 s -> 0.07 s). ``status``
      comes last on purpose: first, SQLite (without ``ANALYZE``) takes ``status = 'ok'``
      for a selective seek and prefers this index to ``hands_started_at`` for "the latest
      hand" (0.0002 s -> 0.16 s).
    """
    _execute_all(
        db,
        (
            "CREATE INDEX hand_players_dealt_in ON hand_players (player_id, dealt_in)",
            "DROP INDEX hand_players_player",
            "CREATE INDEX hands_options ON hands "
            "(game, currency, small_blind, big_blind, unit, started_at, status)",
        ),
    )


@MIGRATIONS(name="0005_tournaments")
def m0005_tournaments(db: Database) -> None:
    """Tournaments (issue 12): the summaries as read, and the tournaments, their players
    and their problems as rebuilt from the hands and summaries
    (``analytics.tournaments.store``, which holds the statements and documents them)."""
    from analytics.tournaments.store import SCHEMA_0005

    _execute_all(db, SCHEMA_0005)


@MIGRATIONS(name="0006_tournament_all_ins")
def m0006_tournament_all_ins(db: Database) -> None:
    """ICM-adjusted all-in results per spot and player (issue 12;
    ``analytics.tournaments.store.SCHEMA_0006`` documents the columns). Rebuilt by
    ``refresh``: an older database's tournaments are rebuilt on the next import."""
    from analytics.tournaments.store import SCHEMA_0006

    _execute_all(db, SCHEMA_0006)


def applied(db: Database) -> list[str]:
    """The names of the migrations this database has had, oldest first."""
    return [m.name for m in MIGRATIONS.applied(db)]


#: The column types of a table 0007 dropped, as 0001 declared them: the Parquet export
#: still writes its rows (``analytics.scale.schema``), derived again by ``analytics.store.actions``.
DROPPED_TABLE_TYPES: dict[str, dict[str, str]] = {
    "actions": {
        "idx": "INTEGER", "kind": "TEXT", "street": "TEXT", "player": "TEXT",
        "amount": "INTEGER", "cards": "TEXT", "line": "INTEGER", "extra": "TEXT",
    },
}  # fmt: skip
#: Hands converted per statement by 0007 (the texts of a chunk are held in memory at once).
_CHUNK = 2000


@MIGRATIONS(name="0007_compact")
def m0007_compact(db: Database) -> None:
    """The compact database (issue 11; ``docs/database.md`` has the measurements):

    - ``hands.raw`` (TEXT) becomes ``raw_z`` (BLOB, raw DEFLATE of the UTF-8 text with a
      preset dictionary, ``analytics.store.rawtext``) and ``raw_dictionary`` (its id in the new
      ``raw_dictionaries`` table, which holds a copy of every shipped dictionary);
    - ``hand_players`` and ``player_hand_stats`` become one ``seats`` row per seat
      (``analytics.store.seat_layout``), and views of the old names give the old columns;
    - ``actions`` is dropped: the events are the parsed text, derived again by
      ``analytics.store.actions`` (the Parquet export still writes them);
    - ``all_in_ev`` is rebuilt with its foreign key on ``seats``;
    - indexes: ``seats (player_id, dealt_in, position)`` replaces ``hand_players_dealt_in``
      and ``player_hand_stats_player``.

    Converted in place, in the migration's transaction: every text and every statistic
    reads back identical (tests/analytics/test_compact_migration.py).
    """
    from analytics.store import rawtext
    from analytics.store import seat_layout as sl

    conn = db.conn
    _execute_all(
        db,
        (
            """
            CREATE TABLE raw_dictionaries (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                site TEXT,
                sha256 TEXT NOT NULL,
                dictionary BLOB NOT NULL
            ) STRICT
            """,
            "ALTER TABLE hands ADD COLUMN raw_dictionary INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE hands ADD COLUMN raw_z BLOB NOT NULL DEFAULT x''",
        ),
    )
    conn.executemany(
        "INSERT INTO raw_dictionaries (id, name, site, sha256, dictionary) VALUES (?, ?, ?, ?, ?)",
        rawtext.dictionary_rows(),
    )
    last = 0
    while True:
        chunk = conn.execute(
            "SELECT id, site, raw FROM hands WHERE id > ? ORDER BY id LIMIT ?", (last, _CHUNK)
        ).fetchall()
        if not chunk:
            break
        conn.executemany(
            "UPDATE hands SET (raw_dictionary, raw_z) = (?, ?) WHERE id = ?",
            [(*rawtext.compress(site, raw), key) for key, site, raw in chunk],
        )
        last = chunk[-1][0]
    widest = conn.execute(
        "SELECT max(max(" + ", ".join(
            f"{a}_{s}" for s in ("preflop", "flop", "turn", "river")
            for a in sl.COUNT_ORDER
        ) + ")) FROM player_hand_stats"
    ).fetchone()[0]  # fmt: skip
    if widest is not None and widest >> sl.COUNT_BITS:
        raise ValueError(
            f"0007_compact: a player_hand_stats count is {widest}, more than"
            f" {sl.COUNT_BITS} bits hold; this database cannot be made compact"
        )
    packed = sl.pack_sql("s")
    statuses = ", ".join(f"'{s}'" for s in ALL_IN_EV_STATUSES)
    seat_columns = (
        "hand", "seat", "player_id", "name", "position", "starting_stack", "hole_cards",
        "invested", "collected", "cashed_out", "rake_paid", "dealt_in", "folded", "folded_on",
        "went_to_showdown", "all_in",
    )  # fmt: skip
    _execute_all(
        db,
        (
            "ALTER TABLE hands DROP COLUMN raw",
            sl.create_table(),
            f"INSERT INTO seats ({', '.join(seat_columns)}, {', '.join(packed)})"
            f" SELECT {', '.join(f'hp.{c}' for c in seat_columns)},"
            f" {', '.join(f'CASE WHEN s.hand IS NULL THEN NULL ELSE {sql} END' for sql in packed.values())}"  # noqa: E501
            " FROM hand_players hp LEFT JOIN player_hand_stats s"
            " ON s.hand = hp.hand AND s.seat = hp.seat ORDER BY hp.hand, hp.seat",
            "ALTER TABLE all_in_ev RENAME TO all_in_ev_0003",
            f"""
            CREATE TABLE all_in_ev (
                hand INTEGER NOT NULL,
                seat INTEGER NOT NULL,
                all_in_ev_status TEXT NOT NULL,
                all_in_ev REAL,
                street TEXT NOT NULL,
                PRIMARY KEY (hand, seat),
                FOREIGN KEY (hand, seat) REFERENCES seats (hand, seat),
                CHECK (all_in_ev_status IN ({statuses})),
                CHECK ((all_in_ev_status = 'computed') = (all_in_ev IS NOT NULL))
            ) STRICT, WITHOUT ROWID
            """,
            "INSERT INTO all_in_ev SELECT * FROM all_in_ev_0003",
            "DROP TABLE all_in_ev_0003",
            "DROP TABLE player_hand_stats",
            "DROP TABLE hand_players",
            "DROP TABLE actions",
            *sl.create_views(tuple(name for name, _ in _STATS_0002)),
            "CREATE INDEX seats_player ON seats (player_id, dealt_in, position)",
        ),
    )


#: The summed columns of 0008's player tables as it shipped (the statistics of its day;
#: ``analytics.store.aggregates.stat_columns`` gives each one's SQL): a later statistic's
#: columns come with its own migration (0016).
_SUMS_0008 = (
    "seats", "stat_rows", "x_hands", "x_vpip", "n_vpip", "x_pfr", "n_pfr", "x_three_bet",
    "n_three_bet", "x_fold_to_three_bet", "n_fold_to_three_bet", "x_four_bet", "n_four_bet",
    "x_cbet_flop", "n_cbet_flop", "x_fold_to_cbet_flop", "n_fold_to_cbet_flop", "x_steal",
    "n_steal", "x_fold_to_steal", "n_fold_to_steal", "x_af", "n_af", "x_afq", "n_afq",
    "x_wtsd", "n_wtsd", "x_wsd", "n_wsd", "x_wwsf", "n_wwsf", "x_net_won", "x_bb_per_100",
    "n_bb_per_100", "x_all_in_adjusted", "x_all_in_adjusted_bb_per_100",
    "n_all_in_adjusted_bb_per_100", "x_all_in_ev_hands", "x_all_in_ev_left_out",
    "x_rake_paid", "pt_hands", "pt_net", "pt_net_bb", "pt_net_showdown", "pt_net_no_showdown",
    "pt_saw_flop", "pt_showdowns", "pt_showdowns_won", "pt_all_ins", "pt_rake_paid",
)  # fmt: skip


@MIGRATIONS(name="0008_aggregates")
def m0008_aggregates(db: Database) -> None:
    """Pre-aggregated statistics (issue 11): ``player_day_sums``, ``player_sums`` and
    ``hand_sums`` (``analytics.store.aggregates`` documents them), filled from the hands already
    stored; the importer keeps them from then on. And ``players_name``: the dashboard
    names a player and reads his rows by id (``player_id IN (SELECT id FROM players WHERE
    name = ?)``), a scan of every player without it (a room's database has millions)."""
    from analytics.store import aggregates

    _execute_all(
        db, (*aggregates.schema(_SUMS_0008), "CREATE INDEX players_name ON players (name)")
    )
    aggregates.rebuild(db.conn, _SUMS_0008)


#: Hands recompressed per statement by 0009 (their texts are held in memory at once).
_CHUNK_0009 = 2000


@MIGRATIONS(name="0009_file_references")
def m0009_file_references(db: Database) -> None:
    """Texts compressed against their file's start, and an index nobody reads (issue 11,
    ``docs/database.md`` has the measurements):

    - ``raw_dictionaries`` gains ``base``: a row with a base is a *derived* dictionary,
      the shipped dictionary ``base`` followed by a reference (``dictionary`` holds the
      reference, compressed with the base; ``sha256`` is the reference's), numbered from
      ``rawtext.FIRST_DERIVED_ID``, UNIQUE ``(base, sha256)``. The importer compresses a
      file's hands against the room's dictionary and the file's first 8 KiB
      (``analytics.store.rawtext``): a Pluribus hand's text 273 -> about 100 bytes.
    - The texts already stored are recompressed the same way, each file's reference
      taken from its stored hands (in the order stored, joined by blank lines): the
      file's own bytes are gone, so these references can differ from a new import's, but
      every text reads back identical (tests/analytics/test_file_references.py).
    - ``hands_options`` is dropped: the sidebar's dates, games and stakes are read from
      ``hand_sums`` since 0008, and no other query uses it (its 48 bytes a hand are the
      largest index of ``hands``).
    """
    from analytics.store import rawtext

    conn = db.conn
    _execute_all(
        db,
        (
            "ALTER TABLE raw_dictionaries ADD COLUMN base INTEGER REFERENCES raw_dictionaries (id)",
            "CREATE UNIQUE INDEX raw_dictionaries_derived ON raw_dictionaries (base, sha256)"
            " WHERE base IS NOT NULL",
            "DROP INDEX IF EXISTS hands_options",
            # For the conversion only: each file's hands in one range.
            "CREATE INDEX hands_file_0009 ON hands (file_id, id)",
        ),
    )
    reader = rawtext.TextReader(conn)
    derived: dict[tuple[int, bytes], int] = {}
    for (file_id,) in conn.execute("SELECT id FROM files ORDER BY id").fetchall():
        texts: list[str] = []
        first = conn.execute(
            "SELECT raw_dictionary, raw_z FROM hands WHERE file_id = ? ORDER BY id",
            (file_id,),
        )
        for dictionary_id, blob in first:  # the file's first hands, enough for a reference
            texts.append(reader.text(dictionary_id, blob))
            if sum(len(t) + 2 for t in texts) >= rawtext.REFERENCE_BYTES:
                break
        first.close()
        if not texts:
            continue
        reference = rawtext.reference_of("\n\n".join(texts))
        last = 0
        while True:
            chunk = conn.execute(
                "SELECT id, site, raw_dictionary, raw_z FROM hands"
                " WHERE file_id = ? AND id > ? ORDER BY id LIMIT ?",
                (file_id, last, _CHUNK_0009),
            ).fetchall()
            if not chunk:
                break
            updates = []
            for key, site, dictionary_id, blob in chunk:
                base, packed = rawtext.compress(site, reader.text(dictionary_id, blob), reference)
                found = derived.get((base, reference))
                if found is None:
                    name, site_of, sha256, _, ref_z = rawtext.derived_row(base, reference)
                    found = conn.execute(
                        "INSERT INTO raw_dictionaries (id, name, site, sha256, base, dictionary)"
                        " SELECT max(coalesce(max(id), 0) + 1, ?), ?, ?, ?, ?, ?"
                        " FROM raw_dictionaries RETURNING id",
                        (rawtext.FIRST_DERIVED_ID, name, site_of, sha256, base, ref_z),
                    ).fetchone()[0]
                    derived[(base, reference)] = found
                updates.append((found, packed, key))
            conn.executemany(
                "UPDATE hands SET (raw_dictionary, raw_z) = (?, ?) WHERE id = ?", updates
            )
            last = chunk[-1][0]
    _execute_all(db, ("DROP INDEX hands_file_0009",))


@MIGRATIONS(name="0010_player_pages")
def m0010_player_pages(db: Database) -> None:
    """The Player page's own sums (issue 11, acceptance 4): ``player_chart_sums`` (per day),
    ``player_grid_sums`` (per starting hand) and ``player_session_sums`` (the sessions),
    documented in ``analytics.store.page_sums``, filled from the hands already stored; the
    importer keeps them from then on. The planner's statistics are refreshed as an import
    leaves them: a database an older version built may have none for ``hands`` (the
    hand search then takes 0.5 s instead of 0.05 on a million hands)."""
    from analytics.store import page_sums
    from analytics.store.db import refresh_statistics

    _execute_all(db, page_sums.schema())
    page_sums.rebuild(db.conn)
    refresh_statistics(db.conn)


@MIGRATIONS(name="0011_hand_copies")
def m0011_hand_copies(db: Database) -> None:
    """Where else a stored hand was found, and the copies that disagree with it (issue 23,
    items 6 and 7).

    - ``hand_files``: each further file a stored hand was found in, with its line there
      (``hands.file_id`` stays the first). ``pokerhh delete --file A`` deletes a hand only
      when no other stored file holds it; otherwise the hand moves to one that does. Hands
      imported before this migration have no rows here (the files' texts are not in the
      database): for them a delete by file is what it was.
    - ``hand_conflicts``: a copy of a stored hand (same room, same hand id) whose text
      differs (compared without whitespace and line ends, a copy cut short being the same
      hand): kept with its file, line and compressed text for the user to see, never
      dropped as a duplicate. ``sha256`` is of the copy's normalised text, so the same
      copy read again is kept once.
    - Hand ids are compared as the rooms mean them: a numeric id without its leading zeros
      (``030000`` is hand ``30000``). Stored ids with leading zeros are normalised where
      the normalised id is not taken (where it is, the two rows are left as they were).
    """
    _execute_all(
        db,
        (
            """
            CREATE TABLE hand_files (
                hand INTEGER NOT NULL REFERENCES hands (id),
                file_id INTEGER NOT NULL REFERENCES files (id),
                first_line INTEGER NOT NULL,
                PRIMARY KEY (hand, file_id)
            ) STRICT, WITHOUT ROWID
            """,
            "CREATE INDEX hand_files_file ON hand_files (file_id)",
            """
            CREATE TABLE hand_conflicts (
                id INTEGER PRIMARY KEY,
                hand INTEGER NOT NULL REFERENCES hands (id),
                file_id INTEGER NOT NULL REFERENCES files (id),
                first_line INTEGER NOT NULL,
                sha256 TEXT NOT NULL,
                raw_dictionary INTEGER NOT NULL REFERENCES raw_dictionaries (id),
                raw_z BLOB NOT NULL,
                found_at TEXT NOT NULL,
                UNIQUE (hand, sha256)
            ) STRICT
            """,
            "CREATE INDEX hand_conflicts_file ON hand_conflicts (file_id)",
            # ltrim keeps one digit of an id of zeros only ('000' -> '0').
            """
            UPDATE OR IGNORE hands
            SET hand_id = CASE WHEN ltrim(hand_id, '0') = '' THEN '0'
                               ELSE ltrim(hand_id, '0') END
            WHERE hand_id GLOB '0[0-9]*' AND hand_id NOT GLOB '*[^0-9]*'
            """,
        ),
    )


@MIGRATIONS(name="0012_anonymous_seats")
def m0012_anonymous_seats(db: Database) -> None:
    """Anonymous seats are not players (issue 22, item 4).

    Bovada, Ignition and Bodog never write a player's name: their reader
    (``parser/rooms/bovada/reader.py``) names the hero "Hero" and every other seat
    "Seat N", N as the log numbers the seat (a table seat in cash games, the room's own id
    in tournaments). One ``players`` row "Seat 4" thus gathered the hands of everyone who
    ever sat in seat 4: 586 hands of many people in the shared corpus. ``players.anonymous``
    is 1 for such a row; the rows stay (the seats of a hand keep their names, so a hand
    still shows all its seats and counts them as the hero's opponents), and every list,
    statistic and search of players leaves them out (``NOT p.anonymous``).

    A virtual generated column: computed from ``site`` and ``name`` when read, so the rows
    stored before this migration, the writer's and any other insert are recognised alike,
    and no row needs writing. The SQL is frozen here: a room that later names seats the
    same way is a new migration.
    """
    db.execute(
        """
        ALTER TABLE players ADD COLUMN anonymous INTEGER GENERATED ALWAYS AS (
            site IN ('Bovada', 'Ignition', 'Bodog')
            AND name GLOB 'Seat [0-9]*' AND substr(name, 6) NOT GLOB '*[^0-9]*'
        ) VIRTUAL
        """
    )


@MIGRATIONS(name="0013_people")
def m0013_people(db: Database) -> None:
    """People and their accounts (issue 25, item 5): a player is a room and a name
    (``players``' ``UNIQUE (site, name)``); a person is a name of the user's choosing that
    joins accounts of one human, ``pokerhh alias add NAME SITE:SCREENNAME...``.

    ``aliases`` names an account by ``(site, name)``, the key of ``players``, not by its
    ``players.id``: the id is the writer's surrogate, and the pair reads the same in an
    export or after a re-import. An account belongs to one person at most (the primary
    key); a person's name is unique in any case. Statistics of a person are the sums over
    his accounts' rows (:mod:`analytics.stats.people`)."""
    _execute_all(
        db,
        (
            """
            CREATE TABLE people (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE COLLATE NOCASE
            ) STRICT
            """,
            """
            CREATE TABLE aliases (
                person INTEGER NOT NULL REFERENCES people (id),
                site TEXT NOT NULL,
                name TEXT NOT NULL,
                PRIMARY KEY (site, name)
            ) STRICT, WITHOUT ROWID
            """,
            "CREATE INDEX aliases_person ON aliases (person)",
        ),
    )

@MIGRATIONS(name="0014_notes_tags")
def m0014_notes_tags(db: Database) -> None:
    """Notes on players and tags on hands, written by the user (issue 26 item 3;
    ``analytics/store/notes.py``). Keyed by the natural keys, ``(site, name)`` and
    ``(site, hand_id)``, not by ``players.id`` or ``hands.id``: a hand deleted and
    imported again, or a database rebuilt from the same files, keeps what the user wrote."""
    _execute_all(
        db,
        (
            """
            CREATE TABLE player_notes (
                id INTEGER PRIMARY KEY,
                site TEXT NOT NULL,
                player TEXT NOT NULL,
                text TEXT NOT NULL CHECK (length(trim(text)) > 0),
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL
            ) STRICT
            """,
            "CREATE INDEX player_notes_player ON player_notes (site, player)",
            """
            CREATE TABLE hand_tags (
                site TEXT NOT NULL,
                hand_id TEXT NOT NULL,
                tag TEXT NOT NULL CHECK (length(tag) > 0),
                tagged_at TEXT NOT NULL,
                PRIMARY KEY (site, hand_id, tag)
            ) STRICT, WITHOUT ROWID
            """,
            "CREATE INDEX hand_tags_tag ON hand_tags (tag)",
        ),
    )


@MIGRATIONS(name="0015_saved_filters", transactional=False)
def m0015_saved_filters(db: Database) -> None:
    """The hand query language's tables (issue 25, item 2; ``docs/query.md``).

    - ``saved_filters``: a query saved by name (``pokerhh hands --save NAME --where EXPR``,
      then ``--filter NAME``), its text as typed.
    - ``hand_actions``: each betting decision of an ``ok`` hand, in order, with its size
      and the pot it faced (``analytics.query.facts``): the order and sizes that
      ``seats``' per-street counts cannot give. Filled here for the hands already stored,
      from their text (``analytics.query.backfill``, in worker processes, reporting its
      progress); the importer writes the new ones.

    Resumable (:class:`_Checkpoint`): the rows are committed chunk by chunk, so a
    migration killed half-way, run again, fills the hands still without rows.
    """
    from analytics.query import backfill
    from analytics.store import refill

    checkpoint = _Checkpoint(db.conn)
    tables = {
        "saved_filters": """
            CREATE TABLE saved_filters (
                name TEXT PRIMARY KEY,
                expression TEXT NOT NULL,
                saved_at TEXT NOT NULL
            ) STRICT
            """,
        "hand_actions": """
            CREATE TABLE hand_actions (
                hand INTEGER NOT NULL REFERENCES hands (id),
                n INTEGER NOT NULL,
                street INTEGER NOT NULL,
                seat INTEGER NOT NULL,
                act INTEGER NOT NULL CHECK (act BETWEEN 0 AND 4),
                size INTEGER NOT NULL,
                pot INTEGER NOT NULL,
                PRIMARY KEY (hand, n)
            ) STRICT, WITHOUT ROWID
            """,
    }
    # A run killed half-way made them already.
    _execute_all(db, tuple(sql for name, sql in tables.items() if not _exists(db, name)))
    # 0016 follows in this run: its bits are computed from the same parsed hands now, kept
    # aside until it writes them (nothing 0015 writes changes).
    later = {m.name for m in MIGRATIONS.pending(db)}
    also = refill.prefetch_flags2(db.conn) if "0016_more_stats" in later else None
    backfill.fill(
        db.conn,
        progress=lambda done, total: _report("actions", done, total),
        commit=checkpoint,
        also=also,
    )
    checkpoint.finish()


def _exists(db: Database, name: str) -> bool:
    found = db.conn.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (name,)).fetchone()
    return found is not None


class _Checkpoint:
    """The commits of a migration that refills stored hands (0015, 0016: registered
    ``transactional=False``): called after each chunk of hands written, it makes them
    durable, so a migration killed half-way keeps them and, run again, fills only the
    hands still missing (its statements must then find their tables and columns made).
    The migration is recorded, so the schema version advances, only when it returns.

    ``pokerhh`` migrates inside one ``BEGIN IMMEDIATE`` (``analytics.store.db.migrate``):
    the earlier migrations are committed with the first chunk, and a new ``BEGIN
    IMMEDIATE`` takes the write lock back at once, so the caller still commits the rest.
    Called outside a transaction (``MIGRATIONS.apply`` alone), each commit is final and
    :meth:`finish` commits the end."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.outer = conn.in_transaction

    def __call__(self) -> None:
        self.conn.commit()
        if self.outer:
            self.conn.execute("BEGIN IMMEDIATE")

    def finish(self) -> None:
        if not self.outer and self.conn.in_transaction:
            self.conn.commit()


#: What a long migration reports as it goes: (what, done, total), or None (silent).
#: ``pokerhh migrate`` sets it to draw a progress bar (:func:`set_progress`).
_progress: list[Callable[[str, int, int], None]] = []


def set_progress(report: Callable[[str, int, int], None] | None) -> None:
    """Have the migrations that refill stored hands report ``(what, done, total)`` to
    ``report`` (None: to nobody)."""
    _progress.clear()
    if report is not None:
        _progress.append(report)


def _report(what: str, done: int, total: int) -> None:
    for report in _progress:
        report(what, done, total)


#: The statistics fields of ``player_hand_stats`` as 0016 made the view: 0002's, with
#: 0016's flags (``seat_layout.FLAG_BITS_2``, frozen there) before the money.
_FLAGS_0016 = (
    "rfi_chance", "rfi", "limp_chance", "limp", "cold_call_chance", "cold_call",
    "fold_to_four_bet_chance", "fold_to_four_bet",
    "donk_flop_chance", "donk_flop", "donk_turn_chance", "donk_turn",
    "donk_river_chance", "donk_river", "probe_turn_chance", "probe_turn",
    "probe_river_chance", "probe_river", "float_turn_chance", "float_turn",
)  # fmt: skip
#: The summed columns 0016 adds to 0008's player tables.
_SUMS_0016 = (
    "x_cbet_turn", "n_cbet_turn", "x_cbet_river", "n_cbet_river", "x_fold_to_cbet_turn",
    "n_fold_to_cbet_turn", "x_fold_to_cbet_river", "n_fold_to_cbet_river",
    "x_check_raise_flop", "n_check_raise_flop", "x_check_raise_turn", "n_check_raise_turn",
    "x_check_raise_river", "n_check_raise_river", "x_squeeze", "n_squeeze", "x_rfi", "n_rfi",
    "x_donk_flop", "n_donk_flop", "x_donk_turn", "n_donk_turn", "x_donk_river",
    "n_donk_river", "x_probe_turn", "n_probe_turn", "x_probe_river", "n_probe_river",
    "x_float_turn", "n_float_turn", "x_limp", "n_limp", "x_cold_call", "n_cold_call",
    "x_fold_to_steal_sb", "n_fold_to_steal_sb", "x_fold_to_steal_bb", "n_fold_to_steal_bb",
    "x_fold_to_four_bet", "n_fold_to_four_bet",
)  # fmt: skip


@MIGRATIONS(name="0016_more_stats", transactional=False)
def m0016_more_stats(db: Database) -> None:
    """The statistics players look for (issue 25, item 3; ``docs/stats.md``): c-bet and fold
    to c-bet on the turn and river, check-raise per street, squeeze, raise first in, donk
    and probe bets, float, limp, cold call, fold to steal by blind, fold to 4-bet.

    - ``seats.flags2``: the new per-hand flags, one bit each (``seat_layout.FLAG_BITS_2``),
      filled for the hands already stored by replaying their text
      (``analytics.store.refill``: a stored hand gets the bits a fresh import gives it;
      in worker processes), reporting its progress (:func:`set_progress`), committed
      chunk by chunk (:class:`_Checkpoint`: a run killed half-way, run again, fills the
      hands still without bits);
    - the views ``hand_players`` and ``player_hand_stats`` made again, with the new fields;
    - the summed columns of the new statistics added to 0008's player tables, and every
      sum made again.
    """
    from analytics.store import aggregates, refill
    from analytics.store import seat_layout as sl

    if sl.FLAG_BITS_2 != _FLAGS_0016:
        raise AssertionError("seats.flags2's bits are frozen by migration 0016")
    fields = tuple(name for name, _ in _STATS_0002)
    money = fields.index("net")
    checkpoint = _Checkpoint(db.conn)
    columns = (
        f"ALTER TABLE seats ADD COLUMN flags2 INTEGER {sl.flags2_check()}",
        *aggregates.add_columns(_SUMS_0016),
    )
    _execute_all(
        db,
        (
            # A run killed half-way added some already: "ALTER TABLE t ADD COLUMN c ...".
            *(sql for sql in columns if not _has_column(db, *sql.split()[2:6:3])),
            "DROP VIEW IF EXISTS hand_players",
            "DROP VIEW IF EXISTS player_hand_stats",
            *sl.create_views((*fields[:money], *_FLAGS_0016, *fields[money:])),
        ),
    )
    refill.fill_flags2(
        db.conn, lambda done, total: _report("statistics", done, total), commit=checkpoint
    )
    aggregates.rebuild(db.conn, (*_SUMS_0008, *_SUMS_0016))
    checkpoint.finish()


def _has_column(db: Database, table: str, column: str) -> bool:
    return any(row[1] == column for row in db.conn.execute(f"PRAGMA table_info({table})"))
