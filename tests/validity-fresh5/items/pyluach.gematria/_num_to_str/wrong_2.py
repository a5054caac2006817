# wrong: the thousands argument is ignored (never a thousands letter).
class _Tables:
    """The letter tables (a class, so that they come along with the answer)."""

    VALUES = [(400, 'ת'), (300, 'ש'), (200, 'ר'), (100, 'ק'), (90, 'צ'), (80, 'פ'), (70, 'ע'),
           (60, 'ס'), (50, 'נ'), (40, 'מ'), (30, 'ל'), (20, 'כ'), (10, 'י'), (9, 'ט'),
           (8, 'ח'), (7, 'ז'), (6, 'ו'), (5, 'ה'), (4, 'ד'), (3, 'ג'), (2, 'ב'), (1, 'א')]


def _plain(n):
    out = ''
    for value, letter in _Tables.VALUES:
        while n >= value:
            out += letter
            n -= value
    return out.replace('יה', 'טו').replace('יו', 'טז')


def _num_to_str(num, thousands=False, withgershayim=True):
    letters = _plain(num % 1000)
    if not withgershayim or not letters:
        return letters
    if len(letters) == 1:
        return letters + '׳'
    return letters[:-1] + '״' + letters[-1]
