#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# perf.sh LOG [HZ]: the performance figure one boot's console log carries, as
# a JSON object on stdout, or "null" when it carries none.
#
#   read-side     refscale's "Runs Time(ns)" table: ns per
#                 rcu_read_lock()/rcu_read_unlock() pair, one sample per run
#   gp-normal     rcuscale's writer-duration lines: us per synchronize_rcu()
#   gp-expedited  the same with rcuscale.gp_exp=1: us per
#                 synchronize_rcu_expedited()
#   cb-flood      rcutorture's forward-progress callback flood
#                 (rcu_torture_fwd_prog_cr "Duration ..." lines): callbacks
#                 posted and invoked per second, one sample per flood; needs
#                 HZ (the kernel's CONFIG_HZ) to turn jiffies into seconds
#
#   latency       our init's timerlat report (rcu_up.latency=): per context
#                 (irq, thread) samples, min, p50, p99, p999, max in ns and
#                 the 1-us histogram as [us, count] pairs; the osnoise
#                 interference per source over the window, and what ran
#                 in the worst thread sample's window
#                 {metric, n, irq: {...}, thread: {...}, noise: [...], worst: [...]}
#   curves        the perf suite's "rcu-perf: CASE key=value ..." lines
#                 (tests/perf/rcu_perf.c), every one kept as a point
#                 {case, key: value...}
#
# The object: {metric, unit, median, min, max, n, samples} (curves:
# {metric, n, points}).  The median is the figure of the boot; the matrix
# repeats boots for the spread between them; samples keeps every run's.
set -euo pipefail

[ $# -ge 1 ] || { echo "usage: $0 LOG [HZ]" >&2; exit 1; }
logf=$1 hz=${2:-}
[ -r "$logf" ] || { echo null; exit 0; }

# Console lines without the printk timestamp and the serial port's CRs.
lines() { tr -d '\r' <"$logf" | sed -E 's/^\[ *[0-9]+\.[0-9]+\] ?//'; }

samples=() metric="" unit=""
if grep -aq 'rcu-up-init: timerlat thread samples=' "$logf"; then
	# A kernel message that landed at the end of one of init's lines (as
	# verdict.sh's timerlat_problem) is cut off it.
	lines | awk '
		/^rcu-up-init: timerlat / { sub(/\[.*/, "") }
		$1 == "rcu-up-init:" && $2 == "timerlat" && $4 ~ /^samples=/ {
			printf "{\"context\":\"%s\"", $3
			for (i = 4; i <= NF; i++) {
				k = v = $i
				sub(/=.*/, "", k); sub(/^[^=]*=/, "", v)
				printf ",\"%s\":%s", k, v + 0
			}
			print "}"
		}
		$1 == "rcu-up-init:" && $2 == "timerlat" && $3 == "hist" && NF == 6 {
			printf "{\"context\":\"%s\",\"bucket\":[%d,%d]}\n", $4, $5, $6
		}
		$1 == "rcu-up-init:" && $2 == "timerlat" && $3 == "noise" && NF == 8 {
			printf "{\"noise\":{\"type\":\"%s\",\"name\":\"%s\"", $4, $5
			for (i = 6; i <= 8; i++) {
				k = v = $i
				sub(/=.*/, "", k); sub(/^[^=]*=/, "", v)
				printf ",\"%s\":%s", k, v + 0
			}
			print "}}"
		}
		$1 == "rcu-up-init:" && $2 == "timerlat" && $3 == "worst" && $4 == "thread" && $9 ~ /^[0-9]+$/ {
			printf "{\"worst_sample\":{\"ns\":%d,\"irq_ns\":%d}}\n", $6, $9
		}
		$1 == "rcu-up-init:" && $2 == "timerlat" && $3 == "worst" && $4 != "thread" && NF == 6 {
			printf "{\"worst\":{\"type\":\"%s\",\"name\":\"%s\",\"ns\":%d}}\n", $4, $5, $6
		}' | jq -sc '
		def ctx($c): (map(select(.context == $c and .samples != null)) | first // {}) as $f |
			$f + {hist: map(select(.context == $c and .bucket != null) | .bucket)} | del(.context);
		{metric: "latency", unit: "ns", n: (ctx("thread").samples // 0), irq: ctx("irq"), thread: ctx("thread"),
		 noise: map(select(.noise) | .noise), worst: map(select(.worst) | .worst),
		 worst_sample: (map(select(.worst_sample) | .worst_sample) | first)}'
	exit 0
elif grep -aq 'rcu-perf: start' "$logf"; then
	lines | awk '
		/^rcu-perf: [a-z]+ [a-z_]+=/ && $2 != "start" {
			printf "{\"case\":\"%s\"", $2
			for (i = 3; i <= NF; i++) {
				k = v = $i
				sub(/=.*/, "", k); sub(/^[^=]*=/, "", v)
				printf ",\"%s\":%s", k, (v ~ /^-?[0-9]+$/ ? v : "\"" v "\"")
			}
			print "}"
		}' | jq -sc '{metric: "curves", n: length, points: .}'
	exit 0
elif grep -aq 'Runs[[:space:]]*Time(ns)' "$logf"; then
	metric=read-side unit=ns
	mapfile -t samples < <(lines | awk '
		/Runs[[:space:]]*Time\(ns\)/ { on = 1; next }
		on && /^[0-9]+[[:space:]]+[0-9]+\.[0-9]+[[:space:]]*$/ { print $2; next }
		on && NF { on = 0 }')
elif grep -aq 'writer-duration:' "$logf"; then
	metric=gp-normal unit=us
	grep -aEq 'rcu-scale:.*--- Start of test:.* gp_exp=1' "$logf" && metric=gp-expedited
	mapfile -t samples < <(lines | awk '/writer-duration:/ { printf "%.3f\n", $NF / 1000 }')
elif [ -n "$hz" ] && grep -aq 'rcu_torture_fwd_prog_cr Duration' "$logf"; then
	metric=cb-flood unit=callbacks/s
	mapfile -t samples < <(lines | awk -v hz="$hz" '
		/rcu_torture_fwd_prog_cr Duration/ {
			for (i = 1; i < NF; i++) {
				if ($i == "Duration") d = $(i + 1)
				if ($i == "n_launders:") l = $(i + 1)
				if ($i == "n_max_cbs:") c = $(i + 1)
			}
			if (d > 0) printf "%.0f\n", (l + c) * hz / d
		}')
fi

if [ ${#samples[@]} -eq 0 ]; then
	echo null
	exit 0
fi
printf '%s\n' "${samples[@]}" | jq -sc --arg metric "$metric" --arg unit "$unit" '
	. as $all | sort as $s | ($s | length) as $n |
	{metric: $metric, unit: $unit, n: $n, min: $s[0], max: $s[-1], samples: $all,
	 median: (if $n % 2 == 1 then $s[($n - 1) / 2]
		  else ($s[$n / 2 - 1] + $s[$n / 2]) / 2 end)}'
