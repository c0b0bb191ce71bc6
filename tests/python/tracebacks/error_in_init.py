class A:
    def __init__(self):
        self.v = 1 / 0


A()
