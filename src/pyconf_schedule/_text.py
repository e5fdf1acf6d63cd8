"""Text normalisation for name matching and full-text search.

Names and search text are compared after :func:`fold`: Unicode compatibility
decomposition, accents removed, case folded, punctuation that only decorates a
name (a trailing " -", commas) dropped and runs of white space collapsed.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["fold", "slugify", "words"]

# Compiled on first use (re caches patterns), not at import.
_SPACE = r"\s+"
_WORD = r"[^\W_]+(?:[.'’+#-][^\W_]+)*"


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def fold(text: str) -> str:
    """Return ``text`` in the form used to compare names.

    >>> fold("  Léonard   HUSSENOT -")
    'leonard hussenot'
    """
    if not isinstance(text, str):
        raise TypeError(f"expected a name or text as str, got {type(text).__name__}")
    folded = _strip_accents(text).casefold()
    folded = re.sub(_SPACE, " ", folded).strip()
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
