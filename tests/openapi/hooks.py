"""schemathesis hooks for the Tourney API, loaded by tests/openapi/run
(`SCHEMATHESIS_HOOKS=hooks`). Two things a generic fuzzer cannot know:

1. Which tables are worth making. Bodies drawn from the `CreateTable`
   schema alone almost never name a real game with the right number of
   seats and real bots, so sequences would stop at the first step. Every
   `POST /api/tables` therefore draws either from the schema, as before,
   or from TABLES below: real tables, some with a person seat the fuzzer
   holds the token of, some open to join, some all bots (which play to the
   end by themselves, so that the record, replay and dice check answer).

2. Where a stream ends. `GET /api/tables/{id}/stream` never ends while the
   table lives. Its reader below keeps the lines that arrive until the first
   message (or the operation's request timeout of silence), then closes the
   connection; the deserializer hands that first message to the schema
   check. Every later message has the same schema.
"""

import json

import hypothesis.strategies as st
import schemathesis
from urllib3.exceptions import ReadTimeoutError

NDJSON = "application/x-ndjson"

# Cheap bots only: the server has two cores to share with the fuzzer.
TABLES = [
    # A person (the fuzzer) against a bot: playing at once.
    {"game": "joust", "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]},
    # One seat taken, one open: the lobby lists it and anyone may join.
    {"game": "joust", "seats": [{"kind": "person", "name": "Ann"}, {"kind": "person"}]},
    # Bots only, a short game: finished within moments.
    {
        "game": "joust",
        "config": {"knights_per_player": 1, "target_points": 4},
        "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "easy"}],
    },
    # A short game the fuzzer plays: leaving it lets a stand-in bot end it,
    # after which the rematch answers.
    {
        "game": "ritter",
        "config": {"days": 1},
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
    },
    # Private, with a clock, three seats, one open (joined with its invite).
    {
        "game": "ritter",
        "private": True,
        "clock": {"mode": "move", "seconds": 600, "on_timeout": "stand_in"},
        "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "greedy"}, {"kind": "person"}],
    },
    # Glory alone against Otto.
    {"game": "glory", "config": {"solo": {"mode": "score"}}, "seats": [{"kind": "person", "name": "Ann"}]},
    {"game": "mastery", "seats": [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "random"}]},
]


@schemathesis.hook("before_generate_body").apply_to(method="POST", path="/api/tables")
def real_tables(context, strategy):
    return st.one_of(strategy, st.sampled_from(TABLES))


def _first_message(response, *args, **kwargs):
    """A `requests` response hook: runs before the body is read (schemathesis
    streams every response), so an endless NDJSON body is cut here."""
    if response.headers.get("Content-Type", "").split(";")[0].strip().lower() != NDJSON:
        return response
    read = bytearray()
    try:
        while b"\n" not in read.lstrip(b"\n"):
            chunk = response.raw.read1(64 * 1024)
            if not chunk:
                break
            read += chunk
    except ReadTimeoutError:
        # Silence for the operation's request timeout: keep what came.
        pass
    # Close the connection itself: handed back to the pool, the stream still
    # running on it would be read as the answer to the next request.
    response.raw.close()
    response._content = bytes(read)
    response._content_consumed = True
    return response


@schemathesis.hook("before_call").apply_to(path="/api/tables/{id}/stream")
def cut_the_stream(context, case, kwargs):
    kwargs["hooks"] = {"response": [_first_message]}


@schemathesis.deserializer(NDJSON)
def first_ndjson_message(ctx, response):
    """The first message of a stream, for the schema check; a stream that said
    nothing before the timeout (`?after=` its last step) has nothing to check."""
    for line in response.content.splitlines():
        if line.strip():
            return json.loads(line)
    raise NotImplementedError("the stream sent no message before the timeout")
