# sorted() and list.sort() with key/reverse, stability, min/max with key.
nums = [5, -3, 8, 0, -1, 8, 2]
print(sorted(nums), sorted(nums, reverse=True), nums)
print(sorted(nums, key=abs), sorted(nums, key=lambda v: -v), sorted(nums, key=abs, reverse=True))
words = ["banana", "Cherry", "apple", "date", "Elder", "fig"]
print(sorted(words), sorted(words, key=len), sorted(words, key=lambda w: w.lower()))
print(sorted(words, key=lambda w: (len(w), w)), sorted(words, key=len, reverse=True))
people = [("ann", 31), ("bob", 25), ("cid", 31), ("dee", 25), ("eve", 40)]
print(sorted(people, key=lambda p: p[1]))
print(sorted(people, key=lambda p: p[1], reverse=True))
print(sorted(people, key=lambda p: (-p[1], p[0])))
people.sort(key=lambda p: p[0], reverse=True)
print(people)
print(min(words), max(words), min(words, key=len), max(words, key=len), max(nums, key=abs))
print(min(people, key=lambda p: p[1]), max(people, key=lambda p: p[1]))
print(min([], default="none"), max([], default=0), min(4, 2, 8, key=lambda v: -v))
print(sorted("hello"), sorted((3, 1, 2)), sorted({"b": 1, "a": 2}), sorted(range(5, 0, -2)))
print(sorted([2.5, 1, -0.5, 3]), sorted([[2, 1], [1, 5], [1, 2]]), sorted([True, False, 0, 1]))
def second(p):
    return p[1]
data = [[1, 9], [2, 3], [3, 6]]
data.sort(key=second)
print(data, sorted(data, key=second, reverse=True)[0])
try:
    sorted([1, "a"])
except TypeError as e:
    print("TypeError:", e)
try:
    max([])
except ValueError as e:
    print("ValueError:", e)

# expected output:
# [-3, -1, 0, 2, 5, 8, 8] [8, 8, 5, 2, 0, -1, -3] [5, -3, 8, 0, -1, 8, 2]
# [0, -1, 2, -3, 5, 8, 8] [8, 8, 5, 2, 0, -1, -3] [8, 8, 5, -3, 2, -1, 0]
# ['Cherry', 'Elder', 'apple', 'banana', 'date', 'fig'] ['fig', 'date', 'apple', 'Elder', 'banana', 'Cherry'] ['apple', 'banana', 'Cherry', 'date', 'Elder', 'fig']
# ['fig', 'date', 'Elder', 'apple', 'Cherry', 'banana'] ['banana', 'Cherry', 'apple', 'Elder', 'date', 'fig']
# [('bob', 25), ('dee', 25), ('ann', 31), ('cid', 31), ('eve', 40)]
# [('eve', 40), ('ann', 31), ('cid', 31), ('bob', 25), ('dee', 25)]
# [('eve', 40), ('ann', 31), ('cid', 31), ('bob', 25), ('dee', 25)]
# [('eve', 40), ('dee', 25), ('cid', 31), ('bob', 25), ('ann', 31)]
# Cherry fig fig banana 8
# ('dee', 25) ('eve', 40)
# none 0 8
# ['e', 'h', 'l', 'l', 'o'] [1, 2, 3] ['a', 'b'] [1, 3, 5]
# [-0.5, 1, 2.5, 3] [[1, 2], [1, 5], [2, 1]] [False, 0, True, 1]
# [[2, 3], [3, 6], [1, 9]] [1, 9]
# TypeError: '<' not supported between instances of 'str' and 'int'
# ValueError: max() arg is an empty sequence
