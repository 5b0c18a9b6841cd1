"""Templates read from untrusted data (`read_template`), library files (`library_json`,
`read_library`) and an import's merge into the library. No store, no Qt."""

import json

import pytest

from harmdesk.desk import library as lib
from harmdesk.desk.library import Template, merge, read_library, read_template
from harmdesk.errors import UserError
from harmdesk.rules.core import Refused

COEDWIG = {"name": "Coedwig", "kind": "monster", "hp": "3", "sheet": {"armor": 0},
           "attack": {"dice": "d6", "piercing": 1}, "count": 6}


def refused(data, system="stonetop"):
    with pytest.raises(UserError) as err:
        read_template(system, data)
    return err.value.message


# one template ---------------------------------------------------------------------------------
def test_a_template_reads_every_field_and_writes_them_back():
    data = {**COEDWIG, "notes": "Thorn-spirits.", "source": "seed 000"}
    found = read_template("stonetop", data)
    assert (found.system, found.name, found.kind, found.hp, found.count) == \
        ("stonetop", "Coedwig", "monster", "3", 6)
    assert found.sheet == {"armor": 0} and found.attack == {"dice": "d6", "piercing": 1}
    assert found.data() == data
    assert found.missing() == []


@pytest.mark.parametrize("hp, kept", [(3, "3"), (" 2D6 + 2 ", "2d6+2"), ("", None),
                                      (None, None)])
def test_hp_is_a_number_or_dice_or_left_blank(hp, kept):
    assert read_template("stonetop", {**COEDWIG, "hp": hp}).hp == kept
    assert lib.read_hp(hp) == kept


@pytest.mark.parametrize("hp, words", [
    ("2d", "2d is not a dice expression: a die needs its number of sides, such as d6"),
    ("d7+", "d7+ is not a dice expression: something is missing after +"),
    ("xyz", "xyz is not a dice expression"),
    (True, "`hp` must be a number or dice such as 2d6+2"),
    ("101d6", "more than 100 dice"),
    ("999999999", "more than a rule takes (at most 9,999)"),
    ("100d1000", "`max_hp` must be at most 9,999"),  # the rules' own words, at its most
])
def test_bad_hp_is_refused_in_the_quick_entrys_plain_words(hp, words):
    message = refused({**COEDWIG, "hp": hp})
    assert message.startswith("the template: ") and words in message


@pytest.mark.parametrize("change, words", [
    ({"colour": "red"}, "unknown field 'colour'; a template holds name, kind"),
    ({"sheet": {"armor": 10**9}}, "`sheet.armor` must be a whole number from 0 to 99, not "
                                  "1000000000"),
    ({"sheet": {"armor": True}}, "`sheet.armor` must be a whole number"),
    ({"sheet": {"level": 3}}, "`sheet.level` is not a Stonetop template field; known: armor"),
    ({"count": 0}, "`count` must be from 1 to 50, not 0"),
    ({"count": 51}, "`count` must be from 1 to 50, not 51"),
    ({"kind": "pc"}, "`kind` must be one of npc, monster, follower, not 'pc'"),
    ({"kind": "object"}, "`kind` must be one of npc, monster, follower"),
    ({"name": "  "}, "give the template a name"),
    ({"name": "x" * 198}, "the name is 198 characters long; a template's may have at most 197"),
    ({"name": "Cold\ud800"}, "a broken character"),
    ({"attack": {"dice": "3"}}, "3 has no die: an attack's damage is dice"),
    ({"attack": {"dice": "d6", "reach": 2}}, "`attack.reach` is not part of a Stonetop attack"),
    ({"attack": "d6"}, "`attack` must be an object"),
    ({"notes": "x" * 4001}, "`notes` is 4,001 characters long; at most 4,000"),
    ({"notes": 5}, "`notes` must be text"),
])
def test_bad_fields_are_refused_naming_the_field(change, words):
    assert words in refused({**COEDWIG, **change})


