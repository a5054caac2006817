# correct: picks the NumericalRegularExpressions method from the FLOAT/SIGNED/NOEXP bits itself
# and returns the compiled pattern's source.
def numeric_regex_chooser(alg):
    signed = bool(alg & ns.SIGNED)
    if alg & ns.FLOAT:
        if alg & ns.NOEXP:
            chosen = (NumericalRegularExpressions.float_sign_noexp if signed
                      else NumericalRegularExpressions.float_nosign_noexp)
        else:
            chosen = (NumericalRegularExpressions.float_sign_exp if signed
                      else NumericalRegularExpressions.float_nosign_exp)
    else:
        chosen = (NumericalRegularExpressions.int_sign if signed
                  else NumericalRegularExpressions.int_nosign)
    return chosen().pattern
