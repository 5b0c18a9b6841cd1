"""Dice expressions, read by the d20 library and totalled from faces already rolled.

The rules core never rolls. An action carries either a final `amount` or a
`dice` expression with the `rolls` (faces) the GM or HarmDesk rolled; this module
checks that the faces fit the expression and totals them with d20's own
evaluator, so keep/drop (`2d8kh1`) and arithmetic work as the library defines.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from types import SimpleNamespace
from typing import Any

from . import fields
from .core import MINUS, Refused, quoted
from .shapes import Action

# d20 ships no types: its parsed expressions and their nodes are read as Any
Tree = Any
Node = Any

_LIB: SimpleNamespace | None = None


def _lib() -> SimpleNamespace:
    """d20, imported on first use: loading its grammar costs more than a window's first
    paint, and most starts never read a dice expression before the window is up."""
    global _LIB
    if _LIB is None:
        import d20
        from d20 import diceast
        from d20.expression import Dice, Die, Literal

        class FacesRoller(d20.Roller):  # type: ignore[misc]  # d20 is untyped
            """d20's evaluator, fed with given faces instead of a random source."""

            def __init__(self, faces: list[int]) -> None:
                super().__init__()
                self._faces = iter(faces)

            def _eval_dice(self, node: Node) -> Any:
                size = int(node.size)
                dice = [Die(size, [Literal(next(self._faces))]) for _ in range(node.num)]
                return Dice(node.num, size, dice)

        _LIB = SimpleNamespace(d20=d20, ast=diceast, FacesRoller=FacesRoller)
    return _LIB

# The dice the games write: NdM, + and −, a whole number, and keep highest or lowest
# (ST-13: damage with advantage or disadvantage, 2d8kh1). Anything else d20 reads is refused.
ARITHMETIC = ("+", "-")
KEEPS = ("h", "l")
REROLLING = ("rr", "ro", "ra", "e")  # they roll extra dice, unknown from a list of faces
MAX_DICE = 100
LARGEST_DIE = 1000  # the games roll d4 to d20 (and d100 for a table): no die is larger
_OPERATOR_WORDS = {"*": "multiplication", "/": "division", "//": "division", "%": "a remainder",
                   ">": "a comparison", "<": "a comparison", ">=": "a comparison",
                   "<=": "a comparison", "==": "a comparison", "!=": "a comparison",
                   "rr": "re-rolling", "ro": "re-rolling", "ra": "re-rolling",
                   "e": "exploding dice", "mi": "a minimum", "ma": "a maximum",
                   "p": "dropping dice", "k": "keeping dice by value"}
USABLE = "NdM, + and \u2212, kh/kl (keep highest or lowest) and whole numbers"


@dataclass(frozen=True)
class DieTerm:
    count: int
    size: int


def parse(expr: str) -> Tree:
    """Parse a dice expression, refusing what HarmDesk cannot replay."""
    if not isinstance(expr, str) or not expr.strip():
        raise Refused(f"`dice` must be a dice expression such as d8+3, not {quoted(expr)}")
    return _parse(expr)


# A plain NdM, NdM+K or NdM-K within the bounds below is one d20 reads and `parse`
# accepts: `check` knows it without loading d20's grammar, which costs more than a first
# start's window (sheets' attacks are checked as they are made, the demo campaigns' too).
_PLAIN = re.compile(r"([1-9][0-9]?)?d([1-9][0-9]{0,3})(?:[+-](0|[1-9][0-9]{0,8}))?")


def check(expr: str) -> None:
    """Refuse, as `parse` does, a dice expression HarmDesk cannot replay."""
    plain = _PLAIN.fullmatch(expr) if isinstance(expr, str) else None
    if plain is not None and 2 <= int(plain.group(2)) <= LARGEST_DIE and \
            int(plain.group(3) or 0) <= fields.MOST:
        return
    parse(expr)


def refuse_operator(expr: str, op: str) -> None:
    """A dice operator the games have no use for, named, with what HarmDesk reads."""
    what = _OPERATOR_WORDS.get(op, "an operator")
    if op in REROLLING:
        raise Refused(f"{expr}: the dice operator \u201c{op}\u201d ({what}) cannot be replayed; "
                      "roll them and enter the total as an amount")
    raise Refused(f"{expr}: the dice operator \u201c{op}\u201d ({what}) is not used by the "
                  f"games; HarmDesk reads {USABLE}")


