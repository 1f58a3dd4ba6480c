#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# build.sh STAGE SCENARIO [ARCH]: configure and build one kernel.
#
# tinyconfig + scenarios/arch/ARCH + scenarios/COMMON + the scenario, then
# olddefconfig, then a check that every option the fragments ask for (and
# every #CHECK# line) survived.  ARCH is x86_64 (default, or $RCU_UP_ARCH),
# arm or riscv64; the others are cross-compiled with Debian's gcc-ARCH-linux-*.
# One O= directory per (arch, stage, scenario), so rebuilds are incremental;
# ccache makes rebuilds across stages cheap.  Writes $O/rcu-up-build.env with
# the status (OK, BUILD-FAIL, BUILD-WARN: a warning in RCU code,
# CONFIG-MISMATCH), timings and RCU implementation.
# RCU_UP_BUILD_OBJECTS=1: only kernel/rcu/'s objects (kbuild's single
# directory target, prepare included), for their sizes: what a matrix line
# expecting BUILT needs.  The objects are those a whole build of the same
# .config links, and a whole build later in the same O= goes on from them.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

if [ $# -lt 2 ] || [ $# -gt 3 ]; then die "usage: $0 STAGE SCENARIO [ARCH]"; fi
stage=$1 scen=$2 arch=${3:-$RCU_UP_ARCH}
check_stage "$stage"
check_scenario "$scen"
check_arch "$arch"
# A scenario that only picks a test (#KERNEL#) builds the kernel it names.
scen=$(scenario_kernel "$scen")
need_cmds make gcc flex bison bc size
need_arch_tools "$arch" build
# RCU_UP_SRC/RCU_UP_O: build a development tree instead of a stage's.
if [ "${RCU_UP_BUILD_QUERY:-0}" = 1 ] && [ -z "${RCU_UP_SRC:-}" ]; then
	# A query does not prepare the stage tree: one not there yet is to build.
	"$RCU_UP_ROOT/scripts/workspace.sh" ready "$stage" || exit 10
	src=$(stage_src "$stage")
else
	src=${RCU_UP_SRC:-$("$RCU_UP_ROOT/scripts/workspace.sh" stage "$stage")}
fi
O=${RCU_UP_O:-$(build_dir "$stage" "$scen" "$arch")}
mkdir -p "$O"
status=$O/rcu-up-build.env
inputs=$O/rcu-up-build.inputs
JOBS=${JOBS:-$(( $(nproc) + 1 ))}
export CCACHE_DIR=${CCACHE_DIR:-$RCU_UP_WORK/ccache}
export CCACHE_BASEDIR=$RCU_UP_WORK CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 2026'
export KBUILD_BUILD_USER=rcu-up KBUILD_BUILD_HOST=qemu
cross=$(arch_cross "$arch")
CC=${cross}gcc
command -v ccache >/dev/null && [ "${CCACHE_DISABLE:-}" != 1 ] && CC="ccache $CC"
KMAKE=(make -C "$src" O="$O" ARCH="$(arch_kernel "$arch")" CC="$CC" HOSTCC=gcc)
[ -z "$cross" ] || KMAKE+=(CROSS_COMPILE="$cross")
target=$(arch_target "$arch")
objects_only=""
if [ "${RCU_UP_BUILD_OBJECTS:-0}" = 1 ]; then
	objects_only=y target=kernel/rcu/
fi
fragments_line=$(config_fragments "$scen" "$arch" "$stage")
read -r -a fragments <<<"$fragments_line"
where="$arch stage $stage / $scen"

suite=$(scenario_suite "$scen" "$stage")

# The test modules of a kernel with CONFIG_MODULES: the tree's own that the
# scenario asks for as modules (rcutorture, refscale, rcuscale and the
# torture.ko they need) and the misuse or perf suite's (tests/SUITE/rcu_SUITE.c,
# built against this kernel from a copy kept in $O/SUITE, so the repository
# stays clean).  "make modules" first: it builds the tree's and writes the
# Module.symvers an external module links against.  They all go into one
# cpio, appended to the initramfs at boot; our init loads the one the run's
# rcu_up.test= names.
# A suite without a module of its own names the suite whose module it loads
# ("#MODULE# perf": the latency suite's RCU load).
msuite=$(scenario_module_suite "$scen" "$stage")
module_dir=""
[ ! -f "$RCU_UP_ROOT/tests/$msuite/Kbuild" ] || module_dir=$RCU_UP_ROOT/tests/$msuite
module_cpio=$O/rcu-up-modules.cpio
want_modules=$(cat "${fragments[@]}" | sed -n 's/^CONFIG_MODULES=//p' | tail -n1)
[ "$want_modules" = y ] && [ -z "$objects_only" ] || want_modules=""
build_test_modules() {
	local ko
	"${KMAKE[@]}" -j"$JOBS" modules || return
	if [ -n "$module_dir" ]; then
		mkdir -p "$O/$msuite"
		cp -u "$module_dir/Kbuild" "$module_dir/rcu_$msuite.c" "$O/$msuite/"
		"${KMAKE[@]}" M="$O/$msuite" modules || return
	fi
	for ko in "$O"/kernel/torture.ko "$O"/kernel/rcu/{rcutorture,refscale,rcuscale}.ko "$O/$msuite/rcu_$msuite.ko"; do
		[ ! -f "$ko" ] || echo "file /$(basename "$ko") $ko 0644 0 0"
	done >"$O/rcu-up-modules.list"
	"$O/usr/gen_init_cpio" "$O/rcu-up-modules.list" >"$module_cpio"
}

# ccache's counters of compilations served from the cache and compiled:
# "hits misses" (nothing when this build does not use ccache).
ccache_counts() {
	[[ "$CC" == ccache* ]] || return 0
	ccache --print-stats 2>/dev/null | awk -F'\t' '
		$1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { h += $2 }
		$1 == "cache_miss" { m += $2 }
		END { print h + 0, m + 0 }'
}

write_status() { # status, then extra KEY=VALUE lines
	{
		echo "BUILD_STATUS=$1"
		shift
		printf '%s\n' "$@"
	} >"$status"
}

# Everything this build is made from: the stage tree's commit (its worktree
# clean), the config fragments, the compiler, the test module's sources and
# the build scripts themselves.  When none of it changed since this kernel
# last built OK, the kernel, its status file and its sizes stand: no
# configure, no make (RCU_UP_REBUILD=1 forces both).  A development tree
# (RCU_UP_SRC) is always handed to make.
src_state=$(tree_state "$src")
build_inputs() {
	{
		echo "$arch $stage $scen"
		echo "$src_state"
		cat "${fragments[@]}"
		"${cross}gcc" --version | head -n1
		[ -z "$module_dir" ] || cat "$module_dir/Kbuild" "$module_dir/rcu_$msuite.c"
		cat "$0" "$RCU_UP_ROOT/scripts/lib.sh"
	} | sha256sum | cut -d' ' -f1
}
want_inputs=$(build_inputs)
up_to_date() {
	[ -z "${RCU_UP_SRC:-}" ] && [ "${RCU_UP_REBUILD:-0}" != 1 ] && [ -n "$src_state" ] && [ -f "$inputs" ] &&
	[ "$(cat "$inputs")" = "$want_inputs" ] &&
	{ [ -f "$O/$(arch_image "$arch")" ] || { [ -n "$objects_only" ] && [ -f "$O/kernel/rcu/built-in.a" ]; }; } &&
	grep -qx 'BUILD_STATUS=OK' "$status" 2>/dev/null &&
	{ [ -z "$want_modules" ] || [ -f "$module_cpio" ]; }
}
# RCU_UP_BUILD_QUERY=1: only say whether this kernel is up to date (exit 0)
# or would be built (exit 10), for run.sh's estimate of the time left.
if [ "${RCU_UP_BUILD_QUERY:-0}" = 1 ]; then
	up_to_date && exit 0
	exit 10
fi
if up_to_date; then
	log "$where: up to date, not rebuilt (tree, fragments, compiler and scripts unchanged since its build of $(date -r "$inputs" '+%F %H:%M'))"
	echo "$O"
	exit 0
fi
rm -f "$status" "$inputs"

# Configure into a candidate file and only replace .config when it differs,
# so an unchanged scenario does not make kbuild re-sync and rebuild.
log "$where: configuring (tinyconfig + arch/$arch + COMMON + $scen)"
t0=$(date +%s)
cand=.config.rcu-up
"${KMAKE[@]}" -s KCONFIG_CONFIG=$cand tinyconfig >"$O/config.log" 2>&1
{
	grep -h '^CONFIG_' "${fragments[@]}"
} | sed -e 's/^\(CONFIG_[A-Za-z0-9_]*\)=n$/# \1 is not set/' >>"$O/$cand"
"${KMAKE[@]}" -s KCONFIG_CONFIG=$cand olddefconfig >>"$O/config.log" 2>&1
cmp -s "$O/$cand" "$O/.config" || cp "$O/$cand" "$O/.config"

# Every option asked for must be in .config, except the tree's CFcommon
# lines, which are kvm.sh's defaults for its own (x86) configurations.
mapfile -t checked_fragments < <(printf '%s\n' "${fragments[@]}" | grep -v '/CFcommon[^/]*$')
dropped=$(config_dropped "$O/.config" "${checked_fragments[@]}")
impl=$(config_rcu_impl "$O/.config")
if [ -n "$dropped" ]; then
	log "$where: CONFIG-MISMATCH: Kconfig dropped or changed: $dropped"
	write_status CONFIG-MISMATCH "RCU_IMPL_CONFIG=$impl" "DROPPED='$dropped'"
	exit 3
fi

log "$where: building $target in $O ($impl, -j$JOBS)"
build_log=$O/build.log
rm -f "$O/.rcu-up-build-start"
tq=$(date +%s)
(
	flock -n 9 || { log "  waiting for another kernel build to finish (one at a time)"; flock 9; }
	date +%s >"$O/.rcu-up-build-start"
	ccache_counts >"$O/.rcu-up-ccache-before"
	"${KMAKE[@]}" -j"$JOBS" "$target" >"$build_log" 2>&1
	[ -z "$want_modules" ] || build_test_modules >>"$build_log" 2>&1
	ccache_counts >"$O/.rcu-up-ccache-after"
) 9>"$KBUILD_LOCK" &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
	sleep 15
	kill -0 "$pid" 2>/dev/null || break
	if [ -f "$O/.rcu-up-build-start" ]; then
		log "  building: $(grep -c '^  [A-Z]' "$build_log" 2>/dev/null || true) steps, $(( $(date +%s) - $(cat "$O/.rcu-up-build-start") ))s: $(tail -n1 "$build_log" 2>/dev/null | cut -c1-70)"
	else
		log "  waiting for the build lock ($KBUILD_LOCK) for $(( $(date +%s) - tq ))s"
	fi
done
if ! wait "$pid"; then
	grep -E 'error|Error' "$build_log" | head -20 >&2 || true
	log "$where: BUILD-FAIL (log: $build_log)"
	write_status BUILD-FAIL "RCU_IMPL_CONFIG=$impl" "BUILD_LOG=$build_log"
	exit 4
fi
t1=$(date +%s)
# Time spent waiting for another build's lock is not this build's time.
waited=$(( $(cat "$O/.rcu-up-build-start" 2>/dev/null || echo "$tq") - tq ))
[ "$waited" -ge 0 ] || waited=0

# Warnings in RCU code fail the run (BUILD-WARN): the kernel tree's
# parse-build.sh on this build's log plus the RCU warnings earlier builds of
# $O recorded for objects this one did not recompile (kbuild prints a
# warning only when it compiles the file; scripts/lib.sh
# rcu_build_warnings).  They are kept in $O/rcu-up-warnings.
check_build_warnings() {
	local pb=$src/tools/testing/selftests/rcutorture/bin checked=$O/build.rcu-checked.log
	rcu_build_warnings "$build_log" "$O/rcu-up-warnings" >"$O/rcu-up-warnings.new"
	mv "$O/rcu-up-warnings.new" "$O/rcu-up-warnings"
	cat "$build_log" "$O/rcu-up-warnings" >"$checked"
	if [ -x "$pb/parse-build.sh" ]; then
		(cd "$O" && PATH=$pb:$PATH TORTURE_TRUST_MAKE=1 bash "$pb/parse-build.sh" "$checked" "stage $stage $scen") >/dev/null 2>&1 || return 1
	fi
	[ ! -s "$O/rcu-up-warnings" ]
}
build_status=OK
if ! check_build_warnings; then
	build_status=BUILD-WARN
	log "$where: BUILD-WARN, warnings in RCU code:"
	sed 's/^/  /' "$O/rcu-up-warnings" >&2
fi

# Footprint: every object linked from kernel/rcu except the test modules.
rcu_objs=()
for o in "$O"/kernel/rcu/*.o; do
	case $(basename "$o") in
	rcutorture.o|rcuscale.o|refscale.o|built-in.o|*.mod.o) ;;
	*) rcu_objs+=("$o") ;;
	esac
done
SIZE=${cross}size
command -v "$SIZE" >/dev/null || SIZE=size
sizes=$("$SIZE" "${rcu_objs[@]}")
rcu_size=$(awk 'NR > 1 { t += $1; d += $2; b += $3; x += $4 } END { print t, d, b, x }' <<<"$sizes")
# Per object, "name text data bss dec" separated by ";": the article's tables.
rcu_obj_sizes=$(awk 'NR > 1 { n = split($6, p, "/"); printf "%s%s %s %s %s %s", (NR > 2 ? ";" : ""), p[n], $1, $2, $3, $4 }' <<<"$sizes")
vml_size=""
[ -n "$objects_only" ] || vml_size=$("$SIZE" "$O/vmlinux" | awk 'NR == 2 { print $1, $2, $3, $4 }')
image=$O/$(arch_image "$arch")
[ -z "$objects_only" ] || image=""
write_status "$build_status" "RCU_IMPL_CONFIG=$impl" "RCU_OBJ_SIZES='$rcu_obj_sizes'" \
	"RCU_SIZE='$rcu_size'" "VMLINUX_SIZE='$vml_size'" \
	"BUILD_SECONDS=$((t1 - t0 - waited))" "BUILD_WAIT_SECONDS=$waited" "BUILD_LOG=$build_log" \
	"BUILD_ARCH=$arch" "BUILD_IMAGE=$image" \
	"RCU_WARNINGS=$(head -n1 "$O/rcu-up-warnings" | cut -c1-150 | sed 's/[^A-Za-z0-9_.:/ -]/_/g; s/.*/"&"/')"
wait_note=""
[ "$waited" -eq 0 ] || wait_note=" (after ${waited}s waiting for the build lock)"
# This build's compilations, from ccache's counters around it (the build
# lock keeps other builds of this work directory out of them).
cc_note=""
if read -r h0 m0 <"$O/.rcu-up-ccache-before" && read -r h1 m1 <"$O/.rcu-up-ccache-after"; then
	hits=$((h1 - h0)) misses=$((m1 - m0))
	cc_note="; ccache: $hits of $((hits + misses)) compilations from the cache"
	[ $((hits + misses)) -eq 0 ] || cc_note+=" ($((100 * hits / (hits + misses)))%)"
	echo "CCACHE_HITS=$hits" >>"$status"
	echo "CCACHE_MISSES=$misses" >>"$status"
fi 2>/dev/null
log "$where: built in $((t1 - t0 - waited))s$wait_note$cc_note; RCU objects text/data/bss/dec: $rcu_size"
[ "$build_status" = OK ] || exit 5
echo "$want_inputs" >"$inputs"
echo "$O"
