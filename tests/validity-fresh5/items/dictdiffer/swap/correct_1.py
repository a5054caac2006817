# correct: builds the swapped patches into a list and returns an iterator over it.
def swap(diff_result):
    swapped = []
    for action, node, change in diff_result:
        if action == 'change':
            old, new = change
            swapped.append(('change', node, (new, old)))
        elif action == 'add':
            swapped.append(('remove', node, list(change)[::-1]))
        elif action == 'remove':
            swapped.append(('add', node, list(change)[::-1]))
    return iter(swapped)
