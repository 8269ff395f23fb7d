#!/usr/bin/env python3
"""A Tourney bot that plays one whole game over a `tourney serve` server.

It follows the table's NDJSON stream (GET /api/tables/{id}/stream), one JSON
message per line, much as a lichess bot follows its game stream: whenever a
message shows this seat on move it picks one of the listed actions and POSTs
it back. Only the Python standard library is used, so the file can be copied
anywhere Python 3.11 runs.

    # take a seat you already hold (its token came from creating the table)
    python3 tourney_bot.py --url http://127.0.0.1:8080 --table ID --token TOKEN
    # create a table against a server bot and play it
    python3 tourney_bot.py --url http://127.0.0.1:8080 --create joust --against easy
    # join an open seat of someone else's table
    python3 tourney_bot.py --url http://127.0.0.1:8080 --join ID --name Py

Log lines go to standard output as "[seq] text"; notes about the connection
go to standard error. Exit status: 0 when the game ended (won or lost),
2 on an error (bad URL, refused token, server error), 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

# The server sends a blank line every 25 s on a quiet stream. Waiting a good
# deal longer than that before calling the connection dead avoids reconnecting
# while, say, a slow server bot thinks.
STREAM_READ_TIMEOUT = 70.0
REQUEST_TIMEOUT = 30.0


class BotError(Exception):
    """A failure the bot cannot play through; main() prints it on one line."""


class HttpError(BotError):
    """The server answered with an error status and its JSON error body."""

    def __init__(self, what: str, status: int, code: str, message: str):
        super().__init__(f"{what}: HTTP {status} {code}: {message}")
        self.status = status
        self.code = code


class Client:
    """The few JSON calls the bot makes, with clear errors."""

    def __init__(self, base_url: str, token: str | None = None):
        parsed = urllib.parse.urlsplit(base_url)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise BotError(f"bad --url {base_url!r}: expected e.g. http://127.0.0.1:8080")
        self.base = base_url.rstrip("/")
        self.token = token

    def _request(self, method: str, path: str, body: object | None = None,
                 timeout: float = REQUEST_TIMEOUT, what: str | None = None):
        what = what or f"{method} {path}"
        data = None
        headers = {"Accept": "application/json"}
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(self.base + path, data=data, headers=headers,
                                         method=method)
        try:
            return urllib.request.urlopen(request, timeout=timeout)
        except urllib.error.HTTPError as e:
            # Every refusal from the server is JSON {error, message}; anything
            # else (a proxy's HTML page, say) is shown as it came.
            raw = e.read().decode("utf-8", "replace")
            try:
                err = json.loads(raw)
                code, message = err.get("error", "?"), err.get("message", raw)
            except ValueError:
                code, message = "not_json", raw.strip()[:200] or e.reason
            raise HttpError(what, e.code, code, message) from None
        except urllib.error.URLError as e:
            raise ConnectionProblem(f"{what}: cannot reach {self.base}: {e.reason}") from None
        except (OSError, http.client.HTTPException) as e:
            raise ConnectionProblem(f"{what}: connection to {self.base} failed: {e}") from None

    def call(self, method: str, path: str, body: object | None = None, what: str | None = None):
        with self._request(method, path, body, what=what) as response:
            raw = response.read()
        try:
            return json.loads(raw)
        except ValueError:
            raise BotError(f"{what or path}: the server's answer is not JSON") from None

    def stream(self, table: str, after: int | None):
        """Opens the table's NDJSON stream; yields each message as a dict.

        Blank lines are the server's heartbeats and are skipped. A dropped
        connection raises ConnectionProblem so the caller can resume.
        """
        path = f"/api/tables/{table}/stream"
        if after is not None:
            path += f"?after={after}"
        response = self._request("GET", path, timeout=STREAM_READ_TIMEOUT,
                                 what="opening the stream")
        with response:
            while True:
                try:
                    line = response.readline()
                except (OSError, http.client.HTTPException) as e:
                    raise ConnectionProblem(f"the stream dropped: {e}") from None
                if not line:
                    raise ConnectionProblem("the stream ended")
                line = line.strip()
                if not line:
                    continue
                try:
                    yield json.loads(line)
                except ValueError:
                    raise ConnectionProblem("the stream sent a line that is not JSON") from None


class ConnectionProblem(BotError):
    """The network failed (refused, reset, timed out): worth retrying."""


def seat_name(seats: list[dict], seat: int) -> str:
    """A seat as people read it: numbered from 1, like the game's log."""
    name = seats[seat].get("name") if seat < len(seats) else None
    return f"seat {seat + 1}" + (f" ({name})" if name else "")


