# Uncaught AssertionError with a message.
def check_probabilities(ps):
    total = sum(ps)
    assert abs(total - 1.0) < 1e-9, f"probabilities sum to {total}, not 1"
    return True
print(check_probabilities([0.25, 0.25, 0.5]))
print(check_probabilities([0.5, 0.6]))

# expected output:
# True
# expected error: AssertionError: probabilities sum to 1.1, not 1
# expected error line: 4
