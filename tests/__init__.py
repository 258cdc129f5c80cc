"""The test suite as one package (``tests.streams``, ``tests.producers``, …).

Without this file pytest put ``tests/`` itself on ``sys.path``, so ``tests/streams`` and
``tests/producers`` were imported as the packages ``streams`` and ``producers``, and the
product's ``streams.*`` and ``producers.*`` modules then came from wherever the editable
install pointed (another checkout's code, in a git worktree).
"""
