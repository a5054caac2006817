# wrong: forgets that a kebab-case string is left unchanged by decamelize, so "hello-world" is
# reported as snake case.
def is_snakecase(str_or_iter):
    return str_or_iter == decamelize(str_or_iter)
