#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/run.sh [--full]: the test suite behind "make check" (and "make
# check-full").  Ends with "N passed, N failed".
#   1. unit tests of the harness (bats, recorded console logs as fixtures)
#   2. checkpatch --strict on every patch of the series
#   3. the series: every stage applies; stage 3 gives back the packaged tree
#   4. the Kconfig matrix of every stage against tests/kconfig-expected.tsv
#   5. end-to-end: matrix/check (or matrix/default with --full): kernels
#      built and booted under rcutorture, each run passing when its verdict
#      is the expected one (the busted negative control must FAIL)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

matrix=matrix/check
[ "${1:-}" = --full ] && matrix=matrix/default
passed=0 failed=0
t0=$(date +%s)
pass() { passed=$((passed + 1)); echo "ok - $*"; }
failures=()
fail() { failed=$((failed + 1)); failures+=("$*"); echo "not ok - $*"; }

log "1. unit tests (bats)"
tap=$(bats --tap tests/*.bats) || true
printf '%s\n' "$tap"
passed=$((passed + $(grep -c '^ok ' <<<"$tap" || true)))
failed=$((failed + $(grep -c '^not ok ' <<<"$tap" || true)))

log "2. checkpatch --strict on every patch of the series"
if scripts/workspace.sh checkpatch; then pass checkpatch; else fail checkpatch; fi

log "3. the series: every stage applies"
for s in $(seq 0 "$(max_stage)"); do
	if scripts/workspace.sh stage "$s" >/dev/null; then pass "stage $s applies"; else fail "stage $s applies"; fi
done
mkdir -p "$RCU_UP_RESULTS"
scripts/series-stats.sh | tee "$RCU_UP_RESULTS/series-stats.tsv"
if grep -qx 'cumulative	none' "$RCU_UP_RESULTS/series-stats.tsv"; then
	pass "stage $(max_stage) leaves the RCU implementation as packaged"
else
	fail "stage $(max_stage) differs from the packaged tree: $(grep '^cumulative' "$RCU_UP_RESULTS/series-stats.tsv")"
fi

log "4. Kconfig matrix, every stage"
kc=$RCU_UP_RESULTS/kconfig-matrix.tsv
scripts/kconfig-matrix.sh >"$kc" || true
column -t -s "$(printf '\t')" "$kc"
while IFS=$'\t' read -r stage cpus model rcu prompt; do
	got=$(awk -F'\t' -v s="$stage" -v c="$cpus" -v m="$model" \
		'$1 == s && $2 == c && $3 == m { print $4 "\t" $5 }' "$kc")
	if [ "$got" = "$rcu	$prompt" ]; then
		pass "kconfig stage $stage $cpus $model: $rcu, prompt $prompt"
	else
		fail "kconfig stage $stage $cpus $model: expected $rcu/prompt $prompt, got ${got:-nothing}"
	fi
done < <(grep -v '^#' tests/kconfig-expected.tsv)

log "5. end-to-end matrix $matrix"
results=$RCU_UP_RESULTS/check.jsonl
before=0
[ -f "$results" ] && before=$(wc -l <"$results")
scripts/run.sh "$matrix" "$results" || true
new=$(tail -n +"$((before + 1))" "$results")
passed=$((passed + $(jq -s 'map(select(.as_expected)) | length' <<<"$new")))
failed=$((failed + $(jq -s 'map(select(.as_expected | not)) | length' <<<"$new")))
mapfile -t -O "${#failures[@]}" failures < <(jq -r 'select(.as_expected | not) |
	"run stage \(.stage) \(.scenario) \(.torture_type) \(.boot_args): \(.verdict), expected \(.expected_verdict)"' <<<"$new")
# A scale-test boot must also have yielded its figure (scripts/perf.sh).
while read -r desc; do
	fail "no performance figure in the log of $desc"
done < <(jq -r 'select(.verdict == "PASS" and (.suite == "refscale" or .suite == "rcuscale") and .perf == null) |
	"stage \(.stage) \(.scenario) \(.torture_type) \(.boot_args)"' <<<"$new")
n_perf=$(jq -s 'map(select(.perf != null and (.suite == "refscale" or .suite == "rcuscale"))) | length' <<<"$new")
[ "$n_perf" -eq 0 ] || pass "performance figures from $n_perf scale-test boots"
expected=$(grep -cvE '^[[:space:]]*(#|$)' "$matrix")
got=$(jq -s length <<<"$new")
if [ "$got" -ne "$expected" ]; then
	fail "matrix has $expected runs, only $got recorded"
fi

log "tests took $(( ($(date +%s) - t0) / 60 )) minutes"
for f in "${failures[@]}"; do echo "failed: $f"; done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
