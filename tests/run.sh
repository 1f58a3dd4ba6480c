#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tests/run.sh [--full]: the test suite behind "make check" (and "make
# check-full").  Ends with "N passed, N failed, N skipped" (CI reads the
# first two).
#   1. unit tests of the harness (bats, recorded console logs as fixtures)
#   2. checkpatch --strict on every patch of the series, and every figure
#      its commit messages give accounted for (scripts/figures.sh); every
#      relative link of README.md and docs/ resolves and every figure
#      README.md gives is accounted for (scripts/docs-check.sh)
#   3. the series: every stage applies; stage 3 gives back the packaged tree
#   4. the Kconfig matrix of every stage against tests/kconfig-expected.tsv
#   5. end-to-end: matrix/check (or matrix/default with --full): kernels
#      built and booted under rcutorture, each run passing when its verdict
#      is the expected one (the busted negative control must be
#      TORTURE-FAIL); an expected SKIP counts as skipped
#   6. static checks of those kernels: sparse (C=2) and W=1 over kernel/rcu/,
#      no warning that stage 0 does not have (scripts/static-check.sh)
# RCU_UP_CHECK_STEPS="1 2" runs only those steps.  Sourced (by the bats
# tests), it only defines the counting functions.
set -euo pipefail

passed=0 failed=0 skipped=0 interrupted=0
failures=()
pass() { passed=$((passed + 1)); echo "ok - $*"; }
fail() { failed=$((failed + 1)); failures+=("$*"); echo "not ok - $*"; }
skip() { skipped=$((skipped + 1)); echo "ok - $* # skip"; }
# A run stopped by a signal (scripts/run.sh's INTERRUPTED): neither passed
# nor failed, but the check did not finish.
interrupt() { interrupted=$((interrupted + 1)); echo "interrupted - $*"; }
# The closing line; CI reads its first two figures.
summary() {
	local more=""
	[ "$interrupted" -eq 0 ] || more=", $interrupted interrupted"
	echo "$passed passed, $failed failed, $skipped skipped$more"
}

# Count a bats TAP stream: "ok" passed, "ok ... # skip" skipped, "not ok"
# failed; the plan (1..N) must match the number of results.
count_tap() {
	local tap=$1 plan results
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' <<<"$tap" | head -n1)
	results=$(grep -cE '^(not )?ok ' <<<"$tap" || true)
	passed=$((passed + $(grep -E '^ok ' <<<"$tap" | grep -cviE '^ok [0-9]+ .*# skip' || true)))
	skipped=$((skipped + $(grep -ciE '^ok [0-9]+ .*# skip' <<<"$tap" || true)))
	failed=$((failed + $(grep -c '^not ok ' <<<"$tap" || true)))
	if [ -z "$plan" ]; then
		fail "bats printed no plan (1..N): it did not run; see its output above"
	elif [ "$plan" -ne "$results" ]; then
		fail "bats planned $plan tests but reported $results results"
	fi
}

