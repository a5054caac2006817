# correct: RJD = JDN - 2400000.
def jdn_to_rjd(jdn):
    return jdn - 24 * 10 ** 5
