"""SDEG §1: statements of the introduction, and the collapse reading of the rank proxies."""
