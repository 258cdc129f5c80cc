"""A bug report read once: its pieces (fenced, ``<pre>`` and prose blocks with their lead-in
sentence and section) and those pieces classified by the named rules.

Why: the extractor, the behaviour analyst and the command-line tool reader each cut the
markdown into blocks again, and each cut ran every block rule. The steps now read one
:class:`ReportDocument`; the markdown stays on it for the searches that read prose as a
whole (the title, package names, the "Expected" section).
"""

from __future__ import annotations

from dataclasses import dataclass

from qa_agents.mre.models import CodeBlock
from qa_agents.mre.read.markdown import classify_blocks, raw_blocks
from qa_agents.mre.read.prose import RawBlock


@dataclass(frozen=True)
class ReportDocument:
    """The report's text, its pieces in order, and each piece as classified."""

    markdown: str
    pieces: tuple[RawBlock, ...]
    blocks: tuple[CodeBlock, ...]

    def fresh_blocks(self) -> list[CodeBlock]:
        """The classified blocks as copies: a step may mend a block's kind or add the rule
        that used it, and no other step must see that."""
        return [b.model_copy(deep=True) for b in self.blocks]


def read_report(markdown: str) -> ReportDocument:
    """Cut the report into pieces and classify them, once."""
    pieces = raw_blocks(markdown)
    return ReportDocument(markdown, tuple(pieces), tuple(classify_blocks(pieces)))


def as_document(report: str | ReportDocument) -> ReportDocument:
    """A document for a step given either the markdown or the document itself."""
    return report if isinstance(report, ReportDocument) else read_report(report)
