# from __future__ imports: which features exist (CPython's future.c)
"""A docstring, then future imports."""
from __future__ import annotations, division
from __future__ import generator_stop, nosuch
print(annotations)

# expected output:
# expected error: SyntaxError: future feature nosuch is not defined
# expected error line: 4
