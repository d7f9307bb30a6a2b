"""Files: the one bounded reader and the one atomic writer every part of the library uses.

**Reading** (:func:`read_file`). A file named by a user (a replay, a saved game, a campaign, a
book, a card set) is opened without blocking and looked at before a byte is read: only a regular
file is read (a directory, a FIFO, a device or a socket is refused at once, in one line, so a FIFO
with no writer never hangs the reader), and never more than ``limit + 1`` bytes of it.

**Writing** (:func:`write_atomic`, :func:`writable`). Only a regular file is replaced: a
directory, a symbolic link (never followed, a dangling one neither), a FIFO, a device or a socket
at the path is refused with :class:`WriteRefused` and left as it was, and so is a file in a folder
that does not exist; ``-`` writes to standard output. The data go to a temporary file of a unique
name beside the target, are flushed and synced to the disk, and the file is renamed over the
target, then the folder is synced; readers and other writers see the old file or the new one,
never a part of either, and a write that fails (a full disk, a size limit, an interrupt) leaves
the old file as it was and no temporary file. A command checks each of its targets with
:func:`writable` before it starts a game or a run, so that nothing played is lost to a path that
cannot be written.

This module imports nothing of the library but ``core.game``: the command line, replays, the
replay page, plots, Aftermath's campaign and a server all reach it without a cycle.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from pathlib import Path

from wasteland.core.game import ConfigError, short

__all__ = [
    "STDOUT", "WriteError", "WriteRefused", "writable", "write_atomic", "file_name", "read_file", "kind_of",
    "MAX_READ_BYTES",
]

#: The path that means standard output.
STDOUT = "-"

#: The most bytes :func:`read_file` reads by default (``core.data.MAX_JSON_BYTES``: 2 MB).
MAX_READ_BYTES = 2 * 1024 * 1024


class WriteError(OSError):
    """A file that could not be written, said in one line (``str(error)``)."""


class WriteRefused(WriteError):
    """A path a save will not write to: a directory, a symbolic link, a FIFO, a device, a socket,
    or a file in a folder that does not exist."""


def kind_of(mode: int) -> str | None:
    """What a file of ``mode`` is, when it is not a regular file (None for a regular file)."""
    for test, name in ((stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return None if stat.S_ISREG(mode) else "not a regular file"


def file_name(path: str | os.PathLike[str]) -> str:
    """``path`` as a message names it: quoted, and cut to its last 77 characters when longer
    than 80 (the file's own name is at the end)."""
    text = str(path)
    return repr(text if len(text) <= 80 else "..." + text[-77:])


# -- reading ---------------------------------------------------------------------------------------

def read_file(path: str | os.PathLike[str], limit: int = MAX_READ_BYTES,
              error: type[Exception] = ConfigError) -> bytes:
    """The bytes of the file at ``path`` (a stranger's), never more than ``limit + 1`` of them
    read; ``error`` in one line naming the file (:func:`file_name`) for what is not a regular file
    (a directory, a FIFO, a device, a socket: refused at once, never waited on), a file missing or
    unreadable, or one larger than ``limit``."""
    name = file_name(path)
    try:  # looked at before it is opened: opening a device may do something
        kind = kind_of(os.stat(path).st_mode)
    except FileNotFoundError:
        raise error(f"{name}: cannot read it (No such file or directory)") from None
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
        raise error(f"{name}: cannot read it ({reason})") from None
    if kind is not None:
        raise error(f"{name}: is {kind}, not a regular file")
    try:
        # O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
        raise error(f"{name}: cannot read it ({reason})") from None
    try:
        kind = kind_of(os.fstat(descriptor).st_mode)
        if kind is not None:
            raise error(f"{name}: is {kind}, not a regular file")
        os.set_blocking(descriptor, True)
        with os.fdopen(descriptor, "rb", closefd=False) as stream:
            data = stream.read(limit + 1)
    except OSError as exc:
        raise error(f"{name}: cannot read it ({exc.strerror or type(exc).__name__})") from None
    finally:
        os.close(descriptor)
    if len(data) > limit:
        size = f"{limit // 2**20} MB" if limit % 2**20 == 0 else f"{limit} bytes"
        raise error(f"{name}: larger than {size}")
    return data


# -- writing ---------------------------------------------------------------------------------------

def writable(path: str | os.PathLike[str]) -> Path:
    """``path`` as a place :func:`write_atomic` may write: nothing there yet, or a regular file.

    Raises :class:`WriteRefused` (one line) for a directory, a symbolic link (never followed:
    name the file it points to), a FIFO, a device or a socket, and for a folder that does not
    exist; :class:`WriteError` when the system cannot look at the path (a name too long, a
    folder that may not be read)."""
    target = Path(path)
    name = short(str(path), 80)
    try:
        info: os.stat_result | None = os.lstat(target)
    except (FileNotFoundError, NotADirectoryError):
        info = None
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise WriteError(f"cannot write {name}: {short(reason, 100)}") from None
    if info is not None:
        kind = kind_of(info.st_mode)
        if kind == "a symbolic link":
            raise WriteRefused(f"{name} is a symbolic link; a save never follows one: name the file it points to")
        if kind == "a directory":
            raise WriteRefused(f"{name} is a directory; name a file")
        if kind is not None:
            raise WriteRefused(f"{name} is {kind}, not a regular file; name a file, or - for standard output")
        return target
    folder = target.parent
    try:
        found = os.stat(folder)
    except (FileNotFoundError, NotADirectoryError):
        raise WriteRefused(f"the folder {short(str(folder), 80)} does not exist") from None
    except OSError as exc:
        raise WriteError(f"cannot write {name}: {exc.strerror or exc}") from None
    if not stat.S_ISDIR(found.st_mode):
        raise WriteRefused(f"the folder {short(str(folder), 80)} does not exist")
    return target


def _to_stdout(data: str | bytes) -> None:
    if isinstance(data, str):
        sys.stdout.write(data)
        sys.stdout.flush()
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> Path:
    """Write ``data`` (text as UTF-8, or bytes) to ``path`` so that a reader sees the old file or
    the new one, never a part of either; ``-`` writes to standard output.

    Only a regular file is replaced (see :func:`writable`: a directory, a symbolic link, a FIFO,
    a device or a socket is refused, and left as it was). The data go to a temporary file of a
    unique name in the target's folder (so two writers never share one), are flushed to the disk,
    and the file is renamed over the target, then the folder is synced; on any failure the
    temporary file is removed and the target is as it was. The new file keeps the mode of the one
    it replaces (0644 for a new one). Returns the path written (``Path("-")`` for standard
    output)."""
    if str(path) == STDOUT:
        _to_stdout(data)
        return Path(STDOUT)
    target = writable(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    name = short(str(path), 80)
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name[:40]}.", suffix=".tmp",
                                                 dir=target.parent)
    except OSError as exc:
        raise WriteError(f"cannot write {name}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(payload)
            stream.flush()
            os.fsync(stream.fileno())
        try:
            mode = stat.S_IMODE(os.lstat(target).st_mode)
        except FileNotFoundError:
            mode = 0o644
        os.chmod(temporary, mode)
        writable(target)  # once more, as late as it can be: what is there now must still be a file
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_folder(target.parent)
    return target


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system lets a folder be synced)."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
