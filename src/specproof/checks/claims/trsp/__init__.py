"""The claims of TRSP (arXiv 2607.20484) and the project's own claims about its side path and network."""
