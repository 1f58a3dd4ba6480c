#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# run.sh [--resume RUN_ID] MATRIX [RESULTS]: for every line of MATRIX
# ([arch] stage scenario type seconds [expected] [mem=SIZE] [kernel args];
# see lib.sh's matrix_fields) build the kernel, boot it under rcutorture
# (or the scenario's #SUITE#, refscale or rcuscale, TYPE then being the
# scale_type), judge the console log, check which RCU implementation it has,
# and append one JSON line to RESULTS (default results/results.jsonl), with
# the performance figure scripts/perf.sh finds in the log.  Each run keeps
# its console log, .config, build log, boot arguments, QEMU command and tool
# versions in results/runs/RUN_ID/STAGE-SCENARIO-TYPE[-ARGS][-rN]/, which its
# JSON line names ("dir", "log").  Prints the verdict table at the end; exits
# non-zero when any run's verdict is not the expected one.
#
# SIGINT (^C), SIGTERM or SIGHUP stops the whole job within seconds: the
# builder and the guests are ended, the boots under way are recorded as
# INTERRUPTED (neither passed nor failed), the finished ones as usual, and
# the last line says what was done and how to go on; run.sh then dies of
# the signal it got.  --resume RUN_ID (make run RESUME=RUN_ID; "last" for
# the newest run) goes on with that run, of the same harness tree, tools,
# KCONFIG and matrix: its finished runs are kept, only the runs it has no
# result for or an INTERRUPTED one are built and booted, in the same
# results/runs/RUN_ID.  Each JSON line says which attempt made it
# ("attempt"), results/runs/RUN_ID/attempts.tsv what each attempt did, and
# attempt-N.jsonl holds the lines attempt N recorded.
set -euo pipefail
# A job started in the background (setsid make run &, a script's &) has
# SIGINT ignored, and bash cannot trap a signal ignored on entry: start
# again with it at its default, so that kill -INT stops such a job as ^C
# stops one in the terminal's foreground.
if [ "$(trap -p INT)" = "trap -- '' SIGINT" ]; then
	exec env --default-signal=INT "$0" "$@"
fi
. "$(dirname "$0")/lib.sh"

