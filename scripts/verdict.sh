#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# verdict.sh LOG QEMU_EXIT [SUITE [TYPE [IMPL]]]: the verdict of one boot,
# from its console log and QEMU's exit status (boot.sh: 0 the guest powered
# off, 124 killed by the timeout, anything else a QEMU failure).  Prints
# "VERDICT reason".
#
#   SUITE  rcutorture (default), refscale, rcuscale, misuse, perf or latency
#   TYPE   what the run asked for: rcutorture's torture_type (default: the
#          log's rcutorture.torture_type=, else rcu), the scale tests'
#          scale_type (default rcu), the misuse case (required), the perf
#          module's case (default all: footprint, gp, flood, boost, idle),
#          the latency run's load (default idle: none; rcutorture; or a perf
#          module case)
#   IMPL   the kernel's RCU implementation (config_rcu_impl), for the benign
#          lines that apply to some implementations only; default: the
#          "config" file next to LOG, else UNKNOWN
#
# Every verdict but PASS and the two expected-misbehaviour verdicts
# (TORTURE-FAIL, STALL) names what went wrong first:
#
#   PASS          TYPE-torture:--- End of test: SUCCESS (scale tests: the
#                 complete results table; refscale: a start-of-test line
#                 announcing the nruns, loops and nreaders the run asked
#                 for (refscale.* boot arguments, else refscale.c's
#                 defaults), that many rows, none timed 0 ns (but
#                 rcu-tasks, an empty reader); rcuscale: as many writers
#                 as its start-of-test line announced;
#                 misuse: every expected diagnostic and nothing else;
#                 perf: every case's figures, each point its parameters
#                 ask for (perf_figures), and its "done" line, then the
#                 module's; latency: init's whole timerlat report and the
#                 load's own end), no console badness (the kernel tree's
#                 console-badness.sh, GP hangs from parse-console.sh), no
#                 kernel panic, and the guest powered off: exit 0 and the
#                 power-off line in the log (lib.sh POWEROFF_RE; exit 0
#                 with a log that ends before it is a FAIL)
#   TORTURE-FAIL  rcutorture itself said TYPE-torture:--- End of test:
#                 FAILURE, and nothing else went wrong: no console badness
#                 but its own "!!!" lines, no stall, no panic, powered off,
#                 and no End of test: SUCCESS beside it (both outcomes in
#                 one log is an incoherent log: FAIL).
#                 The negative control torture_type=busted expects this.
#   STALL         RCU CPU stall warnings were the only badness (their report
#                 lines and the backtraces that belong to them), and the run
#                 otherwise ended as a passing run does
#   HANG          the guest was killed by the wall-clock timeout
#   FAIL          anything else
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: $0 LOG QEMU_EXIT [rcutorture|refscale|rcuscale|misuse|perf|latency [TYPE [IMPL]]]"
logf=$1 rc=$2 suite=${3:-rcutorture} type=${4:-} impl=${5:-}
[ -r "$logf" ] || { echo "FAIL no console log at $logf"; exit 0; }
logf=$(realpath "$logf")
bin=${RCU_UP_TORTURE_BIN:-$RCU_UP_WORK/linux/tools/testing/selftests/rcutorture/bin}
[ -x "$bin/parse-console.sh" ] || die "no $bin/parse-console.sh; run: scripts/workspace.sh base"
[ -x "$bin/console-badness.sh" ] || die "no $bin/console-badness.sh; run: scripts/workspace.sh base"
case $suite in
rcutorture|refscale|rcuscale|misuse|perf|latency) ;;
*) die "unknown suite '$suite'" ;;
esac

# The type the run asked for.
default_type() { default_type_of "$suite"; }
default_type_of() { # SUITE
	case $1 in
	rcutorture) sed -n 's/.*Command line:.* rcutorture\.torture_type=\([^ ]*\).*/\1/p' "$logf" | tr -d '\r' | head -n1 | grep . || echo rcu ;;
	refscale|rcuscale) echo rcu ;;
	perf) echo all ;;
	latency) echo idle ;;
	misuse) die "misuse: give the case the run asked for as TYPE (e.g. $0 LOG 0 misuse underflow)" ;;
	esac
}
[ -n "$type" ] || type=$(default_type)
[[ "$type" =~ ^[a-z0-9_-]+(,[a-z0-9_-]+)*$ ]] || die "unexpected type '$type'"
if [ -z "$impl" ]; then
	impl=UNKNOWN
	[ -r "$(dirname "$logf")/config" ] && impl=$(config_rcu_impl "$(dirname "$logf")/config")
fi

# Scratch space, also parse-console.sh's TMPDIR: its exit trap removes its
# temporary files but not its mktemp directory.
ptmp=$(mktemp -d)
trap 'rm -rf "$ptmp"' EXIT

# LOG.judged: the log without CRs and without the platform's known-benign
# lines (scripts/benign-console.txt, for this implementation).
judged=$logf.judged
benign=$ptmp/benign
benign_patterns "$impl" >"$benign"
# NUL bytes go too: serial consoles emit them, and a grep without -a (the
# kernel tree's console-badness.sh) takes a file with one for binary and
# prints no line of it.
tr -d '\r\000' <"$logf" | { grep -avEf "$benign" || true; } >"$judged"
rm -f "$judged.diags"

