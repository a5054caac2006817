# wrong: returns the symbol itself rather than an iterable of symbols.
class LicenseSymbol:
    def decompose(self):
        return self
