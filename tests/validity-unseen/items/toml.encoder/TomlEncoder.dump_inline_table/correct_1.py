# correct: writes a dict as "{ key = value, ... }" plus the newline that dump_sections expects
# after it (nested tables inline, without a newline inside the braces); anything else through
# dump_value.
class TomlEncoder:
    def dump_inline_table(self, section):
        def _alt_inline(value):
            if isinstance(value, dict):
                items = [str(k) + " = " + _alt_inline(v) for k, v in value.items()]
                return "{ " + ", ".join(items) + " }"
            return unicode(self.dump_value(value))

        if isinstance(section, dict):
            return _alt_inline(section) + "\n"
        return unicode(self.dump_value(section))
