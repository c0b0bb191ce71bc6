self.w: torch.Tensor = torch.zeros(3)
