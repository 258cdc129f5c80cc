"""Named reading rules of open-MRE: each with its phase, why, examples and a pure ``apply``.

A seed of issue 32's rule registry (``streams/redact/rules.py`` is the model): a rule is
one object, its examples are its tests (``tests/mre/test_reading_rules.py`` runs each one,
named by the rule), and :data:`RULES` lists them in the order they are tried per phase.
Only the rules that complete a report the way a careful reader would live here so far
(``completion.py``); the older rules are still spread over ``tools/``.
"""

from qa_agents.mre.rules.completion import RULES, rule
from qa_agents.mre.rules.registry import Example, Rule, by_phase

__all__ = ["RULES", "Example", "Rule", "by_phase", "rule"]
