# correct: splits at the last ":" and checks the port by value (1..65535, no leading zero, digits
# only) instead of with the regex; returns the host part, or None.
def _port_validator(value: str):
    if value.count(":") != 1:
        return None
    host, port = value.split(":")
    if not port.isdigit() or not port.isascii() or port.startswith("0"):
        return None
    if not 1 <= int(port) <= 65535:
        return None
    return host
