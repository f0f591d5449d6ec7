"""SDEG App. E–F: orientation averages, score spectra and the W₁ diagnostics."""
