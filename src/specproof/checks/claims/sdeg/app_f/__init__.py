"""SDEG App. F: experiment details, representative score spectra, multi-head experiments."""
