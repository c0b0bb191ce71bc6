# Uncaught IndexError: indexing a string at its length.
word = "hello"
print(word[4], word[-5])
print(word[len(word)])

# expected output:
# o h
# expected error: IndexError: string index out of range
# expected error line: 4
