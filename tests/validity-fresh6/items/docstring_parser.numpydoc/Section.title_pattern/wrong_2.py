# wrong: the underline is not required, so the title alone on a line matches.
import re


class Section:
    @property
    def title_pattern(self):
        return "^(" + re.escape(self.title) + ")[ \t]*$"