def test_each_game_reads_its_own_harm_fields():
    """LA-14 Level and LA-2 Endurance; FF-9 Protection beside Might and Block Bonus."""
    wraith = read_template("lux_aeterna", {"name": "Wraith", "hp": "20",
                                           "sheet": {"level": 8, "endurance": 5}})
    assert wraith.sheet == {"level": 8, "endurance": 5} and wraith.missing() == []
    assert "from 0 to 99, not 1000000" in refused(
        {"name": "Wraith", "sheet": {"level": 10**6}}, "lux_aeterna")
    assert "`attack.piercing` is not part of a Lux Aeterna attack; known: dice" in refused(
        {**COEDWIG, "sheet": {}}, "lux_aeterna")
    ogre = read_template("freedom_fantasies", {"name": "Ogre", "hp": "10",
                                               "sheet": {"might": 2, "protection": 3}})
    assert ogre.missing() == ["Block Bonus"]
    assert "`sheet.protection` must be a whole number from 0 to 9999" in refused(
        {"name": "Ogre", "sheet": {"protection": 10**12}}, "freedom_fantasies")


def test_a_template_of_another_game_is_refused_naming_both_games():
    assert refused({**COEDWIG, "system": "lux_aeterna"}) == \
        "the template: Coedwig is a Lux Aeterna template; this campaign plays Stonetop."
    assert refused({**COEDWIG, "system": "dnd"}) == \
        "the template: Coedwig is a 'dnd' template; this campaign plays Stonetop."
    assert "say which game" in refused(COEDWIG, None)


def test_markup_in_a_name_is_kept_as_plain_text():
    found = read_template("stonetop", {**COEDWIG, "name": "<b>Coedwig</b> & co"})
    assert found.name == "<b>Coedwig</b> & co"
    assert lib.step_text(found.name, ["<b>Coedwig</b> & co 1"]) == "Add <b>Coedwig</b> & co 1"


def test_the_probe_refuses_what_the_rules_would():
    with pytest.raises(Refused, match="`max_hp` must be at most 9,999"):
        lib.probe(Template(None, "stonetop", "Giant", "monster", "100d1000", {}, None))
    lib.probe(Template(None, "stonetop", "Blank", "monster", None, {}, None))  # HP asked later


# files --------------------------------------------------------------------------------------
def test_a_library_file_is_versioned_and_reads_back_the_same_templates():
    starters = lib.starters("stonetop") + lib.starters("lux_aeterna")
    doc = lib.library_json(starters)
    assert (doc["format"], doc["version"]) == ("harmdesk-library", 1)
    assert [t["system"] for t in doc["templates"]] == ["stonetop"] * 3 + ["lux_aeterna"]
    assert read_library(json.dumps(doc), "lib.json") == starters


def test_a_files_template_may_carry_its_id_which_is_not_kept():
    doc = {"format": "harmdesk-library", "version": 1,
           "templates": [{"system": "stonetop", "id": 9, **COEDWIG}]}
    (found,) = read_library(json.dumps(doc), "lib.json")
    assert found.id is None and found.name == "Coedwig"


def file_of(**given):
    return json.dumps({"format": "harmdesk-library", "version": 1, "templates": [], **given})


@pytest.mark.parametrize("text, words", [
    (file_of(format="other"), "lib.json: not a HarmDesk library file (its `format` must be "
                              "'harmdesk-library')."),
    (file_of(version=2), "lib.json: a library file of version 2; this HarmDesk reads version 1."),
    (file_of(version=True), "lib.json: `version` must be a whole number."),
    (file_of(extra=1), "lib.json: unknown field 'extra'; a library file holds format, version, "
                       "templates."),
    (file_of(templates={}), "lib.json: `templates` must be a list."),
    (file_of(templates=[{"name": "X", "system": "stonetop"}] * 1001),
     "the file holds 1,001 templates; HarmDesk imports at most 1,000."),
    (file_of(templates=[{"name": "X"}]), "lib.json: templates[0]: say which game"),
    (file_of(templates=[{"system": "stonetop", "name": "X"},
                        {"system": "stonetop", "name": "Y", "hp": "d7+"}]),
     "lib.json: templates[1]: d7+ is not a dice expression: something is missing after +"),
    ('{"format": "harmdesk-library", "version": 1, "templates": [{"count": 1e400}]}',
     "the number 1e400 is too large"),
    ('{"format": "harmdesk-library", "version": 1, "templates": [{"count": ' + "9" * 500
     + "}]}", "a number with 500 digits"),
    ("not json", "lib.json: not valid JSON"),
    (b"\xff\xfe", "lib.json: the text is not UTF-8"),
    ("[" * 1000, "nest more than"),
])
def test_a_bad_file_is_refused_in_plain_words(text, words):
    with pytest.raises(UserError) as err:
        read_library(text, "lib.json")
    assert words in err.value.message


