#!/usr/bin/env python3
"""Fetch one pinned source distribution from the package index pip uses.

Why this exists: the project needs Google's robots.txt parser (C++) and a
real-world corpus of robots.txt files, both published only as sdists on the
Python package index. `pip download` cannot fetch the parser's sdist (its
setup.py runs cmake to build metadata), so this script asks the index's JSON
API for the file list, downloads the one archive named on the command line,
checks its sha256 and unpacks the requested members into a cache directory
outside the work tree. The index URL is whatever pip is configured with
(PIP_INDEX_URL, `pip config get global.index-url`, else pip's own default),
so no registry host name is written into the repository.

Usage:
  fetch_sdist.py --project NAME --filename ARCHIVE --sha256 HEX \
                 [--dest DIR] [--member PREFIX ...]
  fetch_sdist.py --print-cache-dir

Where the project caches what it downloads: $REP_CACHE_DIR, else
$XDG_CACHE_HOME/rep, else ~/.cache/rep (a variable set to the empty string
counts as unset). Archives go to its `sdists/` unless --dest says otherwise.
The shell users of the cache (fuzz/build.sh, .ci/run) ask this script; the
Rust code has the same rule (rep_core::sdist::cache_dir), and a test runs
this script to hold the two together, so change both or neither.

A --member PREFIX selects the archive members whose path below the
sdist's top directory starts with PREFIX.

On success the last line on stdout is the directory holding the unpacked
archive. Exit status 1 with a one-line reason on any failure.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request


def fail(message):
    print(f"fetch_sdist: {message}", file=sys.stderr)
    sys.exit(1)


def index_url():
    configured = os.environ.get("PIP_INDEX_URL")
    if configured:
        return configured
    try:
        out = subprocess.run(
            [sys.executable, "-m", "pip", "config", "get", "global.index-url"],
            capture_output=True, text=True, timeout=60,
        )
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        pass
    try:
        from pip._internal.models.index import PyPI  # pip's own default
        return PyPI.simple_url
    except ImportError:
        fail("cannot determine the package index URL: set PIP_INDEX_URL")


def cache_dir():
    """The project's cache directory (see the module docstring)."""
    if os.environ.get("REP_CACHE_DIR"):
        return os.environ["REP_CACHE_DIR"]
    if os.environ.get("XDG_CACHE_HOME"):
        return os.path.join(os.environ["XDG_CACHE_HOME"], "rep")
    if os.environ.get("HOME"):
        return os.path.join(os.environ["HOME"], ".cache", "rep")
    fail("neither REP_CACHE_DIR, XDG_CACHE_HOME nor HOME is set; set REP_CACHE_DIR to a writable directory")


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def download(project, filename, archive_path):
    base = index_url().rstrip("/")
    listing_url = f"{base}/{project}/"
    request = urllib.request.Request(
        listing_url, headers={"Accept": "application/vnd.pypi.simple.v1+json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            listing = json.load(response)
    except Exception as error:  # network, HTTP and JSON errors alike
        fail(f"cannot read the file list of {project} from the package index: {error}")
    urls = [f["url"] for f in listing.get("files", []) if f.get("filename") == filename]
    if not urls:
        fail(f"the package index lists no file {filename} for {project}")
    partial = archive_path + ".part"
    try:
        with urllib.request.urlopen(urls[0], timeout=300) as response, open(partial, "wb") as out:
            shutil.copyfileobj(response, out)
    except Exception as error:
        fail(f"cannot download {filename}: {error}")
    os.replace(partial, archive_path)


def wanted(name, prefixes):
    """Whether an archive member is asked for: its path below the sdist's
    top directory starts with one of `prefixes` (all members when none)."""
    if not prefixes:
        return True
    inner = name.split("/", 1)[1] if "/" in name else ""
    return any(inner.startswith(prefix) for prefix in prefixes)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--print-cache-dir", action="store_true")
    parser.add_argument("--project")
    parser.add_argument("--filename")
    parser.add_argument("--sha256")
    parser.add_argument("--dest")
    parser.add_argument("--member", action="append", default=[])
    args = parser.parse_args()
    if args.print_cache_dir:
        print(cache_dir())
        return
    if not (args.project and args.filename and args.sha256):
        parser.error("--project, --filename and --sha256 are required")
    if not args.dest:
        args.dest = os.path.join(cache_dir(), "sdists")

    os.makedirs(args.dest, exist_ok=True)
    unpacked = os.path.join(args.dest, args.sha256[:16])
    stamp = os.path.join(unpacked, ".complete")
    archive_path = os.path.join(args.dest, args.filename)

    # The archive stays in the cache and is verified on every call, so a
    # corrupted cache is caught even when the unpacked copy already exists.
    downloaded = False
    if not os.path.exists(archive_path):
        download(args.project, args.filename, archive_path)
        downloaded = True
    actual = sha256_of(archive_path)
    if actual != args.sha256:
        if downloaded:
            os.remove(archive_path)
            fail(
                f"downloaded {args.filename} has sha256 {actual}, expected {args.sha256}; "
                "the package index served a different file than the pinned one"
            )
        fail(
            f"{archive_path}: sha256 is {actual}, expected {args.sha256}; "
            "the cached archive is corrupt or not the pinned one. Delete it to download again."
        )
    if os.path.exists(stamp):
        print(unpacked)
        return

    staging = tempfile.mkdtemp(dir=args.dest, prefix=".unpack-")
    try:
        with tarfile.open(archive_path, "r:gz") as archive:
            members = [
                m for m in archive.getmembers()
                if (m.isfile() or m.isdir()) and wanted(m.name, args.member)
            ]
            if not members:
                fail(f"{archive_path}: no member matches {args.member}")
            try:
                archive.extractall(staging, members=members, filter="data")
            except TypeError:  # Python without extraction filters (< 3.11.4)
                archive.extractall(staging, members=members)
        shutil.rmtree(unpacked, ignore_errors=True)
        os.replace(staging, unpacked)
    except (tarfile.TarError, OSError, EOFError) as error:
        shutil.rmtree(staging, ignore_errors=True)
        fail(f"{archive_path}: cannot unpack: {error}")
    open(stamp, "w").close()
    print(unpacked)


if __name__ == "__main__":
    main()
