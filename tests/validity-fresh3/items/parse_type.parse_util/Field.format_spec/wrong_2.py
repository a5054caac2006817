# wrong: only a format of None counts as missing; an empty format "" is parsed (and raises
# ValueError) instead of giving None.
class Field:
    @property
    def format_spec(self):
        if self.format is None:
            return None
        if self._format_spec is None:
            self._format_spec = self.extract_format_spec(self.format)
        return self._format_spec
