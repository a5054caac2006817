# correct: parses the pattern into tokens and matches them with dynamic programming (no regular
# expressions).
def _alt_tokens(pat):
    tokens, i, n = [], 0, len(pat)
    while i < n:
        c = pat[i]
        i += 1
        if c == "*":
            if not tokens or tokens[-1] != ("star",):
                tokens.append(("star",))
        elif c == "?":
            tokens.append(("any",))
        elif c == "[":
            j = i
            if j < n and pat[j] == "!":
                j += 1
            if j < n and pat[j] == "]":
                j += 1
            while j < n and pat[j] != "]":
                j += 1
            if j >= n:
                tokens.append(("lit", "["))
                continue
            body = pat[i:j]
            i = j + 1
            negate = body.startswith("!")
            if negate:
                body = body[1:]
            ranges, k = [], 0
            while k < len(body):
                if k + 2 < len(body) and body[k + 1] == "-":
                    ranges.append((body[k], body[k + 2]))
                    k += 3
                else:
                    ranges.append((body[k], body[k]))
                    k += 1
            tokens.append(("set", negate, ranges))
        else:
            tokens.append(("lit", c))
    return tokens


def _alt_one(token, ch):
    kind = token[0]
    if kind == "any":
        return True
    if kind == "lit":
        return token[1] == ch
    inside = any(lo <= ch <= hi for lo, hi in token[2])
    return inside != token[1]


def fnmatchcase(name, pat):
    tokens = _alt_tokens(pat)
    # reach[j]: the first j characters of name are matched by the tokens seen so far.
    reach = [True] + [False] * len(name)
    for token in tokens:
        if token[0] == "star":
            seen = False
            for j in range(len(name) + 1):
                seen = seen or reach[j]
                reach[j] = seen
        else:
            reach = [False] + [reach[j] and _alt_one(token, name[j]) for j in range(len(name))]
    return reach[len(name)]
