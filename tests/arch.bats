#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Unit tests of the arch dimension: matrix lines with and without the arch
# column and the mem= token, per-arch names, the power-down watcher (with a
# stand-in for QEMU and a recorded console log) and the NOMEM verdict.  No
# kernel is built or booted here.

setup() {
	ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
	FIX=$BATS_TEST_DIRNAME/fixtures
	TMP=$(mktemp -d)
}

teardown() { rm -rf "$TMP"; }

lib() { (. "$ROOT/scripts/lib.sh"; "$@"); }

@test "matrix: an old line (no arch column) means x86_64 and the default memory" {
	[ "$(lib matrix_fields '0 UP-PREEMPT  rcu  30')" = "x86_64 0 UP-PREEMPT rcu 30 PASS - " ]
	[ "$(lib matrix_fields '1 TINYP03 rcu 60 - preempt=none')" = "x86_64 1 TINYP03 rcu 60 PASS - preempt=none" ]
	[ "$(lib matrix_fields '0 UP-PREEMPT busted 20 FAIL')" = "x86_64 0 UP-PREEMPT busted 20 FAIL - " ]
}

@test "matrix: a leading arch name and a mem= token" {
	[ "$(lib matrix_fields 'arm 1 UP-PREEMPT rcu 30')" = "arm 1 UP-PREEMPT rcu 30 PASS - " ]
	[ "$(lib matrix_fields 'riscv64 1 UP-NONE busted 20 FAIL mem=32M')" = "riscv64 1 UP-NONE busted 20 FAIL 32M " ]
	[ "$(lib matrix_fields 'arm 0 UP-PREEMPT rcu 30 - mem=16M rcutorture.fwd_progress=1 x=y')" = \
		"arm 0 UP-PREEMPT rcu 30 PASS 16M rcutorture.fwd_progress=1 x=y" ]
	[ "$(lib mem_mb 32M)" = 32 ] && [ "$(lib mem_mb 1G)" = 1024 ] && [ "$(lib mem_mb 128)" = 128 ]
}

@test "matrix: an unknown arch is refused, listing the valid ones" {
	run lib matrix_fields 'mips 1 UP-PREEMPT rcu 30'
	[ "$status" -ne 0 ]
	[[ "$output" == *"unknown arch 'mips'"*"valid arches: x86_64 arm riscv64"* ]]
	run lib check_arch arm64
	[ "$status" -ne 0 ]
	[[ "$output" == *"valid arches: x86_64 arm riscv64"* ]]
	printf '# comment\n\n0 UP-NONE rcu 60\nsparc 0 UP-NONE rcu 60\n' >"$TMP/m"
	run lib matrix_lines "$TMP/m"
	[ "$status" -ne 0 ]
	[[ "$output" == *"unknown arch 'sparc'"* ]]
}

@test "matrix: comments and blank lines skipped, every line normalized" {
	printf '# c\n\n0 UP-NONE rcu 60\narm 1 UP-PREEMPT rcu 30 - mem=32M\n' >"$TMP/m"
	run lib matrix_lines "$TMP/m"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "x86_64 0 UP-NONE rcu 60 PASS - " ]
	[ "${lines[1]}" = "arm 1 UP-PREEMPT rcu 30 PASS 32M " ]
	[ "${#lines[@]}" -eq 2 ]
}

@test "arch: build directories never shared between arches; images, consoles, QEMU" {
	[ "$(RCU_UP_WORK=/w lib build_dir 1 UP-NONE)" = /w/stage-1/build/UP-NONE ]
	[ "$(RCU_UP_WORK=/w lib build_dir 1 UP-NONE arm)" = /w/stage-1/build-arm/UP-NONE ]
	[ "$(RCU_UP_WORK=/w lib build_dir 1 UP-NONE riscv64)" = /w/stage-1/build-riscv64/UP-NONE ]
	[ "$(lib arch_image x86_64)" = arch/x86/boot/bzImage ]
	[ "$(lib arch_image arm)" = arch/arm/boot/zImage ]
	[ "$(lib arch_image riscv64)" = arch/riscv/boot/Image ]
	[ "$(lib arch_console arm)" = ttyAMA0 ]
	[ "$(lib arch_qemu riscv64)" = qemu-system-riscv64 ]
	for a in x86_64 arm riscv64; do [ -f "$ROOT/scenarios/arch/$a" ]; done
}

