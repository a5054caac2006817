# correct: None without a format; otherwise the FormatSpec that extract_format_spec makes of the
# format, computed once and kept in _format_spec (set_format resets it).
class Field:
    @property
    def format_spec(self):
        if not self.format:
            return None
        if self._format_spec is None:
            self._format_spec = type(self).extract_format_spec(self.format)
        return self._format_spec
