"""TRSP (arXiv 2607.20484), section by section, with the project's own claims beside the claim they qualify."""
