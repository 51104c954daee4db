"""Rendering a GameState as ASP facts (the predicates of asp/schema.lp), with jinja2.

Translation only: every fact says what the state file or the card data says.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import os
import re
from collections import Counter
from pathlib import Path

import jinja2
import jinja2.bccache

from .actions import Action
from .activation import TURN_KINDS
from .cards import (
    CARD_TYPES,
    COLORS,
    MANA_SYMBOL,
    NEGATED,
    SUPERTYPES,
    Ability,
    Card,
    Cost,
    ManaEffect,
)
from .entering import Condition
from .errors import InputError
from .history import RECORDS as TURN_RECORD_KINDS
from .history import amount_term as turn_amount_term
from .model import GameState


class _TemplateCache(jinja2.FileSystemBytecodeCache):
    """The compiled state template, kept in the user cache folder (carddb.default_cache_dir):
    compiling it cost 60 ms a process, loading it 2 ms. jinja2 checks the template's source
    against the cached code; the key adds this module (its environment's options), jinja2's
    version and where the package is. A folder that cannot be written or read costs speed only."""

    def __init__(self) -> None:
        from .carddb import default_cache_dir  # here: carddb imports the compiler
        info = Path(__file__).stat()
        stamp = f"{Path(__file__).resolve()}|{info.st_size}|{info.st_mtime_ns}|{jinja2.__version__}"
        super().__init__(str(default_cache_dir() / "templates"),
                         "%s-" + hashlib.sha256(stamp.encode()).hexdigest()[:16] + ".cache")

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        with contextlib.suppress(OSError, ValueError, EOFError):
            super().load_bytecode(bucket)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        with contextlib.suppress(OSError):
            os.makedirs(self.directory, exist_ok=True)
            super().dump_bytecode(bucket)


_env = jinja2.Environment(
    loader=jinja2.PackageLoader("mtg_asp.translator", "templates"),
    bytecode_cache=_TemplateCache(),
    autoescape=False,
    trim_blocks=False,
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
)

PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")    # +1/+1, -1/-1, +1/+0 ... (CR 122.1a)
MANA_LETTER = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c"}
# Action parameters whose value is a string in the facts: a card name, a counter kind (counter/3
# holds kinds as strings), a mana letter (colored/1 holds strings).
STRING_PARAMS = ("card", "kind", "for_each_counter", "if_no_counters", "with_counter", "mana", "adds",
                 "mana_value_counters", "if_counters")


def quote(value: str) -> str:
    """An ASP string term."""
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def obj(object_id: str, incarnation: int = 0) -> str:
    """An object term: its id and its incarnation (CR 400.7: a zone change makes a new one)."""
    return f"obj({quote(object_id)},{incarnation})"


def symbol(s: str) -> str:
    """A mana symbol (CR 107.4) as a term."""
    if s.isdigit():
        return f"generic({int(s)})"
    if s in ("X", "Y", "Z"):
        return f"variable({quote(s)})"
    if s == "C":
        return "colorless"
    if s == "S":
        return "snow"
    if "/" in s:
        a, b = s.split("/")
        if b == "P":
            return f"phyrexian({quote(a)})"
        left = a if a.isdigit() else quote(a)
        return f"hybrid({left},{quote(b)})"
    return f"colored({quote(s)})"


def word(w: str) -> str:
    """A filter word: types, supertypes, colors and "permanent" are constants, subtypes
    strings, "nonX" is non(X)."""
    if w == "nontoken":
        return 'non("token")'             # not a token (111.1): a word of the permanent (STATE_WORDS)
    if w in NEGATED:
        return f"non({w[3:]})"
    if w.startswith("non-") and len(w) > 4:
        return f"non({word(w[4:])})"       # "non-Lair": not of that subtype (205.3)
    return w if w in CARD_TYPES | SUPERTYPES | COLORS | {"permanent", "card", "colorless", "multicolored"} else quote(w)


def filter_term(words: tuple[str, ...]) -> str:
    return "f(" + ",".join(word(w) for w in words) + ")"


def ability_term(card: Card, ability: Ability, granted: bool = False, created: bool = False,
                 reflexive: bool = False, delayed: bool = False) -> str:
    # (the effect a granted ability creates: a term of its own, not the granting ability's effect's)
    suffix = ",granted_created" if granted and created else ",granted" if granted else ",created" if created \
        else ",reflexive" if reflexive else ",delayed" if delayed else ""
    return f"ab({quote(card.name)},{ability.line}{suffix})"


def cost_filter(cost: Cost) -> tuple[str, list[str]]:
    """A cost's filter term and its facts: one filter, or `any_of` several, a permanent matching
    any of which qualifies ("a black or artifact creature": filter_alt/2, characteristics.lp)."""
    if cost.named:
        # "a token named Wood": the filter's words and the name (201.2; characteristics.lp named/1)
        f = "f(" + ",".join([*(word(w) for w in cost.filter), f"named({quote(cost.named)})"]) + ")"
        return f, [f"filter_word({f},{word(w)})." for w in cost.filter] + [f"filter_word({f},named({quote(cost.named)}))."]
    if not cost.any_of:
        return filter_facts(cost.filter)
    return alt_filter_facts(cost.any_of)


def alt_filter_facts(any_of: tuple[tuple[str, ...], ...]) -> tuple[str, list[str]]:
    """A filter of several kinds, an object matching any of which matches it (filter_alt/2)."""
    terms, facts = [], []
    for words in any_of:
        f, ff = filter_facts(words)
        terms.append(f)
        facts += ff
    term = "fany(" + ",".join(terms) + ")"
    return term, facts + [f"filter_alt({term},{f})." for f in terms]


def cost_term(cost: Cost) -> str:
    match cost.kind:
        case "tap" | "untap" | "mana":
            return cost.kind
        case "remove_counters":
            n = "x" if cost.count == "X" else cost.count
            return f"remove_counters({quote(cost.counter)},{n})"
        case "put_counters":                # "Put a -1/-1 counter on ~" (payment.lp)
            return f"put_counters({quote(cost.counter)},{cost.count})"
        case "sacrifice":
            if cost.another:                # "Sacrifice another creature" (payment.lp)
                return f"sacrifice_other({filter_term(cost.filter)})"
            if cost.count != 1:             # "Sacrifice five creatures" (payment.lp)
                return f"sacrifice_n({cost.count},{cost_filter(cost)[0]})"
            return "sacrifice(self)" if cost.self_only else f"sacrifice({cost_filter(cost)[0]})"
        case "pay_life" | "pay_energy" | "loyalty":
            return f"{cost.kind}({cost.count})"
        case "tap_untapped" if cost.total_power:     # crew (702.122a; payment.lp)
            return f"tap_power({cost.total_power},{cost_filter(cost)[0]})"
        case "tap_untapped" | "untap_tapped":
            return f"{cost.kind}({cost.count},{cost_filter(cost)[0]})"
        case "discard":
            if cost.self_only:
                return "discard(self)"
            return "discard_hand" if cost.count == 0 else f"discard({cost.count})"
        case "mill":
            return f"mill({cost.count})"
        case "exile" if not cost.self_only and cost.zone == "hand":
            return f"exile_hand({cost.count})"      # "Exile a card from your hand" (payment.lp)
        case "exile" if not cost.self_only:
            return f"exile_from({cost.zone},{filter_term(cost.filter)})"
        case "exile" | "return_to_hand":
            return f"{cost.kind}(self)"
        case "put_from_exile":             # "Put a card an opponent owns from exile into ..." (payment.lp)
            return "put_from_exile(opponent)"
    raise ValueError(f"no term for cost kind {cost.kind!r}")


def filter_facts(words: tuple[str, ...]) -> tuple[str, list[str]]:
    f = filter_term(words)
    return f, [f"filter_word({f},{word(w)})." for w in words]


def amount_facts(a: str, amount) -> list[str]:
    """How many times an ability adds its mana (adds_amount/2)."""
    if isinstance(amount, int):
        return [f"adds_amount({a},times({amount}))."]
    if isinstance(amount, tuple) and amount[0] == "devotion":
        return [f"adds_amount({a},devotion({amount[1][0]}))."]
    if isinstance(amount, tuple) and amount[0] == "if_control":
        facts = [f"adds_amount({a},if_control({amount[2]}))."]
        for words in amount[1]:
            f, ff = filter_facts(words)
            facts += [f"amount_control_filter({a},{f})."] + ff
        return facts
    if isinstance(amount, tuple) and amount[0] == "count" and len(amount) > 3:
        f, ff = filter_facts(amount[1])     # ... with a keyword ("creatures with defender")
        return [f"adds_amount({a},count_with({f},{amount[2]},{amount[3]}))."] + ff
    if isinstance(amount, tuple) and amount[0] == "count":
        f, ff = filter_facts(amount[1])
        return [f"adds_amount({a},count({f},{amount[2]}))."] + ff
    if isinstance(amount, tuple) and amount[0] == "greatest_power":
        f, ff = filter_facts(amount[1])     # "the greatest power among creatures you control that ..."
        return [f"adds_amount({a},greatest_power({f}))."] + ff
    if isinstance(amount, tuple) and amount[0] == "this_turn":
        return [f"adds_amount({a},{turn_amount_term(amount)})."]     # the turn's records (history.py)
    if isinstance(amount, tuple) and amount[0] == "named_in_graveyards":
        return [f"adds_amount({a},named_in_graveyards_plus({amount[1]}))."]
    if isinstance(amount, tuple) and len(amount) > 2:
        return [f"adds_amount({a},counters_plus({quote(amount[1])},{amount[2]}))."]
    if isinstance(amount, tuple):
        return [f"adds_amount({a},counters({quote(amount[1])}))."]
    if amount == "shares_creature_type_with_it":
        # (Mana Echoes: the creature types of 205.3m, which of them two creatures share; mana.lp)
        from .compiler.subtypes import CREATURE_TYPES
        return [f"adds_amount({a},{amount})."] + [f"creature_type({quote(t)})." for t in sorted(CREATURE_TYPES)]
    if amount in ("power", "devotion", "life", "domain", "greatest_power", "sacrificed_mana_value", "destroyed", "party",
                  "attacking_power", "target_mana_value"):
        return [f"adds_amount({a},{amount})."]
    if amount.startswith("sacrificed_mana_value+"):       # "1 plus the sacrificed creature's mana value"
        return [f"adds_amount({a},sacrificed_mana_value_plus({int(amount.split('+')[1])}))."]
    if amount.startswith("exiled_mana_value"):            # "1 plus the exiled creature's mana value"
        return [f"adds_amount({a},exiled_mana_value_plus({int(amount.split('+')[1]) if '+' in amount else 0}))."]
    return [f"adds_amount({a},{'x' if amount == 'X' else f'x_plus({int(amount[2:])})'})."]


def mana_facts(a: str, mana: ManaEffect) -> list[str]:
    facts: list[str] = []
    if mana.kind in ("fixed", "for_each"):
        for i, option in enumerate(mana.options, start=1):
            for letter, n in sorted(Counter(option).items()):
                facts.append(f"adds_fixed({a},{i},{MANA_LETTER[letter]},{n}).")
        # option i only on that result of its roll or flip (706.3a, 705.2): mana_on_result/3
        facts += [f"mana_on_result({a},{i},{r})." for i, r in enumerate(mana.results, start=1)]
    if mana.kind == "any" and mana.of_kind == "commander_identity":
        facts.append(f"adds_identity({a}).")
    elif mana.kind == "any" and mana.of_kind == "own_colors":
        facts.append(f"adds_own_colors({a}).")     # "one mana of any of this creature's colors"
    elif mana.kind == "any" and mana.of_kind == "among_cards":
        facts.append(f"adds_any_among_cards({a},{mana.zone}).")   # "a color of a card in your graveyard"
    elif mana.kind == "any" and mana.of_kind == "among":
        for words in mana.among:                    # "... of any color among legendary creatures ..."
            f, ff = filter_facts(words)
            facts += [f"adds_any_among({a},{f})."] + ff
    elif mana.kind == "any":
        facts.append(f"adds_any({a},{mana.of_kind}).")
    elif mana.kind == "could_produce":
        f, ff = filter_facts(mana.filter)
        facts.append(f"adds_could({a},{f},{mana.whose},{mana.of_kind}).")
        facts.extend(ff)
    elif mana.kind == "combination":
        facts.extend(f"adds_combination({a},{MANA_LETTER[t]})." for t in mana.types)
    elif mana.kind == "for_each" and mana.zone != "battlefield":
        # "Add {R} for each card in your hand": the cards its controller owns there (400.2)
        f, ff = filter_facts(mana.filter) if mana.filter else ("any", [])
        if mana.any_of:
            # (cards of any of these kinds: the term fany(...) and filter_alt/2, asp/mana.lp)
            alts = [filter_facts(words) for words in mana.any_of]
            f = "fany(" + ",".join(t for t, _ in alts) + ")"
            ff = [x for _, fs in alts for x in fs] + [f"filter_alt({f},{t})." for t, _ in alts]
        # ("Add {C}{C} for each card revealed this way": any number of them, 701.20a)
        kind = "revealed" if mana.revealed else "target_cards" if mana.whose == "target" else "cards"
        if mana.revealed and mana.power_at_least is not None:
            # ("creature cards with power 5 or greater": printed power, 208.1; asp/mana.lp)
            facts.append(f"adds_amount({a},revealed_power({mana.zone},{f},{mana.power_at_least})).")
        else:
            facts.append(f"adds_amount({a},{kind}({mana.zone},{f})).")
        facts.extend(ff)
    elif mana.kind == "for_each" and mana.power_at_least is not None:
        f, ff = filter_facts(mana.filter)   # "for each creature with power 4 or greater you control"
        facts.append(f"adds_amount({a},count_power({f},{mana.power_at_least})).")
        facts.extend(ff)
    elif mana.kind == "for_each" and mana.named_self:
        f, ff = filter_facts(mana.filter)   # "for each artifact you control named ~"
        facts.append(f"adds_amount({a},count_named({f})).")
        facts.extend(ff)
    elif mana.kind == "for_each" and mana.keyword:
        f, ff = filter_facts(mana.filter)   # "for each creature with defender you control"
        facts.append(f"adds_amount({a},count_with({f},{mana.whose},{mana.keyword})).")
        facts.extend(ff)
    elif mana.kind == "for_each":
        # "Add {G} for each creature you control": the count is the amount (CR 106.3)
        f, ff = filter_facts(mana.filter)
        facts.append(f"adds_amount({a},count({f},{mana.whose})).")
        facts.extend(ff)
    elif mana.kind == "colors_among":
        f, ff = filter_facts(mana.filter)
        facts.append(f"adds_colors_among({a},{f},{mana.whose}).")
        facts.extend(ff)
    elif mana.kind == "produced_type":
        facts.append(f"adds_produced_type({a}).")
        if mana.amount == "other_lands_with_its_name":
            facts.append(f"adds_amount({a},other_lands_with_its_name).")
    elif mana.kind == "chosen":
        facts.append(f"adds_chosen({a},{mana.of_kind}).")
        for letter, n in sorted(Counter(mana.options[0] if mana.options else ()).items()):
            facts.append(f"adds_fixed({a},1,{MANA_LETTER[letter]},{n}).")
    elif mana.kind == "different_colors":
        facts.append(f"adds_different_colors({a},{mana.amount}).")
    if mana.kind in ("fixed", "any", "combination", "chosen") and mana.amount != 1:
        facts.extend(amount_facts(a, mana.amount))
    if mana.rider:
        facts.append(f"adds_rider({a}).")
    return facts


def continuous_facts(a: str, ability: Ability) -> list[str]:
    """Replacement, layer and spending effects of a static ability or of what a spell or
    ability creates."""
    facts: list[str] = []
    r = ability.replacement
    if r is not None:
        arg = r.factor if r.result == "multiply" else MANA_LETTER[r.mana_type]
        f, ff = filter_facts(r.source)
        facts += [f"replacement({a},{r.result},{arg}).", f"replacement_source({a},{f})."] + ff
        if r.who == "you":
            facts.append(f"replacement_who({a},you).")
        if r.source_controller == "you":
            facts.append(f"replacement_source_controller({a},you).")
        if r.min_amount:
            facts.append(f"replacement_min({a},{r.min_amount}).")
        if r.self_replacement:
            facts.append(f"self_replacement({a}).")
    e = ability.layer
    if e is not None and e.to_target:
        # "Target land you control becomes the basic land type of your choice" (layers.lp: its target,
        # the type chosen as it resolved)
        facts += [f"layer_effect({a},{e.layer},{e.mode}).", f"layer_target({a}).", f"layer_chosen({a})."]
    elif e is not None and e.to_self:
        facts += [f"layer_effect({a},{e.layer},{e.mode}).", f"layer_self({a})."]
    elif e is not None:
        f, ff = filter_facts(e.filter)
        facts += [f"layer_effect({a},{e.layer},{e.mode}).", f"layer_filter({a},{f})."] + ff
    if e is not None:
        facts += [f"layer_value({a},{quote(v) if e.layer == 'land_types' else v})." for v in e.values]
        if e.controller == "you":
            facts.append(f"layer_controller({a},you).")
    sp = ability.spend
    if sp is not None:
        facts += [f"spend_as_any_color({a},{MANA_LETTER[t]})." for t in sp.as_any_color]
        if sp.others_as_colorless:
            facts.append(f"spend_others_as_colorless({a}).")
    return facts


def condition_facts(a: str, cond: Condition) -> tuple[str, list[str]]:
    """A condition (translator/entering.py) as a term, with the facts of its filters
    (condition_filter/2: any of them)."""
    facts: list[str] = []
    for words in cond.filters:
        f, ff = filter_facts(words)
        facts += [f"condition_filter({a},{f})."] + ff
    match cond.kind:
        case "you_control":
            return f"you_control({cond.compare},{cond.count})", facts
        case "opponents":
            return f"opponents(at_least,{cond.count})", facts
        case "pay_life":
            return f"pay_life({cond.count})", facts
        case "reveal":
            return "reveal", facts
        case "counters":
            return f"counters({quote(cond.counter)},{cond.count})", facts
    raise ValueError(f"no term for condition kind {cond.kind!r}")


def enters_facts(a: str, ability: Ability) -> list[str]:
    """How a permanent enters (CR 614.1c): tapped, under a condition, with counters, after a
    choice (614.12a)."""
    facts: list[str] = []
    if ability.enters_tapped:
        facts.append(f"enters_with({a},tapped).")
    if ability.enters_day:
        facts.append(f"enters_day({a}).")   # (731.1: daynight.lp)
    facts += [f"enters_with({a},counters({quote(k)},{'x' if n == -1 else n}))."
              for k, n in ability.enters_counters if n != -2]
    # "enters with a +1/+1 counter on it for each color of mana spent to cast it" (converge;
    # sunburst, 702.44a): resolution.lp, from the spell's record of the mana spent
    facts += [f"enters_with({a},counters_per_color({quote(k)}))." for k, n in ability.enters_counters if n == -2]
    if ability.enters_if is not None:
        mode, cond = ability.enters_if
        term, ff = condition_facts(a, cond)
        facts += [f"enters_condition({a},{mode},{term})."] + ff
        if cond.kind == "reveal" and cond.or_you_control:
            # "... unless you revealed a Dragon card this way or you control a Dragon": either holds
            facts.append(f"enters_condition({a},{mode},you_control(at_least,1)).")
    if ability.enters_sacrifice:
        # CR 614.1a, 118.12: "If ~ would enter, sacrifice N [untapped] [filter] instead" (zones.lp)
        n, words, untapped, named = ability.enters_sacrifice
        if n == 0:
            # "As ~ enters, sacrifice all lands you control", "... each other permanent named ~
            # you control" (614.1c, 614.1a; zones.lp): every such permanent, no cost
            f, ff = cost_filter(Cost("sacrifice", filter=words, named=named))
            return facts + [f"enters_sacrifice_all({a},{f})."] + ff
        f, ff = filter_facts(words)
        facts += [f"enters_sacrifice({a},{n},{f})."] + ff + ([f"enters_sacrifice_untapped({a})."] if untapped else [])
    if ability.enters_discard:
        # CR 614.1a, 701.9a: "If ~ would enter, you may discard a land card instead" (zones.lp)
        f, ff = filter_facts(ability.enters_discard)
        facts += [f"enters_discard({a},{f})."] + ff
    if ability.enters_choice is not None:
        facts.append(f"enters_choice({a},{ability.enters_choice.kind}).")
        facts += [f"enters_choice_excludes({a},{c})." for c in ability.enters_choice.other_than]
    return facts


def lki_term(what: str, key: str) -> str:
    """What is remembered of a source (stack_lki/3): counter(K), power, keyword(K); of the
    permanent sacrificed for its cost: sacrificed(power | toughness)."""
    if what == "counter":
        return f"counter({quote(key)})"
    if what == "keyword":
        return f"keyword({key})"
    if what == "sacrificed":          # the permanent sacrificed for its cost (608.2h)
        return f"sacrificed({key})"
    if what == "damage_to":           # the combat damage its trigger was dealt to that player (608.2h)
        return f"damage_to({quote(key)})"
    return what


def action_param_facts(a: str, k: int, action: Action) -> list[str]:
    """ability_does_arg(A, K, P, V): each parameter of the K-th action (a flag only when true)."""
    facts: list[str] = []
    for key, value in action.params:
        if key in ("any_of", "each_of", "if_you_control_any"):    # a list of filters (any of which may hold; one card of each)
            for words in value:
                f, ff = filter_facts(words)
                facts += [f"ability_does_arg({a},{k},{key},{f})."] + ff
        elif key == "named":            # card names (201.2): one fact per name
            facts += [f"ability_does_arg({a},{k},{key},{quote(n)})." for n in value]
        elif key in ("unless_pay", "cost"):     # a mana cost: its symbols (CR 107.4)
            facts.append(f"ability_does_arg({a},{k},{key},mana).")
            facts += [f"ability_does_symbol({a},{k},{j},{symbol(s)})." for j, s in enumerate(MANA_SYMBOL.findall(value))]
        elif isinstance(value, tuple):
            f, ff = filter_facts(value)
            facts += [f"ability_does_arg({a},{k},{key},{f})."] + ff
        elif value is True:
            facts.append(f"ability_does_arg({a},{k},{key},true).")
        elif key in STRING_PARAMS:
            facts.append(f"ability_does_arg({a},{k},{key},{quote(value)}).")
        else:
            facts.append(f"ability_does_arg({a},{k},{key},{value}).")
    return facts


def activation_limit_facts(a: str, ability: Ability, index=lambda k: k) -> list[str]:
    """Activation conditions (activation_condition/3, activation_count/5, CR 602.5) and the limit each turn
    (activation_limit/2, 602.5b) of an activated ability (translator/activation.py); `index` names
    the K-th condition (an "instead" condition's are instead(K), apart from its ability's own)."""
    facts = [f"activation_limit({a},{ability.per_turn})."] if ability.per_turn else []
    for k0, c in enumerate(ability.only_if, 1):
        k = index(k0)
        if c.kind in TURN_KINDS:
            facts.append(f"activation_condition({a},{k},{c.kind}).")
            continue
        f = "any"
        if c.filter:
            f, ff = filter_facts(c.filter)
            facts += ff
        what = f"count({c.zone},{f})" if c.kind == "count" else f"total_power({f})"
        if c.kind == "counters":
            what = f"counters({quote(c.counter)})"
        elif c.kind in TURN_RECORD_KINDS:     # "if you played a land this turn" (history.py)
            what = c.kind
        facts.append(f"activation_count({a},{k},{what},{c.compare},{c.number}).")
        # ("exactly zero or seven": one fact each, any of which holds, costs.lp condition_holds/3)
        facts += [f"activation_count({a},{k},{what},{c.compare},{n})." for n in c.also]
        if c.power_at_least is not None:
            facts.append(f"activation_condition_power({a},{k},{c.power_at_least}).")
        if c.whose == "opponent":
            facts.append(f"activation_count_opponent({a},{k}).")
    return facts


def ability_facts(card: Card, ability: Ability, granted: bool = False, reflexive: bool = False,
                  delayed: bool = False) -> list[str]:
    a = ability_term(card, ability, granted, reflexive=reflexive, delayed=delayed)
    if ability.kind == "intrinsic":
        # CR 305.6: the ability comes from the land type; this line is its reminder text.
        return [f"intrinsic_line({quote(card.name)},{quote(t)},{ability.line})." for t in ability.intrinsic]
    if ability.kind == "deck_construction" and ability.effect_text == "companion":
        # CR 702.139a: its special action in a game is for the card revealed as companion; a
        # state does not say which (asp/unread.lp names it outside the game)
        return [f"companion_line({quote(card.name)},{ability.line})."]
    if ability.kind == "suspend":
        # CR 702.62a: its special action (hand) and triggered abilities (exile) are not taken;
        # asp/unread.lp names the card there
        return [f"suspend_line({quote(card.name)},{ability.line})."]
    if ability.kind == "part_of":
        return []       # (706.3b: what the line does is its ability's, on the line it is part of)
    if ability.kind in ("deck_construction", "opening_hand"):
        return []                   # CR 113.6n, 103.6: it functions before the game begins
    if ability.kind == "reminder":
        return []                   # CR 207.2a: no rules meaning; its rules apply from the types
    if ability.kind == "transforms_from":
        # CR 712.8e: a back face's mana value is its front face's (targets.lp).
        return [f"back_face_of({quote(card.name)},{quote(ability.effect_text)})."]
    if ability.kind == "text":
        # A line kept as its words only: it decides nothing; answers name it (not_modelled).
        facts = [f"text_line({quote(card.name)},{ability.line})."]
        if re.match(r"Flashback\b", ability.effect_text or ""):
            # (a flashback keyword line whose cost is not read: the card has flashback, 702.34a)
            facts.append(f"card_has_flashback({quote(card.name)}).")
        return facts
    if ability.kind == "additional_cost":
        # CR 601.2f: kept as words, casting the card is refused (casting.lp) and answers name it;
        # or a cost the what-if pays as the spell is cast (payment.lp: additional_cost/3).
        facts = [f"ability_kind({a},additional_cost).", f"printed_ability({quote(card.name)},{a})."]
        for i, cost in enumerate(ability.costs):
            facts.append(f"additional_cost({a},{i},{cost_term(cost)}).")
            facts.extend(filter_facts(cost.filter)[1])
        return facts
    if ability.kind == "alternative_cost":
        # CR 118.9, 601.2b: what its caster may pay rather than the mana cost (payment.lp)
        facts = [f"ability_kind({a},alternative_cost).", f"printed_ability({quote(card.name)},{a})."]
        for cost in ability.costs:
            facts += [f"alternative_cost_symbol({a},{j},{symbol(x)})." for j, x in enumerate(cost.symbols)]
            if cost.kind == "return_to_hand":
                f, ff = filter_facts(cost.filter)
                facts += [f"alternative_cost_return({a},{f})."] + ff
        return facts
    if ability.kind == "flashback":
        return [f"card_flashback({quote(card.name)},{j},{symbol(x)})." for j, x in enumerate(ability.costs[0].symbols)] + \
            [f"card_has_flashback({quote(card.name)})."]
    facts = [f"ability_kind({a},{ability.kind})."]
    # A granted keyword ability (a printed one is card_keyword, rendered with the card).
    facts += [f"ability_keyword({a},{k.replace(' ', '_')})." for k in ability.keywords]
    if not granted and not reflexive and not delayed:
        facts.append(f"printed_ability({quote(card.name)},{a}).")
    for i, cost in enumerate(ability.costs):
        facts.append(f"ability_cost({a},{i},{cost_term(cost)}).")
        for j, s in enumerate(cost.symbols):
            facts.append(f"ability_cost_symbol({a},{i},{j},{symbol(s)}).")
        if cost.filter or cost.any_of:
            facts.extend(cost_filter(cost)[1])
    if ability.zone:
        # CR 113.6b: it functions only from the zone it states (the hand)
        facts.append(f"ability_zone({a},{ability.zone}).")
    if ability.targets:
        facts.append(f"ability_targets({a}).")
    if ability.timing:                      # sorcery (602.5d) or instant (602.5e)
        facts.append(f"ability_timing({a},{ability.timing}).")
    facts += [f"ability_step({a},{st})." for st in ability.only_during]
    if ability.only_if_control:
        f, ff = filter_facts(ability.only_if_control)
        facts += [f"ability_requires_control({a},{f})."] + ff
    facts += activation_limit_facts(a, ability)
    if ability.x_at_least:                        # 107.3a: "X can't be 0." (payment.lp)
        facts.append(f"ability_x_at_least({a},{ability.x_at_least}).")
    for words in ability.costs_less_for_each:     # 601.2f: {1} less for each such permanent (payment.lp)
        f, ff = filter_facts(words)
        facts += [f"cost_less_for_each({a},{f})."] + ff
    if ability.kind in ("activated", "triggered", "spell") and ability.effect_text and not ability.does \
            and ability.creates is None and ability.mana is None and ability.delayed is None:
        # Its effect is written as text only: the what-if cannot carry it out (nor, for a
        # triggered ability without `when`, tell when it triggers).
        facts.append(f"effect_text_only({a}).")
    elif ability.kind == "triggered" and ability.mana is not None and not ability.when and ability.trigger is None:
        # A triggered ability that adds mana on an event written as words only: its mana is
        # read, but when it triggers is not (the what-if names it, like any text-only trigger).
        facts.append(f"effect_text_only({a}).")
    if ability.mana is not None:
        facts.extend(mana_facts(a, ability.mana))
        if ability.effect_text and not ability.does and ability.creates is None:
            # It does something besides adding mana, kept as text only (`effect` beside
            # `add_mana` is what else it does).
            facts.append(f"mana_effect_text({a}).")
    for k, action in enumerate(ability.does, 1):
        facts.append(f"ability_does({a},{k},{action.kind}).")
        facts.extend(action_param_facts(a, k, action))
    if ability.when and ability.when[0] == "chapter":
        # a Saga's chapter ability (714.2b); "I, II — ..." triggers at either number (714.2c)
        facts += [f"ability_when({a},chapter({n}))." for n in ability.when[1].split(",")]
    elif ability.when:
        event, whose = ability.when
        # a counter kind is a string in the facts (counter/3)
        arg = quote(whose) if event == "cast_mv_equals_counters" else whose
        facts.append(f"ability_when({a},{event}({arg})).")
        facts.extend(subject_facts(a, ability.when_subject))
    if ability.or_when:
        # a second trigger event of the same ability (603.2): it triggers on either
        facts.append(f"ability_when({a},{ability.or_when[0]}({ability.or_when[1]})).")
    if ability.mana_condition is not None:
        # a spell's mana only if / unless its controller has that many cards in their graveyard
        # (mana_condition/3, mana_condition_filter/2: asp/mana.lp)
        sense, n, filters = ability.mana_condition
        facts.append(f"mana_condition_cast_from({a},hand)." if n == "cast_from_hand" else
                     f"mana_condition_removed({a})." if n == "counters_removed" else
                     f"mana_condition({a},{sense},{n}).")
        for words in filters:
            f, ff = filter_facts(words)
            facts += [f"mana_condition_filter({a},{f})."] + ff
    if ability.instead_mana is not None:
        # "If [condition], add [mana] instead": the other mana, an ability term of its own with
        # the condition as its activation condition (checked in costs.lp, used in mana.lp)
        alt = f"ab({quote(card.name)},{ability.line},instead)"
        facts.append(f"mana_instead({a},{alt}).")
        facts.extend(mana_facts(alt, ability.instead_mana))
        facts.extend(activation_limit_facts(alt, dataclasses.replace(ability, only_if=ability.instead_if, per_turn=0),
                                            index=lambda k: f"instead({k})"))
    if ability.add_mana_to:
        facts.append(f"adds_mana_to({a},{ability.add_mana_to}).")
    if ability.may_add:
        facts.append(f"may_add_mana({a}).")     # "you may add {R}{R}" (608.2d)
    if ability.target:
        facts.append(f"ability_targets({a}).")
        k = 0
        for w, word in enumerate((ability.target, *ability.more_targets), 1):
            # targets are numbered through all instances of the word "target" (W); "two target
            # creatures" is two targets of one instance (CR 115.3)
            if word[0] in ("player", "opponent", "any", "player_or_planeswalker"):
                k += 1
                facts += [f"target_spec({a},{k},{word[0]}).", f"target_instance({a},{k},{w})."]
                continue
            if word[0] == "any_other":      # "any other target": not the first target (targets.lp)
                k += 1
                facts += [f"target_spec({a},{k},any).", f"target_instance({a},{k},{w}).",
                          f"target_rule({a},{k},not_target(1))."]
                continue
            # any_of (rule any_of): one target_spec per filter, any of which it matches (targets.lp)
            specs = [filter_facts(x) for x in (word[1] if "any_of" in word[2] else (word[1],))]
            facts += [x for _, ff in specs for x in ff]
            for _ in range(word[3]):
                k += 1
                facts += [f"target_spec({a},{k},{f})." for f, _ in specs] + [f"target_instance({a},{k},{w})."]
                facts += [f"target_rule({a},{k},{r})." for r in word[2]]
    facts.extend(enters_facts(a, ability))
    if ability.trigger is not None:
        facts.extend(trigger_facts(a, ability.trigger))
    if ability.kind == "static" and ability.effect_text:
        # Words beside its effect that the effect does not describe: answers name them.
        facts.append(f"ability_words({a}).")
    facts.extend(continuous_facts(a, ability))
    facts.extend(effect_facts(card, a, ability))
    if ability.creates is not None:
        c = ability_term(card, ability, granted=granted, created=True)
        facts += [f"creates({a},{c}).", f"effect_duration({c},{ability.duration})."]
        if ability.creates.kind == "triggered" and ability.creates.trigger is not None:
            # "Until end of turn, whenever a player taps an Island for mana, that player adds an
            # additional {U}" (High Tide): a triggered mana ability of the effect (events.lp)
            facts += [f"ability_kind({c},triggered)."] + mana_facts(c, ability.creates.mana) + \
                trigger_facts(c, ability.creates.trigger)
        if ability.creates.may_create:     # 608.2d: created only if its controller chooses so
            facts.append(f"creates_may({c}).")
        if ability.creates.if_target:      # 608.2c: created only if its target matches then
            f, ff = filter_facts(ability.creates.if_target)
            facts += [f"creates_if_target({c},{f})."] + ff
        facts.extend(continuous_facts(c, ability.creates))
        facts.extend(effect_facts(card, c, ability.creates))
        if ability.creates.effect_text:
            # words beside what it creates, not described ("with all creature types")
            facts.append(f"ability_words({c}).")
    if ability.reflexive is not None:
        # "When you do, ..." (CR 603.12): the reflexive triggered ability its resolution creates
        facts.append(f"reflexive({a},{ability_term(card, ability, reflexive=True)}).")
        facts.extend(ability_facts(card, ability.reflexive, reflexive=True))
    if ability.delayed is not None:
        # "Draw a card at the beginning of the next turn's upkeep" (CR 603.7): the delayed
        # triggered ability its resolution creates
        facts.append(f"delays({a},{ability_term(card, ability, delayed=True)}).")
        if ability.delayed_if_activated:
            # (only if it has been activated that many times this turn: costs.lp counts them, 602.5b)
            facts.append(f"delays_if_activated({a},{ability.delayed_if_activated}).")
        facts.extend(ability_facts(card, ability.delayed, delayed=True))
        if ability.delayed.this_turn:       # "... this turn": each time this turn (603.7b)
            facts.append(f"delayed_this_turn({ability_term(card, ability, delayed=True)}).")
    return facts


def subject_facts(a: str, subject) -> list[str]:
    """What a `matching` event is about (asp/subject_triggers.lp): its filter, whose, another."""
    if subject is None:
        return []
    facts = []
    for words in subject.filters:       # any of them (one trigger however many it matches)
        f, ff = filter_facts(words)
        facts += [f"when_filter({a},{f})."] + ff
    if subject.controller != "any":
        facts.append(f"when_controller({a},{subject.controller}).")
    if subject.another:
        facts.append(f"when_another({a}).")
    if subject.or_self:
        facts.append(f"when_or_self({a}).")
    if subject.chosen_color:
        facts.append(f"when_chosen_color({a}).")
    if subject.mana_value_at_least is not None:
        facts.append(f"when_mana_value_at_least({a},{subject.mana_value_at_least}).")
    return facts


def trigger_facts(a: str, t) -> list[str]:
    """"Whenever [a permanent] is tapped for mana" (mana_trigger/3, CR 106.12a)."""
    if t.source == ("enchanted",):
        return [f"mana_trigger({a},enchanted,{t.who})."]
    facts = [f"trigger_while({a},{t.while_})."] if t.while_ else []     # (725: events.lp)
    # (one fact per filter of "a Mountain, Forest, or Plains": one trigger, whichever it matches)
    for source in (t.source, *t.also):
        f, ff = filter_facts(source)
        facts += [f"mana_trigger({a},{f},{t.who})."] + ff
    if t.mana_type:
        facts.append(f"mana_trigger_type({a},{t.mana_type}).")
    # (its flags: any mana ability of the permanent, 605.1b; only one named as the exiled card, 607.2a)
    flags = (("mana_trigger_any_ability", t.any_mana_ability), ("mana_trigger_named_exiled", t.same_name_as_exiled))
    return facts + [f"{name}({a})." for name, on in flags if on]


def becomes_facts(a: str, b) -> list[str]:
    """What a created "becomes" effect makes its object (asp/continuous.lp): the card types and
    subtypes it adds (layer 4) and the colors it sets (layer 5; none for colorless)."""
    facts = [f"becomes({a},{b.to})."]
    facts += [f"becomes_type({a},{t})." for t in b.types]
    facts += [f"becomes_subtype({a},{quote(s)})." for s in b.subtypes]
    if b.all_creature_types:
        # "with all creature types" (Mutavault): each creature type of 205.3m
        from .compiler.subtypes import CREATURE_TYPES
        facts.append(f"becomes_all_creature_types({a}).")
        facts += [f"creature_type({quote(t)})." for t in sorted(CREATURE_TYPES)]
    if b.colors_chosen:
        # "the color or colors of your choice" (105.3, 608.2d): the effect's chosen colors (continuous.lp)
        facts += [f"becomes_colors({a}).", f"becomes_colors_chosen({a})."]
    if b.colors is not None:
        facts.append(f"becomes_colors({a}).")
        facts += [f"becomes_color({a},{k})." for k in b.colors]
    return facts


def to_term(to: str, filt: tuple[str, ...], controller: str,
            any_of: tuple[tuple[str, ...], ...] = ()) -> tuple[str, list[str]]:
    """What an effect applies to, as a term: self, equipped_creature, enchanted_creature,
    target, group(F, W) ("[F]s W control") or others(F, W) ("other [F]s W control"); F of
    `any_of` several filters is fany(...), matched by any of them (filter_alt/2)."""
    if to in ("group", "others") and any_of:
        f, ff = alt_filter_facts(any_of)
        return f"{to}({f},{controller})", ff
    if to in ("group", "others", "group_chosen"):     # (group_chosen: "... of the chosen color", 607.2d)
        f, ff = filter_facts(filt)
        return f"{to}({f},{controller})", ff
    return to, []


def effect_facts(card: Card, a: str, ability: Ability) -> list[str]:
    """Grants (layer 6), P/T effects (layer 7), control (layer 2) and the condition of a static
    ability or of the effect a spell or ability creates (term a)."""
    facts: list[str] = []
    if ability.granted is not None:
        g = ability_term(card, ability.granted, granted=True)
        to, ff = to_term(ability.grant_to, ability.grant_filter, ability.grant_controller)
        facts += [f"grants({a},{to},{g})."] + ff
        facts.extend(ability_facts(card, ability.granted, granted=True))
    if ability.restricts:
        to, ff = to_term(ability.grant_to, ability.grant_filter, ability.grant_controller)
        facts += [f"restricts({a},{to},{w})." for w in ability.restricts] + ff
        if ability.restrict_if is not None:
            term, cf = condition_facts(a, ability.restrict_if)
            facts += [f"restriction_condition({a},{term})."] + cf
    if ability.hexproof_ignored:
        # "... can be the targets of spells and abilities you control as though they didn't have hexproof"
        f, ff = filter_facts(ability.hexproof_ignored)
        facts += [f"hexproof_ignored({a},{f})."] + ff
    if ability.loses:
        # "Target creature loses all landwalk abilities until end of turn" (613.1f; continuous.lp)
        to, ff = to_term(ability.grant_to, ability.grant_filter, ability.grant_controller)
        facts += [f"loses({a},{to},{w.replace(' ', '_')})." for w in ability.loses] + ff
        if ability.cant_have:
            facts.append(f"cant_have({a}).")
        if ability.loses_one:
            facts.append(f"loses_one({a}).")       # (one of them, chosen as it resolves: 608.2d)
    facts += [f"prevents({a},{w})." for w in ability.prevents]
    if ability.regenerates:
        facts.append(f"regenerates({a},{ability.regenerates}).")
    if ability.flash_spells is not None:
        # "You may cast [creature] spells this turn as though they had flash" (601.3, 702.8a)
        if ability.flash_spells:
            f, ff = filter_facts(ability.flash_spells)
            facts += [f"flash_permission({a},{f})."] + ff
        else:
            facts.append(f"flash_permission({a},any).")
    if ability.prevent_next:
        facts.append(f"prevents_next({a},{ability.prevent_next[0]},{ability.prevent_next[1]}).")
    if ability.returns_in_untap:
        facts.append(f"returns_in_untap({a}).")     # (turn.lp: 502.3)
    if ability.cast_limit:
        # "You can cast only one more spell this turn" (Irencrag Feat; casting.lp)
        facts.append(f"cast_limit({a},{ability.cast_limit}).")
    for i, pt in enumerate(ability.pt, start=1):
        to, ff = to_term(pt.to, pt.filter, pt.controller, pt.any_of)
        facts += [f"pt_effect({a},{i},{pt.kind},{pt.power},{pt.toughness},{to})."] + ff
        if pt.for_each:
            facts.append(f"pt_for_each({a},{i},{pt.for_each}).")
    if ability.becomes is not None:
        facts.extend(becomes_facts(a, ability.becomes))
    if ability.control == "exchange":
        facts.append(f"exchanges_control({a}).")
    elif ability.control:
        facts.append(f"gains_control({a},{ability.control}).")
    if ability.condition:
        facts.append(f"ability_condition({a},{ability.condition}).")
    if ability.static_if is not None:
        # CR 604.2: "As long as you control six or more lands, ...", "As long as enchanted permanent
        # is a land, ..." (characteristics.lp condition_holds/2)
        c = ability.static_if
        ff = [fact for words in c.filters for fact in
              (f"condition_filter({a},{filter_facts(words)[0]}).", *filter_facts(words)[1])]
        term = ("enchanted_is" if c.kind == "enchanted" else f"in_graveyard({c.compare},{c.count})"
                if c.kind == "in_graveyard" else f"you_control({c.compare},{c.count})")
        facts += [f"ability_condition({a},{term})."] + ff
    if ability.if_count is not None and ability.if_count.kind == "counters":
        # CR 603.4: "if ~ has no charge counters on it" (its source's counters, triggers.lp)
        c = ability.if_count
        facts.append(f"trigger_if_counters({a},{quote(c.counter)},{c.compare},{c.count}).")
    elif ability.if_count is not None and ability.if_count.kind == "life":
        # CR 603.4: "if each player has 10 or less life" (triggers.lp)
        facts.append(f"trigger_if_life({a},{ability.if_count.compare},{ability.if_count.count}).")
    elif ability.if_count is not None and ability.if_count.kind == "in_graveyard":
        # CR 603.4: "if there are three or more instant and/or sorcery cards in your graveyard"
        ff = [fact for words in ability.if_count.filters for fact in
              (f"condition_filter({a},{filter_facts(words)[0]}).", *filter_facts(words)[1])]
        facts += [f"trigger_if_graveyard({a},{ability.if_count.compare},{ability.if_count.count})."] + ff
    elif ability.if_count is not None:
        # CR 603.4: "if you control three or more artifacts" (triggers.lp)
        term, ff = condition_facts(a, ability.if_count)
        facts += [f"trigger_if_count({a},{ability.if_count.compare},{ability.if_count.count})."] + ff
        if ability.if_count.power_at_least:     # "a creature with power 5 or greater" (208.1)
            facts.append(f"trigger_if_power({a},{ability.if_count.power_at_least}).")
        if ability.if_count.other:              # "at least five other Mountains" (the one that entered)
            facts.append(f"trigger_if_other({a}).")
        if ability.if_count.distinct_names:     # "seven or more lands with different names" (201.2)
            facts.append(f"trigger_if_distinct_names({a}).")
    if ability.if_turn:
        # CR 603.4: "if an opponent lost life this turn" (the turn's records: triggers.lp)
        record, whose, compare, n = ability.if_turn
        facts.append(f"trigger_if_turn({a},{record},{whose},{compare},{n}).")
    if ability.cost_increase:
        facts.append(f"cost_increase({a},{ability.cost_increase}).")
    if ability.no_maximum_hand_size:
        facts.append(f"no_maximum_hand_size({a}).")
    if ability.devotion_bonus:
        facts.append(f"devotion_bonus({a},{ability.devotion_bonus}).")     # (mana.lp devotion/3: 700.5)
    if ability.mana_burn:
        facts.append(f"mana_burn({a}).")           # (turn.lp: 500.5, 119.3)
    if ability.others_enter_with is not None:
        # "Each other Angel you control enters with an additional +1/+1 counter ..." (zones.lp: 614.1c)
        filt, kind_, each = ability.others_enter_with
        f, ff = filter_facts(filt)
        g, gf = filter_facts(each)
        facts += [f"others_enter_with({a},{f},{quote(kind_)},{g})."] + ff + gf
    facts += [f"adds_own_subtype({a},{quote(t)})." for t in ability.also_subtypes]
    if ability.untaps_in_others_untap:
        facts.append(f"untaps_in_others_untap({a}).")
    if ability.enchanted_supertype:
        facts.append(f"enchanted_supertype({a},{ability.enchanted_supertype}).")
    if ability.cant_cast:
        f, ff = filter_facts(ability.cant_cast)
        facts += [f"cant_cast({a},{f})."] + ff
    if ability.additional_land_plays:
        facts.append(f"additional_land_plays({a},{ability.additional_land_plays}).")
    return facts


REMINDER = re.compile(r"\([^()]*\)")
COLORED_SYMBOL = re.compile(r"^([WUBRG]|[WUBRG]/[WUBRGP]|2/[WUBRG])$")


@functools.lru_cache(maxsize=8192)
def text_symbols(card: Card) -> tuple[str, ...]:
    """The distinct colored mana symbols of a card's rules text, reminder text left out (CR
    903.4, 903.4c: what its color identity counts besides its mana cost)."""
    text = REMINDER.sub("", card.oracle_text)
    return tuple(sorted({s for s in MANA_SYMBOL.findall(text) if COLORED_SYMBOL.match(s)}))


@functools.lru_cache(maxsize=8192)
def _ability_text(card: Card, ability: Ability) -> str:
    """The facts of one printed ability: a pure function of the card, rendered once per process
    (a what-if renders a new state at every step)."""
    return " ".join(ability_facts(card, ability))


def prepare() -> None:
    """Compile the state template now (a Session does, before it forks its query worker, so
    that every worker shares the compiled template)."""
    _env.get_template("state.lp.j2")


def front_faces(state: GameState, cards: list[Card]) -> list[Card]:
    """The front faces that the back faces among `cards` name ("(Transforms from F.)"), where a
    source defines them: a back face's mana value is its front face's (CR 712.8e, targets.lp).
    A front face no source defines, or cannot use, is left out: its back face's mana value is
    then unknown, and what would read it is refused."""
    have = {c.name for c in cards}
    out: dict[str, Card] = {}
    for c in cards:
        for a in c.abilities:
            if a.kind != "transforms_from" or a.effect_text in have:
                continue
            with contextlib.suppress(InputError):
                front = state.library.get(a.effect_text)
                if front is not None and front.name not in have:
                    out[front.name] = front
    return sorted(out.values(), key=lambda c: c.name)


# A permanent's facts by the permanent and what its line reads of the rest of the state (the
# incarnations of the objects it names, whether it attacks a player, whether its card has a
# printed loyalty): a what-if renders state after state that differ in a few permanents, and a
# settle world renders every state a zone's moves reach (the battlefield was nine tenths of a
# 200-permanent state's rendering).
_PERMANENT_FACTS: dict[tuple, str] = {}
# (the permanent's field, the fact it gives when true)
_PERMANENT_FLAGS = (("tapped", "tapped"), ("token", "token"), ("loyalty_activated", "loyalty_activated"),
                    ("blocked", "blocked_flag"), ("deathtouched", "deathtouch_damaged"), ("struck_first", "struck_first"),
                    ("renowned", "renowned"))


def _permanent_facts(p, current: dict[str, int], players: tuple[str, ...], loyal: set[str]) -> str:
    """The facts of one permanent, one line (schema.lp: state_permanent/5 and the rest)."""
    def inc(object_id: str | None, pinned: int | None = None) -> int | None:
        return None if object_id is None else current.get(object_id, 0) if pinned is None else pinned
    key = (p, inc(p.id), inc(p.attached_to, p.attached_incarnation),
           inc(p.attacking, p.attacking_incarnation), inc(p.blocking, p.blocking_incarnation),
           p.attacking in players, p.card in loyal)
    line = _PERMANENT_FACTS.get(key)
    if line is not None:
        return line
    o = obj(p.id, key[1])
    out = [f"state_permanent({o}, {quote(p.card)}, {quote(p.owner)}, {quote(p.controller)}, {p.timestamp})."]
    out += [f" {fact}({o})." for field, fact in _PERMANENT_FLAGS if getattr(p, field)]
    out += [f" counter({o}, {quote(kind)}, {n})." for kind, n in p.counters]
    out += [f" activations_this_turn({o}, {line}, {n})." for line, n in p.activated_this_turn]
    out += [f" chosen({o}, {k}, {v if k == 'color' else quote(v)})." for k, v in p.chosen]
    if p.damage:
        out.append(f" damage({o}, {p.damage}).")
    if p.attached_to:
        out.append(f" attached_to({o}, {obj(p.attached_to, key[2])}).")
    if p.attacking:
        out.append(f" attacking({o}, {quote(p.attacking) if key[5] else obj(p.attacking, key[3])}).")
    if p.blocking:
        out.append(f" blocking({o}, {obj(p.blocking, key[4])}).")
    if p.loyalty_unstated and key[6]:
        out.append(f" loyalty_unstated({o}).")
    if p.since_turn is not None:
        out.append(f" base_control_since({o}, {p.since_turn}).")
    if p.other_face is not None:
        # CR 712.8d-e, 701.27a: the face of its card that is not up (asp/transform.lp); with its back
        # face up, the other face is the front face, whose mana cost gives its mana value (targets.lp)
        out.append(f" other_face({o}, {quote(p.other_face)}).")
        if p.back_face_up:
            out.append(f" back_face_up({o}). back_face_of({quote(p.card)}, {quote(p.other_face)}).")
    out.append("\n")
    if len(_PERMANENT_FACTS) >= 1 << 16:
        _PERMANENT_FACTS.clear()
    line = _PERMANENT_FACTS[key] = "".join(out)
    return line


def token_cards(state: GameState, cards: list[Card]) -> list[Card]:
    """The token cards the abilities of `cards` create (111.4), where a source defines them: a token
    created during a step is matched by what its card prints (a trigger on "a land entering" is not
    a creature token's, subject_triggers.lp), so its card is written with the others."""
    have = {c.name for c in cards}
    out: dict[str, Card] = {}

    def walk(a):
        if a is None:
            return
        for act in a.does:
            name = act.get("card") if act.kind == "create_token" else None
            if isinstance(name, str) and name not in have and name not in out:
                with contextlib.suppress(InputError):
                    token = state.library.get(name)
                    if token is not None:
                        out[token.name] = token
        for inner in (a.granted, a.creates, a.reflexive, a.delayed):
            walk(inner)

    for c in cards:
        for a in c.abilities:
            walk(a)
    return sorted(out.values(), key=lambda c: c.name)


def render_state(state: GameState) -> str:
    names = {p.card for p in state.battlefield} | {z.card for z in state.zones} | \
        {e.card for e in state.effects} | {s.card for s in state.stack} | \
        {p.other_face for p in state.battlefield if p.other_face is not None}   # (701.27d: its type)
    cards = sorted((state.library.get(n) for n in names), key=lambda c: c.name)
    cards += front_faces(state, cards)
    cards += token_cards(state, cards)
    template = _env.get_template("state.lp.j2")
    kinds = sorted({k for p in state.battlefield for k, _ in p.counters})
    counter_pts = []
    for kind in kinds:
        m = PT_COUNTER.match(kind)
        if m:
            counter_pts.append((kind, int(m.group(1)), int(m.group(2))))
    current = state.incarnations()
    # (loyalty_unstated/1 is read only with a printed loyalty, zones.lp: written only then)
    loyal = {c.name for c in cards if c.loyalty is not None}
    permanents = "".join(_permanent_facts(p, current, state.players, loyal) for p in state.battlefield)
    return template.render(
        state=state, counter_pts=counter_pts, cards=cards, loyal=loyal, symbol=symbol, lki=lki_term,
        permanents=permanents,
        obj=lambda object_id, pinned=None: obj(object_id, current.get(object_id, 0) if pinned is None else pinned), created=lambda card, line, granted=False: ability_term(
            state.library.get(card), Ability(line, "static"), granted=granted, created=True),
        ability=_ability_text, text_symbols=text_symbols,
    )


_env.filters["q"] = quote
