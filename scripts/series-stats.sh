#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# series-stats.sh: lines each stage of the series adds and removes, computed
# from the patches themselves (git apply --numstat), and the cumulative diff
# of the last stage against the packaged tree.  TSV on stdout:
#   stage  patch  added  removed
#   cumulative  <files differing from stage 0 after the last stage, or "none">
set -euo pipefail
. "$(dirname "$0")/lib.sh"

printf 'stage\tpatch\tadded\tremoved\n'
for p in $(series_patches "$(max_stage)"); do
	git apply --numstat "$RCU_UP_ROOT/patches/$p" |
		awk -v s="$(patch_stage "$p")" -v p="$p" '{ a += $1; r += $2 }
			END { printf "%s\t%s\t%d\t%d\n", s, p, a, r }'
done
last=$("$RCU_UP_ROOT/scripts/workspace.sh" stage "$(max_stage)")
diff=$(git -C "$last" diff --name-only base HEAD | tr '\n' ' ')
printf 'cumulative\t%s\n' "${diff:-none}"
