#!/usr/bin/env python3
"""The web page's server under a run of requests (Flask's test client, in this process): the
time of each kind of request and the process's memory (RSS) before and after.

Each request loads the demo state through the form and answers one query in a Session of its
own (closed after the request). Prints the median and the slowest request time per query, the
RSS after a warm-up and after N requests, and the worker processes left (must be 0). Every
answer is checked against the query asked directly, so a fast wrong answer fails.

    python bench/bench_web.py [--requests 300]
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from mtg_asp.queries.session import Session
from mtg_asp.translator.state import load_state_file
from mtg_asp.web import form as board_form
from mtg_asp.web.app import create_app
from web_support import DEMO, DEMO_QUERIES, answers, demo_data, expected_text


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=300)
    args = ap.parse_args()
    client = create_app(time_limit=60).test_client()
    fields = {k: v for k, v in board_form.to_fields(demo_data()).items() if v != "off"}
    with Session(load_state_file(DEMO), time_limit=60) as session:
        expected = {q: expected_text(ask(session)) for q, _, ask in DEMO_QUERIES}
    forms = [(q, {**fields, "query": q, "q-explain": "on", **o, "action": "ask"})
             for q, o, _ in DEMO_QUERIES]
    times: dict[str, list[float]] = {q: [] for q, _ in forms}
    for q, form in forms * 2:                       # warm-up: caches filled
        client.post("/", data=form)
    gc.collect()
    start = rss_mb()
    for n in range(args.requests):
        q, form = forms[n % len(forms)]
        t = time.perf_counter()
        page = client.post("/", data=form).data.decode()
        times[q].append(time.perf_counter() - t)
        if answers(page) != [expected[q]]:
            print(f"WRONG answer to {q} at request {n}")
            return 1
    gc.collect()
    print(f"{args.requests} requests, every answer right")
    for q, ts in times.items():
        print(f"  {q:14s} median {statistics.median(ts) * 1000:6.0f} ms   slowest {max(ts) * 1000:6.0f} ms")
    print(f"RSS after warm-up {start:.1f} MB, after {args.requests} requests {rss_mb():.1f} MB "
          f"(growth {rss_mb() - start:+.1f} MB)")
    print(f"worker processes left: {len(multiprocessing.active_children())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
