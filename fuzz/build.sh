#!/usr/bin/env bash
# Builds the fuzz targets the way OSS-Fuzz and ClusterFuzzLite expect, and
# copies them with their dictionary, options and seed corpora into $OUT.
#
# Honours $CC $CXX $CFLAGS $CXXFLAGS: Google's C++ parser is compiled by the
# `cc` crate, which reads them (OSS-Fuzz puts its sanitizer and
# `-fsanitize=fuzzer-no-link` flags there). $SRC is where OSS-Fuzz keeps the
# checkout; this script finds the repository from its own location, so a
# local run needs only OUT:
#
#   OUT=/tmp/fuzz-out CC=clang CXX=clang++ CFLAGS="" \
#   CXXFLAGS="-fsanitize=address,fuzzer-no-link" fuzz/build.sh
#
# FUZZ_SANITIZER (address, none, ...) is passed to `cargo fuzz build
# --sanitizer`; under OSS-Fuzz its cargo wrapper chooses instead.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
: "${OUT:?set OUT to the directory that receives the fuzz targets}"
export CC="${CC:-clang}" CXX="${CXX:-clang++}" CFLAGS="${CFLAGS:-}" CXXFLAGS="${CXXFLAGS:-}"
# cargo-fuzz passes nightly-only -Z flags; RUSTC_BOOTSTRAP lets a stable
# toolchain accept them (a nightly toolchain ignores it).
export RUSTC_BOOTSTRAP="${RUSTC_BOOTSTRAP:-1}"
echo "fuzz/build.sh: repository $root (SRC=${SRC:-unset}), OUT=$OUT, CXX=$CXX, CXXFLAGS=$CXXFLAGS"

mkdir -p "$OUT"
cd "$root"
cargo fuzz build -O --debug-assertions ${FUZZ_SANITIZER:+--sanitizer "$FUZZ_SANITIZER"}

built="fuzz/target/x86_64-unknown-linux-gnu/release"
targets=$(cargo fuzz list)
for target in $targets; do
  cp "$built/$target" "$OUT/$target"
  cp fuzz/robots.dict "$OUT/$target.dict"
  printf '[libfuzzer]\ndict = %s.dict\nmax_len = 65536\ntimeout = 25\nrss_limit_mb = 2560\n' "$target" >"$OUT/$target.options"
done

# Every target is seeded with the committed seeds (fuzz/seeds/) and its own
# past findings (fuzz/regressions/<target>/); the byte-level targets also with
# the real-world corpus (each file is a body), fetched into the cache like
# Google's source. Without network or Python those two keep only the
# committed seeds.
real_world=""
if corpus_root=$(python3 tools/fetch_sdist.py --project protego --filename protego-0.7.0.tar.gz \
  --sha256 2c032d9736a1f4f0c4318f3558353ae34da5cd038f1a5e064ded7548df315e5a \
  --member tests/test_data/ | tail -n 1); then
  real_world="$corpus_root/protego-0.7.0/tests/test_data"
else
  echo "fuzz/build.sh: no real-world corpus (see the message above); byte-level targets seeded without it"
fi
for target in $targets; do
  sources=(fuzz/seeds "fuzz/regressions/$target")
  case "$target" in diff_bytes | no_panic) [[ -n "$real_world" ]] && sources+=("$real_world") ;; esac
  python3 - "$OUT/${target}_seed_corpus.zip" "${sources[@]}" <<'PY'
import os, sys, zipfile
archive, sources = sys.argv[1], sys.argv[2:]
with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
    for index, source in enumerate(sources):
        if not os.path.isdir(source):
            continue
        for name in sorted(os.listdir(source)):
            # A prefix per source: two sources may hold the same file name.
            out.write(os.path.join(source, name), f"{index}-{name}")
PY
done
echo "fuzz/build.sh: seed corpora written for every target"
echo "fuzz/build.sh: built $(echo $targets | wc -w) targets into $OUT:" $targets
