#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Unit tests of the harness: series parsing, config checks, verdicts on
# recorded console logs.  No kernel is built here.

setup() {
	ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
	FIX=$BATS_TEST_DIRNAME/fixtures
	TMP=$(mktemp -d)
	cp "$FIX"/*.log "$TMP"/
	# Copies of the scripts under $TMP use the clone's kernel tree.
	export RCU_UP_WORK=${RCU_UP_WORK:-$ROOT/work}
}

teardown() { stop_job; rm -rf "$TMP"; }

lib() { (. "$ROOT/scripts/lib.sh"; "$@"); }

@test "matrices: every committed matrix names known stages and scenarios" {
	local m arch stage scen type secs rest
	for m in "$ROOT"/matrix/*; do
		lib matrix_lines "$m" >"$TMP/lines"
		[ -s "$TMP/lines" ]
		while read -r arch stage scen type secs rest; do
			lib check_stage "$stage"
			lib check_scenario "$scen"
			[[ "$secs" =~ ^[0-9]+$ ]]
		done <"$TMP/lines"
	done
	# The headline matrix boots every implementation at stages 0 and 1;
	# the check matrix what the series adds: UP preemptible RCU as tree
	# and as tiny (PREEMPT and PREEMPT_RT) at stages 0 to 3, the busted
	# control at stages 0 and 1.
	# (SMP at stage 0 only, and only its RCU objects, for the sizes: the
	# series changes no SMP kernel's RCU; and PREEMPT_RT at stage 1 only,
	# TINY_PREEMPT_RCU on it: make run-full boots both at every stage.)
	for scen in UP-NONE UP-PREEMPT; do
		grep -Eq "^0 +$scen +rcu " "$ROOT/matrix/headline"
	done
	for scen in SMP-NONE SMP-PREEMPT; do
		grep -Eq "^0 +$scen +objects +0 +BUILT$" "$ROOT/matrix/headline"
	done
	for scen in UP-NONE UP-PREEMPT UP-RT; do
		grep -Eq "^1 +$scen +rcu " "$ROOT/matrix/headline"
	done
	for scen in SMP-NONE SMP-PREEMPT UP-RT; do
		grep -Eq "^[01] +$scen +rcu " "$ROOT/matrix/default"
	done
	in_check() { # STAGE SCENARIO TYPE [EXPECTED]: an x86_64 line of matrix/check
		awk -v s="$1" -v c="$2" -v t="$3" -v e="${4:-}" '
			$1 == s && $2 == c && $3 == t && (e == "" || $5 == e) { found = 1 }
			END { exit !found }' "$ROOT/matrix/check"
	}
	for scen in {0,1,2,3}" UP-PREEMPT" {1,2}" TINYP04"; do
		in_check $scen rcu
	done
	for scen in {0,1}" UP-PREEMPT" "1 TINYP04"; do
		in_check $scen busted TORTURE-FAIL
	done
}

@test "tree_state: a build's stamp changes with a commit and with an edit, not otherwise" {
	local a b c d
	git init -q "$TMP/t"
	echo one >"$TMP/t/f"
	git -C "$TMP/t" add f
	git -C "$TMP/t" -c user.name=t -c user.email=t@t commit -qm one
	a=$(lib tree_state "$TMP/t")
	b=$(lib tree_state "$TMP/t")
	[ "$a" = "$b" ]
	echo two >"$TMP/t/f"
	c=$(lib tree_state "$TMP/t")
	[ "$c" != "$a" ]
	git -C "$TMP/t" -c user.name=t -c user.email=t@t commit -qam two
	d=$(lib tree_state "$TMP/t")
	[ "$d" != "$a" ] && [ "$d" != "$c" ]
	# Not a git tree: no state, so no stamp can match it by accident.
	[ -z "$(lib tree_state "$TMP/nope")" ]
}

@test "figures: a commit-message figure must be a listed parameter or found in a committed result" {
	mkdir -p "$TMP/p"
	printf 'Subject: [PATCH 1/1] x\n\nTree is 45.3 KB larger (0.034%% of 128 MB); we poll every 100 ms.\n\nSigned-off-by: a <a@b>\n---\n' >"$TMP/p/0001-x.patch"
	printf '0001\t100 ms\tparameter\tpolling interval\n' >"$TMP/fig.tsv"
	run env RCU_UP_FIGURES="$TMP/fig.tsv" "$ROOT/scripts/figures.sh" "$TMP/p/0001-x.patch"
	[ "$status" -ne 0 ]
	[[ "$output" == *"FAIL 0001 '45.3 KB': a figure no committed result accounts for"* ]]
	[[ "$output" == *"FAIL 0001 '0.034%'"* ]]
	[[ "$output" == *"ok 0001 '100 ms': a parameter"* ]]
	printf 'rcu 45.3 kB, 0.034, guest 128\n' >"$TMP/res.txt"
	for f in '45.3 KB' '0.034%' '128 MB'; do
		printf '0001\t%s\tmeasured\t%s\tstage 0 UP-PREEMPT\n' "$f" "$TMP/res.txt" >>"$TMP/fig.tsv"
	done
	run env RCU_UP_FIGURES="$TMP/fig.tsv" "$ROOT/scripts/figures.sh" "$TMP/p/0001-x.patch"
	[ "$status" -eq 0 ]
	[[ "$output" == *"ok 0001 '45.3 KB': measured, in $TMP/res.txt (stage 0 UP-PREEMPT)"* ]]
	# A measured figure its result file does not hold fails.
	printf 'rcu 44.1 kB, 0.034, guest 128\n' >"$TMP/res.txt"
	run env RCU_UP_FIGURES="$TMP/fig.tsv" "$ROOT/scripts/figures.sh" "$TMP/p/0001-x.patch"
	[ "$status" -ne 0 ]
	[[ "$output" == *"FAIL 0001 '45.3 KB': said to be measured, but 45.3 is not in $TMP/res.txt"* ]]
	# The series as committed: every figure accounted for.
	run "$ROOT/scripts/figures.sh"
	[ "$status" -eq 0 ]
}

# A copy of the clone's tracked files, without its work, results and report.
copy_clone() {
	mkdir -p "$TMP/c"
	tar -C "$ROOT" --exclude=./work --exclude=./results --exclude=./report --exclude=./.git -cf - . |
		tar -C "$TMP/c" -xf -
}

@test "docs: a broken relative link in README.md or docs/ fails the check" {
	copy_clone
	run "$ROOT/scripts/docs-check.sh" "$TMP/c"
	[ "$status" -eq 0 ]
	# A page that is not there, from the README.
	cp "$TMP/c/README.md" "$TMP/README.md"
	echo 'See [the missing page](docs/missing.md).' >>"$TMP/c/README.md"
	run "$ROOT/scripts/docs-check.sh" "$TMP/c"
	[ "$status" -ne 0 ]
	[[ "$output" == *"FAIL README.md: link docs/missing.md: no such file"* ]]
	cp "$TMP/README.md" "$TMP/c/README.md"
	# A docs page's link resolves from the page's own directory: README.md
	# is ../README.md there, and README.md is not.
	echo 'Back to [the README](README.md).' >>"$TMP/c/docs/design.md"
	run "$ROOT/scripts/docs-check.sh" "$TMP/c"
	[ "$status" -ne 0 ]
	[[ "$output" == *"FAIL docs/design.md: link README.md: no such file"* ]]
	cp "$ROOT/docs/design.md" "$TMP/c/docs/design.md"
	# A heading that is not there, in this page and in another.
	echo 'See [flow](#no-such-heading) and [verdicts](verdicts.md#no-such-verdict).' >>"$TMP/c/docs/parity.md"
	run "$ROOT/scripts/docs-check.sh" "$TMP/c"
	[ "$status" -ne 0 ]
	[[ "$output" == *"FAIL docs/parity.md: link #no-such-heading: no heading no-such-heading in docs/parity.md"* ]]
	[[ "$output" == *"FAIL docs/parity.md: link verdicts.md#no-such-verdict: no heading no-such-verdict in docs/verdicts.md"* ]]
	# Links in code are not links; absolute URLs are not checked.
	cp "$ROOT/docs/parity.md" "$TMP/c/docs/parity.md"
	printf '%s\n' 'The form `[text](missing.md)` is a link.' '' '    [x](missing.md)' '' '[upstream](https://www.kernel.org/missing)' >>"$TMP/c/docs/parity.md"
	run "$ROOT/scripts/docs-check.sh" "$TMP/c"
	[ "$status" -eq 0 ]
}

@test "docs: every figure README.md gives is accounted for, measured ones in the committed snapshot" {
	copy_clone
	# A measured figure, accounted for (snapshot/timings.tsv holds 3784).
	echo 'make check took 3,784 s.' >>"$TMP/c/README.md"
	printf 'README.md\t3,784 s\tmeasured\tsnapshot/timings.tsv\tx\n' >>"$TMP/c/tests/figures.tsv"
	run "$ROOT/scripts/docs-check.sh" "$TMP/c"
	[ "$status" -eq 0 ]
	# A figure nothing accounts for.
	sed -i 's/3,784 s/3,785 s/' "$TMP/c/README.md"
	run "$ROOT/scripts/docs-check.sh" "$TMP/c"
	[ "$status" -ne 0 ]
	[[ "$output" == *"FAIL README.md '3,785 s': a figure nothing accounts for"* ]]
	# ... and the entry of the figure it replaced is stale.
	[[ "$output" == *"FAIL README.md '3,784 s': listed in tests/figures.tsv, but README.md does not give it any more"* ]]
	# Listed as measured, but the snapshot file does not hold it.
	sed -i 's/^README.md\t3,784 s\t/README.md\t3,785 s\t/' "$TMP/c/tests/figures.tsv"
	run "$ROOT/scripts/docs-check.sh" "$TMP/c"
	[ "$status" -ne 0 ]
	[[ "$output" == *"FAIL README.md '3,785 s': said to be measured, but 3,785 is not in snapshot/timings.tsv"* ]]
	# A file outside the snapshot does not count, even if it holds the figure.
	echo 3785 >"$TMP/c/notes.txt"
	sed -i 's|^\(README.md\t3,785 s\tmeasured\t\)snapshot/timings.tsv|\1notes.txt|' "$TMP/c/tests/figures.tsv"
	run "$ROOT/scripts/docs-check.sh" "$TMP/c"
	[ "$status" -ne 0 ]
	[[ "$output" == *"FAIL README.md '3,785 s': notes.txt is not part of the committed snapshot"* ]]
	# A figure is a whole number: 784 is not in a file holding only 3784.
	printf 'README.md\t784 s\tmeasured\tsnapshot/timings.tsv\tx\n' >>"$TMP/c/tests/figures.tsv"
	echo 'It took 784 s.' >>"$TMP/c/README.md"
	run "$ROOT/scripts/docs-check.sh" "$TMP/c"
	[[ "$output" == *"FAIL README.md '784 s': said to be measured, but 784 is not in snapshot/timings.tsv"* ]]
}

@test "series: stages and their patches" {
	SERIES=$FIX/series.example lib max_stage
	[ "$(SERIES=$FIX/series.example lib max_stage)" = 3 ]
	[ "$(SERIES=$FIX/series.example lib series_patches 0 | wc -l)" = 0 ]
	[ "$(SERIES=$FIX/series.example lib series_patches 1 | tr '\n' ' ')" = "0001-a.patch 0002-b.patch " ]
	[ "$(SERIES=$FIX/series.example lib series_patches 3 | tr '\n' ' ')" = "0001-a.patch 0002-b.patch 0003-c.patch 0004-d.patch " ]
	[ "$(SERIES=$FIX/series.example lib patch_stage 0003-c.patch)" = 2 ]
}

@test "series: unknown stage is refused, listing the valid ones" {
	run env SERIES=$FIX/series.example bash -c ". '$ROOT/scripts/lib.sh'; check_stage 7"
	[ "$status" -ne 0 ]
	[[ "$output" == *"unknown stage '7'; valid stages: 0 1 2 3"* ]]
	run env SERIES=$FIX/series.example bash -c ". '$ROOT/scripts/lib.sh'; check_stage x"
	[ "$status" -ne 0 ]
}

@test "scenarios: unknown scenario is refused, listing the valid ones" {
	run bash -c ". '$ROOT/scripts/lib.sh'; check_scenario NOPE"
	[ "$status" -ne 0 ]
	[[ "$output" == *"valid scenarios:"*"UP-PREEMPT"* ]]
	[[ "$output" != *"COMMON"* ]]
}

@test "config: values and RCU implementation from a .config" {
	[ "$(lib config_value "$FIX/config.tree-preempt" CONFIG_SMP)" = n ]
	[ "$(lib config_value "$FIX/config.tree-preempt" CONFIG_NR_CPUS)" = 1 ]
	[ "$(lib config_value "$FIX/config.tree-preempt" CONFIG_NOT_THERE)" = n ]
	[ "$(lib config_rcu_impl "$FIX/config.tree-preempt")" = PREEMPT_RCU ]
	[ "$(lib config_rcu_impl "$FIX/config.tiny")" = TINY_RCU ]
	[ "$(lib config_rcu_impl "$FIX/config.tiny-preempt")" = TINY_PREEMPT_RCU ]
}

@test "config: scenario options include #CHECK# lines" {
	run lib scenario_options "$ROOT/scenarios/UP-PREEMPT"
	[[ "$output" == *"CONFIG_PREEMPT=y"* ]]
	[[ "$output" == *"CONFIG_SMP=n"* ]]
	[[ "$output" == *"CONFIG_PREEMPT_RCU=y"* ]]
}

@test "config: expected implementation per stage" {
	[ "$(lib expected_rcu_impl 0 UP-PREEMPT)" = PREEMPT_RCU ]
	[ "$(lib expected_rcu_impl 1 UP-PREEMPT)" = TINY_PREEMPT_RCU ]
	[ "$(lib expected_rcu_impl 3 UP-PREEMPT)" = PREEMPT_RCU ]
	[ "$(lib expected_rcu_impl 1 UP-NONE)" = TINY_RCU ]
	[ "$(lib expected_rcu_impl 1 SMP-NONE)" = TREE_RCU ]
	[ "$(lib expected_rcu_impl 1 SMP-PREEMPT)" = PREEMPT_RCU ]
}

@test "boot log: implementation banner" {
	[ "$(lib log_rcu_impl "$TMP/good.log")" = PREEMPT_RCU ]
}

@test "verdict: good log is PASS" {
	run "$ROOT/scripts/verdict.sh" "$TMP/good.log" 0
	[ "$status" -eq 0 ]
	[[ "$output" == PASS* ]]
}

@test "verdict: busted (negative control) log is TORTURE-FAIL" {
	run "$ROOT/scripts/verdict.sh" "$TMP/busted.log" 0 rcutorture busted
	[[ "$output" == "TORTURE-FAIL busted-torture: End of test: FAILURE"* ]]
}

@test "verdict: console WARNING after SUCCESS is FAIL" {
	run "$ROOT/scripts/verdict.sh" "$TMP/badness.log" 0
	[[ "$output" == "FAIL console badness"* ]]
}

@test "verdict: RCU stall report is STALL" {
	run "$ROOT/scripts/verdict.sh" "$TMP/stall.log" 0
	[[ "$output" == "STALL "*"detected stalls"* ]]
}

@test "verdict: guest killed before the end is HANG" {
	run "$ROOT/scripts/verdict.sh" "$TMP/hang.log" 124
	[[ "$output" == HANG* ]]
}

@test "verdict: guest that stopped before the end is FAIL" {
	run "$ROOT/scripts/verdict.sh" "$TMP/hang.log" 0
	[[ "$output" == "FAIL guest stopped"* ]]
}

@test "verdict: missing log is FAIL" {
	run "$ROOT/scripts/verdict.sh" "$TMP/nothing.log" 0
	[[ "$output" == FAIL* ]]
}

@test "config: options Kconfig dropped are named" {
	printf 'CONFIG_SMP=n\nCONFIG_RCU_BOOST=y\n#CHECK#CONFIG_PREEMPT_RCU=y\n#CHECK#CONFIG_TREE_RCU=n\n' >"$TMP/frag"
	run lib config_dropped "$FIX/config.tree-preempt" "$TMP/frag"
	[ "$output" = "CONFIG_RCU_BOOST=y(got:n) CONFIG_TREE_RCU=n(got:y)" ]
	printf 'CONFIG_SMP=n\n#CHECK#CONFIG_PREEMPT_RCU=y\n' >"$TMP/frag2"
	run lib config_dropped "$FIX/config.tree-preempt" "$TMP/frag2"
	[ -z "$output" ]
}

@test "config: a scenario's option overrides the common fragment's" {
	printf 'CONFIG_RCU_BOOST=y\nCONFIG_SMP=y\n' >"$TMP/common"
	printf 'CONFIG_RCU_BOOST=n\n' >"$TMP/scen"
	run lib config_dropped "$FIX/config.tree-preempt" "$TMP/common" "$TMP/scen"
	[ "$output" = "CONFIG_SMP=y(got:n)" ]
}

@test "scenarios: the suite a kernel boots into" {
	[ "$(lib scenario_suite UP-PREEMPT)" = rcutorture ]
	[ "$(lib scenario_suite REFSCALE)" = refscale ]
	[ "$(lib scenario_suite RCUSCALE)" = rcuscale ]
	[ "$(lib scenario_suite MISUSE)" = misuse ]
}

@test "scenarios: a test choice boots its kernel's build, a kernel its own" {
	[ "$(lib scenario_kernel REFSCALE)" = UP-PREEMPT ]
	[ "$(lib scenario_kernel RCUSCALE)" = UP-PREEMPT ]
	[ "$(lib scenario_kernel PERF)" = UP-PREEMPT ]
	[ "$(lib scenario_kernel UP-PREEMPT)" = UP-PREEMPT ]
	[ "$(lib scenario_kernel PERF-B100)" = PERF-B100 ]
	[ "$(lib scenario_kernel TINYP04)" = TINYP04 ]
	[ "$(RCU_UP_WORK=/w lib build_dir 0 REFSCALE)" = /w/stage-0/build/UP-PREEMPT ]
	[ "$(RCU_UP_WORK=/w lib build_dir 3 PERF)" = /w/stage-3/build/UP-PREEMPT ]
	# The perf suite's module is built into the implementation's kernel
	# for the test choices that load it.
	[ "$(lib scenario_module_suite UP-PREEMPT)" = perf ]
	[ "$(lib scenario_module_suite PERF-B100)" = perf ]
	# It is judged as its kernel: UP, preemptible, tiny at stage 1.
	[ "$(lib expected_rcu_impl 1 REFSCALE)" = TINY_PREEMPT_RCU ]
	[ "$(lib expected_rcu_impl 0 REFSCALE)" = PREEMPT_RCU ]
	[ "$(lib scenario_cpus REFSCALE)" = 1 ]
	[ "$(lib suite_module refscale)" = refscale ]
	[ "$(lib suite_module perf)" = rcu_perf ]
	# The build of every scenario naming a kernel is that kernel's.
	local f k
	for f in "$ROOT"/scenarios/*; do
		[ -f "$f" ] || continue
		k=$(sed -n 's/^#KERNEL#[[:space:]]*\([A-Za-z0-9-]*\).*/\1/p' "$f")
		[ -z "$k" ] || [ -f "$ROOT/scenarios/$k" ]
		[ -z "$k" ] || ! grep -q '^CONFIG_' "$f"
	done
}

