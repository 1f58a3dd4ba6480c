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

# How long things took the last time they ran here, for estimates of what
# is left: "KEY<TAB>SECONDS" lines in results/timings.tsv, the newest last.
# Keys: "build ARCH STAGE SCENARIO", "boot ARCH MEM STAGE SCENARIO TYPE ARGS".
timing_get() { # KEY DEFAULT: the last time KEY took, or DEFAULT
	local v=""
	[ ! -f "$RCU_UP_RESULTS/timings.tsv" ] ||
		v=$(awk -F'\t' -v k="$1" '$1 == k { v = $2 } END { print v }' "$RCU_UP_RESULTS/timings.tsv")
	echo "${v:-$2}"
}
timing_put() { # KEY SECONDS (callers run one at a time)
	local f=$RCU_UP_RESULTS/timings.tsv
	mkdir -p "$RCU_UP_RESULTS"
	{ [ ! -f "$f" ] || awk -F'\t' -v k="$1" '$1 != k' "$f"; printf '%s\t%s\n' "$1" "$2"; } >"$f.new"
	mv "$f.new" "$f"
}
minutes_left() { # SECONDS: "about N min", rounded up
	echo "about $((($1 + 59) / 60)) min"
}

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
	     "python3 python3-ply python3-git perl bsdextrautils" \
	     "$(arch_packages arm) $(arch_packages riscv64)"
}

# Architectures: the guest arch names the matrix, RCU_UP_ARCH and the results
# use.  x86_64 is the default; the others are cross-built and emulated.
RCU_UP_ARCHES="x86_64 arm riscv64"
RCU_UP_ARCH=${RCU_UP_ARCH:-x86_64}

is_arch() { [[ " $RCU_UP_ARCHES " == *" $1 "* ]]; }

check_arch() {
	is_arch "$1" && return 0
	die "unknown arch '$1'; valid arches: $RCU_UP_ARCHES"
}

# ARCH= for the kernel's make.
arch_kernel() {
	case $1 in x86_64) echo x86 ;; arm) echo arm ;; riscv64) echo riscv ;; esac
}

# CROSS_COMPILE prefix (empty: the host's gcc).
arch_cross() {
	case $1 in x86_64) echo "" ;; arm) echo arm-linux-gnueabihf- ;; riscv64) echo riscv64-linux-gnu- ;; esac
}

# The make target and the image it leaves, relative to the build directory.
arch_target() {
	case $1 in x86_64) echo bzImage ;; arm) echo zImage ;; riscv64) echo Image ;; esac
}
arch_image() { echo "arch/$(arch_kernel "$1")/boot/$(arch_target "$1")"; }

arch_qemu() {
	case $1 in x86_64) echo qemu-system-x86_64 ;; arm) echo qemu-system-arm ;; riscv64) echo qemu-system-riscv64 ;; esac
}

# The QEMU machine options (besides -m, -smp and the console).
arch_machine() {
	case $1 in
	x86_64) echo "" ;;
	arm) echo "-M virt -cpu cortex-a15" ;;
	riscv64) echo "-M virt -bios default" ;;
	esac
}

arch_console() {
	case $1 in x86_64|riscv64) echo ttyS0 ;; arm) echo ttyAMA0 ;; esac
}

# Debian packages an arch's builds and boots need beyond the common ones.
arch_packages() {
	case $1 in
	x86_64) echo "" ;;
	arm) echo "gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-system-arm" ;;
	riscv64) echo "gcc-riscv64-linux-gnu libc6-dev-riscv64-cross qemu-system-misc" ;;
	esac
}

# Die with the exact apt-get command when an arch's compiler or QEMU is missing.
need_arch_tools() { # ARCH build|boot
	local a=$1 what=$2 c
	case $what in
	build) c=$(arch_cross "$a")gcc ;;
	boot) c=$(arch_qemu "$a") ;;
	esac
	command -v "$c" >/dev/null 2>&1 && return 0
	if [ "$a" = x86_64 ]; then
		die "no $c for $a; as root run: apt-get install -y $( [ "$what" = build ] && echo build-essential || echo qemu-system-x86)"
	fi
	die "no $c for $a; as root run: apt-get install -y $(arch_packages "$a")"
}

