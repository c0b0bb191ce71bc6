x: int
