# wrong: uses the decomposed forms (NFD/NFKD) instead of composing.
def _compose_input_factory(alg):
    if alg & ns.COMPATIBILITYNORMALIZE:
        return partial(normalize, "NFKD")
    return partial(normalize, "NFD")
