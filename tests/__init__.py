"""The test tree is one package, so pytest names test packages tests.streams, tests.producers, …"""
