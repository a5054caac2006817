# correct: one anchored pattern for "<major>.<minor>" with anything after the minor version
# ignored; a string that does not start that way warns and gives (-1, -1).
def _parse_glibc_version(version_str):
    found = re.match(r"([0-9]+)\.([0-9]+)", version_str)
    if found is None:
        warnings.warn(
            f"Expected glibc version with 2 components major.minor, got: {version_str}",
            RuntimeWarning,
        )
        return -1, -1
    major, minor = found.groups()
    return int(major), int(minor)
