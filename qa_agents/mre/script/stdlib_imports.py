"""The import a standard module's name stands for: the module, its submodules, or its
same-named member (``datetime`` is as often ``datetime.datetime`` as the module)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import sys


def import_for(name: str, tree: ast.Module) -> str:
    """``import urllib.request`` when the code uses ``urllib.request.urlopen``: a standard
    package's submodule is not loaded by importing the package. ``from datetime import
    datetime`` when the code calls ``datetime(2018, 8, 1)`` or reads ``datetime.now``."""
    if _means_member(name, tree):
        return f"from {name} import {name}"
    if name not in sys.stdlib_module_names or not _is_package(name):
        return f"import {name}"
    subs = (f"{name}.{attribute}" for attribute in attributes_of(tree, name))
    found = sorted(sub for sub in subs if _is_module(sub))
    return f"import {', '.join(found)}" if found else f"import {name}"


def _means_member(name: str, tree: ast.Module) -> bool:
    """Does the code use the standard module's same-named member (``datetime.datetime``,
    ``pprint.pprint``): it calls the name, or reads attributes only the member has?"""
    if name not in sys.stdlib_module_names or name in _IMPORT_SIDE_EFFECTS:
        return False
    try:
        module = importlib.import_module(name)
    except ImportError:  # a standard module this interpreter was built without
        return False
    member = getattr(module, name, None)
    if member is None or not callable(member):
        return False
    if any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name
        for n in ast.walk(tree)
    ):
        return True
    attributes = attributes_of(tree, name)
    return bool(attributes) and all(
        hasattr(member, a) and not hasattr(module, a) for a in attributes
    )


_IMPORT_SIDE_EFFECTS = {"antigravity", "this", "idlelib", "turtledemo", "__main__"}


def _is_package(name: str) -> bool:
    """A standard package (looked up without importing it)."""
    spec = importlib.util.find_spec(name)
    return spec is not None and spec.submodule_search_locations is not None


def _is_module(dotted: str) -> bool:
    try:
        return importlib.util.find_spec(dotted) is not None
    except (ImportError, ValueError):
        return False


def attributes_of(tree: ast.Module, name: str) -> list[str]:
    """The attributes the code reads from ``name`` (``P.open`` → ``open``), dunders aside."""
    return sorted(
        {
            node.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == name
            and not node.attr.startswith("__")
        }
    )
