"""Both apps give the screens what :mod:`liar_tui.screens.base` says a screen may ask for."""

from __future__ import annotations

from liar_tui.app import LiarApp
from liar_tui.client_app import ClientApp
from liar_tui.net.client import HostClient
from liar_tui.screens.base import LiarAppServices, OnlineAppServices
from liar_tui.store.settings import Settings


def test_the_local_app_gives_what_a_screen_may_ask() -> None:
    assert isinstance(LiarApp(settings=Settings()), LiarAppServices)
    assert not isinstance(LiarApp(settings=Settings()), OnlineAppServices)


def test_the_online_app_also_gives_its_connection() -> None:
    client = HostClient(("127.0.0.1", 1), "Ann")
    assert isinstance(ClientApp(client, Settings()), OnlineAppServices)
