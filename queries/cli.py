"""The command line: `mtg-asp <query> STATE [options]`.

Plain text by default, --json for machines, --explain for the CR rules behind each answer.
A user mistake prints one message to stderr and exits 2, with no traceback.

Card sources: `--cards PATH` (repeatable) and the paths in MTG_ASP_CARDS (os.pathsep between
them) name card databases and YAML card files, tried after the bundled library: the --cards
paths first, in the order given, then MTG_ASP_CARDS's. The first source that defines a name
wins, so a file named on the command line overrides the defaults of the environment.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from ..translator.carddb import open_sources, paths_from_env
from ..translator.cards import CardLibrary
from ..translator.errors import InputError, SolverError
from .limits import DEFAULT_MEMORY_LIMIT_MB, LimitExceeded, Limits
from .rule_text import describe as describe_rule
from .rule_text import rule_book, with_rule_text
from .session import DEFAULT_TIME_LIMIT, Session

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_SOLVER = 0, 1, 2, 3
FORMATS = ("text", "svg")
# --format svg: the queries with a picture, and the function of queries/pictures.py that draws it
PICTURES = {"orderings": "svg_orderings", "what-if": "svg_whatif", "board": "svg_board"}


class _HelpFormatter(argparse.HelpFormatter):
    """Help text with the what-if's actions filled in when help is printed: the what-if module
    is imported then, not by every command (start-up, issue 14)."""

    def _expand_help(self, action: argparse.Action) -> str:
        text = super()._expand_help(action)
        if "{ACTIONS}" in text:
            from .whatif import ACTIONS
            text = text.replace("{ACTIONS}", ACTIONS)
        return text


class _Version(argparse.Action):
    """--version, reading the installed version (importlib.metadata) only when asked."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest, nargs=0, default=default,
                         help=help or "show program's version number and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"mtg-asp {package_version()}")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):  # argparse's own exit code for usage errors is 2 as well
        self.print_usage(sys.stderr)
        print(f"mtg-asp: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def _cards_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--cards", metavar="PATH", action="append", default=[],
                   help="a card source: a card database in MTGJSON's AtomicCards shape (.json, "
                        ".json.gz) or YAML card files (a file or a folder); repeatable, tried in "
                        "order after the bundled library, before those in MTG_ASP_CARDS")


def _rule_text_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rule-text", action="store_true",
                   help="with --explain: each cited rule's text under its number")
    p.add_argument("--rules", metavar="PATH", help="the Comprehensive Rules text to quote (default: "
                                                   "MTG_ASP_RULES, else the copy shipped with mtg-asp)")


def _serve_parser(sub) -> None:
    sv = sub.add_parser("serve", help="a local web page for building a board and asking every "
                                      "query of it", description="serve the web page (mtg_asp.web)")
    sv.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    sv.add_argument("--port", type=int, default=8765, help="the port (default 8765)")
    _cards_option(sv)
    sv.add_argument("--rules", metavar="PATH", help="the Comprehensive Rules text the answers quote")
    sv.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT, metavar="S",
                    help=f"each request's query time limit (default {DEFAULT_TIME_LIMIT:g})")
    sv.add_argument("--memory-limit", type=int, default=DEFAULT_MEMORY_LIMIT_MB, metavar="MB",
                    help=f"each request's query memory limit (default {DEFAULT_MEMORY_LIMIT_MB})")


