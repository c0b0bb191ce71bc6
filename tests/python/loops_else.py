# while/else, for/else with break and continue, nested loops.
for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, "is prime")
i = 0
while i < 3:
    i += 1
else:
    print("while finished normally", i)
i = 0
while True:
    i += 1
    if i > 4:
        break
else:
    print("not printed")
print("broke at", i)
for x in []:
    print("never")
else:
    print("else of empty for")
k = 10
while k > 0:
    k -= 3
    if k == 4:
        continue
    print("k", k)
else:
    print("while else, k =", k)
found = None
for row in range(3):
    for col in range(3):
        if row * col == 2:
            found = (row, col)
            break
    if found:
        break
print("found", found)
total = 0
for v in range(10):
    if v % 2:
        continue
    if v > 6:
        break
    total += v
print(total)
count = 0
while count < 100:
    count += 7
    if count % 5 == 0:
        break
print(count)
for a in range(3):
    for b in range(3):
        if b == a:
            continue
        if b > 1:
            break
        print(a, b, end="; ")
print("end")
n = 27
steps = 0
while n != 1:
    n = n // 2 if n % 2 == 0 else 3 * n + 1
    steps += 1
print("collatz steps", steps)

# expected output:
# 2 is prime
# 3 is prime
# 5 is prime
# 7 is prime
# 11 is prime
# 13 is prime
# 17 is prime
# 19 is prime
# while finished normally 3
# broke at 5
# else of empty for
# k 7
# k 1
# k -2
# while else, k = -2
# found (1, 2)
# 12
# 35
# 0 1; 1 0; 2 0; 2 1; end
# collatz steps 111
