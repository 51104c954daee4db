"""The command line: `mtg-asp <query> STATE [options]`.

Plain text by default, --json for machines, --explain for the CR rules behind each answer.
A user mistake prints one message to stderr and exits 2, with no traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..translator.errors import InputError, SolverError
from .session import DEFAULT_TIME_LIMIT, Session

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_SOLVER = 0, 1, 2, 3


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's own exit code for usage errors is 2 as well
        self.print_usage(sys.stderr)
        print(f"mtg-asp: error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="mtg-asp", description="Magic: The Gathering Comprehensive Rules on ASP.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def query(name: str, help_: str) -> argparse.ArgumentParser:
        q = sub.add_parser(name, help=help_, description=help_)
        q.add_argument("state", metavar="STATE", help="a state file (YAML)")
        q.add_argument("--json", action="store_true", help="print JSON")
        q.add_argument("--explain", action="store_true", help="print the CR rules behind each answer")
        q.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT, metavar="S",
                       help=f"give up after S seconds of solving (default {DEFAULT_TIME_LIMIT:g})")
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
    wi.add_argument("--do", metavar="ACTION", action="append", required=True, dest="actions",
                    help="an action, e.g. 'flicker hangarback' or 'move elves to hand' (repeatable: "
                         "one step each, in order)")
    bd = query("board", "the permanents as the rules see them now (controller, types, colors, "
                        "abilities, power/toughness after the layers, CR 613) and the other zones")
    bd.add_argument("--object", metavar="ID", action="append",
                    help="only this permanent (may be given several times)")
    bd.add_argument("--field", metavar="NAME", action="append",
                    help="only this field of each permanent, e.g. controller, power (JSON; may "
                         "be given several times)")
    ck = sub.add_parser("check", help="run a scenario corpus and report each scenario",
                        description="run every scenario (YAML with a `ruling:` key) under DIR")
    ck.add_argument("dir", metavar="DIR")
    ck.add_argument("--quiet", action="store_true", help="print failures and the summary only")
    sub.add_parser("demo", help="a short what-if session on a bundled example state")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "check":
            return _check(args)
        if args.command == "demo":
            from .demo import run_demo
            print(run_demo())
            return EXIT_OK
        return _query(args)
    except InputError as e:
        print(f"mtg-asp: error: {e}", file=sys.stderr)
        return EXIT_USAGE
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
    if args.time_limit <= 0:
        raise InputError("--time-limit", None, "must be a positive number of seconds")
    if args.command == "board" and args.field and not args.json:
        raise InputError("--field", None, "selects fields of the --json answer; add --json")
    session = Session.from_file(args.state, time_limit=args.time_limit)
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
    if args.json:
        out = result.to_json()
        if explain:
            out["explain"] = [c.to_json() for c in result.rules()]
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(result.to_text())
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    from .scenario import check_directory
    report = check_directory(args.dir)
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


if __name__ == "__main__":
    raise SystemExit(main())
