"""The test tree is one package, so pytest names test packages `tests.streams`, `tests.producers`, …

Without this file pytest put `tests/` itself on sys.path, and `tests/streams/` and
`tests/producers/` then shadowed the project's own `streams` and `producers` packages.
"""
