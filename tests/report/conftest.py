import re
import shutil
import subprocess

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.demo import ensure_demo
from harmdesk.store import Store
from tests.qt_settings import own_settings_folder

MARKUP_NAME = "<b>Bold</b> & <img src=x>"


@pytest.fixture(autouse=True)
def own_qsettings(tmp_path_factory):
    """Each test remembers window sizes and dock layouts in a folder of its own."""
    return own_settings_folder(tmp_path_factory)


@pytest.fixture
def fonts(qapp):
    """The shipped font, registered once the QApplication exists."""
    from harmdesk.report.pdf import load_fonts
    return load_fonts()


@pytest.fixture
def writer(fonts):
    """A PDF writer as the summary's, writing into memory."""
    from PySide6.QtCore import QBuffer, QIODevice

    from harmdesk.report.pdf import new_writer
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    made = new_writer(buffer, "test")
    yield made
    buffer.close()


@pytest.fixture
def store(tmp_path):
    opened = Store.open(tmp_path / "data")
    yield opened
    opened.close()


@pytest.fixture
def demo(store):
    """The three demo campaigns, by system."""
    ensure_demo(store)
    return {c["system"]: Campaign(store, c["name"]) for c in store.campaigns()}


def pdf_text(path, page: int | None = None) -> str:
    """The PDF's text (all pages, or one), whitespace-normalised."""
    from pypdf import PdfReader
    pages = PdfReader(str(path)).pages
    chosen = pages if page is None else [pages[page]]
    return " ".join(re.sub(r"\s+", " ", p.extract_text() or "") for p in chosen)


def pdf_pages(path) -> int:
    from pypdf import PdfReader
    return len(PdfReader(str(path)).pages)


def pdf_fonts(path) -> set[str]:
    from pypdf import PdfReader
    names = set()
    for page in PdfReader(str(path)).pages:
        fonts = (page.get("/Resources") or {}).get("/Font") or {}
        for ref in fonts.values():
            names.add(str(ref.get_object().get("/BaseFont")))
    return names


def render_page(pdf, png_base, page: int = 1, dpi: int = 60):
    """Page `page` as a PNG through poppler's pdftoppm; the PNG's path."""
    subprocess.run([shutil.which("pdftoppm"), "-r", str(dpi), "-f", str(page), "-l", str(page),
                    "-png", "-singlefile", str(pdf), str(png_base)], check=True,
                   capture_output=True)
    return png_base.with_suffix(".png")
