"""When a random-looking run reads as a name, not a key: words in CamelCase or snake_case,
generated resource names (pods, jobs, AWS ids), names of words and numbers.

The token rules (:mod:`.entropy`, :mod:`.said`, :mod:`.glued`, :mod:`.noise`) and the value
readings (:mod:`.accept`, :mod:`.prose`, :mod:`.key_material`) ask these before they take a
run: a name is written by a person or a generator from words and counters, a key is drawn.
"""

from __future__ import annotations

import re

VOWELS = frozenset("aeiouy")
_SEGMENT = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+|[^A-Za-z0-9]+")
_HEX = re.compile(r"(?:0x)?[0-9a-fA-F]+")
_DIGEST_HEX_LENGTHS = frozenset({32, 40, 56, 64, 96, 128})

LETTER_DIGIT = re.compile(r"(?<=[A-Za-z])[0-9]|(?<=[0-9])[A-Za-z]")


def is_identifier_like(s: str) -> bool:
    """Mostly dictionary-like segments; a run that switches between letters and digits
    four or more times without a separator (``qtb537zc8slok…``), or whose letter case flips
    every few letters (8+ segments of under 3.5 letters on average), is a key, not a name."""
    if len(LETTER_DIGIT.findall(s)) >= max(4, len(s) // 10) and not any(c in s for c in "_-./"):
        return False
    letters = [seg for seg in _SEGMENT.findall(s) if seg.isalpha()]
    if len(letters) >= _MANY_SEGMENTS and sum(map(len, letters)) < _SHORT_MEAN * len(letters):
        return False  # jCBaQngSHiHDRYOcs: case flips every few letters, no words
    return _wordy(letters, drawn_apart="/" not in s) >= 0.6 * (len(s) - _counter_digits(s))


_COUNTER = re.compile(r"(?<=_)[0-9]{6,}(?=_|$)")


def _counter_digits(s: str) -> int:
    """Digits of the long numbers (6+) an identifier's words are joined to by ``_`` (Hadoop's
    ``DFSClient_NONMAPREDUCE_1537864556_1``: a client name, a process id): a number there
    counts or stamps a thing, it is not the name's letters drawn. A short one may be a
    password's (``User2_123``). And a Unix time in milliseconds ending a name of words
    (``newaccount1608025958165``, ``api-key-1618654051368``: a name stamped when it was made,
    fresh94, fresh98)."""
    stamp = _MILLIS_STAMP.search(s)
    stamped = len(stamp.group()) if stamp else 0
    return stamped + (sum(len(m) for m in _COUNTER.findall(s)) if "_" in s else 0)


_MILLIS_STAMP = re.compile(r"(?<=[a-z\-_])1[3-9][0-9]{11}$")
"""A Unix time in milliseconds (2011 to 2033) ending a name."""


def word_share(s: str) -> float:
    """The share of ``s`` in word-like parts: 3+ letters of one CamelCase or snake_case
    segment with a vowel (``Bucket``, ``Size`` in ``ZSTD_c_ldmBucketSizeLog``)."""
    return _wordy([seg for seg in _SEGMENT.findall(s) if seg.isalpha()]) / max(len(s), 1)


def _wordy(segments: list[str], drawn_apart: bool = True) -> int:
    return sum(len(seg) for seg in segments if _spelled(seg, drawn_apart))


_LONG_SEGMENT = 9


def _spelled(segment: str, drawn_apart: bool) -> bool:
    """3+ letters with a vowel and, when ``drawn_apart``, a long segment of one case without
    five consonants in a row (``whmyrmqzh`` in ``mtehk2whmyrmqzh0``, ``edqmevxrvcqurtaebd``
    in ``yc3edqmevxrvcqurtaebd986`` are drawn). A capitalised word keeps its clusters
    (``Passphrase`` in ``IncorrectPassphraseError``), and so does a path's segment: resource
    names join words and generated ids (``fileSearchStores/fr3l0ri2so25-…/documents/…``)."""
    if len(segment) < 3 or not VOWELS.intersection(segment.lower()):
        return False
    if not drawn_apart or len(segment) < _LONG_SEGMENT:
        return True
    return not (segment.islower() or segment.isupper()) or not _CONSONANT_RUN.search(
        segment.lower()
    )


_MANY_SEGMENTS = 8
_SHORT_MEAN = 3.5
"""A name's CamelCase words average 4+ letters (``getElementById``: 3.5 over 4 words); a
random mixed-case run splits into 8+ "words" averaging under 3.5 letters."""


_NAME_SEPARATORS = re.compile(r"[-_/.]")
MIN_RANDOM_PART = 20
_SECRET_PARTS = frozenset({"secret", "key", "token", "pass", "password", "auth"})
_MERGE_QUEUE_BRANCH = re.compile(r"(?:gh-readonly-queue/[a-z0-9._/\-]+/)?pr-\d+-[0-9a-f]{40}")
"""GitHub's merge-queue branches (``gh-readonly-queue/main/pr-123-<head sha>``), in every
CI log of a repository that uses the queue: a branch name and a commit id, no key."""


AZURE_DISK = re.compile(r"[\w\-]*?_?(?:Os|Data)Disk_[0-9]+_[0-9a-f]{32}")
"""The name Azure gives a VM's managed disk, ``<vm>_OsDisk_1_<32 hex>`` (an ARM or Bicep
export of a VM: fresh101)."""


def generated_name(run: str) -> bool:
    """A lower-case run that starts with a word and whose random parts are short or ids.

    Kubernetes pods (``api-7d9f8b6c5d-x2kqp``), jobs (``backup-28312345-x7k2p``), GKE
    nodes (``gke-prod-default-pool-1a2b3c4d-x7k2``), AWS ids (``subnet-0a1b…`` with 17
    hex) and ECS task ARNs (``task/cluster/<32 hex>``): DNS-style names, lower case, a
    word first, generated parts short or an id. Keys written in groups
    (``096somlu-xkif-…``, ``2ELRAUEF-NB06CX0R-…``) start with a random group or use upper
    case; a part that names a secret (``thog-secret-…``) is never a name.
    """
    if run != run.lower():
        return False
    if _MERGE_QUEUE_BRANCH.fullmatch(run):
        return True
    parts = _NAME_SEPARATORS.split(run)
    if len(parts) < 2 or len(parts[0]) < 3 or not parts[0].isalpha():
        return False
    if any(p in _SECRET_PARTS for p in parts):
        return False
    longest = max(parts, key=len)
    return len(longest) < MIN_RANDOM_PART or is_digest_hex(longest)


_NAME_PARTS = re.compile(r"[A-Za-z]+|[0-9]+")


def words_and_numbers(run: str) -> bool:
    """A name composed of parts that are each letters or digits, never both
    (``0_gemini-3-pro-preview-20251118``); keys in groups mix them (``lo0jvge``)."""
    parts = _NAME_SEPARATORS.split(run)
    return len(parts) > 1 and all(len(_NAME_PARTS.findall(p)) <= 1 for p in parts)


_DATE = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")


def dated_name(run: str) -> bool:
    """Words and numbers, one of them a date (``YYYYMMDD``): what screenshots, backups,
    logs and migrations are named (``Screenshot_20201106-123814_Chrome``,
    ``backup_20231106-123814_Postgres``); a key mixes letters and digits in its parts."""
    parts = _NAME_SEPARATORS.split(run)
    return words_and_numbers(run) and any(_DATE.fullmatch(p) for p in parts)


_SNAKE_SEPARATORS = re.compile(r"[_.]+")
_MAX_NAME_PART = 10


def snake_name(run: str) -> bool:
    """A snake_case (or dotted) name of short single-case parts, two or more of them
    words: a test (``test_data_rfc6979_p521``), a generated instance
    (``combine_file__09vlzwgc``), a constant (``MAX_RETRY_V2``). Keys written with
    underscores mix case in a part, run long in one, or are groups of one length."""
    if "_" not in run:
        return False
    parts = [p for p in _SNAKE_SEPARATORS.split(run) if p]
    if len(parts) < 3 or len({len(p) for p in parts}) == 1:
        return False
    words = letters = 0
    for part in parts:
        if len(part) > _MAX_NAME_PART or (
            part != part.lower() and part != part.upper() and not part.istitle()
        ):
            return False  # a part of mixed case; a capitalised word is a word ("Vault")
        if len(LETTER_DIGIT.findall(part)) > 2:
            return False
        if len(part) >= 3 and part.isalpha() and VOWELS.intersection(part.lower()):
            words += 1
            letters += len(part)
    return words >= 2 and letters >= 0.4 * sum(map(len, parts))


def is_digest_hex(s: str) -> bool:
    if not _HEX.fullmatch(s):
        return False
    digits = s[2:] if s[:2] in ("0x", "0X") else s
    return len(digits) in _DIGEST_HEX_LENGTHS


_CONSONANT_RUN = re.compile(r"[bcdfghjklmnpqrstvwxz]{5,}")


def drawn_letters(value: str) -> bool:
    """12+ letters of one case drawn, not spelled: five consonants in a row
    (``seugeupfknprstoe``, ``HKMSTRQGRNQGLAWHRMPQC``), not an alphabet written out
    (:func:`.accept.counts_up`'s runs: ``abcdefghijklmnop`` has ``jklmn``). Words and names
    joined in one case have shorter clusters, even with few vowels (``partnerships``, a
    paginator's result key, has 25 %: a vowel share was tried and took it). 67-88 % of
    random letters of 12-20 have such a run (simulated)."""
    if len(value) < 12 or not value.isalpha() or not (value.islower() or value.isupper()):
        return False
    low = value.lower()
    return bool(_CONSONANT_RUN.search(low)) and "jklmn" not in low and "pqrst" not in low


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def called_name(run: str, text: str, end: int) -> bool:
    """A function's name a call opens with (``urlBase64ToUint8Array(publicVapidKey)``: the
    web-push guide's helper, fresh102): an identifier of words right before ``(``. Its
    digits switch with letters as a key's do, but a key is never called."""
    return (
        text[end : end + 1] == "("
        and _IDENTIFIER.fullmatch(run) is not None
        and word_share(run) >= _CALLED_WORD_SHARE
    )


_CALLED_WORD_SHARE = 0.6


_CASE_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
_FOUR_CONSONANTS = re.compile(r"[bcdfghjklmnpqrstvwxz]{4,}")
_NAME_PART_MEAN = 3


def reads_as_a_name(core: str) -> bool:
    """Half of the run or more in parts that can be said (three letters or more of one case
    run, a vowel, no four consonants in a row: ``ChaCha20Poly1305Cipher``), or its parts (case
    runs and numbers) three signs long on average (``GRPCOrHTTP2Connection``): a name's words
    and abbreviations. Drawn base-62 of 20 to 24 signs does either in under 10 % of draws."""
    said = 0
    for part in _CASE_PART.findall(core):
        low = part.lower()
        if len(part) >= 3 and not VOWELS.isdisjoint(low) and not _FOUR_CONSONANTS.search(low):
            said += len(part)
    return 2 * said >= len(core) or len(core) >= _NAME_PART_MEAN * len(_PART.findall(core))


_RARE_PAIRS_LISTED = (
    "ae ah aj ao aq bb bf bg bh bk bm bn bp bq bt bv bw bx bz cb cg cj cn cq cv cw cx cz "
    "dc dh dj dk dn dq dv dw dz eh ej ez fb fd fg fh fj fk fm fp fq fv fw fx fz gb gd gf "
    "gj gk gp gq gv gw gx gy gz hb hc hd hf hg hh hj hk hl hn hp hq hv hw hx hz ih ii ij "
    "iu iw iy ja jb jc jd jf jg jh ji jj jk jl jm jn jp jq jr jt jv jw jx jy jz kb kc kd "
    "kf kg kh kj kk kl ko kp kq kr kt ku kv kx ky kz lh lj lk lm ln lq lw lx lz mc mf mg "
    "mh mj mk mq mr mt mv mw mx mz nb nh nj nq nr nw nz oh oq oy oz pg pj pk pm pn pq pv "
    "pw px pz qa qb qc qd qe qf qg qh qi qj qk qm qn qo qp qq qs qt qv qw qx qy qz rh rj "
    "rq rx rz sb sj sr sv sx sz tb tg tj tk tn tq tv uh uj uk uq uu uv uw ux uy uz vb vc "
    "vd vf vg vh vj vk vl vm vn vq vr vs vt vu vv vw vx vy vz wb wc wd wf wg wj wk wl wm "
    "wp wq wt wu wv ww wx wy wz xb xd xf xg xh xj xk xl xm xn xo xq xr xs xu xv xw xx xz "
    "yb yf yh yj yk yq yr yu yv yx yy yz zb zc zd zf zg zh zj zk zl zm zn zp zq zr zs zt "
    "zu zv zw zx zy"
)
RARE_PAIRS = frozenset(_RARE_PAIRS_LISTED.split())
"""Letter pairs that names and words of real code and prose almost never hold (``jx``,
``qn``, ``vm``, ``zq``): seen under 100 times per million pairs of the words, split at
their case changes, of 6,000 installed packages' files (``bench/letter_pairs.py`` rebuilds
it). A random draw of sixteen letters holds four or more in 93 % of draws; the words and
names of those files, none or one."""


def rare_pairs(word: str) -> int:
    """How many of the lower-case word's adjacent letter pairs are rare in names and words
    (:data:`RARE_PAIRS`): how far it is spelt as drawn rather than as a language spells."""
    return sum(word[i : i + 2] in RARE_PAIRS for i in range(len(word) - 1))
