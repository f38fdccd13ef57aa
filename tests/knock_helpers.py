"""Small helpers for the Swedish Knock tests: explicit deals as contract records, and actions
written the short way.

A test names each seat's five cards, the upcard and the first cards of the stock; the rest of
the pack fills the stock in pack order, so every record is a whole 52-card pack. Actions are
short text (``"a draw stock"``, ``"a discard KS"``, ``"b knock"``) turned into the record's
JSON, so every test also checks that records say what they mean.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import kortspel
from kortspel.french import PACK
from kortspel.knock import KnockState


def act(text: str) -> dict[str, Any]:
    """``"a draw stock"`` -> ``{"seat": "a", "do": "draw", "from": "stock"}``."""
    words = text.split()
    seat, verb, rest = words[0], words[1], words[2:]
    out: dict[str, Any] = {"seat": seat, "do": verb}
    if verb == "draw":
        out["from"] = rest[0]
    elif verb == "discard":
        out["card"] = rest[0]
    return out


def record(hands: Mapping[str, Sequence[str]], upcard: str, *actions: str,
           stock: Sequence[str] = (), seats: Sequence[str] | None = None,
           dealer: str | None = None, scores: Mapping[str, int] | None = None,
           stars: Mapping[str, int] | None = None, skunks: Mapping[str, int] | None = None,
           out: Sequence[str] = (), rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A round record: ``hands`` for the seats still in, ``stock`` its top cards (the rest of
    the pack follows in pack order). The last seat deals unless ``dealer`` says."""
    names = list(seats) if seats is not None else list(hands)
    used = [c.upper() for h in hands.values() for c in h] + [upcard.upper()]
    used += [c.upper() for c in stock]
    rest = [c for c in PACK if c not in used]
    rec: dict[str, Any] = {
        "game": "knock", "seats": names,
        "dealer": dealer if dealer is not None else [n for n in names if n not in out][-1],
        "scores": dict(scores or {}), "stars": dict(stars or {}), "skunks": dict(skunks or {}),
        "out": list(out),
        "deal": {n: list(h) for n, h in hands.items()},
        "upcard": upcard, "stock": list(stock) + rest,
        "actions": [act(a) for a in actions],
    }
    if rules is not None:
        rec["rules"] = dict(rules)
    return rec


def play(rec: Mapping[str, Any], *more: str) -> KnockState:
    """The record replayed (through JSON, as a saved file would be), then ``more`` actions
    applied as text."""
    state = kortspel.replay(json.loads(json.dumps(rec)))
    for text in more:
        state.apply(text)
    return state


def kinds(state: KnockState) -> list[str]:
    return [e.kind for e in state.events]


def texts(state: KnockState) -> str:
    return " ".join(e.text for e in state.events)


def whole_turns(*turns: str) -> list[str]:
    """``"a stock KS"`` -> ``["a draw stock", "a discard KS"]``; ``"b pile 3C"`` takes the
    discard pile's top; ``"c knock"`` is a knock."""
    out = []
    for t in turns:
        w = t.split()
        if w[1] == "knock":
            out.append(f"{w[0]} knock")
        else:
            src = "stock" if w[1] == "stock" else "discard"
            out += [f"{w[0]} draw {src}", f"{w[0]} discard {w[2]}"]
    return out


# ---------------------------------------------------------------------------------------------
# The worked rounds shipped in kortspel/knock/records/: built here by playing the engine on
# chosen deals (``python tests/knock_helpers.py`` writes them again)
# ---------------------------------------------------------------------------------------------

Turn = tuple[str, str]  # (action as short text, the comment that teaches it)


def worked(title: str, intro: str, hands: Mapping[str, Sequence[str]], upcard: str,
           turns: Sequence[Turn], summary: str, **kw: Any) -> dict[str, Any]:
    """A worked round: the record of ``hands`` with each action's comment, checked by
    replaying it (an action the rules refuse fails here, not in a lesson)."""
    rec = record(hands, upcard, *[a for a, _ in turns], **kw)
    for action, (_, comment) in zip(rec["actions"], turns, strict=True):
        action["comment"] = comment
    kortspel.replay(rec)
    out = {"game": "knock", "title": title, "intro": intro}
    out.update({k: v for k, v in rec.items() if k != "game"})
    out["summary"] = summary
    return out


