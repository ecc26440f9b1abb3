"""People and their accounts (issue 25, item 5; migration 0013_people).

A player is a room and a name: ``players``' ``(site, name)``. One human with accounts on
three rooms was three strangers, and Bovada's, PokerStars' and a home game's "Hero" were one
name in the sidebar twelve times over. A *person* is a name the user chooses that joins
accounts: ``pokerhh alias add Me PokerStars:Hero Bovada:Hero``. Statistics of a person are
the sums over his accounts' rows (:mod:`analytics.stats.people`), never a new per-hand
table, so they cannot drift from the accounts' own.

An account is written ``SITE:NAME``, split at the first colon (room names have none; screen
names may). Only stored accounts can be joined: a typo must not create a person of nobody.
"""

from __future__ import annotations

import difflib
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from analytics.store.db import write_transaction

__all__ = [
    "Account",
    "AliasError",
    "account_ids",
    "add_aliases",
    "find_person",
    "parse_account",
    "people",
    "remove_aliases",
]


class AliasError(ValueError):
    """A person or account that cannot be joined or removed as asked: not ``SITE:NAME``, an
    account not stored, an account another person holds, a person that does not exist.
    The command line reads it as a usage error (exit 2)."""


@dataclass(frozen=True, slots=True, order=True)
class Account:
    """One room's player: the key of ``players``."""

    site: str
    name: str

    def __str__(self) -> str:
        return f"{self.site}:{self.name}"

    @property
    def label(self) -> str:
        """``Hero (PokerStars)``: how lists show an account, its room always beside it."""
        return f"{self.name} ({self.site})"


def parse_account(text: str) -> tuple[str, str]:
    """``SITE:NAME`` as (site, name), split at the first colon.

    >>> parse_account("PokerStars:Hero"), parse_account("Winamax:a:b")
    (('PokerStars', 'Hero'), ('Winamax', 'a:b'))
    >>> parse_account("Hero")
    Traceback (most recent call last):
    analytics.store.people.AliasError: account 'Hero': expected SITE:NAME, like PokerStars:Hero
    """
    site, colon, name = text.partition(":")
    if not colon or not site.strip() or not name.strip():
        raise AliasError(f"account {text!r}: expected SITE:NAME, like PokerStars:Hero")
    return site.strip(), name.strip()


def stored_account(conn: sqlite3.Connection, text: str) -> Account:
    """The stored account ``SITE:NAME`` names: the room in any case, the name as stored or,
    if no account has that spelling, in any case when only one does. Anonymous seats
    (migration 0012) are nobody's account. Raises :class:`AliasError` with the close names."""
    site, name = parse_account(text)
    sites = [r[0] for r in conn.execute("SELECT DISTINCT site FROM players ORDER BY site")]
    stored_site = next((s for s in sites if s.casefold() == site.casefold()), None)
    if stored_site is None:
        raise AliasError(f"account {text!r}: no room {site!r} stored (stored: "
                         f"{', '.join(sites) or 'none'})")  # fmt: skip
    names = [r[0] for r in conn.execute(
        "SELECT name FROM players WHERE site = ? AND NOT anonymous", (stored_site,))]  # fmt: skip
    if name in names:
        return Account(stored_site, name)
    same = [n for n in names if n.casefold() == name.casefold()]
    if len(same) == 1:
        return Account(stored_site, same[0])
    close = same or difflib.get_close_matches(name, names, n=5, cutoff=0.6)
    hint = f"; did you mean: {', '.join(close)}?" if close else ""
    raise AliasError(f"account {text!r}: no player {name!r} at {stored_site}{hint}")


def find_person(conn: sqlite3.Connection, name: str) -> tuple[str, list[Account]] | None:
    """The person called ``name`` (any case) as (his stored name, his accounts), or None."""
    row = conn.execute("SELECT id, name FROM people WHERE name = ?", (name.strip(),)).fetchone()
    if row is None:
        return None
    rows = conn.execute(
        "SELECT site, name FROM aliases WHERE person = ? ORDER BY site, name", (row[0],)
    )
    accounts = [Account(site, player) for site, player in rows]
    return row[1], accounts


