# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""SAP's credential-digger, for the ``fresh8`` split (``fresh8.py`` reads and writes).

credential-digger's file-scanner tests (``tests/integration_tests/test_file_scanner.py``)
scan a small folder (``tests/file_scanner_tests_folder``) and name the lines each file
must yield (``file_a.py``: lines 2, 4 and 5; ``file_ABa.txt``: none); the fixtures say in
their own words which hits are credentials and which the model should call false
positives. Each case below was read in its file and is cited by the first line holding it
(``anchor``, else the value).

``SECRETS``: (file, kind, value, anchor), the kind what the fixture names the value.
``NEGATIVES``: (file, kind, text) for fixture lines that hold no credential: the file the
test says yields nothing, and keyword-only lines the fixture calls false positives.
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/SAP+credential-digger/repo")
REPO = "SAP/credential-digger"

_FOLDER = "tests/file_scanner_tests_folder/"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_FOLDER + "file_a.py", "credential-digger:password", "adfu315os1", None),
    (_FOLDER + "subdir_A/file_Aa.yml", "credential-digger:password", "test_password", None),
    (_FOLDER + "subdir_A/file_Aa.yml", "credential-digger:api-key", "eqpcn135b4tcd6o1u23v5po197gds974", None),
    (_FOLDER + "subdir_A/file_Aa.yml", "credential-digger:api-key", "d7adf046b10b8b50782320fvbh23f7185", None),
)  # fmt: skip

NO_SECRET: dict[str, str] = {
    "test_password": "words naming the value",
}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_FOLDER + "subdir_A/subdir_AB/file_ABa.txt", "credential-digger-fp:no-credential", "This should not contain credentials."),
    (_FOLDER + "file_a.py", "credential-digger-fp:keyword-only", 'print("Another password")'),
    (_FOLDER + "file_b.txt", "credential-digger-fp:keyword-only", "If an api_key is present, it should be detected."),
    (_FOLDER + "file_b.txt", "credential-digger-fp:keyword-only", "Also a password for that matter."),
    (_FOLDER + "scan_tests/subdir/scan_b.txt", "credential-digger-fp:keyword-only", "This contains a password"),
    (_FOLDER + "subdir_A/file_Aa.yml", "credential-digger-fp:keyword-only", "description: credentials in a yml file should be detected as well"),
)  # fmt: skip
