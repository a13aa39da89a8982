"""The cost of the build: ``pip install .`` with the compiled engine, and without it.

    python bench/build.py             # minutes, most of them the C compiler's
    python bench/build.py --keep      # keep the venvs, the logs and the copies (path printed)
    python bench/build.py --cold      # each install downloads its build requirements itself
    python bench/build.py --repo DIR  # another project (a small one checks this script)

The engine's hot modules are compiled by mypyc at install time (``setup.py`` lists them; the
build backend is setuptools, and pip's isolated build installs the ``[build-system] requires``
of ``pyproject.toml``, mypy among them, from PyPI). ``ATOUT_NO_COMPILE=1`` skips compiling and
installs the pure engine only. This script measures what compiling costs a user, as
``make play`` or ``pip install -e .`` installs the package on a fresh machine:

1. It copies the work tree as it is (``git ls-files``: tracked and untracked files, the ignored
   ones such as ``.venv``, ``build/`` and ``*.so`` left out) twice into a temporary directory,
   one copy per install. pip builds a local directory in place (setuptools writes ``build/``
   and ``*.egg-info`` there, mypyc its C files), so the copies keep the work tree, and the
   editable install that runs from it, untouched, and neither install reuses the other's
   objects. It is ``pip install .``, not ``-e .``: an editable build would compile in place,
   which is the same work.
2. It creates two fresh venvs with ``python -m venv`` (timed) and upgrades their pip as the
   Makefile does (timed; ``--no-upgrade-pip`` skips it).
3. Unless ``--cold``, it downloads the build requirements once into a fresh pip cache that both
   installs share (timed: what a user's very first install pays on top), so that neither timed
   install depends on the network and the difference between them is the compile alone. With
   ``--cold`` each install gets an empty cache of its own and downloads them itself.
4. It times ``pip install -v .`` in each venv, by the clock and in CPU time of all its
   processes (the compiler's included): first with ``ATOUT_NO_COMPILE=1``, then without it.
   Build isolation is on, as for a user: pip makes a build environment and installs the build
   requirements into it each time.
5. It looks in each venv for the compiled modules: extension files (``*.so``) under the
   installed ``atout`` package, and mypyc's shared runtime module (``*__mypyc*.so``) beside
   it; the installed size; and ``atout.ENGINE`` there, plain and under ``ATOUT_PURE=1``. The
   build's own messages (setup.py prints ``atout: ...`` when it does not compile) are quoted.

It prints both times and their difference. A failed install prints the end of pip's output;
the directory is then kept for its log, and the exit status is 1. Nothing is written outside
the temporary directory, and the work tree is only read.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]

#: Run in an install's venv: where atout is, its compiled modules and its size, without
#: importing it (an import that fails must not hide what was installed).
INSPECT = r"""
import importlib.machinery, json, pathlib, sysconfig
site = pathlib.Path(sysconfig.get_paths()["platlib"])
suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
package = site / "atout"
files = [p for p in package.rglob("*") if p.is_file()] if package.is_dir() else []
extensions = sorted(str(p.relative_to(site)) for p in files if p.name.endswith(suffixes))
runtime = sorted(p for p in site.glob("*__mypyc*") if p.name.endswith(suffixes))
size = sum(p.stat().st_size for p in files) + sum(p.stat().st_size for p in runtime)
print(json.dumps({
    "installed": package.is_dir(),
    "extensions": extensions,
    "runtime": [p.name for p in runtime],
    "bytes": size,
}))
"""

ENGINE = "import atout; print(getattr(atout, 'ENGINE', 'pure (no atout.ENGINE)'))"


@dataclass
class Install:
    """One variant's install and what it left: times in seconds, sizes in bytes."""

    key: str
    name: str = ""
    no_compile: bool = False
    wall: float = 0.0
    cpu: float = 0.0
    status: int = 0
    extensions: list[str] = field(default_factory=list)
    runtime: list[str] = field(default_factory=list)
    size: int = 0
    engine: str = "?"
    engine_pure: str = "?"
    said: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.name = self.name or self.key


