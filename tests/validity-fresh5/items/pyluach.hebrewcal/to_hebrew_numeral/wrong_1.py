# wrong: withgershayim is ignored (the geresh and gershayim are always inserted).
class _Tables:
    """The letter tables (a class, so that they come along with the answer)."""

    ONES = ['', 'א', 'ב', 'ג', 'ד', 'ה', 'ו', 'ז', 'ח', 'ט']
    TENS = ['', 'י', 'כ', 'ל', 'מ', 'נ', 'ס', 'ע', 'פ', 'צ']
    HUNDREDS = ['', 'ק', 'ר', 'ש', 'ת', 'תק', 'תר', 'תש', 'תת', 'תתק']


def _below_thousand(n):
    hundreds, rest = divmod(n, 100)
    tail = {15: 'טו', 16: 'טז'}.get(rest, _Tables.TENS[rest // 10] + _Tables.ONES[rest % 10])
    return _Tables.HUNDREDS[hundreds] + tail


def _marked(letters):
    if len(letters) == 1:
        return letters + '׳'
    if len(letters) > 1:
        return letters[:-1] + '״' + letters[-1]
    return letters


def to_hebrew_numeral(num, thousands=False, withgershayim=True):
    result = _marked(_below_thousand(num % 1000))
    if thousands and num >= 1000:
        result = _marked(_below_thousand(num // 1000 % 1000)) + result
    return result
