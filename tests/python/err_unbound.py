# Uncaught UnboundLocalError: a local read before assignment.
total = 100
def add_to_total(v):
    total = total + v
    return total
print("total is", total)
print(add_to_total(5))

# expected output:
# total is 100
# expected error: UnboundLocalError: cannot access local variable 'total' where it is not associated with a value
# expected error line: 4
