#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# run.sh MATRIX [RESULTS]: for every line of MATRIX ([arch] stage scenario
# type seconds [expected] [mem=SIZE] [kernel args]; see lib.sh's
# matrix_fields) build the kernel, boot it under rcutorture
# (or the scenario's #SUITE#, refscale or rcuscale, TYPE then being the
# scale_type), judge the console log, check which RCU implementation it has,
# and append one JSON line to RESULTS (default results/results.jsonl), with
# the performance figure scripts/perf.sh finds in the log.  Each run keeps
# its console log, .config, build log, boot arguments, QEMU command and tool
# versions in results/runs/RUN_ID/STAGE-SCENARIO-TYPE[-ARGS][-rN]/, which its
# JSON line names ("dir", "log").  Prints the verdict table at the end; exits
# non-zero when any run's verdict is not the expected one.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 1 ] || die "usage: $0 MATRIX [RESULTS]"
matrix=$1
results=${2:-$RCU_UP_RESULTS/results.jsonl}
[ -f "$matrix" ] || die "no matrix file $matrix; see matrix/ for the ones we have"
need_cmds jq
mkdir -p "$(dirname "$results")" "$RCU_UP_RESULTS"
run_id=$(date -u +%Y%m%dT%H%M%SZ)
# Every run of this matrix gets a directory below results/runs/RUN_ID
# (RUN_ID.2, ... when that exists; RCU_UP_RUN_TAG is appended, e.g. by
# bisect.sh); nothing there is ever overwritten.
run_root=$(fresh_dir "$RCU_UP_RESULTS/runs/$run_id${RCU_UP_RUN_TAG:+-$RCU_UP_RUN_TAG}")
run_id=$(basename "$run_root")
tool_versions >"$run_root/versions"
cp "$matrix" "$run_root/matrix"
table=$run_root/table.tsv
: >"$table"

# Validate the whole matrix before spending time on builds: its lines
# normalized to "arch stage scenario type seconds expected mem|- [args]".
lines=$(matrix_lines "$matrix")
n=0
declare -A arches=()
while read -r arch stage scen type secs _; do
	[ -n "$arch" ] || continue
	check_stage "$stage"
	check_scenario "$scen"
	[[ "$secs" =~ ^[0-9]+$ ]] || die "$matrix: '$secs' is not a number of seconds"
	arches[$arch]=1
	n=$((n + 1))
done <<<"$lines"
# The stage trees, made now: whether a stage has one of rcutorture's own
# scenarios, and what it asks for, is in its tree.
for stage in $(awk '{ print $2 }' <<<"$lines" | sort -u); do
	"$RCU_UP_ROOT/scripts/workspace.sh" stage "$stage" >/dev/null
done
for arch in "${!arches[@]}"; do
	need_arch_tools "$arch" build
	need_arch_tools "$arch" boot
done
log "matrix $matrix: $n runs (arches: ${!arches[*]})"

# The kernels the matrix needs, in matrix order (RCU_UP_NO_BUILD=1: none,
# boot them as they were last built): one per (arch, stage, kernel), the
# scenarios that only pick a test (#KERNEL#) sharing their kernel's.
declare -A built=()
kernels=()
while read -r arch stage scen _; do
	[ -n "$arch" ] || continue
	[ "${RCU_UP_NO_BUILD:-0}" = 1 ] && break
	kern=$(scenario_kernel "$scen")
	[ -n "${built[$arch/$stage/$kern]:-}" ] && continue
	built[$arch/$stage/$kern]=1
	[ -n "$(scenario_skip_reason "$stage" "$scen" "$arch")" ] && continue
	kernels+=("$arch $stage $kern")
