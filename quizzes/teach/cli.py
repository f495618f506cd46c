"""The ``cardrules`` command: lessons for teachers, and lists of rules, quizzes and profiles.

::

    cardrules lesson new SPEC [--game GAME] [--title TITLE] [--force]
    cardrules lesson build SPEC|FOLDER... [--out DIR]
    cardrules lesson print SPEC [--seed N] [--output FILE] [--html]
    cardrules lesson export SPEC --format qti|moodle [--seed N] [--output FILE]
    cardrules rules [GAME]        # rule ids and titles
    cardrules quizzes [GAME]      # quiz generator ids
    cardrules profile list [GAME]              # shipped house-rule profiles (or: profiles)
    cardrules profile show NAME|PATH [--shoe]  # every option: meaning, allowed values, value,
                                               # default; the exact odds where there are some
    cardrules profile check PATH               # validate a house-rules file

It lives in the quiz layer so that the engine, :mod:`cardrules`, stays free of it.

>>> main(["rules", "banco"])  # doctest: +ELLIPSIS
banco.deal                     The deal
...
0
>>> main(["lesson", "build", "no-such-lesson.toml"])  # the error goes to stderr
2
>>> main(["rules", "snap"])  # the registry says which games there are, on stderr
2
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from cardrules.errors import CardrulesError
from cardrules.game import module_name


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardrules", description="Lessons, worksheets and lists for the cardrules games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    lesson = sub.add_parser("lesson", help="make lessons: new, build, print, export",
                            description="Lessons from a short spec file (TOML or YAML).")
    lsub = lesson.add_subparsers(dest="action", required=True, metavar="ACTION")
    new = lsub.add_parser("new", help="write a commented lesson spec to start from")
    new.add_argument("spec", type=Path, help="the spec file to write (.toml)")
    new.add_argument("--game", default="banco", help="the game (default: banco)")
    new.add_argument("--title", help="the lesson's title")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")

    build = lsub.add_parser("build", help="write the book page and the notebook of lessons")
    build.add_argument("spec", type=Path, nargs="+",
                       help="lesson spec files, or folders of them (e.g. examples)")
    build.add_argument("--out", type=Path,
                       help="output folder (default: the project's book/lessons)")

    pr = lsub.add_parser("print", help="make a PDF worksheet with its answer key")
    pr.add_argument("spec", type=Path, help="the lesson spec file")
    pr.add_argument("--seed", help="a group seed: a different, reproducible set of questions "
                    "(a-z, A-Z, 0-9 and dashes when it goes into the file's name)")
    pr.add_argument("-o", "--output", type=Path,
                    help="the file to write (default: <lesson>-worksheet[-group-N].pdf here)")
    pr.add_argument("--html", action="store_true",
                    help="write the worksheet as HTML instead of printing a PDF")
    pr.add_argument("--engine", choices=("auto", "playwright", "chromium"), default="auto",
                    help=argparse.SUPPRESS)

    ex = lsub.add_parser("export", help="write the lesson's questions for an LMS: a QTI 2.1 "
                         "package (Canvas, Moodle and others) or a Moodle XML file",
                         description="Each quiz of the lesson becomes a pool of questions "
                         "that the LMS draws from, with the answers, the feedback and the "
                         "card pictures.")
    ex.add_argument("spec", type=Path, help="the lesson spec file")
    ex.add_argument("--format", required=True, choices=("qti", "moodle"),
                    help="qti: a QTI 2.1 content package (.zip); moodle: Moodle XML (.xml)")
    ex.add_argument("--seed", help="a group seed: a different, reproducible set of questions "
                    "(a-z, A-Z, 0-9 and dashes when it goes into the file's name)")
    ex.add_argument("-o", "--output", type=Path,
                    help="the file to write (default: <lesson>-qti.zip or <lesson>-moodle.xml "
                    "next to the spec)")

    rules = sub.add_parser("rules", help="list rule ids")
    rules.add_argument("game", nargs="?", help="only this game")
    quizzes = sub.add_parser("quizzes", help="list quiz generator ids")
    quizzes.add_argument("game", nargs="?", help="only this game")
    profiles = sub.add_parser("profiles", help="list the shipped house-rule profiles "
                              "(the same as `profile list`)")
    profiles.add_argument("game", nargs="?", help="only this game")

    profile = sub.add_parser("profile", help="house rules: list, show, check",
                             description="The house-rule profiles: the shipped ones, every "
                             "option of one, and a check of a teacher's file.")
    psub = profile.add_subparsers(dest="action", required=True, metavar="ACTION")
    plist = psub.add_parser("list", help="the shipped profiles: name, game, description")
    plist.add_argument("game", nargs="?", help="only this game")
    show = psub.add_parser("show", help="every option with its meaning, the allowed values, "
                           "this profile's value and the default; the exact odds if any")
    show.add_argument("profile", help="a shipped profile name, or the path of a .toml file")
    show.add_argument("--shoe", action="store_true",
                      help="Casino Pontoon: add the exact finite-shoe house edge (slower)")
    check = psub.add_parser("check", help="validate a house-rules file")
    check.add_argument("path", type=Path, help="the .toml file")
    return parser


def _lesson(args: argparse.Namespace) -> None:
    from quizzes import teach as lessons

    if args.action == "new":
        path = lessons.new_spec(args.spec, args.game, args.title, args.force)
        print(f"wrote {path}: edit it, then run `cardrules lesson build {path}`")
    elif args.action == "build":
        specs: list[Path] = []
        for given in args.spec:
            found = list(lessons.iter_specs(given)) if given.is_dir() else [given]
            if not found:
                raise lessons.SpecError(str(given), None, "holds no lesson spec (a .toml or "
                                        ".yaml file with a title)")
            specs += found
        for spec in specs:
            written, changed = lessons.rebuild(spec, args.out)
            for path in written:
                print(f"wrote {path}" if path in changed else f"up to date: {path}")
            listed = lessons.toc_lists(written[0].parent, written[0].stem)
            if listed is False:
                root = lessons.project_root(written[0].parent)
                assert root is not None
                page = Path(lessons.relative_path(written[0].with_suffix(""), root / "book"))
                print(f"note: add `- file: {page.as_posix()}` under the Lessons part of "
                      "book/_toc.yml to put it in the book")
    elif args.action == "export":
        from quizzes.teach.export import FORMATS, export_lesson

        path, count, pools = export_lesson(args.spec, args.format, args.output, args.seed)
        print(f"wrote {path}: {FORMATS[args.format][1]}, {count} "
              f"question{'' if count == 1 else 's'} in {pools} "
              f"pool{'' if pools == 1 else 's'}, one for each quiz")
    else:
        path, count = lessons.print_worksheet(args.spec, args.output, args.seed,
                                              html_only=args.html, engine=args.engine)
        print(f"wrote {path}: {count} question{'' if count == 1 else 's'}, answer key on "
              "separate pages")


def _list(args: argparse.Namespace) -> None:
    from cardrules.catalog import all_rules
    from quizzes.model.registry import all_generators

    if args.game is not None:
        module_name(args.game)  # a game the registry does not know says which games exist
    if args.command == "rules":
        for r in all_rules():
            if args.game in (None, r.game):
                print(f"{r.id:<30} {r.title}")
    elif args.command == "quizzes":
        for g in all_generators():
            if args.game in (None, g.game):
                print(f"{g.id:<34} {g.kind.value:<16} {g.title}")
    else:
        _profile_list(args.game)


def _profile_list(game: str | None) -> None:
    from quizzes.teach.houserules import shipped

    for entry in shipped(game):
        print(f"{entry.name:<24} {entry.game:<15} {entry.description}")


def _profile(args: argparse.Namespace) -> None:
    from quizzes.teach import houserules

    if args.action == "list":
        _profile_list(args.game)
    elif args.action == "check":
        print(houserules.check(args.path))
    else:
        p = houserules.load(args.profile)
        title = p.name or args.profile
        print(f"{title} ({p.game})" + (f": {' '.join(p.description.split())}"
                                      if p.description else ""))
        rows = houserules.option_rows(p)
        if not rows:
            print("This game has no house-rule options.")
        head = ("option", "value", "default", "allowed", "meaning")
        table = [head] + [(r.name, r.value + (" *" if r.changed else ""), r.default, r.allowed,
                           r.meaning) for r in rows]
        widths = [max(len(row[i]) for row in table) for i in range(4)]
        for row in table if rows else ():
            print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False))
                  + "  " + row[4])
        if any(r.changed for r in rows):
            print("* differs from the default")
        for line in houserules.odds_text(p, shoe=args.shoe):
            print(line)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (0 done, 2 a problem to fix)."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "lesson":
            _lesson(args)
        elif args.command == "profile":
            _profile(args)
        else:
            _list(args)
    except CardrulesError as e:
        print(f"cardrules: {' '.join(str(e).split())}", file=sys.stderr)
        return 2
    except OSError as e:  # a file that cannot be read or written, named by the system
        if isinstance(e, BrokenPipeError):  # `cardrules rules | head`
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
        where = f"{e.filename}: " if e.filename else ""
        print(f"cardrules: {where}{e.strerror or e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
