"""Names a report uses without importing them, tried from the report's own package.

Snippets often drop the import of a name their package exports (``Box(...)`` with no
``from box import Box``); the corpus's labelling rule counts imports as boilerplate. Each
such name is tried from the report's candidate modules (the third-party modules the script
imports, then the module named after the repository the report was filed in), one guarded
import per candidate, so a name no candidate exports still ends in the same NameError.
A NameError the report itself shows is its symptom: that name is never imported.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable, Mapping, Sequence

_SHOWN_NAME_ERROR = re.compile(
    r"NameError:\s*(?:global\s+)?name\s+['\"](\w+)['\"]\s+is not defined"
)
GUARD_COMMENT = "# added by open-mre: the report uses this name without importing it"


def shown_name_errors(markdown: str) -> list[str]:
    """Names the report shows undefined (``NameError: name 'x' is not defined`` in a
    traceback, a comment or the prose): the report's symptom, not a forgotten import."""
    return sorted(set(_SHOWN_NAME_ERROR.findall(markdown)))


def repository_module_name(repository: str) -> str | None:
    """The module a repository is usually imported as: ``cdgriffith/Box`` → ``box``,
    ``un33k/python-slugify`` → ``slugify``, ``owner/my-lib`` → ``my_lib``,
    ``justinmayer/smartypants.py`` → ``smartypants``."""
    name = repository.rsplit("/", 1)[-1].lower()
    name = re.sub(r"^(?:python|py)-|\.py$", "", name).replace("-", "_")
    return name if name.isidentifier() else None


