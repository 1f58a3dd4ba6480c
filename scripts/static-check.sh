#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# static-check.sh [STAGE:SCENARIO...]: sparse (make C=2) and gcc's W=1
# warnings over kernel/rcu/ of kernels already built (default: one kernel per
# RCU implementation at each stage, all of them in matrix/check).  A warning
# in a file the stage's patches change (or add) that no stage-0 kernel has
# fails: the series may add none.  Warnings in files it leaves as packaged
# are counted, not judged: make check builds no stage-0 kernel with every
# option of the later stages' (Tasks RCU on PREEMPT_RT, say), so their
# stage-0 warnings are not all in the baseline.  Each kernel's
# warnings are kept in its build directory, with the hash of what it was
# built from and of this script, so an unchanged kernel is not checked again.
# Prints "STAGE SCENARIO: N warnings, M new" per kernel, then every new one;
# exits non-zero if any.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# Stage 0's tree-on-UP kernel is the baseline.
DEFAULT_KERNELS="0:UP-PREEMPT 1:UP-PREEMPT 1:TINYP04 2:TINYP04 2:UP-PREEMPT 3:UP-PREEMPT"
read -r -a kernels <<<"${*:-$DEFAULT_KERNELS}"
need_cmds make gcc
command -v sparse >/dev/null || die "sparse is missing: run 'make deps' (as root: apt-get install -y sparse)"

# The make command line build.sh uses (same CC), so that kbuild finds the
# objects up to date and only the checker runs.
export CCACHE_DIR=${CCACHE_DIR:-$RCU_UP_WORK/ccache}
export CCACHE_BASEDIR=$RCU_UP_WORK CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
CC=gcc
command -v ccache >/dev/null && [ "${CCACHE_DISABLE:-}" != 1 ] && CC="ccache $CC"

# A warning without where it is: the path from the tree's top, no line or
# column, so that the same warning matches across stages.
normalize() {
	grep -E ': (warning|error):' |
		sed -E -e 's#^([^:]*/)?((kernel|include|arch|lib|mm|init)/[^:]*):[0-9]+(:[0-9]+)?:#\2:#' |
		sort -u
}

# sparse over every object of kernel/rcu/, then W=1 into assembly files
# (kernel/rcu/*.s), which leaves the objects, and so the kernel, as built.
check_kernel() { # STAGE SCENARIO -> prints the normalized warnings
	local stage=$1 scen=$2 src O key cache objs
	src=$(stage_src "$stage")
	O=$(build_dir "$stage" "$scen")
	grep -qx 'BUILD_STATUS=OK' "$O/rcu-up-build.env" 2>/dev/null ||
		die "stage $stage $scen: no kernel built OK in $O; build it first (scripts/build.sh $stage $scen)"
	key=$(cat "$O/rcu-up-build.inputs" "$0" | sha256sum | cut -d' ' -f1)
	cache=$O/rcu-up-static.txt
	if [ -f "$cache.key" ] && [ "$(cat "$cache.key")" = "$key" ] && [ -f "$cache" ]; then
		cat "$cache"
		return
	fi
	rm -f "$cache.key"
	mapfile -t objs < <(cd "$O" && ls kernel/rcu/*.o | grep -v '/built-in\.o$' | sed 's/\.o$/.s/')
	log "static checks: stage $stage $scen: sparse and W=1 over ${#objs[@]} files of kernel/rcu/"
	{
		make -C "$src" O="$O" ARCH=x86 CC="$CC" HOSTCC=gcc C=2 kernel/rcu/ 2>&1
		make -C "$src" O="$O" ARCH=x86 CC="$CC" HOSTCC=gcc W=1 "${objs[@]}" 2>&1
	} >"$O/rcu-up-static.log" || die "stage $stage $scen: make failed; see $O/rcu-up-static.log"
	normalize <"$O/rcu-up-static.log" >"$cache"
	echo "$key" >"$cache.key"
	cat "$cache"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/baseline"
for k in "${kernels[@]}"; do
	[[ "$k" == *:* ]] || die "'$k' is not STAGE:SCENARIO (e.g. 1:TINYP04)"
	check_stage "${k%%:*}"
	check_kernel "${k%%:*}" "${k#*:}" >"$tmp/$k"
	[ "${k%%:*}" != 0 ] || cat "$tmp/$k" >>"$tmp/baseline"
	[ "${k%%:*}" != 0 ] || (cd "$(build_dir 0 "${k#*:}")" && ls kernel/rcu/*.o) | sed 's/\.o$/.c/' >>"$tmp/baseline-built"
done
sort -u -o "$tmp/baseline" "$tmp/baseline"
touch "$tmp/baseline-built"
# The files judged: those the series changes, but not a kernel/rcu/*.c that
# is packaged and that no stage-0 kernel here compiles (tiny.c when only
# tree kernels are the baseline): its packaged warnings would count as new.
judged_files() { # STAGE
	local src
	src=$(stage_src "$1")
	git -C "$src" diff --name-only --diff-filter=A rcu-up-base HEAD
	git -C "$src" diff --name-only --diff-filter=M rcu-up-base HEAD |
		awk 'NR == FNR { built[$0] = 1; next } !/^kernel\/rcu\/[^\/]*\.c$/ || ($0 in built)' \
			"$tmp/baseline-built" -
}
bad=0
for k in "${kernels[@]}"; do
	judged_files "${k%%:*}" | sed 's/[.^$*+?()|[\]/\\&/g; s/.*/^&:/' >"$tmp/$k.files"
	comm -23 "$tmp/$k" "$tmp/baseline" | { grep -f "$tmp/$k.files" || true; } >"$tmp/$k.new"
	echo "stage ${k%%:*} ${k#*:}: $(wc -l <"$tmp/$k") warnings, $(wc -l <"$tmp/$k.new") new in files the series changes"
	sed 's/^/  new: /' "$tmp/$k.new"
	[ ! -s "$tmp/$k.new" ] || bad=1
done
exit $bad
