#!/usr/bin/env bash
# ClusterFuzzLite and OSS-Fuzz run this from the checkout (the image's WORKDIR)
# with $CC $CXX $CFLAGS $CXXFLAGS $RUSTFLAGS $OUT $SRC set; the real work is in
# fuzz/build.sh, which a maintainer can also run outside Docker.
set -euo pipefail

# OSS-Fuzz compiles C++ for libc++ (`-stdlib=libc++` in CXXFLAGS), but the
# system's abseil, which Google's parser links against, is built for
# libstdc++: compile the parser for libstdc++ too (the cc crate links it by
# default). libFuzzer itself keeps the libc++ it was built with.
export CXXFLAGS="${CXXFLAGS:-}"
export CXXFLAGS="${CXXFLAGS//-stdlib=libc++/}"

exec ./fuzz/build.sh
