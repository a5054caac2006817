# correct: chooses the composed form name (NFKC with COMPATIBILITYNORMALIZE, else NFC) and returns
# a closure over it.
def _compose_input_factory(alg):
    form = "NFKC" if alg & ns.COMPATIBILITYNORMALIZE else "NFC"

    def _alt_compose(s):
        return normalize(form, s)

    return _alt_compose
