# wrong: increments only the last digit character, not the whole last number ("rc.19" ->
# "rc.110").
class Version:
    @staticmethod
    def _increment_string(string):
        for i in range(len(string) - 1, -1, -1):
            if string[i].isdigit():
                return string[:i] + str(int(string[i]) + 1) + string[i + 1:]
        return string