done <<<"$lines"
log "matrix $matrix: ${#kernels[@]} kernels to build or find up to date"
# What is left, estimated from measured times: a kernel's last build here
# (results/timings.tsv), else the mean of this run's builds so far (those
# that built: one found up to date takes seconds and says nothing of the
# others), else a
# cold build's time on this project's 2-core machines (RCU_UP_BUILD_GUESS,
# 450 s: 448 s for x86_64 UP-PREEMPT, 2026-12-06).  The builder keeps its
# estimate in $tmp/builds-left for the boots' lines.
build_guess() { # "ARCH STAGE KERNEL" DONE_SECONDS DONE_COUNT
	local d=${RCU_UP_BUILD_GUESS:-450}
	[ "${3:-0}" -eq 0 ] || d=$(($2 / $3))
	timing_get "build $1" "$d"
}

tmp=$(mktemp -d "$RCU_UP_RESULTS/.run.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/built"

# The initramfs every boot uses (one per arch), built before anything boots.
for arch in "${!arches[@]}"; do
	"$RCU_UP_ROOT/scripts/initramfs.sh" "$arch" >/dev/null
done

# Phase 1, in the background: build every kernel, one build at a time,
# marking each in $tmp/built as it is done (a failed build too: its run
# then reports the build's status).
builds_left() { # FIRST DONE_SECONDS DONE_COUNT: estimate for kernels FIRST...
	local j left=0
	for ((j = $1; j < ${#kernels[@]}; j++)); do
		left=$((left + $(build_guess "${kernels[j]}" "$2" "$3")))
	done
	echo "$left"
}
build_all() {
	local k=0 kernel arch stage scen t0 done_s=0 done_n=0 left
	for kernel in "${kernels[@]}"; do
		read -r arch stage scen <<<"$kernel"
		left=$(builds_left "$k" "$done_s" "$done_n")
		echo "$left" >"$tmp/builds-left"
		k=$((k + 1))
		log "kernel $k of ${#kernels[@]}: $arch stage $stage $scen; $(minutes_left "$left") of builds left"
		t0=$SECONDS
		"$RCU_UP_ROOT/scripts/build.sh" "$stage" "$scen" "$arch" >/dev/null </dev/null || true
		if [ $((SECONDS - t0)) -ge 60 ]; then
			done_s=$((done_s + SECONDS - t0)) done_n=$((done_n + 1))
		fi
		timing_put "build $kernel" "$((SECONDS - t0))" || true
		touch "$tmp/built/$arch-$stage-$scen"
	done
	echo 0 >"$tmp/builds-left"
}
declare -A guests=() # pid -> run number, of the guests booting
build_all &
builder=$!
# On the way out (an error, ^C), stop what is still running: the builder
# and the guests, with their children (build.sh and make, boot.sh and
# QEMU), before their results directory goes.
kill_tree() { # PID...
	local p
	for p in "$@"; do
		# shellcheck disable=SC2046 # pids
		kill_tree $(pgrep -P "$p" 2>/dev/null || true)
		kill "$p" 2>/dev/null || true
	done
}
trap 'kill_tree ${builder:-} "${!guests[@]}"; wait; rm -rf "$tmp"' EXIT

# Phase 2: boot and judge as the kernels become ready (see the scheduler
# below).  Each run writes its JSON line and table row to its own files,
# gathered in matrix order.

# One run, in named steps that share run_one's local variables: find_build,
# make_run_dir, boot, judge, check_implementation, record.

# The build's status file ($O/rcu-up-build.env) and what it says.
find_build() {
	O=${RCU_UP_O:-$(build_dir "$stage" "$scen" "$arch")}
	[ -f "$O/rcu-up-build.env" ] && . "$O/rcu-up-build.env"
	want_impl=$(expected_rcu_impl "$stage" "$scen")
	skip=$(scenario_skip_reason "$stage" "$scen" "$arch")
}

# The run's own directory below the run's (never reused): the build's
# .config, build log and status, the boot arguments and the tool versions;
# boot.sh adds the console log and the exact QEMU command.
make_run_dir() {
	local name=$stage-$scen-$type
	[ "$arch" = x86_64 ] || name=$arch-$name
	[ -z "$extra" ] || name+=-$(echo "$extra" | tr -c 'A-Za-z0-9=.\n' _)
	[ "$mem" = "${RCU_UP_MEM:-512}" ] || name+=-m${mem}M
	[ "$rep" -gt 1 ] && name+=-r$rep
	run_dir=$(fresh_dir "$run_root/$name")
	logf=$run_dir/console.log
	cp "$run_root/versions" "$run_dir/versions"
	[ ! -f "$O/.config" ] || cp "$O/.config" "$run_dir/config"
	[ ! -f "$O/rcu-up-build.env" ] || cp "$O/rcu-up-build.env" "$run_dir/build.env"
	[ ! -f "${BUILD_LOG:-$O/build.log}" ] || cp "${BUILD_LOG:-$O/build.log}" "$run_dir/build.log"
	[ ! -s "$O/rcu-up-warnings" ] || cp "$O/rcu-up-warnings" "$run_dir/rcu-warnings"
}

# Kernel arguments for the suite, then boot.sh (its exit status in rc).
boot() {
	bootargs=""
	bootargs=$(scenario_boot "$scen" "$stage" | tr '\n' ' ')
	local module
	module=$(suite_module "$suite")
	case $suite in
	# rcutorture stops itself after SECONDS; the scale tests stop when
	# done (shutdown=1: its default only when built in) and SECONDS is
	# their budget.
	rcutorture) bootargs+=" rcutorture.torture_type=$type rcutorture.shutdown_secs=$secs rcutorture.stat_interval=15" ;;
	refscale) bootargs+=" refscale.scale_type=$type refscale.shutdown=1" ;;
	rcuscale) bootargs+=" rcuscale.scale_type=$type rcuscale.shutdown=1" ;;
	# The test module powers nothing off: our init does, once it returns.
	misuse) bootargs+=" rcu_misuse.test=$type" ;;
	# TYPE is the module's list of cases, "all" its default (every case).
	perf) [ "$type" = all ] || bootargs+=" rcu_perf.test=$type" ;;
	# SECONDS of timerlat (our init), beside TYPE as the load: nothing
	# (idle), rcutorture (powering off 10 s after the window), or a
	# perf module case.
	latency)
		bootargs+=" rcu_up.latency=$secs"
		case $type in
		idle) module="" ;;
		rcutorture) module=rcutorture bootargs+=" rcutorture.shutdown_secs=$((secs + 10)) rcutorture.stat_interval=15" ;;
		*) module=rcu_perf bootargs+=" rcu_perf.test=$type" ;;
		esac
		;;
	esac
	# A kernel with test modules (build.sh's cpio of them): our init loads
	# the suite's (rcu_up.test=MODULE), which is then not built in.
	if [ -f "$O/rcu-up-modules.cpio" ]; then
		initrd_extra=$O/rcu-up-modules.cpio
		[ -z "$module" ] || bootargs+=" rcu_up.test=$module"
	fi
	# icount=N among the arguments is QEMU's, not the kernel's (boot.sh's
	# RCU_UP_ICOUNT): the guest's clock counts instructions.
	local a icount="" kargs=()
	for a in $extra; do
		case $a in
		icount=*) icount=${a#icount=} ;;
		*) kargs+=("$a") ;;
		esac
	done
	echo "$bootargs ${kargs[*]}" >"$run_dir/bootargs"
	log "[$i/$n] booting $arch ($mem MB) stage $stage, $scen, $suite $type ${extra:+($extra) }for ${secs}s; $left"
	rc=0
	# shellcheck disable=SC2086
	RCU_UP_ARCH=$arch RCU_UP_MEM=$mem RCU_UP_INITRD_EXTRA=$initrd_extra RCU_UP_ICOUNT=$icount \
		"$RCU_UP_ROOT/scripts/boot.sh" "$O/$(arch_image "$arch")" "$(scenario_cpus "$scen" "$stage")" \
		"$((secs + ${RCU_UP_BOOT_SLACK:-120}))" "$logf" $bootargs "${kargs[@]}" </dev/null || rc=$?
	echo "$rc" >"$run_dir/qemu-exit"
	boot_s=$(cat "$logf.seconds" 2>/dev/null || echo 0)
}

