# A name of CPython's typing that dynawasm lacks is a NotImplementedError
# naming it (CPython imports typing.Protocol: these expectations are
# dynawasm's own).
from typing import List, Optional

print(List[int], Optional["Foo"])
from typing import Protocol

# expected (hand)
# expected output:
# typing.List[int] typing.Optional[ForwardRef('Foo')]
# expected error: NotImplementedError: typing.Protocol is not supported by dynawasm
# expected error line: 7
