# An IndentationError (a SyntaxError subclass) from an inconsistent dedent.
def total(xs):
    s = 0
    for x in xs:
        s += x
      return s
print(total([1, 2]))

# expected output:
# expected error: IndentationError: unindent does not match any outer indentation level
# expected error line: 6