# A matrix line: [ARCH] STAGE SCENARIO TYPE SECONDS [EXPECTED] [KERNEL ARGS...],
# where ARCH is present only when the first word is an arch name (old lines
# without it mean x86_64), and mem=SIZE among the kernel arguments is taken
# as the guest's memory (QEMU -m), not passed to the kernel.  Prints
# "arch stage scenario type seconds expected mem args..." (mem "-": the
# default; expected "-" or absent: PASS).
matrix_fields() {
	local arch=x86_64 stage scen type secs expect w mem="" args=()
	read -r -a w <<<"$1"
	if [ ${#w[@]} -gt 0 ] && is_arch "${w[0]}"; then
		arch=${w[0]}
		w=("${w[@]:1}")
	elif [ ${#w[@]} -gt 0 ] && [[ "${w[0]}" =~ ^[a-z][a-z0-9_]*$ ]]; then
		die "unknown arch '${w[0]}' in matrix line '$1'; valid arches: $RCU_UP_ARCHES"
	fi
	stage=${w[0]:-} scen=${w[1]:-} type=${w[2]:-} secs=${w[3]:-} expect=${w[4]:--}
	[ "$expect" = - ] && expect=PASS
	for w in "${w[@]:5}"; do
		case $w in
		mem=*) mem=${w#mem=} ;;
		*) args+=("$w") ;;
		esac
	done
	echo "$arch $stage $scen $type $secs $expect ${mem:--} ${args[*]}"
}

# The runs of a matrix file, one normalized line each (see matrix_fields):
# "arch stage scenario type seconds expected mem|- [kernel args]".
matrix_lines() {
	local line
	while IFS= read -r line || [ -n "$line" ]; do
		[[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
		matrix_fields "$line" || return 1
	done <"$1"
}

# Guest memory in MB from "512", "32M", "1G".
mem_mb() {
	case $1 in
	*[Gg]) echo $(( ${1%[Gg]} * 1024 )) ;;
	*[Mm]) echo "${1%[Mm]}" ;;
	*) echo "$1" ;;
	esac
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

# Scenarios are ours (scenarios/NAME, with NAME.boot) or rcutorture's own
# in the kernel tree (configs/rcu/NAME, kvm.sh's format, with CFcommon),
# which a stage has only when its tree has the file: TINYP01-04 come with
# patch 0005 and go with 0007.  Ours are looked up first.  An rcutorture
# scenario may have harness additions in scenarios/NAME.boot (kernel
# arguments for our short runs), appended to its own NAME.boot, and in
# scenarios/NAME.kconfig (options, after its own; see config_fragments).
RCU_CONFIGS=tools/testing/selftests/rcutorture/configs/rcu

scenario_list() {
	{
		find "$SCENARIO_DIR" -maxdepth 1 -type f ! -name '*.*' ! -name 'COMMON' \
			! -name 'CFLIST*' ! -name 'README*' -printf '%f\n'
		tree_scenarios
	} | sort -u
}

# rcutorture's scenarios in the packaged tree and those the patches add.
tree_scenarios() {
	local base=$RCU_UP_WORK/linux/$RCU_CONFIGS
	[ ! -d "$base" ] || find "$base" -maxdepth 1 -type f ! -name '*.*' ! -name 'CF*' -printf '%f\n'
	sed -n "s|^+++ b/$RCU_CONFIGS/\([A-Za-z0-9-]*\)\$|\1|p" "$RCU_UP_ROOT"/patches/*.patch 2>/dev/null |
		grep -v '^CF' || true
}

check_scenario() {
	[ "$1" != COMMON ] || die "COMMON is the fragment every scenario shares, not a scenario"
	[ -f "$SCENARIO_DIR/$1" ] && return 0
	[[ $'\n'$(tree_scenarios)$'\n' == *$'\n'"$1"$'\n'* ]] && return 0
	die "unknown scenario '$1'; valid scenarios: $(scenario_list | tr '\n' ' ')"
}

# The scenario's file at STAGE: ours, else the stage tree's (staged by
# workspace.sh), else nothing (the stage does not have it).
scenario_file() { # SCENARIO [STAGE]
	if [ -f "$SCENARIO_DIR/$1" ]; then
		echo "$SCENARIO_DIR/$1"
	elif [ -n "${2:-}" ] && [ -f "$(stage_src "$2")/$RCU_CONFIGS/$1" ]; then
		echo "$(stage_src "$2")/$RCU_CONFIGS/$1"
	fi
}

# The kernel arguments of a scenario at STAGE, one per line: its own
# NAME.boot, then, for one of rcutorture's, our additions.
scenario_boot() { # SCENARIO [STAGE]
	local f
	f=$(scenario_file "$1" "${2:-}")
	[ -z "$f" ] || [ ! -f "$f.boot" ] || grep -v '^#' "$f.boot" || true
	[ "$f" = "$SCENARIO_DIR/$1" ] || [ ! -f "$SCENARIO_DIR/$1.boot" ] || grep -v '^#' "$SCENARIO_DIR/$1.boot" || true
}

# work/stage-N/src and work/stage-N/build/SCENARIO: the same relative path
# from every build directory to its source tree, so that ccache (with
# CCACHE_BASEDIR=$RCU_UP_WORK) shares objects between stages that do not
# change them.
# Other arches build in work/stage-N/build-ARCH/SCENARIO (the same depth, so
# the same relative path to the source); x86_64 keeps work/stage-N/build.
# A scenario that only picks a test boots another scenario's kernel
# (scenario_kernel): its build directory is that kernel's.
stage_src() { echo "$RCU_UP_WORK/stage-$1/src"; }
build_dir() { # STAGE SCENARIO [ARCH]
	local a=${3:-$RCU_UP_ARCH} k
	k=$(scenario_kernel "$2")
	if [ "$a" = x86_64 ]; then
		echo "$RCU_UP_WORK/stage-$1/build/$k"
	else
		echo "$RCU_UP_WORK/stage-$1/build-$a/$k"
	fi
}

# "#KERNEL# NAME" in one of our scenarios: it boots NAME's kernel (built
# once for every scenario that names it) with a test of its own (its
# #SUITE#, its .boot); prints NAME, or the scenario itself.
scenario_kernel() { # SCENARIO
	local k=""
	[ ! -f "$SCENARIO_DIR/$1" ] || k=$(sed -n 's/^#KERNEL#[[:space:]]*\([A-Za-z0-9-]*\).*/\1/p' "$SCENARIO_DIR/$1")
	[ -z "$k" ] || [ -f "$SCENARIO_DIR/$k" ] || die "scenarios/$1: #KERNEL# $k: no scenarios/$k"
	echo "${k:-$1}"
}

# What a tree holds, for stamps that skip work already done on it: its
# commit and any uncommitted change to tracked files (a stage's worktree is
# clean; a development tree may not be).  Nothing when DIR is not a git tree.
tree_state() { # DIR
	git -C "$1" rev-parse HEAD 2>/dev/null || return 0
	git -C "$1" status --porcelain --untracked-files=no 2>/dev/null
	git -C "$1" diff HEAD 2>/dev/null | sha256sum
}

# The fragments of a build, in order: the arch's own options, those it needs
# for SMP scenarios (scenarios/arch/ARCH-smp, if any), COMMON, the scenario.
# rcutorture's own scenarios come with the tree's CFcommon (and
# CFcommon.ARCH where the tree has one) after COMMON, as kvm.sh uses them,
# and with our additions to their kernel (scenarios/NAME.kconfig, as
# kvm.sh's --kconfig) after their own file.
config_fragments() { # SCENARIO ARCH [STAGE]
	local smp="" f cf="" add="" kf
	f=$(scenario_file "$1" "${3:-}")
	[ -n "$f" ] || die "no scenario $1${3:+ at stage $3}"
	[ "$(scenario_cpus "$1" "${3:-}")" -gt 1 ] && [ -f "$SCENARIO_DIR/arch/$2-smp" ] && smp=$SCENARIO_DIR/arch/$2-smp
	if [ "$f" != "$SCENARIO_DIR/$1" ]; then
		cf=$(dirname "$f")/CFcommon
		[ ! -f "$cf.$2" ] || cf+=" $cf.$2"
		[ ! -f "$SCENARIO_DIR/$1.kconfig" ] || add=$SCENARIO_DIR/$1.kconfig
	fi
	kf=$(kconfig_fragment) || exit 1
	echo "$SCENARIO_DIR/arch/$2" $smp "$SCENARIO_DIR/COMMON" $cf $(scenario_base "$f") "$f" $add $kf
}

# "#BASE# NAME" in one of our scenarios: its options come after NAME's (a
# variant that changes one option); prints NAME's file, or nothing.
# A #KERNEL#'s options are read the same way (its kernel's are its own).
scenario_base() { # FILE
	local b
	b=$(sed -n 's/^#\(BASE\|KERNEL\)#[[:space:]]*\([A-Za-z0-9-]*\).*/\2/p' "$1" | head -n1)
	[ -n "$b" ] || return 0
	[ -f "$SCENARIO_DIR/$b" ] || die "$1: #$(sed -n "s/^#\(BASE\|KERNEL\)#.*/\1/p" "$1" | head -n1)# $b: no scenarios/$b"
	echo "$SCENARIO_DIR/$b"
}

# A scenario file's text with its #BASE#'s first, for what is read from it
# (into a variable: under pipefail, a grep -q reading it from a pipe would
# SIGPIPE the cat when it stops early).
scenario_text() { # FILE
	local b
	b=$(scenario_base "$1") || exit 1
	cat ${b:+"$b"} "$1"
}

# RCU_UP_KCONFIG="CONFIG_X=y CONFIG_Y=n ..." (make run KCONFIG=...), as
# kvm.sh's --kconfig: options added to every kernel, after the scenario's.
# Written to a fragment file named by its contents, which build.sh then
# hashes and checks like any other; prints nothing when unset.
kconfig_fragment() {
	local opt f
	[ -n "${RCU_UP_KCONFIG:-}" ] || return 0
	for opt in $RCU_UP_KCONFIG; do
		[[ "$opt" =~ ^CONFIG_[A-Za-z0-9_]+=[^[:space:]]+$ ]] ||
			die "KCONFIG: '$opt' is not CONFIG_NAME=VALUE (e.g. KCONFIG=\"CONFIG_RCU_TRACE=y CONFIG_PROVE_LOCKING=n\")"
	done
	f=$RCU_UP_WORK/kconfig/$(printf '%s\n' $RCU_UP_KCONFIG | sha256sum | cut -c1-12)
	if [ ! -f "$f" ]; then
		mkdir -p "$(dirname "$f")"
		printf '%s\n' $RCU_UP_KCONFIG >"$f.tmp" && mv "$f.tmp" "$f"
	fi
	echo "$f"
}

# The host's TSC frequency in kHz, which is an x86_64 TCG guest's too (QEMU
# reads the host's TSC for the guest's RDTSC): the host kernel's own
# calibration from its log, else /proc/cpuinfo's "cpu MHz" where the TSC is
# constant and its frequency known; nothing otherwise.
host_tsc_khz() {
	local mhz
	mhz=$( { dmesg 2>/dev/null || true; } | sed -n -e 's/.*tsc: Refined TSC clocksource calibration: \([0-9.]*\) MHz.*/\1/p' \
		-e 's/.*tsc: Detected \([0-9.]*\) MHz processor.*/\1/p' | tail -n1)
	if [ -z "$mhz" ] && grep -qw constant_tsc /proc/cpuinfo && grep -qw tsc_known_freq /proc/cpuinfo; then
		mhz=$(awk -F': *' '/^cpu MHz/ { print $2; exit }' /proc/cpuinfo)
	fi
	[ -n "$mhz" ] && awk -v m="$mhz" 'BEGIN { printf "%d\n", m * 1000 }'
	return 0
}

# Value a config file gives an option: y/m/string, "n" when "is not set" or absent.
config_value() {
	local v
	v=$(sed -n -e "s/^$2=//p" -e "s/^# $2 is not set$/n/p" "$1" | tail -n1)
	echo "${v:-n}"
}

# The RCU implementation a .config selects: TREE_RCU, PREEMPT_RCU (tree),
# TINY_RCU or TINY_PREEMPT_RCU (TINY_RCU=y with it, as stages 1 and 2's
# Kconfig give it); MULTIPLE when tree and tiny are both enabled, UNKNOWN
# when the combination is none of these (no implementation, or tiny with
# preemptible readers but not TINY_PREEMPT_RCU).
config_rcu_impl() {
	local c=$1 tree tiny tp pr
	tree=$(config_value "$c" CONFIG_TREE_RCU)
	tiny=$(config_value "$c" CONFIG_TINY_RCU)
	tp=$(config_value "$c" CONFIG_TINY_PREEMPT_RCU)
	pr=$(config_value "$c" CONFIG_PREEMPT_RCU)
	if [ "$tree" = y ] && { [ "$tiny" = y ] || [ "$tp" = y ]; }; then
		echo MULTIPLE
	elif [ "$tree" = y ]; then
		if [ "$pr" = y ]; then echo PREEMPT_RCU; else echo TREE_RCU; fi
	elif [ "$tp" = y ] && [ "$tiny" = y ] && [ "$pr" = y ]; then
		echo TINY_PREEMPT_RCU
	elif [ "$tiny" = y ] && [ "$tp" != y ] && [ "$pr" != y ]; then
		echo TINY_RCU
	else
		echo UNKNOWN
	fi
}

# The RCU implementation a console log announces.  Tree RCU's rcu_init()
# prints "Preemptible hierarchical RCU implementation." or "Hierarchical RCU
# implementation.", TINY_PREEMPT_RCU "Preemptible tiny RCU implementation.";
# more than one of them is MULTIPLE.  TINY_RCU prints no banner (kernel/rcu/
# tiny.c, srcutiny.c and init/main.c have none), so it is recognised by
# everything that must hold for it: none of those banners, none of the lines
# only tree RCU and tree SRCU print ("Hierarchical SRCU implementation.",
# "RCU calculated value of scheduler-enlistment delay"), a test that started
# (the kernel booted that far), and, where rcutorture tested "rcu", the
# start-test grace-period state "g0 f0x0" that Tiny RCU's
# rcutorture_get_gp_data() stub always reports.  Anything else is UNKNOWN.
# run.sh also requires the .config to agree.
log_rcu_impl() {
	local f=$1 found=() gp
	grep -aq 'Preemptible tiny RCU implementation' "$f" && found+=(TINY_PREEMPT_RCU)
	grep -aq 'Preemptible hierarchical RCU implementation' "$f" && found+=(PREEMPT_RCU)
	grep -aq 'Hierarchical RCU implementation' "$f" && found+=(TREE_RCU)
	if [ ${#found[@]} -gt 1 ]; then
		echo MULTIPLE
		return
	elif [ ${#found[@]} -eq 1 ]; then
		echo "${found[0]}"
		return
	fi
	gp=$(sed -n -E 's/^(\[[^]]*\] )?rcu:  Start-test grace-period state: (g-?[0-9]+ f0x[0-9a-f]+).*/\2/p' "$f" | head -n1)
	if grep -aq 'Linux version' "$f" &&
		! grep -aEq 'Hierarchical SRCU implementation|RCU calculated value of scheduler-enlistment delay' "$f" &&
		grep -aEq -- '-torture:--- Start of test:|-scale:--- Start of test:|-ref-scale: --- Start of test:|rcu-misuse: [a-z_]+: provoking|rcu-perf: start' "$f" &&
		{ [ -z "$gp" ] || [ "$gp" = "g0 f0x0" ]; }; then
		echo TINY_RCU
	else
		echo UNKNOWN
	fi
}

# Why a booted kernel is not the RCU implementation WANT, given what its
# .config and its boot log say; nothing when both are WANT.
impl_mismatch() {
	local want=$1 config=$2 boot=$3
	[ "$config" = "$want" ] && [ "$boot" = "$want" ] && return 0
	echo "expected $want, .config has $config, boot log shows $boot"
}

# Why a boot log's preemption mode is not the one its kernel arguments
# (ARGS...) asked for with preempt=; nothing when they agree or none asked.
preempt_mismatch() {
	local f=$1 want got
	shift
	want=$(args_preempt_mode "$@")
	[ -n "$want" ] || return 0
	got=$(log_preempt_mode "$f")
	[ "$got" = "$want" ] && return 0
	echo "preempt=$want asked for, boot log shows Dynamic Preempt: ${got:-nothing}"
}

# The preemption mode the kernel arguments ask for (preempt=none, voluntary
# or full; the last one wins, as in the kernel), or nothing.
args_preempt_mode() {
	local a mode=""
	for a in "$@"; do
		case $a in preempt=*) mode=${a#preempt=} ;; esac
	done
	echo "$mode"
}

# The preemption mode a boot log reports: the last "Dynamic Preempt: MODE"
# line (kernel/sched/core.c prints one when the mode is set), "unsupported"
# when the kernel refused the preempt= argument, nothing when neither.
log_preempt_mode() {
	local f=$1
	if grep -aq 'Dynamic Preempt: unsupported mode' "$f"; then
		echo unsupported
		return
	fi
	tr -d '\r' <"$f" | sed -n 's/.*Dynamic Preempt: \([a-z]*\)$/\1/p' | tail -n1
}

# Options a scenario file requests: its CONFIG_ lines, then its #CHECK# lines.
scenario_options() {
	sed -n -e 's/^#CHECK#//' -e '/^CONFIG_[A-Za-z0-9_]*=/p' "$1"
}

# "#EXPECT-RCU# stageN=IMPL ..." in a scenario overrides the rule below.
# The rule is the Kconfig defaults of each stage: SMP gets tree RCU, UP without
# preemption TINY_RCU, UP with preemption TINY_PREEMPT_RCU at stage 1 only.
expected_rcu_impl() { # STAGE SCENARIO
	local stage=$1 f o smp preempt text
	f=$(scenario_file "$2" "$1")
	[ -n "$f" ] || { echo UNKNOWN; return; }
	o=$(sed -n "s/^#EXPECT-RCU#.*stage$stage=\([A-Z_]*\).*/\1/p" "$f")
	if [ -n "$o" ]; then
		echo "$o"
		return
	fi
	# Chosen at stage 2 (a setting), forced at stage 1 (there the kernel
	# tree's scenarios only check it).
	if grep -qx 'CONFIG_TINY_PREEMPT_RCU=y' "$f" ||
	   { [ "$stage" = 1 ] && grep -qx '#CHECK#CONFIG_TINY_PREEMPT_RCU=y' "$f"; }; then
		echo TINY_PREEMPT_RCU
		return
	fi
	text=$(scenario_text "$f")
	smp=$(grep -qx 'CONFIG_SMP=y' <<<"$text" && echo y || echo n)
	preempt=$(grep -qEx 'CONFIG_(PREEMPT|PREEMPT_DYNAMIC|PREEMPT_RT)=y' <<<"$text" && echo y || echo n)
	case $smp$preempt in
	yy) echo PREEMPT_RCU ;;
	yn) echo TREE_RCU ;;
	nn) echo TINY_RCU ;;
	ny) if [ "$stage" = 1 ]; then echo TINY_PREEMPT_RCU; else echo PREEMPT_RCU; fi ;;
	esac
}

scenario_cpus() { # SCENARIO [STAGE]: 2 for an SMP scenario (this host has 2 CPUs)
	local f
	f=$(scenario_file "$1" "${2:-}")
	[ -n "$f" ] && grep -qx 'CONFIG_SMP=y' <<<"$(scenario_text "$f")" && echo 2 || echo 1
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

# Which test suite a scenario's kernel runs at boot: "#SUITE# refscale",
# "rcuscale", "misuse", "perf" or "latency" in the scenario file, rcutorture
# otherwise.
scenario_suite() { # SCENARIO [STAGE]
	local s="" f
	f=$(scenario_file "$1" "${2:-}")
	[ -z "$f" ] || s=$(sed -n 's/^#SUITE#[[:space:]]*\([a-z]*\).*/\1/p' "$f")
	echo "${s:-rcutorture}"
}

# The suite whose test module SCENARIO's kernel carries: the one its
# "#MODULE# SUITE" line names, else its own.
scenario_module_suite() { # SCENARIO [STAGE]
	local s="" f
	f=$(scenario_file "$1" "${2:-}")
	[ -z "$f" ] || s=$(sed -n 's/^#MODULE#[[:space:]]*\([a-z]*\).*/\1/p' "$f")
	echo "${s:-$(scenario_suite "$1" "${2:-}")}"
}

# The kernel module a suite's test is (our init loads it by this name).
suite_module() { # SUITE
	case $1 in
	misuse|perf) echo "rcu_$1" ;;
	*) echo "$1" ;;
	esac
}

# Why SCENARIO cannot run at STAGE ("#STAGES# 1 2: reason") or on ARCH
# ("#ARCHES# x86_64: reason"), or nothing.
scenario_skip_reason() { # STAGE SCENARIO [ARCH]
	local stage=$1 f arch=${3:-$RCU_UP_ARCH} line stages
	f=$(scenario_file "$2" "$stage")
	if [ -z "$f" ]; then
		echo "stage $stage's kernel tree has no rcutorture scenario $2 ($RCU_CONFIGS)"
		return 0
	fi
	line=$(sed -n 's/^#ARCHES#[[:space:]]*//p' "$f")
	if [ -n "$line" ] && [[ " ${line%%:*} " != *" $arch "* ]]; then
		echo "${line#*: }"
		return 0
	fi
	line=$(sed -n 's/^#STAGES#[[:space:]]*//p' "$f")
	[ -n "$line" ] || return 0
	stages=${line%%:*}
	[[ " $stages " == *" $stage "* ]] && return 0
	echo "${line#*: }"
}

# The known-benign console lines (scripts/benign-console.txt, or
# RCU_UP_BENIGN) that apply to implementation IMPL, as extended regexes
# anchored to the whole message (after the printk timestamp), one per line,
# for grep -vEf.  A line "IMPL,IMPL<TAB>regex" applies only to those
# implementations.  Dies on an empty line, an invalid regex, or a pattern
# that matches an empty line or a line of real badness: any of those would
# let grep -v drop lines the verdict must see.
benign_patterns() {
	local impl=$1 f=${RCU_UP_BENIGN:-$RCU_UP_ROOT/scripts/benign-console.txt}
	local n=0 line only re anchored canary st
	local canaries=("" "WARNING: CPU: 0 PID: 1 at kernel/rcu/tree.c:1 f+0x0/0x1" "Oops: 0000 [#1] PREEMPT"
		"BUG: kernel NULL pointer dereference, address: 0000000000000000" "Call Trace:"
		"rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:" "Kernel panic - not syncing: x"
		"rcu-torture:--- End of test: FAILURE: nreaders=1")
	[ -r "$f" ] || die "no benign-line list $f"
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		case $line in \#*) continue ;; esac
		[ -n "${line//[[:space:]]/}" ] || die "$f:$n: empty line; an empty pattern matches every console line, remove it"
		only="" re=$line
		if [[ "$line" == *$'\t'* ]]; then
			only=${line%%$'\t'*} re=${line#*$'\t'}
		fi
		anchored="^(\\[ *[0-9]+\\.[0-9]+\\] ?)?($re)\$"
		st=0
		grep -Eq -- "$anchored" <<<"" 2>/dev/null || st=$?
		[ "$st" -ne 2 ] || die "$f:$n: invalid extended regex '$re'"
		for canary in "${canaries[@]}"; do
			if grep -Eq -- "$anchored" <<<"$canary"; then
				die "$f:$n: pattern '$re' matches '${canary:-an empty line}'; make it match only the exact benign message"
			fi
		done
		[ -z "$only" ] || [[ ",$only," == *",$impl,"* ]] || continue
		printf '%s\n' "$anchored"
	done <"$f"
}

# A fresh directory named BASE, or BASE.2, BASE.3, ... when that exists
# (mkdir is atomic, so parallel callers never share one).  Prints its path.
fresh_dir() {
	local base=$1 d i=1
	mkdir -p "$(dirname "$base")"
	d=$base
	until mkdir "$d" 2>/dev/null; do
		i=$((i + 1))
		[ "$i" -lt 1000 ] || die "cannot create a fresh directory for $base"
		d=$base.$i
	done
	echo "$d"
}

# The judgement of one boot, the same when run.sh makes it and when
# recheck.sh makes it again from the run's directory: the verdict of the
# console log for the type asked for (verdict.sh), the performance figure,
# and the implementation check.  Reads the caller's logf, rc (boot.sh's
# exit status), suite, type, mem, stage, scen, bootargs, extra, want_impl,
# RCU_IMPL_CONFIG, kernel_config (the kernel's .config) and larger_banner_mb
# (the smallest larger guest in which this kernel printed its banner, or
# nothing: mem_verdict's evidence); sets verdict, reason, perf and
# boot_impl.
judge_boot() {
	judge_log
	check_implementation
}

# A guest too small to boot or to finish is NOMEM, never PASS; memory
# that ran out where the guest's size does not excuse it is FAIL
# (mem_verdict).
# shellcheck disable=SC2154,SC2034 # the caller's variables (judge_boot)
judge_log() {
	local mv ncpu
	read -r verdict reason < <("$RCU_UP_ROOT/scripts/verdict.sh" "$logf" "$rc" "$suite" "$type" "$RCU_IMPL_CONFIG")
	mv=$(mem_verdict "$logf" "$mem" "${larger_banner_mb:-}")
	[ -z "$mv" ] || verdict=${mv%% *} reason="${mv#* } (log: ${logf#"$RCU_UP_ROOT"/})"
	# An SMP guest that came up with fewer CPUs than it was given tested
	# less than its line says (x86 without ACPI: one CPU).
	ncpu=$(log_cpus "$logf")
	if [ "$verdict" = PASS ] && [ -n "$ncpu" ] && [ "$ncpu" -lt "$(scenario_cpus "$scen" "$stage")" ]; then
		verdict=FAIL reason="the guest brought up $ncpu of $(scenario_cpus "$scen" "$stage") CPUs"
	fi
	perf=$("$RCU_UP_ROOT/scripts/perf.sh" "$logf" "$(config_value "$kernel_config" CONFIG_HZ 2>/dev/null || echo n)")
}

# The implementation in .config and in the boot log must be the stage's,
# and a preempt= argument must have taken effect; otherwise the run is a
# FAIL whatever its verdict (a HANG stays a HANG).
# shellcheck disable=SC2154,SC2034 # the caller's variables (judge_boot)
check_implementation() {
	local why
	boot_impl=$(log_rcu_impl "$logf")
	[ "${RCU_UP_NO_IMPL_CHECK:-0}" != 1 ] || return 0
	[ "$verdict" != HANG ] && [ "$verdict" != NOMEM ] || return 0
	why=$(impl_mismatch "$want_impl" "$RCU_IMPL_CONFIG" "$boot_impl")
	# shellcheck disable=SC2086 # the arguments are words
	why=${why:-$(preempt_mismatch "$logf" $bootargs $extra)}
	[ -n "$why" ] || return 0
	reason="$why; $reason"
	verdict=FAIL
}

# The directory of run RUN_ID (results/runs/RUN_ID), or of the newest run
# for "last" (the one results/last-run.tsv names); dies naming the runs
# there when there is no such run.
resume_dir() { # RUN_ID|last
	local id=$1 runs=$RCU_UP_RESULTS/runs
	if [ "$id" = last ]; then
		id=$(readlink "$RCU_UP_RESULTS/last-run.tsv" 2>/dev/null | sed -n 's|^runs/\([^/]*\)/table.tsv$|\1|p')
		[ -n "$id" ] || die "no last run (no $RCU_UP_RESULTS/last-run.tsv): name one of $(ls "$runs" 2>/dev/null | tr '\n' ' ')"
	fi
	[[ "$id" != */* ]] && [ -f "$runs/$id/matrix" ] ||
		die "no run '$id' in $runs; the runs there: $(ls "$runs" 2>/dev/null | tail -n 5 | tr '\n' ' ')(ls $runs for all)"
	echo "$runs/$id"
}

# A run's table row (run.sh's table.tsv) from its JSON line.
table_row() { # JSON
	jq -r '[.arch + "/" + (.mem_mb | tostring) + "M", .stage, .scenario,
		.torture_type + (if (.boot_args // "") != "" then " " + .boot_args else "" end), .seconds, .verdict,
		.expected_verdict, .rcu_impl.config, (.rcu_size.dec // "")] | @tsv' <<<"$1"
}

# How a checkpatch.pl --strict -q run went, from its exit status and
# output: "clean" (exit 0), "warnings" (non-zero, WARNING/CHECK reports only
# and its closing "total: 0 errors, ..." line, which shows it ran to the
# end), "error" (anything else: ERROR lines, a crash, "open failed", a
# non-zero exit without a report).
checkpatch_outcome() {
	local rc=$1 text=$2
	if [ "$rc" -eq 0 ]; then
		echo clean
	elif ! grep -q '^ERROR' <<<"$text" && grep -Eq '^(WARNING|CHECK):' <<<"$text" &&
		grep -Eq '^total: 0 errors, [0-9]+ warnings, ([0-9]+ checks, )?[0-9]+ lines checked$' <<<"$text" &&
		! grep -Eq 'open failed|Died at|line [0-9]+\.$|^Can.t |syntax error' <<<"$text"; then
		echo warnings
	else
		echo error
	fi
}

# The RCU warnings of a kernel build (the tree's parse-build.sh rule:
# "warning:" lines in kernel/rcu/*, include/linux/*rcu*.h, and undefined
# references), on stdout.  kbuild prints a warning only when it compiles
# the file, so the warnings an earlier build of the same directory recorded
# (PREV, may be missing) are carried over for the objects this build did
# not recompile; a header's only when this build compiled nothing.
rcu_build_warnings() {
	local buildlog=$1 prev=${2:-}
	{
		grep -a 'warning:' "$buildlog" || true
		[ -s "$prev" ] || return 0
		awk '
			NR == FNR { if ($1 == "CC") { cc[$2] = 1; any = 1 } next }
			{
				f = $0; sub(/:.*/, "", f)
				o = f; sub(/^.*kernel\/rcu\//, "kernel/rcu/", o); sub(/\.c$/, ".o", o)
				if (f ~ /\.h$/) { if (!any) print; next }
				if (!(o in cc)) print
			}' "$buildlog" "$prev"
	} | grep -aE 'include/linux/[^/]*rcu[^/]*\.h:|kernel/rcu/[^/]*:|^ld: .*undefined reference to' | awk '!seen[$0]++' || true
}

# The versions a run's results depend on: the packaged kernel source, the
# compiler, QEMU, and this harness.
tool_versions() {
	local v
	v=$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null) || v=unknown
	echo "linux-source-6.12 $v"
	echo "gcc $(gcc --version 2>/dev/null | head -n1 || echo unknown)"
	echo "qemu $(qemu-system-x86_64 --version 2>/dev/null | head -n1 || echo unknown)"
	echo "rcu-up $(git -C "$RCU_UP_ROOT" describe --always --dirty 2>/dev/null || echo unknown)"
}
# guest_wait PID CONSOLE [LIMIT]: wait for the guest whose QEMU (under
# timeout) is PID, a child of this shell, printing progress every 10 s.
# Not every guest can make QEMU exit (x86 without ACPI halts), so once the
# console says "reboot: Power down" (POWEROFF_RE) the guest gets RCU_UP_POWEROFF_GRACE
# seconds (default 1; QEMU exits within it where the guest can switch it
# off: arm's PSCI, riscv64's SBI) to exit, then QEMU is ended and the guest counts as
# powered off.  Returns 0 when powered off, else QEMU's (or timeout's: 124)
# exit status.  With RCU_UP_SILENT_LIMIT=N, a guest whose console is still
# empty after N seconds is ended as if timed out (124): memfloor.sh's guests
# too small to start the kernel print nothing at all.
# What the guest prints last when it powers off: kernel_power_off()'s line
# (rcutorture's shutdown), or, for reboot(RB_POWER_OFF) from our init where
# no power-off driver exists (x86_64 without ACPI), the halt it falls back
# to.  That halt does not flush the console first, and on PREEMPT_RT (whose
# consoles print from a kthread) its line is often lost, so init's own line
# before the call counts too.
POWEROFF_RE='reboot: (Power down|Power off not available: System halted instead|System halted)|rcu-up-init: (test module returned|latency run over), powering off'

guest_wait() {
	local pid=$1 console=$2 limit=${3:-?} grace=${RCU_UP_POWEROFF_GRACE:-1}
	local t0=$SECONDS off="" rc=0 silent=${RCU_UP_SILENT_LIMIT:-0}
	while kill -0 "$pid" 2>/dev/null; do
		if [ "$silent" -gt 0 ] && [ $((SECONDS - t0)) -ge "$silent" ] && [ ! -s "$console" ]; then
			log "  no console output in ${silent}s; ending QEMU (as timed out)"
			kill -TERM "$pid" 2>/dev/null || true
			wait "$pid" 2>/dev/null || true
			return 124
		fi
		if [ -z "$off" ] && grep -aEq "$POWEROFF_RE" "$console" 2>/dev/null; then
			off=$SECONDS
		fi
		if [ -n "$off" ] && [ $((SECONDS - off)) -ge "$grace" ]; then
			log "  console says '$(grep -aEom1 "$POWEROFF_RE" "$console")'; ending QEMU (powered off)"
			kill -TERM "$pid" 2>/dev/null || true
			wait "$pid" 2>/dev/null || true
			return 0
		fi
		sleep 1
		if [ $(( (SECONDS - t0) % 10 )) -eq 0 ] && kill -0 "$pid" 2>/dev/null; then
			log "  booted $((SECONDS - t0))s of at most ${limit}s: $(grep -a 'rcu-torture\|ref_scale\|rcu-scale\|rcu-misuse\|rcu-perf' "$console" 2>/dev/null | tail -n1 | cut -c1-80)"
		fi
	done
	wait "$pid" || rc=$?
	return "$rc"
}

# Below this size (MB) a guest may be too small for the kernel; at or above
# it a memory failure is the kernel's own (a leak, a callback flood that
# never drains), not the guest's.  RCU_UP_NOMEM_SILENT_MB is its old name.
RCU_UP_NOMEM_MB=${RCU_UP_NOMEM_MB:-${RCU_UP_NOMEM_SILENT_MB:-64}}

# The kernel's reports that memory ran out, and the ends they lead to when
# nothing else went wrong: the OOM panics, init killed, or no init to run
# (an initramfs there was no room to unpack).
MEMFAIL_RE='Out of memory|invoked oom-killer|oom-kill:|page allocation failure|System is deadlocked on memory'
MEMFAIL_RE+='|Initramfs unpacking failed|initrd.*overlaps|Initial ramdisk.*(overlaps|too large)|not enough memory|Cannot allocate memory for'
MEMPANIC_RE='Kernel panic - not syncing: (Out of memory|System is deadlocked on memory|Attempted to kill init|No working init found|VFS: Unable to mount root fs)'
# A crash that a memory failure does not explain: an oops, a BUG or a
# WARNING (an allocation failure is reported without one), or a panic
# other than the ones above.
MEMCRASH_RE='Oops|BUG:|WARNING:|general protection fault|Unable to handle kernel|Internal error:|kernel BUG at|Kernel panic - not syncing'

# The verdict the guest's memory gives a boot, from its console log (and
# QEMU's own messages in LOG.qemu), as "NOMEM reason" or "FAIL reason";
# nothing when memory had no part in how it went.
#   NOMEM  QEMU refused the size; or a guest below RCU_UP_NOMEM_MB (64) MB
#          whose log shows the memory failure as the cause of its end: an
#          out-of-memory report or an initramfs it had no room to unpack,
#          and no crash that a memory failure does not explain (a panic
#          other than the OOM ones, an Oops, a BUG, a WARNING); or a guest
#          below that size that printed nothing (no "Linux version"
#          banner) while the same kernel did print its banner in a larger
#          guest, BANNER_MB (the caller's evidence: memfloor.sh's earlier
#          probes, run.sh's record of the kernel's boots, recheck.sh's of
#          the run's).
#   FAIL   a memory failure in a guest of RCU_UP_NOMEM_MB or more, or one
#          beside a crash it does not explain; a small guest that printed
#          nothing with no evidence that the kernel gets that far in a
#          larger one: an early crash cannot be told from a too-small guest.
mem_verdict() { # LOG MEM_MB [BANNER_MB]
	local f=$1 mb=$2 banner=${3:-} hit crash
	hit=$(grep -aiEm1 'ram size|memory size|too small|too large|not enough|cannot allocate' "$f.qemu" 2>/dev/null | cut -c1-100)
	if [ -n "$hit" ]; then
		echo "NOMEM QEMU refused $mb MB: $hit"
		return 0
	fi
	hit=$(grep -aEm1 "$MEMFAIL_RE" "$f" 2>/dev/null | tr -d '\r' | cut -c1-100)
	if [ -n "$hit" ]; then
		crash=$(grep -aE "$MEMCRASH_RE" "$f" 2>/dev/null | grep -avE "$MEMPANIC_RE" | head -n1 | tr -d '\r' | cut -c1-80 || true)
		if [ "$mb" -ge "$RCU_UP_NOMEM_MB" ]; then
			echo "FAIL out of memory in a guest of $mb MB (not below $RCU_UP_NOMEM_MB MB: the kernel's own): $hit"
		elif [ -n "$crash" ]; then
			echo "FAIL guest of $mb MB: $crash, which running out of memory does not explain (first memory failure: $hit)"
		else
			echo "NOMEM guest of $mb MB too small: $hit"
		fi
		return 0
	fi
	[ "$mb" -lt "$RCU_UP_NOMEM_MB" ] || return 0
	grep -aq 'Linux version' "$f" 2>/dev/null && return 0
	if [ -n "$banner" ] && [ "$banner" -gt "$mb" ]; then
		echo "NOMEM guest of $mb MB printed nothing (too small to start the kernel, which printed its banner in $banner MB)"
	else
		echo "FAIL guest of $mb MB printed nothing, and no larger guest of this kernel is known to have printed its banner: an early crash cannot be told from a too-small guest"
	fi
}

# mem_verdict's evidence that a silent small guest was too small rather
# than crashed: the guests in which this very kernel image printed its
# banner, one "SHA256 MB" line per such boot in the build directory's
# rcu-up-banners (run.sh's and memfloor.sh's boots, this run's and earlier
# ones; a rebuilt image has another checksum, so its old lines count no
# more).
image_sum() { # IMAGE: its SHA256, or nothing when there is no image
	{ sha256sum "$1" 2>/dev/null || true; } | cut -d' ' -f1
}
banner_note() { # BUILD_DIR IMAGE MEM_MB LOG: record LOG's banner, if any
	local sum
	grep -aq 'Linux version' "$4" 2>/dev/null || return 0
	sum=$(image_sum "$2")
	[ -z "$sum" ] || echo "$sum $3" >>"$1/rcu-up-banners"
}
banner_mb() { # BUILD_DIR IMAGE MEM_MB: the smallest larger guest that printed it
	local sum
	sum=$(image_sum "$2")
	[ -n "$sum" ] && [ -f "$1/rcu-up-banners" ] || return 0
	awk -v s="$sum" -v m="$3" '$1 == s && $2 + 0 > m + 0 && (!b || $2 + 0 < b) { b = $2 + 0 }
		END { if (b) print b }' "$1/rcu-up-banners"
}

# How many CPUs an SMP kernel brought up ("smp: Brought up 1 node, 2 CPUs"),
# or nothing (a UP kernel prints no such line).
log_cpus() {
	sed -n 's/.*smp: Brought up [0-9]* nodes\{0,1\}, \([0-9]*\) CPUs\{0,1\}.*/\1/p' "$1" 2>/dev/null | head -n1
}