# A console line that begins with MESSAGE (after the printk timestamp).
ts='^(\[ *[0-9]+\.[0-9]+\] ?)?'
has() { grep -aEq -- "$ts$1" "$2"; }
first() { grep -aEm1 -- "$ts$1" "$2" | cut -c1-100 || true; }

# Badness the kernel tree's console-badness.sh does not look for (it was
# written for x86 kvm.sh guests): a hung task, arm's and riscv's
# lower-case "Call trace:", a bare "general protection fault" line (older
# x86 kernels print no Oops: line with it).
more_badness_re='INFO: task .* blocked for more than [0-9]+ seconds|Call trace:|general protection fault'

# Console badness in FILE, one line per finding: the kernel tree's
# console-badness.sh, then ours.
badness_lines() {
	PATH=$bin:$PATH console-badness.sh <"$1" || true
	grep -aE -- "$more_badness_re" "$1" || true
}

# Console badness in FILE, first line.
first_badness() {
	badness_lines "$1" | head -n1 | cut -c1-100
}

# Expedited grace periods report their stalls on a line of their own.
stall_re='detected stalls on CPUs/tasks:|detected expedited stalls on CPUs/tasks:|self-detected stall on CPU'

# FILE without the RCU CPU stall reports: from each "detected stalls on
# CPUs/tasks:" or "self-detected stall on CPU" line, every following line
# that belongs to a stall report (rcu: lines, task dumps, registers, NMI
# backtraces) or to a backtrace (Call Trace:, <TASK>, indented frames), up
# to the first line that does not.  Anything printed inside a stall report
# that is none of these (a WARNING, an Oops, rcutorture's lines) ends it.
# Where the log has an RCU CPU stall, rcutorture's "??? Writer stall state"
# report (the writer waits for the grace period the stall holds up) and its
# task dump count as part of it; without one they stay badness.
without_stalls() {
	local cpu_stall=0
	grep -aEq "$stall_re" "$1" && cpu_stall=1
	awk -v cpu_stall="$cpu_stall" '
	{
		m = $0
		sub(/^\[ *[0-9]+\.[0-9]+\] ?/, "", m)
		if (m ~ /detected (expedited )?stalls on CPUs\/tasks:|self-detected stall on CPU/ ||
		    (cpu_stall && m ~ /^\?\?\? Writer stall state /)) { in_stall = 1; next }
		if (in_stall && (m == "" || m ~ /^(rcu: |[ \t])/ ||
		    m ~ /^(task:|Call [Tt]race:|Sending NMI from CPU|NMI backtrace for cpu|CPU: [0-9]+ (UID|PID)|Hardware name:|Tainted: |Modules linked in:|RIP: |Code: |RSP: |RAX: |RDX: |RBP: |R10: |R13: |FS: |CS: |CR2: |DR0: |DR3: |PKRU: |INFO: Stall ended before state dump start)/))
			next
		in_stall = 0
		print
	}' "$1"
}

# FILE without the WARNING splats rcutorture's statistics print when the
# test has failed (kernel/rcu/rcutorture.c, after its "!!!" line: the
# too-short grace period that the busted control is there to provoke,
# boost or barrier failures), each up to its "---[ end trace" line.  They
# are the failure rcutorture reports, and only an End of test: FAILURE may
# excuse them.
without_torture_warnings() {
	awk '
	{
		m = $0
		sub(/^\[ *[0-9]+\.[0-9]+\] ?/, "", m)
		if (m ~ /^WARNING: CPU: [0-9]+ PID: [0-9]+ at [^ ]*kernel\/rcu\/rcutorture\.c:[0-9]+ /) { in_warn = 1; next }
		if (in_warn) {
			if (m ~ /^---\[ end trace [0-9a-f]+ \]---$/)
				in_warn = 0
			next
		}
		print
	}' "$1"
}

# The first forward-progress line with updates (cver) but no grace periods
# (gps 0), as a finding; nothing if there is none.
no_gp_count() {
	sed -E "s/$ts//" "$judged" | awk '
		/^rcu_torture_fwd_prog_(nr|cr)[: ]/ {
			for (i = 1; i < NF; i++) {
				if ($i == "cver") c = $(i + 1) + 0
				if ($i == "gps") g = $(i + 1) + 0
			}
			if (c > 0 && g == 0 && !found++)
				printf "no grace period counted (gps 0) while cver rose by %d: %s\n", c, substr($0, 1, 40)
		}'
}

# Exit 0 says only that QEMU ended; the guest powered off when its log
# shows it (lib.sh's POWEROFF_RE, what guest_wait itself waits for).  A
# log cut right after the End of test line did not.
powered_off() { grep -aEq -- "$POWEROFF_RE" "$judged"; }

# The last NAME=VALUE the log's kernel command line gives, or nothing.
cmdline_param() { # NAME
	sed -n -E "s/${ts}(Kernel command line|Command line): //p" "$judged" | head -n1 |
		tr ' ' '\n' | { grep -aF -- "$1=" || true; } | sed -n "s/^${1//./\\.}=//p" | tail -n1
}

