#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# recheck.sh [RUN_ID|last] [RESULTS]: judge a run's console logs again, with
# the verdict rules of this tree, without booting anything (as kvm.sh's
# kvm-recheck.sh does): verdict.sh and the implementation check, through
# the same judge_boot (lib.sh) run.sh judges with, from what the run's
# directory kept (console log, QEMU's exit status, boot arguments,
# .config).  Rewrites results/runs/RUN_ID/results.jsonl and table.tsv, and
# the run's lines in RESULTS (default results/results.jsonl, matched by
# their run directory), each line keeping what it said before in
# "earlier_verdicts" ({verdict, reason, as_expected, perf, boot_impl,
# until}, oldest first) and "rechecked" {at, harness}.  Runs that were not
# booted (SKIP, BUILT, a build's failure) or were INTERRUPTED keep their verdict:
# there is no whole log to judge.  A small guest that printed nothing is
# NOMEM only on the evidence run.sh's judgement had (banner-mb) or that of
# the run's own logs: a larger guest of the same kernel (arch, stage,
# kernel, and image.sha256 where both kept it) that printed its banner
# (lib.sh's mem_verdict).  make recheck RUN=RUN_ID then writes the
# report.  Prints each verdict that changed, then the table; exits 3 when
# a run's verdict is not the expected one (1: it could not judge them).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -le 2 ] || die "usage: $0 [RUN_ID|last] [RESULTS]"
results=${2:-$RCU_UP_RESULTS/results.jsonl}
need_cmds jq flock
run_root=$(resume_dir "${1:-last}")
run_id=$(basename "$run_root")
[ -s "$run_root/results.jsonl" ] || die "run $run_id recorded no results ($run_root/results.jsonl); nothing to judge"
# Not while run.sh is still at it: it rewrites the same files at its end.
exec 7>>"$run_root/.lock"
flock -n 7 || die "run $run_id is going on (its run.sh holds $run_root/.lock); recheck it once that has ended"
now=$(date -u +%Y%m%dT%H%M%SZ)
harness=$(git -C "$RCU_UP_ROOT" describe --always --dirty 2>/dev/null || echo unknown)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

abs() { if [ -z "$1" ] || [ "${1#/}" != "$1" ]; then echo "$1"; else echo "$RCU_UP_ROOT/$1"; fi; }

# The run's boots whose logs show the kernel's banner, one "ARCH STAGE
# KERNEL MB SHA256" line each (SHA256 "-" where the run kept none): the
# evidence for its silent small guests.
while IFS=$'\t' read -r b_arch b_stage b_scen b_mem b_dir b_log; do
	b_log=$(abs "$b_log")
	grep -aq 'Linux version' "$b_log" 2>/dev/null || continue
	b_sum=$(cat "$(abs "$b_dir")/image.sha256" 2>/dev/null || true)
	echo "$b_arch $b_stage $(scenario_kernel "$b_scen") $b_mem ${b_sum:--}"
done < <(jq -r 'select((.log // "") != "") | [(.arch // "x86_64"), .stage, .scenario, .mem_mb, (if (.dir // "") == "" then "-" else .dir end), .log] | @tsv' "$run_root/results.jsonl") >"$tmp/banners"

# The smallest guest larger than MB in which this line's kernel printed its
# banner: run.sh's evidence (DIR/banner-mb) or the run's own logs.
larger_banner() { # ARCH STAGE SCENARIO MB DIR
	local kern sum
	kern=$(scenario_kernel "$3")
	sum=$(cat "$5/image.sha256" 2>/dev/null || true)
	awk -v a="$1" -v s="$2" -v k="$kern" -v m="$4" -v h="${sum:--}" -v r="$(cat "$5/banner-mb" 2>/dev/null || true)" '
		function take(x) { if (x + 0 > m + 0 && (!b || x + 0 < b)) b = x + 0 }
		BEGIN { if (r != "") take(r) }
		$1 == a && $2 == s && $3 == k && (h == "-" || $5 == "-" || $5 == h) { take($4) }
		END { if (b) print b }' "$tmp/banners"
}

