# wrong: folds from the right with the operands swapped (each next value goes in front), so for
# non-commutative "+" such as string or list concatenation the order is reversed.
def mconcat(monoid_list):
    result = monoid_list[0]
    for value in monoid_list[1:]:
        result = value + result
    return result