class Bot:
    def __init__(self, client: Client, table: str, args: argparse.Namespace):
        self.client = client
        self.table = table
        self.strategy = args.strategy
        # Choices come from their own generator so that --seed replays the
        # same picks; the idempotency keys must differ from run to run, so
        # they come from the system's randomness instead.
        self.rng = random.Random(args.seed)
        self.run_id = "%012x" % random.SystemRandom().getrandbits(48)
        self.max_retries = args.retries
        self.me: int | None = None
        self.seats: list[dict] = []
        self.last_seq: int | None = None   # the last step (or state) seen
        self.printed_seq = 0               # log lines up to this step are out
        # The step our last accepted action became. Messages older than it
        # were built before the server saw that action, so they may still
        # list a choice we have already made: acting on them only earns a
        # 409, so they are ignored.
        self.acted_step = 0
        self.winners: list[int] | None = None

    # ----- the stream ---------------------------------------------------

    def play(self) -> list[int]:
        failures = 0
        while self.winners is None:
            try:
                for message in self.client.stream(self.table, self.last_seq):
                    failures = 0
                    self.handle(message)
                    if self.winners is not None:
                        break
            except (ConnectionProblem, HttpError) as e:
                # The usual case is a restart or a flaky network: resume
                # after the last step we saw, so nothing is missed or doubled.
                # A refusal (bad token, no such table) will not get better.
                if isinstance(e, HttpError) and e.status < 500:
                    raise
                failures += 1
                if failures > self.max_retries:
                    raise BotError(f"{e}; gave up after {self.max_retries} retries") from None
                wait = min(0.2 * 2 ** (failures - 1), 5.0)
                note(f"{e}; reconnecting after step {self.last_seq} in {wait:.1f}s")
                time.sleep(wait)
        return self.winners

    def handle(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "state":
            self.on_state(message)
        elif kind == "steps":
            self.on_steps(message)
        elif kind == "seats":
            self.seats = message.get("seats", self.seats)
            if message.get("status") == "playing":
                # A seats message says the game has begun but lists no
                # actions; if the first move were ours nothing else on the
                # stream would say so, so ask for the table once.
                note("every seat is taken; the game begins")
                state = self.client.call("GET", f"/api/tables/{self.table}",
                                         what="fetching the table")
                self.on_state(state, from_stream=False)
        # "ack" and "error" belong to the WebSocket; nothing else is expected.

    def on_state(self, state: dict, from_stream: bool = True) -> None:
        self.seats = state.get("seats", self.seats)
        if state.get("you") is not None:
            self.me = state["you"]
        for entry in state.get("log", []):
            if entry["seq"] > self.printed_seq:
                print(f"[{entry['seq']}] {entry['text']}", flush=True)
        self.printed_seq = max(self.printed_seq, state["seq"])
        if from_stream:
            self.last_seq = state["seq"]
        self.consider(state["seq"], state.get("turn", {}), state.get("actions", []))

    def on_steps(self, message: dict) -> None:
        # One message tells every step of a move (or all that a resumed
        # stream missed), then the table as it stands after the last.
        for step in message.get("steps", []):
            if step["seq"] > self.printed_seq:
                for text in step.get("log", []):
                    print(f"[{step['seq']}] {text}", flush=True)
                self.printed_seq = step["seq"]
        seq = message["seq"]
        self.last_seq = seq
        self.consider(seq, message.get("turn", {}), message.get("actions", []))

    # ----- choosing and acting ------------------------------------------

    def consider(self, seq: int, turn: dict, actions: list[dict]) -> None:
        if turn.get("kind") == "over":
            self.winners = list(turn.get("winners", []))
            return
        on_move = turn.get("kind") == "seats" and self.me in turn.get("seats", [])
        if not actions or not on_move or seq < self.acted_step:
            return
        if self.strategy == "first":
            choice = actions[0]
        else:
            choice = self.rng.choice(actions)
        self.act(seq, choice)

    def act(self, seq: int, choice: dict) -> None:
        # One key per decision: if the answer is lost on the way back and we
        # send again, the server returns its first answer instead of taking
        # the move twice or refusing it.
        body = {"seq": seq, "index": choice["index"],
                "idempotency_key": f"{self.run_id}-{self.me}-{seq}"}
        for attempt in range(self.max_retries + 1):
            try:
                acted = self.client.call("POST", f"/api/tables/{self.table}/actions", body,
                                         what=f"acting at step {seq}")
                self.acted_step = acted["seq"]
                return
            except HttpError as e:
                if e.status == 409 and e.code in ("stale", "game_over"):
                    # The table moved on (another seat's move, or ours
                    # already counted): the stream brings the new state.
                    note(f"step {seq} is stale ({e.code}); waiting for the next message")
                    return
                if e.status == 429 or e.status >= 500:
                    time.sleep(min(0.2 * 2 ** attempt, 5.0))
                    continue
                raise
            except ConnectionProblem as e:
                note(f"{e}; sending the same action again")
                time.sleep(min(0.2 * 2 ** attempt, 5.0))
        raise BotError(f"acting at step {seq}: no answer after {self.max_retries} retries")


def note(text: str) -> None:
    print(f"tourney_bot: {text}", file=sys.stderr, flush=True)


def result_line(winners: list[int], seats: list[dict], me: int | None) -> str:
    if not winners:
        who = "nobody won"
    elif len(winners) == 1:
        who = f"{seat_name(seats, winners[0])} won"
    else:
        who = "a draw between " + ", ".join(seat_name(seats, w) for w in winners)
    if me is None:
        return who
    if me not in winners:
        mine = "you lost"
    elif len(winners) == 1:
        mine = "you won"
    else:
        mine = "you shared the win"
    return f"{who}; you are {seat_name(seats, me)}: {mine}"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="tourney_bot.py",
        description="Play one game of Tourney on a `tourney serve` server, following the "
                    "table's NDJSON stream and answering whenever this seat is on move.",
        epilog="Examples:\n"
               "  %(prog)s --create joust --against easy\n"
               "  %(prog)s --create glory --against random --strategy first --record rec.json\n"
               "  %(prog)s --table ID --token TOKEN --seed 7\n"
               "  %(prog)s --join ID --name Py\n"
               "Log lines are printed as '[seq] text'; the game ends with a line "
               "'Game over: ...'. Exit 0 when the game ended, 2 on an error.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--url", default="http://127.0.0.1:8080",
                        help="the server's address (default: %(default)s)")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--table", metavar="ID",
                      help="play the seat of an existing table whose --token you hold")
    mode.add_argument("--create", metavar="GAME",
                      help="create a table of GAME (joust, ritter, glory, mastery) "
                           "and play its first seat")
    mode.add_argument("--join", metavar="ID", help="join an open seat of table ID")
    parser.add_argument("--token", help="the seat's token (with --table)")
    parser.add_argument("--name", default="PyBot",
                        help="display name for --create and --join (default: %(default)s)")
    parser.add_argument("--against", default="easy", metavar="BOT[,BOT...]",
                        help="with --create: the server bots in the other seats, "
                             "e.g. easy, random, greedy, or random,random for three players "
                             "(default: %(default)s)")
    parser.add_argument("--config", metavar="JSON",
                        help='with --create: game options as a JSON object, e.g. \'{"days": 1}\'')
    parser.add_argument("--seat", type=int, metavar="N",
                        help="with --join: which seat (from 0); the first open one if left out")
    parser.add_argument("--invite", help="with --join: the seat's invite (private tables)")
    parser.add_argument("--strategy", choices=("random", "first"), default="random",
                        help="random: a uniformly random legal action; first: always the "
                             "first listed one (default: %(default)s)")
    parser.add_argument("--seed", type=int,
                        help="seed for the random strategy, to repeat the same choices")
    parser.add_argument("--record", metavar="FILE",
                        help="save the finished game's record (dice seed included) here; "
                             "check it with `tourney replay --verify FILE`")
    parser.add_argument("--retries", type=int, default=8,
                        help="reconnects and resends in a row before giving up "
                             "(default: %(default)s)")
    args = parser.parse_args(argv)
    if args.table and not args.token:
        parser.error("--table needs --token (the seat's token)")
    if args.token and not args.table:
        parser.error("--token goes with --table")
    return args


