#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/run.sh [--full]: the test suite behind "make check" (and "make
# check-full").  Unit tests of the harness (bats), checkpatch on every patch,
# then the end-to-end matrix: real kernels built and booted under rcutorture,
# each run counted as passed when its verdict is the expected one (the busted
# negative control is expected to FAIL).  Ends with "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

matrix=matrix/check
[ "${1:-}" = --full ] && matrix=matrix/default
passed=0 failed=0

log "unit tests (bats)"
tap=$(bats --tap tests/*.bats) || true
printf '%s\n' "$tap"
passed=$((passed + $(grep -c '^ok ' <<<"$tap" || true)))
failed=$((failed + $(grep -c '^not ok ' <<<"$tap" || true)))

log "checkpatch --strict on every patch of the series"
if scripts/workspace.sh checkpatch; then
	passed=$((passed + 1)); echo "ok checkpatch"
else
	failed=$((failed + 1)); echo "not ok checkpatch"
fi

log "end-to-end matrix $matrix"
results=$RCU_UP_RESULTS/check.jsonl
before=0
[ -f "$results" ] && before=$(wc -l <"$results")
scripts/run.sh "$matrix" "$results" || true
new=$(tail -n +"$((before + 1))" "$results")
passed=$((passed + $(jq -s 'map(select(.as_expected)) | length' <<<"$new")))
failed=$((failed + $(jq -s 'map(select(.as_expected | not)) | length' <<<"$new")))
expected=$(grep -cvE '^[[:space:]]*(#|$)' "$matrix")
got=$(jq -s length <<<"$new")
if [ "$got" -ne "$expected" ]; then
	echo "not ok: matrix has $expected runs, only $got recorded"
	failed=$((failed + expected - got))
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
