"""qa_agents."""
