#!/usr/bin/env bash
# ClusterFuzzLite runs this from the checkout (the image's WORKDIR) with
# $CC $CXX $CFLAGS $CXXFLAGS $OUT $SRC set; the real work is in fuzz/build.sh.
set -euo pipefail
exec ./fuzz/build.sh
