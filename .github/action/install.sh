#!/usr/bin/env bash
# The Action's install step (action.yml): puts `reptest` of release $INPUT_VERSION
# into $REPTEST_INSTALL_DIR/bin and writes its path as the step output `reptest`.
#
#   INPUT_REPTEST_PATH   a binary to use as it is: nothing is installed
#   INPUT_VERSION        the release, e.g. 4.0.0 (its tag is v4.0.0)
#   REPTEST_INSTALL_DIR  where it goes (the Action caches this directory per version)
#   REPTEST_REPOSITORY   owner/name the release comes from; empty: read from the
#                        Action's path ($GITHUB_ACTION_PATH ends in owner/name/ref)
#   REPTEST_RELEASES_URL where releases are downloaded from (default: GitHub's)
#
# A release binary for this runner's OS and architecture is downloaded with the
# release's SHA256SUMS and used only when its checksum matches (a mismatch stops
# here: it is never "repaired" by building instead). A release without a binary
# for this runner, or no release at all, is built from the tagged source with
# `cargo install` (no C++ needed).
set -euo pipefail

say() { printf 'reptest action: %s\n' "$*"; }
die() { printf 'reptest action: error: %s\n' "$*" >&2; exit 1; }

output() {
  if [[ -n "${GITHUB_OUTPUT:-}" ]]; then
    printf '%s=%s\n' "$1" "$2" >>"$GITHUB_OUTPUT"
  fi
}

if [[ -n "${INPUT_REPTEST_PATH:-}" ]]; then
  [[ -x "$INPUT_REPTEST_PATH" ]] || die "reptest-path $INPUT_REPTEST_PATH is not an executable file"
  say "using $INPUT_REPTEST_PATH as it is: $("$INPUT_REPTEST_PATH" --version)"
  output reptest "$INPUT_REPTEST_PATH"
  exit 0
fi

version="${INPUT_VERSION:?the input version is empty: name a reptest release, e.g. 4.0.0}"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || die "version '$version' is not a release number like 4.0.0"
install_dir="${REPTEST_INSTALL_DIR:?REPTEST_INSTALL_DIR is not set}"

# This runner as a Rust target triple, and the binary's file name on it.
os="${RUNNER_OS:-$(uname -s)}"
arch="${RUNNER_ARCH:-$(uname -m)}"
case "$os/$arch" in
  Linux/X64 | Linux/x86_64) target=x86_64-unknown-linux-gnu ;;
  Linux/ARM64 | Linux/aarch64) target=aarch64-unknown-linux-gnu ;;
  macOS/ARM64 | Darwin/arm64) target=aarch64-apple-darwin ;;
  macOS/X64 | Darwin/x86_64) target=x86_64-apple-darwin ;;
  Windows/X64) target=x86_64-pc-windows-msvc ;;
  *) target="" ;;
esac
binary=reptest
archive_kind=tar.gz
if [[ "$target" == *windows* ]]; then
  binary=reptest.exe
  archive_kind=zip
fi
installed="$install_dir/bin/$binary"

# `reptest --version` names the suite it carries: "reptest X (...), suite 4.0.0 built in".
carries_the_suite() { [[ -x "$installed" && "$("$installed" --version)" == *"suite $version "* ]]; }

if carries_the_suite; then
  say "reptest $version is already installed (restored from the cache): $installed"
  output reptest "$installed"
  exit 0
fi

repository="${REPTEST_REPOSITORY:-}"
if [[ -z "$repository" && -n "${GITHUB_ACTION_PATH:-}" ]]; then
  # .../_actions/OWNER/NAME/REF
  ref_dir="$(dirname "$GITHUB_ACTION_PATH")"
  repository="$(basename "$(dirname "$ref_dir")")/$(basename "$ref_dir")"
fi
[[ "$repository" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] ||
  die "cannot tell which repository reptest comes from (got '$repository'); set REPTEST_REPOSITORY=owner/name"
releases="${REPTEST_RELEASES_URL:-https://github.com/$repository/releases/download}"

sha256_of() {
  if command -v sha256sum >/dev/null; then
    sha256sum "$1" | cut -d' ' -f1
  else
    shasum -a 256 "$1" | cut -d' ' -f1
  fi
}

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
archive="reptest-$version-$target.$archive_kind"
sums_url="$releases/v$version/SHA256SUMS"

expected_sum=""
if [[ -z "$target" ]]; then
  say "no release binary is built for $os/$arch"
elif ! curl -fsSL --retry 3 -o "$scratch/SHA256SUMS" "$sums_url"; then
  say "release v$version has no SHA256SUMS at $sums_url"
else
  expected_sum="$(awk -v name="$archive" '$2 == name || $2 == "*" name { print $1 }' "$scratch/SHA256SUMS")"
  [[ -n "$expected_sum" ]] || say "release v$version has no binary for $target"
fi

mkdir -p "$install_dir/bin"
if [[ -n "$expected_sum" ]]; then
  say "downloading $archive"
  curl -fsSL --retry 3 -o "$scratch/$archive" "$releases/v$version/$archive" ||
    die "SHA256SUMS of v$version lists $archive but it cannot be downloaded from $releases/v$version/"
  actual_sum="$(sha256_of "$scratch/$archive")"
  [[ "$actual_sum" == "$expected_sum" ]] ||
    die "$archive has sha256 $actual_sum but SHA256SUMS of v$version says $expected_sum; not installed"
  mkdir -p "$scratch/unpacked"
  if [[ "$archive_kind" == zip ]]; then
    unzip -q "$scratch/$archive" -d "$scratch/unpacked"
  else
    tar -xzf "$scratch/$archive" -C "$scratch/unpacked"
  fi
  found="$(find "$scratch/unpacked" -type f -name "$binary" | head -n 1)"
  [[ -n "$found" ]] || die "$archive holds no $binary"
  cp "$found" "$installed"
  chmod +x "$installed"
else
  command -v cargo >/dev/null ||
    die "no release binary to download and no cargo to build reptest $version with; install Rust (rustup) first"
  # No --locked: the repository commits no Cargo.lock (it would name the registry's
  # host), so the manifests' version requirements are what pins the dependencies.
  say "building reptest $version from the tag v$version of $repository (a few minutes, once per cache)"
  cargo install --git "https://github.com/$repository" --tag "v$version" rep-harness \
    --no-default-features --root "$install_dir"
fi

carries_the_suite ||
  die "$installed says '$("$installed" --version)', not suite $version"
say "installed $("$installed" --version) at $installed"
output reptest "$installed"
