"""What the better decision gains, in score parts (``review.reasons``)."""

from __future__ import annotations

from ruin_qt.ai.expert_api import ScoreParts
from ruin_qt.review.reasons import Reason, reasons


def parts(total=100, gems=0, penalties=0, routes=(), square1=20, square2=0, escape_vp=0, escaped=None, rnd=5,
          stage=1, collected=()) -> ScoreParts:
    return ScoreParts(total, gems, penalties, tuple(routes), square1, square2, escape_vp, escaped, rnd, stage,
                      tuple(collected))


def test_a_gem_in_every_future_is_the_first_reason():
    played = [(100.0, parts())] * 4
    better = [(112.0, parts(total=110, gems=1))] * 4
    out = reasons(played, better)
    assert out[0] == Reason("gems", 10.0, 1.0)
    assert out[1].kind == "outlook" and out[1].vp == 2.0  # the rest of the 12 VP


def test_a_gem_names_the_destination_it_comes_from():
    played = [(100.0, parts(gems=1, collected="A"))] * 4
    better = [(110.0, parts(total=110, gems=2, collected="AD"))] * 3 \
        + [(110.0, parts(total=110, gems=2, collected="AF"))]
    gem = reasons(played, better)[0]
    assert gem.kind == "gems" and gem.detail == "D"  # F, in one future of four, is not sure enough
    two = reasons(played, [(120.0, parts(total=120, gems=3, collected="ADF"))] * 4)[0]
    assert two == Reason("gems", 20.0, 2.0, "D,F")
    # Gems gained somewhere different in every future: no destination is named.
    spread = [(110.0, parts(total=110, gems=2, collected="A" + k)) for k in "DFGH"]
    assert reasons(played, spread)[0].detail == ""


def test_a_route_completed_in_most_futures_and_a_penalty_avoided():
    played = [(90.0, parts(total=90, penalties=1))] * 4
    better = [(120.0, parts(total=115, routes=("B-U",))), (120.0, parts(total=115, routes=("B-U",))),
              (120.0, parts(total=115, routes=("B-U",))), (100.0, parts(total=100))]
    out = reasons(played, better)
    kinds = [r.kind for r in out]
    assert kinds[:2] == ["route", "penalties"]
    assert out[0].detail == "B-U" and out[0].amount == 0.75 and out[0].vp == 11.25
    assert out[1].amount == 1.0 and out[1].vp == 10.0


def test_an_earlier_escape_and_a_larger_rectangle():
    played = [(200.0, parts(total=200, square2=30, escaped=None, rnd=18, stage=2))] * 2
    better = [(236.0, parts(total=236, square2=36, escape_vp=30, escaped=18, rnd=18, stage=2))] * 2
    out = reasons(played, better)
    assert [r.kind for r in out][:2] == ["escape", "rectangle"]
    assert out[0].amount == 1.0 and out[0].vp == 30.0
    assert out[1] == Reason("rectangle", 6.0, 6.0, "2")


def test_nothing_in_the_parts_leaves_the_outlook_alone():
    played = [(100.0, parts())] * 3
    better = [(103.0, parts())] * 3
    assert reasons(played, better) == (Reason("outlook", 3.0, 3.0),)
    assert reasons([], []) == ()


def test_reasons_read_back_from_json():
    r = Reason("route", 15.0, 1.0, "B-U")
    assert Reason.from_json(r.to_json()) == r
