# A bare raise re-raises the original exception; finally still runs.
def parse_all(items):
    out = []
    for s in items:
        try:
            out.append(float(s))
        except ValueError:
            print("bad item:", s)
            raise
        finally:
            print("checked", s)
    return out
print(parse_all(["1.5", "2"]))
print(parse_all(["3", "x"]))

# expected output:
# checked 1.5
# checked 2
# [1.5, 2.0]
# checked 3
# bad item: x
# checked x
# expected error: ValueError: could not convert string to float: 'x'
# expected error line: 6