# The verdict of the console log for the type asked for, and the figure.
# A guest too small to boot or to finish is NOMEM, never PASS.
judge() {
	local nomem ncpu
	read -r verdict reason < <("$RCU_UP_ROOT/scripts/verdict.sh" "$logf" "$rc" "$suite" "$type" "$RCU_IMPL_CONFIG")
	nomem=$(log_nomem "$logf" "$mem")
	[ -z "$nomem" ] || verdict=NOMEM reason="$nomem (log: ${logf#"$RCU_UP_ROOT"/})"
	# An SMP guest that came up with fewer CPUs than it was given tested
	# less than its line says (x86 without ACPI: one CPU).
	ncpu=$(log_cpus "$logf")
	if [ "$verdict" = PASS ] && [ -n "$ncpu" ] && [ "$ncpu" -lt "$(scenario_cpus "$scen" "$stage")" ]; then
		verdict=FAIL reason="the guest brought up $ncpu of $(scenario_cpus "$scen" "$stage") CPUs"
	fi
	perf=$("$RCU_UP_ROOT/scripts/perf.sh" "$logf" "$(config_value "$O/.config" CONFIG_HZ)")
}

# The implementation in .config and in the boot log must be the stage's,
# and a preempt= argument must have taken effect; otherwise the run is a
# FAIL whatever its verdict (a HANG stays a HANG).
check_implementation() {
	local why
	boot_impl=$(log_rcu_impl "$logf")
	[ "${RCU_UP_NO_IMPL_CHECK:-0}" != 1 ] || return 0
	[ "$verdict" != HANG ] && [ "$verdict" != NOMEM ] || return 0
	# shellcheck disable=SC2086
	why=$(impl_mismatch "$want_impl" "$RCU_IMPL_CONFIG" "$boot_impl")
	# shellcheck disable=SC2086
	why=${why:-$(preempt_mismatch "$logf" $bootargs $extra)}
	[ -n "$why" ] || return 0
	reason="$why; $reason"
	verdict=FAIL
}

