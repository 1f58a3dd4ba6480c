#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# verdict.sh LOG QEMU_EXIT [SUITE]: the verdict of one boot, from its console
# log only.  Prints "VERDICT reason".  SUITE is rcutorture (default), refscale
# or rcuscale.
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

[ $# -ge 2 ] || die "usage: $0 LOG QEMU_EXIT [rcutorture|refscale|rcuscale]"
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
# parse-console.sh's exit trap removes its temporary files but not its mktemp
# directory: give it a TMPDIR of its own and remove that.
ptmp=$(mktemp -d)
trap 'rm -rf "$ptmp"' EXIT
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