def _stock_run() -> dict[str, Any]:
    """Five seats draw from the stock turn after turn and nobody knocks, so the stock runs
    out: every seat throws the card that leaves its hand lowest (the highest on a tie)."""
    from kortspel.knock import best_grouping, hand_value

    game = kortspel.load("knock", seats=5)
    for seed in range(100):
        st = game.new_hand(seed=seed)
        turns: list[Turn] = []
        ok = not st.is_over
        while ok and not st.is_over:
            me = st.to_act
            who = st.game.names[me]
            st.apply("draw stock")
            drawn = st.hand(me)[-1]
            left = st.stock_count
            note = (f"{who} draws from the stock: {plural_cards(left)} left." if left else
                    f"{who} draws the stock's last card: once {who} has discarded, the round "
                    "is over.")
            turns.append((f"{who} draw stock", note))
            hand = st.hand(me)
            throw = min(hand, key=lambda c: (hand_value([x for x in hand if x != c]),
                                             -kortspel.knock.cards.points(c)))
            st.apply(f"discard {throw}")
            value = st.value(me) if not st.is_over else hand_value(st.hand(me))
            why = "the card just drawn" if throw == drawn else "the card it needs least"
            turns.append((f"{who} discard {throw}",
                          f"{who} throws {show(throw)}, {why}, and holds {value}."))
            ok = not (st.is_over and st.outcome.ended_by == "zero")
        if ok and st.outcome.ended_by == "stock" and min(
                v for v in st.outcome.values if v is not None) > 0:
            rec = st.record()
            last = st.game.names[st.actions[-1].seat]
            final = {n: best_grouping(st.hand(i)).describe()
                     for i, n in enumerate(st.game.names)}
            r = st.result()
            low = r["next_dealer"]
            text = (f"The stock's last card went to {last}, whose discard ended the round: "
                    f"with no card left to draw the round stops, though nobody knocked. "
                    f"Every hand is counted as it stands. "
                    + " ".join(f"{n}: {final[n]}." for n in st.game.names)
                    + f" Nobody knocked, so nobody gets a star, and {low}, lowest this "
                    "round, deals the next.")
            hands = {n: rec["deal"][n] for n in rec["seats"]}
            return worked(
                "The stock runs out",
                "Five seats leave 26 cards in the stock. Here nobody knocks: each seat draws "
                "from the stock and throws the card it needs least. Watch the count of the "
                "stock: the turn that takes its last card is finished with a discard, and "
                "then the round ends at once.",
                hands, rec["upcard"], turns, text, stock=rec["stock"], dealer=rec["dealer"])
    raise AssertionError("no deal among the first 100 seeds ran the stock out")


def plural_cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def show(card: str) -> str:
    from kortspel.french import show as shown

    return f"the {shown(card)}"


