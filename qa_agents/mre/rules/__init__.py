"""Named rules of open-MRE: each with its phase, why, examples and a pure ``apply``.

Issue 32's rule registry (``streams/redact/rules.py`` is the model): a rule is one object
(``registry.py``), its examples are its tests (``tests/mre/test_reading_rules.py`` runs
each one, named by the rule), and ``catalogue.py`` lists every rule in the order a report
is read (``open-mre --rules``). The rules that read a report live here; the ladders that
share helpers with their step live beside them (``read/prose.py``'s prose shapes,
``claims/behavior.py``'s shown symptoms, ``compare/reproduced.py``, ``verdict.py``).

Nothing is imported here: the tools import single rule modules, and the catalogue imports
the tools.
"""