usage="usage: $0 [--resume RUN_ID|last] MATRIX [RESULTS]"
resume=""
if [ "${1:-}" = --resume ]; then
	[ $# -ge 2 ] || die "$usage"
	resume=$2
	shift 2
fi
[ $# -ge 1 ] || die "$usage"
matrix=$1
results=${2:-$RCU_UP_RESULTS/results.jsonl}
[ -f "$matrix" ] || die "no matrix file $matrix; see matrix/ for the ones we have"
need_cmds jq flock
mkdir -p "$(dirname "$results")" "$RCU_UP_RESULTS"
# What the run's results depend on besides the tools (versions): this
# harness's tree, patches included, to the last uncommitted edit, and the
# options make run's KCONFIG adds.  A resumed run must be made of the same.
made_of() {
	echo "tree $(tree_state "$RCU_UP_ROOT" | sha256sum | cut -c1-16)"
	echo "kconfig ${RCU_UP_KCONFIG:-}"
}
if [ -z "$resume" ]; then
	run_id=$(date -u +%Y%m%dT%H%M%SZ)
	# Every run of this matrix gets a directory below results/runs/RUN_ID
	# (RUN_ID.2, ... when that exists; RCU_UP_RUN_TAG is appended, e.g. by
	# bisect.sh); nothing there is ever overwritten.
	run_root=$(fresh_dir "$RCU_UP_RESULTS/runs/$run_id${RCU_UP_RUN_TAG:+-$RCU_UP_RUN_TAG}")
	run_id=$(basename "$run_root")
	tool_versions >"$run_root/versions"
	made_of >"$run_root/made-of"
	cp "$matrix" "$run_root/matrix"
else
	run_root=$(resume_dir "$resume")
	run_id=$(basename "$run_root")
	[ -f "$run_root/made-of" ] ||
		die "run $run_id was made before runs could be resumed (no $run_root/made-of); start a new one: make run"
	cmp -s "$matrix" "$run_root/matrix" ||
		die "run $run_id was of another matrix than $matrix; resume it with its own: make run MATRIX=${run_root#"$RCU_UP_ROOT"/}/matrix RESUME=$run_id"
	if ! diff -q <(tool_versions) "$run_root/versions" >/dev/null || ! diff -q <(made_of) "$run_root/made-of" >/dev/null; then
		die "run $run_id was made of another harness commit, tools or KCONFIG than these, and its results would not be one run's:" \
			"$(diff <(cat "$run_root/versions" "$run_root/made-of") <(tool_versions; made_of) | sed -n 's/^</   then:/p; s/^>/   now: /p' | tr '\n' ' ')" \
			"; check out what it ran, or start a new run: make run"
	fi
fi
# One run.sh at a time in a run directory: a second one refuses, rather
# than mix its boots with the first one's.
exec 7>>"$run_root/.lock"
flock -n 7 || die "run $run_id is going on in another run.sh (it holds $run_root/.lock); stop that one first"
table=$run_root/table.tsv
# This attempt's number and what it did, in attempts.tsv: "running" until it
# ends (a job killed outright leaves it so).
attempts=$run_root/attempts.tsv
attempt=$(awk -F'\t' '$1 ~ /^[0-9]+$/ && $1 > m { m = $1 } END { print m + 1 }' "$attempts" 2>/dev/null || echo 1)
started=$(date -u +%Y%m%dT%H%M%SZ)

# The command that goes on with this run (resume_dir's "last" would do,
# but the run's name is what a user can find again).
resume_hint() {
	local m=${matrix#"$RCU_UP_ROOT"/} r=${results#"$RCU_UP_ROOT"/} k=""
	[ -z "${RCU_UP_KCONFIG:-}" ] || k=" KCONFIG=\"$RCU_UP_KCONFIG\""
	if [ "$results" != "$RCU_UP_RESULTS/results.jsonl" ]; then
		echo "${k:+RCU_UP_KCONFIG=\"$RCU_UP_KCONFIG\" }scripts/run.sh --resume $run_id $m $r"
	elif [ "$m" = matrix/headline ]; then
		echo "make run RESUME=$run_id$k"
	else
		echo "make run MATRIX=$m RESUME=$run_id$k"
	fi
}

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

# A resumed run keeps each line's result from an earlier attempt but an
# INTERRUPTED one (the newest attempt's, when several): from the run
# directories' result.json, written as soon as a run is judged, so that
# even a job killed outright (SIGKILL, a crash) keeps its finished boots,
# and from results.jsonl (the skipped runs, which have no directory).
declare -A kept=()
if [ -n "$resume" ]; then
	while IFS=$'\t' read -r j json; do kept[$j]=$json; done < <(
		cat "$run_root"/*/result.json "$run_root/results.jsonl" 2>/dev/null | jq -rs --argjson n "$n" '
			map(select((.line // 0) >= 1 and .line <= $n and .verdict != "INTERRUPTED")) |
			group_by(.line)[] | max_by(.attempt // 0) | "\(.line)\t\(tojson)"')
	if [ ${#kept[@]} -ge "$n" ]; then
		log "run $run_id has a result for each of its $n runs: nothing to boot (make recheck RUN=$run_id judges their logs again)"
		exit 0
	fi
	log "run $run_id, attempt $attempt: ${#kept[@]} of $n runs kept from earlier attempts, $((n - ${#kept[@]})) to boot"
fi
[ -s "$attempts" ] ||
	printf '# attempt\tstarted\tended\tend\tbooted\tkept from earlier attempts\tinterrupted\tnot started\n' >"$attempts"
printf '%s\t%s\t-\trunning\n' "$attempt" "$started" >>"$attempts"

# The kernels the matrix needs, in matrix order (RCU_UP_NO_BUILD=1: none,
# boot them as they were last built): one per (arch, stage, kernel), the
# scenarios that only pick a test (#KERNEL#) sharing their kernel's.
# A kernel whose every line expects BUILT is built only as far as its RCU
# objects (build.sh's RCU_UP_BUILD_OBJECTS): k_objects[j] is y.
declare -A built=() objects_only=()
kernels=()
j=0
while read -r arch stage scen _ _ expect _; do
	[ -n "$arch" ] || continue
	j=$((j + 1))
	[ "${RCU_UP_NO_BUILD:-0}" = 1 ] && break
	[ -z "${kept[$j]:-}" ] || continue
	kern=$(scenario_kernel "$scen")
	[ -z "$(scenario_skip_reason "$stage" "$scen" "$arch")" ] || continue
	if [ "$expect" != BUILT ]; then
		objects_only[$arch/$stage/$kern]=""
	elif [ -z "${objects_only[$arch/$stage/$kern]+set}" ]; then
		objects_only[$arch/$stage/$kern]=y
	fi
	[ -n "${built[$arch/$stage/$kern]:-}" ] && continue
	built[$arch/$stage/$kern]=1
	kernels+=("$arch $stage $kern")
done <<<"$lines"
k_objects=()
for j in "${!kernels[@]}"; do
	read -r arch stage kern <<<"${kernels[j]}"
	k_objects[j]=${objects_only[$arch/$stage/$kern]}
done
log "matrix $matrix: ${#kernels[@]} kernels to build or find up to date"
# What the builds will take, estimated from measured figures.  A kernel
# build.sh finds up to date (its query) takes seconds.  Any other: its last
# build here (results/timings.tsv), else its compilations in the committed
# record of a cold run of this matrix (snapshot/builds-MATRIX.tsv, MATRIX
# the matrix file's name; ccache's
# misses: a later stage of a configuration compiles less, its other
# objects come from ccache) at this machine's seconds per compilation:
# measured by this run's builds so far, else by the last run here, else
# 0.5 s (x86_64 UP-PREEMPT on a 2-core machine, 2026-12-07).  A kernel the
# record lacks counts as a first build of its configuration (arch and
# kernel): the mean of this run's, else of the record's, else 650
# compilations; nine tenths of that when another stage of it comes
# earlier in the run, 20 for stage 3 after stage 0 (the same tree).  The
# builder keeps its estimate in $tmp/builds-left for the boots' lines.
declare -A snap_comp=()
cold_comp=650
snap_builds=$RCU_UP_ROOT/snapshot/builds-$(basename "$matrix").tsv
if [ -f "$snap_builds" ]; then
	while read -r a s k c; do snap_comp["$a $s $k"]=$c; done < <(
		awk -F'\t' '!/^#/ && NF >= 6 { print $1, $2, $3, $6 }' "$snap_builds")
	cold_comp=$(awk -F'\t' '!/^#/ && NF >= 7 && $7 == "first" { n++; c += $6 }
		END { print (n ? int(c / n) : 650) }' "$snap_builds")
fi
# A kernel built only as far as its RCU objects is "KERNEL:objects" in the
# timings and the record, and compiles about 100 files (prepare, objtool,
# kernel/rcu/) when the record lacks it.
k_state=() k_hist=() k_comp=() k_share=() k_key=()
declare -A k_seen=()
for j in "${!kernels[@]}"; do
	read -r arch stage kern <<<"${kernels[j]}"
	k_key[j]=${kernels[j]}${k_objects[j]:+:objects}
	if RCU_UP_BUILD_QUERY=1 RCU_UP_BUILD_OBJECTS=${k_objects[j]:+1} \
		"$RCU_UP_ROOT/scripts/build.sh" "$stage" "$kern" "$arch" >/dev/null 2>&1; then
		k_state[j]=up
	else
		k_state[j]=build
	fi
	k_hist[j]=$(timing_get "build ${k_key[j]}" "")
	k_comp[j]=${snap_comp["${k_key[j]}"]:-}
	[ -z "${k_objects[j]}" ] || k_comp[j]=${k_comp[j]:-100}
	[ -z "${k_objects[j]}" ] || continue
	# How much of a first build's compilations a kernel the record lacks
	# will need, in tenths.
	k_share[j]=10
	[ -z "${k_seen[$arch $kern]:-}" ] || k_share[j]=9
	[ "$stage" != 3 ] || [ -z "${k_seen[$arch 0 $kern]:-}" ] || k_share[j]=0
	k_seen[$arch $kern]=1 k_seen[$arch $stage $kern]=1
done
build_rate=$(timing_get build-rate 500) # ms per compilation
build_overhead=20 # s: configure, link, modules, sizes
first_s=0 first_n=0 # this run's first builds of a configuration: compilations
build_est() { # INDEX: seconds
	local j=$1 c
	if [ "${k_state[j]}" = up ]; then
		echo 3
	elif [ -n "${k_hist[j]}" ]; then
		echo "${k_hist[j]}"
	else
		c=${k_comp[j]}
		if [ -z "$c" ]; then
			c=$cold_comp
			[ "$first_n" -eq 0 ] || c=$((first_s / first_n))
			c=$(( k_share[j] == 0 ? 20 : c * k_share[j] / 10 ))
		fi
		echo $((build_overhead + c * build_rate / 1000))
	fi
}
# This build's compilations: ccache's misses, else kbuild's CC lines.
build_compiled() { # ARCH STAGE KERNEL
	local O
	O=$(build_dir "$2" "$3" "$1")
	sed -n 's/^CCACHE_MISSES=//p' "$O/rcu-up-build.env" 2>/dev/null | grep . ||
		grep -c '^  CC ' "$O/build.log" 2>/dev/null || echo 0
}

tmp=$(mktemp -d "$RCU_UP_RESULTS/.run.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/built"
for j in "${!kept[@]}"; do
	printf '%s\n' "${kept[$j]}" >"$tmp/$j.json"
done

# The initramfs every boot uses (one per arch), built before anything boots.
for arch in "${!arches[@]}"; do
	"$RCU_UP_ROOT/scripts/initramfs.sh" "$arch" >/dev/null
done

# Phase 1, in the background: build every kernel, one build at a time,
# marking each in $tmp/built as it is done (a failed build too: its run
# then reports the build's status).
builds_left() { # FIRST: estimate for kernels FIRST...
	local j left=0
	for ((j = $1; j < ${#kernels[@]}; j++)); do
		left=$((left + $(build_est "$j")))
	done
	echo "$left"
}
build_all() {
	local k=0 kernel arch stage scen t0 secs comp hits done_s=0 done_c=0 left first what
	declare -A seen=()
	printf '# arch\tstage\tkernel\tseconds\thits\tcompiled\tfirst build of its configuration in this run, or not\n' >"$run_root/builds.tsv"
	for kernel in "${kernels[@]}"; do
		[ ! -e "$tmp/stop" ] || return 0
		read -r arch stage scen <<<"$kernel"
		left=$(builds_left "$k")
		# The builds left, when this one started and its own share:
		# time_left counts it down as it runs.
		echo "$left $(date +%s) $(build_est "$k")" >"$tmp/builds-left"
		what=$scen
		[ -z "${k_objects[k]}" ] || what="$scen (its RCU objects only)"
		log "kernel $((k + 1)) of ${#kernels[@]}: $arch stage $stage $what; $(minutes_left "$left") of builds left"
		t0=$SECONDS
		RCU_UP_BUILD_OBJECTS=${k_objects[k]:+1} "$RCU_UP_ROOT/scripts/build.sh" "$stage" "$scen" "$arch" >/dev/null </dev/null || true
		secs=$((SECONDS - t0))
		touch "$tmp/built/$arch-$stage-$scen"
		first=$([ -n "${seen[$arch $scen]:-}" ] || echo first)
		[ -z "${k_objects[k]}" ] || first=""
		seen[$arch $scen]=1
		if [ "${k_state[k]}" = build ]; then
			comp=$(build_compiled "$arch" "$stage" "$scen")
			hits=$(sed -n 's/^CCACHE_HITS=//p' "$(build_dir "$stage" "$scen" "$arch")/rcu-up-build.env" 2>/dev/null || true)
			printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$arch" "$stage" "${k_key[k]#"$arch $stage "}" "$secs" "${hits:--}" "$comp" "${first:--}" >>"$run_root/builds.tsv"
			timing_put "build ${k_key[k]}" "$secs" || true
			# The machine's rate, from the builds that compiled enough
			# to measure it; the kernels not built yet are estimated anew.
			[ "$first" != first ] || first_s=$((first_s + comp)) first_n=$((first_n + 1))
			if [ -z "${k_objects[k]}" ] && [ "$comp" -ge 50 ] && [ "$secs" -gt "$build_overhead" ]; then
				done_s=$((done_s + secs - build_overhead)) done_c=$((done_c + comp))
				build_rate=$((1000 * done_s / done_c))
				timing_put build-rate "$build_rate" || true
			fi
		fi
		k=$((k + 1))
	done
	echo 0 >"$tmp/builds-left"
}
declare -A guests=() # pid -> run number, of the guests booting
build_all &
builder=$!
# End processes and everything they started (build.sh and make's jobs,
# boot.sh, timeout and QEMU).  Each is stopped (SIGSTOP) before its
# children are listed, so that none starts another behind our back (the
# builder its next build.sh), then sent SIGTERM and let go.
kill_tree() { # PID...
	local p kids
	for p in "$@"; do
		kill -STOP "$p" 2>/dev/null || continue
		kids=$(pgrep -P "$p" 2>/dev/null || true)
		# shellcheck disable=SC2086 # pids
		kill_tree $kids
		kill -TERM "$p" 2>/dev/null || true
		kill -CONT "$p" 2>/dev/null || true
	done
}
# On the way out, stop what is still running before the results
# directory goes.  A signal's trap returns to the command it cut short,
# which may then have failed (a child of ours killed by the same ^C) and
# ended the script under set -e: the job still finishes as a stopped one.
on_exit() {
	if [ -n "$stop_sig" ] && [ -z "$finishing" ]; then
		finish
	fi
	kill_tree ${builder:-} "${!guests[@]}"
	wait
	rm -rf "$tmp"
}
finishing=""
trap on_exit EXIT
# SIGINT, SIGTERM, SIGHUP: stop the job, but record what it did.  Every
# process of the job may have had the signal (^C goes to the terminal's
# whole foreground process group), or only this one (kill PID), and the
# builder and the guests, started in the background, ignore SIGINT (bash
# does that to background jobs; make and boot.sh inherit it) while QEMU
# handles it itself: so the builder is ended here, the guests' boots too
# (boot.sh, with QEMU), each guest's shell left to record its run as
# INTERRUPTED.  $tmp/stop tells them, and the scheduler below, to start
# nothing more.  The main loop then ends (or the script, on_exit), the
# results are written, and the job dies of the signal (finish).
stop_sig=""
on_signal() { # SIGNAL
	local p
	[ -z "$stop_sig" ] || return 0
	stop_sig=$1
	echo "$1" >>"$tmp/stop"
	echo >&2
	log "$1: stopping the builder and the guests; the boots under way are recorded as INTERRUPTED"
	kill_tree "$builder"
	for p in "${!guests[@]}"; do
		# shellcheck disable=SC2046 # pids
		kill_tree $(pgrep -P "$p" -f 'scripts/boot\.sh' 2>/dev/null || true)
	done
}
trap 'on_signal SIGINT' INT
trap 'on_signal SIGTERM' TERM
trap 'on_signal SIGHUP' HUP

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
# .config, build log and status, the image's SHA256 (image.sha256), the
# boot arguments and the tool versions; boot.sh adds the console log and
# the exact QEMU command, and the judgement the evidence mem_verdict had
# (banner-mb).
make_run_dir() {
	local name=$stage-$scen-$type sum
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
	sum=$(image_sum "$O/$(arch_image "$arch")")
	[ -z "$sum" ] || echo "$sum" >"$run_dir/image.sha256"
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

# The JSON line and the table row, in files of their own ($tmp/$i.*).
record() {
	local ok=yes
	[ "$verdict" = "$expect" ] || ok=no
	# An interrupted boot is neither as expected nor not: it did not end.
	[ "$verdict" != INTERRUPTED ] || ok=null
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
		--arg kconfig "${RCU_UP_KCONFIG:-}" --arg clock "$(cat "$logf.clock" 2>/dev/null || true)" \
		--argjson line "$i" --argjson attempt "$attempt" '
		def sz: (split(" ") | map(tonumber)) as $a |
			if ($a | length) == 4 then {text: $a[0], data: $a[1], bss: $a[2], dec: $a[3]} else null end;
		def num: if . == "" then null else tonumber end;
		def objs: if . == "" then null else split(";") | map(split(" ") |
			{object: .[0], text: (.[1] | tonumber), data: (.[2] | tonumber), bss: (.[3] | tonumber), dec: (.[4] | tonumber)}) end;
		{run: $run, arch: $arch, mem_mb: $mem, stage: $stage, scenario: $scenario, torture_type: $type, boot_args: $args,
		 kconfig: $kconfig, clock: (if $clock == "" then null else $clock end),
		 seconds: $seconds, expected_verdict: $expect, verdict: $verdict,
		 as_expected: (if $ok == "null" then null else $ok == "yes" end),
		 reason: $reason, rcu_impl: {expected: $impl_expected, config: $impl_config, boot: $impl_boot},
		 rcu_size: ($rcu_size | sz), rcu_objects: ($rcu_objects | objs), vmlinux_size: ($vmlinux_size | sz),
		 build_seconds: $build_s, boot_seconds: $boot_s,
		 meminfo_kb: {MemFree: ($memfree | num), KernelStack: ($kstack | num), Slab: ($slab | num)},
		 kthreads: {total: ($kthreads | num), rcu: ($rcu_kthreads | num)}, suite: $suite, perf: $perf,
		 log: $log, dir: $dir, line: $line, attempt: $attempt}' >"$tmp/$i.json.new"
	[ -z "$run_dir" ] || cp "$tmp/$i.json.new" "$run_dir/result.json"
	mv "$tmp/$i.json.new" "$tmp/$i.json"
}

# Whether a boot was stopped by the job stopping ($tmp/stop, written before
# the guests are ended) or by a signal of its own (boot.sh's 128+N: QEMU
# ended by signal N; ^C reaches QEMU too): its log ends where the signal
# cut it, and says nothing of the kernel.
boot_interrupted() {
	[ -e "$tmp/stop" ] || [ "$rc" -eq 129 ] || [ "$rc" -eq 130 ] || [ "$rc" -eq 143 ]
}
stop_signal() {
	if [ -s "$tmp/stop" ]; then
		head -n1 "$tmp/stop"
	else
		case $rc in 129) echo SIGHUP ;; 130) echo SIGINT ;; *) echo SIGTERM ;; esac
	fi
}

# A line expecting BUILT boots nothing: its kernel's RCU objects were
# built (build.sh's RCU_UP_BUILD_OBJECTS, or a whole build of that
# kernel) and their sizes go into the record.  BUILT when they are there
# and of the implementation the stage and scenario must have, else
# FAIL (another implementation) or BUILD-FAIL.
built_objects() {
	boot_impl=$RCU_IMPL_CONFIG logf=""
	if [ -z "$RCU_OBJ_SIZES" ]; then
		verdict=BUILD-FAIL reason="no RCU objects in $O/kernel/rcu"
	elif [ "$RCU_IMPL_CONFIG" != "$want_impl" ]; then
		verdict=FAIL reason="its .config has $RCU_IMPL_CONFIG, stage $stage $scen must have $want_impl"
	else
		verdict=BUILT reason="kernel/rcu/ built for the objects' sizes ($RCU_SIZE text/data/bss/dec), not booted"
	fi
}

run_one() {
	local i=$1 stage=$2 scen=$3 type=$4 secs=$5 expect=$6 extra=$7 rep=$8 arch=$9 mem=${10}
	local O verdict="" reason="" boot_impl=UNKNOWN boot_s=0 logf="" run_dir="" want_impl skip rc bootargs="" perf=null initrd_extra=""
	local kernel_config larger_banner_mb=""
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
		elif [ "$expect" = BUILT ]; then
			built_objects
		elif [ -e "$tmp/stop" ]; then
			verdict=INTERRUPTED reason="not booted: the job was stopping ($(stop_signal)); $(resume_hint) boots it"
		else
			boot
			if boot_interrupted; then
				verdict=INTERRUPTED
				reason="boot stopped by $(stop_signal) after ${boot_s}s, its log not judged; $(resume_hint) boots it again"
			else
				# shellcheck disable=SC2034 # judge_boot (lib.sh) reads them
				kernel_config=$O/.config
				# A small guest that printed nothing is NOMEM only where
				# this image printed its banner in a larger guest (the
				# scheduler boots those first); the evidence is kept for
				# recheck.sh, and this boot's banner is recorded.
				larger_banner_mb=$(banner_mb "$O" "$O/$(arch_image "$arch")" "$mem")
				[ -z "$larger_banner_mb" ] || echo "$larger_banner_mb" >"$run_dir/banner-mb"
				judge_boot
				banner_note "$O" "$O/$(arch_image "$arch")" "$mem" "$logf"
			fi
		fi
	fi
	record
}

# The end of the job, after the scheduler or from on_exit once stopping:
# wait for the builder and every guest (a trapped signal ends a wait
# early), then the results, in matrix order: this attempt's lines appended to RESULTS
# (under its lock: recheck.sh rewrites it) and kept as attempt-N.jsonl;
# the run's table.tsv and results.jsonl, the lines kept from earlier
# attempts included, written anew.
finish() {
	local bad=0 j=0 recorded=0 intr=0 missing=0 done_n boot_s logf
	finishing=1
	until wait 2>/dev/null; do :; done
	: >"$tmp/all.jsonl"
	: >"$tmp/new.jsonl"
	: >"$tmp/table.tsv"
	while read -r arch stage scen type secs expect mem extra; do
		[ -n "$arch" ] || continue
		j=$((j + 1))
		if [ ! -f "$tmp/$j.json" ]; then
			missing=$((missing + 1))
			continue
		fi
		cat "$tmp/$j.json" >>"$tmp/all.jsonl"
		table_row "$(cat "$tmp/$j.json")" >>"$tmp/table.tsv"
		[ -n "${kept[$j]:-}" ] && continue
		recorded=$((recorded + 1))
		cat "$tmp/$j.json" >>"$tmp/new.jsonl"
		if [ "$(jq -r .verdict "$tmp/$j.json")" = INTERRUPTED ]; then
			intr=$((intr + 1))
			continue
		fi
		jq -e .as_expected "$tmp/$j.json" >/dev/null || bad=$((bad + 1))
		boot_s=$(jq -r '.boot_seconds // 0' "$tmp/$j.json")
		[ "$boot_s" = 0 ] || timing_put "boot $arch $mem $stage $scen $type ${extra:-}" "$boot_s"
	done <<<"$lines"
	# Kept runs that were not as expected are still not.
	for j in "${!kept[@]}"; do
		jq -e .as_expected "$tmp/$j.json" >/dev/null || bad=$((bad + 1))
	done
	{
		flock 6
		cat "$tmp/new.jsonl" >>"$results"
	} 6>>"$results.lock"
	cp "$tmp/new.jsonl" "$run_root/attempt-$attempt.jsonl"
	mv "$tmp/all.jsonl" "$run_root/results.jsonl"
	mv "$tmp/table.tsv" "$table"
	# Runs not started are the builder's failure (it died), unless the job
	# was stopping.
	[ -n "$stop_sig" ] || bad=$((bad + missing))
	awk -F'\t' -v OFS='\t' -v a="$attempt" -v row="$attempt	$started	$(date -u +%Y%m%dT%H%M%SZ)	${stop_sig:-done}	$recorded	${#kept[@]}	$intr	$missing" \
		'$1 == a && $4 == "running" { print row; next } { print }' "$attempts" >"$attempts.new"
	mv "$attempts.new" "$attempts"

	ln -sfn "${table#"$RCU_UP_RESULTS"/}" "$RCU_UP_RESULTS/last-run.tsv"
	echo
	{
		printf 'arch/mem\tstage\tscenario\ttype\tsecs\tverdict\texpected\tRCU\tRCU dec\n'
		cat "$table"
	} | column -t -s "$(printf '\t')"
	echo
	# The runs that went wrong, with the end of their console logs, last: this
	# is what a CI log's tail shows.  An interrupted run did not go wrong.
	if [ "$bad" -gt 0 ]; then
		for j in $(seq 1 "$n"); do
			if [ ! -f "$tmp/$j.json" ]; then
				[ -n "$stop_sig" ] || echo "run $j of $n: no result recorded"
				continue
			fi
			jq -e '.as_expected or .verdict == "INTERRUPTED"' "$tmp/$j.json" >/dev/null && continue
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
	log "results appended to ${results#"$RCU_UP_ROOT"/}, runs in ${run_root#"$RCU_UP_ROOT"/} (attempt $attempt${kept[*]:+, ${#kept[@]} runs kept from earlier attempts})"
	done_n=$((n - intr - missing))
	if [ -n "$stop_sig" ]; then
		log "interrupted by $stop_sig: $done_n of $n runs done ($((done_n - bad)) as expected), $intr interrupted, $missing not started; go on with: $(resume_hint)"
		# Die of the signal, as the caller expects of a job it stopped (make
		# and a shell's || then stop too, rather than go on to the report).
		trap - INT TERM HUP EXIT
		rm -rf "$tmp"
		kill -s "${stop_sig#SIG}" $$
	fi
	if [ "$intr" -gt 0 ]; then
		log "$((n - bad - intr)) of $n runs as expected, $intr interrupted (neither passed nor failed); boot them with: $(resume_hint)"
		exit 1
	fi
	log "$((n - bad)) of $n runs as expected"
	[ "$bad" -eq 0 ] || exit 1
}

# The scheduler.  Two guests at a time (RCU_UP_BOOT_JOBS: each
# single-CPU TCG guest keeps one host CPU busy), a multi-CPU guest alone
# (TCG gives each vCPU a host thread, and vCPUs starved by a second guest
# on a 2-core host draw spurious RCU CPU stall warnings).  With
# RCU_UP_OVERLAP=1 (make check, and make run of matrix/headline), while
# kernels are still being built one rcutorture guest runs beside the
# build; the runs whose verdict depends on timing (the misuse and scale
# suites) and the multi-CPU guests wait until the builds are done.  make
# run-full leaves it off: its rcutorture flood rates are measured with no
# build beside them.  A run under QEMU's instruction
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
# else that kind's mean in the newest committed run that booted it (the
# snapshot's results: runs of matrix/headline and others on machines like
# this one; a scale suite takes a tenth of its budget or less), else its
# SECONDS and 20 s of booting.
declare -A snap_boot=() run_boot_s=() run_boot_n=()
while IFS=$'\t' read -r k v; do snap_boot[$k]=$v; done < <(
	cat "$RCU_UP_ROOT"/snapshot/*.jsonl 2>/dev/null | jq -rs '
		map(select(type == "object" and (.boot_seconds // 0) > 0 and .arch != null)) |
		group_by([.arch, .scenario, .torture_type, ((.clock // "tcg") | startswith("icount"))])[] |
		(map(.run) | max) as $newest | map(select(.run == $newest)) |
		["\(.[0].arch) \(.[0].scenario) \(.[0].torture_type) \((.[0].clock // "tcg") | startswith("icount"))",
		 (map(.boot_seconds) | add / length | ceil)] | @tsv' 2>/dev/null || true)
boot_kind() { # ARCH SCENARIO TYPE ARGS
	echo "$1 $2 $3 $([[ " $4 " == *" icount="* ]] && echo true || echo false)"
}
boot_guess() { # ARCH MEM STAGE SCENARIO TYPE SECONDS [ARGS]: seconds
	local kind
	kind=$(boot_kind "$1" "$4" "$5" "${7:-}")
	timing_get "boot $1 $2 $3 $4 $5 ${7:-}" "${snap_boot[$kind]:-$(($6 + 20))}"
}
declare -A reps=()
line_of=() line_rep=() line_guess=() line_kind=() line_skips=() line_hist=() line_bkind=() line_mem=() line_kern=()
i=0
while read -r arch stage scen type secs expect mem extra; do
	[ -n "$arch" ] || continue
	i=$((i + 1))
	line_of[i]="$arch $stage $scen $type $secs $expect $mem ${extra:-}"
	key="$arch $mem $stage $scen $type ${extra:-}"
	reps[$key]=$(( ${reps[$key]:-0} + 1 ))
	line_rep[i]=${reps[$key]}
	line_guess[i]=$(boot_guess "$arch" "$mem" "$stage" "$scen" "$type" "$secs" "${extra:-}")
	[ "$expect" != BUILT ] || line_guess[i]=0
	line_hist[i]=$(timing_get "boot $key" "")
	line_bkind[i]=$(boot_kind "$arch" "$scen" "$type" "${extra:-}")
	line_skips[i]=$([ -z "$(scenario_skip_reason "$stage" "$scen" "$arch")" ] || echo y)
	line_mem[i]=$(mem_mb "$([ "$mem" != - ] && echo "$mem" || echo "${RCU_UP_MEM:-512}")")
	line_kern[i]="$arch $stage $(scenario_kernel "$scen")"
	if [ "$expect" = BUILT ]; then
		line_kind[i]=built
	elif [ "$(scenario_cpus "$scen" "$stage")" -gt 1 ]; then
		line_kind[i]=alone
	elif [[ " ${extra:-} " == *" icount="* ]]; then
		line_kind[i]=icount
	elif [ "$(scenario_suite "$scen" "$stage")" != rcutorture ]; then
		line_kind[i]=quiet
	else
		line_kind[i]=any
	fi
done <<<"$lines"
# Pending runs (those an earlier attempt did not finish), longest first.
mapfile -t pending < <(for j in "${!line_of[@]}"; do
	[ -n "${kept[$j]:-}" ] || printf '%d %d\n' "${line_guess[j]}" "$j"; done |
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
	local j b=0 par=0 side=0 alone=0 boots started=0 cur=0 ran
	[ ! -f "$tmp/builds-left" ] || read -r b started cur <"$tmp/builds-left"
	kill -0 "$builder" 2>/dev/null || b=0
	# The build under way has run for a while: less of it is left (all
	# of it gone once it has run its estimate, until the next one starts).
	if [ "$b" -gt 0 ] && [ "${started:-0}" -gt 0 ]; then
		ran=$(( $(date +%s) - started ))
		[ "$ran" -le "${cur:-0}" ] || ran=${cur:-0}
		b=$((b - ran))
	fi
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
	local arch stage scen j
	read -r arch stage scen _ <<<"${line_of[$1]}"
	# A guest below RCU_UP_NOMEM_MB waits for the larger guests of its
	# kernel, pending or booting: their banners are the evidence that
	# lets its silence be NOMEM (lib.sh's banner_mb and mem_verdict).
	if [ "${line_mem[$1]}" -lt "$RCU_UP_NOMEM_MB" ]; then
		for j in "${pending[@]}" "${guests[@]}"; do
			if [ "$j" != "$1" ] && [ "${line_kern[j]}" = "${line_kern[$1]}" ] && [ "${line_mem[j]}" -gt "${line_mem[$1]}" ]; then
				return 1
			fi
		done
	fi
	[ "${RCU_UP_NO_BUILD:-0}" = 1 ] || [ -n "${line_skips[$1]}" ] || [ -e "$tmp/built/$arch-$stage-$(scenario_kernel "$scen")" ]
}
# Every guest's run in a shell of its own, in the background (a multi-CPU
# guest too, nothing else starting beside it), so that this one is always
# free to take a signal.  That shell outlives a SIGTERM to the whole group
# to record its run (INTERRUPTED) and tells the scheduler to stop.
start() { # RUN
	local arch stage scen type secs expect mem extra left
	read -r arch stage scen type secs expect mem extra <<<"${line_of[$1]}"
	left=$(time_left)
	(
		trap 'echo SIGTERM >>"$tmp/stop"' TERM
		run_one "$1" "$stage" "$scen" "$type" "$secs" "$expect" "${extra:-}" "${line_rep[$1]}" "$arch" "$mem"
	) &
	guests[$!]=$1
}
alone_running() {
	local p
	for p in "${!guests[@]}"; do [ "${line_kind[${guests[$p]}]}" != alone ] || return 0; done
	return 1
}
while [ ${#pending[@]} -gt 0 ]; do
	# A guest's shell that had SIGTERM stops the job as the trap would.
	[ ! -e "$tmp/stop" ] || [ -n "$stop_sig" ] || on_signal "$(head -n1 "$tmp/stop")"
	[ -z "$stop_sig" ] || break
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
		built) ;; # no guest: its objects' sizes are recorded at once
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
	elif [ -z "$pick" ] || alone_running; then
		sleep 0.2 || true
		continue
	fi
	rest=()
	for j in "${pending[@]}"; do [ "$j" = "$pick" ] || rest+=("$j"); done
	pending=("${rest[@]}")
	start "$pick"
done
finish
exit

