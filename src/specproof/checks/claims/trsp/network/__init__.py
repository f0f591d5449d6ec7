"""The composed TRSP network N_D (the project's own)."""