# The JSON line and the table row, in files of their own ($tmp/$i.*).
record() {
	local ok=yes
	[ "$verdict" = "$expect" ] || ok=no
	log "[$i/$n] $arch stage $stage, $scen, $type${extra:+ ($extra)}: $verdict (expected $expect) $reason"
	mem() { sed -n "s/.*rcu-up-init: meminfo $1: *\([0-9]*\) kB.*/\1/p" "$logf" 2>/dev/null | head -n1; }
	kth() { sed -n "s/.*rcu-up-init: kthreads total=\([0-9]*\) rcu=\([0-9]*\).*/\\$1/p" "$logf" 2>/dev/null | head -n1; }
	jq -cn --arg run "$run_id" --arg arch "$arch" --argjson mem "$mem" --argjson stage "$stage" --arg scenario "$scen" --arg type "$type" \
		--arg args "$extra" --argjson seconds "$secs" --arg expect "$expect" --arg verdict "$verdict" \
		--arg reason "$reason" --arg ok "$ok" --arg impl_expected "$want_impl" \
		--arg impl_config "$RCU_IMPL_CONFIG" --arg impl_boot "$boot_impl" \
		--arg rcu_size "$RCU_SIZE" --arg rcu_objects "$RCU_OBJ_SIZES" --arg vmlinux_size "$VMLINUX_SIZE" \
		--argjson build_s "${BUILD_SECONDS:-0}" --argjson boot_s "${boot_s:-0}" \
		--arg memfree "$(mem MemFree)" --arg kstack "$(mem KernelStack)" --arg slab "$(mem Slab)" \
		--arg kthreads "$(kth 1)" --arg rcu_kthreads "$(kth 2)" --arg log "${logf#"$RCU_UP_ROOT"/}" \
		--arg dir "${run_dir#"$RCU_UP_ROOT"/}" --arg suite "${suite:-}" --argjson perf "$perf" \
		--arg kconfig "${RCU_UP_KCONFIG:-}" --arg clock "$(cat "$logf.clock" 2>/dev/null || true)" '
		def sz: (split(" ") | map(tonumber)) as $a |
			if ($a | length) == 4 then {text: $a[0], data: $a[1], bss: $a[2], dec: $a[3]} else null end;
		def num: if . == "" then null else tonumber end;
		def objs: if . == "" then null else split(";") | map(split(" ") |
			{object: .[0], text: (.[1] | tonumber), data: (.[2] | tonumber), bss: (.[3] | tonumber), dec: (.[4] | tonumber)}) end;
		{run: $run, arch: $arch, mem_mb: $mem, stage: $stage, scenario: $scenario, torture_type: $type, boot_args: $args,
		 kconfig: $kconfig, clock: (if $clock == "" then null else $clock end),
		 seconds: $seconds, expected_verdict: $expect, verdict: $verdict, as_expected: ($ok == "yes"),
		 reason: $reason, rcu_impl: {expected: $impl_expected, config: $impl_config, boot: $impl_boot},
		 rcu_size: ($rcu_size | sz), rcu_objects: ($rcu_objects | objs), vmlinux_size: ($vmlinux_size | sz),
		 build_seconds: $build_s, boot_seconds: $boot_s,
		 meminfo_kb: {MemFree: ($memfree | num), KernelStack: ($kstack | num), Slab: ($slab | num)},
		 kthreads: {total: ($kthreads | num), rcu: ($rcu_kthreads | num)}, suite: $suite, perf: $perf,
		 log: $log, dir: $dir}' >"$tmp/$i.json"
	[ -z "$run_dir" ] || cp "$tmp/$i.json" "$run_dir/result.json"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$arch${mem:+/${mem}M}" "$stage" "$scen" "$type${extra:+ $extra}" "$secs" "$verdict" \
		"$expect" "$RCU_IMPL_CONFIG" "$(echo "$RCU_SIZE" | awk '{print $4}')" >"$tmp/$i.tsv"
}

