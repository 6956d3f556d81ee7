#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus into Fuzz/corpus/: small binary property lists.

Valid seeds cover every object kind bowq reads (integers of 1 to 16 bytes, reals, dates,
data, ASCII and UTF-16 strings, arrays and dictionaries with counts past 15), a small
store in bowq's layout (docs/store-format.md) with a null bitmap, and a few broken files
(truncated, bad magic, a container that contains itself). The seeds are committed; run
this again only to change them: python3 Fuzz/make-corpus.py
"""
import datetime
import os
import plistlib
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")


def binary(value):
    return plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False)


def attribute(name, type_, optional=False, **extra):
    entry = {"name": name, "type": type_, "optional": optional}
    entry.update(extra)
    return entry


def store():
    model = {
        "entities": [
            {
                "name": "BowTie",
                "attributes": [
                    attribute("name", "String"),
                    attribute("rating", "Double", default=0, min=0, max=5),
                    attribute("timesWorn", "Int32", default=0),
                    attribute("lastWorn", "Date", True),
                    attribute("isFavorite", "Bool", default=False),
                    attribute("id", "UUID", unique=True),
                    attribute("url", "URI", True),
                    attribute("price", "Decimal", True),
                    attribute("tintColor", "Transformable(Color)", True),
                ],
            },
            {"name": "Person", "attributes": [attribute("name", "String", minLength=1)]},
        ]
    }
    date = datetime.datetime(2024, 5, 1, 12, 0, 0)
    ties = {
        "nextKey": 4,
        "keys": [1, 3],
        "columns": {
            "name": ["Red", "Blue \u00e9"],
            "rating": [3.5, 5.0],
            "timesWorn": [4, 12],
            "lastWorn": [date, datetime.datetime(2001, 1, 1)],
            "lastWorn.nulls": b"\x02",
            "isFavorite": [False, True],
            "id": [bytes(range(16)), bytes(range(16, 32))],
            "url": ["https://example.com/red", ""],
            "url.nulls": b"\x02",
            "price": ["12.5", "-1.5e3"],
            "tintColor": [{"red": 255, "green": 0, "blue": 0}, {"red": 0, "green": 0, "blue": 255}],
        },
    }
    people = {"nextKey": 2, "keys": [1], "columns": {"name": ["Ann"]}}
    return {
        "format": "bowq-store",
        "version": 1,
        "model": model,
        "entities": {"BowTie": ties, "Person": people},
    }


def seeds():
    yield "store.bplist", binary(store())
    yield "dict.bplist", binary({"a": 1})
    yield "scalars.bplist", binary(
        [0, 255, 256, 65536, 2**32, -1, 2**63 - 1, 2**64 - 1, 1.5, True, False,
         datetime.datetime(2024, 1, 2, 3, 4, 5), b"", b"\x00\xff", "", "ascii",
         "\u00fcnic\u00f6de \U0001F380"])
    yield "long-counts.bplist", binary({"k%02d" % i: list(range(i)) for i in range(20)})
    yield "nested.bplist", binary([[[[{"deep": [1, [2, [3]]]}]]]])
    yield "data-long.bplist", binary({"blob": bytes(range(40)), "text": "x" * 40})
    valid = binary({"a": [1, 2], "b": "c"})
    yield "truncated.bplist", valid[:-5]
    yield "bad-magic.bplist", b"bplist01" + valid[8:]
    # An array whose only element is itself: header, 0xA1 0x00, offset table, trailer.
    cycle = b"bplist00" + b"\xa1\x00" + b"\x08"
    cycle += b"\x00" * 6 + b"\x01\x01" + struct.pack(">QQQ", 1, 0, 10)
    yield "cycle.bplist", cycle


def main():
    os.makedirs(CORPUS, exist_ok=True)
    for name, data in seeds():
        with open(os.path.join(CORPUS, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
