"""Reading YAML documents with errors that name the file, line and field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import InputError


def load_yaml_file(path: str | Path) -> Any:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(str(path), None, "no such file") from None
    except IsADirectoryError:
        raise InputError(str(path), None, "is a directory, not a YAML file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(str(path), None, f"cannot read: {e}") from None
    return load_yaml_text(text, str(path))


# libyaml's loader where it is installed: the same documents, several times faster (the pure
# Python loader is the fallback). A document it refuses is read again by the pure Python loader,
# whose error (with its line and column marks) is the one reported, the same with or without
# libyaml.
_FAST_LOADER = getattr(yaml, "CSafeLoader", None)


def load_yaml_text(text: str, where: str) -> Any:
    if _FAST_LOADER is not None:
        try:
            return yaml.load(text, Loader=_FAST_LOADER)
        except (yaml.YAMLError, RecursionError):
            pass
    try:
        return yaml.safe_load(text)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark
        at = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        raise InputError(where, None, f"malformed YAML: {at}{e.problem}") from None
    except yaml.YAMLError as e:
        raise InputError(where, None, f"malformed YAML: {e}") from None
    except RecursionError:
        raise InputError(where, None, "YAML nested too deeply to be a state or card file") from None


class Fields:
    """Typed access to a YAML mapping, raising InputError with the field's dotted path."""

    def __init__(self, data: Any, where: str, path: str, allowed: set[str] | None = None):
        if not isinstance(data, dict):
            # a whole document that is not a mapping (any readable file a path names) is not
            # echoed: only what it is
            got = describe(data) if path else f"a document of {type(data).__name__}"
            raise InputError(where, path or None, f"must be a mapping, got {got}")
        self.data = data
        self.where = where
        self.path = path
        if allowed is not None:
            for key in data:
                if key not in allowed:
                    raise InputError(
                        where,
                        self.sub(str(key)),
                        f"unknown field; expected one of: {', '.join(sorted(allowed))}",
                    )

    def sub(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else key

    def error(self, key: str | int | None, message: str) -> InputError:
        return InputError(self.where, self.sub(key) if key is not None else self.path or None, message)

    def has(self, key: str) -> bool:
        return key in self.data and self.data[key] is not None

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = None, required: bool = False) -> Any:
        if key not in self.data or self.data[key] is None:
            if required:
                raise self.error(key, "is required")
            return default
        value = self.data[key]
        if kind is int and isinstance(value, bool):
            raise self.error(key, f"must be an integer, got {describe(value)}")
        if not isinstance(value, kind):
            raise self.error(key, f"must be {kind_name(kind)}, got {describe(value)}")
        return value


def kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", bool: "true or false", list: "a list",
             dict: "a mapping", float: "a number"}
    if isinstance(kind, tuple):
        return " or ".join(names.get(k, k.__name__) for k in kind)
    return names.get(kind, kind.__name__)


def describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a boolean)"
    if isinstance(value, (dict, list)):
        return "a mapping" if isinstance(value, dict) else "a list"
    shown = repr(value)
    if len(shown) > 60:     # a value is named, not echoed (it may be a whole file read as text)
        shown = f"{shown[:40]}... ({len(shown)} characters)"
    return f"{shown} ({type(value).__name__})"
