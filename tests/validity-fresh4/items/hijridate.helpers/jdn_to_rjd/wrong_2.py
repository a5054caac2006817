# wrong: the Modified Julian Day truncated to an integer (one less than the RJD).
def jdn_to_rjd(jdn):
    return int(jdn - 2400000.5)