def run(
    args: list[str], *, env: dict[str, str], log: Path | None = None, cwd: Path
) -> tuple[int, float, float, str]:
    """Run a command; its exit status, its wall and CPU seconds (its processes' and their
    children's), and its output (also written to ``log``)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(args, env=env, cwd=cwd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    output = proc.stdout + proc.stderr
    if log is not None:
        log.write_text(output)
    return proc.returncode, wall, cpu, output


def work_tree_files(repo: Path) -> list[Path]:
    """The work tree's files as git sees them (tracked and untracked, not ignored); without
    git, every file but the usual ignored ones."""
    try:
        listing = subprocess.run(
            [
                "git",
                "-C",
                str(repo),
                "ls-files",
                "-z",
                "--cached",
                "--others",
                "--exclude-standard",
            ],
            capture_output=True,
            check=True,
        ).stdout.decode()
        names = [Path(n) for n in listing.split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        skip = {".git", ".venv", "build", "dist", "__pycache__", ".mypy_cache", ".ruff_cache"}
        names = [
            p.relative_to(repo)
            for p in repo.rglob("*")
            if p.is_file()
            and not skip.intersection(p.relative_to(repo).parts)
            and not p.name.endswith((".so", ".pyd", ".pyc"))
            and not any(part.endswith(".egg-info") for part in p.parts)
        ]
    return [n for n in names if (repo / n).is_file()]  # tracked but deleted: left out


def copy_tree(repo: Path, files: list[Path], dest: Path) -> None:
    """Copy ``files`` (relative to ``repo``) into ``dest``."""
    for name in files:
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(repo / name, target)


def build_system(pyproject: Path) -> tuple[str, list[str]]:
    """The build backend and the build requirements of a ``pyproject.toml`` (pip's defaults
    when the table is missing)."""
    try:
        table = tomllib.loads(pyproject.read_text()).get("build-system", {})
    except (OSError, tomllib.TOMLDecodeError):
        table = {}
    backend = table.get("build-backend", "setuptools.build_meta:__legacy__")
    requires = table.get("requires", ["setuptools>=40.8.0"])
    return str(backend), [str(r) for r in requires]


def base_env(cache: Path) -> dict[str, str]:
    """The environment of every pip run: the caller's (its index and proxy settings kept),
    without what would change the build under test, with the given pip cache."""
    env = dict(os.environ)
    for name in (
        "ATOUT_NO_COMPILE",
        "ATOUT_PURE",
        "PYTHONPATH",
        "VIRTUAL_ENV",
        "PIP_NO_BUILD_ISOLATION",
        "PIP_NO_CACHE_DIR",
    ):
        env.pop(name, None)
    env["PIP_CACHE_DIR"] = str(cache)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def inspect(python: Path, install: Install, env: dict[str, str], cwd: Path) -> None:
    """Fill in what the install left in its venv, and which engine it runs."""
    status, _, _, out = run([str(python), "-c", INSPECT], env=env, cwd=cwd)
    if status == 0:
        found: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
        install.extensions = found["extensions"]
        install.runtime = found["runtime"]
        install.size = found["bytes"]
    for pure, attr in ((False, "engine"), (True, "engine_pure")):
        engine_env = dict(env, ATOUT_PURE="1") if pure else env
        status, _, _, out = run([str(python), "-c", ENGINE], env=engine_env, cwd=cwd)
        lines = out.strip().splitlines()
        setattr(install, attr, lines[-1] if status == 0 and lines else "import failed")


def tail(text: str, lines: int = 25) -> str:
    """The last lines of a command's output, indented."""
    return "\n".join("    " + line for line in text.strip().splitlines()[-lines:])


def megabytes(size: int) -> str:
    """A size in MB."""
    return f"{size / 1e6:.1f} MB"


def make_venv(python: str, venv: Path, env: dict[str, str], *, upgrade_pip: bool) -> Path:
    """A fresh venv with (unless told not to) an upgraded pip, as the Makefile makes it; prints
    the times. Returns its interpreter."""
    status, wall, _, out = run([python, "-m", "venv", str(venv)], env=env, cwd=venv.parent)
    if status:
        sys.exit(f"python -m venv failed:\n{tail(out)}")
    interpreter = venv / "bin" / "python"
    line = f"  {venv.name}: created in {wall:.1f} s"
    if upgrade_pip:
        upgrade = [str(interpreter), "-m", "pip", "install", "--quiet", "--upgrade", "pip"]
        status, wall, _, out = run(upgrade, env=env, cwd=venv.parent)
        if status:
            sys.exit(f"upgrading pip failed:\n{tail(out)}")
        line += f", pip upgraded in {wall:.1f} s"
    words = run([str(interpreter), "-m", "pip", "--version"], env=env, cwd=venv.parent)[3].split()
    print(f"{line} (pip {words[1] if len(words) > 1 else '?'})")
    return interpreter


def warm_cache(python: Path, requires: list[str], tmp: Path, cache: Path) -> None:
    """Download the build requirements into ``cache``, timed."""
    status, wall, _, out = run(
        [str(python), "-m", "pip", "download", "--dest", str(tmp / "downloads"), *requires],
        env=base_env(cache),
        log=tmp / "download.log",
        cwd=tmp,
    )
    if status:
        print(f"  downloading the build requirements failed (the installs will try):\n{tail(out)}")
    else:
        print(
            f"  build requirements downloaded into a fresh pip cache in {wall:.1f} s: a first "
            "install pays this once;\n  both installs below take them from the cache"
        )


