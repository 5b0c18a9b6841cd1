"""`harmdesk campaign import FILE` given HarmDesk's own data file (or a file SQLite keeps
beside it) by mistake: refused in words, the file left as it was."""

from __future__ import annotations

import json

from harmdesk.store import db
from tests.cli_kit import checksum

from .test_half_changed import run


def test_importing_the_data_file_itself_is_refused_in_words(tmp_path):
    assert run(tmp_path, "campaign", "list").returncode == 0  # the first start's demos
    data = tmp_path / db.DB_NAME
    (tmp_path / "campaign.json").symlink_to(data)
    before = checksum(data)
    for given in (data, tmp_path / "campaign.json"):
        done = run(tmp_path, "campaign", "import", str(given))
        assert done.returncode == 1 and "Traceback" not in done.stderr
        assert f"{given} is HarmDesk's data file; export a campaign to a .json file and " \
               "import that." in done.stderr
    assert checksum(data) == before
    listed = json.loads(run(tmp_path, "campaign", "list").stdout)["campaigns"]
    assert len(listed) == 3
