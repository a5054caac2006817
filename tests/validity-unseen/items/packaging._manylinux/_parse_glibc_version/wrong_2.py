# wrong: the pattern takes a single digit for the minor version, so "2.17" reads as (2, 1).
def _parse_glibc_version(version_str):
    found = re.match(r"(\d+)\.(\d)", version_str)
    if not found:
        warnings.warn(f"Expected glibc version major.minor, got: {version_str}", RuntimeWarning)
        return -1, -1
    return int(found.group(1)), int(found.group(2))
