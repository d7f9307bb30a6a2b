"""What the server's tests share: a storage of each kind (SQLite in a temporary folder, and the
PostgreSQL server that .ci/run starts, named by WASTELAND_TEST_POSTGRES), and an app over it."""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Iterator

import pytest

pytest.importorskip("starlette")

from wasteland.serve.storage import Storage, open_storage  # noqa: E402

#: The address of a PostgreSQL database the tests may use (each test gets a schema of its own).
POSTGRES = os.environ.get("WASTELAND_TEST_POSTGRES", "")
NO_POSTGRES = "no PostgreSQL server for the tests: .ci/run starts one and sets WASTELAND_TEST_POSTGRES"


def postgres_url() -> str:
    """A fresh, empty database schema on the test server, as an address the storage opens."""
    if not POSTGRES:
        pytest.skip(NO_POSTGRES)
    import psycopg

    schema = "t" + uuid.uuid4().hex[:12]
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in POSTGRES else "?"
    return f"{POSTGRES}{joiner}options=-csearch_path%3D{schema}"


@pytest.fixture(params=["sqlite", "postgresql"])
def address(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a database is: an SQLite file in a temporary folder, or a fresh PostgreSQL schema."""
    return str(tmp_path / "games.sqlite") if request.param == "sqlite" else postgres_url()


@pytest.fixture
def storage(address: str) -> Iterator[Storage]:
    made = open_storage(address)
    yield made
    made.close()
