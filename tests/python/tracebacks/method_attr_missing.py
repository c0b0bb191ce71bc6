class B:
    def m(self):
        return self.n


B().m()
