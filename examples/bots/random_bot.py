#!/usr/bin/env python3
"""A minimal Stich bot (docs/bot-interface.md): plays a random legal action.

Standard library only. Reads one JSON message per line on standard input and answers each `act`
request with one line on standard output. Logs go to standard error (the arena shows them).
"""
import json
import random
import sys

rng = random.Random(1)  # a fixed seed: the same requests get the same answers

for line in sys.stdin:
    msg = json.loads(line)
    t, d = msg["t"], msg.get("d")
    if t == "hello":
        print(f"playing {d['game']} with {d['players']} players", file=sys.stderr)
    elif t == "act":
        action = rng.choice(d["legal"])
        print(json.dumps({"t": "act", "d": {"id": d["id"], "action": action}}), flush=True)
    elif t == "error":
        print(f"refused: {d['code']}: {d['reason']}", file=sys.stderr)
    elif t == "bye":
        break
    # "deal" and "result" are notices; nothing to answer.
