# wrong: the values of an add or remove keep their order (the docstring's example reverses them).
def swap(diff_result):
    for action, node, change in diff_result:
        if action == 'change':
            yield 'change', node, (change[1], change[0])
        elif action == 'add':
            yield 'remove', node, list(change)
        elif action == 'remove':
            yield 'add', node, list(change)
