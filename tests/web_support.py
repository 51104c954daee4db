"""What the web page's tests share: the demo state, the page's answers as text, and the
queries the page is compared with (the Python API, as the CLI asks it)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "examples" / "demo.yaml"

# Each query of the CLI with options for the demo board: (page query, page options, the
# Session call giving the same answer, explain).
DEMO_QUERIES = [
    ("could-produce", {}, lambda s: s.could_produce(None, True)),
    ("activations", {"q-player": "alice"}, lambda s: s.activations("alice", True)),
    ("orderings", {"q-tap": "pool"}, lambda s: s.orderings("pool", None, None, 10, True)),
    ("can-pay", {"q-player": "alice", "q-cost": "{1}{G}"}, lambda s: s.can_pay("alice", "{1}{G}", True)),
    ("mana", {"q-player": "alice"}, lambda s: s.available_mana("alice", True)),
    ("what-if", {"q-actions": "flicker elves\nmove gleaner to hand"},
     lambda s: s.what_if(["flicker elves", "move gleaner to hand"], explain=True)),
    ("board", {"q-object": "elves"}, lambda s: s.board(True, ["elves"], None)),
]


def demo_data() -> dict:
    return yaml.safe_load(DEMO.read_text(encoding="utf-8"))


def answers(page: str) -> list[str]:
    """The text of each answer panel on a page, as its query's to_text() reads."""
    out = []
    for body in re.findall(r'<pre class="answer">(.*?)</pre>', page, re.DOTALL):
        out.append(html.unescape(re.sub(r"<[^>]+>", "", body)))
    return out


def field_error(page: str, name: str) -> str | None:
    m = re.search(rf'<span class="error" id="error-{re.escape(name)}"[^>]*>(.*?)</span>', page, re.DOTALL)
    return html.unescape(m.group(1)) if m else None


def expected_text(result) -> str:
    """An answer's text as the page shows it in its panel: the not-modelled lines apart."""
    lines = result.to_text().splitlines()
    at = next((i for i, ln in enumerate(lines) if ln.startswith("not modelled (")), len(lines))
    return "\n".join(lines[:at])


def pictures(page: str) -> list[str]:
    """The inline SVG pictures of the answer panels on a page."""
    return re.findall(r'<div class="picture">(.*?)</div>', page, re.DOTALL)
