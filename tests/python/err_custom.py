# An uncaught user-defined exception.
class InsufficientFunds(Exception):
    pass
class Account:
    def __init__(self, balance):
        self.balance = balance
    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(f"need {amount}, have {self.balance}")
        self.balance -= amount
        return self.balance
acct = Account(100)
print(acct.withdraw(30))
print(acct.withdraw(80))

# expected output:
# 70
# expected error: InsufficientFunds: need 80, have 70
# expected error line: 9