@test "arch: a missing cross compiler or QEMU names the apt-get command" {
	run env PATH=/nonexistent /bin/bash -c ". '$ROOT/scripts/lib.sh'; need_arch_tools arm build"
	[ "$status" -ne 0 ]
	[[ "$output" == *"no arm-linux-gnueabihf-gcc for arm; as root run: apt-get install -y gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-system-arm"* ]]
	run env PATH=/nonexistent /bin/bash -c ". '$ROOT/scripts/lib.sh'; need_arch_tools riscv64 boot"
	[[ "$output" == *"no qemu-system-riscv64 for riscv64; as root run: apt-get install -y gcc-riscv64-linux-gnu libc6-dev-riscv64-cross qemu-system-misc"* ]]
	[[ "$(lib deps_packages)" == *"qemu-system-arm"*"qemu-system-misc"* ]]
}

@test "arch: the misuse suite is skipped off x86_64 with its reason" {
	[ -z "$(lib scenario_skip_reason 0 MISUSE x86_64)" ]
	[[ "$(lib scenario_skip_reason 0 MISUSE arm)" == *"x86"* ]]
	[ -z "$(lib scenario_skip_reason 1 UP-PREEMPT riscv64)" ]
}

# guest_wait on $TMP/console with a stand-in for QEMU that never exits on
# its own; prints "rc=N took=SECONDS", and "still-running" if it was left.
watch_standin() {
	run bash -c ". '$ROOT/scripts/lib.sh'; sleep 60 & p=\$!; s=\$SECONDS
		RCU_UP_POWEROFF_GRACE=1 guest_wait \$p '$TMP/console' 60; rc=\$?
		kill -0 \$p 2>/dev/null && echo still-running; echo rc=\$rc took=\$((SECONDS - s))"
}

# A stand-in for QEMU that never exits on its own, as x86 without ACPI
# after "reboot: Power down": the watcher must end it and report 0.
@test "power-down watcher: a guest halted after 'reboot: Power down' counts as powered off" {
	cp "$FIX/arm-good.log" "$TMP/console"
	watch_standin
	[[ "$output" == *"ending QEMU (powered off)"* ]]
	[[ "$output" == *"rc=0 took="[1-5] ]]
	[[ "$output" != *still-running* ]]
}

# Our init's reboot(RB_POWER_OFF) where x86_64 has no power-off driver
# (no ACPI): the kernel halts instead, and says so (a real MISUSE-RT boot).
@test "power-down watcher: the halt that replaces power-off counts as powered off" {
	printf '%s\n' 'rcu-up-init: test module returned, powering off' \
		'[    1.557546] reboot: Power off not available: System halted instead' >"$TMP/console"
	watch_standin
	[[ "$output" == *"ending QEMU (powered off)"* ]]
	[[ "$output" == *"rc=0 took="* ]]
	[[ "$output" != *still-running* ]]
}

@test "power-down watcher: QEMU's own exit status, and the timeout's 124" {
	: >"$TMP/console"
	run bash -c ". '$ROOT/scripts/lib.sh'; (sleep 1; exit 3) & guest_wait \$! '$TMP/console' 5; echo rc=\$?"
	[[ "$output" == *"rc=3" ]]
	run bash -c ". '$ROOT/scripts/lib.sh'; timeout 2 sleep 30 & guest_wait \$! '$TMP/console' 2; echo rc=\$?"
	[[ "$output" == *"rc=124" ]]
	# No power-down line: a halted guest is not ended early.
	head -n 20 "$FIX/arm-good.log" >"$TMP/console"
	run bash -c ". '$ROOT/scripts/lib.sh'; timeout 3 sleep 30 & RCU_UP_POWEROFF_GRACE=0 guest_wait \$! '$TMP/console' 3; echo rc=\$?"
	[[ "$output" == *"rc=124" ]]
}

@test "NOMEM: out of memory in a small guest, QEMU refusing, or silence where a larger guest printed the banner" {
	[ -z "$(lib mem_verdict "$FIX/arm-good.log" 128)" ]
	printf '[    0.1] Linux version 6.12\n[    2.0] Out of memory and no killable processes...\n' >"$TMP/oom.log"
	[[ "$(lib mem_verdict "$TMP/oom.log" 8)" == "NOMEM guest of 8 MB too small: "*"Out of memory"* ]]
	# Recorded: stage 1 UP-PREEMPT on arm in 10 MB (QEMU -m 10): the panic
	# is the missing initramfs's own.
	[[ "$(lib mem_verdict "$FIX/arm-nomem-10M.log" 10)" == "NOMEM guest of 10 MB too small: "*"Initramfs unpacking failed"* ]]
	: >"$TMP/silent.log"
	[[ "$(lib mem_verdict "$TMP/silent.log" 4 9)" == "NOMEM "*"printed nothing"*"printed its banner in 9 MB"* ]]
	[ -z "$(lib mem_verdict "$TMP/silent.log" 512)" ]
	echo 'qemu-system-arm: ram size too large' >"$TMP/silent.log.qemu"
	[[ "$(lib mem_verdict "$TMP/silent.log" 4096)" == "NOMEM QEMU refused 4096 MB: "* ]]
}

