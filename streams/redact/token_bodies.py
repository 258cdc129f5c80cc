"""Whether a provider token's body is key material: the second-stage checks of the rules
that find a token by its documented prefix (``sk-``, ``xoxb-``, ``key-``, a Pulumi or
Hugging Face prefix), apart from the checks of values a name assigns (:mod:`.accept`).

A prefix alone is no proof: kebab-case words start with ``sk-``, documentation counts up
(``sk-proj-TESTkey1234567890abcdef…``), file and function names start with a vendor's
prefix (``hf_hub_download``). Each check takes the matched value and its span in the text.
"""

from __future__ import annotations

import re

from .accept import is_placeholder
from .counting import counts_up
from .entropy import UNDERSCORE_UUID, _classes
from .names import is_identifier_like
from .value_forms import PATTERNED
from .worded import worded_placeholder


def api_key_user(value: str, text: str, start: int, end: int) -> bool:
    """Accept curl's ``-u <user>:`` user as an API key when it holds digits and letters
    (``sk_test_4eC39Hq…:``, ``thisIsDog11:``); a plain user name (``developer:``) stays."""
    has_digit = any(c.isdigit() for c in value)
    has_letter = any(c.isalpha() for c in value)
    return has_digit and has_letter and not is_placeholder(value)


def mixed_token(value: str, text: str, start: int, end: int) -> bool:
    """Accept a prefixed token only when its body mixes letters and digits like a key.

    Used for ``sk-…`` so kebab-case words that happen to start with ``sk-`` do not count,
    nor a stand-in that counts up (``sk-proj-TESTkey1234567890abcdef…``).
    """
    has_digit = any(c.isdigit() for c in value)
    has_upper = any(c.isupper() for c in value)
    has_lower = any(c.islower() for c in value)
    if not (has_digit and has_upper and has_lower) or counts_up(value):
        return False
    return not stand_in_after_prefix(value)


_PREFIX_MAX = 16
"""Documented prefixes end with ``_`` or ``-`` within 16 characters (``AGE-SECRET-KEY-``)."""
_BODY_MIN = 12


_WORDS = re.compile(r"[A-Za-z]+(?:[_\-][A-Za-z]+)+")


def stand_in_after_prefix(value: str) -> bool:
    """What follows a separator of the prefix is words alone, joined, that say they stand
    in (``sk-or-v1-YOUR-NEW-KEY-HERE``: fresh175)."""
    return any(
        c in "_-"
        and _WORDS.fullmatch(value, i + 1) is not None
        and worded_placeholder(value[i + 1 :])
        for i, c in enumerate(value[:_PREFIX_MAX])
    )


def token_body(value: str, text: str, start: int, end: int) -> bool:
    """Accept a prefixed token whose body reads as key material, not as a name.

    Weaker than :func:`mixed_token` (Hugging Face tokens have no digits, Mailgun keys no
    upper case): two of digits, upper and lower case, and not mostly dictionary-like
    segments (``hf_hub_download_from_cache`` is a name). The body is what follows the
    first ``_``, or else what follows the last ``_``/``-`` of the first 16 characters
    (``thog-key-946c…``: the prefix's words are not the body); either reading may pass.
    """
    if start and text[start - 1].isalnum():
        return False  # inside a longer word ("vipul-…" is a file name, not a Pulumi token)
    if counts_up(value):
        return False  # RGAPI-01234567-89ab-cdef-0123-456789abcdef: a documentation stand-in
    if stand_in_after_prefix(value):
        return False  # sk-or-v1-YOUR-NEW-KEY-HERE: what follows the prefix stands in (fresh175)
    if "_" in value and len(UNDERSCORE_UUID.sub("", value)) <= _PREFIX_MAX:
        return False  # a prefix and a UUID written with underscores: a name (api_org_<uuid>)
    body = value[value.find("_") + 1 :] if "_" in value[:10] else value
    if _key_material(body):
        return True
    head = value[:_PREFIX_MAX]
    cut = max(head.rfind("_"), head.rfind("-"))
    return cut >= 0 and len(value) - cut > _BODY_MIN and _key_material(value[cut + 1 :])


def fixed_prefix_body(value: str, text: str, start: int, end: int) -> bool:
    """A four-letter prefix and a drawn body of two of digits, upper and lower case that
    does not count up and is no stand-in: a body of a form this exact is too short for the
    word test of :func:`token_body`, which took ``AAAZ5BhleEv7`` (an Alibaba id, Watchman's
    fixture) for a name's parts."""
    return (
        sum(_classes(value[4:])) >= 2
        and no_count(value, text, start, end)
        and not is_placeholder(value)
    )


def no_count(value: str, text: str, start: int, end: int) -> bool:
    """Accept a token of a fixed documented form unless it counts up (:func:`counts_up`:
    ``da2-abcdefghijklmnopqrstuvwxyz`` is a stand-in in the form's documentation)."""
    return not counts_up(value)


def _key_material(body: str) -> bool:
    classes = (
        any(c.isdigit() for c in body)
        + any(c.isupper() for c in body)
        + any(c.islower() for c in body)
    )
    return classes >= 2 and not is_identifier_like(body)


_LEGACY_WORKSPACE = re.compile(r"(?:[0-9]-)?(?=[a-z]*[0-9])[0-9a-zA-Z]{8,48}")


_DIGIT_GROUPS = re.compile(r"\d{9,}(?:-\d{9,})+")
"""A Slack token's workspace, user or bot ids, with a last part of digits too."""


def slack_token(value: str, text: str, start: int, end: int) -> bool:
    """A Slack token has a long random body with digits (``xoxb-1234…-…``); a short
    ``xoxo-indieweb``, a masked ``xoxb-xxxx…`` or a counted stand-in
    (``xoxa-123456789abcdef``, ``xoxb-1234-56789abcdefghijklmnop``) is not one."""
    body = value[5:]
    if counts_up(body.replace("-", "")):
        return False
    if value[:5] in ("xoxa-", "xoxr-") and _LEGACY_WORKSPACE.fullmatch(body):
        return True  # a legacy workspace token (gitleaks' xox[ar]-(d-)?…): short by design
    if _DIGIT_GROUPS.fullmatch(body):
        return not counts_up(body)  # xoxb-128493760512-5973168421320-…: ids only, still one
    return (
        len(value) >= 24
        and any(c.isdigit() for c in body)
        and not is_identifier_like(body.lstrip("0123456789-"))
    )  # "xoxp-1-SlackAppConfigurationAccessTokenHere" is a docs placeholder


def drawn_body(value: str, text: str, start: int, end: int) -> bool:
    """A token of a documented form whose body is drawn, not typed: not counted up
    (:func:`no_count`) and not one short unit repeated (``ghp_abababab…``: leaktk's stubbed
    token, a test's fake)."""
    body = value[value.find("_") + 1 :]
    return not counts_up(value) and PATTERNED.fullmatch(body) is None
