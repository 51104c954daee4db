"""Pictures of answers as SVG (`--format svg`; the web page shows them too): the orderings of
replacement effects as a tree, a what-if as a timeline that branches where the outcomes diverge,
and the board as the rules see it. Each draws exactly what its answer says (the answer objects
of queries/orderings.py, queries/whatif.py and queries/board.py); nothing here decides a rules
question. The drawing itself is queries/pictures_svg.py.
"""

from __future__ import annotations

import json

from .board import Board, PermanentView
from .orderings import Orderings
from .pictures_svg import GAP_X, GAP_Y, MARGIN, Box, Canvas, TreeNode, tidy, walk
from .result import Unread
from .whatif import WhatIf

MAX_BOX_LINES = 14     # lines of changes in one what-if box; the rest go to its <title>
BOARD_COLUMNS = 4


def _mana(mana: dict[str, int]) -> str:
    return " ".join(f"{n}x{{{t}}}" for t, n in mana.items()) or "no mana"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _warnings(canvas: Canvas, unread: tuple[Unread, ...], top: int) -> None:
    """The lines the answer could not take into account (its not_modelled), as a warning box."""
    if not unread:
        return
    lines = [("warn", "not modelled: the answer could not take these lines into account")]
    lines += [("body", u.to_text()) for u in unread[:MAX_BOX_LINES]]
    hidden = [u.to_text() for u in unread[MAX_BOX_LINES:]]
    if hidden:
        lines.append(("dim", f"... and {len(hidden)} more (in this box's title)"))
    b = Box(lines, "warning", {"role": "not-modelled"}, hidden=hidden)
    b.x, b.y = MARGIN, top + GAP_Y // 2
    canvas.box(b)


# ---------------------------------------------------------------------------------------------
# orderings

