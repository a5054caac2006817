# wrong: parses the format on every access and never caches it in _format_spec.
class Field:
    @property
    def format_spec(self):
        if not self.format:
            return None
        return self.extract_format_spec(self.format)
