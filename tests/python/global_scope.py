# global declarations and name resolution.
counter = 0
def bump():
    global counter
    counter += 1
    return counter
bump()
bump()
print(counter, bump())
def read_global():
    return counter * 10
print(read_global())
def local_shadow():
    counter = -1
    return counter
print(local_shadow(), counter)
def create_global():
    global created
    created = "made inside"
create_global()
print(created)
config = {"debug": False}
def toggle():
    config["debug"] = not config["debug"]
toggle()
print(config)
items = []
def add_item(v):
    items.append(v)
add_item(1)
add_item(2)
print(items)
def uses_later():
    return defined_later + 1
defined_later = 41
print(uses_later())
x = "module"
def outer():
    x = "enclosing"
    def inner():
        global x
        return x
    return inner()
print(outer())
for loop_var in range(3):
    pass
print(loop_var)
if True:
    block_var = "visible"
print(block_var)
def assign_twice():
    global total
    total = 0
    for i in range(5):
        total += i
assign_twice()
print(total)

# expected output:
# 2 3
# 30
# -1 3
# made inside
# {'debug': True}
# [1, 2]
# 42
# module
# 2
# visible
# 10
