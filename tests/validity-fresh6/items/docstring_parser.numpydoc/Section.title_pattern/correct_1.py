# correct: the title (escaped) in a group at a line start, then a line of as many dashes as the title has characters.
import re


class Section:
    @property
    def title_pattern(self):
        return "^(" + re.escape(self.title) + ")[ \t]*\n" + "-" * len(self.title) + "[ \t]*$"