# Issue 28, items 2 and 3: NOMEM for memory failures at any size, and for
# any silent small guest, hid kernel bugs.  Each case below was NOMEM
# before (lib.sh's log_nomem).
@test "NOMEM: out of memory in a guest of 64 MB or more is FAIL" {
	sed '/End of test: SUCCESS/i [   20.500000] rcu_torture_fwd invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0\n[   20.500100] Mem-Info:\n[   20.500200] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/,task=init,pid=1,uid=0' \
		"$FIX/good.log" >"$TMP/oom512.log"
	[[ "$(lib mem_verdict "$TMP/oom512.log" 512)" == "FAIL out of memory in a guest of 512 MB (not below 64 MB: the kernel's own): "*"invoked oom-killer"* ]]
	printf '[    0.1] Linux version 6.12\n[    2.0] Out of memory and no killable processes...\n' >"$TMP/oom.log"
	[[ "$(lib mem_verdict "$TMP/oom.log" 64)" == "FAIL out of memory in a guest of 64 MB"* ]]
	[[ "$(lib mem_verdict "$TMP/oom.log" 63)" == NOMEM* ]]
}

@test "NOMEM: a small guest's allocation failure followed by a crash in other code is FAIL" {
	# arm-nomem-10M.log with a page allocation failure for the initramfs
	# failure and an oops in RCU code for the missing init's panic.
	sed -e 's/Initramfs unpacking failed: invalid magic at start of compressed archive/swapper: page allocation failure: order:0, mode:0xcc0(GFP_KERNEL), nodemask=(null)/' \
		-e 's/^\(\[ *[0-9.]*\] \)Kernel panic - not syncing: No working init found.*/\1Unable to handle kernel NULL pointer dereference at virtual address 00000008 when read\n\1Internal error: Oops: 5 [#1] PREEMPT ARM\n\1PC is at rcu_segcblist_enqueue+0x8\/0x1c\n\1Kernel panic - not syncing: Fatal exception/' \
		"$FIX/arm-nomem-10M.log" >"$TMP/rcu-oops.log"
	[[ "$(lib mem_verdict "$TMP/rcu-oops.log" 10)" == "FAIL guest of 10 MB: "*"Unable to handle kernel NULL pointer"*"which running out of memory does not explain"* ]]
	# The same failure ending in the OOM panics is the guest's size.
	sed -i 's/Kernel panic - not syncing: Fatal exception/Kernel panic - not syncing: System is deadlocked on memory/; /Unable to handle\|Internal error/d' "$TMP/rcu-oops.log"
	[[ "$(lib mem_verdict "$TMP/rcu-oops.log" 10)" == "NOMEM guest of 10 MB too small: "*"page allocation failure"* ]]
}

@test "NOMEM: a small guest that printed nothing is FAIL unless the kernel printed its banner in a larger one" {
	: >"$TMP/silent.log"
	[[ "$(lib mem_verdict "$TMP/silent.log" 8)" == "FAIL guest of 8 MB printed nothing, and no larger guest of this kernel"* ]]
	[[ "$(lib mem_verdict "$TMP/silent.log" 8 8)" == FAIL* ]]
	[[ "$(lib mem_verdict "$TMP/silent.log" 8 9)" == NOMEM* ]]
	# The evidence: banners recorded per image (run.sh, memfloor.sh).
	mkdir "$TMP/O"
	echo kernel >"$TMP/O/Image"
	lib banner_note "$TMP/O" "$TMP/O/Image" 8 "$TMP/silent.log"
	lib banner_note "$TMP/O" "$TMP/O/Image" 9 "$FIX/arm-good.log"
	lib banner_note "$TMP/O" "$TMP/O/Image" 512 "$FIX/arm-good.log"
	[ "$(lib banner_mb "$TMP/O" "$TMP/O/Image" 8)" = 9 ]
	[ -z "$(lib banner_mb "$TMP/O" "$TMP/O/Image" 512)" ]
	# A rebuilt image: the old banners are not its own.
	echo rebuilt >"$TMP/O/Image"
	[ -z "$(lib banner_mb "$TMP/O" "$TMP/O/Image" 8)" ]
}

