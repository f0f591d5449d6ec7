"""Both papers on a real pretrained transformer (MiniLM, offline)."""
