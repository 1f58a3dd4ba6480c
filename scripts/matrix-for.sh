#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# matrix-for.sh SCENARIO...: print a matrix (see matrix/check) that runs
# the named scenarios, ours or the kernel tree's rcutorture scenarios
# (TREE09, SRCU-T, TINYP01, ...), at every stage, in the spirit of kvm.sh's
# --configs, --duration and --bootargs:
#   DURATION  seconds of rcutorture per run (default 60)
#   BOOTARGS  kernel arguments added to every run
#   STAGES    the stages (default: all of them)
#   RCU_UP_ARCH  x86_64 (default), arm or riscv64
# (KCONFIG= of make run, RCU_UP_KCONFIG, goes to the builds: lib.sh)
# The torture type is the scenario's own (rcutorture.torture_type= in its
# .boot at that stage), else rcu.  A stage that does not have the scenario
# gets a line that must SKIP, so the table shows why it did not run.
# "make run SCENARIOS='TREE09 SRCU-T' DURATION=120" uses it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 1 ] || die "usage: $0 SCENARIO... (e.g. TREE09 SRCU-T TINYP01)"
duration=${DURATION:-60}
[[ "$duration" =~ ^[0-9]+$ ]] || die "DURATION='$duration' is not a number of seconds"
arch=$RCU_UP_ARCH
check_arch "$arch"
stages=${STAGES:-$(seq 0 "$(max_stage)" | tr '\n' ' ')}
for scen in "$@"; do check_scenario "$scen"; done
for stage in $stages; do
	check_stage "$stage"
	"$RCU_UP_ROOT/scripts/workspace.sh" stage "$stage" >/dev/null
done

echo "# made by scripts/matrix-for.sh $* (DURATION=$duration STAGES='$stages' RCU_UP_ARCH=$arch${BOOTARGS:+ BOOTARGS='$BOOTARGS'}${RCU_UP_KCONFIG:+ KCONFIG='$RCU_UP_KCONFIG'})"
for scen in "$@"; do
	[ "$(scenario_suite "$scen" 1)" = rcutorture ] ||
		die "$scen is a $(scenario_suite "$scen" 1) suite: name it in a matrix file with its type"
	for stage in $stages; do
		type=$(scenario_boot "$scen" "$stage" | tr ' ' '\n' | sed -n 's/^rcutorture\.torture_type=//p' | tail -n1)
		expect=-
		[ -z "$(scenario_skip_reason "$stage" "$scen" "$arch")" ] || expect=SKIP
		echo "$arch $stage $scen ${type:-rcu} $duration $expect ${BOOTARGS:-}"
	done
done
