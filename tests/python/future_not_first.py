# from __future__ imports: where they may stand and which features exist (CPython's future.c)
x = 1
from __future__ import annotations

# expected output:
# expected error: SyntaxError: from __future__ imports must occur at the beginning of the file
# expected error line: 3
