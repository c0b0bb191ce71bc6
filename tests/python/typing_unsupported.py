# A name of CPython's typing, itertools or functools that dynawasm lacks
# is a NotImplementedError naming it; a name the module does not have is
# CPython's ImportError (CPython imports the first three: these
# expectations are dynawasm's own).
from typing import List, Optional

print(List[int], Optional["Foo"])
for stmt in ["from itertools import tee", "import functools; functools.cmp_to_key"]:
    try:
        if stmt.startswith("from"):
            from itertools import tee
        else:
            import functools
            functools.cmp_to_key
    except NotImplementedError as e:
        print("NotImplementedError:", e)
try:
    from functools import no_such_name
except ImportError as e:
    print("ImportError:", e)
from typing import Protocol

# expected (hand)
# expected output:
# typing.List[int] typing.Optional[ForwardRef('Foo')]
# NotImplementedError: itertools.tee is not supported by dynawasm
# NotImplementedError: functools.cmp_to_key is not supported by dynawasm
# ImportError: cannot import name 'no_such_name' from 'functools'
# expected error: NotImplementedError: typing.Protocol is not supported by dynawasm
# expected error line: 21
