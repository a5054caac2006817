# correct: drops every character that is not in LEGAL, keeping the rest in order.
def clean(isbnlike):
    return ''.join(filter(LEGAL.__contains__, isbnlike))