@test "power-down watcher: a guest silent for RCU_UP_SILENT_LIMIT seconds is ended as timed out" {
	: >"$TMP/console"
	run bash -c ". '$ROOT/scripts/lib.sh'; sleep 30 & p=\$!; RCU_UP_SILENT_LIMIT=1 guest_wait \$p '$TMP/console' 30; rc=\$?
		kill -0 \$p 2>/dev/null && echo still-running; echo rc=\$rc"
	[[ "$output" == *"no console output in 1s"* ]]
	[[ "$output" == *"rc=124" ]]
	[[ "$output" != *still-running* ]]
}

@test "SMP: the CPUs a guest brought up, from its console" {
	# Recorded: stage 0 SMP-PREEMPT on x86_64 without ACPI, booted -smp 2.
	[ "$(lib log_cpus "$FIX/x86-noacpi-smp2.log")" = 1 ]
	printf '[    0.5] smp: Brought up 1 node, 2 CPUs\n' >"$TMP/smp.log"
	[ "$(lib log_cpus "$TMP/smp.log")" = 2 ]
	[ -z "$(lib log_cpus "$FIX/arm-good.log")" ]
}

# On PREEMPT_RT the kernel's halt line is often lost (a real MISUSE-RT boot
# ended at init's line): init's own line before reboot() counts.
@test "power-down watcher: init's powering-off line counts when the kernel's is lost" {
	printf '%s\n' '[    1.269298] rcu-misuse: boost_prio: done' \
		'rcu-up-init: test module returned, powering off' >"$TMP/console"
	watch_standin
	[[ "$output" == *"ending QEMU (powered off)"* ]]
	[[ "$output" == *"rc=0 took="* ]]
}

# memfloor.sh against a stand-in for boot.sh that, like the real one, never
# overwrites a log: it "boots" (a real arm console log) from 12 MB up and
# prints nothing below.  A second search of the same kernel must find the
# same floor: it used to reuse the first search's log paths, so every probe
# of it failed ("QEMU exited with status 1").
@test "memfloor: a second search of the same kernel finds the floor too" {
	mkdir -p "$TMP/root/patches"
	cp -r "$ROOT/scripts" "$ROOT/scenarios" "$TMP/root/"
	cp "$ROOT/patches/series" "$TMP/root/patches/"
	printf '%s\n' '#!/bin/bash' '[ ! -e "$4" ] || exit 1' \
		"if [ \"\$RCU_UP_MEM\" -ge 12 ]; then cp '$FIX/arm-good.log' \"\$4\"; else : >\"\$4\"; fi" \
		>"$TMP/root/scripts/boot.sh"
	chmod +x "$TMP/root/scripts/boot.sh"
	mkdir -p "$TMP/work"
	# verdict.sh reads the console with the kernel tree's parse-console.sh.
	ln -s "${RCU_UP_WORK:-$ROOT/work}/linux" "$TMP/work/linux"
	export RCU_UP_WORK=$TMP/work RCU_UP_RESULTS=$TMP/results
	O=$TMP/work/stage-1/build-arm/UP-PREEMPT
	mkdir -p "$O/arch/arm/boot"
	: >"$O/arch/arm/boot/zImage"
	printf 'BUILD_STATUS=OK\nRCU_IMPL_CONFIG=TINY_PREEMPT_RCU\n' >"$O/rcu-up-build.env"
	for i in 1 2; do
		run bash -c "'$TMP/root/scripts/memfloor.sh' -a arm -H 16 -n 1 UP-PREEMPT rcu 1 2>/dev/null"
		[ "$status" -eq 0 ]
		[[ "$output" == "memory floor: 12 MB (arm, stage 1, UP-PREEMPT, TINY_PREEMPT_RCU"* ]]
	done
	[ "$(grep -c '"floor_mb":12' "$TMP/results/memfloor.jsonl")" = 2 ]
	# Below the floor the stand-in prints nothing: NOMEM on the evidence
	# of the larger probes' banners.
	grep -q '"below_floor":"NOMEM guest of 11 MB printed nothing (too small to start the kernel, which printed its banner in 12 MB)"' \
		"$TMP/results/memfloor.jsonl"
}
