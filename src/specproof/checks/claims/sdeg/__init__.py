"""SDEG (arXiv 2611.02778), section by section, with the project's own claims beside the claim they qualify."""
