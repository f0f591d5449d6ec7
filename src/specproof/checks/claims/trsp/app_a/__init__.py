"""TRSP App. A: the experimental setup."""