def examples() -> dict[str, dict[str, Any]]:
    """Every worked round, by file name."""
    out: dict[str, dict[str, Any]] = {}
    out["valid-knock"] = worked(
        "A knock that holds",
        "Three seats; c deals, so a plays first. a starts with a pair of 4s, and the stock "
        "brings a third.",
        {"a": ["4S", "4H", "9D", "3C", "AS"], "b": ["6H", "7C", "10D", "QC", "KD"],
         "c": ["5S", "8S", "JD", "QH", "3D"]}, "9C",
        [("a draw stock", "a draws the 4♦: three 4s now, a set that counts nothing."),
         ("a discard 9D", "a throws the 9♦ and holds 3♣ and A♠ beside the set: 4 points."),
         ("b draw stock", "b draws the 7♠, making a pair of 7s (a pair alone counts in full)."),
         ("b discard KD", "b throws the K♦, the costliest card, and holds 42."),
         ("c draw stock", "c draws the 6♣."),
         ("c discard JD", "c throws the J♦ and holds 34."),
         ("a knock", "a knocks on 4 instead of drawing: the hand stays as it is, and b and c "
                     "each get one last turn."),
         ("b draw stock", "b's last turn: b draws the 9♥."),
         ("b discard QC", "b throws the Q♣ and ends on 39."),
         ("c draw stock", "c's last turn: c draws a 2, a wild card with nothing to join."),
         ("c discard QH", "c throws the Q♥; the lone 2 counts 2, and c ends on 24.")],
        "The hands are shown: a 4, b 39, c 24. Nobody is below a's 4, so the knock holds "
        "and costs a nothing. Each seat adds its hand to its total, and a, lowest this "
        "round, deals the next.",
        stock=["4D", "7S", "6C", "9H", "2D"])
    out["invalid-knock-star"] = worked(
        "A knock that fails: the second star",
        "Four seats in a game under way: a already has one star from an earlier wrong "
        "knock. a holds a 2 that makes the 3s a set, so a's hand is worth 10, and a knocks "
        "at once.",
        {"a": ["AH", "3S", "3H", "2D", "9C"], "b": ["5C", "5D", "6S", "8H", "JH"],
         "c": ["4C", "4D", "7H", "10S", "QS"], "d": ["AD", "AC", "4H", "3D", "KS"]}, "8C",
        [("a knock", "a knocks on 10 (A♥ 1 + 9♣ 9; the 3s and the 2 are a set). The others "
                     "each get one more turn."),
         ("b draw stock", "b draws the 5♥: three 5s."),
         ("b discard JH", "b throws the J♥ and ends on 14 (6♠ and 8♥)."),
         ("c draw stock", "c draws the 4♠: three 4s."),
         ("c discard QS", "c throws the Q♠ and ends on 17."),
         ("d draw stock", "d draws the 2♠, which turns d's pair of Aces into a set."),
         ("d discard KS", "d throws the K♠ and ends on 7: lower than a's 10.")],
        "The hands are shown: a 10, b 14, c 17, d 7. d is strictly lower than the knocker, "
        "so a's knock fails: a gets a star, a's second, and a second star costs 10. a's "
        "round score is 10 + 10 = 20. d has the lowest round score and deals next.",
        stock=["5H", "4S", "2S"], scores={"a": 23, "b": 31, "c": 12, "d": 40},
        stars={"a": 1})
    out["zero-on-the-deal"] = worked(
        "Zero from the deal",
        "b is dealt three 8s and two 2s: five cards in one set, worth nothing. A zero hand "
        "is shown at once, so this round ends before anyone has a turn.",
        {"a": ["AS", "5D", "9C", "JH", "KS"], "b": ["8S", "8H", "8D", "2C", "2H"],
         "c": ["3S", "6H", "7C", "10D", "QH"]}, "4C", [],
        "Nobody plays: b's zero ends the round as dealt. a scores 39 and c 38, added to "
        "their totals, and b, with the lowest round score, deals the next round.",
        scores={"a": 15, "b": 40, "c": 22})
    out["zero-in-the-last-turns"] = worked(
        "Zero in the last turns",
        "a knocks early on 14. b holds three 7s and a 2 beside a King; one more 7 would make "
        "all five cards a set.",
        {"a": ["AS", "AH", "3C", "4D", "5S"], "b": ["7S", "7H", "7D", "2C", "KS"],
         "c": ["6C", "8D", "10H", "JS", "QD"]}, "9S",
        [("a knock", "a knocks on 14: A♠ A♥ 3♣ 4♦ 5♠, no set."),
         ("b draw stock", "b's last turn: b draws the 7♣."),
         ("b discard KS", "b throws the K♠. Four 7s and a 2 are one set: b's hand is worth "
                          "zero, b shows it, and the round ends at once. c never gets its "
                          "last turn.")],
        "b's zero ends the round. The knock is judged all the same: b's 0 is below a's 14, "
        "so a's knock fails and a gets a first star, which costs nothing. c counts the hand "
        "it was dealt, 47. b, on 0, deals next.",
        stock=["7C"])
    out["stock-runs-out"] = _stock_run()
    out["wild-two-in-a-set"] = worked(
        "A 2 stands in a set",
        "a deals, so b plays first. b holds two 10s and a 2: the 2 stands for a third 10, "
        "the three cards make a set, and b's hand is worth only the 3♣ and the A♥. c holds a "
        "2 with nothing to join, and that 2 counts 2.",
        {"a": ["5S", "7D", "9H", "JC", "QS"], "b": ["10S", "10H", "2D", "3C", "AH"],
         "c": ["2S", "6D", "9C", "JH", "KC"]}, "8D",
        [("b knock", "b knocks on 4 at once: 10♠ 10♥ 2♦ are a set, 3 + 1 are left."),
         ("c draw stock", "c draws the 4♥."),
         ("c discard KC", "c throws the K♣ and ends on 32, the 2 counting 2."),
         ("a draw stock", "a's last turn: a draws the 6♣."),
         ("a discard QS", "a throws the Q♠ and ends on 38.")],
        "The hands are shown: b 4, c 32, a 38. b's knock holds. With the 2 in b's set, b "
        "pays for the 3♣ and the A♥ only; c's 2 stood in no set and cost its 2. b deals the "
        "next round.",
        stock=["4H", "6C"], dealer="a")
    out["discard-pile-take"] = worked(
        "Taking from the discard pile",
        "The discard pile's top card is public, and so is taking it: everyone sees which "
        "card went into which hand. Here three seats each take the card they need.",
        {"a": ["6S", "6D", "9C", "QH", "KS"], "b": ["KH", "KC", "3S", "4S", "8D"],
         "c": ["8S", "8C", "2H", "JD", "10C"]}, "6H",
        [("a draw discard", "a takes the 6♥ from the discard pile: three 6s. Everyone now "
                            "knows a holds the 6♥."),
         ("a discard KS", "a may not throw back the 6♥ this turn; a throws the K♠ and holds "
                          "21."),
         ("b draw discard", "b takes a's K♠ to make three Kings."),
         ("b discard 8D", "b throws the 8♦ and holds 7 (3♠ and 4♠)."),
         ("c draw discard", "c takes b's 8♦: with the 8♠, the 8♣ and the 2♥ that is a set "
                            "of four."),
         ("c discard JD", "c throws the J♦ and holds 10 (the 10♣)."),
         ("a draw stock", "a draws the A♥."),
         ("a discard QH", "a throws the Q♥ and holds 10."),
         ("b knock", "b knocks on 7."),
         ("c draw stock", "c's last turn: c draws the Q♣, no help."),
         ("c discard QC", "c throws the Q♣ at once (a card from the stock may go straight "
                          "back) and stays on 10."),
         ("a draw stock", "a's last turn: a draws the K♦."),
         ("a discard KD", "a throws it and stays on 10.")],
        "The hands are shown: a 10, b 7, c 10. b's knock holds. Each seat kept the card it "
        "took from the pile, and the others saw it go: a seat may read the pile to guess "
        "what its neighbours collect. b deals next.",
        stock=["AH", "QC", "KD"])
    out["out-skunks-and-circles"] = worked(
        "Two seats out, a winner with four circles",
        "Late in a game. d went over 100 in an earlier round, while b stood below 50, so b "
        "already has one skunk. a and c are in the 90s and b is on 30. c deals, d sits out, "
        "and a plays first.",
        {"a": ["7C", "9D", "JS", "QD", "KC"], "b": ["2S", "2H", "AC", "3C", "4H"],
         "c": ["8C", "10D", "JH", "QH", "KH"]}, "9H",
        [("a draw stock", "a draws the 5♠."),
         ("a discard KC", "a throws the K♣ and holds 44."),
         ("b knock", "b knocks on 4: the two 2s stand with the 4♥ as a set of 4s, and "
                     "A♣ + 3♣ are left."),
         ("c draw stock", "c's last turn: c draws the 3♦."),
         ("c discard KH", "c throws the K♥ and ends on 44."),
         ("a draw stock", "a's last turn: a draws the 6♠."),
         ("a discard QD", "a throws the Q♦ and ends on 38.")],
        "b's knock holds. a adds 38 and reaches 133, c adds 44 and reaches 136: both go "
        "over 100 and are out, after d. b, on 34, is below 50 as they go, so b earns a "
        "skunk for each: 3 skunks in all. b is the only seat left and wins the game; b's "
        "score is circled once for the win and once per skunk, 4 circles.",
        seats=["a", "b", "c", "d"], dealer="c", out=["d"],
        scores={"a": 95, "b": 30, "c": 92, "d": 104}, skunks={"b": 1},
        stock=["5S", "3D", "6S"])
    out["tie-for-next-dealer"] = worked(
        "A tie for the next deal",
        "a knocks on 12 with five loose cards. b and c each hold three of a kind, so their "
        "last turns may bring them under a.",
        {"a": ["AD", "AC", "3C", "4C", "3D"], "b": ["6S", "6H", "6D", "9S", "KD"],
         "c": ["4S", "4H", "4D", "8C", "QH"]}, "10C",
        [("a knock", "a knocks on 12 (1 + 1 + 3 + 4 + 3)."),
         ("b draw stock", "b's last turn: b draws the 2♣, which joins the 6s."),
         ("b discard KD", "b throws the K♦ and ends on 9 (the 9♠)."),
         ("c draw stock", "c's last turn: c draws the A♥."),
         ("c discard QH", "c throws the Q♥ and ends on 9 (8♣ + A♥).")],
        "b and c both end on 9, below a's 12: a's knock fails and a takes a first star "
        "(no cost yet). b and c share the lowest round score, and the knocker is not one "
        "of them, so their cards are counted at face value with no set zeroed: b's 6 6 6 9 "
        "2 make 29, c's 4 4 4 8 A make 21. c is lower and deals next.",
        stock=["2C", "AH"])
    out["everyone-out"] = worked(
        "Everyone out: nobody wins",
        "c is already out. a and b are both on the edge, 98 and 99: any hand but a zero "
        "takes them over 100.",
        {"a": ["5C", "5D", "5H", "AS", "9S"], "b": ["KC", "KD", "3S", "4S", "5S"]}, "QH",
        [("a knock", "a knocks on 10: three 5s, then A♠ and 9♠."),
         ("b draw stock", "b's last turn: b draws the 2♥, a third King."),
         ("b discard 5S", "b throws the 5♠ and ends on 7, under a's 10.")],
        "a's knock fails (b's 7 is lower): a first star, free. a reaches 108 and b 106, "
        "both over 100, so both go out, after c. No seat is left, so nobody wins the game, "
        "and there is no next dealer.",
        seats=["a", "b", "c"], dealer="b", out=["c"],
        scores={"a": 98, "b": 99, "c": 112}, stock=["2H"])
    return out


def write_examples() -> None:
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "kortspel" / "knock" / "records"
    folder.mkdir(exist_ok=True)
    for name, rec in examples().items():
        text = json.dumps(rec, ensure_ascii=False, indent=1) + "\n"
        (folder / f"{name}.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write_examples()
