"""Errors raised by the engine.

Every refused action raises :class:`IllegalAction`, which carries the id of the
rule that forbids it and a sentence a learner can understand.  The state the
action was tried on is never changed: states are immutable.

>>> err = IllegalAction("banco.natural", "Nobody draws after a natural.")
>>> err.rule_id
'banco.natural'
>>> str(err)
'Nobody draws after a natural. [rule banco.natural]'
"""

from __future__ import annotations


class CardrulesError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalAction(CardrulesError):
    """An action the rules forbid.

    ``rule_id`` names the rule in the catalog; ``message`` explains the rule
    with the numbers of the case ("A 4th card costs between ...").

    >>> try:
    ...     raise IllegalAction("pontoon.stick", "You may stick only on 15 or more; you have 14.")
    ... except IllegalAction as e:
    ...     (e.rule_id, e.message)
    ('pontoon.stick', 'You may stick only on 15 or more; you have 14.')
    """

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(rule_id, message)
        self.rule_id = rule_id
        self.message = message

    def __str__(self) -> str:
        return f"{self.message} [rule {self.rule_id}]"


class CardParseError(CardrulesError, ValueError):
    """A card token that cannot be read.

    >>> str(CardParseError("1X", "expected a rank then a suit"))
    "'1X' is not a card: expected a rank then a suit"
    """

    def __init__(self, token: str, reason: str) -> None:
        super().__init__(token, reason)
        self.token = token
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.token!r} is not a card: {self.reason}"


class ProfileError(CardrulesError, ValueError):
    """A house-rule profile that cannot be loaded.

    It names the file, the key and what is allowed.

    >>> str(ProfileError("conf/x.toml", "decks", "must be one of 1, 6, 8; got 7"))
    'conf/x.toml: decks: must be one of 1, 6, 8; got 7'
    """

    def __init__(self, source: str, key: str | None, problem: str) -> None:
        super().__init__(source, key, problem)
        self.source = source
        self.key = key
        self.problem = problem

    def __str__(self) -> str:
        where = f"{self.source}: {self.key}" if self.key else self.source
        return f"{where}: {self.problem}"


class UnknownRule(CardrulesError, KeyError):
    """A rule id that is not in the catalog; suggests the nearest ids.

    >>> str(UnknownRule("banco.thrid-card", ["banco.third-card"]))
    "unknown rule id 'banco.thrid-card' (did you mean banco.third-card?)"
    """

    def __init__(self, rule_id: str, suggestions: list[str]) -> None:
        super().__init__(rule_id)
        self.rule_id = rule_id
        self.suggestions = suggestions

    def __str__(self) -> str:
        hint = f" (did you mean {' or '.join(self.suggestions)}?)" if self.suggestions else ""
        return f"unknown rule id {self.rule_id!r}{hint}"
