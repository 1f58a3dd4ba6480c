# SPDX-License-Identifier: GPL-2.0-only
# shellcheck shell=bash
# Common helpers for the rcu-up harness.  Sourced, never executed.

RCU_UP_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RCU_UP_WORK=${RCU_UP_WORK:-$RCU_UP_ROOT/work}
RCU_UP_RESULTS=${RCU_UP_RESULTS:-$RCU_UP_ROOT/results}
RCU_UP_TARBALL=${RCU_UP_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
SERIES=${SERIES:-$RCU_UP_ROOT/patches/series}
SCENARIO_DIR=${SCENARIO_DIR:-$RCU_UP_ROOT/scenarios}
KBUILD_LOCK=${KBUILD_LOCK:-/tmp/rcu-up-kbuild.lock}

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

need_cmds() {
	local missing=() c
	for c in "$@"; do
		command -v "$c" >/dev/null 2>&1 || missing+=("$c")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	die "missing commands: ${missing[*]}; run 'make deps' (as root: apt-get install -y $(deps_packages))"
}

deps_packages() {
	echo "linux-source-6.12 qemu-system-x86 build-essential bc bison flex" \
	     "libelf-dev libssl-dev cpio xz-utils ccache gnuplot-nox jq bats git" \
	     "python3 python3-ply python3-git perl bsdextrautils"
}

# Highest stage number declared in the series file ("# stage N: ...").
max_stage() {
	awk '/^#[[:space:]]*stage[[:space:]]+[0-9]+/ { n = $3 + 0; if (n > m) m = n }
	     END { print m + 0 }' "$SERIES"
}

check_stage() {
	local s=$1 max
	max=$(max_stage)
	[[ "$s" =~ ^[0-9]+$ ]] && [ "$s" -le "$max" ] && return 0
	die "unknown stage '$s'; valid stages: $(seq -s ' ' 0 "$max")"
}

# Patches belonging to stages 1..N, in order (stage 0 has none).
series_patches() {
	local upto=$1
	awk -v upto="$upto" '
		/^#[[:space:]]*stage[[:space:]]+[0-9]+/ { st = $3 + 0; next }
		/^[[:space:]]*(#|$)/ { next }
		{ if (st >= 1 && st <= upto) print $1 }' "$SERIES"
}

# Stage a patch belongs to.
patch_stage() {
	awk -v p="$1" '
		/^#[[:space:]]*stage[[:space:]]+[0-9]+/ { st = $3 + 0; next }
		$1 == p { print st; exit }' "$SERIES"
}

scenario_list() {
	find "$SCENARIO_DIR" -maxdepth 1 -type f ! -name '*.*' ! -name 'COMMON' \
		! -name 'CFLIST*' ! -name 'README*' -printf '%f\n' | sort
}

check_scenario() {
	[ -f "$SCENARIO_DIR/$1" ] && [ "$1" != COMMON ] && return 0
	die "unknown scenario '$1'; valid scenarios: $(scenario_list | tr '\n' ' ')"
}

# work/stage-N/src and work/stage-N/build/SCENARIO: the same relative path
# from every build directory to its source tree, so that ccache (with
# CCACHE_BASEDIR=$RCU_UP_WORK) shares objects between stages that do not
# change them.
stage_src() { echo "$RCU_UP_WORK/stage-$1/src"; }
build_dir() { echo "$RCU_UP_WORK/stage-$1/build/$2"; }

# Value a config file gives an option: y/m/string, "n" when "is not set" or absent.
config_value() {
	local v
	v=$(sed -n -e "s/^$2=//p" -e "s/^# $2 is not set$/n/p" "$1" | tail -n1)
	echo "${v:-n}"
}

# The RCU implementation a .config selects.
config_rcu_impl() {
	local c=$1
	if [ "$(config_value "$c" CONFIG_TINY_PREEMPT_RCU)" = y ]; then
		echo TINY_PREEMPT_RCU
	elif [ "$(config_value "$c" CONFIG_TREE_RCU)" = y ]; then
		if [ "$(config_value "$c" CONFIG_PREEMPT_RCU)" = y ]; then
			echo PREEMPT_RCU
		else
			echo TREE_RCU
		fi
	elif [ "$(config_value "$c" CONFIG_TINY_RCU)" = y ]; then
		echo TINY_RCU
	else
		echo UNKNOWN
	fi
}

# The RCU implementation a console log announces (tree and tiny-preempt print a
# banner from rcu_init(); TINY_RCU prints none, so a booted kernel with no
# banner that reached rcutorture is TINY_RCU).
log_rcu_impl() {
	local f=$1
	if grep -q 'Preemptible tiny RCU implementation' "$f"; then
		echo TINY_PREEMPT_RCU
	elif grep -q 'Preemptible hierarchical RCU implementation' "$f"; then
		echo PREEMPT_RCU
	elif grep -q 'Hierarchical RCU implementation' "$f"; then
		echo TREE_RCU
	elif grep -q 'Linux version' "$f"; then
		echo TINY_RCU
	else
		echo UNKNOWN
	fi
}

# Options a scenario file requests: its CONFIG_ lines, then its #CHECK# lines.
scenario_options() {
	sed -n -e 's/^#CHECK#//' -e '/^CONFIG_[A-Za-z0-9_]*=/p' "$1"
}

# "#EXPECT-RCU# stageN=IMPL ..." in a scenario overrides the rule below.
# The rule is the Kconfig defaults of each stage: SMP gets tree RCU, UP without
# preemption TINY_RCU, UP with preemption TINY_PREEMPT_RCU at stage 1 only.
expected_rcu_impl() {
	local stage=$1 f=$SCENARIO_DIR/$2 o smp preempt
	o=$(sed -n "s/^#EXPECT-RCU#.*stage$stage=\([A-Z_]*\).*/\1/p" "$f")
	if [ -n "$o" ]; then
		echo "$o"
		return
	fi
	if grep -qx 'CONFIG_TINY_PREEMPT_RCU=y' "$f"; then
		echo TINY_PREEMPT_RCU
		return
	fi
	smp=$(grep -qx 'CONFIG_SMP=y' "$f" && echo y || echo n)
	preempt=$(grep -qEx 'CONFIG_(PREEMPT|PREEMPT_DYNAMIC|PREEMPT_RT)=y' "$f" && echo y || echo n)
	case $smp$preempt in
	yy) echo PREEMPT_RCU ;;
	yn) echo TREE_RCU ;;
	nn) echo TINY_RCU ;;
	ny) if [ "$stage" = 1 ]; then echo TINY_PREEMPT_RCU; else echo PREEMPT_RCU; fi ;;
	esac
}

