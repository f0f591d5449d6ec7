"""The parts of the mathematics that need torch: the device choice, the Eq. 7 gate as a module, the filters and
dense spectra on tensors, and the decoder. Importing this package imports no torch; its modules do."""
