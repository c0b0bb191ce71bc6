# A new exception raised inside an except block (chained traceback).
def lookup(table, key):
    try:
        return table[key]
    except KeyError:
        raise ValueError(f"unknown key {key!r}")
table = {"a": 1}
print(lookup(table, "a"))
print(lookup(table, "b"))

# expected output:
# 1
# expected error: ValueError: unknown key 'b'
# expected error line: 6