@test "matrix/headline: at most ten kernels, one per arch, stage and implementation" {
	local n
	n=$(lib matrix_lines "$ROOT/matrix/headline" | while read -r arch stage scen _; do
		echo "$arch $stage $(lib scenario_kernel "$scen")"; done | sort -u | wc -l)
	echo "headline kernels: $n"
	[ "$n" -le 10 ]
}

@test "verdict: known-benign platform warning does not fail a good log" {
	grep -q 'Processor Platform Limit' "$TMP/benign.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/benign.log" 0
	[[ "$output" == PASS* ]]
}

# Stage trees with rcutorture's own scenarios, as patches 0005-0007 leave
# them: TINYP01 at stages 1 and 2 only, TREE09 choosing tree at stage 2.
fake_stage_trees() {
	local c=tools/testing/selftests/rcutorture/configs/rcu st
	for st in 0 1 2 3; do
		mkdir -p "$TMP/work/stage-$st/src/$c"
		printf 'CONFIG_SMP=n\nCONFIG_PREEMPT=y\n#CHECK#CONFIG_PREEMPT_RCU=y\n' >"$TMP/work/stage-$st/src/$c/TREE09"
		printf 'CONFIG_PARAVIRT=y\n' >"$TMP/work/stage-$st/src/$c/CFcommon"
		printf 'CONFIG_KVM_GUEST=y\n' >"$TMP/work/stage-$st/src/$c/CFcommon.x86_64"
	done
	echo CONFIG_TREE_PREEMPT_RCU=y >>"$TMP/work/stage-2/src/$c/TREE09"
	printf 'CONFIG_SMP=n\nCONFIG_PREEMPT=y\n#CHECK#CONFIG_TINY_PREEMPT_RCU=y\n' >"$TMP/work/stage-1/src/$c/TINYP01"
	printf 'CONFIG_SMP=n\nCONFIG_PREEMPT=y\nCONFIG_TINY_PREEMPT_RCU=y\n' >"$TMP/work/stage-2/src/$c/TINYP01"
	echo rcutorture.irqreader=1 >"$TMP/work/stage-1/src/$c/TINYP01.boot"
}

@test "scenarios: rcutorture's own come from the stage's tree, skipped where it has none" {
	local c=tools/testing/selftests/rcutorture/configs/rcu
	fake_stage_trees
	export RCU_UP_WORK=$TMP/work
	# Known by name before any tree is staged: the patches add TINYP01.
	lib check_scenario TINYP01
	[ -z "$(lib scenario_skip_reason 1 TINYP01)" ]
	[ -z "$(lib scenario_skip_reason 2 TINYP01)" ]
	[[ "$(lib scenario_skip_reason 3 TINYP01)" == *"no rcutorture scenario TINYP01"* ]]
	[[ "$(lib scenario_skip_reason 0 TINYP01 arm)" == *"no rcutorture scenario TINYP01"* ]]
	[ -z "$(lib scenario_skip_reason 3 UP-PREEMPT)" ]
	[ "$(lib expected_rcu_impl 1 TINYP01)" = TINY_PREEMPT_RCU ]
	[ "$(lib expected_rcu_impl 2 TINYP01)" = TINY_PREEMPT_RCU ]
	[ "$(lib expected_rcu_impl 2 UP-PREEMPT)" = PREEMPT_RCU ]
	# TREE09: tiny where UP has only tiny, tree where it is chosen.
	[ "$(lib expected_rcu_impl 0 TREE09)" = PREEMPT_RCU ]
	[ "$(lib expected_rcu_impl 1 TREE09)" = TINY_PREEMPT_RCU ]
	[ "$(lib expected_rcu_impl 2 TREE09)" = PREEMPT_RCU ]
	[ "$(lib scenario_suite TINYP01 1)" = rcutorture ]
	[ "$(lib scenario_cpus TINYP01 1)" = 1 ]
	# kvm.sh's CFcommon (and CFcommon.ARCH) come after COMMON.
	[ "$(lib config_fragments TINYP01 x86_64 1)" = "$ROOT/scenarios/arch/x86_64 $ROOT/scenarios/COMMON $TMP/work/stage-1/src/$c/CFcommon $TMP/work/stage-1/src/$c/CFcommon.x86_64 $TMP/work/stage-1/src/$c/TINYP01" ]
	[ "$(lib config_fragments TINYP01 arm 1)" = "$ROOT/scenarios/arch/arm $ROOT/scenarios/COMMON $TMP/work/stage-1/src/$c/CFcommon $TMP/work/stage-1/src/$c/TINYP01" ]
	# Our additions to one of them (scenarios/NAME.kconfig) come after its
	# own file: TINYP04's modules and tracer.
	printf 'CONFIG_SMP=n\nCONFIG_PREEMPT_RT=y\n' >"$TMP/work/stage-1/src/$c/TINYP04"
	[ "$(lib config_fragments TINYP04 x86_64 1)" = "$ROOT/scenarios/arch/x86_64 $ROOT/scenarios/COMMON $TMP/work/stage-1/src/$c/CFcommon $TMP/work/stage-1/src/$c/CFcommon.x86_64 $TMP/work/stage-1/src/$c/TINYP04 $ROOT/scenarios/TINYP04.kconfig" ]
	grep -qx 'CONFIG_RCU_TORTURE_TEST=m' "$ROOT/scenarios/TINYP04.kconfig"
	# Its own kernel arguments, then ours.
	[ "$(lib scenario_boot TINYP01 1 | head -n1)" = rcutorture.irqreader=1 ]
	lib scenario_boot TINYP01 1 | grep -qx 'rcutorture.fwd_progress_holdoff=10'
	[ "$(lib scenario_boot UP-PREEMPT 1)" = "$(grep -v '^#' "$ROOT/scenarios/UP-PREEMPT.boot")" ]
}

