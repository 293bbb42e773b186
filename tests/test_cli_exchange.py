"""``liar-tui export`` and ``liar-tui import``: a finished game shared as a file, checked on
the way in by replaying it through the rules; each refusal one sentence, nothing written."""

from __future__ import annotations

import dataclasses
import io
import json
import random
import sys
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from liar_tui.cli import main
from liar_tui.games import make_bot, new_state, plugin
from liar_tui.store.history import FinishedGame, HistoryStore, Recorded, history_path
from liar_tui.store.history import store as store_module
from liar_tui.table.codec import encode
from liar_tui.table.finished import GameTimes, complete_record
from liar_tui.table.seats import BotLevel, SeatConfig, SeatKind
from liar_tui.table.setup import TableSetup

SEATS = (
    SeatConfig("You", SeatKind.HUMAN),
    SeatConfig("Ada", level=BotLevel.HARD),
    SeatConfig("Zoë", level=BotLevel.EASY),
)
ENDED = datetime(2026, 12, 1, 21, 30, 0, 123456, tzinfo=UTC)


def bot_game(game: str = "liar-game", seed: int = 5) -> FinishedGame:
    """The complete record of a short seeded game in which easy bots play every seat."""
    setup = TableSetup(game, plugin(game).default_rules(), SEATS, seed=seed)
    state = new_state(setup)
    bots = [make_bot(game, BotLevel.EASY, random.Random(seat)) for seat in range(len(SEATS))]
    actions: list[Any] = []
    while not state.completed_games():
        seat = state.to_act()[0]
        action = bots[seat].act(state.view(seat))
        state.apply(action)
        actions.append(action)
    times = GameTimes(ENDED - timedelta(minutes=7), ENDED, timedelta(seconds=401.000321))
    return complete_record(setup, actions, times, recording_seat=0)


@pytest.fixture
def store(isolated_dirs: dict[str, Path]) -> Iterator[HistoryStore]:
    store = HistoryStore(history_path())
    yield store
    store.close()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def exported_file(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], game: FinishedGame
) -> dict[str, Any]:
    """``game`` recorded, exported, and the history emptied again: the file's object."""
    recorded = store.record(game)
    assert isinstance(recorded, Recorded)
    code, out, err = run(capsys, "export", str(recorded.game_id))
    assert (code, err) == (0, "")
    store.close()
    history_path().unlink()
    document: dict[str, Any] = json.loads(out)
    return document


def write(tmp_path: Path, document: Any) -> str:
    path = tmp_path / "game.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document))
    return str(path)


