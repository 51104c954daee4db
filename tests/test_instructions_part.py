"""The part instructions(q) (asp/effects.lp, asp/moves.lp, asp/library.lp: what an instruction carried out does,
608.2c) is grounded only with act_resolve(q) and act_activate(q) (queries/whatif.py ACTION_PARTS),
so it must hold only rules that derive nothing in any other step. Checked on the rules' shapes:
every statement of instructions(q) with a body reads, positively, one of

- a predicate that holds only when some instruction is carried out (carries/4, defined only in
  act_resolve and act_activate, or a predicate each of whose rules, in any part, reads one such:
  a greatest fixpoint over the whole program), or
- a term that only the instruction parts make (instr(K), the stage of an instruction, or a
  change kind such as attach(O, T)): no rule outside instructions, act_resolve and act_activate
  writes that function in its head.

A rule added to instructions(q) that could fire in a settle round or a move fails here, instead
of being silently left out of those steps."""

from __future__ import annotations

from importlib import resources

from clingo import ast
from mtg_asp.queries.whatif import ACTION_PARTS

INSTRUCTION_PARTS = {"instructions", "act_resolve", "act_activate"}


def _statements() -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    part = ["base"]

    def keep(s):
        if s.ast_type == ast.ASTType.Program:
            part[0] = s.name
        elif s.ast_type != ast.ASTType.Comment:
            out.append((part[0], s))
    with resources.as_file(resources.files("mtg_asp.asp").joinpath("main.lp")) as path:
        ast.parse_files([str(path)], keep)
    return out


def _functions(node) -> set[str]:
    """Every function name in a term or an atom (nested)."""
    found: set[str] = set()

    class Walk(ast.Transformer):
        def visit_Function(self, f):
            found.add(f.name)
            f.update(**self.visit_children(f))
            return f
    Walk()(node)
    return found


def _head_atoms(s) -> list:
    atoms = []

    class Walk(ast.Transformer):
        def visit_ConditionalLiteral(self, lit):
            self(lit.literal)
            return lit

        def visit_SymbolicAtom(self, a):
            atoms.append(a.symbol)
            return a
    if s.ast_type == ast.ASTType.Rule:
        Walk()(s.head)
    return atoms


def _positive_body(s) -> list:
    body = getattr(s, "body", None) or []
    return [b.atom.symbol for b in body
            if b.ast_type == ast.ASTType.Literal and b.sign == ast.Sign.NoSign
            and b.atom.ast_type == ast.ASTType.SymbolicAtom and b.atom.symbol.ast_type == ast.ASTType.Function]


def _key(f) -> tuple[str, int]:
    return f.name, len(f.arguments)


def test_instructions_part_fires_only_where_an_instruction_is_carried_out():
    statements = _statements()
    rules = [(part, s) for part, s in statements if s.ast_type == ast.ASTType.Rule]
    carries = ("carries", 4)
    assert {p for p, s in rules if any(h.ast_type == ast.ASTType.Function and _key(h) == carries
                                                  for h in _head_atoms(s))} == {"act_resolve", "act_activate"}

    def on_q(f) -> bool:
        return bool(f.arguments) and str(f.arguments[0]) == "q"

    def made(s) -> set[str]:
        # the functions with arguments a rule writes in its head's arguments (moment/3, step.lp's
        # table of the stages' order, joins a stage another atom gives: it makes none)
        return {n for h in _head_atoms(s) if h.ast_type == ast.ASTType.Function and h.name != "moment"
                for a in h.arguments for n in _functions(a) if n in with_args}
    with_args: set[str] = set()

    class Args(ast.Transformer):
        def visit_Function(self, f):
            if f.arguments:
                with_args.add(f.name)
            f.update(**self.visit_children(f))
            return f
    for _, s in rules:
        for h in _head_atoms(s):
            for a in getattr(h, "arguments", ()):
                Args()(a)
    # Greatest fixpoint: a rule is gated when its part is grounded only with instructions(q)
    # (act_resolve, act_activate) or it reads, on this step, a gated predicate or a gated term; a
    # predicate is gated when every rule defining it is, a term when every rule writing it is.
    preds = {_key(h) for _, s in rules for h in _head_atoms(s) if h.ast_type == ast.ASTType.Function}
    terms = set(with_args)

    def gated(part, s) -> bool:
        if part in ("act_resolve", "act_activate"):
            return True
        return part != "base" and any(on_q(b) and (_key(b) in preds or any(_functions(a) & terms for a in b.arguments[1:]))
                                      for b in _positive_body(s))
    changed = True
    while changed:
        changed = False
        for part, s in rules:
            if gated(part, s):
                continue
            heads = {_key(h) for h in _head_atoms(s) if h.ast_type == ast.ASTType.Function} & preds
            written = made(s) & terms
            if heads or written:
                preds -= heads
                terms -= written
                changed = True
    assert carries in preds and "instr" in terms

    ungated = []
    checked = 0
    for part, s in rules:
        if part != "instructions" or not s.body:
            continue            # (a fact of a table the part's own rules read: look_kind/2)
        checked += 1
        if not gated(part, s):
            ungated.append(f"{s.location.begin.filename.rsplit('/', 1)[-1]}:{s.location.begin.line}: {s}")
    assert checked > 100
    assert not ungated, "rules of instructions(q) that could fire without an instruction:\n" + "\n".join(ungated)


def test_instructions_part_grounded_with_the_steps_that_carry_instructions_out():
    with_instructions = {kind for kind, parts in ACTION_PARTS.items() if "instructions" in parts}
    assert with_instructions == {"resolve", "activate", "mana_ability"}
    assert all(("act_resolve" in parts or "act_activate" in parts) == ("instructions" in parts)
               for parts in ACTION_PARTS.values())