@test "KCONFIG: make run's options become a last fragment of every kernel, checked" {
	local f
	export RCU_UP_WORK=$TMP/work
	[ "$(lib config_fragments UP-NONE x86_64 0)" = "$ROOT/scenarios/arch/x86_64 $ROOT/scenarios/COMMON $ROOT/scenarios/UP-NONE" ]
	f=$(RCU_UP_KCONFIG="CONFIG_RCU_TRACE=y CONFIG_PROVE_LOCKING=n" lib config_fragments UP-NONE x86_64 0 | awk '{ print $NF }')
	[[ "$f" == "$TMP/work/kconfig/"* ]]
	[ "$(cat "$f")" = "$(printf 'CONFIG_RCU_TRACE=y\nCONFIG_PROVE_LOCKING=n')" ]
	# A malformed option stops the build's configuration, naming it.
	run env RCU_UP_KCONFIG="RCU_TRACE=y" bash -c "set -e; . '$ROOT/scripts/lib.sh'; x=\$(config_fragments UP-NONE x86_64 0); echo got \$x"
	[ "$status" -ne 0 ]
	[[ "$output" == *"KCONFIG: 'RCU_TRACE=y' is not CONFIG_NAME=VALUE"* ]]
	[[ "$output" != *"got "* ]]
}

@test "report: tables, ratios and both chart formats from a results fixture" {
	RCU_UP_WORK=/nonexistent run "$ROOT/scripts/report.py" "$FIX/results.jsonl" "$TMP/report"
	[ "$status" -eq 0 ]
	grep -q '| TINY_PREEMPT_RCU | stage 1, UP-PREEMPT | 4868 | 300 | 100 | 5268 | 2,183 | 5,261 | 2.4x | 1.0x |' "$TMP/report/REPORT.md"
	grep -q '| TINY_PREEMPT_RCU | 2026 | tiny.o | 3000 | 200 | 100 | 3300 |' "$TMP/report/REPORT.md"
	grep -q '| PREEMPT_RCU | 2010 | rcutree.o | 6170 | 825 | 28 | 7023 |' "$TMP/report/REPORT.md"
	grep -q 'tree 50,564 bytes, tiny 5,268, a difference of 45,296 bytes against 2013.s 17,536' "$TMP/report/REPORT.md"
	grep -q "objects take 45,296 bytes (44.2 KiB) more than TINY_PREEMPT_RCU's (9.6x): 0.034% of 128 MB, 0.27% of 16 MB" "$TMP/report/REPORT.md"
	grep -q 'The 2013 article measured 17,536 bytes (17.1 KiB), 0.013% of 128 MB' "$TMP/report/REPORT.md"
	grep -q '| 10 / 11 / 12 (3) | 8 / 9 / 10 (3) | 0.82 | tiny <= tree: met (-18%; boot ranges overlap) |' "$TMP/report/REPORT.md"
	grep -q 'gp-normal: missed by 20%' "$TMP/report/REPORT.md"
	grep -q 'read-side: met by 18% on the medians, but the boot ranges overlap' "$TMP/report/REPORT.md"
	grep -q 'UP-PREEMPT (rcutorture running), tiny (stage 1) against tree (stage 0): +1000 kB MemFree (0.76% of 128 MB, 6.10% of 16 MB)' "$TMP/report/REPORT.md"
	grep -q 'tree RCU leaves 1000 kB less memory free than TINY_PREEMPT_RCU: 0.76% of 128 MB' "$TMP/report/REPORT.md"
	[ -s "$TMP/report/perf.png" ] && [ -s "$TMP/report/perf.svg" ]
	[ -s "$TMP/report/sizes.png" ] && [ -s "$TMP/report/sizes.svg" ]
	[ "$(head -c 4 "$TMP/report/sizes.png" | tail -c 3)" = PNG ]
}

@test "report: icount read side, curves, floors and goals from a perf fixture" {
	RCU_UP_WORK=/nonexistent run "$ROOT/scripts/report.py" "$ROOT/tests/report/perf.jsonl" "$TMP/report"
	[ "$status" -eq 0 ]
	r=$TMP/report/REPORT.md
	# Equal to the floor: no measurable difference, never "met".
	grep -q '^| rcu | 20 (spread 0.00%, 5 boots) | 20 (spread 0.00%, 5 boots) | 20 (spread 0.00%, 5 boots) | 0.00% | 1.000 | no measurable difference' "$r"
	grep -q '^| srcu | .* | 1.696 | missed: tiny worse: +69.6% (floor 0.00%) |' "$r"
	# No preempted reader: said in words, not as a factor.
	grep -q '^| normal, N=0 | .* | met: no preempted reader, so tiny has nothing to wait for and returns at once: the caller is the quiescent state (1.6 us against 12,000 us) |' "$r"
	! grep -q 'x faster' "$r"
	grep -q '^| normal, N=10 | 12,000 us \[12,000, 12,000\] (n=6) | 6,000 us .* | met: tiny better: -50.0% (floor 0.10%) |' "$r"
	grep -q '^| kernel stacks, kB | 400 | 288 | 400 | +0 | -112 |' "$r"
	grep -q '^| RCU kthread context switches/s, load 0/s | .* | no difference (both 0) |' "$r"
	grep -q '^| read-side cost | 0 | 1 | 2 | srcu: missed' "$r"
	grep -q '^- read-side cost, srcu: kept, because Tiny SRCU.s reader' "$r"
	for c in perf-gp perf-flood perf-flood-mem perf-boost perf-idle; do
		[ -s "$TMP/report/$c.png" ] && [ -s "$TMP/report/$c.svg" ]
	done
}

@test "perf: refscale's results table gives ns per reader" {
	run "$ROOT/scripts/perf.sh" "$FIX/refscale.log"
	[ "$(jq -r '.metric + " " + .unit + " " + (.n | tostring)' <<<"$output")" = "read-side ns 10" ]
	[ "$(jq -r '.min, .max' <<<"$output" | tr '\n' ' ')" = "51.192 234.751 " ]
	run "$ROOT/scripts/perf.sh" "$FIX/good.log"
	[ "$output" = null ]
}

@test "scenarios: #BASE# brings the base's options first, and its implementation and CPUs" {
	[ "$(lib config_fragments PERF-B100 x86_64 0 | tr ' ' '\n' | sed 's|.*/||' | tr '\n' ' ')" = "x86_64 COMMON UP-PREEMPT PERF-B100 " ]
	[ "$(lib expected_rcu_impl 0 PERF-B100)" = PREEMPT_RCU ]
	[ "$(lib expected_rcu_impl 1 PERF-B100)" = TINY_PREEMPT_RCU ]
	[ "$(lib scenario_cpus PERF-B100)" = 1 ]
	[ "$(lib scenario_suite PERF-B100)" = perf ]
	# As run.sh calls them, under pipefail: a grep -q that stops reading
	# early must not turn into "no such option" (a SIGPIPE'd cat).
	for i in 1 2 3 4 5 6 7 8; do
		[ "$(set -o pipefail; lib expected_rcu_impl 0 PERF-B100)" = PREEMPT_RCU ]
	done
	mkdir -p "$TMP/scen"
	printf '#BASE# NOSUCH\n' >"$TMP/scen/X"
	run lib scenario_base "$TMP/scen/X"
	[ "$status" -ne 0 ]
	[[ "$output" == *"#BASE# NOSUCH: no scenarios/NOSUCH"* ]]
}