def test_a_game_exported_and_imported_into_an_empty_history_is_the_same_record(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = bot_game()
    document = exported_file(store, capsys, game)
    assert (document["format"], document["version"], document["game"]) == (
        "liar-tui-game",
        2,
        "liar-game",
    )
    code, out, err = run(capsys, "import", write(tmp_path, document))
    assert (code, out, err) == (0, "Imported as game 1 of your history.\n", "")
    record = store.load_game(1)
    assert record is not None and record.finished == game
    assert game.counts, "the file carries no numbers: import counts them as recording does"
    assert record.imported, "someone else's play, which the stats leave out"


@pytest.mark.parametrize("game", ["liars-poker-cards", "liars-poker-bills"])
def test_the_poker_games_go_round_the_trip_too(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    played = bot_game(game, seed=2)
    document = exported_file(store, capsys, played)
    assert run(capsys, "import", write(tmp_path, document))[0] == 0
    record = store.load_game(1)
    assert record is not None and record.finished == played


def session_log(deals: int = 3) -> tuple[TableSetup, tuple[Any, ...]]:
    """A dollar-bills session's whole log up to the end of deal ``deals``, easy bots in
    every seat."""
    setup = TableSetup("liars-poker-bills", plugin("liars-poker-bills").default_rules(), SEATS, 3)
    state = new_state(setup)
    bots = [make_bot(setup.game, BotLevel.EASY, random.Random(seat)) for seat in range(3)]
    actions: list[Any] = []
    while state.completed_games() < deals:
        seat = state.to_act()[0]
        actions.append(bots[seat].act(state.view(seat)))
        state.apply(actions[-1])
    return setup, tuple(actions)


def session_game(deals: int = 3) -> FinishedGame:
    """The complete record of deal ``deals`` of a dollar-bills session as the table builds
    it from the session's whole log: that deal's start and its own actions."""
    setup, actions = session_log(deals)
    times = GameTimes(ENDED - timedelta(minutes=1), ENDED, timedelta(seconds=60))
    return complete_record(setup, actions, times, recording_seat=0)


def test_a_deal_of_a_session_goes_round_the_trip_in_format_2_with_its_start(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    played = session_game()
    document = exported_file(store, capsys, played)
    assert document["version"] == 2 and document["start"]["type"] == "DealStart"
    assert document["start"]["game"] == 3
    assert run(capsys, "import", write(tmp_path, document))[0] == 0
    record = store.load_game(1)
    assert record is not None and record.finished == played
    assert len(played.actions) < len(session_log()[1])


def test_a_file_of_format_1_is_still_imported(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = bot_game()
    document = exported_file(store, capsys, game)
    document["version"] = 1
    del document["start"]
    assert run(capsys, "import", write(tmp_path, document))[0] == 0
    record = store.load_game(1)
    assert record is not None and record.finished == game


def test_a_deal_of_format_1_with_the_session_s_log_is_kept_with_its_deal_s_start(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A liar-tui of format 1 wrote a deal with every action of its session before it: the
    import replays them all, and keeps the deal as one recorded now is kept."""
    played = session_game()
    document = exported_file(store, capsys, played)
    document["version"] = 1
    del document["start"]
    document["actions"] = json.loads(json.dumps(encode(session_log()[1])))
    assert run(capsys, "import", write(tmp_path, document))[0] == 0
    record = store.load_game(store.list_games()[0].id)
    assert record is not None and record.finished == played


def test_a_deal_kept_from_its_start_whose_actions_run_on_into_the_next_deal_is_refused(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A start keeps one deal: the bills of the deal after it are not in the file (a replay
    from the start draws others), so actions that play on into it are no game liar-tui
    recorded, and were kept as deal 2 with a deal 3 no session dealt."""
    from liar_tui.store.history.starts import replayed
    from liar_tui.table.finished import seat_results

    deal = session_game(deals=2)
    second, third = session_log(deals=2)[1], session_log(deals=3)[1]
    actions = (*deal.actions, *third[len(second) :])
    updates, _ = replayed(deal.setup, deal.start, actions, 0)
    document = exported_file(store, capsys, deal)
    document["actions"] = json.loads(json.dumps(encode(actions)))
    # With the results the replay ends with, as an editor would make them hold together.
    results = seat_results(deal.setup, updates)
    document["seats"] = [encode(seat, tagged=False) for seat in results]
    file = write(tmp_path, document)
    code, out, err = run(capsys, "import", file)
    assert (code, out) == (1, "")
    assert err == (
        f"liar-tui: error: {file} cannot be imported: its actions play on past the game its "
        "start begins.\n"
    )
    assert not history_path().exists()


def _edited_start(document: dict[str, Any]) -> None:
    document["start"]["ledger"] = [5, -5, 0]


def _start_of_another_game(document: dict[str, Any]) -> None:
    document["start"] = {"type": "Nothing"}


@pytest.mark.parametrize(
    ("game", "tamper", "reason"),
    [
        (
            "liars-poker-bills",
            _edited_start,
            "its start cannot be played from (the ledger of a game's start must be the one "
            "the game before it left).",
        ),
        (
            "liar-game",
            _start_of_another_game,
            "its start must be null, as a game of Liar Game has none.",
        ),
    ],
)
def test_a_start_that_is_not_borne_out_is_refused_in_one_sentence(
    store: HistoryStore,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    game: str,
    tamper: Any,
    reason: str,
) -> None:
    document = exported_file(store, capsys, session_game() if game != "liar-game" else bot_game())
    tamper(document)
    file = write(tmp_path, document)
    code, out, err = run(capsys, "import", file)
    assert (code, out) == (1, "")
    assert err == f"liar-tui: error: {file} cannot be imported: {reason}\n"
    assert not history_path().exists()


def test_a_game_read_from_standard_input(
    store: HistoryStore,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    document = exported_file(store, capsys, bot_game())
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(document)))
    assert run(capsys, "import", "-") == (0, "Imported as game 1 of your history.\n", "")
    assert store.count_games() == 1


def test_the_same_game_imported_twice_is_refused_the_second_time(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = write(tmp_path, exported_file(store, capsys, bot_game()))
    assert run(capsys, "import", file)[0] == 0
    code, out, err = run(capsys, "import", file)
    assert (code, out) == (1, "")
    assert err == (
        f"liar-tui: error: {file} is game 1 of your history already: nothing was imported.\n"
    )
    assert store.count_games() == 1


def test_a_game_recorded_before_its_numbers_were_counted_is_still_the_same_game(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The numbers are the plugin's reading of the game, not the game: a record whose
    numbers differ (counted by another liar-tui, or not at all) is the same game still."""
    game = bot_game()
    recorded = store.record(dataclasses.replace(game, counts=()))
    assert isinstance(recorded, Recorded)
    code, out, _ = run(capsys, "export", str(recorded.game_id))
    assert code == 0
    code, _, err = run(capsys, "import", write(tmp_path, out))
    assert code == 1
    assert "is game 1 of your history already" in err
    assert store.count_games() == 1


def test_a_deal_an_older_liar_tui_kept_with_its_session_s_log_is_the_same_game(
    store: HistoryStore,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A liar-tui before deal starts stored a deal with its session's whole log; the same
    deal exported now (from its start) is that game, not a new one."""
    file = write(tmp_path, exported_file(store, capsys, session_game()))
    monkeypatch.setattr(store_module, "last_game_alone", lambda finished: finished)
    whole = session_log()[1]
    older = dataclasses.replace(session_game(), start=None, actions=whole)
    assert isinstance(store.record(older), Recorded)
    code, _, err = run(capsys, "import", file)
    assert code == 1
    assert "is game 1 of your history already" in err
    assert store.count_games() == 1


def _tampered_actions(document: dict[str, Any]) -> None:
    document["actions"][0]["cards"] = document["actions"][1]["cards"]


def _cut_short(document: dict[str, Any]) -> None:
    document["actions"].pop()


def _tampered_results(document: dict[str, Any]) -> None:
    document["seats"][0]["score"] += 10


def _wrong_version(document: dict[str, Any]) -> None:
    document["version"] = 3


def _unknown_game(document: dict[str, Any]) -> None:
    document["game"] = "chess"


def _bad_setup(document: dict[str, Any]) -> None:
    document["setup"]["seats"][0]["kind"] = "alien"


def _undecodable_action(document: dict[str, Any]) -> None:
    document["actions"][0]["cards"][0] = "ZZ"


def _name_that_breaks_lines(document: dict[str, Any]) -> None:
    document["setup"]["seats"][1]["name"] = document["seats"][1]["name"] = "Ada\nBo"


def _no_actions(document: dict[str, Any]) -> None:
    document["actions"] = []


def _missing_entry(document: dict[str, Any]) -> None:
    del document["ended_at"]


def _unknown_entry(document: dict[str, Any]) -> None:
    document["comment"] = "gg"


def _negative_duration(document: dict[str, Any]) -> None:
    document["duration_seconds"] = -1


def _foreign(document: dict[str, Any]) -> None:
    document["format"] = "liar-tui saved table"


REFUSALS = {
    "the action does not replay": (
        _tampered_actions,
        "action 1 does not replay (",
    ),
    "the actions stop short": (_cut_short, "its last action does not end a game."),
    "the results are not the replay's": (
        _tampered_results,
        "its seats' results are not the ones its game ends with.",
    ),
    "another version": (
        _wrong_version,
        "it is in version 3 of the game format, and this liar-tui reads versions 1 to 2.",
    ),
    "an unknown game": (_unknown_game, "it is a game this liar-tui does not know, 'chess'."),
    "a setup that does not decode": (
        _bad_setup,
        "the kind of seat 1 must be 'human' or 'bot', not 'alien'.",
    ),
    "an action that does not decode": (_undecodable_action, "card 1 of action 1 must be"),
    "a name that would break the screen": (
        _name_that_breaks_lines,
        "the name of seat 2 must not hold tabs, line breaks or hidden characters.",
    ),
    "no actions": (_no_actions, "it has no actions, so no game was played."),
    "a missing entry": (_missing_entry, "its ended_at is missing."),
    "an unknown entry": (_unknown_entry, "it has an unknown entry 'comment'."),
    "a negative duration": (
        _negative_duration,
        "its duration_seconds must be a number of seconds, not -1.",
    ),
    "another format": (
        _foreign,
        "it is not a liar-tui game (its format is not 'liar-tui-game').",
    ),
}


@pytest.mark.parametrize("case", REFUSALS)
def test_a_file_that_is_not_borne_out_is_refused_in_one_sentence_writing_nothing(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path, case: str
) -> None:
    document = exported_file(store, capsys, bot_game())
    tamper, reason = REFUSALS[case]
    tamper(document)
    file = write(tmp_path, document)
    code, out, err = run(capsys, "import", file)
    assert (code, out) == (1, "")
    assert err.startswith(f"liar-tui: error: {file} cannot be imported: ")
    assert reason in err and err.count("\n") == 1 and err.endswith(".\n")
    assert not history_path().exists()


def test_a_file_that_is_not_json_is_refused_writing_nothing(
    isolated_dirs: dict[str, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = write(tmp_path, "liar-tui game, trust me")
    assert run(capsys, "import", file) == (
        1,
        "",
        f"liar-tui: error: {file} cannot be imported: "
        "it is not JSON (expecting value at line 1, column 1).\n",
    )
    assert not isolated_dirs["data"].exists()


def test_a_missing_file_says_so(
    isolated_dirs: dict[str, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = str(tmp_path / "nowhere.json")
    assert run(capsys, "import", file) == (
        1,
        "",
        f"liar-tui: error: {file} could not be read: no such file or directory.\n",
    )


def test_an_unknown_id_is_one_sentence_and_exit_1(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], isolated_dirs: dict[str, Path]
) -> None:
    unknown = (
        1,
        "",
        "liar-tui: error: There is no game 7 in your history (liar-tui history lists them).\n",
    )
    assert run(capsys, "export", "7") == unknown
    assert not isolated_dirs["data"].exists()
    store.record(bot_game())
    assert run(capsys, "export", "7") == unknown


def test_a_seat_view_record_is_checked_as_far_as_it_can_be(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An online player's record has only its seat's updates: they must end the game with
    the file's results, which a cut-short log does not."""
    from liar_tui.store.history import Visibility
    from liar_tui.table.finished import replayed_updates, seat_results

    complete = bot_game()
    updates = tuple(replayed_updates(complete.setup, complete.actions, 0))
    seat_view = replace(
        complete,
        seed=None,
        visibility=Visibility.SEAT,
        actions=(),
        seat_updates=updates,
        seats=seat_results(complete.setup, updates),
    )
    document = exported_file(store, capsys, seat_view)
    assert run(capsys, "import", write(tmp_path, document))[0] == 0
    record = store.load_game(1)
    assert record is not None and record.finished == seat_view
    store.close()
    history_path().unlink()
    for change, reason in (
        ({"seat_updates": document["seat_updates"][:-1]}, "its updates do not end a game"),
        ({"recording_seat": 1}, "its updates are missing or not all the recording seat's"),
    ):
        code, _, err = run(capsys, "import", write(tmp_path, document | change))
        assert code == 1 and reason in err
    assert not history_path().exists()


def test_an_id_too_large_for_any_history_is_refused_in_one_sentence(
    store: HistoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    """SQLite's ids end at 2**63 - 1: a larger number is no game, not an OverflowError."""
    store.record(bot_game())
    code, out, err = run(capsys, "export", str(2**63))
    assert (code, out) == (2, "")
    assert "Traceback" not in err and err.count("\n") <= 3
    assert "a game's id is a number from 1 to" in err


def test_a_file_too_large_to_be_a_game_is_refused_without_reading_it_whole(
    isolated_dirs: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A file of any size (or an endless stream on standard input) is read only up to the
    bound, then refused in one sentence, with nothing written."""
    from liar_tui.exchange_command import MAX_IMPORT_CHARACTERS

    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(MAX_IMPORT_CHARACTERS + 1)  # sparse: no disk is filled
    too_large = "is larger than any game liar-tui exports (over 16 MiB)"
    assert run(capsys, "import", str(huge)) == (
        1,
        "",
        f"liar-tui: error: {huge} cannot be imported: it {too_large}.\n",
    )

    class Endless(io.StringIO):
        def read(self, size: int | None = -1) -> str:
            assert size is not None and size >= 0, "standard input read whole"
            return " " * size

    monkeypatch.setattr(sys, "stdin", Endless())
    code, _, err = run(capsys, "import", "-")
    assert (code, err) == (
        1,
        f"liar-tui: error: Standard input cannot be imported: it {too_large}.\n",
    )
    assert not isolated_dirs["data"].exists()


def test_a_seat_record_whose_updates_are_not_its_game_s_is_refused_in_one_sentence(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A seat's record cannot be replayed, so its updates reach the game's plugin as the
    file gives them: a view that is no view of the game, or an ending whose lives leave out
    a seat, is a refusal, not an AttributeError or IndexError traceback."""
    from liar_tui.store.history import Visibility
    from liar_tui.table.finished import replayed_updates, seat_results

    for game in ("liar-game", "liars-poker-cards"):
        complete = bot_game(game)
        updates = tuple(replayed_updates(complete.setup, complete.actions, 0))
        seat_view = replace(
            complete,
            seed=None,
            visibility=Visibility.SEAT,
            actions=(),
            seat_updates=updates,
            seats=seat_results(complete.setup, updates),
        )
        document = exported_file(store, capsys, seat_view)
        last = document["seat_updates"][-1]
        if game == "liar-game":
            last["view"] = 5
        else:
            ending = next(event for event in last["events"] if event["type"].endswith("GameOver"))
            ending["lives"] = ending["lives"][:1]
        code, out, err = run(capsys, "import", write(tmp_path, document))
        assert (code, out) == (1, "")
        assert err.endswith(
            "cannot be imported: its updates are not what a game tells a seat.\n"
        ), err
        assert not history_path().exists()


@pytest.mark.parametrize(
    ("entry", "moment"),
    [
        ("started_at", "0001-01-01T00:00:00.000000+01:00"),
        ("ended_at", "9999-12-31T23:59:59.000000-01:00"),
    ],
)
def test_a_time_at_the_end_of_the_calendar_is_refused_in_one_sentence(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path, entry: str, moment: str
) -> None:
    """Such a time leaves Python's calendar in UTC (or in the local time the history shows):
    one sentence, not an OverflowError traceback, and nothing written."""
    document = exported_file(store, capsys, bot_game())
    file = write(tmp_path, document | {entry: moment})
    assert run(capsys, "import", file) == (
        1,
        "",
        f"liar-tui: error: {file} cannot be imported: "
        f"its {entry} must be a time in the years 1970 to 9998.\n",
    )
    assert not history_path().exists()


def test_a_duration_too_long_for_the_history_is_refused_in_one_sentence(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """80 trillion seconds is a timedelta, but not a number of microseconds SQLite keeps:
    one sentence, not an OverflowError traceback from the insert, and nothing written."""
    document = exported_file(store, capsys, bot_game())
    file = write(tmp_path, document | {"duration_seconds": 8e13})
    assert run(capsys, "import", file) == (
        1,
        "",
        f"liar-tui: error: {file} cannot be imported: "
        "its duration_seconds is too long: 80000000000000.0.\n",
    )
    assert not history_path().exists()


def test_a_seat_record_s_seed_past_the_largest_is_refused_in_one_sentence(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A seat's record is not replayed from its seed, so only this check keeps a seed too
    large for SQLite from an OverflowError traceback on insert."""
    from liar_tui.store.history import Visibility
    from liar_tui.table.finished import replayed_updates, seat_results

    complete = bot_game()
    updates = tuple(replayed_updates(complete.setup, complete.actions, 0))
    seat_view = replace(
        complete,
        seed=None,
        visibility=Visibility.SEAT,
        actions=(),
        seat_updates=updates,
        seats=seat_results(complete.setup, updates),
    )
    document = exported_file(store, capsys, seat_view)
    code, out, err = run(capsys, "import", write(tmp_path, document | {"seed": 2**70}))
    assert (code, out) == (1, "")
    assert "cannot be imported: its seed must be a whole number from 0 to" in err
    assert not history_path().exists()


def test_a_seat_record_with_a_number_too_large_to_keep_is_refused_in_one_sentence(
    store: HistoryStore, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A shown hand's points edited to 10**25 are counted as the player's points, a number
    SQLite cannot keep: the review's file ended ``import`` in an OverflowError traceback."""
    from liar_tui.store.history import Visibility
    from liar_tui.table.finished import replayed_updates, seat_results

    complete = bot_game("liar-game")
    updates = tuple(replayed_updates(complete.setup, complete.actions, 0))
    seat_view = replace(
        complete,
        seed=None,
        visibility=Visibility.SEAT,
        actions=(),
        seat_updates=updates,
        seats=seat_results(complete.setup, updates),
    )
    document = exported_file(store, capsys, seat_view)

    def enlarge(node: Any) -> bool:
        """Make the first hand's points huge; whether there was one."""
        if isinstance(node, dict):
            if "points" in node:
                node["points"] = 10**25
                return True
            return any(enlarge(value) for value in node.values())
        return isinstance(node, list) and any(enlarge(value) for value in node)

    assert enlarge(document["seat_updates"])
    code, out, err = run(capsys, "import", write(tmp_path, document))
    assert (code, out) == (1, "")
    assert "cannot be imported: " in err and err.count("\n") == 1 and "Traceback" not in err
    assert not history_path().exists()
