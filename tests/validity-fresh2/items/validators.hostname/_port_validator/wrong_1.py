# wrong: accepts port 0 and any number of digits up to 65535 with leading zeros ("080").
def _port_validator(value: str):
    if value.count(":") != 1:
        return None
    host, port = value.split(":")
    if port.isdigit() and 0 <= int(port) <= 65535:
        return host
    return None
