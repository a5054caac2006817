# wrong: the Modified Julian Day (JDN - 2400000.5, a float) instead of the Reduced one.
def jdn_to_rjd(jdn):
    return jdn - 2400000.5
