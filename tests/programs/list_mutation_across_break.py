import torch

events = []

@torch.compile
def f(x):
    events.append("start")  # traced
    y = x * 2  # traced
    print("events so far:", events)  # traced, graph break: unsupported_call
    events.append("end")  # traced
    return y + len(events)  # traced

print(f(torch.ones(2)))
print(f(torch.ones(2)))
print(events)

# Side effects on a global list happen exactly once per call, in program
# order, on the first (tracing) call and on cached calls alike.
# expected output:
# events so far: ['start']
# tensor([4., 4.])
# events so far: ['start', 'end', 'start']
# tensor([6., 6.])
# ['start', 'end', 'start', 'end']