run_one() {
	local i=$1 stage=$2 scen=$3 type=$4 secs=$5 expect=$6 extra=$7 rep=$8 arch=$9 mem=${10}
	local O verdict="" reason="" boot_impl=UNKNOWN boot_s=0 logf="" run_dir="" want_impl skip rc bootargs="" perf=null initrd_extra=""
	local suite BUILD_STATUS=BUILD-FAIL RCU_IMPL_CONFIG=UNKNOWN RCU_SIZE="" RCU_OBJ_SIZES="" VMLINUX_SIZE="" BUILD_SECONDS=0 DROPPED="" BUILD_LOG="" RCU_WARNINGS=""
	# shellcheck disable=SC2034 # the build's env file sets them too; they stay local
	local BUILD_ARCH="" BUILD_IMAGE="" BUILD_WAIT_SECONDS=0
	[ "$mem" != - ] || mem=${RCU_UP_MEM:-512}
	mem=$(mem_mb "$mem")
	suite=$(scenario_suite "$scen" "$stage")
	find_build
	if [ -n "$skip" ]; then
		verdict=SKIP reason="$arch stage $stage: $skip"
	else
		make_run_dir
		if [ "$BUILD_STATUS" != OK ]; then
			verdict=$BUILD_STATUS reason="${DROPPED:-${RCU_WARNINGS:-see $run_dir/build.log}}"
		else
			boot
			judge
			check_implementation
		fi
	fi
	record
}

