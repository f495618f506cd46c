"""Seeded, deterministic randomness that never drifts between Python versions.

Python's :mod:`random` does not promise the same shuffle on every version, so
the engine uses its own small generator: SplitMix64 for seeding and
xoshiro256** for the stream, with rejection sampling for unbiased integers.
The same seed gives the same deal on every Python from 3.11 on, and in Pyodide.

Randomness is always passed in; nothing here is global.

>>> Rng(7).below(10), Rng(7).below(10)
(4, 4)
>>> Rng(1).shuffled("abcde")
('a', 'd', 'b', 'c', 'e')
>>> Rng("lesson-1").below(100) == Rng("lesson-1").below(100)
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Generator, Sequence
from itertools import islice
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return x, z ^ (z >> 31)


def _stream(s: list[int]) -> Generator[int, None, None]:
    """The outputs of xoshiro256** from the state ``s``, the one place its step is written;
    the state is kept in local names while the stream runs (the generators of questions
    draw hundreds of thousands of times) and written back into ``s`` when the stream is
    closed, so a caller closes it once it has drawn what it needs.

    >>> s = [1, 2, 3, 4]
    >>> draws = _stream(s)
    >>> next(draws), s
    (11520, [1, 2, 3, 4])
    >>> draws.close(); s
    [7, 0, 262146, 211106232532992]
    """
    s0, s1, s2, s3 = s
    try:
        while True:
            x = s1 * 5 & _MASK
            out = (x << 7 | x >> 57) * 9 & _MASK  # rotl(x, 7) * 9, both mod 2**64
            t = s1 << 17 & _MASK
            s2 ^= s0
            s3 ^= s1
            s1 ^= s2
            s0 ^= s3
            s2 ^= t
            s3 = (s3 << 45 | s3 >> 19) & _MASK
            yield out
    finally:
        s[:] = (s0, s1, s2, s3)


def seed_to_int(seed: int | str) -> int:
    """Turn a seed (an int, or any text) into a 64-bit integer, stably.

    >>> seed_to_int(5)
    5
    >>> seed_to_int("abc") == seed_to_int("abc")
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"a seed must be an int or a str, not {type(seed).__name__}")
    if isinstance(seed, int):
        return seed & _MASK
    return int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "big")


class Rng:
    """A small seeded random generator (xoshiro256**).

    >>> r = Rng(42)
    >>> [r.below(6) + 1 for _ in range(5)]
    [1, 4, 6, 6, 5]
    """

    __slots__ = ("_s",)

    def __init__(self, seed: int | str = 0) -> None:
        x = seed_to_int(seed)
        state = []
        for _ in range(4):
            x, z = _splitmix64(x)
            state.append(z)
        self._s = state

    def next_u64(self) -> int:
        """The next 64-bit output of the stream.

        >>> r = Rng(11)
        >>> [r.next_u64() for _ in range(2)] == Rng(11).u64s(2)
        True
        """
        draws = _stream(self._s)
        out = next(draws)
        draws.close()
        return out

    def u64s(self, count: int) -> list[int]:
        """The next ``count`` outputs of the stream, as ``count`` calls of :meth:`next_u64`
        give them, drawn in one go (a shuffle that draws many does it this way).

        >>> a, b = Rng(5), Rng(5)
        >>> a.u64s(3) == [b.next_u64() for _ in range(3)] and a.next_u64() == b.next_u64()
        True
        """
        draws = _stream(self._s)
        out = list(islice(draws, count))
        draws.close()
        return out

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no bias).

        >>> all(0 <= Rng(3).below(7) < 7 for _ in range(10))
        True
        """
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        shift = 64 - max(1, (n - 1).bit_length())
        draws = _stream(self._s)
        v = next(draws) >> shift
        while v >= n:
            v = next(draws) >> shift
        draws.close()
        return v

    def between(self, low: int, high: int) -> int:
        """A uniform integer with ``low <= x <= high``.

        >>> Rng(0).between(3, 3)
        3
        """
        if high < low:
            raise ValueError(f"between() needs low <= high, got {low} > {high}")
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        """One item, chosen uniformly.

        >>> Rng(2).choice(["a", "b", "c"]) in "abc"
        True
        """
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """A shuffled copy (Fisher-Yates), leaving ``items`` as it was.

        >>> sorted(Rng(9).shuffled(range(5)))
        [0, 1, 2, 3, 4]
        """
        out = list(items)
        draws = _stream(self._s)
        for i in range(len(out) - 1, 0, -1):
            shift = 64 - i.bit_length()  # j = self.below(i + 1), from the open stream
            j = next(draws) >> shift
            while j > i:
                j = next(draws) >> shift
            out[i], out[j] = out[j], out[i]
        draws.close()
        return tuple(out)

    def sample(self, items: Sequence[T], k: int) -> tuple[T, ...]:
        """``k`` distinct positions of ``items``, in random order.

        >>> len(Rng(4).sample("abcdef", 3))
        3
        """
        if not 0 <= k <= len(items):
            raise ValueError(f"sample size {k} is not between 0 and {len(items)}")
        pool = list(items)
        out = []
        for _ in range(k):
            out.append(pool.pop(self.below(len(pool))))
        return tuple(out)

    def fork(self, label: str) -> Rng:
        """An independent generator derived from this one and a label."""
        return Rng(f"{self.next_u64()}:{label}")