def pip_install(install: Install, python: Path, source: Path, tmp: Path, cache: Path) -> None:
    """Time ``pip install -v`` of ``source`` into the venv of ``python``; then inspect it."""
    env = base_env(cache)
    if install.no_compile:
        env["ATOUT_NO_COMPILE"] = "1"
    install.status, install.wall, install.cpu, out = run(
        [str(python), "-m", "pip", "install", "-v", str(source)],
        env=env,
        log=tmp / f"install-{install.key}.log",
        cwd=tmp,
    )
    said = (line.strip() for line in out.splitlines())
    install.said = sorted({line for line in said if line.startswith("atout: ")})
    if install.status:
        print(f"  {install.name}: pip install FAILED (exit {install.status}):\n{tail(out)}")
        return
    inspect(python, install, base_env(cache), tmp)


def print_table(installs: list[Install]) -> None:
    """Both installs' times, compiled modules, sizes and engines, and the difference."""
    print(f"  {'':<28}{'wall':>9}{'CPU':>9}  {'compiled modules':<18}{'installed':>10}  engine")
    for install in installs:
        if install.status:
            print(f"  {install.name:<28}{'failed':>9}")
            continue
        modules = str(len(install.extensions))
        if install.runtime:
            modules += f" + {len(install.runtime)} runtime"
        engine = install.engine
        if install.engine_pure != install.engine:
            engine += f" ({install.engine_pure} under ATOUT_PURE=1)"
        print(
            f"  {install.name:<28}{install.wall:>7.1f} s{install.cpu:>7.1f} s  {modules:<18}"
            f"{megabytes(install.size):>10}  {engine}"
        )
        for said in install.said:
            print(f"      the build said: {said}")
    pure, compiled = installs
    if pure.status or compiled.status:
        return
    print(
        f"  compiling costs {compiled.wall - pure.wall:+.1f} s by the clock, "
        f"{compiled.cpu - pure.cpu:+.1f} s of CPU and "
        f"{(compiled.size - pure.size) / 1e6:+.1f} MB installed"
    )
    if not compiled.extensions:
        print(
            "  NOTE: the compiled install has no compiled modules (a backend that does not "
            "compile, no C compiler, or no mypyc): see install-compiled.log"
        )
    if pure.extensions:
        print("  NOTE: the install under ATOUT_NO_COMPILE=1 has compiled modules anyway")
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    print(f"  (compiled modules: *{suffix} under site-packages/atout, and mypyc's runtime")
    print("  module beside it; CPU time counts pip's processes and the compiler's)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument(
        "--cold", action="store_true", help="no shared warm pip cache: each install downloads"
    )
    parser.add_argument(
        "--no-upgrade-pip", action="store_true", help="keep the pip that venv installs"
    )
    parser.add_argument("--python", default=sys.executable, help="the Python of the venvs")
    parser.add_argument(
        "--repo", type=Path, default=REPO, help="the project to install (default: this one)"
    )
    args = parser.parse_args()
    repo = args.repo.resolve()

    tmp = Path(tempfile.mkdtemp(prefix="atout-build-"))
    files = work_tree_files(repo)
    backend, requires = build_system(repo / "pyproject.toml")
    version = subprocess.run(
        [args.python, "-c", "import sys; print(sys.version.split()[0])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    print(f"The cost of the build: pip install . of {repo} ({len(files)} files), Python {version}")
    print(f"  build backend {backend}; build requirements: {', '.join(requires)}")
    print(f"  in {tmp}")

    installs = [Install("pure", "pure (ATOUT_NO_COMPILE=1)", True), Install("compiled")]
    caches = {i.key: tmp / (f"pip-cache-{i.key}" if args.cold else "pip-cache") for i in installs}
    pythons = []
    for install in installs:
        env = base_env(caches[install.key])
        venv = tmp / f"venv-{install.key}"
        pythons.append(make_venv(args.python, venv, env, upgrade_pip=not args.no_upgrade_pip))
        copy_tree(repo, files, tmp / f"src-{install.key}")
    if not args.cold:
        warm_cache(pythons[0], requires, tmp, caches["pure"])
    for install, python in zip(installs, pythons, strict=True):
        pip_install(install, python, tmp / f"src-{install.key}", tmp, caches[install.key])
    print_table(installs)

    failed = any(i.status for i in installs)
    if args.keep or failed:
        print(f"  kept {tmp} (venv-*, src-*, install-*.log)")
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
