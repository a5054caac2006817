# correct: the Gregorian ordinal (datetime's, day 1 = 0001-01-01) from the JDN, using that
# 2000-01-01 has JDN 2451545.
import datetime


def jdn_to_ordinal(jdn):
    return jdn - (2451545 - datetime.date(2000, 1, 1).toordinal())
