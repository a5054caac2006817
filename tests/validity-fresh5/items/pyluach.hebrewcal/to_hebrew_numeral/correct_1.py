# correct: hundreds, tens and ones looked up digit by digit (15, 16 as tet-vav, tet-zayin), then marked.
class _Tables:
    """The letter tables (a class, so that they come along with the answer)."""

    ONES = ['', 'א', 'ב', 'ג', 'ד', 'ה', 'ו', 'ז', 'ח', 'ט']
    TENS = ['', 'י', 'כ', 'ל', 'מ', 'נ', 'ס', 'ע', 'פ', 'צ']
    HUNDREDS = ['', 'ק', 'ר', 'ש', 'ת', 'תק', 'תר', 'תש', 'תת', 'תתק']


def _below_thousand(n):
    hundreds, rest = divmod(n, 100)
    if rest == 15:
        tail = 'טו'
    elif rest == 16:
        tail = 'טז'
    else:
        tail = _Tables.TENS[rest // 10] + _Tables.ONES[rest % 10]
    return _Tables.HUNDREDS[hundreds] + tail


def _marked(letters, withgershayim):
    if not withgershayim or len(letters) == 0:
        return letters
    if len(letters) == 1:
        return f'{letters}׳'
    return f'{letters[:-1]}״{letters[-1:]}'


def to_hebrew_numeral(num, thousands=False, withgershayim=True):
    result = _marked(_below_thousand(num % 1000), withgershayim)
    if thousands and num // 1000:
        result = _marked(_below_thousand(num // 1000 % 1000), withgershayim) + result
    return result
