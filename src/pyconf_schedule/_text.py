"""Text normalisation for name matching and full-text search.

Names and search text are compared after :func:`fold`: Unicode compatibility
decomposition, accents removed, case folded, punctuation that only decorates a
name (a trailing " -", commas) dropped and runs of white space collapsed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

__all__ = [
    "fold",
    "search_needle",
    "search_document",
    "search_text",
    "search_words",
    "slugify",
    "term_matches",
    "words",
]

# Compiled on first use (re caches patterns), not at import.
_WORD = r"[^\W_]+(?:[.'’+#-][^\W_]+)*"


def strip_accents(text: str) -> str:
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
    folded = " ".join(strip_accents(text).casefold().split())  # str.split's white space is re's \s
    return folded.strip(" -–—,;:").strip()


def words(text: str) -> list[str]:
    """Return the folded words of ``text``, for search.

    >>> words("KV-Cache Centric Inference, with vLLM!")
    ['kv-cache', 'centric', 'inference', 'with', 'vllm']
    """
    if not isinstance(text, str):
        raise TypeError(f"expected text as str, got {type(text).__name__}")
    return re.findall(_WORD, strip_accents(text).casefold())


def slugify(text: str) -> str:
    """Return a lower-case ASCII slug of ``text``, words joined by hyphens.

    >>> slugify("Nicolò Lucchesi")
    'nicolo-lucchesi'
    """
    if text.isascii():
        if text.isalnum():  # letters and digits only: the slug is the text in lower case
            return text.lower()
        ascii_text = text
    else:
        ascii_text = strip_accents(text).encode("ascii", "ignore").decode("ascii")
    # Every run of other characters becomes one hyphen, none at either end: the words of the folded text, joined.
    return "-".join(_ascii_fold(ascii_text).split())


# Search: letters and digits make words, with trailing "+" or "#" kept ("c++", "c#");
# all other punctuation separates words, so "KV-Cache" reads as "kv cache".
SEARCH_WORD = r"[^\W_]+[+#]*|[+#]+"


def _ascii_table() -> bytes:
    """Digits kept, letters lower-cased, every other byte a space: one ``bytes.translate`` table."""
    table = bytearray(b" " * 256)
    lower = bytes(range(ord("a"), ord("z") + 1))
    table[ord("0") : ord("9") + 1] = b"0123456789"
    table[ord("A") : ord("Z") + 1] = lower
    table[ord("a") : ord("z") + 1] = lower
    return bytes(table)


# ASCII text without "+" or "#": its words are its runs of letters and digits, so
# mapping every other character to a space (and letters to lower case) and
# splitting finds them, without a regex; bytes.translate does it in one pass.
_ASCII_FOLD = _ascii_table()


def _ascii_fold(text: str) -> str:
    """An ASCII ``text`` lower-cased, every character but a letter or digit a space."""
    return text.encode("ascii").translate(_ASCII_FOLD).decode("ascii")


def search_words(text: str) -> list[str]:
    """The folded words of ``text`` that search reads, in order.

    >>> search_words("KV-Cache for C++, with Nicolò")
    ['kv', 'cache', 'for', 'c++', 'with', 'nicolo']
    """
    if not isinstance(text, str):
        raise TypeError(f"expected text as str, got {type(text).__name__}")
    if text.isascii() and "+" not in text and "#" not in text:  # casefold is lower() and nothing to decompose
        return _ascii_fold(text).split()
    return re.findall(SEARCH_WORD, strip_accents(text).casefold())


def search_text(text: str) -> str:
    """Folded words of ``text`` joined by single spaces, with a space at each end.

    >>> search_text("KV-Cache for C++ and torch.compile, with Nicolò")
    ' kv cache for c++ and torch compile with nicolo '
    """
    return " " + " ".join(search_words(text)) + " "


def search_document(texts: Iterable[str]) -> tuple[str, list[int]]:
    """The folded words of every text, and where each text starts: for scanning many texts at once.

    Each text is its :func:`search_text` (words separated by single spaces,
    a space at each end); texts are separated by newlines.  A needle
    (:func:`search_needle`) holds no newline, so it occurs in the document
    exactly where it occurs in one text's :func:`search_text`, and
    ``str.find`` finds it.

    >>> search_document(["KV-Cache!", "", "C++ and Nicolò"])
    (' kv cache \\n  \\n c++ and nicolo ', [0, 11, 14])
    """
    pieces: list[str] = []
    for text in texts:
        if not isinstance(text, str):
            raise TypeError(f"expected text as str, got {type(text).__name__}")
        if text.isascii() and "+" not in text and "#" not in text:  # as in search_words, joined in C
            pieces.append(" ".join(_ascii_fold(text).split()))
        else:
            pieces.append(" ".join(re.findall(SEARCH_WORD, strip_accents(text).casefold())))
    document = " " + " \n ".join(pieces) + " "
    starts = [0]
    at = document.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = document.find("\n", at + 1)
    return document, starts


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


def redact_url(url: str) -> str:
    """``url`` with the password of its ``user:password@`` part (and a lone user name) replaced by ``***``.

    Every message that shows a URL passes it through, so a credential never reaches a terminal, a log or the cache.

    >>> redact_url("https://ada:s3cret@example.org/s.json")
    'https://ada:***@example.org/s.json'
    >>> redact_url("https://token@example.org/s.json")
    'https://***@example.org/s.json'
    >>> redact_url("https://example.org/a@b")
    'https://example.org/a@b'
    """
    scheme, separator, rest = url.partition("://")
    if not separator:
        return url
    end = len(rest)
    for stop in "/?#":
        found = rest.find(stop)
        if found != -1:
            end = min(end, found)
    authority = rest[:end]
    if "@" not in authority:
        return url
    userinfo, _, host = authority.rpartition("@")
    user, colon, _password = userinfo.partition(":")
    shown = f"{user}:***" if colon else "***"
    return f"{scheme}://{shown}@{host}{rest[end:]}"


def shorten(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis, for echoing user input in messages.

    Control characters are shown escaped (see :func:`printable`).

    >>> shorten("x" * 100, 10)
    'xxxxxxxxx…'
    >>> shorten("a\\x1b[31mb")
    'a\\\\x1b[31mb'
    """
    text = str(text)
    return printable(text if len(text) <= limit else text[: limit - 1] + "…")


