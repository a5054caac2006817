# wrong: ignores COMPATIBILITYNORMALIZE; always NFD.
def _normalize_input_factory(alg):
    return partial(normalize, "NFD")
