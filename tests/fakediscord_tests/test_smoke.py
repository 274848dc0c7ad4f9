"""`python -m bot` as a real process, aimed at the fake only through its environment."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

from fakediscord import FakeDiscord, Message
from tests.waiting import HANG_GUARD

ROOT = Path(__file__).resolve().parents[2]


async def test_python_m_bot_logs_in_syncs_and_answers_cardroom(fake: FakeDiscord, tmp_path: Path) -> None:
    """DISCORD_API_BASE / DISCORD_GATEWAY_URL are enough: the process logs in, syncs, answers /cardroom."""
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "CARDROOM_"))},
        "DISCORD_TOKEN": fake.token,
        "DISCORD_API_BASE": fake.api_base,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "CARDROOM_DATABASE": str(tmp_path / "cardroom.db"),
        "PYTHONPATH": str(ROOT),
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env, stderr=asyncio.subprocess.PIPE
    )
    exited = asyncio.create_task(process.wait())
    fake.watch(exited)  # if the process dies, the waits below fail at once instead of timing out
    try:
        await fake.wait_for_connection(timeout=60)
        assert "cardroom" in [c["name"] for c in fake.commands[None]]
        reply = await fake.users["alice"].slash("cardroom")
        assert isinstance(reply, Message) and reply.ephemeral and "Cardroom hosts" in reply.content
    finally:
        fake.unwatch(exited)
        if process.returncode is None:
            process.terminate()
        await asyncio.wait_for(exited, HANG_GUARD)
        assert process.stderr is not None
        log = (await process.stderr.read()).decode()
    assert re.search(r"synced [1-9]\d* application commands", log) and "Traceback" not in log
    assert process.returncode == 0, "SIGTERM should close the bot gracefully"
