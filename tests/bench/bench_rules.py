"""Rules benchmark: does one apply cost the same however many characters share the desk?

    python tests/bench/bench_rules.py [--runs N] [--actions N]

For Stonetop, Lux Aeterna and Freedom Fantasies on desks of 12, 200 and 1,000 characters,
times `rules.apply` per action over a chain of hits and heals, each on one of the first
twelve characters (so every desk size applies the same actions to the same sheets), each
action applied to the state the one before it made. The runs are interleaved: every run
times every game and size once, in turn. It prints min / median / max per apply over the
runs, the ratio of 1,000 to 12 characters, and each figure as a multiple of a bare
yardstick measured in the same runs: copying one character's state (`dict(state)`) and
writing it as JSON (`json.dumps`), the least an apply that changes one character and is
saved does to it.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from harmdesk import rules

SIZES = (12, 200, 1000)
TOUCHED = 12  # the actions name only the first twelve characters, at every size


def option(flag: str, default: int) -> int:
    return int(sys.argv[sys.argv.index(flag) + 1]) if flag in sys.argv else default


def stonetop(i: int) -> dict:
    return {"id": f"c{i}", "name": f"Character {i}", "kind": "pc" if i < 6 else "monster",
            "max_hp": 40 + i % 5, "armor": i % 3}


def lux_aeterna(i: int) -> dict:
    return {"id": f"c{i}", "name": f"Character {i}", "kind": "pc" if i < 6 else "monster",
            "max_hp": 40 + i % 5, "physical_vulnerability": i % 2}


def freedom_fantasies(i: int) -> dict:
    return {"id": f"c{i}", "name": f"Character {i}", "kind": "pc" if i < 6 else "monster",
            "hp": 40 + i % 5, "might": i % 3}


GAMES: dict[str, tuple[Callable[[int], dict], list[Callable[[str], dict]]]] = {
    "stonetop": (stonetop, [lambda c: {"type": "damage", "target": c, "amount": 3},
                            lambda c: {"type": "damage", "target": c, "amount": 3,
                                       "piercing": 1},
                            lambda c: {"type": "heal", "target": c, "amount": 5}]),
    "lux_aeterna": (lux_aeterna, [lambda c: {"type": "damage", "target": c, "amount": 3},
                                  lambda c: {"type": "heal", "target": c, "amount": 3}]),
    "freedom_fantasies": (freedom_fantasies,
                          [lambda c: {"type": "damage", "target": c, "amount": 3},
                           lambda c: {"type": "heal", "target": c, "amount": 3}]),
}


def actions(game: str, count: int) -> list[dict]:
    kinds = GAMES[game][1]
    return [kinds[i % len(kinds)](f"c{(i // len(kinds)) % TOUCHED}") for i in range(count)]


def desk(game: str, size: int) -> dict:
    return rules.new_state(game, {}, [GAMES[game][0](i) for i in range(size)])


def per_apply(state: dict, chain: list[dict]) -> float:
    t = time.perf_counter()
    for action in chain:
        outcome = rules.apply(state, action)
        state = outcome.state
    took = time.perf_counter() - t
    assert outcome.ok, outcome.error
    return took / len(chain)


def per_yardstick(char: dict, count: int) -> float:
    t = time.perf_counter()
    for _ in range(count):
        json.dumps(dict(char))
    return (time.perf_counter() - t) / count


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.4f}"


def main() -> None:
    runs, count = option("--runs", 9), option("--actions", 600)
    desks = {(g, n): desk(g, n) for g in GAMES for n in SIZES}
    chains = {g: actions(g, count) for g in GAMES}
    for (g, _), state in desks.items():  # every chain applies in full, once, unmeasured
        per_apply(state, chains[g])
    sample = desks["stonetop", 12]["characters"]["c0"]
    times: dict[tuple[str, int], list[float]] = {key: [] for key in desks}
    bare: list[float] = []
    for run in range(runs):
        bare.append(per_yardstick(sample, count))
        order = list(desks) if run % 2 == 0 else list(reversed(desks))
        for key in order:
            times[key].append(per_apply(desks[key], chains[key[0]]))
    yard = statistics.median(bare)
    print(f"{runs} interleaved runs of {count} applies each; bare yardstick "
          f"(dict copy + json.dumps of one Stonetop character): min {ms(min(bare))} / "
          f"median {ms(yard)} / max {ms(max(bare))} ms\n")
    print("| game | characters | per apply, ms: min / median / max | median × bare |")
    print("|---|---:|---|---:|")
    for (g, n), got in times.items():
        median = statistics.median(got)
        print(f"| {g} | {n:,} | {ms(min(got))} / {ms(median)} / {ms(max(got))} | "
              f"{median / yard:.1f}× |")
    print("\n| game | 1,000 ÷ 12 characters: min / median / max of the per-run ratios |")
    print("|---|---|")
    for g in GAMES:
        ratios = [big / small for big, small in zip(times[g, 1000], times[g, 12], strict=True)]
        print(f"| {g} | {min(ratios):.2f} / {statistics.median(ratios):.2f} / "
              f"{max(ratios):.2f} |")


if __name__ == "__main__":
    main()
