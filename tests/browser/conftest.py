"""Real-browser test harness: JupyterLab / Voila served from this venv, driven by Playwright
with Debian's Chromium (``/usr/bin/chromium``; Playwright's own browser downloads are not
possible on this project's machines).

Fixtures
--------
``server_root``   session: temp dir holding copies of ``notebooks/`` and
                  ``tests/browser/notebooks/`` (so ``"kille/03-play.ipynb"`` and
                  ``"smoke.ipynb"`` are both openable).
``jupyter_lab``   session: a running JupyterLab (``.base_url``, ``.root``, ``.log_path``).
``voila_server``  session: Voila serving the same root with progressive rendering (as ``make app``).
``browser``       session: headless Chromium.
``lab``           function: a fresh :class:`browser_helpers.LabPage` on ``jupyter_lab``; its
                  kernels are shut down afterwards.
``voila_page``    function: a :class:`browser_helpers.LabPage` on ``voila_server``; open a
                  notebook with ``voila_page.page.goto(voila_page.url("smoke.ipynb"))``.

Missing Chromium or Playwright: skip, or fail when ``CI=true``.
Override the browser with ``KORTSPEL_CHROMIUM=/path/to/chromium``.
"""

from __future__ import annotations

import atexit
import ctypes
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest
from browser_helpers import DEFAULT_TIMEOUT_MS, JSErrors, LabPage

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("KORTSPEL_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
IN_CI = os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def _missing_or_skip(what: str) -> None:
    msg = f"browser tests cannot run: {what}"
    if IN_CI:
        pytest.fail(msg + " (CI=true, so this is a failure; .ci/run installs chromium)",
                    pytrace=False)
    pytest.skip(msg)


def _require(module: str, hint: str) -> None:
    try:
        __import__(module)
    except ImportError:
        _missing_or_skip(f"Python package {module!r} is not importable ({hint})")


def _require_browser() -> None:
    _require("playwright.sync_api", "pip install -e '.[test]'")
    if not os.access(CHROMIUM, os.X_OK):
        _missing_or_skip(f"{CHROMIUM} not found (apt-get install chromium)")


# --------------------------------------------------------------------------------------------
# Servers
# --------------------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _http(method: str, url: str, timeout: float = 5.0):
    req = urllib.request.Request(url, method=method)
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        body = resp.read()
        return resp.status, body


# --------------------------------------------------------------------------------------------
# Servers that never outlive the test run
#
# A run ended part-way (a CI time-out, Ctrl+C, SIGTERM or SIGKILL of pytest) must not leave
# JupyterLab, Voila or their kernels running. Three layers see to it:
#
# * every server starts in its own process group, and ``Server.stop`` asks it to shut down
#   (JupyterLab's shutdown API stops its kernels), signals the group, and then kills what
#   is left of the processes it started: the kernels, which Jupyter starts in sessions of
#   their own, outside the server's group;
# * SIGTERM and SIGHUP, and the interpreter's exit (atexit), stop every server still up;
# * SIGKILL cannot be caught, so each server asks the kernel (Linux prctl PR_SET_PDEATHSIG)
#   to send it SIGTERM the moment pytest dies; it then shuts its kernels down, and a kernel
#   whose server is gone exits by itself (ipykernel watches its parent).
# --------------------------------------------------------------------------------------------

_PR_SET_PDEATHSIG = 1


def _die_with_pytest() -> None:
    """In the child, before it runs the server: SIGTERM when pytest dies, however it dies.

    The signal follows the death of the thread that started the child; the fixtures start
    the servers from pytest's main thread, which lives as long as the run."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the handlers and atexit still stop it
        pass


def descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (children, theirs, ...), read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8", errors="replace") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


_RUNNING: list[Server] = []


def stop_all_servers() -> None:
    """Stop every server this run started that is still up (and the kernels under it)."""
    for server in list(_RUNNING):
        try:
            server.stop()
        except Exception:  # noqa: BLE001 - stopping the others matters more
            pass


def _stop_and_die(signum: int, _frame: object) -> None:
    """SIGTERM/SIGHUP: stop the servers, then die of the signal as pytest would have."""
    stop_all_servers()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


atexit.register(stop_all_servers)
for _sig in (signal.SIGTERM, signal.SIGHUP):
    if signal.getsignal(_sig) in (signal.SIG_DFL, None):
        signal.signal(_sig, _stop_and_die)


class Server:
    """A subprocess HTTP server in its own process group, with its log in a file, that is
    stopped with its kernels however the run ends (see above)."""

    def __init__(self, name: str, workdir: Path, env: dict, shutdown_path: str = ""):
        self.name = name
        self.workdir = workdir
        self.env = env
        self.log_path = workdir / f"{name}.log"
        self.proc: subprocess.Popen | None = None
        self.port = 0
        self.base_url = ""
        self.shutdown_path = shutdown_path  # an API that stops the server and its kernels

    def start(self, argv_for_port, ready_path: str, timeout_s: float = 90, attempts: int = 3):
        last_error = ""
        for _ in range(attempts):
            self.port = _free_port()
            self.base_url = f"http://127.0.0.1:{self.port}"
            with open(self.log_path, "ab") as log:
                log.write(f"\n=== starting {self.name} on port {self.port} ===\n".encode())
                log.flush()
                self.proc = subprocess.Popen(
                    argv_for_port(self.port), cwd=self.workdir, env=self.env,
                    stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                    start_new_session=True, preexec_fn=_die_with_pytest)
            if self not in _RUNNING:
                _RUNNING.append(self)
            deadline = time.monotonic() + timeout_s
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    last_error = f"{self.name} exited with code {self.proc.returncode}"
                    break
                try:
                    status, _ = _http("GET", self.base_url + ready_path, timeout=2)
                    if status == 200:
                        return self
                except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                    pass
                time.sleep(0.2)
            else:
                last_error = f"{self.name} did not answer {ready_path} within {timeout_s:.0f} s"
                self.stop()
                break
            if "already in use" not in self.log_tail(20):
                break
        self.stop()
        raise RuntimeError(f"{last_error}; log {self.log_path}:\n{self.log_tail()}")

    def stop(self) -> None:
        """Shut the server down (through its API if it has one), signal its group, then
        kill whatever it started that is still alive (kernels live outside its group)."""
        proc, self.proc = self.proc, None
        if self in _RUNNING:
            _RUNNING.remove(self)
        if proc is None:
            return
        started = descendants(proc.pid)
        if proc.poll() is None and self.shutdown_path:
            try:  # graceful: shuts the kernels down too
                _http("POST", self.url(self.shutdown_path), timeout=5)
                proc.wait(10)
            except Exception:  # noqa: BLE001 - signals follow
                pass
        for sig, wait_s in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
            if proc.poll() is not None:
                break
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                proc.wait(wait_s)
            except subprocess.TimeoutExpired:
                continue
        deadline = time.monotonic() + 5
        for pid in started:
            while _alive(pid) and time.monotonic() < deadline:
                time.sleep(0.1)  # a kernel told to shut down, on its way out
            if _alive(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

    def log_tail(self, lines: int = 60) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def url(self, path: str) -> str:
        return f"{self.base_url}/{path.lstrip('/')}"


def _server_env(work: Path) -> dict:
    env = dict(os.environ)
    for sub in ("config", "settings", "workspaces", "runtime"):
        (work / sub).mkdir(exist_ok=True)
    # Keep the user's ~/.jupyter out of it, prefer this venv's kernelspecs and data files.
    env["JUPYTER_CONFIG_DIR"] = str(work / "config")
    env["JUPYTER_RUNTIME_DIR"] = str(work / "runtime")
    env["JUPYTERLAB_SETTINGS_DIR"] = str(work / "settings")
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(work / "workspaces")
    env["JUPYTER_PREFER_ENV_PATH"] = "1"
    env["PYTHONUNBUFFERED"] = "1"
    # Where the test-only game and its table live, for the notebooks that play it.
    env["KORTSPEL_TESTS"] = str(REPO / "tests")
    # Kernels import kortspel and kortspel.widgets as installed in this venv (make's
    # `pip install -e`), not through PYTHONPATH: the repo root on the path would also make a
    # top-level `widgets` importable, hiding a notebook that still imports it.
    # No news/update toasts (they cover buttons and try to reach the internet).
    settings = work / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(json.dumps(
        {"fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True}))
    return env


@pytest.fixture(scope="session")
def server_root(tmp_path_factory) -> Path:
    """Temp directory served by JupyterLab/Voila: repo notebooks + test notebooks."""
    root = tmp_path_factory.mktemp("served")
    _copy_notebooks(root)
    return root


def _copy_notebooks(root: Path) -> None:
    ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
    if (REPO / "notebooks").is_dir():
        shutil.copytree(REPO / "notebooks", root, dirs_exist_ok=True, ignore=ignore)
    shutil.copytree(HERE / "notebooks", root, dirs_exist_ok=True, ignore=ignore)


@pytest.fixture(scope="session")
def jupyter_lab(server_root, tmp_path_factory):
    _require_browser()
    _require("jupyterlab", "pip install -e '.[lab]'")
    _require("kortspel.widgets", "pip install -e '.[lab]'")
    work = tmp_path_factory.mktemp("jupyterlab")
    config = work / "jl_config.py"

    def argv(port: int) -> list[str]:
        # Test-only configuration, mirroring Galata's configure_jupyter_server(). Never use
        # this for a real server: no token, no password, no XSRF check.
        config.write_text("\n".join([
            'c.ServerApp.ip = "127.0.0.1"',
            f"c.ServerApp.port = {port}",
            "c.ServerApp.port_retries = 0",
            "c.ServerApp.open_browser = False",
            "c.ServerApp.allow_root = True",
            f"c.ServerApp.root_dir = {str(server_root)!r}",
            'c.IdentityProvider.token = ""',
            'c.PasswordIdentityProvider.hashed_password = ""',
            "c.PasswordIdentityProvider.password_required = False",
            "c.ServerApp.disable_check_xsrf = True",
            "c.LabApp.expose_app_in_browser = True",
            "c.LanguageServerManager.autodetect = False",
            "",
        ]))
        return [sys.executable, "-m", "jupyterlab", f"--config={config}"]

    server = Server("jupyterlab", work, _server_env(work), shutdown_path="api/shutdown")
    server.start(argv, "/lab")
    server.root = server_root
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila_server(server_root, tmp_path_factory):
    """Voila on the served root, configured like ``make app`` (progressive rendering)."""
    _require_browser()
    _require("voila", "pip install -e '.[lab]'")
    _require("kortspel.widgets", "pip install -e '.[lab]'")
    work = tmp_path_factory.mktemp("voila")

    def argv(port: int) -> list[str]:
        return [sys.executable, "-m", "voila", str(server_root), "--no-browser",
                "--Voila.ip=127.0.0.1", f"--port={port}", "--Voila.port_retries=0",
                "--progressive_rendering=True", "--show_tracebacks=True",
                "--template=kortspel"]

    env = _server_env(work)
    # The project's page template (jupyter/voila/templates/kortspel), as `make app` finds it.
    env["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(REPO / "jupyter"), env.get("JUPYTER_PATH", "")) if p)
    server = Server("voila", work, env)
    server.start(argv, "/")
    server.root = server_root
    yield server
    server.stop()


# --------------------------------------------------------------------------------------------
# Browser
# --------------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser():
    _require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
                                  timeout=60_000)
        except Exception as exc:  # a broken chromium install is an environment problem
            _missing_or_skip(f"{CHROMIUM} did not start: {exc}")
        yield b
        b.close()


def _new_page(browser, base_url: str, request) -> LabPage:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    errors = JSErrors()
    errors.block_external(context)
    page = context.new_page()
    lab_page = LabPage(page, base_url, errors.attach(page))
    lab_page.context = context
    return lab_page


@pytest.fixture
def lab(browser, jupyter_lab, server_root, request):
    """A fresh page on the JupyterLab server (own browser context, own kernels)."""
    lab_page = _new_page(browser, jupyter_lab.base_url, request)
    lab_page.server = jupyter_lab
    yield lab_page
    lab_page.context.close()
    # JupyterLab autosaves what a test ran (outputs that name widgets of a kernel that is
    # gone): the next test opens the notebooks as shipped.
    _copy_notebooks(server_root)
    # Shut down every kernel so the next test starts from a clean Python state.
    for kind in ("sessions", "kernels"):
        try:
            _, body = _http("GET", jupyter_lab.url(f"api/{kind}"))
            for item in json.loads(body):
                _http("DELETE", jupyter_lab.url(f"api/{kind}/{item['id']}"), timeout=15)
        except Exception:
            pass


@pytest.fixture
def voila_page(browser, voila_server, request):
    """A fresh page on the Voila server; ``voila_page.url("smoke.ipynb")`` is the render URL."""
    lab_page = _new_page(browser, voila_server.base_url, request)
    lab_page.server = voila_server
    lab_page.url = lambda path: voila_server.url("voila/render/" + quote(path))
    yield lab_page
    lab_page.context.close()


# --------------------------------------------------------------------------------------------
# Failure diagnostics: server log tail, JS console, screenshot
# --------------------------------------------------------------------------------------------


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.when != "call" or not rep.failed:
        return
    for name in ("lab", "voila_page"):
        lab_page = getattr(item, "funcargs", {}).get(name)
        if lab_page is None:
            continue
        server = getattr(lab_page, "server", None)
        if server is not None:
            shot = server.workdir / f"{item.name}-{name}.png".replace("/", "_")
            try:
                lab_page.page.screenshot(path=str(shot), full_page=True, timeout=10_000)
                rep.sections.append((f"{name}: screenshot", str(shot)))
            except Exception as exc:
                rep.sections.append((f"{name}: screenshot", f"failed: {exc}"))
            rep.sections.append((f"{server.name} log tail ({server.log_path})",
                                 server.log_tail(60)))
        rep.sections.append((f"{name}: browser console (last 40)",
                             "\n".join(lab_page.errors.console_log[-40:]) or "(empty)"))
        if lab_page.errors.blocked:
            rep.sections.append((f"{name}: blocked external requests",
                                 "\n".join(lab_page.errors.blocked)))
        if lab_page.errors.page_errors:
            rep.sections.append((f"{name}: page errors",
                                 "\n".join(lab_page.errors.page_errors)))
