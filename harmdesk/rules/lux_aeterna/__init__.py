"""placeholder until the system module exists."""
