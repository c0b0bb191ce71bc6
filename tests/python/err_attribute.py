# Uncaught AttributeError on an object missing an attribute.
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
def norm1(p):
    return abs(p.x) + abs(p.y) + abs(p.z)
p = Point(3, -4)
print(p.x, p.y)
print(norm1(p))

# expected output:
# 3 -4
# expected error: AttributeError: 'Point' object has no attribute 'z'
# expected error line: 7
