# typing: the special forms and generic aliases, printed, compared,
# subscripted (with type variables), called and used with isinstance as
# CPython 3.11 does; and __future__.
from __future__ import annotations
import typing
import __future__
from typing import (Any, Callable, ClassVar, Dict, Final, FrozenSet, Iterable, Iterator, List,
                    Literal, Mapping, NoReturn, Optional, Sequence, Set, Tuple, Type, TypeVar,
                    Union, cast, get_args, get_origin, no_type_check, overload, TYPE_CHECKING)


def t(f):
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__ + ":", e)


print(repr(__future__.annotations), __future__.all_feature_names)
print(annotations, __future__.division)
for x in [Optional, Union, List, Dict, Tuple, Set, FrozenSet, Any, Callable, Sequence, Iterable,
          Iterator, Mapping, Type, Literal, Final, ClassVar, NoReturn, typing.Generator,
          typing.DefaultDict, typing.Deque, typing.Counter, typing.OrderedDict, typing.Hashable,
          typing.Never, typing.Self, typing.TypeAlias]:
    print(repr(x), type(x).__name__, x)
print(typing.Text, TYPE_CHECKING)
t(lambda: Optional[int])
t(lambda: Union[int, None])
t(lambda: Union[int, str, None])
t(lambda: Union[int])
t(lambda: Union[int, int])
t(lambda: Optional[Union[int, str]])
t(lambda: Union[Optional[int], str])
t(lambda: Optional[int, str])
t(lambda: Union[()])
t(lambda: List[int])
t(lambda: List[int, str])
t(lambda: Dict[str])
t(lambda: Dict[str, List[int]])
t(lambda: Tuple[int, ...])
t(lambda: Tuple[()])
t(lambda: Tuple[int, str])
t(lambda: List["Foo"])
t(lambda: List[None])
t(lambda: Callable[[int], str])
t(lambda: Callable[..., int])
t(lambda: Callable[[], None])
t(lambda: Callable[int, str])
t(lambda: Callable[int])
t(lambda: Literal[1, 'a', None, True])
t(lambda: Literal[1, 1])
t(lambda: Literal[1, True, 1.0])
t(lambda: Literal[Literal[1], 2])
t(lambda: Final[int])
t(lambda: ClassVar[int])
t(lambda: Final[int, str])
t(lambda: Type[int])
t(lambda: NoReturn[int])
t(lambda: typing.Hashable[int])
T = TypeVar('T')
t(lambda: T)
t(lambda: TypeVar('U', bound=int))
t(lambda: TypeVar('U', covariant=True))
t(lambda: TypeVar('U', contravariant=True))
t(lambda: TypeVar('U', int))
t(lambda: TypeVar('U', int, str).__constraints__)
t(lambda: TypeVar('U', bound=int).__bound__)
t(lambda: T.__name__)
t(lambda: List[T])
t(lambda: List[T][int])
t(lambda: List[int][int])
t(lambda: Dict[str, T][float])
t(lambda: Dict[str, T][int, int])
t(lambda: Dict[T, List[T]][int])
t(lambda: Optional[T][int])
t(lambda: Union[int, str][int])
t(lambda: List())
t(lambda: Optional[int]())
t(lambda: Any())
t(lambda: List[int]())
t(lambda: Union())
t(lambda: Dict[str, int]())
t(lambda: isinstance([], List))
t(lambda: isinstance((), Tuple))
t(lambda: isinstance([], List[int]))
t(lambda: isinstance(1, Any))
t(lambda: isinstance(1, Optional))
t(lambda: isinstance(1, Optional[int]))
t(lambda: isinstance('a', Union[int, str]))
t(lambda: isinstance(1.5, Union[int, str]))
t(lambda: isinstance(1, Union[int, List[int]]))
t(lambda: isinstance(1, Literal[1]))
t(lambda: Optional[int] == Union[None, int])
t(lambda: Union[int, str] == Union[str, int])
t(lambda: List[int] == List[int])
t(lambda: List[int] == List[str])
t(lambda: List == list)
t(lambda: Optional[int] == int)
t(lambda: hash(List[int]) == hash(List[int]))
t(lambda: {Optional[int]: 1})
t(lambda: Optional[int] | str)
t(lambda: int | Optional[str])
t(lambda: List[int] | None)
t(lambda: cast(int, "x"))
t(lambda: cast(typ=int, val=2))
t(lambda: cast(1))
t(lambda: get_args(Dict[str, int]))
t(lambda: get_args(Callable[[int], str]))
t(lambda: get_args(int))
t(lambda: get_origin(List[int]))
t(lambda: get_origin(Optional[int]))
t(lambda: get_origin(int))
t(lambda: Optional[int].__args__)
t(lambda: List[int].__origin__)
t(lambda: List._name)
t(lambda: str(List[int]))
t(lambda: f"{Dict[str, Any]}")


class Foo:
    pass


t(lambda: List[Foo])
t(lambda: Union[int, 'Foo'])
t(lambda: List[len])
t(lambda: Union[int, List[int], Optional[str]])


@overload
def g(x):
    pass


t(lambda: g(1))


@no_type_check
def h(x: int) -> int:
    return x + 1


print(h(1), h.__no_type_check__)


def typed(x: Optional[List[int]] = None, *args: int, y: Dict[str, Any] = {}, **kw: Any) -> Tuple[int, ...]:
    z: Final[int] = 3
    return (len(x or []), z)


print(typed([1, 2]))
try:
    from typing import NoSuchThing
except ImportError as e:
    print("ImportError:", str(e).split(" (")[0])

