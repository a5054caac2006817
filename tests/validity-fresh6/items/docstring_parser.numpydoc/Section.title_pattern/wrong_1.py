# wrong: the title is not in a group (the docstring says an anonymous group holds it).
import re


class Section:
    @property
    def title_pattern(self):
        return "^" + re.escape(self.title) + "[ \t]*\n" + "-" * len(self.title) + "[ \t]*$"
