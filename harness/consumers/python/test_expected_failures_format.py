"""The expected-failures list reader of test_robotparser.py against the format's shared test
vectors (cases/export/expected-failures-vectors.json), which reptest and rep-suite are tested
against too. Not needed in a copy of the consumer; here it keeps the three readers the same."""

import json
import os
import pathlib

import pytest

from test_robotparser import parse_expected_failures

HERE = pathlib.Path(__file__).resolve().parent
VECTORS_PATH = pathlib.Path(
    os.environ.get("REP_EXPECTED_FAILURES_VECTORS", HERE / "../../../cases/export/expected-failures-vectors.json")
)
VECTORS = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))["vectors"]


def test_the_vectors_are_there():
    assert len(VECTORS) >= 10, f"{VECTORS_PATH} looks truncated"


@pytest.mark.parametrize("vector", VECTORS, ids=[vector["name"] for vector in VECTORS])
def test_vector(vector):
    listed, problems = parse_expected_failures(vector["input"])
    assert sorted(listed.items(), key=lambda item: item[1]) == [(i["id"], i["line"]) for i in vector["ids"]]
    assert problems == [(p["line"], p["kind"], p.get("first")) for p in vector["problems"]]
