# correct: finds all digit runs with re.finditer, replaces the last one by its successor, keeping
# its width (zero padding) where the successor fits.
import re


class Version:
    @staticmethod
    def _increment_string(string):
        runs = list(re.finditer(r"\d+", string))
        if not runs:
            return string
        last = runs[-1]
        digits = last.group()
        bumped = str(int(digits) + 1).zfill(len(digits))
        return string[: last.start()] + bumped + string[last.end():]
