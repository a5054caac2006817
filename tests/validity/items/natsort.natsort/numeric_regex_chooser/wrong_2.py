# wrong: NOEXP alone selects a float regex, although without FLOAT numbers are ints.
def numeric_regex_chooser(alg):
    signed = alg & ns.SIGNED
    if alg & ns.NOEXP:
        if signed:
            return NumericalRegularExpressions.float_sign_noexp().pattern
        return NumericalRegularExpressions.float_nosign_noexp().pattern
    if alg & ns.FLOAT:
        if signed:
            return NumericalRegularExpressions.float_sign_exp().pattern
        return NumericalRegularExpressions.float_nosign_exp().pattern
    if signed:
        return NumericalRegularExpressions.int_sign().pattern
    return NumericalRegularExpressions.int_nosign().pattern
