"""The shared engine core: PRNG golden sequence, notation, base-class contract and the harness."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove, Reason, conformance, i18n, notation, prng
from engines.core.contract import Option, Prompt
from tests.engines.toy import NIM


def test_pcg32_matches_reference_demo_output() -> None:
    # pcg32-demo from the PCG reference implementation: seed 42, stream 54.
    r = prng.seed(42, 54)
    assert [prng.next_u32(r) for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E,
    ]


def test_prng_golden_shuffle_and_below() -> None:
    r = prng.seed(2026)
    items = list(range(10))
    prng.shuffle(r, items)
    assert items == [7, 0, 1, 6, 8, 9, 3, 5, 2, 4]
    assert [prng.below(r, 6) for _ in range(8)] == [4, 4, 3, 0, 4, 1, 3, 1]
    assert r["draws"] == 17


def test_prng_below_rejects_empty_range() -> None:
    with pytest.raises(ValueError):
        prng.below(prng.seed(1), 0)


def test_notation_coords_and_slugs() -> None:
    assert notation.coord(2, 3) == "c4"
    assert notation.parse_coord("C4") == (2, 3)
    assert notation.parse_coord("44") is None
    assert notation.slug("Bains publics") == "bains-publics"
    assert notation.slug("Écuries") == "ecuries"
    assert notation.tokens(" build,  Market  c4 ") == ["build", "market", "c4"]


def test_match_option_distinguishes_syntax_illegal_and_ambiguous() -> None:
    opts = [Option("market", "Market"), Option("mason", "Mason"), Option("farm", "Farm")]
    assert notation.match_option("fa", opts).id == "farm"
    assert notation.match_option("market", opts).id == "market"
    with pytest.raises(IllegalMove) as e:
        notation.match_option("ma", opts)
    assert e.value.reason is Reason.AMBIGUOUS
    with pytest.raises(IllegalMove) as e:
        notation.match_option("zoo", opts)
    assert e.value.reason is Reason.ILLEGAL
    with pytest.raises(IllegalMove) as e:
        notation.match_option("bad!", opts)
    assert e.value.reason is Reason.BAD_SYNTAX


def test_option_ids_are_validated() -> None:
    with pytest.raises(ValueError):
        Option("Bad Id", "x")
    with pytest.raises(ValueError):
        Prompt(0, "q", [Option("a", "a"), Option("a", "b")])


def test_apply_refuses_out_of_turn_unknown_and_explains() -> None:
    s = NIM.new_game(2, 1, {"stones": "9"})
    with pytest.raises(IllegalMove) as e:
        NIM.apply(s, 1, "take1")
    assert e.value.reason is Reason.NOT_YOUR_TURN
    s = NIM.play(NIM.play(NIM.play(s, 0, "a take3"), 1, "a take1"), 0, "b take3")
    assert s["piles"] == {"a": 0, "b": 2}
    s = NIM.apply(s, 1, "b")
    with pytest.raises(IllegalMove) as e:
        NIM.apply(s, 1, "take3")
    assert "Only 2 stones" in str(e.value) and e.value.text("fr") == e.value.text("en"), "a literal reads the same in every language"


def test_typed_tokens_get_the_games_specific_reason() -> None:
    s = NIM.play(NIM.new_game(2, 1, {"stones": "9"}), 0, "b take3")
    with pytest.raises(IllegalMove) as e:
        NIM.play(s, 1, "b take3")
    assert "Only 2 stones" in str(e.value)
    with pytest.raises(IllegalMove) as e:
        NIM.play(s, 0, "a")
    assert e.value.reason is Reason.NOT_YOUR_TURN


def test_a_full_id_stands_for_its_path() -> None:
    # "atake2" is not an option at the pile step, but "a" is, and then "take2" is not "atake2":
    # drilling needs the deeper id to extend the shallower one, as hex ids do (b -> b3 -> b35).
    s = NIM.new_game(1, 1, {"stones": "9"})
    with pytest.raises(IllegalMove):
        NIM.play(s, 0, "atake2")

    class Hex(type(NIM)):  # type: ignore[misc]
        """Nim whose amount ids extend the pile id: pile 'a', then 'a1'..'a3'."""

        def prompt(self, state, seat):  # type: ignore[no-untyped-def]
            p = super().prompt(state, seat)
            if p is None or state["picked"] is None:
                return p
            return Prompt(seat, p.text, [Option(state["picked"] + o.id[4:], o.label) for o in p.options])

        def step(self, state, seat, option_id):  # type: ignore[no-untyped-def]
            super().step(state, seat, option_id if state["picked"] is None else "take" + option_id[1:])

    hexy = Hex()
    s = hexy.new_game(1, 1, {"stones": "9"})
    assert hexy.expand(s, 0, "a2") == ["a", "a2"]
    assert hexy.play(s, 0, "a2")["piles"]["a"] == 2
    with pytest.raises(IllegalMove) as e:
        hexy.play(s, 0, "a9")
    assert e.value.reason is Reason.ILLEGAL


def test_play_is_all_or_nothing() -> None:
    s = NIM.new_game(1, 1, {"stones": "9"})
    with pytest.raises(IllegalMove):
        NIM.play(s, 0, "a take9")
    assert s["pile"] == 9 and s["picked"] is None


def test_checkpoint_grows_on_turn_end_and_random_draws() -> None:
    s = NIM.new_game(2, 5)
    c = NIM.checkpoint(s)
    s1 = NIM.apply(s, 0, "a")
    assert NIM.checkpoint(s1) == c, "picking a pile is reversible"
    s2 = NIM.apply(s1, 0, "take1")
    assert NIM.checkpoint(s2) > c and NIM.turns(s2) == 1 and NIM.turns(s) == 0


def test_options_are_validated() -> None:
    with pytest.raises(ValueError):
        NIM.new_game(2, 1, {"stones": "7"})
    with pytest.raises(ValueError):
        NIM.new_game(2, 1, {"colour": "red"})
    with pytest.raises(ValueError):
        NIM.new_game(4, 1)


def test_from_json_refuses_foreign_or_broken_states() -> None:
    s = NIM.new_game(2, 1)
    with pytest.raises(ValueError):
        NIM.from_json({**s, "game": "minerva"})
    with pytest.raises(ValueError):
        NIM.from_json({k: v for k, v in s.items() if k != "rng"})
    assert NIM.from_json(NIM.to_json(s)) == s


def test_harness_runs_the_toy_game() -> None:
    for n, opts in conformance.configs(NIM):
        p = conformance.run(NIM, n, 3, opts)
        conformance.check_replay(p)
        conformance.check_play_equals_apply(p)
        conformance.check_refusals(p)


def test_harness_catches_a_leaking_view() -> None:
    class Leaky(type(NIM)):  # type: ignore[misc]
        def view(self, state, seat):  # type: ignore[no-untyped-def]
            return {**super().view(state, seat), "all": state["secret"]}

    with pytest.raises(AssertionError, match="leaks secrets"):
        conformance.run(Leaky(), 2, 1)


def test_ranks_share_places_and_name_the_deciding_tie_break() -> None:
    from engines.core.ranks import competition_ranks, ranked, winners

    assert competition_ranks([(5,), (5,), (3,)]) == [1, 1, 3]
    crit = ["more gold", i18n.Words.of(en="smaller order tile", fr="plus petite tuile d'ordre")]
    res = ranked([9, 9, 9, 4], [{"p": 9}, {"p": 9}, {"p": 9}, {"p": 4}], [(5, 0), (3, 2), (3, 1), (0, 0)], crit)
    assert res["ranks"] == [1, 2, 3, 4] and res["ranking"] == [0, 1, 2, 3]
    assert [d and i18n.say(d, "en") for d in res["decided_by"]] == ["more gold", "smaller order tile", "smaller order tile", None]
    assert i18n.say(res["decided_by"][1], "fr") == "plus petite tuile d'ordre", "stored as JSON, read in the reader's language"
    tie = ranked([7, 7], [{"p": 7}, {"p": 7}], [(1, 1), (1, 1)], crit)
    assert tie["ranks"] == [1, 1] and winners(tie) == [0, 1] and tie["decided_by"] == [None, None]
    assert winners({**tie, "no_winner": {"en": "x", "fr": "x"}}) == []


def test_names_fill_placeholders_and_fall_back_to_player_numbers() -> None:
    from engines.core.names import fill, names_seat, ref

    text = f"{ref(1)} trades with {ref(0)}."
    assert fill(text, ["alice", "bob"]) == "bob trades with alice."
    assert fill(text, ["alice", "bob"], wrap="**") == "**bob** trades with **alice**."
    assert fill(text, None, "fr") == "Joueur 2 trades with Joueur 1."
    assert names_seat(text) and not names_seat("Round 3 begins.")


def test_sampler_draws_like_random_random_from_pcg32() -> None:
    """`prng.Sampler`, the AI's generator (engines never import `random`): the same seed gives the
    same draws, every draw stays in its range, `sample` gives distinct items, `shuffle` a
    permutation, and the draws are spread evenly."""
    a, b = prng.Sampler(42), prng.Sampler(42)
    assert [a.getrandbits(64) for _ in range(5)] == [b.getrandbits(64) for _ in range(5)]
    assert prng.Sampler(1).random() != prng.Sampler(2).random()
    rng = prng.Sampler(7)
    draws = [rng.random() for _ in range(4000)]
    assert all(0.0 <= x < 1.0 for x in draws) and 0.47 < sum(draws) / len(draws) < 0.53
    assert all(0 <= rng.getrandbits(k) < 1 << k for k in (1, 31, 32, 33, 63, 64, 100) for _ in range(20))
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.randrange(6)] += 1
    assert all(900 < c < 1100 for c in counts)
    picked = rng.sample(range(10), 10)
    assert sorted(picked) == list(range(10)) and len(set(rng.sample("abcdef", 3))) == 3
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    assert rng.choice(["x"]) == "x"
    with pytest.raises(IndexError):
        rng.choice([])
    with pytest.raises(ValueError):
        rng.sample([1, 2], 3)
    gauss = [rng.gauss(5.0, 2.0) for _ in range(4000)]
    mean = sum(gauss) / len(gauss)
    sd = (sum((x - mean) ** 2 for x in gauss) / len(gauss)) ** 0.5
    assert 4.9 < mean < 5.1 and 1.9 < sd < 2.1
