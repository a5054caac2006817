# wrong: only the flags are swapped; a change keeps its (old, new) values in order.
def swap(diff_result):
    flags = {'add': 'remove', 'remove': 'add', 'change': 'change'}
    for action, node, change in diff_result:
        if action == 'change':
            yield 'change', node, change
        else:
            yield flags[action], node, list(reversed(change))
