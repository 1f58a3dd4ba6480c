#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# memfloor.sh [-a ARCH] [-H HIGH] [-n] STAGE SCENARIO [TYPE [SECONDS [KERNEL ARGS...]]]
#
# The memory floor of a kernel: the smallest guest (QEMU -m, in MB, down to
# 1) in which a SECONDS-long run of rcutorture TYPE (default rcu, 30 s) still
# PASSes, with the RCU implementation the stage should have.  Builds the
# kernel (scripts/build.sh; -n: boots the one already built), checks that
# HIGH MB (default 128) passes, then
# bisects: every probe is a whole boot judged as run.sh judges one
# (verdict.sh, lib.sh's mem_verdict with the kernel's banners in larger
# guests as the evidence for a silent one, the implementation in .config
# and in the boot log).
# Progress goes to stderr; the last stdout line is the floor; a JSON line
# per search is appended to results/memfloor.jsonl, and every probe's
# console log is kept under results/logs/memfloor/ARCH/stage-N/SCENARIO/TIME/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { die "usage: $0 [-a ARCH] [-H HIGH_MB] [-n] STAGE SCENARIO [TYPE [SECONDS [KERNEL ARGS...]]]"; }
arch=$RCU_UP_ARCH high=128 build=yes
while getopts a:H:n o; do
	case $o in
	a) arch=$OPTARG ;;
	H) high=$OPTARG ;;
	n) build=no ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || usage
stage=$1 scen=$2 type=${3:-rcu} secs=${4:-30}
shift $(($# < 4 ? $# : 4))
extra=("$@")
check_arch "$arch"
check_stage "$stage"
check_scenario "$scen"
# One of the kernel tree's scenarios is read from the stage's tree.
[ -f "$SCENARIO_DIR/$scen" ] || "$RCU_UP_ROOT/scripts/workspace.sh" stage "$stage" >/dev/null
if ! [[ "$high" =~ ^[0-9]+$ ]] || [ "$high" -lt 2 ]; then
	die "-H wants a size in MB of at least 2, not '$high'"
fi
[[ "$secs" =~ ^[0-9]+$ ]] || die "'$secs' is not a number of seconds"
skip=$(scenario_skip_reason "$stage" "$scen" "$arch")
[ -z "$skip" ] || die "$scen cannot run on $arch at stage $stage: $skip"
[ "$(scenario_suite "$scen" "$stage")" = rcutorture ] || die "$scen is not an rcutorture scenario"
need_cmds jq

O=$(build_dir "$stage" "$scen" "$arch")
if [ $build = yes ]; then
	"$RCU_UP_ROOT/scripts/build.sh" "$stage" "$scen" "$arch" </dev/null >/dev/null ||
		die "the kernel did not build (see $O/build.log)"
fi
BUILD_STATUS=none
# shellcheck disable=SC1091
[ ! -f "$O/rcu-up-build.env" ] || . "$O/rcu-up-build.env"
[ "$BUILD_STATUS" = OK ] || die "no kernel built in $O (status $BUILD_STATUS); run: scripts/build.sh $stage $scen $arch"
want=$(expected_rcu_impl "$stage" "$scen")
bootargs=$(scenario_boot "$scen" "$stage" | tr '\n' ' ')
bootargs+=" rcutorture.torture_type=$type rcutorture.shutdown_secs=$secs rcutorture.stat_interval=15 ${extra[*]}"
# A directory of its own per search: boot.sh never overwrites a log.
logdir=$(fresh_dir "$RCU_UP_RESULTS/logs/memfloor/$arch/stage-$stage/$scen/$(date -u +%Y%m%dT%H%M%SZ)")

# probe MB: boot once in MB megabytes; prints "PASS" or "VERDICT reason".
probe() {
	local mb=$1 logf=$logdir/$type-m${1}M.log rc=0 verdict reason mv impl
	# shellcheck disable=SC2086
	RCU_UP_ARCH=$arch RCU_UP_MEM=$mb RCU_UP_SILENT_LIMIT=${RCU_UP_SILENT_LIMIT:-20} "$RCU_UP_ROOT/scripts/boot.sh" "$O/$(arch_image "$arch")" \
		"$(scenario_cpus "$scen" "$stage")" "$((secs + ${RCU_UP_BOOT_SLACK:-60}))" "$logf" $bootargs \
		</dev/null >/dev/null 2>&1 || rc=$?
	read -r verdict reason < <("$RCU_UP_ROOT/scripts/verdict.sh" "$logf" "$rc" rcutorture)
	# A probe that printed nothing is NOMEM only when this kernel printed
	# its banner in a larger guest (this search's first probe, HIGH MB,
	# passes, so it always has).
	mv=$(mem_verdict "$logf" "$mb" "$(banner_mb "$O" "$O/$(arch_image "$arch")" "$mb")")
	[ -z "$mv" ] || verdict=${mv%% *} reason=${mv#* }
	banner_note "$O" "$O/$(arch_image "$arch")" "$mb" "$logf"
	impl=$(log_rcu_impl "$logf")
	if [ "$verdict" = PASS ] && { [ "$impl" != "$want" ] || [ "$RCU_IMPL_CONFIG" != "$want" ]; }; then
		verdict=FAIL reason="expected $want, .config has $RCU_IMPL_CONFIG, boot log shows $impl"
	fi
	echo "$verdict ${reason:0:120}"
}

declare -A seen=()
try() { # MB: log the probe, return 0 when it passed
	local r
	r=$(probe "$1")
	seen[$1]=$r
	log "$arch stage $stage $scen ($want) in $1 MB: $r"
	[ "${r%% *}" = PASS ]
}

t0=$SECONDS
log "$arch stage $stage $scen: memory floor of a ${secs}s rcutorture $type run, bisecting -m between 1 and $high MB"
try "$high" || die "it does not pass even in $high MB (${seen[$high]}); logs in $logdir"
lo=0 hi=$high # hi passes; lo fails (0 MB cannot boot)
while [ $((hi - lo)) -gt 1 ]; do
	mid=$(((lo + hi) / 2))
	if try "$mid"; then hi=$mid; else lo=$mid; fi
	log "  floor between $((lo + 1)) and $hi MB ($((SECONDS - t0))s so far)"
done
below=${seen[$lo]:-"nothing boots in 0 MB"}
mkdir -p "$RCU_UP_RESULTS"
jq -cn --arg arch "$arch" --argjson stage "$stage" --arg scenario "$scen" --arg type "$type" \
	--argjson seconds "$secs" --arg args "${extra[*]}" --arg impl "$want" --argjson floor_mb "$hi" \
	--arg below "$below" --argjson probes "${#seen[@]}" --argjson search_s "$((SECONDS - t0))" \
	--arg date "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
	'{date: $date, arch: $arch, stage: $stage, scenario: $scenario, torture_type: $type,
	  seconds: $seconds, boot_args: $args, rcu_impl: $impl, floor_mb: $floor_mb,
	  below_floor: $below, probes: $probes, search_seconds: $search_s}' >>"$RCU_UP_RESULTS/memfloor.jsonl"
log "logs in ${logdir#"$RCU_UP_ROOT"/}; result appended to ${RCU_UP_RESULTS#"$RCU_UP_ROOT"/}/memfloor.jsonl"
echo "memory floor: $hi MB ($arch, stage $stage, $scen, $want, rcutorture $type ${secs}s${extra[*]:+, ${extra[*]}}; in $lo MB: $below)"
