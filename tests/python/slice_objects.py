# slice objects: the builtin slice(), its attributes, equality, indexing with it.
s = slice(1, 5, 2)
print(s, s.start, s.stop, s.step, type(s) is slice, slice(3), [0,1,2,3,4,5,6][s], "abcdef"[slice(None, None, -1)])
print(isinstance(s, slice), slice(1,2) == slice(1,2), type(s).__name__)
try:
    slice()
except TypeError as e:
    print(e)
try:
    slice(1,2,3,4)
except TypeError as e:
    print(e)
print(repr(slice(1.5, "a")))

# expected output:
# slice(1, 5, 2) 1 5 2 True slice(None, 3, None) [1, 3] fedcba
# True True slice
# slice expected at least 1 argument, got 0
# slice expected at most 3 arguments, got 4
# slice(1.5, 'a', None)