def _serve(args: argparse.Namespace) -> int:
    from ..web.app import serve
    serve(args.host, args.port, card_paths(args), args.rules, args.time_limit, args.memory_limit)
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="mtg-asp", description="Magic: The Gathering Comprehensive Rules on ASP.")
    p.add_argument("--version", action=_Version)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def query(name: str, help_: str) -> argparse.ArgumentParser:
        q = sub.add_parser(name, help=help_, description=help_)
        q.add_argument("state", metavar="STATE", help="a state file (YAML)")
        _cards_option(q)
        q.add_argument("--json", action="store_true", help="print JSON")
        q.add_argument("--explain", action="store_true", help="print the CR rules behind each answer")
        q.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT, metavar="S",
                       help=f"stop after S seconds, reading, grounding and solving included (default "
                            f"{DEFAULT_TIME_LIMIT:g}); exit 3")
        q.add_argument("--memory-limit", type=int, default=DEFAULT_MEMORY_LIMIT_MB, metavar="MB",
                       help=f"stop when the query needs more than MB megabytes (default "
                            f"{DEFAULT_MEMORY_LIMIT_MB}); exit 3")
        q.add_argument("--format", choices=FORMATS, default="text",
                       help="text (the default), or svg: a picture of the answer (orderings, "
                            "what-if and board only)")
        q.add_argument("--output", metavar="FILE", help="write the answer to FILE, not stdout")
        _rule_text_options(q)
        return q

    cp = query("could-produce", "the types of mana each permanent could produce (CR 106.7)")
    cp.add_argument("--object", metavar="ID", help="only this permanent")
    ac = query("activations", "activated abilities a player could activate now, as far as "
                              "{T}/{Q} costs and timing decide (CR 107.5, 107.6, 302.6, 602)")
    ac.add_argument("--player", metavar="P", help="only this player (taken to hold priority)")
    od = query("orderings", "every outcome of activating one mana ability, with the orderings of "
                            "replacement effects that lead to each (CR 616.1, 106.12a/b)")
    od.add_argument("--tap", metavar="ID", required=True, help="the permanent whose ability is activated")
    od.add_argument("--ability", metavar="N", type=int, help="the oracle line of the mana ability "
                                                             "(needed when it has several)")
    od.add_argument("--player", metavar="P", help="the player activating it (its controller)")
    od.add_argument("--limit", metavar="N", type=int, default=10,
                    help="list at most N orderings per outcome (the count is always exact; default 10)")
    cp2 = query("can-pay", "whether a player can pay a mana cost now, and a plan that does "
                           "(CR 601.2g-h, 605.3a, 616.1)")
    cp2.add_argument("--player", metavar="P", required=True, help="the player paying")
    cp2.add_argument("--cost", metavar="COST", required=True, help="a mana cost such as '{2}{G}{G}'")
    mn = query("mana", "everything a player can produce now: the maximal pools, written compactly "
                       "(CR 106.4, 605.3a, 616.1, 732.1b)")
    mn.add_argument("--player", metavar="P", required=True, help="the player producing mana")
    wi = query("what-if", "step through a game: every distinct state the actions can lead to, "
                          "as what changed, with the CR rules (CR 400.7, 704)")
    wi.add_argument("--do", metavar="ACTION", action="append", dest="actions",
                    help="an action, e.g. 'flicker hangarback' or 'move elves to hand' (repeatable: "
                         "one step each, in order); the actions: {ACTIONS}; a cast or activation "
                         "the mana pool cannot pay taps mana abilities first (each way an outcome), "
                         "or '... paying with ID [ID ...]' names them; exit 1 when no outcome can "
                         "be taken")
    wi.add_argument("--interactive", action="store_true",
                    help="a prompt: the board, the legal actions numbered, take one, back, save FILE, quit")
    bd = query("board", "the permanents as the rules see them now (controller, types, colors, "
                        "abilities, power/toughness after the layers, CR 613) and the other zones")
    bd.add_argument("--object", metavar="ID", action="append",
                    help="only this permanent (may be given several times)")
    bd.add_argument("--field", metavar="NAME", action="append",
                    help="only this field of each permanent, e.g. controller, power (JSON; may "
                         "be given several times)")
    _serve_parser(sub)
    ck = sub.add_parser("check", help="run a scenario corpus and report each scenario",
                        description="run every scenario (YAML with a `ruling:` key) under DIR")
    ck.add_argument("dir", metavar="DIR")
    ck.add_argument("--quiet", action="store_true", help="print failures and the summary only")
    _cards_option(ck)
    _cards_option(sub.add_parser("demo", help="a short what-if session on a bundled example state"))
    cards = sub.add_parser("cards", help="the cards a state may name: show one, list them, measure "
                                         "how much of a card database the compiler reads",
                           description="the cards a state may name (the bundled library, then "
                                       "the card sources)")
    csub = cards.add_subparsers(dest="cards_command", required=True, parser_class=_Parser)
    show = csub.add_parser("show", help="a card as vocabulary YAML, each line marked compiled, "
                                        "partial or text only")
    show.add_argument("name", metavar="NAME", help="a card name (or a face name)")
    _cards_option(show)
    cov = csub.add_parser("coverage", help="how many cards and lines of the card databases compile")
    _cards_option(cov)
    cov.add_argument("--json", action="store_true", help="print JSON")
    lst = csub.add_parser("list", help="the card names available, the bundled library first")
    _cards_option(lst)
    lst.add_argument("--search", "--match", metavar="WORDS", dest="match",
                     help="only names containing every one of WORDS (any case)")
    csub.add_parser("vocabulary", help="the card vocabulary (docs/cards.md): how a card is written "
                                       "for the solver")
    return p


def package_version() -> str:
    from importlib import metadata
    try:
        return metadata.version("mtg-asp")
    except metadata.PackageNotFoundError:
        return "(not installed)"


