# C.__mro__: the class, its C3-linearised bases, then object
class A:
    pass


class B(A):
    pass


class C(A):
    pass


class D(B, C):
    pass


print([k.__name__ for k in D.__mro__], [k.__name__ for k in A.__mro__])
print(A in D.__mro__, D in A.__mro__, len(object.__mro__))

# expected output:
# ['D', 'B', 'C', 'A', 'object'] ['A', 'object']
# True False 1
