#!/usr/bin/env bash
# The Action's run step (action.yml): runs the suite once against the caller's
# parser, writing the table to the log, JUnit and JSON to files, the job summary
# (.github/action/summary.py) and the step outputs; exits as `reptest run` did.
#
#   INPUT_REPTEST_PATH        the reptest binary (the install step's output)
#   INPUT_ADAPTER             a JSON-lines adapter: program and arguments   } one of
#   INPUT_COMMAND             a per-check command template                  } these two
#   INPUT_ADAPTER_ENV         NAME=VALUE lines for the parser's environment
#   INPUT_EXPECTED_FAILURES   the expected-failures file (optional)
#   INPUT_PROFILE             rfc or google
#   INPUT_CASES               cases to run instead of the built-in suite (optional)
#   INPUT_JUNIT, INPUT_JSON   where the reports go
#   GITHUB_STEP_SUMMARY, GITHUB_OUTPUT   as GitHub sets them (optional here)
set -uo pipefail

die() { printf 'reptest action: error: %s\n' "$*" >&2; exit 2; }

reptest="${INPUT_REPTEST_PATH:?no reptest binary: the install step gave no path}"
adapter="${INPUT_ADAPTER:-}"
command_template="${INPUT_COMMAND:-}"
profile="${INPUT_PROFILE:-rfc}"
junit="${INPUT_JUNIT:-reptest-junit.xml}"
json="${INPUT_JSON:-reptest-results.json}"

if [[ -n "$adapter" && -n "$command_template" ]]; then
  die "give the input adapter or the input command, not both"
elif [[ -n "$adapter" ]]; then
  args=(run --adapter "$adapter")
elif [[ -n "$command_template" ]]; then
  args=(run --command "$command_template")
else
  die "give the input adapter (a program speaking the JSON-lines protocol) or command (a template)"
fi
while IFS= read -r setting; do
  setting="${setting%$'\r'}"
  [[ -z "${setting//[[:space:]]/}" ]] && continue
  [[ "$setting" == *=* ]] || die "adapter-env line '$setting' is not NAME=VALUE"
  args+=(--adapter-env "$setting")
done <<<"${INPUT_ADAPTER_ENV:-}"
args+=(--profile "$profile")
if [[ -n "${INPUT_EXPECTED_FAILURES:-}" ]]; then
  [[ -f "$INPUT_EXPECTED_FAILURES" ]] || die "expected-failures file $INPUT_EXPECTED_FAILURES does not exist"
  args+=(--expected-failures "$INPUT_EXPECTED_FAILURES")
fi
[[ -n "${INPUT_CASES:-}" ]] && args+=(--cases "$INPUT_CASES")
args+=(--junit "$junit" --json "$json")

# A report left by an earlier run must not pass for this run's.
rm -f "$json" "$junit"
printf 'reptest action: running: reptest'
printf ' %q' "${args[@]}"
printf '\n'
"$reptest" "${args[@]}"
status=$?

python=python3
command -v "$python" >/dev/null || python=python
summary_file="${GITHUB_STEP_SUMMARY:-/dev/null}"
outputs_file="${GITHUB_OUTPUT:-/dev/null}"
if ! "$python" "$(dirname "${BASH_SOURCE[0]}")/summary.py" \
  --json "$json" --status "$status" --junit "$junit" \
  --summary "$summary_file" --outputs "$outputs_file"; then
  printf 'reptest action: error: could not write the job summary from %s\n' "$json" >&2
  ((status == 0)) && status=1
fi
exit "$status"
