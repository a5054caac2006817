# wrong: uses the Julian date of midnight (1721425.5), so a float half a day off.
def jdn_to_ordinal(jdn):
    return jdn - 1721425.5