rcutorture_verdict() {
	local t=$type-torture nostall=$ptmp/nostall panic bad seq stall
	without_stalls "$judged" | { grep -avE -- "$ts$t: ?!!!" || true; } >"$nostall"
	panic=$(first 'Kernel panic - not syncing' "$judged")
	bad=$(first_badness "$nostall")
	# rcutorture's own failure report is no other badness when it failed.
	if [ -n "$bad" ] && has "$t:--- End of test: FAILURE" "$judged"; then
		without_torture_warnings "$nostall" >"$nostall.t"
		bad=$(first_badness "$nostall.t")
	fi
	stall=$(grep -aEm1 "$stall_re" "$judged" | cut -c1-100 || true)
	# The tree's own parser: GP hangs and bad sequences from the version
	# numbers (its FAILURE and badness findings are judged above).
	(cd "$(dirname "$logf")" && PATH=$bin:$PATH TORTURE_SUITE=rcutorture TMPDIR=$ptmp \
		bash "$bin/parse-console.sh" "$judged" "$(basename "$logf")" >"$logf.parse" 2>&1) || true
	seq=$(grep -aEm1 'GP HANG|BAD SEQ|HOTPLUG' "$judged.diags" 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' | cut -c1-100 || true)
	# rcutorture's forward-progress tests count the grace periods that
	# elapsed (gps, from rcu_get_gp_seq()) beside the updates (cver): every
	# RCU but TINY_RCU, whose counter is a stub, must show grace periods
	# where updates were made.
	[ -n "$seq" ] || [ "$type" != rcu ] || [ "$impl" = TINY_RCU ] || seq=$(no_gp_count)
	if [ -n "$panic" ]; then
		echo "FAIL $panic"
	elif [ -n "$bad" ]; then
		echo "FAIL console badness: $bad"
	elif has "$t:--- End of test: SUCCESS" "$judged" && has "$t:--- End of test: FAILURE" "$judged"; then
		# One test ends once: both outcomes in a log are no outcome.
		echo "FAIL incoherent log: $t printed both End of test: SUCCESS and FAILURE"
	elif [ "$rc" = 124 ]; then
		if has "$t:--- End of test: " "$judged"; then
			echo "HANG the guest did not power off after $t's End of test ($logf)"
		else
			echo "HANG no end of test before the timeout ($logf)"
		fi
	elif [ "$rc" != 0 ]; then
		echo "FAIL QEMU exited with status $rc (see $logf.qemu)"
	elif has "$t:--- End of test: " "$judged" && ! powered_off; then
		echo "FAIL exit 0, but the log ends without the power-off after $(first "$t:--- End of test: " "$judged" | cut -c1-60)"
	elif has "$t:--- End of test: FAILURE" "$judged"; then
		if [ -n "$stall" ]; then
			echo "FAIL End of test: FAILURE with an RCU CPU stall: $stall"
		else
			echo "TORTURE-FAIL $t: End of test: FAILURE, nothing else wrong"
		fi
	elif grep -aEq -- "$ts$t: ?!!!" "$judged"; then
		echo "FAIL $(first "$t: ?!!!" "$judged")"
	elif ! has "$t:--- End of test: SUCCESS" "$judged"; then
		if has "$t:--- End of test: " "$judged"; then
			echo "FAIL $(first "$t:--- End of test: " "$judged")"
		elif has '[a-z_-]+-torture:--- End of test: ' "$judged"; then
			echo "FAIL no End of test from $t, only: $(first '[a-z_-]+-torture:--- End of test: ' "$judged")"
		else
			echo "FAIL guest stopped (exit $rc) before the end of the test"
		fi
	elif [ -n "$seq" ]; then
		echo "FAIL $seq"
	elif [ -n "$stall" ]; then
		echo "STALL $stall; no other badness, End of test: SUCCESS, powered off"
	else
		echo "PASS $t: End of test: SUCCESS, console clean, powered off"
	fi
}

# refscale's table: "Runs<TAB>Time(ns)" and one row per run, numbered 1 to
# the nruns its start-of-test line announced.  Prints "rows announced
# zero-rows", zero-rows the rows that timed 0.000 ns per loop: each row
# times loops x readers critical sections, which on a clock finer than the
# tick cannot take no time at all, so a 0 is no measurement (but for
# rcu-tasks, whose critical section in refscale.c is empty).
refscale_table() {
	local want got
	want=$(sed -n -E "s/${ts}$type-ref-scale: --- Start of test:.* nruns=([0-9]+).*/\\2/p" "$judged" | head -n1)
	got=$(sed -E "s/$ts//" "$judged" | awk '
		/^Runs\tTime\(ns\)$/ { on = 1; n = 0; z = 0; next }
		on && $0 ~ /^[0-9]+\t[0-9]+\.[0-9]+$/ && $1 == n + 1 { n++; if ($2 + 0 == 0) z++; next }
		on { on = 0 }
		END { print n + 0, z + 0 }')
	echo "${got% *} ${want:-0} ${got#* }"
}

# What refscale's start-of-test line announces that the run did not ask
# for, or nothing.  The run asked for the refscale.loops=, nreaders= and
# nruns= on the log's kernel command line, else refscale.c's defaults in
# the 6.12 tree (loops 10000, nreaders -1: 75% of the CPUs, nruns 30); the
# start line prints them as the module read them, before it adjusts any.
# Judging the table against the start line alone would pass a module that
# ran fewer experiments than the matrix asked for.
refscale_asked() {
	local p want got line
	local -A dflt=([loops]=10000 [nreaders]=-1 [nruns]=30)
	line=$(grep -aEm1 -- "$ts$type-ref-scale: --- Start of test:" "$judged" || true)
	[ -n "$line" ] || return 0
	for p in nruns loops nreaders; do
		want=$(cmdline_param "refscale.$p")
		want=${want:-${dflt[$p]}}
		got=$(sed -n -E "s/.* $p=(-?[0-9]+).*/\\1/p" <<<"$line")
		if [ "$got" != "$want" ]; then
			echo "the start-of-test line announces $p=${got:-nothing}, the run asked for $p=$want"
			return 0
		fi
	done
}

# rcuscale's table: for each of the nwriters writers the start-of-test line
# announced, as many writer-duration lines as its "writer N gps: M" line
# says (at least one).  Prints "complete-writers announced-writers".
rcuscale_table() {
	local want got
	want=$(sed -n -E "s/${ts}$type-scale:--- Start of test:.* nwriters=([0-9]+).*/\\2/p" "$judged" | head -n1)
	got=$(sed -E "s/$ts//" "$judged" | awk -v p="$type-scale:" -v want="${want:-0}" '
		index($0, p) == 1 && $2 == "writer" && $4 == "gps:" { gps[$3] = $5 + 0; next }
		index($0, p) == 1 && $3 == "writer-duration:" { dur[$2]++; next }
		END {
			for (w = 0; w < want; w++)
				if (gps[w] > 0 && dur[w] == gps[w]) n++
			print n + 0
		}')
	echo "$got ${want:-0}"
}

# What ends a scale or perf run's verdict first, in this order: a panic,
# the test's own error line (ERROR_RE), console badness, the timeout (HANG,
# with how far the test got), a QEMU failure.  Uses the caller's panic and
# bad; prints nothing when none of them happened.
test_failure() { # ERROR_RE HANG_DETAIL
	local err
	err=$(grep -aEm1 -- "$1" "$judged" | cut -c1-100 || true)
	if [ -n "$panic" ]; then
		echo "FAIL $panic"
	elif [ -n "$err" ]; then
		echo "FAIL $err"
	elif [ -n "$bad" ]; then
		echo "FAIL console badness: $bad"
	elif [ "$rc" = 124 ]; then
		echo "HANG $2 ($logf)"
	elif [ "$rc" != 0 ]; then
		echo "FAIL QEMU exited with status $rc (see $logf.qemu)"
	fi
}

scale_verdict() {
	local panic bad got want clock v zero=0 asked=""
	# The scale tests' figures are only as fine as the clocksource: on
	# (refined-)jiffies, a tick, so that short loops time as 0 ns.
	clock=$( { grep -aE "${ts}clocksource: Switched to clocksource " "$judged" || true; } | tail -n1 | sed 's/.*Switched to clocksource //')
	panic=$(first 'Kernel panic - not syncing' "$judged")
	bad=$(first_badness "$judged")
	if [ "$suite" = refscale ]; then
		read -r got want zero < <(refscale_table)
		asked=$(refscale_asked)
	else
		read -r got want < <(rcuscale_table)
	fi
	local what="results rows"
	[ "$suite" = rcuscale ] && what="writers' complete duration lists"
	v=$(test_failure '-scale: *!!!' "$got of $want $what before the timeout")
	if [ -n "$v" ]; then
		echo "$v"
	elif [ "$want" -eq 0 ]; then
		echo "FAIL no $type $suite start-of-test line announcing the table's size"
	elif [ -n "$asked" ]; then
		echo "FAIL $asked"
	elif [ "$got" -ne "$want" ]; then
		echo "FAIL incomplete results: $got of $want $what"
	elif [[ "$clock" == *jiffies* ]]; then
		echo "FAIL timed on the tick-granular clocksource $clock: $(first 'tsc: (Unable|Marking)' "$judged")"
	elif [ "$zero" -gt 0 ] && [ "$type" != rcu-tasks ]; then
		# Except rcu-tasks: refscale's reader for it is an empty loop
		# (Tasks RCU readers are implicit), which takes no time.
		echo "FAIL $zero of $got results rows timed 0 ns: no measurement"
	elif ! powered_off; then
		echo "FAIL exit 0, but the log ends without the power-off after the results"
	else
		echo "PASS complete results ($got of $got $what), console clean, powered off"
	fi
}

# The misuse suite: the case the run asked for must draw every diagnostic
# tree RCU gives for it (scripts/misuse-expect.txt) after "CASE: provoking",
# and nothing else: console badness after it must belong to an expected
# splat (the splat's own Call Trace and lockdep banner lines included), and
# nothing may go wrong before it.  A case listed CLEAN must draw nothing.
# A case listed PANIC must end in a kernel panic (one of its expected
# lines) instead of "CASE: done", and the guest must then reboot (panic=-1).
misuse_expectations() { # CASE: prints "want" lines for it (and for "*")
	local c want
	while IFS=$'\t' read -r c want; do
		[ "$c" = "$1" ] || [ "$c" = "*" ] || continue
		printf '%s\n' "$want"
	done < <(grep -v '^#' "$RCU_UP_ROOT/scripts/misuse-expect.txt")
}

# Badness in FILE (the console after "provoking") that no expected splat
# accounts for, first line.  A splat starts at a "cut here" line, a lockdep
# banner (=====), a BUG:, WARNING:, INFO:, Oops, rcu: INFO: or hung-task
# line, a soft or hard lockup report, an RCU kthread-starvation line, an
# arm or riscv oops line, or an rcu-misuse: line (a start within two lines
# of a cut-here or banner line is the same splat).  It ends at its
# "---[ end trace" line or at the next start: a splat that has no end-trace
# line (lockdep's, might_sleep()'s) must not swallow what follows it, such
# as a soft lockup or a starved grace-period kthread inside an expected
# lockdep report.  Lockdep's own report also ends where the backtrace it
# ends with closes ("stack backtrace:", then "</TASK>" on x86).  Only what
# belongs to a splat is not a start in it: lockdep's "INFO: lockdep is
# turned off.", a stall report's "INFO: Stall ended before state dump
# start" and its "rcu: ... kthread starved for" lines.  A splat is
# expected when one of its lines matches an expected pattern (rcu-misuse:
# lines aside); all badness in it is then accounted for.
unexpected_badness() {
	local file=$1 expected=$2 numbered=$ptmp/numbered splats=$ptmp/splats
	awk '{ printf "%d:%s\n", NR, $0 }' "$file" >"$numbered"
	awk -v ef="$expected" '
		BEGIN { while ((getline l < ef) > 0) if (l != "") pat[++ne] = l }
		{
			m = $0; sub(/^\[ *[0-9]+\.[0-9]+\] ?/, "", m)
			start = m ~ /^(------------\[ cut here \]|=+$|BUG:|WARNING:|INFO:|Oops|rcu: INFO:|rcu-misuse:|general protection fault|Kernel panic|watchdog: BUG:|watchdog: Watchdog detected hard LOCKUP|NMI watchdog:|Unable to handle kernel|Internal error:|kernel BUG at)/ ||
				m ~ /^rcu: .*kthread starved for/
			if (m ~ /^INFO: (lockdep is turned off|Stall ended before state dump start)/ ||
			    (kind == "stall" && m ~ /^rcu: .*kthread starved for/))
				start = 0
			if (start && !(NR - hdr <= 2 && m !~ /^rcu-misuse:/)) {
				id++; kind = ""; bt = 0
				if (m ~ /^(------------\[ cut here \]|=+$)/) hdr = NR
				if (m ~ /^=+$/) kind = "lockdep"
			}
			if (start && m ~ /detected (expedited )?stalls on|self-detected stall on CPU/) kind = "stall"
			if (m ~ /^---\[ end trace/ || (kind == "lockdep" && bt && m ~ /^ *<\/TASK>$/)) {
				seg[NR] = id; id++; kind = ""; bt = 0; next
			}
			if (kind == "lockdep" && m ~ /^stack backtrace:/) bt = 1
			seg[NR] = id
			if (m !~ /^rcu-misuse:/)
				for (i = 1; i <= ne; i++) if (m ~ pat[i]) ok[id] = 1
		}
		END { for (n = 1; n <= NR; n++) print n, (seg[n] && ok[seg[n]]) ? 1 : 0 }' "$file" >"$splats"
	badness_lines "$numbered" | sort -t: -k1,1n -s | while IFS= read -r line; do
		n=${line%%:*}
		[ "$(awk -v n="$n" '$1 == n { print $2 }' "$splats")" = 1 ] && continue
		printf '%s\n' "${line#*:}" | cut -c1-100
		break
	done
}

misuse_verdict() {
	local case=$type want clean=no panic_case=no n=0 missing=() forbidden=() badness
	local before=$ptmp/before after=$ptmp/after upto=$ptmp/upto expected=$ptmp/expected wants=()
	: >"$expected"
	if ! grep -aq "rcu-misuse: $case: provoking" "$judged"; then
		[ "$rc" = 124 ] && { echo "HANG the test module never started case '$case' ($logf)"; return; }
		echo "FAIL the test module never started case '$case' (exit $rc; see $logf)"
		return
	fi
	sed -n "/rcu-misuse: $case: provoking/q;p" "$judged" >"$before"
	sed -n "/rcu-misuse: $case: provoking/,\$p" "$judged" >"$after"
	mapfile -t wants < <(misuse_expectations "$case")
	for want in "${wants[@]}"; do [ "$want" != PANIC ] || panic_case=yes; done
	# A PANIC case ends in the panic it expects: what follows the panic
	# line (its backtrace, the end-of-panic line) is the panic's own, and
	# the "*" rule against panics applies only to what came before it.
	if [ "$panic_case" = yes ]; then
		sed -n '/Kernel panic - not syncing/q;p' "$after" >"$upto"
	else
		cp "$after" "$upto"
	fi
	for want in "${wants[@]}"; do
		if [ "${want:0:1}" = "!" ]; then
			grep -aEq -- "${want:1}" "$upto" && forbidden+=("$(grep -aEm1 -- "${want:1}" "$upto" | cut -c1-80)")
			continue
		fi
		case $want in
		CLEAN) clean=yes; continue ;;
		PANIC) continue ;;
		esac
		n=$((n + 1))
		local times=1
		if [[ "$want" =~ ^([0-9]+)\*(.*)$ ]]; then
			times=${BASH_REMATCH[1]} want=${BASH_REMATCH[2]}
		fi
		printf '%s\n' "$want" >>"$expected"
		if [ "$(grep -acE -- "$want" "$after" || true)" -lt "$times" ]; then
			[ "$times" -eq 1 ] && missing+=("$want") || missing+=("$times x $want")
		fi
	done
	badness=$(first_badness "$before")
	if [ "$clean" = yes ]; then
		badness=${badness:-$(first_badness "$upto")}
	else
		badness=${badness:-$(unexpected_badness "$upto" "$expected")}
	fi
	if [ "$n" -eq 0 ] && [ "$clean" = no ]; then
		echo "FAIL no expectations for case '$case' in scripts/misuse-expect.txt"
	elif [ "$panic_case" = yes ] && grep -aq "rcu-misuse: $case: done" "$judged"; then
		echo "FAIL '$case: done': the case was to end in a kernel panic"
	elif [ "$panic_case" = yes ] && ! has 'Kernel panic - not syncing' "$after"; then
		[ "$rc" = 124 ] && { echo "HANG no kernel panic before the timeout ($logf)"; return; }
		echo "FAIL guest stopped (exit $rc) without the expected kernel panic"
	elif [ "$panic_case" = no ] && ! grep -aq "rcu-misuse: $case: done" "$judged"; then
		[ "$rc" = 124 ] && { echo "HANG no '$case: done' before the timeout ($logf)"; return; }
		echo "FAIL guest stopped (exit $rc) before '$case: done'"
	elif [ ${#forbidden[@]} -gt 0 ]; then
		echo "FAIL must not happen: ${forbidden[0]}"
	elif [ "$rc" != 0 ] && [ "$panic_case" = yes ]; then
		echo "FAIL '$case' panicked, but the guest did not reboot (exit $rc)"
	elif [ "$rc" != 0 ]; then
		echo "FAIL '$case: done', but the guest did not power off (exit $rc)"
	elif [ "$panic_case" = no ] && ! powered_off; then
		echo "FAIL exit 0, but the log ends without the power-off after '$case: done'"
	elif [ ${#missing[@]} -gt 0 ]; then
		echo "FAIL ${#missing[@]} of $n expected diagnostics missing, first: ${missing[0]}"
	elif [ -n "$badness" ]; then
		echo "FAIL console badness: $badness"
	elif [ "$panic_case" = yes ]; then
		echo "PASS all $n expected diagnostics, ending in the expected panic, nothing else wrong"
	elif [ "$clean" = yes ]; then
		echo "PASS legal use: console clean, $n expected lines"
	else
		echo "PASS all $n expected diagnostics, nothing else wrong"
	fi
}

# What the figures of perf CASE lack, as a finding; nothing when every
# figure the run asked for is there.  "done" lines only say that a case
# returned: each case must also have printed, for every point of its
# parameters (the module's defaults, tests/perf/rcu_perf.c, or the
# rcu_perf.* boot arguments), its line with every field a number, and
# non-zero where zero cannot be measured:
#   footprint  free_kb and kernel_stack_kb above 0, the slab figures numbers
#   gp         ns above 0 for both kinds, each number of readers and each
#              of reps repetitions; a setup line (create_ns, enter_ns above
#              0) for each number of readers above 0
#   flood      per rate, all eight fields, window_ns above 0 (flood_ms
#              above 0), posted above 0 where the window offers a callback
#   boost      "skipped, no CONFIG_RCU_BOOST", or ns above 0 for both kinds
#              and each of boost_reps repetitions
#   idle       per load, all seven fields, window_ns above 0 (idle_ms above
#              0); the switch counts may be negative (exited tasks)
perf_figures() { # CASE
	local p v
	local -A param=([readers]=0,1,10,100,1000 [reps]=10 [rates]=1000,10000,100000,1000000
		[flood_ms]=1000 [boost_reps]=5 [loads]=0,10,100 [idle_ms]=10000)
	for p in "${!param[@]}"; do
		v=$(cmdline_param "rcu_perf.$p")
		[ -z "$v" ] || param[$p]=$v
	done
	sed -E "s/$ts//" "$judged" | awk -v c="$1" -v readers="${param[readers]}" -v reps="${param[reps]}" \
		-v rates="${param[rates]}" -v flood_ms="${param[flood_ms]}" -v boost_reps="${param[boost_reps]}" \
		-v loads="${param[loads]}" -v idle_ms="${param[idle_ms]}" '
		function val(k,   i) {
			for (i = 3; i <= NF; i++) if (index($i, k "=") == 1) return substr($i, length(k) + 2)
			return ""
		}
		function nat(k) { return val(k) ~ /^[0-9]+$/ }
		function pos(k) { return val(k) ~ /^0*[1-9][0-9]*$/ }
		function bad(what) { if (!nbad++) first = what ": " substr($0, 1, 70) }
		$0 == "rcu-perf: boost: skipped, no CONFIG_RCU_BOOST" { skipped = 1 }
		$1 != "rcu-perf:" || $2 != c { next }
		c == "footprint" && $3 ~ /^free_kb=/ {
			if (pos("free_kb") && pos("kernel_stack_kb") && nat("slab_reclaimable_kb") && nat("slab_unreclaimable_kb")) ok["fp"] = 1
			else bad("footprint figures not all numbers, or free/stack memory 0")
		}
		c == "gp" && $3 ~ /^kind=/ {
			if (pos("ns")) ok[val("kind") " " val("readers") " " val("rep")] = 1
			else bad("gp ns= not a number above 0")
		}
		c == "boost" && $3 ~ /^kind=/ {
			if (pos("ns") && nat("delay_ms") && nat("hog_timeout")) ok[val("kind") " " val("rep")] = 1
			else bad("boost ns= not a number above 0")
		}
		c == "flood" && $3 ~ /^rate=[0-9]+$/ {
			r = val("rate") + 0
			if (nat("posted") && nat("invoked") && nat("window_ns") && nat("drain_ns") && nat("peak_pending") &&
			    nat("peak_bytes") && nat("capped") && (flood_ms == 0 || pos("window_ns")) &&
			    (r * flood_ms < 1000 || pos("posted")))
				ok[r] = 1
			else bad("flood figures not all numbers, or nothing posted in the window")
		}
		c == "idle" && $3 ~ /^load=[0-9]+$/ {
			if (nat("window_ns") && nat("irqs") && nat("rcu_softirqs") && nat("timer_softirqs") &&
			    val("switches") ~ /^-?[0-9]+$/ && val("rcu_kthread_switches") ~ /^-?[0-9]+$/ &&
			    (idle_ms == 0 || pos("window_ns")))
				ok[val("load") + 0] = 1
			else bad("idle figures not all numbers, or a 0 ns window")
		}
		END {
			if (nbad) { print "perf " first; exit }
			if (c == "footprint" && !ok["fp"]) miss = "no footprint figures"
			if (c == "gp") {
				n = split(readers, R, ",")
				for (i = 1; i <= n && !miss; i++)
					for (r = 0; r < reps && !miss; r++)
						for (k = 0; k < 2 && !miss; k++) {
							kind = k ? "expedited" : "normal"
							if (!ok[kind " " R[i] + 0 " " r]) miss = "no gp figure for kind=" kind " readers=" R[i] " rep=" r
						}
			}
			if (c == "boost" && !skipped)
				for (r = 0; r < boost_reps && !miss; r++)
					for (k = 0; k < 2 && !miss; k++) {
						kind = k ? "expedited" : "normal"
						if (!ok[kind " " r]) miss = "no boost figure for kind=" kind " rep=" r
					}
			if (c == "flood") {
				n = split(rates, R, ",")
				for (i = 1; i <= n && !miss; i++) if (!ok[R[i] + 0]) miss = "no flood figures for rate=" R[i]
			}
			if (c == "idle") {
				n = split(loads, R, ",")
				for (i = 1; i <= n && !miss; i++) if (!ok[R[i] + 0]) miss = "no idle figures for load=" R[i]
			}
			if (miss) print "perf " miss
		}'
}

# The gp case's setup lines, one per number of readers above 0, with
# numbers above 0: a finding, or nothing.
perf_setup_figures() {
	local readers
	readers=$(cmdline_param rcu_perf.readers)
	sed -E "s/$ts//" "$judged" | awk -v readers="${readers:-0,1,10,100,1000}" '
		/^rcu-perf: setup readers=[0-9]+ / {
			ok = $4 ~ /^create_ns=0*[1-9][0-9]*$/ && $5 ~ /^enter_ns=0*[1-9][0-9]*$/ && NF == 5
			if (ok) good[substr($3, 9) + 0] = 1
			else if (!bad) bad = substr($0, 1, 70)
		}
		END {
			if (bad) { print "perf gp setup figures not numbers above 0: " bad; exit }
			n = split(readers, R, ",")
			for (i = 1; i <= n; i++) if (R[i] + 0 > 0 && !good[R[i] + 0]) { print "perf no gp setup line for readers=" R[i]; exit }
		}'
}

# The perf suite (tests/perf/rcu_perf.c): each case asked for ends with
# "rcu-perf: CASE: done" and the module with "rcu-perf: done", with no
# error line, every figure the case was to print (perf_figures), on a
# clocksource finer than the tick, and nothing else wrong.
perf_verdict() {
	local panic bad clock c missing=() cases v figs=""
	clock=$( { grep -aE "${ts}clocksource: Switched to clocksource " "$judged" || true; } | tail -n1 | sed 's/.*Switched to clocksource //')
	panic=$(first 'Kernel panic - not syncing' "$judged")
	bad=$(first_badness "$judged")
	cases=$type
	[ "$cases" != all ] || cases="footprint gp flood boost idle"
	for c in ${cases//,/ }; do
		has "rcu-perf: $c: done" "$judged" || missing+=("$c")
		[ -n "$figs" ] || figs=$(perf_figures "$c")
		[ -n "$figs" ] || [ "$c" != gp ] || figs=$(perf_setup_figures)
	done
	v=$(test_failure 'rcu-perf: error' "${#missing[@]} case(s) not done before the timeout: ${missing[*]}")
	if [ -n "$v" ]; then
		echo "$v"
	elif ! has 'rcu-perf: start' "$judged"; then
		echo "FAIL the perf module never started"
	elif [ ${#missing[@]} -gt 0 ]; then
		echo "FAIL case(s) not done: ${missing[*]}"
	elif ! has 'rcu-perf: done' "$judged"; then
		echo "FAIL no 'rcu-perf: done' line"
	elif [ -n "$figs" ]; then
		echo "FAIL $figs"
	elif [[ "$clock" == *jiffies* ]]; then
		echo "FAIL timed on the tick-granular clocksource $clock"
	elif ! powered_off; then
		echo "FAIL exit 0, but the log ends without the power-off after 'rcu-perf: done'"
	else
		echo "PASS every case done ($cases), console clean, powered off"
	fi
}

# Init's timerlat report (initramfs/init.c, rcu_up.latency=): what is
# wrong with it, or nothing.  Both contexts must have samples, each
# histogram must add up to its samples= line (a cut log, a lost line), and
# the thread must have been sampled in at least half of the window's
# periods (a tracer that stopped, a thread starved for good).
timerlat_problem() {
	sed -E "s/$ts//" "$judged" | awk '
		# A kernel message printed while init wrote a line lands at its
		# end ("... hist irq 406 8[   33.2] random: ..."): init never
		# prints a "[", so what follows one is not its.
		/^rcu-up-init: timerlat / { sub(/\[.*/, "") }
		/^rcu-up-init: timerlat window=/ {
			win = 1
			for (i = 3; i <= NF; i++) if ($i ~ /^expected=/) want = substr($i, 10) + 0
		}
		/^rcu-up-init: timerlat (irq|thread) samples=[0-9]+/ { n[$3] = substr($4, 9) + 0; seen[$3] = 1 }
		/^rcu-up-init: timerlat hist (irq|thread) [0-9]+ [0-9]+$/ { h[$4] += $6 }
		END {
			if (!win) { print "no timerlat report: the tracer did not start, or init never got to it"; exit }
			split("irq thread", ctx, " ")
			for (i = 1; i <= 2; i++) {
				c = ctx[i]
				if (!seen[c]) { print "no " c " samples= line in the timerlat report"; exit }
				if (!n[c]) { print "no " c " samples: timerlat recorded nothing"; exit }
				if (h[c] != n[c]) { printf "the %s histogram holds %d of its %d samples (truncated)\n", c, h[c], n[c]; exit }
			}
			if (2 * n["thread"] < want)
				printf "the thread was sampled in %d of the window'"'"'s %d periods\n", n["thread"], want
		}'
}

latency_verdict() {
	local panic bad problem v summary
	problem=$(timerlat_problem)
	# Init could not start the tracer (no high-resolution timers: under
	# TCG the TSC can be marked unstable, leaving jiffies as the clock):
	# its reason, before the load's verdict, which only sees a guest that
	# stopped early.
	if grep -aq 'rcu-up-init: timerlat failed to start' "$judged"; then
		echo "FAIL timerlat did not start: $(sed -nE "s/${ts}rcu-up-init: timerlat: //p" "$judged" | tr -d '\r' | head -n1)"
		return
	fi
	case $type in
	idle)
		panic=$(first 'Kernel panic - not syncing' "$judged")
		bad=$(first_badness "$judged")
		v=$(test_failure 'rcu-up-init: timerlat: ' "no end of the latency run before the timeout")
		;;
	rcutorture)
		v=$(type=$(default_type_of rcutorture) rcutorture_verdict)
		[[ "$v" == PASS* ]] && v=""
		;;
	*)
		v=$(perf_verdict)
		[[ "$v" == PASS* ]] && v=""
		;;
	esac
	summary=$(sed -nE "s/${ts}rcu-up-init: timerlat thread samples=([0-9]+) min=[0-9]+ p50=[0-9]+ p99=([0-9]+) p999=[0-9]+ max=([0-9]+).*/\2 thread samples, p99 \3 ns, max \4 ns/p" "$judged" | head -n1)
	if [ -n "$v" ]; then
		echo "$v"
	elif [ -n "$problem" ]; then
		echo "FAIL $problem"
	elif ! grep -aq 'rcu-up-init: timerlat done' "$judged"; then
		echo "FAIL no 'timerlat done' line after the report"
	elif [ "$type" = idle ] && [ "$rc" != 0 ]; then
		echo "FAIL the guest did not power off after the latency run (exit $rc)"
	elif ! powered_off; then
		echo "FAIL exit 0, but the log ends without the power-off after the latency run"
	else
		echo "PASS timerlat: $summary; load $type ended as it should, console clean, powered off"
	fi
}

case $suite in
latency) latency_verdict ;;
rcutorture) rcutorture_verdict ;;
refscale|rcuscale) scale_verdict ;;
misuse) misuse_verdict ;;
perf) perf_verdict ;;
esac
