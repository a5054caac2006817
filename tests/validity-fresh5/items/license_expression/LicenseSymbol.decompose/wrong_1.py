# wrong: yields the symbol's key string instead of the symbol.
class LicenseSymbol:
    def decompose(self):
        yield self.key
