#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# verdict.sh LOG QEMU_EXIT [SUITE]: the verdict of one boot, from its console
# log only.  Prints "VERDICT reason".  SUITE is rcutorture (default), refscale,
# rcuscale or misuse (see misuse_verdict below).
#
#   PASS  the test's end-of-test line says SUCCESS (scale tests: their results
#         line) and the kernel tree's own parse-console.sh found nothing wrong
#   FAIL  End of test: FAILURE, or console badness (WARNING, BUG, Oops, Call
#         Trace, stall reports, lockdep splats, "!!!", GP hangs), or the guest
#         stopped without finishing the test
#   STALL the console has an RCU CPU stall warning (a matrix line expects
#         STALL for the runs that provoke one on purpose, e.g. stall_cpu)
#   HANG  the guest was killed by the wall-clock timeout before finishing
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: $0 LOG QEMU_EXIT [rcutorture|refscale|rcuscale|misuse]"
logf=$1 rc=$2 suite=${3:-rcutorture}
[ -r "$logf" ] || { echo "FAIL no console log at $logf"; exit 0; }
logf=$(realpath "$logf")
bin=${RCU_UP_TORTURE_BIN:-$RCU_UP_WORK/linux/tools/testing/selftests/rcutorture/bin}
[ -x "$bin/parse-console.sh" ] || die "no $bin/parse-console.sh; run: scripts/workspace.sh base"

case $suite in
rcutorture) done_re='End of test: (SUCCESS|FAILURE)' ;;
# The scale tests' results tables are their end of test.
refscale) done_re='Runs[[:space:]]+Time\(ns\)' ;;
rcuscale) done_re='rcu-scale: +[0-9]+ writer-duration:' ;;
misuse) done_re='rcu-misuse: [a-z_]+: done' ;;
*) die "unknown suite '$suite'" ;;
esac

finished=no
grep -aEq "$done_re" "$logf" && finished=yes

# The tree's own parser: FAILURE, "!!!" counts, GP hangs from the version
# numbers, console badness.  It runs on a copy without the platform's known
# benign lines, and writes COPY.diags when it finds anything.
judged=$logf.judged
grep -avEf <(grep -v '^#' "$RCU_UP_ROOT/scripts/benign-console.txt") "$logf" >"$judged" || true
rm -f "$judged.diags"
# Scratch space, also parse-console.sh's TMPDIR: its exit trap removes its
# temporary files but not its mktemp directory.
ptmp=$(mktemp -d)
trap 'rm -rf "$ptmp"' EXIT

# The misuse suite: the provoked misuse must draw every diagnostic tree RCU
# gives for it (scripts/misuse-expect.txt) after "CASE: provoking"; nothing
# may go wrong before it, and a case listed CLEAN must draw nothing at all.
# Badness is what the kernel tree's console-badness.sh reports.
first_badness() {
	[ -x "$bin/console-badness.sh" ] || die "no $bin/console-badness.sh; run: scripts/workspace.sh base"
	{ PATH=$bin:$PATH console-badness.sh <"$1" || true; } | head -n1 | cut -c1-100
}
misuse_verdict() {
	local case c want clean=no n=0 missing=() forbidden=() badness before after
	case=$(sed -n 's/.*rcu-misuse: \([a-z_]*\): provoking.*/\1/p' "$judged" | head -n1)
	if [ -z "$case" ]; then
		[ "$rc" = 124 ] && { echo "HANG the test module never started ($logf)"; return; }
		echo "FAIL the test module never started (exit $rc; see $logf)"
		return
	fi
	before=$ptmp/before after=$ptmp/after
	sed -n "/rcu-misuse: $case: provoking/q;p" "$judged" >"$before"
	sed -n "/rcu-misuse: $case: provoking/,\$p" "$judged" >"$after"
	while IFS=$'\t' read -r c want; do
		[ "$c" = "$case" ] || [ "$c" = "*" ] || continue
		if [ "${want:0:1}" = "!" ]; then
			grep -aEq -- "${want:1}" "$after" && forbidden+=("$(grep -aEm1 -- "${want:1}" "$after" | cut -c1-80)")
			continue
		fi
		if [ "$want" = CLEAN ]; then
			clean=yes
			continue
		fi
		n=$((n + 1))
		grep -aEq -- "$want" "$after" || missing+=("$want")
	done < <(grep -v '^#' "$RCU_UP_ROOT/scripts/misuse-expect.txt")
	badness=$(first_badness "$before")
	[ "$clean" = no ] || badness=${badness:-$(first_badness "$after")}
	if [ "$n" -eq 0 ] && [ "$clean" = no ]; then
		echo "FAIL no expectations for case '$case' in scripts/misuse-expect.txt"
	elif [ "$finished" = no ]; then
		[ "$rc" = 124 ] && { echo "HANG no '$case: done' before the timeout ($logf)"; return; }
		echo "FAIL guest stopped (exit $rc) before '$case: done'"
	elif [ ${#forbidden[@]} -gt 0 ]; then
		echo "FAIL must not happen: ${forbidden[0]}"
	elif [ "$rc" != 0 ]; then
		echo "FAIL '$case: done', but the guest did not power off (exit $rc)"
	elif [ ${#missing[@]} -gt 0 ]; then
		echo "FAIL ${#missing[@]} of $n expected diagnostics missing, first: ${missing[0]}"
	elif [ -n "$badness" ]; then
		echo "FAIL console badness: $badness"
	elif [ "$clean" = yes ]; then
		echo "PASS legal use: console clean, $n expected lines"
	else
		echo "PASS all $n expected diagnostics, nothing wrong before them"
	fi
}
if [ "$suite" = misuse ]; then
	misuse_verdict
	exit 0
fi
(cd "$(dirname "$logf")" && PATH=$bin:$PATH TORTURE_SUITE=$suite TMPDIR=$ptmp \
	bash "$bin/parse-console.sh" "$judged" "$(basename "$logf")" >"$logf.parse" 2>&1) || true
first_bad=""
[ -s "$judged.diags" ] && first_bad=$(grep -av '^$' "$judged.diags" | head -n1 | sed 's/\x1b\[[0-9;]*m//g' | cut -c1-100)

stall_re='detected stalls on CPUs/tasks:|self-detected stall on CPU'
if [ "$finished" = yes ] && grep -aEq "$stall_re" "$judged"; then
	echo "STALL $(grep -aEm1 "$stall_re" "$judged" | cut -c1-100)"
elif grep -aq 'End of test: FAILURE' "$logf"; then
	echo "FAIL End of test: FAILURE${first_bad:+; $first_bad}"
elif grep -aq -- '-scale: *!!!' "$judged"; then
	echo "FAIL $(grep -am1 -- '-scale: *!!!' "$judged" | tr -d '\r' | cut -c1-100)"
elif [ "$finished" = no ] && [ "$rc" = 124 ]; then
	echo "HANG no end of test before the timeout ($logf)"
elif [ "$finished" = no ]; then
	echo "FAIL guest stopped (exit $rc) before the end of the test${first_bad:+; $first_bad}"
elif [ -n "$first_bad" ]; then
	echo "FAIL console badness: $first_bad"
elif [ "$suite" = rcutorture ] && ! grep -aq 'End of test: SUCCESS' "$logf"; then
	echo "FAIL no End of test: SUCCESS"
else
	echo "PASS end of test reached, console clean"
fi
