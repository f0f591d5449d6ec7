"""SDEG App. D: the rank proxies (Theorems 6 and 7) and their lemmas."""