def imported_modules(tree: ast.Module, local_modules: set[str]) -> list[str]:
    """The third-party top-level modules the script imports, in order of appearance."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module.split(".")[0])
    return [
        m
        for m in dict.fromkeys(found)
        if m not in sys.stdlib_module_names and m not in local_modules and m != "__future__"
    ]


PROBE = "__mre_probe__"


def export_imports(
    names: Iterable[str], modules: Iterable[str], uses: Mapping[str, Sequence[str]] | None = None
) -> list[str]:
    """``from module import name`` for every candidate module and name. A name the report
    uses only as ``name.attr`` is bound only to an export that has every attribute it uses
    (``url.append_query_param`` is the report's own object, not the module ``purl.url``)."""
    out = []
    for module in dict.fromkeys(modules):
        for name in sorted(names):
            attributes = (uses or {}).get(name)
            if not attributes:
                out.append(f"from {module} import {name}")
                continue
            probe = ", ".join(f"{PROBE}.{a}" for a in attributes)
            out.append(f"from {module} import {name} as {PROBE}; {probe}; {name} = {PROBE}")
    return out


def alias_imports(uses: dict[str, list[str]], modules: Iterable[str]) -> list[str]:
    """``import portion as P`` for a name the report uses only as ``P.closed``/``P.open``
    and never defines: a module alias the snippet dropped. Tried from every candidate
    module, each only where it has every attribute the report uses (the ``from`` part
    fails otherwise, so a wrong guess stays the NameError it was)."""
    out = []
    for module in dict.fromkeys(modules):
        for name, attributes in sorted(uses.items()):
            if name == module or not attributes:
                continue
            probe = ", ".join(f"{a} as {PROBE}" for a in attributes)
            out.append(f"from {module} import {probe}; import {module} as {name}")
    return out


LOOKUP = "__mre_lookup__"
_LOOKUP_HELPER = f"""\
def {LOOKUP}(names, packages, modules={{}}):  # added by open-mre: names never imported
    import importlib, importlib.metadata as md, pkgutil, types  # ... looked up in packages
    g = globals()
    def load(name):
        try:
            return importlib.import_module(name)
        except Exception:
            return None
    def roots(package):  # a distribution may import as another name (text2num: text_to_num)
        root = load(package)
        if root is not None:
            return [root]
        key = package.lower().replace("_", "-")
        tops = md.packages_distributions().items()
        own = [t for t, ds in tops if key in {{d.lower().replace("_", "-") for d in ds}}]
        return [m for m in map(load, own) if m is not None]
    def below(module):
        for info in pkgutil.iter_modules(getattr(module, "__path__", [])):
            if not info.name.startswith("_"):
                yield load(f"{{module.__name__}}.{{info.name}}")
    def left():
        return [n for n in names if n not in g or isinstance(g[n], types.ModuleType)]
    def bind(module):
        for name in left():
            found = getattr(module, name, None)
            if found is not None and not isinstance(found, types.ModuleType):
                g[name] = found
    def wanted():
        return [m for m in modules if m not in g]
    level = [m for p in packages for m in roots(p)]
    for depth in range(3):  # the packages, their submodules, and (for modules) theirs
        if not (left() if depth < 2 else []) + wanted():
            return
        for module in level:
            short = module.__name__.rsplit(".", 1)[-1]
            if short in wanted() and all(hasattr(module, a) for a in modules[short]):
                g[short] = module
            if depth < 2:
                bind(module)
        level = [s for m in level for s in below(m) if s is not None]
"""


def submodule_lookup(
    names: list[str], packages: list[str], modules: Mapping[str, Sequence[str]] | None = None
) -> str:
    """Code that looks each name still undefined up in the packages and their public
    submodules: reports drop ``from serde.json import from_json`` as often as ``from pkg
    import x``. A package that does not import under its distribution's name is found
    through the distribution (``text2num`` installs ``text_to_num``). A called name that an
    import bound to the submodule of its own name (``sun(...)`` after ``from astral import
    sun``) takes that submodule's function. ``modules``: names the code uses only as
    ``name.attr``, each with the attributes it is used with: bound to the package or
    submodule of that name, up to two levels down, that has them all (``united_kingdom`` is
    ``workalendar.europe.united_kingdom``; ``ahocorasick`` is what ``pyahocorasick``
    installs; ``url.append_query_param`` is no module ``purl.url`` has, so ``url`` stays the
    report's own object). Nothing is imported when every name is already bound."""
    if not (names or modules) or not packages:
        return ""
    args = f"{sorted(names)!r}, {list(dict.fromkeys(packages))!r}"
    if modules:
        args += f", {dict(sorted((m, list(a)) for m, a in modules.items()))!r}"
    return _LOOKUP_HELPER + f"{LOOKUP}({args})\n"


MISSED = "__mre_missed__"
_MISSED_HELPER = f"""\
def {MISSED}(exc, module):  # added by open-mre: a guess that missed leaves the name undefined,
    failed = getattr(exc, "name", None) if isinstance(exc, ImportError) else None
    if (failed or module).split(".")[0] != module.split(".")[0]:
        raise exc  # ... but a package that breaks on import is what the code meets
"""


def guarded(imports: list[str]) -> str:
    """Each import on its own ``try``: a module that does not export the name (or is not
    installed) is skipped, and the name stays undefined as it was in the report. An import
    that fails inside the package, on a module of another name (``attrdict`` importing
    ``collections.Mapping``, gone in Python 3.10), is raised: the newest release breaks
    before the report's code can run, and that is the run's result, not a missed guess."""
    if not imports:
        return ""
    return _MISSED_HELPER + "".join(
        f"try: {i}  {GUARD_COMMENT}\n"
        f"except (ImportError, AttributeError) as exc: {MISSED}(exc, {_module_of(i)!r})\n"
        for i in imports
    )


def _module_of(statement: str) -> str:
    """The module a guarded import takes its name from."""
    node = ast.parse(statement).body[0]
    if isinstance(node, ast.ImportFrom):
        return node.module or ""
    assert isinstance(node, ast.Import)
    return node.names[0].name


def is_guarded_import(node: ast.stmt) -> bool:
    """A ``try`` whose body only imports (the guard above, or the author's own), or
    checks the attributes of what it imported (the guard's probe)."""
    return isinstance(node, ast.Try) and all(
        isinstance(n, ast.Import | ast.ImportFrom) or PROBE in ast.unparse(n) for n in node.body
    )