# expected output:
# _Feature((3, 7, 0, 'beta', 1), None, 16777216) ['nested_scopes', 'generators', 'division', 'absolute_import', 'with_statement', 'print_function', 'unicode_literals', 'barry_as_FLUFL', 'generator_stop', 'annotations']
# _Feature((3, 7, 0, 'beta', 1), None, 16777216) _Feature((2, 2, 0, 'alpha', 2), (3, 0, 0, 'alpha', 0), 131072)
# typing.Optional _SpecialForm typing.Optional
# typing.Union _SpecialForm typing.Union
# typing.List _SpecialGenericAlias typing.List
# typing.Dict _SpecialGenericAlias typing.Dict
# typing.Tuple _TupleType typing.Tuple
# typing.Set _SpecialGenericAlias typing.Set
# typing.FrozenSet _SpecialGenericAlias typing.FrozenSet
# typing.Any _AnyMeta typing.Any
# typing.Callable _CallableType typing.Callable
# typing.Sequence _SpecialGenericAlias typing.Sequence
# typing.Iterable _SpecialGenericAlias typing.Iterable
# typing.Iterator _SpecialGenericAlias typing.Iterator
# typing.Mapping _SpecialGenericAlias typing.Mapping
# typing.Type _SpecialGenericAlias typing.Type
# typing.Literal _LiteralSpecialForm typing.Literal
# typing.Final _SpecialForm typing.Final
# typing.ClassVar _SpecialForm typing.ClassVar
# typing.NoReturn _SpecialForm typing.NoReturn
# typing.Generator _SpecialGenericAlias typing.Generator
# typing.DefaultDict _SpecialGenericAlias typing.DefaultDict
# typing.Deque _SpecialGenericAlias typing.Deque
# typing.Counter _SpecialGenericAlias typing.Counter
# typing.OrderedDict _SpecialGenericAlias typing.OrderedDict
# typing.Hashable _SpecialGenericAlias typing.Hashable
# typing.Never _SpecialForm typing.Never
# typing.Self _SpecialForm typing.Self
# typing.TypeAlias _SpecialForm typing.TypeAlias
# <class 'str'> False
# typing.Optional[int]
# typing.Optional[int]
# typing.Union[int, str, NoneType]
# <class 'int'>
# <class 'int'>
# typing.Union[int, str, NoneType]
# typing.Union[int, NoneType, str]
# TypeError: typing.Optional requires a single type. Got (<class 'int'>, <class 'str'>).
# TypeError: Cannot take a Union of no types.
# typing.List[int]
# TypeError: Too many arguments for typing.List; actual 2, expected 1
# TypeError: Too few arguments for typing.Dict; actual 1, expected 2
# typing.Dict[str, typing.List[int]]
# typing.Tuple[int, ...]
# typing.Tuple[()]
# typing.Tuple[int, str]
# typing.List[ForwardRef('Foo')]
# typing.List[NoneType]
# typing.Callable[[int], str]
# typing.Callable[..., int]
# typing.Callable[[], NoneType]
# typing.Callable[[int], str]
# TypeError: Callable must be used as Callable[[arg, ...], result].
# typing.Literal[1, 'a', None, True]
# typing.Literal[1]
# typing.Literal[1, True, 1.0]
# typing.Literal[1, 2]
# typing.Final[int]
# typing.ClassVar[int]
# TypeError: typing.Final accepts only single type. Got (<class 'int'>, <class 'str'>).
# typing.Type[int]
# TypeError: typing.NoReturn is not subscriptable
# TypeError: typing.Hashable is not a generic class
# ~T
# ~U
# +U
# -U
# TypeError: A single constraint is not allowed
# (<class 'int'>, <class 'str'>)
# <class 'int'>
# 'T'
# typing.List[~T]
# typing.List[int]
# TypeError: typing.List[int] is not a generic class
# typing.Dict[str, float]
# TypeError: Too many arguments for typing.Dict[str, ~T]; actual 2, expected 1
# typing.Dict[int, typing.List[int]]
# typing.Optional[int]
# TypeError: typing.Union[int, str] is not a generic class
# TypeError: Type List cannot be instantiated; use list() instead
# TypeError: Cannot instantiate typing.Union
# TypeError: Any cannot be instantiated
# TypeError: Type List cannot be instantiated; use list() instead
# TypeError: Cannot instantiate typing.Union
# TypeError: Type Dict cannot be instantiated; use dict() instead
# True
# True
# TypeError: Subscripted generics cannot be used with class and instance checks
# TypeError: typing.Any cannot be used with isinstance()
# TypeError: typing.Optional cannot be used with isinstance()
# True
# True
# False
# True
# TypeError: Subscripted generics cannot be used with class and instance checks
# True
# True
# True
# False
# False
# False
# True
# {typing.Optional[int]: 1}
# typing.Union[int, NoneType, str]
# typing.Union[int, str, NoneType]
# typing.Optional[typing.List[int]]
# 'x'
# 2
# TypeError: cast() missing 1 required positional argument: 'val'
# (<class 'str'>, <class 'int'>)
# ([<class 'int'>], <class 'str'>)
# ()
# <class 'list'>
# typing.Union
# None
# (<class 'int'>, <class 'NoneType'>)
# <class 'list'>
# 'List'
# 'typing.List[int]'
# 'typing.Dict[str, typing.Any]'
# typing.List[__main__.Foo]
# typing.Union[int, ForwardRef('Foo')]
# typing.List[<built-in function len>]
# typing.Union[int, typing.List[int], str, NoneType]
# NotImplementedError: You should not call an overloaded function. A series of @overload-decorated functions outside a stub module should always be followed by an implementation that is not @overload-ed.
# 2 True
# (2, 3)
# ImportError: cannot import name 'NoSuchThing' from 'typing'
