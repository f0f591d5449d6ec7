"""TRSP §1, §3: the filters, the dyadic schedule, the gate, the trade-off and the unlabelled statements."""
