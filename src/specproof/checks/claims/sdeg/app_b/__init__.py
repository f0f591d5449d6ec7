"""SDEG App. B: the generalized row-normalized attention."""