unit_tests() {
	local tap
	if ! command -v bats >/dev/null 2>&1; then
		fail "bats is not installed: run 'make deps' (apt-get install -y bats)"
		return
	fi
	tap=$(bats --tap tests/*.bats 2>&1) || true
	printf '%s\n' "$tap"
	count_tap "$tap"
	if python3 -m unittest tests/report/test_report.py; then
		pass "report.py per-arch sections (tests/report)"
	else
		fail "report.py per-arch sections (tests/report)"
	fi
}

# Count the JSON lines of a matrix run: an expected SKIP is skipped, a run
# as expected passes (a scale-test PASS only with its figure, else it
# fails, once), an INTERRUPTED one is counted apart, anything else fails.
count_runs() {
	local new=$1 kind desc
	while IFS=$'\t' read -r kind desc; do
		case $kind in
		skipped) skip "run $desc" ;;
		interrupted) interrupt "run $desc" ;;
		passed) pass "run $desc" ;;
		nofigure) fail "run $desc: PASS but no performance figure in its log" ;;
		failed) fail "run $desc" ;;
		esac
	done < <(jq -r '
		("stage \(.stage) \(.scenario) \(.torture_type) \(.boot_args): \(.verdict), expected \(.expected_verdict)") as $d |
		(if .verdict == "INTERRUPTED" then "interrupted"
		 elif .as_expected and .verdict == "SKIP" then "skipped"
		 elif .as_expected and .verdict == "PASS" and (.suite == "refscale" or .suite == "rcuscale" or .suite == "perf" or .suite == "latency") and (.perf == null or .perf.n == 0) then "nofigure"
		 elif .as_expected then "passed"
		 else "failed" end) + "\t" + $d' <<<"$new")
}

checkpatch_step() {
	if scripts/workspace.sh checkpatch; then pass checkpatch; else fail checkpatch; fi
	if scripts/figures.sh; then
		pass "every figure in the commit messages is a listed parameter or a committed result"
	else
		fail "figures in the commit messages (scripts/figures.sh, tests/figures.tsv)"
	fi
	if scripts/docs-check.sh; then
		pass "every relative link in README.md and docs/ resolves, every figure README.md gives is accounted for"
	else
		fail "links in README.md and docs/, figures in README.md (scripts/docs-check.sh, tests/figures.tsv)"
	fi
}

series_step() {
	local s
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
}

kconfig_step() {
	local kc=$RCU_UP_RESULTS/kconfig-matrix.tsv stage cpus model rcu prompt prompted got
	mkdir -p "$RCU_UP_RESULTS"
	if ! scripts/kconfig-matrix.sh >"$kc"; then
		fail "kconfig matrix: scripts/kconfig-matrix.sh failed (a Kconfig warning?); see its output above"
	fi
	column -t -s "$(printf '\t')" "$kc"
	while IFS=$'\t' read -r stage cpus model rcu prompt prompted; do
		got=$(awk -F'\t' -v s="$stage" -v c="$cpus" -v m="$model" \
			'$1 == s && $2 == c && $3 == m { print $4 "\t" $5 "\t" $6 }' "$kc")
		if [ "$got" = "$rcu	$prompt	$prompted" ]; then
			pass "kconfig stage $stage $cpus $model: $rcu, prompt $prompt ($prompted)"
		else
			fail "kconfig stage $stage $cpus $model: expected $rcu/prompt $prompt ($prompted), got ${got:-nothing}"
		fi
	done < <(grep -v '^#' tests/kconfig-expected.tsv)
	# A row the expected table does not have is a change too.
	got=$(tail -n +2 "$kc" | cut -f1-3 | sort)
	if [ "$got" = "$(grep -v '^#' tests/kconfig-expected.tsv | cut -f1-3 | sort)" ]; then
		pass "kconfig matrix: the rows are the expected table's, no more"
	else
		fail "kconfig matrix: rows differ from tests/kconfig-expected.tsv: $(diff <(grep -v '^#' tests/kconfig-expected.tsv | cut -f1-3 | sort) <(echo "$got") | grep '^[<>]' | head -n3 | tr '\n' ' ')"
	fi
}

matrix_step() {
	local results=$RCU_UP_RESULTS/check.jsonl before=0 new expected got
	[ -f "$results" ] && before=$(wc -l <"$results")
	# Timings are not what make check judges: rcutorture guests boot
	# beside the builds (scripts/run.sh, RCU_UP_OVERLAP).
	RCU_UP_OVERLAP=${RCU_UP_OVERLAP:-1} scripts/run.sh "$matrix" "$results" || true
	new=$(tail -n +"$((before + 1))" "$results" 2>/dev/null || true)
	count_runs "$new"
	expected=$(grep -cvE '^[[:space:]]*(#|$)' "$matrix")
	got=$(jq -s length <<<"$new")
	[ "$got" -eq "$expected" ] || fail "matrix has $expected runs, only $got recorded"
}

# TINYP04's kernel (the tree's scenario with scenarios/TINYP04.kconfig) and
# MISUSE-RT's have one .config at stage 1, so that make check builds the
# second from ccache: a change to either that parts them must show here,
# not as a slower check.
shared_config_step() {
	local a b
	a=$(build_dir 1 TINYP04 x86_64)/.config b=$(build_dir 1 MISUSE-RT x86_64)/.config
	[ -f "$a" ] && [ -f "$b" ] || return 0
	if cmp -s "$a" "$b"; then
		pass "stage 1: TINYP04's and MISUSE-RT's kernels have one .config"
	else
		fail "stage 1: TINYP04's and MISUSE-RT's .config differ (scenarios/TINYP04.kconfig, scenarios/MISUSE-RT): $(diff "$a" "$b" | grep '^[<>]' | head -n3 | tr '\n' ' ')"
	fi
}

static_step() {
	if scripts/static-check.sh; then
		pass "sparse and W=1 over kernel/rcu/: no warning stage 0 does not have"
	else
		fail "sparse and W=1 over kernel/rcu/: new warnings (scripts/static-check.sh, above)"
	fi
}

main() {
	local t0 steps f
	cd "$(dirname "$0")/.."
	. scripts/lib.sh
	matrix=matrix/check
	[ "${1:-}" = --full ] && matrix=matrix/default
	steps=" ${RCU_UP_CHECK_STEPS:-1 2 3 4 5 6} "
	t0=$(date +%s)
	[[ "$steps" != *" 1 "* ]] || { log "1. unit tests (bats)"; unit_tests; }
	[[ "$steps" != *" 2 "* ]] || { log "2. checkpatch --strict and the figures of every patch of the series; the links and figures of the docs"; checkpatch_step; }
	[[ "$steps" != *" 3 "* ]] || { log "3. the series: every stage applies"; series_step; }
	[[ "$steps" != *" 4 "* ]] || { log "4. Kconfig matrix, every stage"; kconfig_step; }
	[[ "$steps" != *" 5 "* ]] || { log "5. end-to-end matrix $matrix"; matrix_step; shared_config_step; }
	[[ "$steps" != *" 6 "* ]] || { log "6. sparse and W=1 over kernel/rcu/ of the built kernels"; static_step; }
	log "tests took $(( ($(date +%s) - t0) / 60 )) minutes"
	for f in "${failures[@]}"; do echo "failed: $f"; done
	summary
	[ "$failed" -eq 0 ] && [ "$interrupted" -eq 0 ]
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	main "$@"
fi