# The scheduler.  Two guests at a time (RCU_UP_BOOT_JOBS: each
# single-CPU TCG guest keeps one host CPU busy), a multi-CPU guest alone
# (TCG gives each vCPU a host thread, and vCPUs starved by a second guest
# on a 2-core host draw spurious RCU CPU stall warnings).  With
# RCU_UP_OVERLAP=1 (make check), while kernels are still being built one
# rcutorture guest runs beside the build; the runs whose verdict depends on
# timing (the misuse and scale suites) and the multi-CPU guests wait until
# the builds are done.  make run leaves it off: its flood and scale figures
# are measured with no build beside them.  A run under QEMU's instruction
# counting (icount=N) measures instructions, not host time, so one such
# guest may run beside a build in either.  Among the runs
# ready to start, the longest first (by the last run's boot time), so that
# two guests keep both cores busy to the end.  A line repeated (for a
# spread of timings) gets log -rN by its place in the matrix.
jobs_max=${RCU_UP_BOOT_JOBS:-2}
[[ "$jobs_max" =~ ^[1-9][0-9]*$ ]] || die "RCU_UP_BOOT_JOBS='$jobs_max' is not a number of guests (1 or more)"
overlap=${RCU_UP_OVERLAP:-0}
# A boot's time: its last time here (results/timings.tsv), else the mean
# of this run's finished boots of its kind (arch, scenario, type, clock),
# else that kind's mean in the last snapshot's results (a run of
# matrix/headline on a machine like this one; a scale suite takes a tenth
# of its budget or less), else its SECONDS and 20 s of booting.
declare -A snap_boot=() run_boot_s=() run_boot_n=()
if [ -f "$RCU_UP_ROOT/snapshot/results.jsonl" ]; then
	while IFS=$'\t' read -r k v; do snap_boot[$k]=$v; done < <(jq -rs '
		map(select(.boot_seconds > 0)) |
		group_by([.arch, .scenario, .torture_type, ((.clock // "tcg") | startswith("icount"))])[] |
		["\(.[0].arch) \(.[0].scenario) \(.[0].torture_type) \((.[0].clock // "tcg") | startswith("icount"))",
		 (map(.boot_seconds) | add / length | ceil)] | @tsv' "$RCU_UP_ROOT/snapshot/results.jsonl" 2>/dev/null || true)
fi
boot_kind() { # ARCH SCENARIO TYPE ARGS
	echo "$1 $2 $3 $([[ " $4 " == *" icount="* ]] && echo true || echo false)"
}
boot_guess() { # ARCH MEM STAGE SCENARIO TYPE SECONDS [ARGS]: seconds
	local kind
	kind=$(boot_kind "$1" "$4" "$5" "${7:-}")
	timing_get "boot $1 $2 $3 $4 $5 ${7:-}" "${snap_boot[$kind]:-$(($6 + 20))}"
}
declare -A reps=()
line_of=() line_rep=() line_guess=() line_kind=() line_skips=() line_hist=() line_bkind=()
i=0
while read -r arch stage scen type secs expect mem extra; do
	[ -n "$arch" ] || continue
	i=$((i + 1))
	line_of[i]="$arch $stage $scen $type $secs $expect $mem ${extra:-}"
	key="$arch $mem $stage $scen $type ${extra:-}"
	reps[$key]=$(( ${reps[$key]:-0} + 1 ))
	line_rep[i]=${reps[$key]}
	line_guess[i]=$(boot_guess "$arch" "$mem" "$stage" "$scen" "$type" "$secs" "${extra:-}")
	line_hist[i]=$(timing_get "boot $key" "")
	line_bkind[i]=$(boot_kind "$arch" "$scen" "$type" "${extra:-}")
	line_skips[i]=$([ -z "$(scenario_skip_reason "$stage" "$scen" "$arch")" ] || echo y)
	if [ "$(scenario_cpus "$scen" "$stage")" -gt 1 ]; then
		line_kind[i]=alone
	elif [[ " ${extra:-} " == *" icount="* ]]; then
		line_kind[i]=icount
	elif [ "$(scenario_suite "$scen" "$stage")" != rcutorture ]; then
		line_kind[i]=quiet
	else
		line_kind[i]=any
	fi
done <<<"$lines"
# Pending runs, longest first.
mapfile -t pending < <(for j in "${!line_of[@]}"; do printf '%d %d\n' "${line_guess[j]}" "$j"; done |
	sort -k1,1nr -k2,2n | cut -d' ' -f2)

# A finished boot's time becomes the guess for the pending boots of its
# kind that have no time of their own here.
learn_boot() { # RUN
	local j b k
	b=$(jq -r '.boot_seconds // 0' "$tmp/$1.json" 2>/dev/null || echo 0)
	[ "$b" -gt 0 ] 2>/dev/null || return 0
	k=${line_bkind[$1]}
	run_boot_s[$k]=$(( ${run_boot_s[$k]:-0} + b ))
	run_boot_n[$k]=$(( ${run_boot_n[$k]:-0} + 1 ))
	for j in "${pending[@]}"; do
		[ "${line_bkind[j]}" = "$k" ] && [ -z "${line_hist[j]}" ] || continue
		line_guess[j]=$(( run_boot_s[$k] / run_boot_n[$k] ))
	done
}
reap() {
	local pid
	for pid in "${!guests[@]}"; do
		kill -0 "$pid" 2>/dev/null && continue
		wait "$pid" || true
		learn_boot "${guests[$pid]}"
		unset "guests[$pid]"
	done
}
# "about N min left (builds M, boots K)": the builds one after another;
# the boots two at a time (a multi-CPU guest alone), those that may run
# beside a build (icount; any rcutorture one with RCU_UP_OVERLAP=1) one at
# a time while builds are left, the rest after them.
time_left() {
	local j b=0 par=0 side=0 alone=0 boots
	[ ! -f "$tmp/builds-left" ] || b=$(cat "$tmp/builds-left")
	kill -0 "$builder" 2>/dev/null || b=0
	for j in "${pending[@]}"; do
		case ${line_kind[j]} in
		alone) alone=$((alone + line_guess[j])) ;;
		icount) side=$((side + line_guess[j])) ;;
		any) if [ "$overlap" = 1 ]; then side=$((side + line_guess[j])); else par=$((par + line_guess[j])); fi ;;
		*) par=$((par + line_guess[j])) ;;
		esac
	done
	[ "$side" -le "$b" ] && side=0 || side=$((side - b))
	boots=$(( (par + side) / jobs_max + alone ))
	echo "$(minutes_left $((b + boots))) left (builds $(( (b + 59) / 60 )), boots $(( (boots + 59) / 60 )))"
}
ready() { # RUN: its kernel is built (or it needs none)
	local arch stage scen
	read -r arch stage scen _ <<<"${line_of[$1]}"
	[ "${RCU_UP_NO_BUILD:-0}" = 1 ] || [ -n "${line_skips[$1]}" ] || [ -e "$tmp/built/$arch-$stage-$(scenario_kernel "$scen")" ]
}
start() { # RUN [fg]
	local arch stage scen type secs expect mem extra left
	read -r arch stage scen type secs expect mem extra <<<"${line_of[$1]}"
	left=$(time_left)
	if [ "${2:-}" = fg ]; then
		run_one "$1" "$stage" "$scen" "$type" "$secs" "$expect" "${extra:-}" "${line_rep[$1]}" "$arch" "$mem" || true
	else
		run_one "$1" "$stage" "$scen" "$type" "$secs" "$expect" "${extra:-}" "${line_rep[$1]}" "$arch" "$mem" &
		guests[$!]=$1
	fi
}
while [ ${#pending[@]} -gt 0 ]; do
	reap
	building=0
	kill -0 "$builder" 2>/dev/null && building=1
	limit=$jobs_max
	if [ $building = 1 ] && [ "$overlap" != 1 ]; then
		limit=0
	elif [ $building = 1 ]; then
		limit=1
	fi
	pick=""
	for j in "${pending[@]}"; do
		ready "$j" || continue
		case ${line_kind[j]} in
		alone) [ $building = 0 ] && [ ${#guests[@]} -eq 0 ] || continue ;;
		quiet) [ $building = 0 ] && [ ${#guests[@]} -lt "$limit" ] || continue ;;
		icount) [ ${#guests[@]} -lt "$(( building ? 1 : jobs_max ))" ] || continue ;;
		*) [ ${#guests[@]} -lt "$limit" ] || continue ;;
		esac
		pick=$j
		break
	done
	if [ -z "$pick" ] && [ $building = 0 ] && [ ${#guests[@]} -eq 0 ]; then
		# Nothing runs and nothing can start: kernels the builder never
		# marked (it died); their runs report no result.
		log "the builder ended without marking every kernel built: ${#pending[@]} runs not started"
		break
	elif [ -z "$pick" ]; then
		sleep 0.2
		continue
	fi
	rest=()
	for j in "${pending[@]}"; do [ "$j" = "$pick" ] || rest+=("$j"); done
	pending=("${rest[@]}")
	if [ "${line_kind[pick]}" = alone ]; then start "$pick" fg; else start "$pick"; fi
done
wait

bad=0 j=0
while read -r arch stage scen type secs expect mem extra; do
	[ -n "$arch" ] || continue
	j=$((j + 1))
	if [ -f "$tmp/$j.json" ]; then
		cat "$tmp/$j.json" >>"$results"
		cat "$tmp/$j.json" >>"$run_root/results.jsonl"
		cat "$tmp/$j.tsv" >>"$table"
		jq -e .as_expected "$tmp/$j.json" >/dev/null || bad=$((bad + 1))
		boot_s=$(jq -r '.boot_seconds // 0' "$tmp/$j.json")
		[ "$boot_s" = 0 ] || timing_put "boot $arch $mem $stage $scen $type ${extra:-}" "$boot_s"
	else
		bad=$((bad + 1))
	fi
done <<<"$lines"

ln -sfn "${table#"$RCU_UP_RESULTS"/}" "$RCU_UP_RESULTS/last-run.tsv"
echo
{
	printf 'arch/mem\tstage\tscenario\ttype\tsecs\tverdict\texpected\tRCU\tRCU dec\n'
	cat "$table"
} | column -t -s "$(printf '\t')"
echo
# The runs that went wrong, with the end of their console logs, last: this
# is what a CI log's tail shows.
if [ "$bad" -gt 0 ]; then
	for j in $(seq 1 "$n"); do
		[ -f "$tmp/$j.json" ] || { echo "run $j of $n: no result recorded"; continue; }
		jq -e .as_expected "$tmp/$j.json" >/dev/null && continue
		jq -r '"unexpected: \(.arch) stage \(.stage) \(.scenario) \(.torture_type) \(.boot_args): " +
			"\(.verdict), expected \(.expected_verdict): \(.reason)"' "$tmp/$j.json"
		logf=$(jq -r .log "$tmp/$j.json")
		[ -z "$logf" ] || [ "${logf#/}" != "$logf" ] || logf=$RCU_UP_ROOT/$logf
		[ -f "$logf" ] || continue
		if [ -s "$logf.judged.diags" ]; then
			echo "  parse-console.sh found:"
			head -n 10 "$logf.judged.diags" | cut -c1-160 | sed 's/^/  | /'
		fi
		echo "  last console lines of ${logf#"$RCU_UP_ROOT"/}:"
		tail -n 15 "$logf" | tr -d '\r' | cut -c1-160 | sed 's/^/  | /'
	done
	echo
fi
log "$((n - bad)) of $n runs as expected; results appended to ${results#"$RCU_UP_ROOT"/}, runs in ${run_root#"$RCU_UP_ROOT"/}"
[ "$bad" -eq 0 ]
