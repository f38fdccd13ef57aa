"""Serve the built site (``make site-serve``) on this machine only, for a try.

Python's own ``http.server`` is enough, once it knows two file types a browser checks: a
JavaScript module (``.mjs``, Pyodide's entry point, loaded by the kernel's worker) must come
as JavaScript, and ``.wasm`` as WebAssembly. Ordinary web servers (a school's, a page host)
know both already. ``make site`` copies this file into the site as ``serve.py``, so a copy
of the folder (a USB stick) serves itself: ``python3 serve.py``.
"""

from __future__ import annotations

import argparse
import functools
import http.server
from pathlib import Path

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".whl": "application/zip", ".ipynb": "application/json"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the API's name
        if self.server.quiet:  # type: ignore[attr-defined]
            return
        super().log_message(format, *args)


def serve(folder: Path, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False
          ) -> http.server.ThreadingHTTPServer:
    """A server of ``folder`` (not yet serving: call ``serve_forever``)."""
    handler = functools.partial(SiteHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.quiet = quiet  # type: ignore[attr-defined]
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = Path(__file__).resolve().parent
    default = here if (here / "jupyter-lite.json").exists() else Path("site")  # as serve.py
    parser.add_argument("folder", type=Path, nargs="?", default=default)
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args()
    if not (args.folder / "index.html").exists():
        raise SystemExit(f"no site in {args.folder}/: run `make site` first")
    server = serve(args.folder, args.host, args.port)
    print(f"Serving {args.folder}/ on http://{args.host}:{args.port}/lab/index.html "
          "(Ctrl+C stops it)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
