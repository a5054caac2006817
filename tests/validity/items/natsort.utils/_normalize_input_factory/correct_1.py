# correct: chooses the form name first and returns a closure over it.
def _normalize_input_factory(alg):
    form = "NFKD" if alg & ns.COMPATIBILITYNORMALIZE else "NFD"

    def _alt_normalize(s):
        return normalize(form, s)

    return _alt_normalize
