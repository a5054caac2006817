# wrong: uses the composed forms (NFC/NFKC) instead of the decomposed NFD/NFKD.
def _normalize_input_factory(alg):
    if alg & ns.COMPATIBILITYNORMALIZE:
        return partial(normalize, "NFKC")
    return partial(normalize, "NFC")
