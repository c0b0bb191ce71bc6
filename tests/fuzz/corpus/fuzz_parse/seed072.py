@dataclass
class P:
    x: int = 0
