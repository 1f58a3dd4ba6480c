#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# A stand-in for scripts/build.sh STAGE SCENARIO [ARCH], for
# tests/harness.bats: no kernel, only what run.sh reads of a build (the
# image, .config, rcu-up-build.env), after RCU_UP_FAKE_BUILD_SLEEP seconds
# (a build under way, in a child process as make is).  Asked whether a
# kernel is up to date (RCU_UP_BUILD_QUERY=1), it says yes for the one
# RCU_UP_FAKE_UP_TO_DATE names ("ARCH STAGE KERNEL"), no for others.
# RCU_UP_BUILD_OBJECTS=1 (a kernel built only as far as its RCU objects):
# no image (the objects' sizes are in rcu-up-build.env either way).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
stage=$1 scen=$(scenario_kernel "$2") arch=${3:-$RCU_UP_ARCH}
if [ "${RCU_UP_BUILD_QUERY:-0}" = 1 ]; then
	[ "${RCU_UP_FAKE_UP_TO_DATE:-}" = "$arch $stage $scen" ] && exit 0
	exit 10
fi
sleep "${RCU_UP_FAKE_BUILD_SLEEP:-0}"
O=$(build_dir "$stage" "$scen" "$arch")
mkdir -p "$O/$(dirname "$(arch_image "$arch")")"
cp "$RCU_UP_FAKE_CONFIG" "$O/.config"
printf 'BUILD_STATUS=OK\nRCU_IMPL_CONFIG=%s\nBUILD_SECONDS=1\n' "$(config_rcu_impl "$O/.config")" >"$O/rcu-up-build.env"
printf "RCU_OBJ_SIZES='tree.o 100 10 1 111;update.o 20 2 0 22'\nRCU_SIZE='120 12 1 133'\n" >>"$O/rcu-up-build.env"
if [ "${RCU_UP_BUILD_OBJECTS:-0}" = 1 ]; then
	rm -f "$O/$(arch_image "$arch")"
	echo "built objects $arch $stage $scen" >>"${RCU_UP_FAKE_CALLS:-/dev/null}"
	exit 0
fi
: >"$O/$(arch_image "$arch")"
echo "built $arch $stage $scen" >>"${RCU_UP_FAKE_CALLS:-/dev/null}"