# merging an import ----------------------------------------------------------------------------
OLD = Template(5, "stonetop", "Coedwig", "monster", "3", {"armor": 0}, None, campaign="Test")
NEW = Template(None, "stonetop", "coedwig", "monster", "4", {"armor": 1}, None)
HAGR = Template(None, "stonetop", "Hagr", "monster", "12", {"armor": 1}, None)


def test_a_name_not_in_the_library_is_added_without_asking():
    def never(old, new):
        raise AssertionError("asked")
    done = merge([OLD], [HAGR], never)
    assert done.save == [HAGR] and done.lines == ["Added Hagr."]
    # the same name in another game's library is no clash
    other = lib.replace(NEW, system="lux_aeterna")
    assert merge([OLD], [other], never).lines == ["Added coedwig."]


def test_a_clash_keeps_both_under_a_free_name():
    asked = []
    done = merge([OLD], [NEW, HAGR], lambda old, new: asked.append((old, new)) or "both")
    assert asked == [(OLD, NEW)]  # by name, whatever the case
    assert [(t.id, t.name, t.hp) for t in done.save] == [(None, "coedwig (2)", "4"),
                                                         (None, "Hagr", "12")]
    assert done.lines[0] == "Added coedwig as coedwig (2), beside the one already there."


def test_keeping_both_twice_counts_on():
    taken = lib.replace(OLD, id=6, name="Coedwig (2)")
    coedwig = lib.replace(NEW, name="Coedwig")
    done = merge([OLD, taken], [coedwig, coedwig], lambda old, new: "both")
    assert [t.name for t in done.save] == ["Coedwig (3)", "Coedwig (4)"]


def test_replace_keeps_the_old_ones_id_and_scope():
    done = merge([OLD], [NEW], lambda old, new: "replace")
    assert [(t.id, t.campaign, t.hp, t.sheet) for t in done.save] == [(5, "Test", "4",
                                                                       {"armor": 1})]
    assert done.lines == ["Replaced Coedwig."]


def test_skip_saves_nothing_of_it():
    done = merge([OLD], [NEW, HAGR], lambda old, new: "skip")
    assert done.save == [HAGR]
    assert done.lines == ["Skipped coedwig: the library has one already.", "Added Hagr."]


def test_an_unknown_choice_is_refused():
    with pytest.raises(UserError, match="Choose one of both, replace, skip for coedwig"):
        merge([OLD], [NEW], lambda old, new: "maybe")


def test_keep_both_numbers_past_names_taken_in_any_letter_case():
    existing = [read_template("stonetop", {"name": n, "hp": "3"})
                for n in ("Coedwig", "COEDWIG (2)")]
    incoming = [read_template("stonetop", {"name": "coedwig", "hp": "4"})]
    done = lib.merge(existing, incoming, lambda old, new: "both")
    assert [t.name for t in done.save] == ["coedwig (3)"]


@pytest.mark.parametrize(("attack", "words"), [
    ({"dice": "d6", "piercing": 10**9}, "`piercing` must be at most 99"),
    ({"dice": "d6", "piercing": -1}, "`piercing` cannot be negative"),
    ({"dice": "d6", "tags": [1]}, "`attack.tags` must be a list of tags"),
])
def test_an_attacks_absurd_piercing_or_tags_are_refused_naming_the_field(attack, words):
    """ST-3, ST-4: piercing is counted against armor, a count of at most 99 like armor."""
    with pytest.raises(UserError, match=words):
        read_template("stonetop", {"name": "Odd", "hp": "3", "attack": attack})
