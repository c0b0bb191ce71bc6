# Small classic algorithms written the way users write them.
def bubble_sort(xs):
    xs = list(xs)
    n = len(xs)
    for i in range(n):
        swapped = False
        for j in range(n - 1 - i):
            if xs[j] > xs[j + 1]:
                xs[j], xs[j + 1] = xs[j + 1], xs[j]
                swapped = True
        if not swapped:
            break
    return xs
print(bubble_sort([5, 2, 9, 1, 5, 6, -3]))
def sieve(n):
    is_p = [True] * (n + 1)
    is_p[0] = is_p[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if is_p[i]:
            for j in range(i * i, n + 1, i):
                is_p[j] = False
    return [i for i in range(n + 1) if is_p[i]]
print(sieve(60))
def binary_search(xs, target):
    lo, hi = 0, len(xs) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if xs[mid] == target:
            return mid
        if xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1
data = list(range(0, 100, 7))
print([binary_search(data, t) for t in [0, 49, 98, 50, -1]])
def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]
print(matmul([[1, 2], [3, 4]], [[0.5, 0], [0, 2]]))
def word_freq(text):
    freq = {}
    for w in text.lower().replace(",", "").replace(".", "").split():
        freq[w] = freq.get(w, 0) + 1
    return sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
print(word_freq("The cat. The dog, the bird and a cat."))
def quicksort(xs):
    if len(xs) <= 1:
        return xs
    pivot = xs[len(xs) // 2]
    return quicksort([x for x in xs if x < pivot]) + [x for x in xs if x == pivot] + quicksort([x for x in xs if x > pivot])
print(quicksort([3.5, -1, 2, 8, 2, 0.5, 10, -7]))
def mean_std(xs):
    m = sum(xs) / len(xs)
    var = sum((x - m) ** 2 for x in xs) / len(xs)
    return m, var ** 0.5
m, s = mean_std([2, 4, 4, 4, 5, 5, 7, 9])
print(m, s, f"{m:.3f} +/- {s:.3f}")
def newton_sqrt(x, tol=1e-12):
    g = x / 2
    while abs(g * g - x) > tol:
        g = (g + x / g) / 2
    return g
print(newton_sqrt(2), newton_sqrt(2) == 2 ** 0.5, newton_sqrt(144))
def roman(n):
    table = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
    out = ""
    for v, sym in table:
        while n >= v:
            out += sym
            n -= v
    return out
print([roman(n) for n in [1, 4, 9, 14, 40, 90, 400, 1994, 2024]])
def transpose(m):
    return [list(r) for r in zip(*m)]
print(transpose([[1, 2, 3], [4, 5, 6]]))
def running_avg(xs):
    out, total = [], 0
    for i, x in enumerate(xs, 1):
        total += x
        out.append(round(total / i, 3))
    return out
print(running_avg([1, 2, 3, 4, 10]))

# expected output:
# [-3, 1, 2, 5, 5, 6, 9]
# [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59]
# [0, 7, 14, -1, -1]
# [[0.5, 4], [1.5, 8]]
# [('the', 3), ('cat', 2), ('a', 1)]
# [-7, -1, 0.5, 2, 2, 3.5, 8, 10]
# 5.0 2.0 5.000 +/- 2.000
# 1.414213562373095 False 12.0
# ['I', 'IV', 'IX', 'XIV', 'XL', 'XC', 'CD', 'MCMXCIV', 'MMXXIV']
# [[1, 4], [2, 5], [3, 6]]
# [1.0, 1.5, 2.0, 2.5, 4.0]