def card_paths(args: argparse.Namespace) -> list[str]:
    """--cards paths in the order given, then MTG_ASP_CARDS's (the command line wins)."""
    return [*args.cards, *paths_from_env()]


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "check":
            return _check(args)
        if args.command == "demo":
            from .demo import run_demo
            print(run_demo(card_paths(args)))
            return EXIT_OK
        if args.command == "cards":
            return _cards(args)
        if args.command == "serve":
            return _serve(args)
        return _query(args)
    except InputError as e:
        print(f"mtg-asp: error: {e}", file=sys.stderr)
        return EXIT_USAGE
    except LimitExceeded as e:
        print(f"mtg-asp: limit: {e}", file=sys.stderr)
        return EXIT_SOLVER
    except SolverError as e:
        print(f"mtg-asp: solver: {e}", file=sys.stderr)
        return EXIT_SOLVER
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader closed the pipe (`mtg-asp ... | head`): stop quietly. stdout is pointed
        # at devnull so the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def _query(args: argparse.Namespace) -> int:
    start = time.monotonic()
    Limits(args.time_limit, args.memory_limit)          # checked before anything is read
    if args.command == "board" and args.field and not args.json:
        raise InputError("--field", None, "selects fields of the --json answer; add --json")
    _check_format(args)
    if args.rule_text and not args.explain:
        raise InputError("--rule-text", None, "quotes the rules --explain cites; add --explain")
    book = rule_book(args.rules) if args.rule_text else None
    if args.command == "what-if":
        if args.interactive and (args.actions or args.json or args.explain):
            raise InputError("--interactive", None, "is a prompt of its own: give it without --do, --json "
                                                    "or --explain")
        if not args.interactive and not args.actions:
            raise InputError("--do", None, "give at least one action (--do ACTION), or --interactive")
        if args.interactive:
            from ..translator.state import load_state_file
            from .interactive import run_interactive
            state = load_state_file(args.state, cards=card_paths(args))
            return run_interactive(state, args.time_limit, args.memory_limit)
    # The time limit is the whole command's: every request to the query worker ends by then.
    session = Session.from_file(args.state, time_limit=args.time_limit, cards=card_paths(args),
                                memory_limit=args.memory_limit, deadline=start + args.time_limit)
    explain = args.explain
    if args.command == "could-produce":
        result = session.could_produce(args.object, explain)
    elif args.command == "board":
        result = session.board(explain, args.object, args.field)
    elif args.command == "what-if":
        result = session.what_if(args.actions, explain=explain)
    elif args.command == "mana":
        result = session.available_mana(args.player, explain)
    elif args.command == "can-pay":
        result = session.can_pay(args.player, args.cost, explain)
    elif args.command == "orderings":
        result = session.orderings(args.tap, args.ability, args.player, args.limit, explain)
    else:
        result = session.activations(args.player, explain)
    if args.format == "svg":
        from . import pictures
        _emit(args, getattr(pictures, PICTURES[args.command])(result))
    elif args.json:
        out = result.to_json()
        if explain:
            out["explain"] = [c.to_json() for c in result.rules()]
            if args.rule_text:
                out["explain"] = [{**row, "rule_text": describe_rule(row["rule"], book)}
                                  for row in out["explain"]]
        _emit(args, json.dumps(out, ensure_ascii=False) + "\n")
    elif args.rule_text:
        _emit(args, with_rule_text(result.to_text(), book) + "\n")
    else:
        _emit(args, result.to_text() + "\n")
    if args.command == "what-if" and result.results and all(r.illegal for r in result.results):
        # every outcome ends in an action that cannot be taken: exit 1, as check does for a
        # failed scenario, so that a script can tell (the reasons are in the answer)
        first = result.results[0].illegal
        print(f"mtg-asp: what-if: step {first.step} ({first.action!r}) cannot be taken in any outcome: "
              + "; ".join(f"CR {rule}: {t}" for rule, t in first.why), file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK


def _check_format(args: argparse.Namespace) -> None:
    """--format svg: only for the queries with a picture, and not with --json or --explain
    (the picture cites its rules itself). Checked before anything is read."""
    if args.format != "svg":
        return
    if args.command not in PICTURES:
        raise InputError("--format", None, f"{args.command} has no picture; --format svg is for "
                         f"{', '.join(PICTURES)}")
    if args.json:
        raise InputError("--format", None, "svg is a picture, --json is JSON: give one of them")
    if args.explain:
        raise InputError("--format", None, "the picture cites its CR rules itself; --explain is for "
                         "text and --json")


def _emit(args: argparse.Namespace, text: str) -> None:
    """The answer to --output FILE, or to stdout."""
    if not args.output:
        sys.stdout.write(text)
        return
    try:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise InputError("--output", None, f"cannot write {args.output[:200]}: {e.strerror}") from None


def _check(args: argparse.Namespace) -> int:
    from .scenario import check_directory
    report = check_directory(args.dir, card_paths(args))
    for path in report.passed:
        if not args.quiet:
            print(f"PASS {path}")
    for path, message in report.failed:
        print(f"FAIL {message}")
    for path, message in report.errors:
        print(f"ERROR {message}")
    print(report.summary())
    if report.errors:
        return EXIT_USAGE
    return EXIT_FAILED if report.failed else EXIT_OK


def _cards(args: argparse.Namespace) -> int:
    from . import card_commands
    if args.cards_command == "vocabulary":
        print(card_commands.vocabulary())
        return EXIT_OK
    library = CardLibrary.bundled().with_sources(open_sources(card_paths(args)))
    if args.cards_command == "show":
        print(card_commands.show(library, args.name))
    elif args.cards_command == "list":
        print(card_commands.listing(library, args.match))
    else:
        from .coverage import coverage
        card_commands.require_sources(library, "cards coverage")
        report = coverage(library.sources)
        print(json.dumps(report.to_json(), ensure_ascii=False) if args.json else report.to_text())
    return EXIT_OK


if __name__ == "__main__":
    raise SystemExit(main())
