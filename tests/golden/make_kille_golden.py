"""Write ``kille_golden.json.gz``: records and digests of Kille hands, from the engine as it is.

Run on the engine before the engine-core rewrite (a checkout of commit 025aa5c) as
``KORTSPEL_ENGINE_ROOT=/path/to/that/checkout python tests/golden/make_kille_golden.py``,
with the restated phrases of ``kille_digest.REWORDED`` applied. Running it on a later engine
would only copy that engine's behaviour, so it is kept for the record, not for ``make test``.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The engine to record: a checkout of the engine before the rewrite (KORTSPEL_ENGINE_ROOT),
# or this repository.
sys.path.insert(0, os.environ.get("KORTSPEL_ENGINE_ROOT", str(HERE.parents[1])))
sys.path.insert(0, str(HERE))

from kille_digest import digest  # noqa: E402

import kortspel  # noqa: E402
from kortspel.core import RandomBot, step  # noqa: E402

try:  # the engine before the rewrite kept its bots in kortspel.bots
    from kortspel.bots import KilleHeuristic  # type: ignore[import-not-found]  # noqa: E402
except ImportError:
    from kortspel.kille import KilleHeuristic  # noqa: E402

OPTIONS = [{"dealt_harlekin": dh, "kuku_call": kc}
           for dh in ("high", "low") for kc in ("anytime", "asked")]


def random_records(count: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        seats = 2 + i % 7
        rules = OPTIONS[(i // 7) % 4]
        game = kortspel.load("kille", seats=seats, **rules)
        lives = None
        if seats > 2 and rng.random() < 0.3:
            alive = rng.sample(range(seats), rng.randint(2, seats - 1))
            lives = [rng.randint(1, 3) if s in alive else 0 for s in range(seats)]
        live = [s for s in range(seats) if lives is None or lives[s] > 0]
        dealer = rng.choice(live)
        asks = rng.choice((0, 0, 1, 2, 3)) if len(live) <= 3 else 0
        st = game.new_hand(rng=rng, dealer=dealer, lives=lives, asks_accepted=asks)
        kinds = (RandomBot(call_rate=0.15), RandomBot(call_rate=0.6), KilleHeuristic())
        bots = [kinds[rng.randrange(3)] for _ in range(seats)]
        stop = rng.randrange(12) if rng.random() < 0.1 else None  # some records stop early
        n = 0
        while not st.is_over and (stop is None or n < stop):
            step(st, bots, rng)
            n += 1
        out.append(st.record())
    return out


def main() -> None:
    hands = [{"name": f"example:{name}", "record": kortspel.example(name)}
             for name in kortspel.examples()]
    hands += [{"name": f"random:{i}", "record": rec}
              for i, rec in enumerate(random_records(3000, seed=20261130))]
    for h in hands:
        h["digest"] = digest(h["record"], old_engine=True)
    path = HERE / "kille_golden.json.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        json.dump({"made_on": "025aa5c", "hands": hands}, fh, ensure_ascii=False)
    print(f"{len(hands)} hands written to {path}")


if __name__ == "__main__":
    main()
