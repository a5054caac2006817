# wrong: ignores COMPATIBILITYNORMALIZE; always NFC.
def _compose_input_factory(alg):
    return partial(normalize, "NFC")
