#!/usr/bin/env python3
"""Writes SampleData.plist: the seven BowTies sample ties, one per rainbow color.

Each tie carries a small real PNG (a 16x16 bow-tie silhouette in its color) as photoData.
Run from the repository root: python3 scripts/make-sample-data.py
"""
import datetime
import plistlib
import struct
import zlib

TIES = [
    # name, searchKey, rating, timesWorn, lastWorn (UTC), isFavorite, (r, g, b), id
    ("Red Bow Tie", "R", 3.5, 4, "2024-03-01T09:30:00", False, (255, 0, 0), "6E8B2A14-1C7A-4C35-9C55-3B1F0E0A7F01"),
    ("Orange Bow Tie", "O", 2.0, 1, "2024-01-15T18:00:00", False, (255, 165, 0), "0F4C9E2B-8D71-4A02-B6E3-5C2D1A9B7F02"),
    ("Yellow Bow Tie", "Y", 4.0, 7, "2024-04-20T12:15:00", True, (255, 255, 0), "A3D57C10-42E9-4F8B-9A61-7E0C3B2D5F03"),
    ("Green Bow Tie", "G", 1.5, 1, "2023-08-20T10:00:00", False, (0, 128, 0), "5B9E0D27-6F14-4C8A-8E32-1D7A4C6B9F04"),
    ("Blue Bow Tie", "B", 5.0, 12, "2024-05-02T20:45:00", True, (0, 0, 255), "C81F4A63-3B5D-4E97-A2C8-9F6E1B0D3F05"),
    ("Indigo Bow Tie", "I", 3.0, 2, "2023-11-11T11:11:00", False, (75, 0, 130), "2E6A8C91-D04B-4B73-95F1-4A3C7E8D1F06"),
    ("Violet Bow Tie", "V", 4.5, 5, "2024-02-14T19:00:00", True, (238, 130, 238), "9D3B7E05-A81C-4F26-B4D9-6C0E2A5B8F07"),
]


def png(rgb):
    """A 16x16 RGBA PNG: a bow-tie silhouette in `rgb` on a transparent background."""
    size = 16
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter: none
        for x in range(size):
            dy = abs(y - 7.5)
            wing = dy <= min(x, size - 1 - x) * 0.6 + 1
            knot = 6 <= x <= 9 and 5 <= y <= 10
            row += bytes(rgb) + bytes([255]) if (wing or knot) else bytes(4)
        rows.append(bytes(row))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def main():
    ties = []
    for name, key, rating, worn, last, favorite, rgb, uuid in TIES:
        tie = {
            "name": name,
            "searchKey": key,
            "rating": rating,
            "timesWorn": worn,
            "isFavorite": favorite,
            "tintColor": {"red": rgb[0], "green": rgb[1], "blue": rgb[2]},
            "id": uuid,
            "url": "https://en.wikipedia.org/wiki/Bow_tie#" + name.split()[0],
            "photoData": png(rgb),
        }
        if last:
            tie["lastWorn"] = datetime.datetime.fromisoformat(last)
        ties.append(tie)
    with open("SampleData.plist", "wb") as f:
        plistlib.dump(ties, f, fmt=plistlib.FMT_XML, sort_keys=False)


if __name__ == "__main__":
    main()
