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
		grep -aEq -- '-torture:--- Start of test:|-scale:--- Start of test:|-ref-scale: --- Start of test:|rcu-misuse: [a-z_]+: provoking' "$f" &&
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
