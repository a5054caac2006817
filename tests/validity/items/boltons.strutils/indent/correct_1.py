# correct: splits on any of \r\n, \r and \n with a regular expression (a trailing line break
# leaves an empty last line, which `key` keeps unindented) and rejoins with `newline`.
import re


def indent(text, margin, newline="\n", key=bool):
    lines = re.split(r"\r\n|\r|\n", text) if text else []
    return newline.join(margin + line if key(line) else line for line in lines)
