"""Render resources/icons/harmdesk.svg into the desktop icons the bundles need.

    python packaging/make_icons.py

Writes packaging/icons/harmdesk-N.png (Linux), packaging/harmdesk.ico (Windows) and
packaging/harmdesk.icns (macOS). ICO and ICNS both hold PNG images, so Qt's SVG
renderer and a few bytes of header are all it takes.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

HERE = Path(__file__).resolve().parent
SVG = HERE.parent / "resources" / "icons" / "harmdesk.svg"
PNG_SIZES = (16, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 32, 48, 256)
ICNS_TYPES = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512}


def png(renderer: QSvgRenderer, size: int) -> bytes:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data)


def ico(images: dict[int, bytes]) -> bytes:
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images.items():
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns(images: dict[bytes, bytes]) -> bytes:
    body = b"".join(kind + struct.pack(">I", len(data) + 8) + data for kind, data in images.items())
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def main() -> None:
    app = QGuiApplication(sys.argv[:1])  # noqa: F841 (QImage text and SVG need it)
    renderer = QSvgRenderer(str(SVG))
    pngs = {size: png(renderer, size) for size in PNG_SIZES}
    (HERE / "icons").mkdir(exist_ok=True)
    for size, data in pngs.items():
        (HERE / "icons" / f"harmdesk-{size}.png").write_bytes(data)
    (HERE / "harmdesk.ico").write_bytes(ico({s: pngs[s] for s in ICO_SIZES}))
    (HERE / "harmdesk.icns").write_bytes(icns({k: pngs[s] for k, s in ICNS_TYPES.items()}))
    print("wrote", ", ".join(p.name for p in sorted(HERE.glob("harmdesk.*"))))


if __name__ == "__main__":
    main()
