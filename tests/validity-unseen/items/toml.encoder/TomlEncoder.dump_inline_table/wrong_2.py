# wrong: formats values with str() instead of the TOML dumpers, so strings lose their quotes
# and booleans come out as True/False.
class TomlEncoder:
    def dump_inline_table(self, section):
        if isinstance(section, dict):
            items = [k + " = " + self.dump_inline_table(v) for k, v in section.items()]
            return "{ " + ", ".join(items) + " }\n"
        return str(section)
