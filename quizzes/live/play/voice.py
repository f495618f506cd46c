"""The learner's seat is called "You": the engines' sentences said again in the second person.

The engines write every event in the third person, of a seat by its name ("Ann twists",
"Ann is bust").  The play-along adapters name the learner's seat "You", so the same
sentences would read "You twists", "You is bust".  :func:`second_person` makes the
verbs agree with "You", turns "You's" into "your", and writes "you" in lower case
inside a sentence where it is the subject or the object of a verb.  Seat names in a
list ("Banker -20, You +20") are left as they are.

>>> second_person("You twists: 7♥. You is bust with 24.")
'You twist: 7♥. You are bust with 24.'
>>> second_person("You K♣, Ann 4♠: You has the highest card and deals first.")
'You K♣, Ann 4♠: You have the highest card and deal first.'
>>> second_person("You made a pontoon and takes the bank. You first chooses a card.")
'You made a pontoon and take the bank. You first choose a card.'
>>> second_person("On You's turn You buys, discards, battles, stays or folds.")
'On your turn you buy, discard, battle, stay or fold.'
>>> second_person("You's hand is higher, so You wins; Ann attacks You.")
'Your hand is higher, so you win; Ann attacks you.'
>>> second_person("Settlement (net: Banker -20, You +20)")
'Settlement (net: Banker -20, You +20)'
"""

from __future__ import annotations

import re

__all__ = ["VERBS", "as_you", "plain", "second_person"]

#: verbs the engines use of a seat, in the third person; a word after "and", "or" or a
#: comma in a clause whose subject is "You" is changed only if it is one of these (the
#: first word after "You" is changed whenever it reads as a verb)
VERBS = frozenset({
    "adds", "attacks", "battles", "beats", "bets", "buys", "calls", "captures", "collects",
    "copies", "cuts", "deals", "declares", "declines", "discards", "does", "doubles", "draws",
    "folds", "gets", "gives", "goes", "has", "hits", "holds", "insures", "is", "keeps",
    "leaves", "looks", "loses", "makes", "names", "needs", "passes", "pays", "plays", "puts",
    "raises", "reaches", "scores", "sells", "shoots", "shows", "splits", "stakes", "stands",
    "stays", "sticks", "takes", "throws", "tops", "trails", "turns", "twists", "was", "wins",
})

#: words that may stand between "You" and its verb ("You first chooses")
_ADVERBS = frozenset({"first", "then", "also", "still", "now", "only", "already", "again"})

#: verbs whose plain form is not the third-person form less its -s or -es
_IRREGULAR = {"is": "are", "was": "were", "has": "have", "does": "do", "goes": "go"}

#: "You" (or "You's"), then the rest of its clause: up to a stop, colon, semicolon,
#: bracket or the next "You"
_CLAUSE = re.compile(r"\bYou(?P<own>'s)?\b(?P<rest>(?:(?!\bYou\b)[^.;:!?()\[\]])*)")

#: the text before a "You" that starts a sentence
_SENTENCE_START = re.compile(r"(^|[.!?:]\s+|\n\s*)$")


def plain(verb: str) -> str:
    """The plain form of a third-person verb.

    >>> [plain(v) for v in ("is", "twists", "passes", "reaches", "copies", "stays", "goes")]
    ['are', 'twist', 'pass', 'reach', 'copy', 'stay', 'go']
    """
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    return verb[:-1]


def _verb_like(word: str) -> bool:
    """Whether the first word after "You" reads as a third-person verb."""
    return word in VERBS or (word.isascii() and word.isalpha() and word.islower()
                             and word.endswith("s") and not word.endswith(("ss", "us")))


def _core(word: str) -> str:
    """A word without the comma after it."""
    return word.rstrip(",")


def _agree(word: str) -> str:
    """A third-person verb (perhaps with a comma after it) in its plain form."""
    core = _core(word)
    return plain(core) + word[len(core):]


def second_person(text: str) -> str:
    """``text`` with "You" as a second-person subject: the verbs agree, "You's" is "your".

    >>> second_person("You passes and is out; Bob takes back the uncalled 10.")
    'You pass and are out; Bob takes back the uncalled 10.'
    >>> second_person("You calls 10 and raises 10. You and Bob tie. You made a pontoon.")
    'You call 10 and raise 10. You and Bob tie. You made a pontoon.'
    >>> second_person("You wins the pot and antes.")  # "antes" is no verb of the engines
    'You win the pot and antes.'
    >>> second_person("The banker is bust; You has a pontoon (10♥ A♥).")
    'The banker is bust; you have a pontoon (10♥ A♥).'
    >>> second_person("Bob takes 8♠ from You and wins the battle.")
    'Bob takes 8♠ from you and wins the battle.'
    >>> second_person("Ben, You")  # a seat named in a list stays a name
    'Ben, You'
    """
    def clause(m: re.Match[str]) -> str:
        before = text[:m.start()]
        starts = bool(_SENTENCE_START.search(before))
        words = m["rest"].split(" ")  # words[0] is "" (the text after "You" starts with a space)
        verb = 1
        while verb < len(words) - 1 and words[verb] in _ADVERBS:
            verb += 1
        is_subject = m["own"] is None and len(words) > 1 and _verb_like(_core(words[verb]))
        if is_subject:
            words[verb] = _agree(words[verb])
        if is_subject or (m["own"] is None and starts and len(words) > 1 and words[1].isalpha()
                          and words[1].islower()):  # "You made a pontoon and takes"
            for i in range(verb + 1, len(words)):
                prev = words[i - 1]
                if _core(words[i]) in VERBS and (prev in ("and", "or") or prev.endswith(",")):
                    words[i] = _agree(words[i])
        after_word = bool(re.search(r"[a-z]\s+$", before))  # "attacks You", "and You"
        if m["own"]:
            who = "Your" if starts else "your"
        elif starts or not (is_subject or after_word):
            who = "You"
        else:
            who = "you"
        return who + " ".join(words)

    return _CLAUSE.sub(clause, text)


def as_you(text: str, name: str) -> str:
    """``text`` with the engine's name of the learner's seat (``"Seat 1"``) made "You", for
    :func:`second_person` to finish: "Seat 1: hits" and "Seat 1, hand 2: hits" become
    "You hit" and "Hand 2: you hit", "seat 1" inside a sentence becomes "you".

    >>> second_person(as_you("Dealt seat 1: 6♠ Q♠ (16). Seat 1 stands on 16.", "Seat 1"))
    'Dealt you: 6♠ Q♠ (16). You stand on 16.'
    >>> second_person(as_you("Seat 1: hits and gets 2♦: 2♣ 3♥ 2♦ (7).", "Seat 1"))
    'You hit and get 2♦: 2♣ 3♥ 2♦ (7).'
    >>> second_person(as_you("Seat 1, hand 2: hits and gets 5♣. Seat 1, hand 2 is bust.",
    ...                      "Seat 1"))
    'Hand 2: You hit and get 5♣. Your hand 2 is bust.'
    >>> as_you("Seat 12 stands; Seat 1 -10", "Seat 1")
    'Seat 12 stands; You -10'
    """
    first, rest = re.escape(name[:1]), re.escape(name[1:])
    seat = rf"\b[{first.upper()}{first.lower()}]{rest}\b"
    text = re.sub(seat + r", hand (\d+): ", r"Hand \1: You ", text)
    text = re.sub(seat + r", hand (\d+)", r"Your hand \1", text)
    text = re.sub(seat + r": (?=[a-z])", "You ", text)
    return re.sub(seat, "You", text)
