"""What several claim files share (helpers, constants, checks), so that no claim file imports another."""
