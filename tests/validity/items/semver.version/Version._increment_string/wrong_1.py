# wrong: increments the first number in the string, not the last.
import re


class Version:
    @staticmethod
    def _increment_string(string):
        match = re.search(r"\d+", string)
        if not match:
            return string
        return string[: match.start()] + str(int(match.group()) + 1) + string[match.end():]
