"""fixtrace."""
