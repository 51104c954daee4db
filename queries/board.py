"""board: the permanents as the rules see them now (after the layers: controller, types,
colors, abilities, power and toughness) and the other zones. The encoding (asp/board.lp)
decides every characteristic; this module lists them."""

from __future__ import annotations

from dataclasses import dataclass, field

import clingo

from ..translator.decode import ability, object_id, plain
from ..translator.errors import InputError
from .common import not_modelled, require_permanent, resolve_line
from .core import Solver
from .result import Cited, Unread, Why, sorted_whys, unread_lines, with_unread

COLOR_ORDER = ("white", "blue", "black", "red", "green")
# The fields of a permanent in the --json answer (the optional ones appear only when they apply).
FIELDS = ("card", "controller", "owner", "tapped", "types", "subtypes", "colors", "keywords",
          "abilities", "counters", "damage", "control_changed_by", "power", "toughness",
          "conditions", "printed_power_toughness", "lost_rules_text", "affected_by",
          "chosen", "zone", "face_down", "may")   # the last three: cards in the other zones


@dataclass(frozen=True)
class PermanentView:
    id: str
    card: str
    controller: str
    owner: str
    tapped: bool
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    colors: tuple[str, ...]
    keywords: tuple[str, ...]
    abilities: tuple[dict, ...]
    counters: dict[str, int]
    lost_rules_text: bool
    affected_by: tuple[str, ...]
    printed_pt: str | None = None      # the card's printed power/toughness
    power: int | None = None           # after layer 7 (CR 613.4); None: not a creature
    toughness: int | None = None
    damage: int = 0
    control_changed_by: str | None = None   # the control-changing effect that decides (613.1b)
    conditions: tuple[dict, ...] = ()       # conditional abilities: {"line": L, "applies": bool}
    chosen: dict[str, str] = field(default_factory=dict)  # chosen as it entered (614.12a), as recorded
    attached_to: str | None = None          # the state's attachment (for the pictures; 301.5, 303.4)

    def to_json(self) -> dict:
        out = {"card": self.card, "controller": self.controller, "owner": self.owner,
               "tapped": self.tapped, "types": list(self.types), "subtypes": list(self.subtypes),
               "colors": list(self.colors), "keywords": list(self.keywords),
               "abilities": list(self.abilities), "counters": dict(self.counters),
               "damage": self.damage}
        if self.control_changed_by:
            out["control_changed_by"] = self.control_changed_by
        if self.power is not None:
            out["power"], out["toughness"] = self.power, self.toughness
        if self.conditions:
            out["conditions"] = list(self.conditions)
        if self.chosen:
            out["chosen"] = dict(self.chosen)
        if self.printed_pt:
            out["printed_power_toughness"] = self.printed_pt
        if self.lost_rules_text:
            out["lost_rules_text"] = True
        if self.affected_by:
            out["affected_by"] = list(self.affected_by)
        return out


@dataclass(frozen=True)
class CardView:
    """A card in a hand, library, graveyard, exile or the command zone: the characteristics its
    card prints (CR 109.3), or nothing when it is exiled face down (406.3)."""
    id: str
    card: str | None                   # None: face down, no player may look at it
    owner: str
    zone: str
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    order_unknown: bool = False        # in a shuffled library: no player knows its place (701.24a)
    # (action, player): who may cast it, or play it (a land), from where it is (601.3, 305.1);
    # whether they may now (timing, costs) is the what-if's question
    may: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict:
        if self.card is None:
            out = {"zone": self.zone, "owner": self.owner, "face_down": True}
        else:
            out = {"card": self.card, "zone": self.zone, "owner": self.owner, "types": list(self.types),
                   "subtypes": list(self.subtypes), "colors": list(self.colors)}
        if self.order_unknown:
            out["order_unknown"] = True
        if self.may:
            out["may"] = [{"action": a, "player": p} for a, p in self.may]
        return out

    def to_text(self) -> str:
        may = "".join(f"; {p} may {a} it from here (CR {'305.1' if a == 'play' else '601.3'})"
                      for a, p in self.may)
        if self.card is None:
            return f"{self.id}: face down (no player may look at it){may}"
        kinds = " ".join(self.types) + (f" — {' '.join(self.subtypes)}" if self.subtypes else "")
        unknown = " (its place in the library is unknown: shuffled, CR 701.24a)" if self.order_unknown else ""
        return f"{self.id}: {self.card}: {kinds}; {', '.join(self.colors) or 'colorless'}{unknown}{may}"


