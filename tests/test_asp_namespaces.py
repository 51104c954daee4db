"""Each query keeps its predicates in its own namespace: no predicate (by name, whatever its
arity) is defined in the program parts of two queries, or in a query's parts and the base
program. Two queries defining one name is how a what-if followed by an explained query once
failed (why/4 meant two things) and how can-pay and mana once shared an external."""

from __future__ import annotations

from collections import defaultdict
from importlib import resources

import clingo
import clingo.ast

# The program parts of each query (or family of steps); every other part name is a fact part
# of the what-if (act_fact, act_target_fact, ...) or one of its steps' parts.
FAMILIES = {
    "base": {"base", "walk"},      # walk(l): the replacement-effect walk, walk(types) grounded with base
    "explain": {"explain"},
    "orderings": {"orderings"},
    "outcomes": {"outcomes"},        # one object's mana outcomes, shared by the queries of mana
    "can-pay": {"canpay"},
    "board": {"board"},
    "mana": {"available", "available_dominance"},
}
WHATIF = "what-if"


class _Heads(clingo.ast.Transformer):
    def __init__(self):
        self.names: set[str] = set()

    def visit_ConditionalLiteral(self, lit):
        self(lit.literal)            # the element's atom, not its condition (a body)
        return lit

    def visit_SymbolicAtom(self, atom):
        sym = atom.symbol
        if sym.ast_type == clingo.ast.ASTType.Function:
            self.names.add(sym.name)
        return atom


def defined_names() -> dict[str, dict[str, set[str]]]:
    """family -> predicate name -> the program parts that define it."""
    statements: list = []
    with resources.as_file(resources.files("mtg_asp.asp").joinpath("main.lp")) as path:
        clingo.ast.parse_files([str(path)], statements.append)
    part = "base"
    out: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for s in statements:
        if s.ast_type == clingo.ast.ASTType.Program:
            part = s.name
            continue
        heads = _Heads()
        if s.ast_type == clingo.ast.ASTType.Rule:
            heads(s.head)
        elif s.ast_type == clingo.ast.ASTType.External:
            heads(s.atom)
        family = next((f for f, parts in FAMILIES.items() if part in parts), WHATIF)
        for name in heads.names:
            out[family][name].add(part)
    return out


def test_no_predicate_is_defined_by_two_queries():
    names = defined_names()
    assert len(names) == len(FAMILIES) + 1, sorted(names)      # every family was found
    clashes = []
    families = sorted(names)
    for i, a in enumerate(families):
        for b in families[i + 1:]:
            for name in sorted(set(names[a]) & set(names[b])):
                clashes.append(f"{name}: {a} {sorted(names[a][name])} and {b} {sorted(names[b][name])}")
    assert not clashes, "\n".join(clashes)


def test_the_check_sees_a_clash():
    """The what-if's why/4 clashed with explain.lp's: the check must find such a name."""
    names = defined_names()
    assert "why" in names["explain"]
    assert "step_why" in names[WHATIF] and "why" not in names[WHATIF]
