# correct: greedy subtraction of letter values (15 and 16 as 9+6 and 9+7), thousands letter first.
class _Tables:
    """The letter tables (a class, so that they come along with the answer)."""

    LETTERS = [(400, 'ת'), (300, 'ש'), (200, 'ר'), (100, 'ק'), (90, 'צ'), (80, 'פ'), (70, 'ע'),
            (60, 'ס'), (50, 'נ'), (40, 'מ'), (30, 'ל'), (20, 'כ'), (10, 'י'), (9, 'ט'),
            (8, 'ח'), (7, 'ז'), (6, 'ו'), (5, 'ה'), (4, 'ד'), (3, 'ג'), (2, 'ב'), (1, 'א')]


def _hebrew_letters(n):
    out = []
    while n > 0:
        last_two = n % 100
        if last_two in (15, 16) and n < 100:
            out.append('ט' + ('ו' if n == 15 else 'ז'))
            break
        for value, letter in _Tables.LETTERS:
            if value <= n:
                out.append(letter)
                n -= value
                break
    return ''.join(out)


def _num_to_str(num, thousands=False, withgershayim=True):
    def mark(letters):
        if not withgershayim or not letters:
            return letters
        if len(letters) == 1:
            return letters + '׳'
        return letters[:-1] + '״' + letters[-1]

    text = mark(_hebrew_letters(num % 1000))
    if thousands and num >= 1000:
        text = mark(_hebrew_letters((num // 1000) % 1000)) + text
    return text