@dataclass(frozen=True)
class Board:
    permanents: tuple[PermanentView, ...]
    zones: dict[str, dict[str, list[str]]]
    reasons: dict[str, list[Why]] | None = None     # --explain: object id -> CR rules
    cards: tuple[CardView, ...] = ()                 # the cards of `zones`, in its order
    objects: tuple[str, ...] | None = None           # only these objects (--object)
    fields: tuple[str, ...] | None = None            # only these fields of each (--field)
    not_modelled: tuple[Unread, ...] = ()            # of the objects shown

    def rules(self) -> list[Cited]:
        return [Cited(oid, w.rule, w.text, (("object", oid),))
                for oid, whys in (self.reasons or {}).items() for w in whys]

    def to_json(self) -> dict:
        """Every object, or only those asked for and only the fields asked for."""
        board = {p.id: p.to_json() for p in self.permanents}
        cards = {c.id: c.to_json() for c in self.cards}
        if self.objects is not None:
            board = {oid: board[oid] for oid in self.objects if oid in board}
            cards = {oid: cards[oid] for oid in self.objects if oid in cards}
        if self.fields is not None:
            board = {oid: {k: v[k] for k in self.fields if k in v} for oid, v in board.items()}
            cards = {oid: {k: v[k] for k in self.fields if k in v} for oid, v in cards.items()}
        out: dict = {"board": board}
        if self.objects is None and self.fields is None:
            out["zones"] = self.zones
        if cards:
            out["cards"] = cards
        return with_unread(out, self.not_modelled)

    def to_text(self) -> str:
        if self.objects is not None:
            keep = set(self.objects)
            return Board(tuple(p for p in self.permanents if p.id in keep), {}, self.reasons,
                         tuple(c for c in self.cards if c.id in keep), not_modelled=self.not_modelled)._text()
        return self._text()

    def _text(self) -> str:
        lines = []
        for p in self.permanents:
            tapped = ", tapped" if p.tapped else ""
            owner = f", owned by {p.owner}" if p.owner != p.controller else ""
            kinds = " ".join(p.types) + (f" — {' '.join(p.subtypes)}" if p.subtypes else "")
            colors = ", ".join(p.colors) or "colorless"
            pt = ""
            if p.power is not None:
                pt = f"; {p.power}/{p.toughness}"
                if p.printed_pt and p.printed_pt != f"{p.power}/{p.toughness}":
                    pt += f" (printed {p.printed_pt})"
            elif p.printed_pt:
                pt = f"; printed {p.printed_pt}"
            damage = f", {p.damage} damage" if p.damage else ""
            damage += "".join(f", chosen {k.replace('_', ' ')}: {v}" for k, v in p.chosen.items())
            lines.append(f"{p.id}: {p.card} ({p.controller}{owner}{tapped}): {kinds}; {colors}{pt}{damage}")
            if p.control_changed_by:
                lines.append(f"    controlled through: {p.control_changed_by}")
            if p.keywords:
                lines.append(f"    keywords: {', '.join(p.keywords)}")
            for a in p.abilities:
                via = f" (from {a['granted_by']})" if "granted_by" in a else ""
                lines.append(f"    line {a['line']}{via}: {a['text']}")
            for c in p.conditions:
                lines.append(f"    line {c['line']} {'applies' if c['applies'] else 'does not apply'} now")
            if p.lost_rules_text:
                lines.append("    (its rules-text abilities are gone: CR 305.7)")
            if p.affected_by:
                lines.append(f"    type or color changed by: {', '.join(p.affected_by)}")
            if p.counters:
                lines.append("    counters: " + ", ".join(f"{n} {k}" for k, n in p.counters.items()))
            for why in (self.reasons or {}).get(p.id, []):
                lines.append(f"    CR {why.rule}: {why.text}")
        views = {c.id: c for c in self.cards}
        for zone, per_player in self.zones.items():
            for player, cards in per_player.items():
                lines.append(f"{player}'s {zone}: {', '.join(cards)}")
                lines += [f"    {views[c].to_text()}" for c in cards if c in views]
                for c in cards:
                    for why in (self.reasons or {}).get(c, []):
                        lines.append(f"    CR {why.rule}: {why.text}")
        if not self.zones:     # only some objects asked for
            for c in self.cards:
                lines.append(f"{c.id} ({c.owner}'s {c.zone}): {c.to_text().split(': ', 1)[1]}")
                for why in (self.reasons or {}).get(c.id, []):
                    lines.append(f"    CR {why.rule}: {why.text}")
        lines = lines or ["the battlefield is empty"]
        return "\n".join(lines + unread_lines(self.not_modelled))


def _effect_name(sym: clingo.Symbol) -> str:
    if sym.name == "src":
        return object_id(sym.arguments[0])
    return sym.arguments[0].string


def _attached(p) -> str | None:
    """What the state says the permanent is attached to; `(gone)` once that object left its
    zone (it stays attached to that object, which exists no more: 400.7)."""
    if not p.attached_to:
        return None
    return p.attached_to + (" (gone)" if p.attached_incarnation is not None else "")


def _printed_pt(solver: Solver, card_name: str) -> str | None:
    card = solver.state.library.get(card_name)
    return f"{card.power}/{card.toughness}" if card.power is not None else None


