class M(torch.nn.Module, metaclass=Meta):
    def __init__(self):
        super().__init__()
        self.w = 1

    def forward(self, x):
        return x @ self.w