_ESCAPES = {code: repr(chr(code))[1:-1] for code in (*range(32), *range(127, 160), 0x2028, 0x2029)}
"""C0 and C1 control characters, DEL and the Unicode line and paragraph separators, as Python writes them escaped."""


def printable(text: str) -> str:
    """``text`` with each control character (and U+2028, U+2029) written as its escape: one line, safe for a terminal.

    Messages that echo input pass through it, so a form feed cannot split an error line
    and an ESC sequence cannot reach the terminal.

    >>> printable("a\\x0cb\\x1b[31m\\n")
    'a\\\\x0cb\\\\x1b[31m\\\\n'
    """
    return text.translate(_ESCAPES)


def suggest(query: str, valid: Iterable[str], limit: int = 5) -> list[str]:
    """Return up to ``limit`` values of ``valid`` close to ``query``, best first.

    Comparison ignores case and accents.

    >>> suggest("eu2025", ["eu2026", "na2026"])
    ['eu2026']
    """
    import difflib

    from ._text import fold

    if len(query) > 200:  # far longer than any name: nothing is close
        return []
    by_key: dict[str, str] = {}
    for value in valid:
        by_key.setdefault(fold(value), value)
    key = fold(query)
    scored = []
    for candidate in by_key:
        matcher = difflib.SequenceMatcher(None, key, candidate)
        if matcher.real_quick_ratio() >= 0.6 and matcher.quick_ratio() >= 0.6:
            ratio = matcher.ratio()
            if ratio >= 0.6:
                scored.append((ratio, candidate))
    scored.sort(key=lambda pair: (-pair[0], pair[1]))
    # A near miss ("Europe/Pari") is shown alone, not among merely similar names.
    matches = [c for r, c in scored if r >= scored[0][0] - 0.1] if scored else []
    # Also offer values each of whose query words begins a word: "lovelace" -> "Ada Lovelace".
    words = key.split()
    if words:
        for candidate_key in by_key:
            cwords = candidate_key.split()
            if candidate_key not in matches and all(any(cw.startswith(w) for cw in cwords) for w in words):
                matches.append(candidate_key)
    if not matches:
        # Last resort: values sharing a word of four letters or more ("Toulouse").
        long_words = {w for w in key.replace("/", " ").split() if len(w) >= 4}
        matches = [c for c in by_key if long_words & set(c.replace("/", " ").split())]
    return [by_key[m] for m in matches[:limit]]
