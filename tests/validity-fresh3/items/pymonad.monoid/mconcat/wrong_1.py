# wrong: uses sum(), which starts from 0, so monoids that cannot be added to 0 (strings, lists)
# fail.
def mconcat(monoid_list):
    return sum(monoid_list)
