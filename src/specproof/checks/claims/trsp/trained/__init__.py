"""TRSP on decoders trained here (§4.3, §5.2–§5.3)."""