def svg_orderings(answer: Orderings) -> str:
    """The mana event at the root; each replacement effect applied is an edge (CR 616.1: the
    player chooses which applies next; 614.5: each once), the mana after it on the node; each
    distinct outcome a leaf with its count. The paths are the orderings the answer lists (at
    most --limit per outcome; orderings that only swap effects doing the same thing listed once); the count is
    the answer's exact count. When the listed orderings start from different mana (the
    ability's choice: "any color"), a first level of nodes says which."""
    head = [("head", f"{answer.player} activates {answer.object}, line {answer.ability}"),
            ("dim", "the mana event (CR 605.1a, 106.12)")]
    paths = []                                   # (outcome index, ordering, mana along it or None)
    for i, outcome in enumerate(answer.outcomes):
        for j, seq in enumerate(outcome.orderings):
            manas = outcome.steps[j] if j < len(outcome.steps) else ()
            paths.append((i, seq, manas if len(manas) == len(seq) + 1 else None))
    starts = sorted({json.dumps(m[0], sort_keys=True) for _, _, m in paths if m}, key=_mana_key)
    if len(starts) == 1:
        head.append(("body", f"before replacement effects: {_mana(json.loads(starts[0]))}"))
    if answer.triggers:
        head.append(("body", f"triggered mana abilities: {', '.join(answer.triggers)} (CR 106.12a)"))
    root = TreeNode(Box(head, "root", {"role": "event"}))
    ends: dict[int, list[TreeNode]] = {}         # outcome index -> the nodes its orderings end at
    for i, seq, manas in paths:
        node = root
        if len(starts) > 1 and manas:
            node = _child(node, ("choice", json.dumps(manas[0], sort_keys=True)), _choice_node, manas[0])
        for k, effect in enumerate(seq):
            after = manas[k + 1] if manas else None
            node = _child(node, (effect, json.dumps(after, sort_keys=True)), _applied_node, seq, k, after)
        ends.setdefault(i, [])
        if node not in ends[i]:
            ends[i].append(node)
    for n in walk(root):
        n.children.sort(key=_order)
    canvas = Canvas(f"orderings: {answer.player} activates {answer.object} line {answer.ability}")
    tidy(root)
    nodes = walk(root)
    for n in nodes:
        canvas.box(n.box)
        for c in n.children:
            canvas.edge(n.box, c.box)
            canvas.label(c.box.cx, c.box.y - 6, c.edge, title=c.edge_title)
    # The outcomes: a row below the tree, each under the nodes its orderings end at (as near as
    # the row allows), left to right without overlapping.
    deepest = max(n.box.y + n.box.h for n in nodes)
    top = deepest + GAP_Y + GAP_Y // 2
    leaves = []
    for i, outcome in enumerate(answer.outcomes):
        lines = [("head", _mana(outcome.mana)), ("body", _plural(outcome.count, "ordering"))]
        if answer.triggers:
            lines.append(("dim", "the triggers' mana included (CR 605.1b)"))
        if len(outcome.orderings) < outcome.count:
            lines.append(("dim", f"{len(outcome.orderings)} listed (effects doing the same thing once, --limit)"))
        box = Box(lines, "outcome", {"role": "outcome", "count": str(outcome.count),
                                     "mana": json.dumps(outcome.mana, sort_keys=True)})
        box.y = top
        at = ends.get(i) or [root]
        want = sum(n.box.cx for n in at) // len(at)
        leaves.append((want, i, box, at))
    x = MARGIN
    for want, _, box, at in sorted(leaves, key=lambda t: (t[0], t[1])):
        box.x = max(x, want - box.w // 2)
        x = box.x + box.w + GAP_X
    for _, i, box, at in leaves:
        canvas.box(box)
        for n in at:
            canvas.edge(n.box, box, "to-outcome")
        if not answer.outcomes[i].orderings:
            canvas.label(box.cx, box.y - 6, "orderings not listed (--limit 0)")
    _warnings(canvas, answer.not_modelled, max((b.y + b.h for _, _, b, _ in leaves), default=deepest))
    return canvas.render()


def _mana_key(text: str) -> tuple:
    """Mana (as JSON) in the order W U B R G C, more first."""
    mana = json.loads(text) or {}
    return tuple(-mana.get(t, 0) for t in "WUBRGC"), text


def _order(node: TreeNode) -> tuple:
    """Siblings in a trie: by effect id (or "choice"), then by the mana after."""
    return node.key[0], _mana_key(node.key[1])


def _child(node: TreeNode, key: tuple, make, *args) -> TreeNode:
    """The child of a trie node under `key`, made by make(*args) if new."""
    for c in node.children:
        if c.key == key:
            return c
    child = make(*args)
    child.key = key
    node.children.append(child)
    return child


def _choice_node(mana: dict) -> TreeNode:
    """A first-level node: the mana the ability adds before any effect (one of its choices)."""
    return TreeNode(Box([("head", _mana(mana)), ("dim", "before replacement effects")], "node",
                        {"role": "choice", "mana": json.dumps(mana, sort_keys=True)}),
                    "the ability's mana", "the mana the ability adds, as chosen when it resolves")


def _applied_node(seq: list[str], k: int, after: dict | None) -> TreeNode:
    """The node after the k-th effect of an ordering (0-based), with the mana then if known."""
    effect = seq[k]
    done = ("dim", f"{_plural(k + 1, 'effect')} applied")
    lines = [("head", _mana(after)), done] if after is not None else [("body", done[1])]
    data = {"role": "applied", "effect": effect}
    if after is not None:
        data["mana"] = json.dumps(after, sort_keys=True)
    return TreeNode(Box(lines, "node", data, hidden=[f"applied in this order: {' → '.join(seq[:k + 1])}"]),
                    f"{effect} · CR 616.1", f"{effect}: a replacement effect applied (CR 616.1, 614.5)")


# ---------------------------------------------------------------------------------------------
# what-if

def svg_whatif(answer: WhatIf) -> str:
    """A timeline from the start: one box per step of each way the game went, the action and
    the changes it made (with their CR rules); outcomes that went the same way share the box,
    and the timeline branches where they diverge. A branch whose action could not be taken ends
    in a box marked illegal, with the rules why. Each outcome ends in its own box."""
    t = answer.start.turn
    n = len(answer.results)
    root = TreeNode(Box([("head", f"start: turn {t.number}, {t.active}'s {t.step.replace('_', ' ')}"),
                         ("dim", f"{_plural(n, 'distinct outcome')} of {_plural(len(answer.actions), 'step')}")],
                        "root", {"role": "start"}))
    made: dict[tuple, TreeNode] = {}
    for i, r in enumerate(answer.results):
        parent = root
        last = r.illegal.step if r.illegal else len(answer.actions)
        for k in range(1, last + 1):
            final = k == last
            changes = [c for c in r.changes if c.step == k]
            prefix = json.dumps([c.to_json() for c in r.changes if c.step <= k], sort_keys=True)
            key = ("outcome", i) if final else ("step", k, prefix)
            node = made.get(key)
            if node is None:
                node = TreeNode(_step_box(answer, r, k, changes, i if final else None))
                made[key] = node
                parent.children.append(node)
            parent = node
    canvas = Canvas(f"what-if: {'; '.join(answer.actions)}")
    tidy(root)
    nodes = walk(root)
    for node in nodes:
        canvas.box(node.box)
        for c in node.children:
            canvas.edge(node.box, c.box, "to-outcome" if c.box.kind == "outcome" else "")
    _warnings(canvas, answer.not_modelled, max(n.box.y + n.box.h for n in nodes))
    return canvas.render()


def _step_box(answer: WhatIf, r, k: int, changes: list, outcome: int | None) -> Box:
    action = answer.actions[k - 1]
    lines = [("head", f"step {k}: {action}")]
    texts = []
    for c in changes:
        tag = "state-based action: " if c.sba else ""
        rules = ", ".join(sorted({rule for rule, _ in c.rules}))
        texts.append(f"{tag}{c.change.text()}" + (f" [CR {rules}]" if rules else ""))
    illegal = r.illegal if outcome is not None and r.illegal is not None and r.illegal.step == k else None
    if not texts and illegal is None:
        texts = ["nothing changes"]
    lines += [("body", f"• {x}") for x in texts[:MAX_BOX_LINES]]
    hidden = texts[MAX_BOX_LINES:]
    if hidden:
        lines.append(("dim", f"... and {len(hidden)} more changes (in this box's title)"))
    kind, data = "node", {"role": "step", "step": str(k)}
    if illegal is not None:
        kind = "illegal"
        lines.append(("warn", f"cannot be taken: {illegal.action}"))
        lines += [("warn", f"CR {rule}: {why}") for rule, why in illegal.why]
        data["role"] = "illegal"
    elif outcome is not None:
        kind = "outcome"
    if outcome is not None:
        lines.append(("head", f"= outcome {outcome + 1}"))
        data["outcome"] = str(outcome + 1)
    return Box(lines, kind, data, hidden=hidden)


# ---------------------------------------------------------------------------------------------
# board

def svg_board(answer: Board) -> str:
    """The battlefield as the rules see it: one band per player holding the permanents they
    control after layer 2 (CR 613.1b), in a grid; each permanent with its card, types, power and
    toughness after layer 7, counters and damage, its owner when another player, the effect it
    is controlled through; tapped permanents grey with dashed edges (and "tapped"); an
    attachment (Aura, Equipment) right after what it is attached to and linked to it by a
    dashed line. Then each player's other zones."""
    keep = None if answer.objects is None else set(answer.objects)
    perms = [p for p in answer.permanents if keep is None or p.id in keep]
    players: list[str] = []
    for p in perms:
        for who in (p.controller, p.owner):
            if who not in players:
                players.append(who)
    for per_player in answer.zones.values():
        for who in per_player:
            if who not in players:
                players.append(who)
    boxes = {p.id: _permanent_box(p) for p in perms}
    cell_w = max([b.w for b in boxes.values()] + [160])
    for b in boxes.values():
        b.min_w = cell_w
    canvas = Canvas("the board as the rules see it")
    y = MARGIN
    width = BOARD_COLUMNS * cell_w + (BOARD_COLUMNS - 1) * GAP_X + GAP_X
    for who in players:
        mine = _attached_after_host([p for p in perms if p.controller == who])
        zones = [f"{zone}: {', '.join(per[who])}" for zone, per in answer.zones.items()
                 if per.get(who) and keep is None]          # --object: only those objects
        rows = (len(mine) + BOARD_COLUMNS - 1) // BOARD_COLUMNS
        band_lines = [("head", f"{who} controls {_plural(len(mine), 'permanent')}")]
        band = Box(band_lines, "player", {"role": "player", "player": who}, min_w=width)
        band.x, band.y = MARGIN, y
        canvas.box(band)
        y += band.h + GAP_X // 2
        for r in range(rows):
            row = [boxes[p.id] for p in mine[r * BOARD_COLUMNS:(r + 1) * BOARD_COLUMNS]]
            for j, b in enumerate(row):
                b.x, b.y = MARGIN + GAP_X // 2 + j * (cell_w + GAP_X), y
                canvas.box(b)
            y += max(b.h for b in row) + GAP_X       # each row as tall as its tallest box
        if zones:
            z = Box([("dim", line) for line in zones], "zones", {"role": "zones", "player": who})
            z.x, z.y = MARGIN + GAP_X // 2, y
            canvas.box(z)
            y += z.h + GAP_X
        y += GAP_X // 2
    if not perms and not players:
        empty = Box([("dim", "the battlefield is empty")], "node", {"role": "empty"})
        empty.x, empty.y = MARGIN, y
        canvas.box(empty)
        y += empty.h
    for p in perms:
        host = p.attached_to
        if host in boxes:
            a, h = boxes[p.id], boxes[host]
            canvas.line(a.cx, a.y + a.h // 2, h.cx, h.y + h.h // 2, "attach")
    _warnings(canvas, answer.not_modelled, y)
    return canvas.render()


def _attached_after_host(perms: list[PermanentView]) -> list[PermanentView]:
    """The permanents in the answer's order, each attachment right after its host (when the
    same player controls both)."""
    ids = {p.id for p in perms}
    out: list[PermanentView] = []
    for p in perms:
        if p.attached_to in ids:
            continue
        out.append(p)
        out += [a for a in perms if a.attached_to == p.id]
    out += [p for p in perms if p.attached_to in ids and p not in out]
    return out


def _permanent_box(p: PermanentView) -> Box:
    kinds = " ".join(p.types) + (f" — {' '.join(p.subtypes)}" if p.subtypes else "")
    lines = [("head", f"{p.id}: {p.card}"), ("body", kinds or "no types")]
    if p.power is not None:
        pt = f"{p.power}/{p.toughness}"
        if p.printed_pt and p.printed_pt != pt:
            pt += f" (printed {p.printed_pt})"
        lines.append(("body", pt))
    if p.tapped:
        lines.append(("warn", "tapped"))
    if p.owner != p.controller:
        lines.append(("body", f"owned by {p.owner}"))
    if p.control_changed_by:
        lines.append(("body", f"controlled through {p.control_changed_by} (CR 613.1b)"))
    if p.attached_to:
        lines.append(("body", f"attached to {p.attached_to}"))
    if p.counters:
        lines.append(("body", "counters: " + ", ".join(f"{n} {k}" for k, n in p.counters.items())))
    if p.damage:
        lines.append(("body", f"damage: {p.damage}"))
    if p.keywords:
        lines.append(("dim", ", ".join(p.keywords)))
    if p.affected_by:
        lines.append(("dim", f"type or color changed by {', '.join(p.affected_by)} (CR 613.1d-e)"))
    if p.lost_rules_text:
        lines.append(("dim", "its rules-text abilities are gone (CR 305.7)"))
    data = {"role": "permanent", "id": p.id, "controller": p.controller}
    if p.tapped:
        data["tapped"] = "true"
    if p.attached_to:
        data["attached-to"] = p.attached_to
    return Box(lines, "tapped" if p.tapped else "node", data)
