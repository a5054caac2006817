# wrong: uses str.split, which the docstring warns against: "2.20-2014.11" gives the minor
# part "20-2014", which int() rejects.
def _parse_glibc_version(version_str):
    parts = version_str.split(".")
    return int(parts[0]), int(parts[1])
