"""A mypy plugin: a working copy declared with ``@working_copy(State)`` has every field of its State.

A game's working copy names only the fields whose type changes (``hands: list[int]`` where the
State has ``tuple[int, ...]``); at run time :func:`wasteland.core.engine.working_copy` adds the
others. This plugin tells mypy the same: each field of the State that the class does not name
becomes a writable attribute of the class with the State's type, so rules that write
``work.phase = Phase.OVER`` are checked as if the class listed every field. Turn it on in the
mypy settings of a package that declares a working copy::

    [tool.mypy]
    plugins = ["wasteland.core.mypy_plugin"]

Only mypy imports this module; the library never does.
"""

from __future__ import annotations

from typing import Callable

from mypy.nodes import MDEF, CallExpr, RefExpr, SymbolTableNode, TypeInfo, Var
from mypy.plugin import ClassDefContext, Plugin

__all__ = ["plugin"]

_DECORATOR = "wasteland.core.engine.working_copy"


def _add_record_fields(ctx: ClassDefContext) -> bool:
    """Give the decorated class the record's fields it does not name; False (ask again later) while
    the record's attrs fields are not known yet."""
    reason = ctx.reason
    if not isinstance(reason, CallExpr) or len(reason.args) != 1 or not isinstance(reason.args[0], RefExpr):
        return True
    record = reason.args[0].node
    if record is None:
        return False
    if not isinstance(record, TypeInfo):
        return True
    attributes = record.metadata.get("attrs", {}).get("attributes")
    if attributes is None:
        return False
    info = ctx.cls.info
    for attribute in attributes:
        name = attribute["name"]
        if name in info.names:
            continue
        symbol = record.get(name)
        node = symbol.node if symbol is not None else None
        if not isinstance(node, Var) or node.type is None:
            return False
        field = Var(name, node.type)
        field.info = info
        field._fullname = f"{info.fullname}.{name}"
        info.names[name] = SymbolTableNode(MDEF, field)
    return True


class _WorkingCopies(Plugin):
    def get_class_decorator_hook_2(self, fullname: str) -> Callable[[ClassDefContext], bool] | None:
        return _add_record_fields if fullname == _DECORATOR else None


def plugin(version: str) -> type[Plugin]:
    """mypy's entry point."""
    return _WorkingCopies
