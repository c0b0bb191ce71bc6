# Uncaught RuntimeError raised by the program from a helper.
def step(state):
    if state > 2:
        raise RuntimeError("state machine overflow: " + str(state))
    return state + 1
s = 0
for _ in range(5):
    s = step(s)
    print("state", s)

# expected output:
# state 1
# state 2
# state 3
# expected error: RuntimeError: state machine overflow: 3
# expected error line: 4
