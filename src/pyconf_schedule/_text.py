"""Text normalisation for name matching and full-text search.

Names and search text are compared after :func:`fold`: Unicode compatibility
decomposition, accents removed, case folded, punctuation that only decorates a
name (a trailing " -", commas) dropped and runs of white space collapsed.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["fold", "search_needle", "search_text", "slugify", "term_matches", "words"]

# Compiled on first use (re caches patterns), not at import.
_WORD = r"[^\W_]+(?:[.'’+#-][^\W_]+)*"


def _strip_accents(text: str) -> str:
    if text.isascii():  # ASCII is its own compatibility decomposition, with nothing to strip
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def fold(text: str) -> str:
    """Return ``text`` in the form used to compare names.

    >>> fold("  Léonard   HUSSENOT -")
    'leonard hussenot'
    """
    if not isinstance(text, str):
        raise TypeError(f"expected a name or text as str, got {type(text).__name__}")
    folded = " ".join(_strip_accents(text).casefold().split())  # str.split's white space is re's \s
    return folded.strip(" -–—,;:").strip()


def words(text: str) -> list[str]:
    """Return the folded words of ``text``, for search.

    >>> words("KV-Cache Centric Inference, with vLLM!")
    ['kv-cache', 'centric', 'inference', 'with', 'vllm']
    """
    if not isinstance(text, str):
        raise TypeError(f"expected text as str, got {type(text).__name__}")
    return re.findall(_WORD, _strip_accents(text).casefold())


def slugify(text: str) -> str:
    """Return a lower-case ASCII slug of ``text``, words joined by hyphens.

    >>> slugify("Nicolò Lucchesi")
    'nicolo-lucchesi'
    """
    ascii_text = _strip_accents(text).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")


# Search: letters and digits make words, with trailing "+" or "#" kept ("c++", "c#");
# all other punctuation separates words, so "KV-Cache" reads as "kv cache".
_SEARCH_WORD = r"[^\W_]+[+#]*|[+#]+"


def search_text(text: str) -> str:
    """Folded words of ``text`` joined by single spaces, with a space at each end.

    >>> search_text("KV-Cache for C++ and torch.compile, with Nicolò")
    ' kv cache for c++ and torch compile with nicolo '
    """
    if not isinstance(text, str):
        raise TypeError(f"expected text as str, got {type(text).__name__}")
    return " " + " ".join(re.findall(_SEARCH_WORD, _strip_accents(text).casefold())) + " "


def term_matches(haystack: str, term: str) -> bool:
    """Whether the search term (one word of a query, punctuation allowed) occurs in ``haystack``.

    ``haystack`` is :func:`search_text` output.  The term's words must occur
    in order, the first at the start of a word; the last may be the start of
    a longer word ("cache" finds "caches") unless it has one or two characters
    or ends in "+" or "#", which must match a whole word ("d" in "llm-d", "c++").

    >>> text = search_text("llm-d and KV caches in C++")
    >>> [term_matches(text, t) for t in ("llm-d", "kv-cache", "c++", "c", "s", "cach")]
    [True, True, True, False, False, True]
    """
    needle = search_needle(term)
    return needle is None or needle in haystack


def search_needle(term: str) -> str | None:
    """The text whose presence in a :func:`search_text` means ``term`` matches, or None when any text does.

    >>> search_needle("KV-Cache"), search_needle("c++"), search_needle("!")
    (' kv cache', ' c++ ', None)
    """
    phrase = search_text(term).strip()
    if not phrase:
        return None
    last = phrase.rsplit(" ", 1)[-1]
    needle = " " + phrase
    if len(last) <= 2 or not last[-1].isalnum():
        needle += " "
    return needle
