torch.nn.functional.relu(x, inplace=True)
