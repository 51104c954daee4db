"""The drawing side of queries/pictures.py: boxes of text, a tidy tree layout and the SVG text.

No layout library: graphviz needs the system `dot` binary (a `pip install` does not bring it,
so `--format svg` would fail on a machine without it), and the pictures are small trees and a
grid, which a tidy tree (leaves side by side, each parent centred over its children) lays out
in a few lines (docs/design-notes.md, "Pictures").

Every coordinate is an integer and every list is drawn in the order it is given, so the same
answer gives byte-identical SVG. Text is monospace (the generic family: no font is fetched),
so a line's width is known from its length; a line longer than MAX_CHARS is cut with "…" and
its whole text kept in the box's <title>.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

FONT_SIZE = 12
CHAR_W = 7.3           # the advance of one monospace character at FONT_SIZE (a little over)
LINE_H = 16
PAD = 8                # inside a box
GAP_X = 24             # between boxes side by side
GAP_Y = 44             # between rows of a tree (room for one edge label)
MARGIN = 16
MAX_CHARS = 84

# XML 1.0 does not allow most control characters, even escaped.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")

STYLE = """
text { font-family: monospace; font-size: 12px; fill: #1a1a1a; }
text.head { font-weight: bold; }
text.warn { fill: #9a2a00; }
text.dim { fill: #555555; }
text.edge { fill: #234d8f; paint-order: stroke; stroke: #ffffff; stroke-width: 4px; }
rect { fill: #ffffff; stroke: #444444; stroke-width: 1; }
rect.root { fill: #eef3fb; }
rect.outcome { fill: #eaf6e9; stroke: #2f6b2a; stroke-width: 2; }
rect.illegal { fill: #fbeaea; stroke: #a02020; stroke-width: 2; }
rect.tapped { fill: #ececec; stroke-dasharray: 5 3; }
rect.player { fill: #f6f6f0; stroke: #999988; }
rect.warning { fill: #fff6e0; stroke: #b07800; }
line { stroke: #555555; stroke-width: 1.2; }
line.attach { stroke: #7a3fa0; stroke-dasharray: 4 3; }
line.to-outcome { stroke: #2f6b2a; }
""".strip()


def clean(text: str) -> str:
    """The text without characters XML cannot hold."""
    return _NOT_XML.sub("?", str(text))


def cut(text: str, limit: int = MAX_CHARS) -> str:
    text = clean(text)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def text_width(text: str) -> int:
    return int(len(text) * CHAR_W + 0.999)


@dataclass
class Box:
    """A box of text lines, each (css class, text); `kind` its css class and data-kind;
    `data` extra data-* attributes (for a reader such as a test or the web page)."""
    lines: list[tuple[str, str]]
    kind: str = "node"
    data: dict[str, str] = field(default_factory=dict)
    min_w: int = 0
    hidden: list[str] = field(default_factory=list)   # lines left out of the box, in its <title>
    x: int = 0
    y: int = 0

    @property
    def shown(self) -> list[tuple[str, str]]:
        return [(c, cut(t)) for c, t in self.lines]

    @property
    def w(self) -> int:
        return max([self.min_w] + [text_width(t) + 2 * PAD for _, t in self.shown])

    @property
    def h(self) -> int:
        return len(self.lines) * LINE_H + 2 * PAD - 4

    @property
    def cx(self) -> int:
        return self.x + self.w // 2

    def title(self) -> str:
        return "\n".join([clean(t) for _, t in self.lines] + [clean(t) for t in self.hidden])


@dataclass
class TreeNode:
    """A box in a tree, with the label of the edge from its parent."""
    box: Box
    edge: str = ""
    edge_title: str = ""
    children: list[TreeNode] = field(default_factory=list)
    band: int = 0          # the width of the subtree's band and where it begins (tidy)
    band_x: int = 0
    key: tuple = ()        # what tells it from its siblings (a trie's key)

    def width(self) -> int:
        """The node's own width: its box, or its edge label if wider (labels sit above it)."""
        return max(self.box.w, text_width(cut(self.edge)) + 8)


def tidy(root: TreeNode, left: int = MARGIN, top: int = MARGIN) -> list[int]:
    """Lay out a tree top-down: each subtree gets a horizontal band as wide as its own box or its
    children's bands side by side (GAP_X apart), whichever is wider; children fill the band in
    order, leaves GAP_X apart, and a parent is centred over its first and last child, inside its
    band. Bands of different subtrees never overlap, so no two boxes do. Each depth is a row as tall as its tallest box. Returns the rows' y."""
    heights: list[int] = []

    def measure(n: TreeNode, depth: int) -> int:
        if len(heights) <= depth:
            heights.append(0)
        heights[depth] = max(heights[depth], n.box.h)
        kids = sum(measure(c, depth + 1) for c in n.children) + GAP_X * max(0, len(n.children) - 1)
        n.band = max(n.width(), kids)
        return n.band

    measure(root, 0)
    rows = [top]
    for h in heights[:-1]:
        rows.append(rows[-1] + h + GAP_Y)

    def place(n: TreeNode, x0: int, depth: int) -> None:
        n.band_x = x0
        n.box.y = rows[depth]
        kids = sum(c.band for c in n.children) + GAP_X * max(0, len(n.children) - 1)
        x = x0 + (n.band - kids) // 2
        for c in n.children:
            place(c, x, depth + 1)
            x += c.band + GAP_X
        # centred over its first and last child (a leaf: over its band), kept inside its band
        centre = ((n.children[0].box.cx + n.children[-1].box.cx) // 2 if n.children
                  else x0 + n.band // 2)
        n.box.x = min(max(centre - n.box.w // 2, x0), x0 + n.band - n.box.w)

    place(root, left, 0)
    return rows


def walk(root: TreeNode) -> list[TreeNode]:
    out, todo = [], [root]
    while todo:
        n = todo.pop()
        out.append(n)
        todo.extend(reversed(n.children))
    return out


class Canvas:
    """SVG elements in drawing order: lines first, then boxes over them, then labels."""

    def __init__(self, title: str):
        self.title = title
        self.lines: list[str] = []
        self.boxes: list[Box] = []
        self.labels: list[str] = []
        self.right = 0
        self.bottom = 0

    def _extend(self, x: int, y: int) -> None:
        self.right, self.bottom = max(self.right, x), max(self.bottom, y)

    def line(self, x1: int, y1: int, x2: int, y2: int, kind: str = "") -> None:
        cls = f' class="{kind}"' if kind else ""
        self.lines.append(f'<line{cls} x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')

    def edge(self, parent: Box, child: Box, kind: str = "") -> None:
        """A line from the bottom of a box to the top of one below it."""
        self.line(parent.cx, parent.y + parent.h, child.cx, child.y, kind)

    def label(self, x: int, y: int, text: str, kind: str = "edge", title: str = "") -> None:
        """One line of text centred on x, its baseline at y; the whole in a <title>."""
        shown = cut(text)
        whole = clean(title or text)
        tip = f"<title>{escape(whole)}</title>" if whole != shown or title else ""
        self.labels.append(f'<text class="{kind}" x="{x}" y="{y}" text-anchor="middle">{tip}'
                           f"{escape(shown)}</text>")
        self._extend(x + text_width(shown) // 2, y + 4)

    def box(self, b: Box) -> None:
        self.boxes.append(b)
        self._extend(b.x + b.w, b.y + b.h)

    def _box_svg(self, b: Box) -> str:
        data = "".join(f" data-{k}={quoteattr(clean(v))}" for k, v in b.data.items())
        out = [f'<g class="box" data-kind="{b.kind}"{data}>',
               f"<title>{escape(b.title())}</title>",
               f'<rect class="{b.kind}" x="{b.x}" y="{b.y}" width="{b.w}" height="{b.h}" rx="4"/>']
        y = b.y + PAD + FONT_SIZE - 1
        for cls, t in b.shown:
            out.append(f'<text class="{cls}" x="{b.x + PAD}" y="{y}">{escape(t)}</text>')
            y += LINE_H
        out.append("</g>")
        return "\n".join(out)

    def render(self) -> str:
        w, h = self.right + MARGIN, self.bottom + MARGIN
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
                f'viewBox="0 0 {w} {h}">')
        body = [head, f"<title>{escape(clean(self.title))}</title>", f"<style>\n{STYLE}\n</style>",
                f'<rect x="0" y="0" width="{w}" height="{h}" style="fill:#ffffff;stroke:none"/>',
                *self.lines, *(self._box_svg(b) for b in self.boxes), *self.labels, "</svg>"]
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + "\n".join(body) + "\n"