@test "perf suite: every point kept; PASS needs every case done, and fails on an error line" {
	run "$ROOT/scripts/perf.sh" "$FIX/perf.log" 250
	[ "$(jq -r '.metric + " " + (.n | tostring)' <<<"$output")" = "curves 112" ]
	[ "$(jq '[.points[] | select(.case == "gp" and .readers == 1000)] | length' <<<"$output")" = 20 ]
	[ "$(jq -c '.points[] | select(.case == "footprint") | [.free_kb, .kernel_stack_kb]' <<<"$output")" = "[489644,288]" ]
	run "$ROOT/scripts/verdict.sh" "$TMP/perf.log" 0 perf all TINY_PREEMPT_RCU
	[[ "$output" == "PASS every case done (footprint gp flood boost idle)"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/perf.log" 0 perf gp TINY_PREEMPT_RCU
	[[ "$output" == "PASS every case done (gp)"* ]]
	# Cut before the idle case ended: not done, whatever the exit.
	sed '/rcu-perf: idle: done/,$d' "$TMP/perf.log" >"$TMP/perf-cut.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/perf-cut.log" 0 perf all TINY_PREEMPT_RCU
	[ "$output" = "FAIL case(s) not done: idle" ]
	run "$ROOT/scripts/verdict.sh" "$TMP/perf-cut.log" 124 perf all TINY_PREEMPT_RCU
	[[ "$output" == "HANG 1 case(s) not done before the timeout: idle"* ]]
	sed 's/rcu-perf: gp: done/rcu-perf: error gp: a reader was not queued as blocked\n&/' "$TMP/perf.log" >"$TMP/perf-err.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/perf-err.log" 0 perf all TINY_PREEMPT_RCU
	[[ "$output" == "FAIL "*"rcu-perf: error gp: a reader was not queued"* ]]
}

@test "verdict: a refscale run that printed its results is PASS" {
	run "$ROOT/scripts/verdict.sh" "$TMP/refscale.log" 0 refscale
	[[ "$output" == PASS* ]]
	head -n 40 "$TMP/refscale.log" >"$TMP/cut.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/cut.log" 124 refscale
	[[ "$output" == HANG* ]]
}

@test "perf: rcuscale's writer durations and rcutorture's floods" {
	run "$ROOT/scripts/perf.sh" "$FIX/rcuscale.log"
	[ "$(jq -r '[.metric, .unit, .n, .min, .median, .max] | join(" ")' <<<"$output")" = "gp-normal us 5 0.331 0.641 35.814" ]
	sed 's/gp_exp=0/gp_exp=1/' "$FIX/rcuscale.log" >"$TMP/exp.log"
	[ "$("$ROOT/scripts/perf.sh" "$TMP/exp.log" | jq -r .metric)" = gp-expedited ]
	# (6162 launders + 4940 callbacks) in 8 jiffies at HZ=250
	[ "$("$ROOT/scripts/perf.sh" "$FIX/flood.log" 250 | jq -r '.metric + " " + (.median | tostring)')" = "cb-flood 346938" ]
	[ "$("$ROOT/scripts/perf.sh" "$FIX/flood.log")" = null ]
}

@test "verdict: a PANIC misuse case must end in its own panic, then reboot" {
	run "$ROOT/scripts/verdict.sh" "$TMP/misuse-stall-panic.log" 0 misuse stall_panic
	[[ "$output" == "PASS all 6 expected diagnostics, ending in the expected panic"* ]]
	# The knob ignored: the case finished instead (the run that showed it).
	sed '/Kernel panic - not syncing/,$d' "$TMP/misuse-stall-panic.log" >"$TMP/nopanic.log"
	echo '[   20.000000] rcu-misuse: stall_panic: done' >>"$TMP/nopanic.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/nopanic.log" 0 misuse stall_panic
	[ "$output" = "FAIL 'stall_panic: done': the case was to end in a kernel panic" ]
	sed -i '$d' "$TMP/nopanic.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/nopanic.log" 124 misuse stall_panic
	[[ "$output" == "HANG no kernel panic before the timeout"* ]]
	# Other badness before the panic still counts; a panic elsewhere still fails.
	sed 's/^\(\[ *[0-9.]*\] \)Kernel panic - not syncing: RCU Stall/\1Oops: 0000 [#1] PREEMPT\n&/' \
		"$TMP/misuse-stall-panic.log" >"$TMP/oops.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/oops.log" 0 misuse stall_panic
	[[ "$output" == "FAIL must not happen: "*"Oops"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/misuse-stall-panic.log" 0 misuse stall_timeout
	[[ "$output" == FAIL* ]]
	# max_rcu_stall_to_panic=2 wants two stall warnings before the panic
	# ("2*" in misuse-expect.txt); this log panicked at the first.
	sed 's/rcu-misuse: stall_panic:/rcu-misuse: stall_panic_max:/' "$TMP/misuse-stall-panic.log" >"$TMP/max.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/max.log" 0 misuse stall_panic_max
	[[ "$output" == "FAIL 1 of 5 expected diagnostics missing, first: 2 x rcu: INFO: rcu_preempt detected stalls"* ]]
}

@test "verdict: rcutorture counting no grace period (gps 0) beside updates is FAIL, but on TINY_RCU" {
	line='[   12.000000] rcu_torture_fwd_prog_cr Duration 6 barrier: 1 pending 1 n_launders: 100 n_launders_sa: 10 n_max_gps: 100 n_max_cbs: 50 cver 2 gps 0 #online 1'
	sed "/End of test/i $line" "$TMP/good.log" >"$TMP/gps0.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/gps0.log" 0
	[[ "$output" == "FAIL no grace period counted (gps 0) while cver rose by 2"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/gps0.log" 0 rcutorture rcu TINY_RCU
	[[ "$output" == PASS* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/gps0.log" 0 rcutorture srcu PREEMPT_RCU
	[[ "$output" != *"no grace period counted"* ]]
	sed 's/cver 2 gps 0/cver 2 gps 8/' "$TMP/gps0.log" >"$TMP/gps8.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/gps8.log" 0
	[[ "$output" == PASS* ]]
}

@test "verdict: a scale run timed on the tick-granular jiffies clocksource is FAIL" {
	# A real stage-0 refscale boot whose TSC calibration failed (run
	# 20261204T170729Z): every run timed 0 ns, and the old verdict said PASS.
	run "$ROOT/scripts/verdict.sh" "$TMP/refscale-jiffies.log" 0 refscale rcu
	[[ "$output" == "FAIL timed on the tick-granular clocksource refined-jiffies: "*"tsc: Unable to calibrate against PIT"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/refscale.log" 0 refscale rcu
	[[ "$output" == PASS* ]]
	# rcutorture runs are not timings: the clocksource does not matter there.
	sed -i 's/Switched to clocksource tsc$/Switched to clocksource refined-jiffies/' "$TMP/good.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/good.log" 0
	[[ "$output" == PASS* ]]
}

@test "tsc: the host's TSC frequency for x86_64 TCG guests" {
	khz=$(lib host_tsc_khz)
	[ -z "$khz" ] || [[ "$khz" =~ ^[0-9]+$ ]]
}

@test "verdict: a misuse that drew every expected diagnostic is PASS" {
	run "$ROOT/scripts/verdict.sh" "$TMP/misuse-underflow.log" 0 misuse underflow
	[[ "$output" == "PASS all 3 expected diagnostics"* ]]
}

@test "verdict: a misuse diagnosed silently (a diagnostic missing) is FAIL" {
	grep -v 'bad unlock balance' "$TMP/misuse-underflow.log" >"$TMP/silent.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/silent.log" 0 misuse underflow
	[[ "$output" == "FAIL 1 of 3 expected diagnostics missing, first: WARNING: bad unlock balance"* ]]
}

@test "verdict: legal use in NMI is PASS only with a clean console" {
	run "$ROOT/scripts/verdict.sh" "$TMP/misuse-nmi.log" 0 misuse nmi_reader
	[[ "$output" == "PASS legal use: console clean, 2 expected lines"* ]]
	sed '/nmi_reader: done/i [    9.000000] WARNING: CPU: 0 PID: 1 at kernel/rcu/tiny_plugin.h:1 rcu_read_unlock_special+0x1/0x2' \
		"$TMP/misuse-nmi.log" >"$TMP/warn.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/warn.log" 0 misuse nmi_reader
	[[ "$output" == "FAIL console badness: "*"WARNING: CPU: 0"* ]]
}

@test "verdict: a misuse module that never reported done is HANG" {
	grep -v 'underflow: done' "$TMP/misuse-underflow.log" >"$TMP/cut.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/cut.log" 124 misuse underflow
	[[ "$output" == "HANG no 'underflow: done'"* ]]
	grep -v 'rcu-misuse' "$TMP/misuse-underflow.log" >"$TMP/none.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/none.log" 0 misuse underflow
	[[ "$output" == "FAIL the test module never started"* ]]
}

@test "verdict: a misuse that took the kernel down, or left it running, is FAIL" {
	sed '/underflow: done/i [    9.000000] Oops: general protection fault, probably for non-canonical address' \
		"$TMP/misuse-underflow.log" >"$TMP/oops.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/oops.log" 0 misuse underflow
	[[ "$output" == "FAIL must not happen: "*"Oops:"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/misuse-underflow.log" 124 misuse underflow
	[[ "$output" == "FAIL 'underflow: done', but the guest did not power off (exit 124)" ]]
}

# Issue 15: each hole has a fixture the old rules judged wrongly.

@test "hole 1: a stall with its report and backtraces, and nothing else, is STALL" {
	run "$ROOT/scripts/verdict.sh" "$TMP/stall-trace.log" 0 rcutorture rcu
	[[ "$output" == "STALL "*"detected stalls"* ]]
	# rcutorture's writer-stall report, a consequence of the stall, too
	run "$ROOT/scripts/verdict.sh" "$TMP/stall-writer.log" 0 rcutorture rcu
	[[ "$output" == "STALL "*"detected stalls"* ]]
	# but without an RCU CPU stall, the writer stall and the orphaned
	# backtraces are badness
	grep -v 'detected stalls' "$TMP/stall-writer.log" >"$TMP/writer-only.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/writer-only.log" 0 rcutorture rcu
	[[ "$output" == "FAIL console badness: "* ]]
}

@test "hole 1: a stall does not hide FAILURE, an Oops, an unrelated WARNING or a hang" {
	run "$ROOT/scripts/verdict.sh" "$TMP/stall-failure.log" 0 rcutorture rcu
	[[ "$output" == "FAIL End of test: FAILURE with an RCU CPU stall"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/stall-oops.log" 0 rcutorture rcu
	[[ "$output" == "FAIL console badness: "*"Oops: general protection fault"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/stall-warning.log" 0 rcutorture rcu
	[[ "$output" == "FAIL console badness: "*"WARNING: CPU: 0 PID: 24 at kernel/sched/core.c"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/stall.log" 124 rcutorture rcu
	[[ "$output" == HANG* ]]
}

@test "hole 2: SUCCESS needs the guest to power off: rc 124 is HANG, other rc and a panic FAIL" {
	run "$ROOT/scripts/verdict.sh" "$TMP/good.log" 124 rcutorture rcu
	[[ "$output" == "HANG the guest did not power off after rcu-torture's End of test"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/good.log" 1 rcutorture rcu
	[[ "$output" == "FAIL QEMU exited with status 1"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/success-panic.log" 0 rcutorture rcu
	[[ "$output" == "FAIL "*"Kernel panic - not syncing"* ]]
}

@test "hole 3: only the requested type's own End of test: SUCCESS counts" {
	run "$ROOT/scripts/verdict.sh" "$TMP/good.log" 0 rcutorture srcu
	[[ "$output" == "FAIL no End of test from srcu-torture, only: "*"rcu-torture:--- End of test: SUCCESS"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/success-foreign.log" 0 rcutorture rcu
	[[ "$output" == "FAIL guest stopped (exit 0) before the end of the test"* ]]
	# TYPE defaults to the log's rcutorture.torture_type=
	run "$ROOT/scripts/verdict.sh" "$TMP/good.log" 0
	[[ "$output" == "PASS rcu-torture: End of test: SUCCESS"* ]]
}

@test "hole 4: the busted control is satisfied only by rcutorture's own FAILURE" {
	run "$ROOT/scripts/verdict.sh" "$TMP/busted-died.log" 0 rcutorture busted
	[[ "$output" == "FAIL "*"Kernel panic"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/nothing.log" 0 rcutorture busted
	[[ "$output" == "FAIL no console log"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/busted.log" 124 rcutorture busted
	[[ "$output" == HANG* ]]
	sed '/End of test: FAILURE/i [   15.700000] Oops: general protection fault, probably for non-canonical address' \
		"$TMP/busted.log" >"$TMP/busted-oops.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/busted-oops.log" 0 rcutorture busted
	[[ "$output" == "FAIL console badness: "*"Oops:"* ]]
	# an implementation mismatch turns TORTURE-FAIL into FAIL (run.sh)
	[ -n "$(lib impl_mismatch TINY_PREEMPT_RCU PREEMPT_RCU PREEMPT_RCU)" ]
	[ -z "$(lib impl_mismatch PREEMPT_RCU PREEMPT_RCU PREEMPT_RCU)" ]
	# the matrices expect TORTURE-FAIL of every busted line
	! grep -hE '^[0-9]+ +[A-Z0-9-]+ +busted ' "$ROOT"/matrix/* | grep -vE ' TORTURE-FAIL( |$)'
}

@test "hole 5: a scale test needs its complete table and a power-off" {
	run "$ROOT/scripts/verdict.sh" "$TMP/refscale-cut.log" 124 refscale rcu
	[[ "$output" == "HANG 4 of 10 results rows"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/refscale-cut.log" 0 refscale rcu
	[[ "$output" == "FAIL incomplete results: 4 of 10 results rows"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/refscale.log" 124 refscale rcu
	[[ "$output" == HANG* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/rcuscale-cut.log" 0 rcuscale rcu
	[[ "$output" == "FAIL incomplete results: 0 of 1 writers"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/rcuscale.log" 0 rcuscale rcu
	[[ "$output" == "PASS complete results (1 of 1 writers"* ]]
}

@test "hole 6: a misuse case draws its diagnostics and nothing else, and is the case asked for" {
	run "$ROOT/scripts/verdict.sh" "$TMP/misuse-extra.log" 0 misuse underflow
	[[ "$output" == "FAIL console badness: "*"WARNING: CPU: 0 PID: 1 at kernel/sched/core.c"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/misuse-stray-trace.log" 0 misuse underflow
	[[ "$output" == "FAIL console badness: "*"Call Trace:"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/misuse-wronglock.log" 0 misuse underflow
	[[ "$output" == "FAIL 1 of 3 expected diagnostics missing, first: is trying to release lock \\(rcu_read_lock\\)"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/misuse-underflow.log" 0 misuse nmi_reader
	[[ "$output" == "FAIL the test module never started case 'nmi_reader'"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/misuse-underflow.log" 0 misuse
	[ "$status" -ne 0 ]
}

@test "hole 7: one implementation in .config, a positive banner in the log, the preempt mode asked for" {
	[ "$(lib config_rcu_impl "$FIX/config.multiple")" = MULTIPLE ]
	[ "$(lib log_rcu_impl "$TMP/twobanner.log")" = MULTIPLE ]
	[ "$(lib log_rcu_impl "$TMP/nobanner.log")" = UNKNOWN ]
	[ "$(lib log_rcu_impl "$TMP/misuse-nmi.log")" = TINY_PREEMPT_RCU ]
	[ "$(lib log_rcu_impl "$TMP/tiny.log")" = TINY_RCU ]
	# a tiny-looking log whose rcutorture reports tree's grace-period state
	sed 's/rcu-misuse: nmi_reader: provoking/rcu-torture:--- Start of test: nreaders=1/; /Linux version/a [    0.500000] rcu:  Start-test grace-period state: g-1192 f0x0' \
		"$TMP/tiny.log" >"$TMP/tiny-gp.log"
	[ "$(lib log_rcu_impl "$TMP/tiny-gp.log")" = UNKNOWN ]
	[ "$(lib log_rcu_impl /dev/null)" = UNKNOWN ]
	run lib preempt_mismatch "$TMP/preempt-ignored.log" rcutorture.stat_interval=15 preempt=none
	[ "$output" = "preempt=none asked for, boot log shows Dynamic Preempt: full" ]
	run lib preempt_mismatch "$TMP/preempt-ignored.log" preempt=full
	[ -z "$output" ]
	run lib preempt_mismatch "$TMP/good.log" preempt=full
	[ "$output" = "preempt=full asked for, boot log shows Dynamic Preempt: nothing" ]
	run lib preempt_mismatch "$TMP/good.log"
	[ -z "$output" ]
}

@test "hole 8: benign patterns are guarded, anchored, and per implementation" {
	mkdir -p "$TMP/root"
	cp -r "$ROOT/scripts" "$TMP/root/"
	sed -e '/Time(ns)/i [   10.920000] WARNING: CPU: 0 PID: 1 at kernel/rcu/refscale.c:1 f+0x0/0x1' \
		-e '/Time(ns)/i [   10.920001] Oops: general protection fault' "$TMP/refscale.log" >"$TMP/bad-refscale.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/bad-refscale.log" 0 refscale rcu
	[[ "$output" == "FAIL console badness: "*"WARNING"* ]]
	echo >>"$TMP/root/scripts/benign-console.txt"
	run "$TMP/root/scripts/verdict.sh" "$TMP/bad-refscale.log" 0 refscale rcu
	[ "$status" -ne 0 ]
	[[ "$output" == *"empty line"* ]]
	cp "$ROOT/scripts/benign-console.txt" "$TMP/root/scripts/"
	echo 'Oops.*' >>"$TMP/root/scripts/benign-console.txt"
	run "$TMP/root/scripts/verdict.sh" "$TMP/bad-refscale.log" 0 refscale rcu
	[ "$status" -ne 0 ]
	[[ "$output" == *"matches 'Oops: 0000"* ]]
	# anchored: a benign message with more on its line is not benign
	sed '/Processor Platform Limit/s/$/ WARNING: CPU: 0 PID: 1 at x/' "$TMP/benign.log" >"$TMP/benign-more.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/benign-more.log" 0 rcutorture rcu
	[[ "$output" == "FAIL console badness"* ]]
	# non-benign lines survive the filter
	run "$ROOT/scripts/verdict.sh" "$TMP/benign.log" 0 rcutorture rcu
	[[ "$output" == PASS* ]]
	! grep -q 'Processor Platform Limit' "$TMP/benign.log.judged"
	[ "$(grep -c . "$TMP/benign.log.judged")" -eq "$(($(grep -c . "$TMP/benign.log") - 1))" ]
	# "All grace periods normal" is benign on Tiny only
	run "$ROOT/scripts/verdict.sh" "$TMP/rcuscale-exp.log" 0 rcuscale rcu PREEMPT_RCU
	[[ "$output" == "FAIL "*"All grace periods normal"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/rcuscale-exp.log" 0 rcuscale rcu TINY_PREEMPT_RCU
	[[ "$output" == PASS* ]]
}

@test "build warnings: the tree's rule, carried over for objects a rebuild did not compile" {
	run lib rcu_build_warnings "$FIX/build-warn.log"
	[[ "$output" == *"kernel/rcu/tree.c:100:5: warning: unused variable"* ]]
	[[ "$output" != *"fs/"* ]]
	lib rcu_build_warnings "$FIX/build-warn.log" >"$TMP/prev"
	run lib rcu_build_warnings "$FIX/build-noop.log" "$TMP/prev"
	[[ "$output" == *"kernel/rcu/tree.c:100:5: warning"* ]]
	printf '  CC      kernel/rcu/tree.o\n' >"$TMP/rebuilt.log"
	run lib rcu_build_warnings "$TMP/rebuilt.log" "$TMP/prev"
	[ -z "$output" ]
}

@test "checkpatch: only a clean run or WARNING/CHECK-only reports pass" {
	[ "$(lib checkpatch_outcome 0 '')" = clean ]
	[ "$(lib checkpatch_outcome 1 "$(printf 'WARNING: x\n#1: FILE: a:1:\n\ntotal: 0 errors, 1 warnings, 0 checks, 9 lines checked')")" = warnings ]
	[ "$(lib checkpatch_outcome 1 "$(printf 'ERROR: x\ntotal: 1 errors, 0 warnings, 0 checks, 9 lines checked')")" = error ]
	[ "$(lib checkpatch_outcome 2 'scripts/checkpatch.pl: p.patch: open failed - No such file or directory')" = error ]
	[ "$(lib checkpatch_outcome 255 "Can't locate Foo.pm in @INC")" = error ]
	[ "$(lib checkpatch_outcome 1 '')" = error ]
}

@test "results: fresh_dir never reuses a directory" {
	d1=$(lib fresh_dir "$TMP/runs/x")
	d2=$(lib fresh_dir "$TMP/runs/x")
	[ "$d1" = "$TMP/runs/x" ] && [ "$d2" = "$TMP/runs/x.2" ]
}

@test "boot: an existing console log is never overwritten" {
	echo keep >"$TMP/old.log"
	run env PATH="$TMP/bin:$PATH" "$ROOT/scripts/boot.sh" /nonexistent 1 10 "$TMP/old.log"
	[ "$status" -ne 0 ]
	[[ "$output" == *"already exists"* ]]
	[ "$(cat "$TMP/old.log")" = keep ]
}

@test "boot: icount=N counts instructions, with a 1 GHz TSC; the clock is recorded" {
	mkdir -p "$TMP/bin"
	# A stand-in QEMU: the guest prints its power-down and exits.
	printf '%s\n' '#!/bin/bash' 'for a; do case $a in file:*) echo "reboot: Power down" >"${a#file:}" ;; esac; done' \
		>"$TMP/bin/qemu-system-x86_64"
	chmod +x "$TMP/bin/qemu-system-x86_64"
	RCU_UP_ICOUNT=0 PATH="$TMP/bin:$PATH" "$ROOT/scripts/boot.sh" /nonexistent 1 20 "$TMP/ic/console.log"
	grep -q -- '-icount shift=0.,sleep=off.,align=off ' "$TMP/ic/console.log.qemu-cmd"
	grep -q 'tsc_early_khz=1000000' "$TMP/ic/console.log.qemu-cmd"
	[ "$(cat "$TMP/ic/console.log.clock")" = icount=0 ]
	RCU_UP_TSC_KHZ=123 PATH="$TMP/bin:$PATH" "$ROOT/scripts/boot.sh" /nonexistent 1 20 "$TMP/tcg/console.log"
	! grep -q -- '-icount' "$TMP/tcg/console.log.qemu-cmd"
	grep -q 'tsc_early_khz=123' "$TMP/tcg/console.log.qemu-cmd"
	[ "$(cat "$TMP/tcg/console.log.clock")" = tcg ]
	run env RCU_UP_ICOUNT=fast PATH="$TMP/bin:$PATH" "$ROOT/scripts/boot.sh" /nonexistent 1 20 "$TMP/bad/console.log"
	[ "$status" -ne 0 ]
	[[ "$output" == *"RCU_UP_ICOUNT=fast: give QEMU's icount shift"* ]]
}

counting() { (. "$ROOT/tests/run.sh"; . "$ROOT/scripts/lib.sh"; "$@"; echo "$passed passed, $failed failed, $skipped skipped") }

@test "hole 9: bats skips are skipped, the plan must match the results" {
	run counting count_tap "$(printf '1..3\nok 1 a\nok 2 b # skip no kernel\nnot ok 3 c\n')"
	[ "${lines[-1]}" = "1 passed, 1 failed, 1 skipped" ]
	run counting count_tap "$(printf '1..4\nok 1 a\nok 2 b\n')"
	[ "${lines[-1]}" = "2 passed, 1 failed, 0 skipped" ]
	[[ "$output" == *"bats planned 4 tests but reported 2 results"* ]]
	run counting count_tap ""
	[ "${lines[-1]}" = "0 passed, 1 failed, 0 skipped" ]
}

@test "hole 9: bats missing is a failure, not 0 of 0" {
	mkdir -p "$TMP/nobats"
	for c in bash sed grep cat head tail date mktemp dirname awk tr; do ln -s "$(command -v $c)" "$TMP/nobats/$c"; done
	run env PATH="$TMP/nobats" RCU_UP_CHECK_STEPS=1 bash "$ROOT/tests/run.sh"
	[ "$status" -ne 0 ]
	[[ "$output" == *"bats is not installed"* ]]
	[ "${lines[-1]}" = "0 passed, 1 failed, 0 skipped" ]
}

@test "hole 9: an expected SKIP is skipped; a scale PASS without a figure fails once" {
	new=$(printf '%s\n' \
		'{"stage":3,"scenario":"TINYP01","torture_type":"rcu","boot_args":"","verdict":"SKIP","expected_verdict":"SKIP","as_expected":true,"suite":null,"perf":null}' \
		'{"stage":0,"scenario":"REFSCALE","torture_type":"rcu","boot_args":"","verdict":"PASS","expected_verdict":"PASS","as_expected":true,"suite":"refscale","perf":null}' \
		'{"stage":0,"scenario":"REFSCALE","torture_type":"rcu","boot_args":"","verdict":"PASS","expected_verdict":"PASS","as_expected":true,"suite":"refscale","perf":{"n":10}}' \
		'{"stage":0,"scenario":"UP-PREEMPT","torture_type":"busted","boot_args":"","verdict":"FAIL","expected_verdict":"TORTURE-FAIL","as_expected":false,"suite":"rcutorture","perf":null}')
	run counting count_runs "$new"
	[ "${lines[-1]}" = "1 passed, 2 failed, 1 skipped" ]
	[[ "$output" == *"no performance figure"* ]]
}

@test "busted with CONFIG_BUG=y: rcutorture's own WARNs are its FAILURE report, others are not" {
	# A real PREEMPT_RT boot of the busted control: rcutorture WARNs about
	# the too-short grace period it was made to see (rcutorture.c).
	run "$ROOT/scripts/verdict.sh" "$TMP/busted-warn.log" 0 rcutorture busted TINY_PREEMPT_RCU
	[[ "$output" == "TORTURE-FAIL busted-torture: End of test: FAILURE"* ]]
	# The same WARNING from anywhere else is badness.
	sed 's|kernel/rcu/rcutorture.c:2263|kernel/rcu/tiny_plugin.h:123|' "$TMP/busted-warn.log" >"$TMP/busted-otherwarn.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/busted-otherwarn.log" 0 rcutorture busted TINY_PREEMPT_RCU
	[[ "$output" == "FAIL console badness: "*"WARNING"* ]]
	# And a run that did not fail may not WARN, even from rcutorture.c.
	sed 's|busted-torture:--- End of test: FAILURE|busted-torture:--- End of test: SUCCESS|' "$TMP/busted-warn.log" >"$TMP/busted-success.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/busted-success.log" 0 rcutorture busted TINY_PREEMPT_RCU
	[[ "$output" == "FAIL console badness: "*"WARNING"* ]]
}

@test "estimates: the last time a step took, or the guess, rounded up to minutes" {
	export RCU_UP_RESULTS=$TMP/results
	[ "$(lib timing_get "build x86_64 1 UP-RT" 240)" = 240 ]
	lib timing_put "build x86_64 1 UP-RT" 171
	lib timing_put "boot arm 32M 1 UP-NONE rcu " 75
	lib timing_put "build x86_64 1 UP-RT" 23
	[ "$(lib timing_get "build x86_64 1 UP-RT" 240)" = 23 ]
	[ "$(lib timing_get "boot arm 32M 1 UP-NONE rcu " 80)" = 75 ]
	[ "$(lib timing_get "build arm 1 UP-RT" 180)" = 180 ]
	[ "$(grep -c . "$RCU_UP_RESULTS/timings.tsv")" = 2 ]
	[ "$(lib minutes_left 0)" = "about 0 min" ]
	[ "$(lib minutes_left 61)" = "about 2 min" ]
}

# Issue 28's altered logs: each was PASS before verdict.sh was fixed for it.
@test "verdict: a NUL byte in the log does not hide an Oops from the badness check" {
	grep -qaP '\x00' "$TMP/nul-oops.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/nul-oops.log" 0 rcutorture rcu PREEMPT_RCU
	[[ "$output" == "FAIL console badness: "*"Oops: 0000"* ]]
}

@test "verdict: an expedited grace period's stall is a stall, not a PASS" {
	run "$ROOT/scripts/verdict.sh" "$TMP/exp-stall.log" 0 rcutorture rcu PREEMPT_RCU
	[[ "$output" == "STALL "*"detected expedited stalls"* ]]
}

@test "verdict: a hung task with arm's lower-case Call trace fails" {
	run "$ROOT/scripts/verdict.sh" "$TMP/arm-hung.log" 0 rcutorture rcu TINY_PREEMPT_RCU
	[[ "$output" == "FAIL console badness: "*"blocked for more than"* ]]
	sed '/INFO: task/d' "$TMP/arm-hung.log" >"$TMP/arm-trace.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/arm-trace.log" 0 rcutorture rcu TINY_PREEMPT_RCU
	[[ "$output" == "FAIL console badness: "*"Call trace:"* ]]
}

@test "verdict: a bare general protection fault line fails" {
	run "$ROOT/scripts/verdict.sh" "$TMP/gpf-bare.log" 0 rcutorture rcu PREEMPT_RCU
	[[ "$output" == "FAIL console badness: "*"general protection fault"* ]]
}

# The latency suite (scenarios/LAT-RT, init's rcu_up.latency=): recorded
# logs (make latency, 2026-12-07) of an idle window on TINY_PREEMPT_RCU
# (stage 1) and of one beside the perf module's flood on tree (stage 0).
@test "latency: init's timerlat report is PASS with its figures; perf.sh keeps them" {
	run "$ROOT/scripts/verdict.sh" "$TMP/latency-idle.log" 0 latency idle TINY_PREEMPT_RCU
	[[ "$output" == "PASS timerlat: "*" thread samples, p99 "*" ns, max "*" ns; load idle ended as it should"* ]]
	run "$ROOT/scripts/perf.sh" "$FIX/latency-idle.log"
	[ "$(jq -r '.metric' <<<"$output")" = latency ]
	local n hist
	n=$(jq '.thread.samples' <<<"$output")
	hist=$(jq '[.thread.hist[][1]] | add' <<<"$output")
	[ "$n" -gt 1000 ] && [ "$n" = "$hist" ]
	[ "$(jq '.n' <<<"$output")" = "$n" ]
	[ "$(jq '.thread.max >= .thread.p999 and .thread.p999 >= .thread.p99 and .thread.p99 >= .thread.p50' <<<"$output")" = true ]
	run "$ROOT/scripts/verdict.sh" "$TMP/latency-flood.log" 0 latency flood PREEMPT_RCU
	[[ "$output" == "PASS timerlat: "*"load flood ended as it should"* ]]
}

@test "latency: no samples, a truncated histogram, a short window, a lost load are FAIL" {
	local f=$TMP/latency-idle.log
	# No report at all: the tracer never started.
	sed '/rcu-up-init: timerlat window=/,$d' "$f" >"$TMP/none.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/none.log" 0 latency idle TINY_PREEMPT_RCU
	[[ "$output" == "FAIL no timerlat report"* ]]
	# A report with no thread samples.
	sed -E 's/(timerlat thread samples=)[0-9]+ .*/\10/; /timerlat hist thread /d' "$f" >"$TMP/zero.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/zero.log" 0 latency idle TINY_PREEMPT_RCU
	[ "$output" = "FAIL no thread samples: timerlat recorded nothing" ]
	# The histogram cut short (a lost console line, a cut log).
	awk '/timerlat hist thread / && ++n > 1 { next } { print }' "$f" >"$TMP/trunc.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/trunc.log" 0 latency idle TINY_PREEMPT_RCU
	[[ "$output" == "FAIL the thread histogram holds "*" of its "*" samples (truncated)" ]]
	# Far fewer thread samples than the window's periods: a starved
	# thread or a tracer that stopped.
	sed -E 's/(timerlat window=[0-9]+ s period=[0-9]+ us expected=)[0-9]+/\1999999999/' "$f" >"$TMP/short.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/short.log" 0 latency idle TINY_PREEMPT_RCU
	[[ "$output" == "FAIL the thread was sampled in "*" of the window's 999999999 periods" ]]
	# No "timerlat done", no power-off.
	sed '/rcu-up-init: timerlat done/,$d' "$f" >"$TMP/nodone.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/nodone.log" 124 latency idle TINY_PREEMPT_RCU
	[[ "$output" != PASS* ]]
	# The load's own end missing: the perf module never finished.
	sed '/rcu-perf: flood: done/,$d' "$TMP/latency-flood.log" >"$TMP/noload.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/noload.log" 0 latency flood PREEMPT_RCU
	[[ "$output" == FAIL* ]]
	# An oops during the window.
	sed 's/rcu-up-init: timerlat done/BUG: kernel NULL pointer dereference, address: 0000000000000000\n&/' "$f" >"$TMP/oops.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/oops.log" 0 latency idle TINY_PREEMPT_RCU
	[[ "$output" == FAIL* ]]
}

@test "latency: a kernel message glued to the end of one of init's lines is not a lost bucket" {
	# As in a stage-0 rcutorture latency boot under TCG (2026-12-07):
	# "timerlat hist irq 406 8[   33.239324] random: crng init done".
	awk '/timerlat hist thread / && !done { sub(/\r?$/, "[   33.239324] random: crng init done\r"); done = 1 } { print }' \
		"$TMP/latency-idle.log" >"$TMP/glued.log"
	grep -aq 'hist thread [0-9]* [0-9]*\[   33.239324\] random' "$TMP/glued.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/glued.log" 0 latency idle TINY_PREEMPT_RCU
	[[ "$output" == "PASS timerlat: "* ]]
	run "$ROOT/scripts/perf.sh" "$TMP/glued.log"
	[ "$(jq '.thread.samples == ([.thread.hist[][1]] | add)' <<<"$output")" = true ]
}

@test "latency: a tracer that could not start is FAIL with init's reason" {
	# Recorded (make latency, 2026-12-07): under TCG the TSC was marked
	# unstable, the clock fell back to jiffies, no high-resolution timers.
	run "$ROOT/scripts/verdict.sh" "$TMP/latency-nohres.log" 0 latency rcutorture TINY_PREEMPT_RCU
	[ "$output" = "FAIL timerlat did not start: high-resolution timers still off after 30000 ms" ]
}

@test "verdict: SUCCESS and FAILURE in one log is an incoherent FAIL, not the busted control's TORTURE-FAIL" {
	# Before the fix: TORTURE-FAIL for both (busted + a SUCCESS line, good +
	# a FAILURE line), which satisfied the busted control.
	sed 's/busted-torture:--- End of test: FAILURE: \(.*\)$/&\n[   15.712172] busted-torture:--- End of test: SUCCESS: \1/' \
		"$TMP/busted.log" >"$TMP/both.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/both.log" 0 rcutorture busted PREEMPT_RCU
	[ "$output" = "FAIL incoherent log: busted-torture printed both End of test: SUCCESS and FAILURE" ]
	sed 's/rcu-torture:--- End of test: SUCCESS: \(.*\)$/&\n[   22.197967] rcu-torture:--- End of test: FAILURE: \1/' \
		"$TMP/good.log" >"$TMP/both2.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/both2.log" 0 rcutorture rcu PREEMPT_RCU
	[[ "$output" == "FAIL incoherent log: "* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/busted.log" 0 rcutorture busted PREEMPT_RCU
	[[ "$output" == TORTURE-FAIL* ]]
}

@test "verdict: exit 0 with a log cut right after End of test is FAIL without the power-off line" {
	# Before the fix: PASS (good cut), TORTURE-FAIL (busted cut), and PASS
	# for the misuse, perf and refscale logs cut the same way.
	sed '/End of test: SUCCESS/q' "$TMP/good.log" >"$TMP/cut.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/cut.log" 0 rcutorture rcu PREEMPT_RCU
	[[ "$output" == "FAIL exit 0, but the log ends without the power-off after "*"End of test: SUCCESS"* ]]
	sed '/End of test: FAILURE/q' "$TMP/busted.log" >"$TMP/bcut.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/bcut.log" 0 rcutorture busted PREEMPT_RCU
	[[ "$output" == "FAIL exit 0, but the log ends without the power-off after "*"End of test: FAILURE"* ]]
	# The other suites' PASS says "powered off" too.
	sed '/underflow: done/q' "$TMP/misuse-underflow.log" >"$TMP/mcut.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/mcut.log" 0 misuse underflow
	[[ "$output" == "FAIL exit 0, but the log ends without the power-off after 'underflow: done'" ]]
	sed '/rcu-perf: done/q' "$TMP/perf.log" >"$TMP/pcut.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/pcut.log" 0 perf
	[[ "$output" == "FAIL exit 0, but the log ends without the power-off"* ]]
	sed '/^\[[^]]*\] 10	/q' "$TMP/refscale.log" >"$TMP/rcut.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/rcut.log" 0 refscale rcu
	[[ "$output" == "FAIL exit 0, but the log ends without the power-off after the results" ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/good.log" 0 rcutorture rcu PREEMPT_RCU
	[[ "$output" == PASS* ]]
}

@test "verdict: a splat without an end-trace line does not swallow a soft lockup, a starved kthread or a stray trace" {
	# Before the fix: PASS for each of these four altered underflow logs.
	# Inside the expected lockdep splat (it has no end-trace line):
	sed '/other info that might help us debug this:/i [    2.062700] watchdog: BUG: soft lockup - CPU#0 stuck for 22s! [init:1]' \
		"$TMP/misuse-underflow.log" >"$TMP/soft.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/soft.log" 0 misuse underflow
	[[ "$output" == "FAIL console badness: "*"watchdog: BUG: soft lockup"* ]]
	sed '/other info that might help us debug this:/i [    2.062700] rcu: rcu_preempt kthread starved for 2103 jiffies! g-1195 f0x0 RCU_GP_WAIT_FQS(5) ->state=0x0 ->cpu=0' \
		"$TMP/misuse-underflow.log" >"$TMP/starved.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/starved.log" 0 misuse underflow
	[[ "$output" == "FAIL console badness: "*"rcu_preempt kthread starved for"* ]]
	# After the lockdep report's closing backtrace, before the next splat:
	sed '/^\[    2.065416\]  <\/TASK>/a [    2.065500] Call Trace:' "$TMP/misuse-underflow.log" >"$TMP/trace.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/trace.log" 0 misuse underflow
	[ "$output" = "FAIL console badness: [    2.065500] Call Trace:" ]
	# Inside the expected WARNING splat, before its end-trace line:
	sed '/irq event stamp: 118237/i [    2.073796] watchdog: BUG: soft lockup - CPU#0 stuck for 22s! [init:1]' \
		"$TMP/misuse-underflow.log" >"$TMP/inwarn.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/inwarn.log" 0 misuse underflow
	[[ "$output" == "FAIL console badness: "*"watchdog: BUG: soft lockup"* ]]
	# A starved grace-period kthread inside a stall report is the report's own.
	sed '/rcu: 	(detected by 0, t=2000 jiffies/a [    9.001100] rcu: rcu_preempt kthread starved for 2103 jiffies! g-119 f0x0 RCU_GP_WAIT_FQS(5) ->state=0x0 ->cpu=0' \
		"$TMP/misuse-stall-panic.log" >"$TMP/stall-starved.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/stall-starved.log" 0 misuse stall_panic
	[[ "$output" == "PASS all 6 expected diagnostics, ending in the expected panic"* ]]
	run "$ROOT/scripts/verdict.sh" "$TMP/misuse-underflow.log" 0 misuse underflow
	[[ "$output" == "PASS all 3 expected diagnostics"* ]]
}

@test "verdict: a perf case needs its figures, not only its done line" {
	# Before the fix: PASS for every one of these altered perf.log copies.
	sed '/rcu-perf: gp kind=/d' "$TMP/perf.log" >"$TMP/nogp.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/nogp.log" 0 perf all TINY_PREEMPT_RCU
	[ "$output" = "FAIL perf no gp figure for kind=normal readers=0 rep=0" ]
	sed -E 's/(rcu-perf: gp kind=[a-z]+ readers=[0-9]+ rep=[0-9]+ ns=)[0-9]+/\1/' "$TMP/perf.log" >"$TMP/empty.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/empty.log" 0 perf gp TINY_PREEMPT_RCU
	[[ "$output" == "FAIL perf gp ns= not a number above 0: "* ]]
	sed -E 's/(rcu-perf: gp kind=[a-z]+ readers=[0-9]+ rep=[0-9]+ ns=)[0-9]+/\10/' "$TMP/perf.log" >"$TMP/zero.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/zero.log" 0 perf all TINY_PREEMPT_RCU
	[[ "$output" == "FAIL perf gp ns= not a number above 0: "*"ns=0" ]]
	sed '/rcu-perf: gp kind=expedited readers=1000 rep=9 /d' "$TMP/perf.log" >"$TMP/one.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/one.log" 0 perf all TINY_PREEMPT_RCU
	[ "$output" = "FAIL perf no gp figure for kind=expedited readers=1000 rep=9" ]
	sed '/rcu-perf: setup readers=100 /d' "$TMP/perf.log" >"$TMP/setup.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/setup.log" 0 perf all TINY_PREEMPT_RCU
	[ "$output" = "FAIL perf no gp setup line for readers=100" ]
	sed -E 's/(rcu-perf: footprint free_kb=)[0-9]+/\1/' "$TMP/perf.log" >"$TMP/fp.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/fp.log" 0 perf footprint TINY_PREEMPT_RCU
	[[ "$output" == "FAIL perf footprint figures not all numbers"* ]]
	sed '/rcu-perf: flood rate=1000000 /d' "$TMP/perf.log" >"$TMP/flood.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/flood.log" 0 perf all TINY_PREEMPT_RCU
	[ "$output" = "FAIL perf no flood figures for rate=1000000" ]
	sed -E 's/(rcu-perf: idle load=100 window_ns=)[0-9]+/\10/' "$TMP/perf.log" >"$TMP/idle.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/idle.log" 0 perf all TINY_PREEMPT_RCU
	[[ "$output" == "FAIL perf idle figures not all numbers, or a 0 ns window: "* ]]
	sed 's/rcu-perf: boost: skipped, no CONFIG_RCU_BOOST/rcu-perf: boost kind=normal delay_ms=500 rep=0 ns= hog_timeout=0/' \
		"$TMP/perf.log" >"$TMP/boost.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/boost.log" 0 perf all TINY_PREEMPT_RCU
	[[ "$output" == "FAIL perf boost ns= not a number above 0: "* ]]
	# The points come from the run's rcu_perf.* arguments, else the defaults.
	sed -E 's/Command line: .*/& rcu_perf.readers=0,1 rcu_perf.reps=2/' "$TMP/perf.log" |
		sed -E '/rcu-perf: gp kind=[a-z]+ readers=(10|100|1000) /d; /rcu-perf: gp kind=[a-z]+ readers=[01] rep=[2-9] /d; /setup readers=[1-9]0/d' \
		>"$TMP/param.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/param.log" 0 perf all TINY_PREEMPT_RCU
	[[ "$output" == PASS* ]]
	sed -i -E 's/Command line: .*/& rcu_perf.readers=0,1,2/' "$TMP/param.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/param.log" 0 perf all TINY_PREEMPT_RCU
	[ "$output" = "FAIL perf no gp figure for kind=normal readers=2 rep=0" ]
	run "$ROOT/scripts/verdict.sh" "$TMP/perf.log" 0 perf all TINY_PREEMPT_RCU
	[[ "$output" == PASS* ]]
}

# run.sh with stand-ins (tests/standin) for the kernel tree's stages, the
# initramfs, build.sh and QEMU, in a copy of the harness under $TMP/root
# (a git repository of its own: a resumed run must be of the same commit).
# The real boot.sh, verdict.sh and lib.sh run; nothing is built or booted.
# RCU_UP_WORK is $TMP/work, whose linux/ is the real tree's (verdict.sh
# reads it, nothing writes it).
standin_root() {
	local real_work=${RCU_UP_WORK:-$ROOT/work}
	mkdir -p "$TMP/root/patches" "$TMP/work" "$TMP/bin"
	cp -r "$ROOT/scripts" "$ROOT/scenarios" "$ROOT/Makefile" "$TMP/root/"
	cp "$ROOT"/patches/* "$TMP/root/patches/"
	cp "$ROOT"/tests/standin/{build.sh,workspace.sh,initramfs.sh} "$TMP/root/scripts/"
	cp "$ROOT/tests/standin/qemu" "$TMP/bin/qemu-system-x86_64"
	ln -s "$real_work/linux" "$TMP/work/linux"
	git -C "$TMP/root" init -q
	git -C "$TMP/root" add -A
	git -C "$TMP/root" -c user.name=t -c user.email=t@t commit -qm standin
	export RCU_UP_WORK=$TMP/work RCU_UP_RESULTS=$TMP/results PATH="$TMP/bin:$PATH"
	export RCU_UP_FAKE_LOG=$FIX/good.log RCU_UP_FAKE_CONFIG=$FIX/config.tree-preempt
	export RCU_UP_FAKE_CALLS=$TMP/calls RCU_UP_BOOT_JOBS=1
	# Stage 0 UP-PREEMPT: tree RCU, which good.log (a real boot) is.  The
	# fast run first (the longest first: 30 + 20 s of guess), then the
	# guest that waits (fake=slow), then one more.
	printf '0 UP-PREEMPT rcu 30\n0 UP-PREEMPT rcu 20 - fake=slow\n0 UP-PREEMPT rcu 10\n' >"$TMP/m"
}

# Start run.sh ARGS... as a job of its own (setsid: its own session and
# process group, as make run's from a terminal), output in $TMP/out.
start_job() {
	setsid "$TMP/root/scripts/run.sh" "$@" >"$TMP/out" 2>&1 </dev/null 3>&- &
	JOB=$!
	JOB_PG=$JOB
}

# Wait until FILE (a glob) is a non-empty file, at most 30 s.
wait_for() {
	local i f
	for i in $(seq 150); do
		for f in $1; do [ -s "$f" ] && return 0; done
		kill -0 "$JOB" 2>/dev/null || { cat "$TMP/out"; return 1; }
		sleep 0.2
	done
	echo "no $1 after 30 s"; cat "$TMP/out"; return 1
}

# Wait at most SECONDS for the job to end; then nothing of its process
# group may be left.  Its exit status in JOB_RC.
job_ends_within() {
	local i
	for i in $(seq $(($1 * 5))); do
		kill -0 "$JOB" 2>/dev/null || break
		sleep 0.2
	done
	if kill -0 "$JOB" 2>/dev/null; then
		echo "the job is still running $1 s after the signal:"; ps -o pid,pgid,args -g "$JOB_PG"; cat "$TMP/out"
		return 1
	fi
	JOB_RC=0
	wait "$JOB" || JOB_RC=$?
	# A zombie (ended, its parent gone, not yet reaped by init) is not
	# left running.
	for i in $(seq 10); do
		[ -n "$(ps -o stat= -g "$JOB_PG" | grep -v '^Z')" ] || return 0
		sleep 0.2
	done
	echo "left running:"; ps -o pid,pgid,stat,args -g "$JOB_PG"; cat "$TMP/out"
	return 1
}

# Whatever a failed test left of a job is ended, so that none outlives it.
stop_job() { [ -z "${JOB_PG:-}" ] || kill -KILL -- -"$JOB_PG" 2>/dev/null || true; }

@test "run: a line expecting BUILT builds its kernel's RCU objects only, boots nothing, and is judged by implementation" {
	standin_root
	# UP-PREEMPT at stage 0 is tree PREEMPT_RCU (the stand-in's .config):
	# BUILT.  UP-NONE must be TINY_RCU: the same .config is FAIL.  UP-RT
	# has a boot line too: its kernel is built whole.
	printf '0 UP-PREEMPT objects 0 BUILT\n0 UP-NONE objects 0 BUILT\n0 UP-RT objects 0 BUILT\n0 UP-RT rcu 10\n' >"$TMP/m"
	run "$TMP/root/scripts/run.sh" "$TMP/m" "$TMP/r.jsonl"
	echo "$output"
	grep -qx 'built objects x86_64 0 UP-PREEMPT' "$TMP/calls"
	grep -qx 'built objects x86_64 0 UP-NONE' "$TMP/calls"
	grep -qx 'built x86_64 0 UP-RT' "$TMP/calls"
	[ "$(jq -r 'select(.scenario == "UP-PREEMPT") | .verdict' "$TMP/r.jsonl")" = BUILT ]
	[ "$(jq -r 'select(.scenario == "UP-PREEMPT") | .rcu_objects[0].object' "$TMP/r.jsonl")" = tree.o ]
	[ "$(jq -r 'select(.scenario == "UP-PREEMPT") | .log' "$TMP/r.jsonl")" = "" ]
	[ "$(jq -r 'select(.scenario == "UP-NONE") | .verdict' "$TMP/r.jsonl")" = FAIL ]
	[ "$(jq -r 'select(.scenario == "UP-RT" and .torture_type == "objects") | .verdict' "$TMP/r.jsonl")" = BUILT ]
	[ ! -e "$(ls -d "$TMP"/results/runs/*/0-UP-PREEMPT-objects)/console.log" ]
}

@test "interrupt: SIGINT to the job's process group during a boot ends it; that boot is INTERRUPTED" {
	standin_root
	start_job "$TMP/m"
	wait_for "$TMP/results/runs/*/0-UP-PREEMPT-rcu-fake=slow/console.log" || { stop_job; false; }
	kill -INT -- -"$JOB_PG"
	job_ends_within 10 || { stop_job; false; }
	cat "$TMP/out"
	[ "$JOB_RC" -eq 130 ]
	run jq -r '"\(.torture_type) \(.boot_args) \(.verdict) \(.as_expected)"' "$TMP/results/results.jsonl"
	[ "${lines[0]}" = "rcu  PASS true" ]
	[ "${lines[1]}" = "rcu fake=slow INTERRUPTED null" ]
	[ "${#lines[@]}" -eq 2 ]
	# The third run never started; the last line says so, and how to go on.
	[ "$(grep -c . "$TMP/calls" | head -n1)" -ge 2 ]
	[ "$(grep -c 'fake=slow' "$TMP/calls")" = 1 ]
	id=$(basename "$TMP"/results/runs/*)
	[[ "$(tail -n1 "$TMP/out")" == *"interrupted by SIGINT: 1 of 3 runs done (1 as expected), 1 interrupted, 1 not started; go on with: make run MATRIX=$TMP/m RESUME=$id" ]]
}

@test "interrupt: SIGINT during the build ends the builder and its children too" {
	standin_root
	RCU_UP_FAKE_BUILD_SLEEP=300 start_job "$TMP/m"
	sleep 2
	pgrep -g "$JOB_PG" -x sleep >/dev/null
	kill -INT -- -"$JOB_PG"
	job_ends_within 10 || { stop_job; false; }
	[ "$JOB_RC" -eq 130 ]
	[ ! -s "$TMP/results/results.jsonl" ]
	[[ "$(tail -n1 "$TMP/out")" == *"interrupted by SIGINT: 0 of 3 runs done (0 as expected), 0 interrupted, 3 not started; go on with: make run MATRIX=$TMP/m RESUME="* ]]
}

@test "interrupt: SIGTERM to run.sh alone (not its group) ends the guests and the builder too" {
	standin_root
	start_job "$TMP/m"
	wait_for "$TMP/results/runs/*/0-UP-PREEMPT-rcu-fake=slow/console.log" || { stop_job; false; }
	kill -TERM "$JOB"
	job_ends_within 10 || { stop_job; false; }
	[ "$JOB_RC" -eq 143 ]
	[ "$(jq -r .verdict "$TMP/results/results.jsonl" | tr '\n' ' ')" = "PASS INTERRUPTED " ]
	grep -q 'INTERRUPTED' "$TMP/results/runs/"*/table.tsv
	[[ "$(tail -n1 "$TMP/out")" == *"interrupted by SIGTERM: 1 of 3 runs done (1 as expected), 1 interrupted, 1 not started; go on with: make run MATRIX=$TMP/m RESUME="* ]]
}

# The first estimate of a cold run was twice the truth: a kernel found up
# to date counted as a cold build (450 s).  Now it counts seconds, and one
# to build its compilations in snapshot/builds-MATRIX.tsv at the machine's rate.
@test "estimates: a kernel up to date takes seconds; one to build, its recorded compilations at the measured rate" {
	standin_root
	mkdir -p "$TMP/root/snapshot"
	printf '# arch\tstage\tkernel\tseconds\thits\tcompiled\tfirst\nx86_64\t1\tUP-PREEMPT\t400\t0\t1960\tfirst\n' >"$TMP/root/snapshot/builds-m.tsv"
	printf '0 UP-PREEMPT rcu 10\n1 UP-PREEMPT rcu 10\n' >"$TMP/m"
	export RCU_UP_FAKE_UP_TO_DATE="x86_64 0 UP-PREEMPT"
	run "$TMP/root/scripts/run.sh" "$TMP/m"
	echo "$output"
	# Stage 0 up to date (3 s), stage 1 20 s + 1,960 x 0.5 s = 1,000 s.
	[[ "$output" == *"kernel 1 of 2: x86_64 stage 0 UP-PREEMPT; about 17 min of builds left"* ]]
	[[ "$output" == *"kernel 2 of 2: x86_64 stage 1 UP-PREEMPT; about 17 min of builds left"* ]]
	# The builds were recorded for the next snapshot, the one found up
	# to date not (the stand-in compiles nothing: its build is too short
	# to change the rate).
	r=$(echo "$TMP"/results/runs/*)
	[ "$(grep -vc '^#' "$r/builds.tsv")" = 1 ]
	[ "$(grep -v '^#' "$r/builds.tsv" | cut -f1-3,6,7 | tr '\t' ' ')" = "x86_64 1 UP-PREEMPT 0 -" ]
}

@test "resume: an interrupted run goes on in its directory, booting only what it has not finished" {
	standin_root
	start_job "$TMP/m"
	wait_for "$TMP/results/runs/*/0-UP-PREEMPT-rcu-fake=slow/console.log" || { stop_job; false; }
	kill -INT -- -"$JOB_PG"
	job_ends_within 10 || { stop_job; false; }
	id=$(basename "$TMP"/results/runs/*)
	# Another matrix, or another commit of the harness, is refused.
	printf '0 UP-PREEMPT rcu 30\n' >"$TMP/m2"
	run "$TMP/root/scripts/run.sh" --resume "$id" "$TMP/m2"
	[ "$status" -ne 0 ]
	[[ "$output" == *"run $id was of another matrix than $TMP/m2; resume it with its own: make run MATRIX=$TMP/results/runs/$id/matrix RESUME=$id"* ]]
	echo '# edited' >>"$TMP/root/scripts/verdict.sh"
	run "$TMP/root/scripts/run.sh" --resume "$id" "$TMP/m"
	[ "$status" -ne 0 ]
	[[ "$output" == *"run $id was made of another harness commit, tools or KCONFIG than these"* ]]
	git -C "$TMP/root" checkout -q scripts/verdict.sh
	# The same: the interrupted boot and the one never started, no more
	# (the stand-in guest now powers off: fake=slow is not in its log).
	: >"$TMP/calls"
	export RCU_UP_FAKE_LOG=$FIX/good.log
	sed -i 's/fake=slow/fake=done/' "$TMP/bin/qemu-system-x86_64"
	run "$TMP/root/scripts/run.sh" --resume last "$TMP/m"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^built' "$TMP/calls")" = 1 ]
	[ "$(grep -vc '^built' "$TMP/calls")" = 2 ]
	grep -q 'fake=slow' "$TMP/calls"
	[[ "$output" == *"run $id, attempt 2: 1 of 3 runs kept from earlier attempts, 2 to boot"* ]]
	[[ "${lines[-1]}" == *"3 of 3 runs as expected" ]]
	r=$TMP/results/runs/$id
	[ "$(jq -r '"\(.line) \(.verdict) \(.attempt)"' "$r/results.jsonl" | tr '\n' ,)" = "1 PASS 1,2 PASS 2,3 PASS 2," ]
	[ "$(jq -r .verdict "$TMP/results/results.jsonl" | tr '\n' ' ')" = "PASS INTERRUPTED PASS PASS " ]
	[ "$(cut -f1,4-8 "$r/attempts.tsv" | tail -n 2 | tr '\t\n' ' ,')" = "1 SIGINT 2 0 1 1,2 done 2 1 0 0," ]
	[ "$(wc -l <"$r/attempt-2.jsonl")" = 2 ]
	[ -d "$r/0-UP-PREEMPT-rcu-fake=slow.2" ]
	[ "$(grep -c PASS "$r/table.tsv")" = 3 ]
	# Nothing is left to do now.
	run "$TMP/root/scripts/run.sh" --resume "$id" "$TMP/m"
	[ "$status" -eq 0 ]
	[[ "$output" == *"nothing to boot"* ]]
}

@test "INTERRUPTED: neither passed nor failed, in make check's count and in the report's summary" {
	new=$(printf '%s\n' \
		'{"stage":0,"scenario":"UP-PREEMPT","torture_type":"rcu","boot_args":"","verdict":"PASS","expected_verdict":"PASS","as_expected":true,"suite":"rcutorture","perf":null}' \
		'{"stage":0,"scenario":"UP-PREEMPT","torture_type":"rcu","boot_args":"fake=slow","verdict":"INTERRUPTED","expected_verdict":"PASS","as_expected":null,"suite":"rcutorture","perf":null}')
	run counting eval 'count_runs "$new"; summary'
	[[ "$output" == *"interrupted - run stage 0 UP-PREEMPT rcu fake=slow: INTERRUPTED, expected PASS"* ]]
	[ "${lines[-2]}" = "1 passed, 0 failed, 0 skipped, 1 interrupted" ]
	[ "${lines[-1]}" = "1 passed, 0 failed, 0 skipped" ]
	# The report: the fixture's boots, one of them interrupted.
	cp "$FIX/results.jsonl" "$TMP/r.jsonl"
	jq -c '.run = "20261207T000000Z" | .verdict = "INTERRUPTED" | .as_expected = null | .boot_args = "fake=slow"' \
		<(head -n1 "$FIX/results.jsonl") >>"$TMP/r.jsonl"
	RCU_UP_WORK=/nonexistent run "$ROOT/scripts/report.py" "$TMP/r.jsonl" "$TMP/report"
	[ "$status" -eq 0 ]
	n=$(grep -c . "$FIX/results.jsonl")
	ok=$(jq -s 'map(select(.as_expected)) | length' "$FIX/results.jsonl")
	grep -q "^Verdicts: $n boots, $ok as expected, $((n - ok)) not; 1 interrupted (stopped by a signal: neither passed nor failed.*: x86_64 stage 0 [A-Z-]* rcu fake=slow (run 20261207T000000Z)\.$" "$TMP/report/REPORT.md"
	! grep -q '| INTERRUPTED |' "$TMP/report/REPORT.md"
}

@test "recheck: a run's logs judged again by the current rules, the old verdicts kept beside the new" {
	standin_root
	# A guest whose log has an Oops, judged by an older verdict.sh that
	# saw nothing wrong in it.
	sed '/End of test: SUCCESS/i [   20.000000] Oops: 0000 [#1] PREEMPT' "$FIX/good.log" >"$TMP/oops.log"
	export RCU_UP_FAKE_LOG=$TMP/oops.log
	printf '0 UP-PREEMPT rcu 30\n0 UP-PREEMPT busted 20 TORTURE-FAIL\n' >"$TMP/m"
	printf '#!/bin/bash\necho "PASS an older rule"\n' >"$TMP/root/scripts/verdict.sh"
	mkdir -p "$TMP/results"
	echo '{"run":"other","dir":"x","verdict":"PASS"}' >"$TMP/results/results.jsonl"
	run "$TMP/root/scripts/run.sh" "$TMP/m"
	[ "$(jq -r .verdict "$TMP/results/results.jsonl" | tr '\n' ' ')" = "PASS PASS PASS " ]
	git -C "$TMP/root" checkout -q scripts/verdict.sh
	id=$(basename "$TMP"/results/runs/*)
	run "$TMP/root/scripts/recheck.sh" "$id"
	echo "$output"
	[ "$status" -ne 0 ]
	[[ "$output" == *"changed: line 1: x86_64 stage 0 UP-PREEMPT rcu : PASS -> FAIL console badness: "*"Oops: 0000"* ]]
	[[ "${lines[-1]}" == *"rechecked run $id: 2 of 2 verdicts changed; 0 of 2 as expected;"* ]]
	r=$TMP/results/runs/$id
	[ "$(jq -r '"\(.verdict) \(.as_expected) \(.earlier_verdicts[0].verdict) \(.earlier_verdicts[0].reason) \(.earlier_verdicts | length)"' "$r/results.jsonl" | head -n1)" = \
		"FAIL false PASS an older rule 1" ]
	grep -q 'FAIL' "$r/table.tsv" && ! grep -q 'PASS	PASS' "$r/table.tsv"
	# The results file: the run's lines replaced in place, the others kept.
	[ "$(jq -r '"\(.run) \(.verdict)"' "$TMP/results/results.jsonl" | tr '\n' ,)" = "other PASS,$id FAIL,$id FAIL," ]
	# Again: the same verdicts, a second earlier one kept.
	run "$TMP/root/scripts/recheck.sh" last
	[[ "${lines[-1]}" == *"0 of 2 verdicts changed"* ]]
	[ "$(jq -r '.earlier_verdicts | map(.verdict) | join(" ")' "$r/results.jsonl" | head -n1)" = "PASS FAIL" ]
}

# Issue 28, item 3: a small guest that printed nothing is NOMEM only where
# the same kernel printed its banner in a larger one, and recheck.sh
# judges with the same evidence.
@test "NOMEM: run.sh boots a small guest after the larger ones of its kernel; recheck.sh judges its silence by them" {
	standin_root
	# Below 32 MB the stand-in guest prints nothing.  Without the wait
	# the 16 MB run boots first, the longest (50 s of guess against 30).
	export RCU_UP_FAKE_SILENT_BELOW=32
	printf '0 UP-PREEMPT rcu 30 NOMEM mem=16M\n0 UP-PREEMPT rcu 10 - mem=128M\n' >"$TMP/m"
	run "$TMP/root/scripts/run.sh" "$TMP/m"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(grep -v '^built' "$TMP/calls" | sed 's/.* -m //' | tr '\n' ' ')" = "128 16 " ]
	id=$(basename "$TMP"/results/runs/*)
	r=$TMP/results/runs/$id
	[ "$(jq -r '"\(.mem_mb) \(.verdict)"' "$r/results.jsonl" | tr '\n' ,)" = "16 NOMEM,128 PASS," ]
	[[ "$(jq -r .reason "$r/results.jsonl" | head -n1)" == "guest of 16 MB printed nothing (too small to start the kernel, which printed its banner in 128 MB) (log: "* ]]
	[ "$(cat "$r"/0-UP-PREEMPT-rcu-m16M/banner-mb)" = 128 ]
	[ -s "$r"/0-UP-PREEMPT-rcu-m16M/image.sha256 ]
	grep -q ' 128$' "$TMP/work/stage-0/build/UP-PREEMPT/rcu-up-banners"
	# recheck.sh: without run.sh's evidence, the run's own 128 MB log is.
	rm "$r"/0-UP-PREEMPT-rcu-m16M/banner-mb
	run "$TMP/root/scripts/recheck.sh" "$id"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "${lines[-1]}" == *"0 of 2 verdicts changed"* ]]
	# An oom-killer report in the 128 MB guest is the kernel's, not the
	# guest's size: FAIL.  Without its banner the 16 MB guest's silence
	# has no evidence: FAIL too.
	sed -i -e '/End of test: SUCCESS/i [   20.500000] rcu_torture_fwd invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0' \
		-e '/Linux version/d' "$r"/0-UP-PREEMPT-rcu-m128M/console.log
	run "$TMP/root/scripts/recheck.sh" "$id"
	echo "$output"
	[ "$status" -eq 3 ]
	# (The implementation check, which NOMEM skips, finds none in it.)
	[[ "$output" == *"changed: line 1: x86_64 stage 0 UP-PREEMPT rcu : NOMEM -> FAIL "*"; guest of 16 MB printed nothing, and no larger guest of this kernel is known to have printed its banner"* ]]
	[[ "$output" == *"changed: line 2: x86_64 stage 0 UP-PREEMPT rcu : PASS -> FAIL out of memory in a guest of 128 MB (not below 64 MB: the kernel's own): "*"invoked oom-killer"* ]]
}

# A real boot (cold make run 20261207T113136Z, stage 0, icount): refscale's
# rcu-tasks reader is an empty loop (Tasks RCU readers are implicit), so
# 0 ns per reader is its figure, not a clock too coarse to see it.
@test "verdict: refscale rcu-tasks timed 0 ns is its figure; rcu timed 0 ns is none" {
	run "$ROOT/scripts/verdict.sh" "$TMP/refscale-rcu-tasks.log" 0 refscale rcu-tasks
	[ "$output" = "PASS complete results (5 of 5 results rows), console clean, powered off" ]
	sed 's/rcu-tasks-ref-scale:/rcu-ref-scale:/' "$TMP/refscale-rcu-tasks.log" >"$TMP/rcu0.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/rcu0.log" 0 refscale rcu
	[ "$output" = "FAIL 5 of 5 results rows timed 0 ns: no measurement" ]
}

@test "verdict: refscale is judged against the runs it was asked for, and 0 ns rows are no results" {
	# Before the fix: PASS for each of these altered refscale.log copies.
	sed -E 's/^(\[[^]]*\] [0-9]+	)[0-9]+\.[0-9]+/\10.000/' "$TMP/refscale.log" >"$TMP/zero.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/zero.log" 0 refscale rcu
	[ "$output" = "FAIL 10 of 10 results rows timed 0 ns: no measurement" ]
	# The start line announces (and the table has) 5 of the 10 runs asked for.
	sed -E 's/ nruns=10 readdelay/ nruns=5 readdelay/; /^\[[^]]*\] ([6-9]|10)	/d' "$TMP/refscale.log" >"$TMP/five.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/five.log" 0 refscale rcu
	[ "$output" = "FAIL the start-of-test line announces nruns=5, the run asked for nruns=10" ]
	# No refscale.nruns= argument: refscale.c's default, 30 runs.
	sed 's/ refscale.nruns=10//' "$TMP/refscale.log" >"$TMP/dflt.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/dflt.log" 0 refscale rcu
	[ "$output" = "FAIL the start-of-test line announces nruns=10, the run asked for nruns=30" ]
	sed 's/ refscale.nruns=10/& refscale.loops=20000/' "$TMP/refscale.log" >"$TMP/loops.log"
	run "$ROOT/scripts/verdict.sh" "$TMP/loops.log" 0 refscale rcu
	[ "$output" = "FAIL the start-of-test line announces loops=10000, the run asked for loops=20000" ]
	run "$ROOT/scripts/verdict.sh" "$TMP/refscale.log" 0 refscale rcu
	[[ "$output" == "PASS complete results (10 of 10 results rows)"* ]]
}
