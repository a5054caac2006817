# wrong: returns the whole value (host and port) instead of the host segment when the port is
# valid.
def _port_validator(value: str):
    if value.count(":") != 1:
        return None
    host, port = value.split(":")
    if _port_regex().match(":" + port):
        return value
    return None