scenario_cpus() {
	grep -qx 'CONFIG_SMP=y' "$SCENARIO_DIR/$1" && echo 2 || echo 1
}

# Options the fragments ask for that the final .config does not have, as
# "CONFIG_X=want(got:value)" words; empty when Kconfig kept everything.  A
# later fragment overrides an earlier one, as in the merged .config.
config_dropped() {
	local cfg=$1 opt want got out=() order=()
	local -A wanted=()
	shift
	while IFS='=' read -r opt want; do
		[ -n "${wanted[$opt]+set}" ] || order+=("$opt")
		wanted[$opt]=$want
	done < <(for f in "$@"; do scenario_options "$f"; done)
	for opt in "${order[@]}"; do
		got=$(config_value "$cfg" "$opt")
		[ "$got" = "${wanted[$opt]}" ] || out+=("$opt=${wanted[$opt]}(got:$got)")
	done
	echo "${out[*]}"
}

# Which test suite a scenario's kernel runs at boot: "#SUITE# refscale" or
# "#SUITE# rcuscale" in the scenario file, rcutorture otherwise.
scenario_suite() {
	local s
	s=$(sed -n 's/^#SUITE#[[:space:]]*\([a-z]*\).*/\1/p' "$SCENARIO_DIR/$1")
	echo "${s:-rcutorture}"
}

# Why SCENARIO cannot run at STAGE ("#STAGES# 1 2: reason"), or nothing.
scenario_skip_reason() {
	local stage=$1 f=$SCENARIO_DIR/$2 line stages
	line=$(sed -n 's/^#STAGES#[[:space:]]*//p' "$f")
	[ -n "$line" ] || return 0
	stages=${line%%:*}
	[[ " $stages " == *" $stage "* ]] && return 0
	echo "${line#*: }"
}
