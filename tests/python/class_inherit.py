# Inheritance, super(), overriding, isinstance.
class Animal:
    kind = "animal"
    def __init__(self, name):
        self.name = name
    def speak(self):
        return "..."
    def describe(self):
        return f"{self.name} the {self.kind} says {self.speak()}"
    def __repr__(self):
        return f"{self.kind}:{self.name!r}"
class Dog(Animal):
    kind = "dog"
    def speak(self):
        return "woof"
class Puppy(Dog):
    def __init__(self, name, age):
        super().__init__(name)
        self.age = age
    def speak(self):
        return super().speak() + " (squeaky)"
    def describe(self):
        return super().describe() + f", age {self.age}"
class Cat(Animal):
    kind = "cat"
    def speak(self):
        return "meow"
pets = [Animal("generic"), Dog("rex"), Puppy("bit", 1), Cat("tom")]
for pet in pets:
    print(pet.describe())
print(pets)
print(isinstance(pets[2], Dog), isinstance(pets[2], Animal), isinstance(pets[3], Dog), isinstance(pets[1], Puppy))
print(isinstance(pets[0], (Cat, Dog)), isinstance(pets[3], (Cat, Dog)), issubclass(Puppy, Animal), issubclass(Cat, Dog))
class Base:
    def __init__(self):
        self.log = ["Base"]
    def hello(self):
        return "base hello"
class Mid(Base):
    def __init__(self):
        super().__init__()
        self.log.append("Mid")
class Leaf(Mid):
    def __init__(self):
        super().__init__()
        self.log.append("Leaf")
    def hello(self):
        return "leaf+" + super().hello()
leaf = Leaf()
print(leaf.log, leaf.hello())
class Shape:
    name = "Shape"
    def area(self):
        raise NotImplementedError("subclass must implement area")
    def __str__(self):
        return f"{self.name} with area {self.area():.2f}"
class Rect(Shape):
    name = "Rect"
    def __init__(self, w, h):
        self.w, self.h = w, h
    def area(self):
        return self.w * self.h
class Square(Rect):
    name = "Square"
    def __init__(self, s):
        super().__init__(s, s)
class Circle(Shape):
    name = "Circle"
    def __init__(self, r):
        self.r = r
    def area(self):
        return 3.14159 * self.r ** 2
for sh in [Rect(2, 3.5), Square(3), Circle(1)]:
    print(sh)
try:
    Shape().area()
except NotImplementedError as e:
    print("NotImplementedError:", e)
print(sum(s.area() for s in [Rect(1, 2), Square(2)]))

# expected output:
# generic the animal says ...
# rex the dog says woof
# bit the dog says woof (squeaky), age 1
# tom the cat says meow
# [animal:'generic', dog:'rex', dog:'bit', cat:'tom']
# True True False False
# False True True False
# ['Base', 'Mid', 'Leaf'] leaf+base hello
# Rect with area 7.00
# Square with area 9.00
# Circle with area 3.14
# NotImplementedError: subclass must implement area
# 6
