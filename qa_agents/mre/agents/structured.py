"""Structured-output helper for the version validator: package mentions as a schema.

Regexes miss mentions like "on the latest numpy 2 release"; a model with a schema does
not, and any failure falls back to the regex finder so the step never depends on it.
"""

from __future__ import annotations

from collections.abc import Callable

from langchain_core.language_models import BaseChatModel
from pydantic import BaseModel, Field

from qa_agents.mre.environment.versions import PackageMention, find_mentions


class MentionList(BaseModel):
    """Every Python package the bug report names, with the version the author uses."""

    packages: list[PackageMention] = Field(
        description="PyPI distributions with spec like '2.0.0' or '>=1.24', null if none"
    )


def structured_mention_finder(
    model: BaseChatModel,
) -> Callable[[str, list[str]], list[PackageMention]]:
    """A ``find_mentions`` replacement backed by ``model.with_structured_output``."""
    extractor = model.with_structured_output(MentionList)

    def find(markdown: str, imported: list[str]) -> list[PackageMention]:
        regex = find_mentions(markdown, imported)
        try:
            answer = extractor.invoke(
                "List the Python packages (PyPI names) and versions this bug report "
                "mentions. Also include these imported packages: "
                f"{', '.join(imported) or 'none'}.\n\n{markdown}"
            )
        except Exception:  # the regex result stands whenever the model cannot answer
            return regex
        if not isinstance(answer, MentionList):
            return regex
        merged = {m.name.lower(): m for m in regex}
        imports = {name.lower() for name in imported}
        for mention in answer.packages:
            imported_here = mention.name.lower() in imports
            merged.setdefault(
                mention.name.lower(), mention.model_copy(update={"imported": imported_here})
            )
        return list(merged.values())

    return find