def _check_node(expr: str, node: Node, ast: Any, terms: list[int]) -> None:
    if isinstance(node, ast.BinOp) and node.op not in ARITHMETIC:
        refuse_operator(expr, node.op)
    if isinstance(node, ast.UnOp) and node.op not in ARITHMETIC:
        refuse_operator(expr, node.op)
    if type(node) in (ast.NumberSet, ast.OperatedSet):  # Dice and OperatedDice are sets too
        raise Refused(f"{expr}: sets of dice in ( , ) are not used by the games; "
                      f"HarmDesk reads {USABLE}")
    if isinstance(node, ast.OperatedDice):
        for op in node.operations:
            sels = list(op.sels)
            if op.op != "k" or not sels or any(s.cat not in KEEPS for s in sels):
                shown = op.op + "".join(f"{s.cat or ''}" for s in sels[:1])
                refuse_operator(expr, shown if op.op == "k" and sels and sels[0].cat
                                else op.op)
    if isinstance(node, ast.Literal) and (not isinstance(node.value, int)
                                          or isinstance(node.value, bool)):
        raise Refused(f"{expr}: {node.value} is not a whole number")
    if isinstance(node, ast.Literal) and node.value > fields.MOST:
        raise Refused(f"{expr}: {quoted(node.value)} is more than a rule takes (at most "
                      f"{fields.MOST:,})")
    if isinstance(node, ast.Dice):
        if node.size == "%" or not 2 <= int(node.size) <= LARGEST_DIE:
            raise Refused(f"{quoted(expr)}: d{quoted(node.size)} is not a die HarmDesk can use")
        terms.append(node.num)
    if isinstance(node, ast.AnnotatedNumber) and node.annotations:
        raise Refused(f"{quoted(expr)}: annotations are not allowed in damage dice")


@lru_cache(maxsize=512)
def _parse(expr: str) -> Tree:
    d20, ast = _lib().d20, _lib().ast
    if len(expr) > 100:
        raise Refused("the dice expression is too long")
    try:
        tree = d20.parse(expr)
    except d20.RollSyntaxError as err:
        raise Refused(syntax_words(expr, err)) from None
    except d20.RollError as err:
        raise Refused(f"{expr} is not a dice expression ({str(err).rstrip('.')})") from None
    terms: list[int] = []
    for node in _walk(tree):
        _check_node(expr, node, ast, terms)
    if sum(terms) > MAX_DICE:
        raise Refused(f"{quoted(expr)}: more than {MAX_DICE} dice")
    return tree


def syntax_words(expr: str, err: Exception) -> str:
    """The dice library's syntax error in plain words, never its parser's token names:
    "d7+ is not a dice expression: something is missing after +"."""
    text = expr.strip()
    got = getattr(err, "got", None)
    kind, value = getattr(got, "type", ""), str(getattr(got, "value", "") or "").strip()
    expected = set(getattr(err, "expected", None) or ())
    if not text:
        why = "nothing is typed"
    elif kind == "$END" and "DICE_VALUE" in expected:
        why = "a die needs its number of sides, such as d6"
    elif kind == "$END" and "RPAR" in expected:
        why = "a ( is never closed"
    elif kind == "$END" and text[-1] in "+-*/":
        why = f"something is missing after {text[-1]}"
    elif kind == "$END":
        why = "it ends too soon (2d20kh1 keeps the highest 1)"
    elif kind == "RPAR":
        why = "a ) has no ( before it"
    else:
        why = f"“{value or text}” is not part of a dice expression"
    return f"{text} is not a dice expression: {why}"


def _walk(node: Node) -> Iterator[Node]:
    yield node
    for child in getattr(node, "children", []) or []:
        yield from _walk(child)


def dice_terms(expr: str) -> list[DieTerm]:
    """The dice of an expression in the order their faces are given."""
    dice_node = _lib().ast.Dice
    return [DieTerm(n.num, int(n.size)) for n in _walk(parse(expr)) if isinstance(n, dice_node)]


def sides(expr: str) -> list[int]:
    """One entry per face the expression needs: `2d6+d4` -> [6, 6, 4]."""
    return [t.size for t in dice_terms(expr) for _ in range(t.count)]


@dataclass(frozen=True)
class DiceTotal:
    expr: str
    rolls: tuple[int, ...]
    total: int
    text: str


def total(expr: str, rolls: Any) -> DiceTotal:
    """Total `expr` from the faces in `rolls`; refuse faces that do not fit."""
    need = sides(expr)
    if not isinstance(rolls, list) or not all(
            isinstance(r, int) and not isinstance(r, bool) for r in rolls):
        raise Refused(f"`rolls` must be a list of whole numbers, one per die of {expr}")
    if len(rolls) != len(need):
        raise Refused(f"{expr} needs {len(need)} face{'s' if len(need) != 1 else ''} "
                      f"in `rolls`, not {len(rolls)}")
    for face, size in zip(rolls, need, strict=True):
        if not 1 <= face <= size:
            raise Refused(f"a d{size} cannot show {face}")
    value, shown = _raw(expr, list(rolls))
    if value < 0:
        return DiceTotal(expr, tuple(rolls), 0, f"{shown}, counted as 0")
    return DiceTotal(expr, tuple(rolls), value, shown)


def _raw(expr: str, faces: list[int]) -> tuple[int, str]:
    """`expr` totalled from `faces` (checked by the caller), a total below 0 as it is."""
    lib = _lib()
    try:
        result = lib.FacesRoller(faces).roll(parse(expr),
                                             stringifier=lib.d20.SimpleStringifier())
        value = int(result.total)
    except lib.d20.RollError as err:  # d6/0: the expression reads, but cannot be totalled
        raise Refused(f"{expr} cannot be totalled: {str(err).rstrip('.').lower()}") from None
    return value, str(result).replace("-", MINUS)


