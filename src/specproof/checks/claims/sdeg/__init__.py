"""The claims of SDEG (arXiv 2611.02778) and the project's own claims about canonical attention."""
