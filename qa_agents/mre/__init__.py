"""open-MRE: validate a bug report as a minimal reproducible example (see README.md)."""

from qa_agents.mre.models import MreError, MreResult, Verdict
from qa_agents.mre.runtime import MreOptions
from qa_agents.mre.service import validate_issue

__all__ = ["MreError", "MreOptions", "MreResult", "Verdict", "validate_issue"]
