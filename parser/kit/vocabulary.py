"""Words several rooms write alike for games and streets, and the rule their game names
follow.

Most rooms name a game as a game word and a betting word in a fixed order ("Holdem no
limit", "No Limit Holdem", "Holdem(No Limit)"), and the ``GAME_SPECS`` code is the
betting's letters before the game's (``NL`` + ``HE``). Spelling out every pair in each
room repeated the same table with other words; :func:`game_names` writes the pairs from
the room's words and its order, and a room lists by hand only what does not follow it.
"""

from __future__ import annotations

from collections.abc import Mapping

from parser.model.games import GAME_SPECS

#: The betting codes of ``GAME_SPECS``: no limit, pot limit, fixed limit.
BETTING_CODES = ("NL", "PL", "FL")

#: Stud streets as the rooms that write them in capitals name them (Bovada, Full Tilt):
#: "RIVER" is the seventh street's other name.
UPPER_STUD_STREETS: Mapping[str, str] = {
    "4TH STREET": "fourth",
    "5TH STREET": "fifth",
    "6TH STREET": "sixth",
    "7TH STREET": "seventh",
    "RIVER": "seventh",
}


def game_names(
    form: str, games: Mapping[str, str], bettings: tuple[str, str, str]
) -> dict[str, str]:
    """Every one of the room's ``games`` words (-> the game's code) with each of its
    ``bettings`` words (for no limit, pot limit and fixed limit), written as ``form``
    (with ``{game}`` and ``{betting}``) -> the ``GAME_SPECS`` code (the betting's code,
    then the game's).

    Only the pairs pokerhh has a ``GAME_SPECS`` row for are written, so a game played in
    one betting only (stud in fixed limit, 5-card Omaha in pot limit) is listed like the
    others:

    >>> game_names("{game}({betting})", {"Holdem": "HE"}, ("No Limit", "Pot Limit", "Limit"))
    {'Holdem(No Limit)': 'NLHE', 'Holdem(Pot Limit)': 'PLHE', 'Holdem(Limit)': 'FLHE'}
    >>> game_names("{game}({betting})", {"7Stud": "7S"}, ("No Limit", "Pot Limit", "Limit"))
    {'7Stud(Limit)': 'FL7S'}
    """
    return {
        form.format(game=game, betting=betting): code
        for (game, betting), code in game_codes(games, bettings).items()
        if code in GAME_SPECS
    }


def game_codes(
    games: Mapping[str, str], bettings: tuple[str, str, str]
) -> dict[tuple[str, str], str]:
    """``(game word, betting word)`` -> ``GAME_SPECS`` code for every one of the room's
    ``games`` words with each of its ``bettings`` words (no limit, pot limit, fixed
    limit), for the rooms that read the two apart (:func:`game_names` for one name).

    >>> game_codes({"omaha8": "O8"}, ("NL", "PL", "FL"))
    {('omaha8', 'NL'): 'NLO8', ('omaha8', 'PL'): 'PLO8', ('omaha8', 'FL'): 'FLO8'}
    """
    return {
        (game, betting): betting_code + game_code
        for game, game_code in games.items()
        for betting, betting_code in zip(bettings, BETTING_CODES, strict=True)
    }
