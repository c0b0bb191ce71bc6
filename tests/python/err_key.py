# Uncaught KeyError for a missing dict key.
prices = {"apple": 1.25, "pear": 0.75}
def cost(order):
    total = 0.0
    for name, qty in order:
        total += prices[name] * qty
    return total
print(cost([("apple", 2), ("pear", 4)]))
print(cost([("apple", 1), ("kiwi", 3)]))

# expected output:
# 5.5
# expected error: KeyError: 'kiwi'
# expected error line: 6