def board(solver: Solver, explain: bool = False, objects: list[str] | None = None,
          fields: list[str] | None = None) -> Board:
    state = solver.state
    zone_ids = {z.id for z in state.zones}
    for oid in objects or ():
        if oid not in zone_ids:
            require_permanent(solver, oid)
    for name in fields or ():
        if name not in FIELDS:
            raise InputError("--field", None, f"unknown field {name!r}; fields are {', '.join(FIELDS)}")
    answer = solver.part("board")
    facts: dict[str, dict[str, list]] = {}
    for name in ("board_type", "board_supertype", "board_subtype", "board_color", "board_ability",
                 "board_keyword", "board_effect"):
        for s in answer.get(name):
            o = s.arguments[-1] if name == "board_effect" else s.arguments[0]
            value = s.arguments[0] if name == "board_effect" else s.arguments[1]
            facts.setdefault(object_id(o), {}).setdefault(name, []).append(value)
    lost = {object_id(s.arguments[0]) for s in answer.get("board_lost_text")}
    controllers = {object_id(s.arguments[0]): s.arguments[1].string for s in answer.get("board_controller")}
    changed_by = {object_id(s.arguments[0]): plain(s.arguments[1]) for s in answer.get("board_control_by")}
    pts = {object_id(s.arguments[0]): (s.arguments[1].number, s.arguments[2].number)
           for s in answer.get("board_pt")}
    conditions: dict[str, list[dict]] = {}
    for s in answer.get("board_condition"):
        conditions.setdefault(object_id(s.arguments[0]), []).append(
            {"line": s.arguments[1].number, "applies": s.arguments[2].name == "yes"})
    reasons: dict[str, list[Why]] | None = None
    if explain:
        reasons = {}
        for s in answer.get("board_why"):
            about, rule, template, args = s.arguments
            words = [plain(a) for a in args.arguments]
            reasons.setdefault(object_id(about.arguments[0]), []).append(
                Why(rule.string, template.string.format(*words)))
        reasons = {k: sorted_whys(v) for k, v in reasons.items()}
    views = []
    for p in state.battlefield:
        f = facts.get(p.id, {})
        abilities = []
        for i in f.get("board_ability", []):
            ref = ability(i)
            line, text = resolve_line(solver, p.id, ref)
            entry = {"line": line, "text": text}
            if ref.granted_by:
                entry["granted_by"] = ref.granted_by
            abilities.append(entry)
        abilities.sort(key=lambda a: (a.get("granted_by", ""), a["line"], a["text"]))
        power, toughness = pts.get(p.id, (None, None))
        views.append(PermanentView(
            p.id, p.card, controllers[p.id], p.owner, p.tapped,
            tuple(sorted(s.name for s in f.get("board_supertype", [])))
            + tuple(sorted(s.name for s in f.get("board_type", []))),
            tuple(sorted(s.string for s in f.get("board_subtype", []))),
            tuple(c for c in COLOR_ORDER if c in {s.name for s in f.get("board_color", [])}),
            tuple(sorted(s.name.replace("_", " ") for s in f.get("board_keyword", []))),
            tuple(abilities), dict(p.counters), p.id in lost,
            tuple(sorted({_effect_name(e) for e in f.get("board_effect", [])})),
            _printed_pt(solver, p.card), power, toughness, p.damage, changed_by.get(p.id),
            tuple(sorted(conditions.get(p.id, []), key=lambda c: c["line"])), dict(p.chosen),
            _attached(p)))
    zones: dict[str, dict[str, list[str]]] = {}
    hidden = {object_id(s.arguments[0]) for s in answer.get("board_face_down")}
    may: dict[str, list[tuple[str, str]]] = {}
    for s in answer.get("board_may"):
        may.setdefault(object_id(s.arguments[0]), []).append((s.arguments[2].name, s.arguments[1].string))
    cards = []
    for z in state.zones:
        zones.setdefault(z.zone, {}).setdefault(z.owner, []).append(z.id)
        if z.id in hidden:
            cards.append(CardView(z.id, None, z.owner, z.zone, may=tuple(sorted(may.get(z.id, ())))))
            continue
        f = facts.get(z.id, {})
        cards.append(CardView(
            z.id, z.card, z.owner, z.zone,
            tuple(sorted(s.name for s in f.get("board_supertype", [])))
            + tuple(sorted(s.name for s in f.get("board_type", []))),
            tuple(sorted(s.string for s in f.get("board_subtype", []))),
            tuple(c for c in COLOR_ORDER if c in {s.name for s in f.get("board_color", [])}),
            z.zone == "library" and z.order_unknown, tuple(sorted(may.get(z.id, ())))))
    if objects is not None:
        reasons = None if reasons is None else {k: v for k, v in reasons.items() if k in objects}
    unread = tuple(u for u in not_modelled(solver) if objects is None or u.about in objects)
    return Board(tuple(views), zones, reasons, tuple(cards),
                 None if objects is None else tuple(objects), None if fields is None else tuple(fields), unread)
