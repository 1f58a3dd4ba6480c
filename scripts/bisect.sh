#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# bisect.sh [SECONDS]: walk the series one patch at a time.  For each prefix
# of K patches, build the scenarios every patch of this series can affect
# (UP-NONE: TINY_RCU's code moves; UP-PREEMPT: the implementation changes;
# SMP-PREEMPT: shared headers) and boot each under rcutorture.  Between the
# stage boundaries the implementation a scenario gets is whatever the prefix
# gives, so only the verdict is checked there; at a boundary, the
# implementation too.  A
# patch that breaks the build or the boot is a failure naming the patch.
# A prefix that ends a stage is that stage: it is built in the stage's own
# build directories (shared with make run), only the others get their own.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

secs=${1:-30}
mapfile -t all < <(series_patches "$(max_stage)")
mkdir -p "$RCU_UP_RESULTS"
results=$RCU_UP_RESULTS/bisect.jsonl
bad=0
# The stage whose series is exactly the first K patches, or nothing.
stage_of_prefix() {
	local s
	for s in $(seq 1 "$(max_stage)"); do
		[ "$(series_patches "$s" | wc -l)" -eq "$1" ] && { echo "$s"; return 0; }
	done
	return 0
}

for k in $(seq 1 ${#all[@]}); do
	p=${all[$((k - 1))]}
	stage=$(stage_of_prefix "$k") src=""
	if [ -z "$stage" ]; then
		stage=$(patch_stage "$p")
		src=$("$RCU_UP_ROOT/scripts/workspace.sh" upto "$k")
	fi
	for scen in UP-NONE UP-PREEMPT SMP-PREEMPT; do
		log "bisect: patch $k/${#all[@]} ($p): $scen${src:+ (between stages: own tree and build)}"
		# Its own run directory (results/runs/RUN_ID-bisect-patch-K-SCEN),
		# whatever else runs at the same second.
		env=("RCU_UP_RUN_TAG=bisect-patch-$k-$scen")
		[ -z "$src" ] || env+=(RCU_UP_NO_IMPL_CHECK=1 "RCU_UP_SRC=$src" "RCU_UP_O=$RCU_UP_WORK/patch-$k/build/$scen")
		matrix=$(mktemp "$RCU_UP_RESULTS/.bisect.matrix.XXXXXX")
		printf '%s %s rcu %s\n' "$stage" "$scen" "$secs" >"$matrix"
		if ! env "${env[@]}" "$RCU_UP_ROOT/scripts/run.sh" "$matrix" "$results"; then
			log "bisect: FAILED at patch $k ($p), scenario $scen"
			bad=$((bad + 1))
		fi
		rm -f "$matrix"
	done
done
log "bisect: ${#all[@]} patches, $bad failing (patch, scenario) pairs"
[ "$bad" -eq 0 ]