def take_seat(args: argparse.Namespace) -> tuple[Client, str]:
    """Works out the table and the seat's token for whichever mode was given."""
    if args.table:
        return Client(args.url, args.token), args.table
    client = Client(args.url)
    if args.join:
        body: dict = {"name": args.name}
        if args.seat is not None:
            body["seat"] = args.seat
        if args.invite:
            body["invite"] = args.invite
        joined = client.call("POST", f"/api/tables/{args.join}/join", body,
                             what=f"joining table {args.join}")
        note(f"joined table {args.join} as seat {joined['seat'] + 1}")
        return Client(args.url, joined["token"]), args.join
    seats = [{"kind": "person", "name": args.name}]
    seats += [{"kind": "bot", "bot": b.strip()} for b in args.against.split(",") if b.strip()]
    body = {"game": args.create, "seats": seats}
    if args.config:
        try:
            body["config"] = json.loads(args.config)
        except ValueError as e:
            raise BotError(f"--config is not JSON: {e}") from None
    created = client.call("POST", "/api/tables", body, what=f"creating a {args.create} table")
    # Printed on stdout, in a fixed form, so a script can pick the id up.
    print(f"Created table {created['id']}: {args.url.rstrip('/')}{created['url']}", flush=True)
    return Client(args.url, created["tokens"][0]["token"]), created["id"]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        client, table = take_seat(args)
        # Fetching the table first turns a wrong id or a refused token into
        # one clear error instead of a stream that never opens.
        state = client.call("GET", f"/api/tables/{table}", what=f"fetching table {table}")
        if state.get("you") is None:
            raise BotError(f"table {table}: no seat for this bot (it would only be watching)")
        note(f"playing {state['game']} at table {table} as {seat_name(state['seats'], state['you'])}")
        bot = Bot(client, table, args)
        bot.me = state["you"]
        winners = bot.play()
        print(f"Game over: {result_line(winners, bot.seats, bot.me)}", flush=True)
        if args.record:
            record = client.call("GET", f"/api/tables/{table}/record", what="fetching the record")
            with open(args.record, "w", encoding="utf-8") as f:
                json.dump(record, f, indent=2)
                f.write("\n")
            note(f"record saved to {args.record}")
        return 0
    except BotError as e:
        print(f"tourney_bot: error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"tourney_bot: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