# One JSON line judged again (on stdout); what changed goes to $tmp/changes.
# shellcheck disable=SC2034 # judge_boot (lib.sh) reads the run's variables
recheck_line() { # JSON
	local json=$1 dir logf rc suite type mem stage scen extra want_impl RCU_IMPL_CONFIG bootargs kernel_config
	local verdict reason perf boot_impl old larger_banner_mb arch
	old=$(jq -r .verdict <<<"$json")
	dir=$(abs "$(jq -r '.dir // ""' <<<"$json")")
	logf=$(abs "$(jq -r '.log // ""' <<<"$json")")
	case $old in
	SKIP | INTERRUPTED | BUILT | BUILD-FAIL | BUILD-WARN | CONFIG-MISMATCH)
		echo "$json"
		return 0
		;;
	esac
	if [ ! -f "$logf" ] || [ ! -f "$dir/qemu-exit" ]; then
		log "$(jq -r '"line \(.line // "?"): \(.stage) \(.scenario) \(.torture_type) \(.boot_args)"' <<<"$json"): no console log or QEMU exit status in ${dir#"$RCU_UP_ROOT"/}; its verdict is kept"
		echo "$json"
		return 0
	fi
	rc=$(cat "$dir/qemu-exit")
	read -r suite type mem stage scen want_impl RCU_IMPL_CONFIG < <(jq -r '[(.suite // "rcutorture"), .torture_type,
		.mem_mb, .stage, .scenario, .rcu_impl.expected, .rcu_impl.config] | join(" ")' <<<"$json")
	arch=$(jq -r '.arch // "x86_64"' <<<"$json")
	larger_banner_mb=$(larger_banner "$arch" "$stage" "$scen" "$mem" "$dir")
	extra=$(jq -r '.boot_args // ""' <<<"$json")
	bootargs=$(cat "$dir/bootargs" 2>/dev/null || true)
	kernel_config=$dir/config
	judge_boot
	[ "$verdict" = "$old" ] ||
		jq -r --arg v "$verdict" --arg r "$reason" '"line \(.line // "?"): \(.arch) stage \(.stage) \(.scenario) \(.torture_type) \(.boot_args): \(.verdict) -> \($v) \($r)"' <<<"$json" >>"$tmp/changes"
	jq -c --arg v "$verdict" --arg r "$reason" --argjson perf "$perf" --arg bi "$boot_impl" --arg at "$now" --arg by "$harness" '
		.earlier_verdicts = ((.earlier_verdicts // []) + [{verdict, reason, as_expected, perf, boot_impl: .rcu_impl.boot, until: $at}]) |
		.verdict = $v | .reason = $r | .as_expected = ($v == .expected_verdict) | .perf = $perf |
		.rcu_impl.boot = $bi | .rechecked = {at: $at, harness: $by}' <<<"$json"
}

: >"$tmp/changes"
while IFS= read -r json; do
	[ -n "$json" ] || continue
	recheck_line "$json"
done <"$run_root/results.jsonl" >"$tmp/results.jsonl"
while IFS= read -r json; do table_row "$json"; done <"$tmp/results.jsonl" >"$tmp/table.tsv"

# The run's lines in RESULTS, in their places, replaced under its lock
# (run.sh appends under it).
if [ -f "$results" ]; then
	{
		flock 6
		jq -c --slurpfile new "$tmp/results.jsonl" '
			($new | map({key: .dir, value: .}) | from_entries) as $by |
			if (.dir // "") != "" and $by[.dir] != null and .run == $by[.dir].run then $by[.dir] else . end' "$results" >"$tmp/all.jsonl"
		[ "$(wc -l <"$tmp/all.jsonl")" = "$(wc -l <"$results")" ] || die "rewriting $results lost lines; it is left as it was"
		cat "$tmp/all.jsonl" >"$results.new" && mv "$results.new" "$results"
	} 6>>"$results.lock"
fi
mv "$tmp/results.jsonl" "$run_root/results.jsonl"
mv "$tmp/table.tsv" "$run_root/table.tsv"

echo
{
	printf 'arch/mem\tstage\tscenario\ttype\tsecs\tverdict\texpected\tRCU\tRCU dec\n'
	cat "$run_root/table.tsv"
} | column -t -s "$(printf '\t')"
echo
sed 's/^/changed: /' "$tmp/changes"
n=$(grep -c . "$run_root/results.jsonl" || true)
bad=$(jq -s 'map(select(.as_expected == false)) | length' "$run_root/results.jsonl")
intr=$(jq -s 'map(select(.verdict == "INTERRUPTED")) | length' "$run_root/results.jsonl")
others=""
[ "$intr" = 0 ] || others=", $intr interrupted"
log "rechecked run $run_id: $(grep -c . "$tmp/changes" || true) of $n verdicts changed; $((n - bad - intr)) of $n as expected$others; results in ${run_root#"$RCU_UP_ROOT"/}"
[ "$bad" -eq 0 ] || exit 3
