# wrong: no newline after the table, so the next key dumped by dump_sections runs onto the
# same line.
class TomlEncoder:
    def dump_inline_table(self, section):
        if isinstance(section, dict):
            items = [k + " = " + self.dump_inline_table(v) for k, v in section.items()]
            return "{ " + ", ".join(items) + " }"
        return unicode(self.dump_value(section))
