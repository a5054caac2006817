# wrong: ignores SIGNED; always an unsigned number regex.
def numeric_regex_chooser(alg):
    if alg & ns.FLOAT:
        if alg & ns.NOEXP:
            return NumericalRegularExpressions.float_nosign_noexp().pattern
        return NumericalRegularExpressions.float_nosign_exp().pattern
    return NumericalRegularExpressions.int_nosign().pattern