def people(conn: sqlite3.Connection) -> dict[str, list[Account]]:
    """Every person with his accounts, by name."""
    out: dict[str, list[Account]] = {}
    for person, site, name in conn.execute(
        "SELECT p.name, a.site, a.name FROM people p LEFT JOIN aliases a ON a.person = p.id "
        "ORDER BY p.name COLLATE NOCASE, a.site, a.name"
    ):
        out.setdefault(person, [])
        if site is not None:
            out[person].append(Account(site, name))
    return out


def add_aliases(conn: sqlite3.Connection, person: str, accounts: Sequence[str]) -> list[Account]:
    """Join ``accounts`` (``SITE:NAME`` texts) to ``person``, creating him if need be; the
    accounts he already has are kept. All or nothing: one bad account and nothing is written.
    Returns the accounts as stored."""
    person = person.strip()
    if not person:
        raise AliasError("a person needs a name")
    if ":" in person:
        raise AliasError(f"person {person!r}: a person's name has no colon (SITE:NAME is an"
                         " account)")  # fmt: skip
    if not accounts:
        raise AliasError(f"person {person!r}: name at least one account, SITE:NAME")
    found = list(dict.fromkeys(stored_account(conn, text) for text in accounts))
    rows = conn.execute(
        "SELECT a.site, a.name, p.name FROM aliases a JOIN people p ON p.id = a.person"
    )
    owners = {(site, name): owner for site, name, owner in rows}
    for account in found:
        owner = owners.get((account.site, account.name))
        if owner is not None and owner.casefold() != person.casefold():
            raise AliasError(f"account {account} is already {owner}'s: remove it there first"
                             f" (pokerhh alias remove {owner} {account})")  # fmt: skip
    with write_transaction(conn):
        conn.execute("INSERT OR IGNORE INTO people (name) VALUES (?)", (person,))
        (person_id,) = conn.execute("SELECT id FROM people WHERE name = ?", (person,)).fetchone()
        conn.executemany(
            "INSERT OR IGNORE INTO aliases (person, site, name) VALUES (?, ?, ?)",
            [(person_id, a.site, a.name) for a in found],
        )
    return found


def remove_aliases(conn: sqlite3.Connection, person: str, accounts: Sequence[str] = ()) -> int:
    """Take ``accounts`` from ``person``, or, without accounts, remove the person (his
    accounts stay, as players). A person left with no account is removed. Returns the
    accounts taken away."""
    found = find_person(conn, person)
    if found is None:
        raise AliasError(f"no person {person!r}")
    name, held = found
    if accounts:
        wanted = []
        for text in accounts:
            site, player = parse_account(text)
            match = [a for a in held if a.site.casefold() == site.casefold()
                     and a.name.casefold() == player.casefold()]  # fmt: skip
            if not match:
                raise AliasError(f"account {text!r} is not {name}'s (his: "
                                 f"{', '.join(map(str, held)) or 'none'})")  # fmt: skip
            wanted.extend(match)
    else:
        wanted = list(held)
    with write_transaction(conn):
        (person_id,) = conn.execute("SELECT id FROM people WHERE name = ?", (name,)).fetchone()
        conn.executemany("DELETE FROM aliases WHERE person = ? AND site = ? AND name = ?",
                         [(person_id, a.site, a.name) for a in wanted])  # fmt: skip
        conn.execute(
            "DELETE FROM people WHERE id = ? AND NOT EXISTS "
            "(SELECT 1 FROM aliases WHERE person = ?)",
            (person_id, person_id),
        )
    return len(set(wanted))


def account_ids(conn: sqlite3.Connection, accounts: Iterable[Account]) -> list[int]:
    """The ``players.id`` of each stored account (an account not stored has none)."""
    ids = []
    for account in accounts:
        row = conn.execute("SELECT id FROM players WHERE site = ? AND name = ?",
                           (account.site, account.name)).fetchone()  # fmt: skip
        if row is not None:
            ids.append(int(row[0]))
    return ids
