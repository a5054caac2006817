# wrong: joins the words without escaping them.
def join(split_command):
    return " ".join(split_command)
