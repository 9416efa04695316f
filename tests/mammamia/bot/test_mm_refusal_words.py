"""Every refusal code the Mamma Mia! engine raises has words in the catalog,
with its parameters spelled out (the engine itself holds no words); its
controls raise only codes it has words for (every game's and the host's:
tests/host/test_bot_refusal_words.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.games.mammamia import REFUSALS as MM_REFUSALS
from bot.games.mammamia import refusal_words
from bot.i18n import t, use_locale
from engine import mammamia

#: A code and parameters as the engine raises them
#: (see tests/mammamia/engine/test_engine_errors.py).
SAMPLES: dict[str, dict[str, object]] = {
    "game_over": {},
    "no_such_seat": {"number": 7},
    "not_your_turn": {"name": "Ana"},
    "not_your_decision": {"name": "Ana"},
    "expected_turn": {},
    "expected_choice": {"order": "yellow-monotoni"},
    "expected_payment": {"order": "yellow-salami"},
    "expected_help": {},
    "unknown_kind": {"kind": "shrimp"},
    "bad_count": {},
    "not_held": {"kind": "mushroom"},
    "too_few": {"kind": "pepper", "held": 1},
    "order_not_held": {"order": "yellow-olive"},
    "cannot_pass": {},
    "no_pass_in_plus": {},
    "draw_needed": {},
    "empty_pile": {"pile": "orders"},
    "valve_draw": {},
    "choose_fewest": {"choices": ["salami", "olive"]},
    "choose_covered": {"choices": ["salami", "olive"]},
    "choose_one": {"choices": ["salami", "mushroom", "pepper", "olive"]},
    "choose_two": {"choices": ["salami", "mushroom", "pepper", "olive", "shrimp"]},
    "cannot_pay": {"kind": "salami", "need": 2, "held": 1},
    "pay_mismatch": {"missing": {"salami": 2}},
    "pay_count": {"count": 2},
    "help_off": {},
    "help_plus_only": {},
    "ask_mismatch": {"missing": {"olive": 2}},
    "ask_count": {"count": 4},
    "ask_rest_not_held": {"kind": "olive", "need": 1, "held": 0},
    "cannot_help": {"cards": {"olive": 2}},
    "malformed": {"detail": "unknown action 'bogus'"},
}


def test_every_code_the_engine_raises_has_a_sample():
    raised = set()
    for path in Path(mammamia.__file__).parent.rglob("*.py"):
        text = path.read_text()
        raised |= set(re.findall(r'IllegalAction\(\s*"(\w+)"', text))
        for pair in re.findall(r'code = "(\w+)" if .* else "(\w+)"', text):
            raised |= set(pair)
    assert raised | {"malformed"} == set(SAMPLES)


@pytest.mark.parametrize("code", sorted(SAMPLES))
def test_every_refusal_reads_in_words(code):
    with use_locale("en-US"):
        key, words = refusal_words(code, SAMPLES[code])
        text = t(key, **words)
    assert text and "{" not in text
    assert code not in text  # words, not the code


def said(code: str) -> str:
    """The English words for one sample refusal."""
    with use_locale("en-US"):
        key, words = refusal_words(code, SAMPLES[code])
        return t(key, **words)


def test_refusals_spell_out_kinds_cards_and_piles():
    assert said("too_few") == "You hold only 🫑 1 pepper."
    assert "🫒 2 olives" in said("cannot_help")
    assert said("empty_pile") == "The order pile is empty: draw from the other pile."
    assert said("not_your_turn") == "It is Ana's turn."
    assert said("choose_fewest").endswith(": salami or olive.")  # a list, in words


def codes_raised(folder: Path, error: str) -> set[str]:
    """The literal codes `error("code", ...)` raised in the Python files under `folder`."""
    return {
        code
        for path in folder.rglob("*.py")
        for code in re.findall(rf'{error}\(\s*"(\w+)"', path.read_text(encoding="utf-8"))
    }


def test_its_controls_raise_only_what_its_words_say():
    games = Path(__file__).resolve().parents[3] / "bot" / "games"
    own = codes_raised(games / "mammamia", "ServiceError")
    assert own <= set(MM_REFUSALS), "Mamma Mia!'s controls raise only what its words say"