@lru_cache(maxsize=512)
def _ends(expr: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The faces that give `expr`'s least and its most total. A total only adds and takes
    away dice (kept dice among them), so each die pushes it one way: a die added is
    least at 1, a die taken away (d6-d4's d4) at its highest face."""
    need = sides(expr)
    ones, tops = [1] * len(need), list(need)
    low, high = list(ones), list(tops)
    for i, size in enumerate(need):
        up = _raw(expr, ones[:i] + [size] + ones[i + 1:])[0] - _raw(expr, ones)[0]
        down = _raw(expr, tops)[0] - _raw(expr, tops[:i] + [1] + tops[i + 1:])[0]
        if up + down < 0:
            low[i], high[i] = size, 1
    return tuple(low), tuple(high)


def bounds(expr: str) -> tuple[int, int]:
    """The least and the most `expr` totals (a total below 0 counts as 0, as `total` does)."""
    low, high = _ends(expr)
    return total(expr, list(low)).total, total(expr, list(high)).total


# the average is counted outcome by outcome up to this many outcomes (every HP a game
# writes); beyond it the midpoint of the totals stands in
_COUNTED_OUTCOMES = 20_000


def average(expr: str) -> int:
    """The average of `expr`'s totals (each below 0 counted as 0), rounded down: a
    creature's HP "taken as the average"."""
    need = sides(expr)
    outcomes = 1
    for size in need:
        outcomes *= size
    low, high = (_raw(expr, list(faces))[0] for faces in _ends(expr))
    keeps = any(isinstance(n, _lib().ast.OperatedDice) for n in _walk(parse(expr)))
    if (low >= 0 and not keeps) or outcomes > _COUNTED_OUTCOMES:
        # a sum of dice is symmetric about its midpoint; kept dice, or totals counted as
        # 0 below it, are not, and are counted
        return max(0, (low + high) // 2)
    import itertools
    totals = [total(expr, list(faces)).total
              for faces in itertools.product(*(range(1, s + 1) for s in need))]
    return sum(totals) // len(totals)


@dataclass(frozen=True)
class AttackDice:
    """An attack expression `[n]dS[kh1][+k]` as a gang-up reads it (ST-2)."""

    dice: str  # the dice as written, without the bonus: "2d8kh1"
    size: int  # the largest die's size
    most: int  # the most the dice can show: 12 for 2d6, 8 for 2d8kh1
    bonus: int


def attack_dice(expr: str) -> AttackDice:
    """Read an attack expression: its dice (plain, or kept highest or lowest, `2d8kh1`)
    and its flat bonus. Subtracted dice are refused."""
    tree = parse(expr).roll
    ast = _lib().ast
    bonus = 0
    found: list[Node] = []

    def visit(node: Node, sign: int) -> None:
        nonlocal bonus
        if isinstance(node, ast.BinOp) and node.op in "+-":
            visit(node.left, sign)
            visit(node.right, sign if node.op == "+" else -sign)
        elif isinstance(node, ast.Literal):
            bonus += sign * int(node.value)
        elif isinstance(node, (ast.Dice, ast.OperatedDice)) and sign > 0:
            found.append(node)
        elif isinstance(node, ast.Parenthetical):
            visit(node.value, sign)
        else:
            raise Refused(f"{quoted(expr)}: an attacker's damage must read like d8+3")

    visit(tree, 1)
    if not found:
        raise Refused(f"{quoted(expr)}: an attacker's damage needs a die")
    plain = [n if isinstance(n, ast.Dice) else n.value for n in found]
    # one die is written as the games write it: d8, not 1d8
    written = "+".join("d" + str(n)[2:] if str(n).startswith("1d") else str(n) for n in found)
    most = total(written, [int(p.size) for p in plain for _ in range(p.num)]).total
    return AttackDice(written, max(int(p.size) for p in plain), most, bonus)


def amount_of(action: Action, key: str = "amount") -> tuple[int, str]:
    """The amount an action carries: a plain `amount`, or `dice` with `rolls`.

    Returns the number and how it was reached, for the event's explanation.
    """
    if action.get(key) is not None and action.get("dice") is not None:
        raise Refused(f"give `{key}` or `dice`, not both")
    if action.get(key) is not None:
        value = fields.whole(action, key)
        return value, str(value)
    if action.get("dice") is not None:
        parse(action["dice"])  # a roll is asked for only for dice that can be read
        if "rolls" not in action:
            raise Refused(f"the roll for {quoted(action['dice'])} is missing: `rolls` must "
                          "give the faces, or `amount` the total",
                          needs=[{"key": "rolls", "dice": str(action["dice"]),
                                  "why": "damage or healing dice"}])
        result = total(action["dice"], action["rolls"])
        if result.total > fields.MOST:
            raise Refused(f"{result.text} is {result.total:,}, more than a rule takes "
                          f"(at most {fields.MOST:,})")
        return result.total, result.text
    raise Refused(f"`{key}` is missing (or `dice` with `rolls`)")
