# wrong: off by one day (takes 0001-01-01 to be JDN 1721424).
def jdn_to_ordinal(jdn):
    return jdn - 1721424
