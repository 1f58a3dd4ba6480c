#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# boot.sh IMAGE CPUS SECONDS LOG [KERNEL ARGS...]
#
# Boot a kernel under QEMU (TCG: KVM hangs on this project's machines) with our
# initramfs, console on the serial port into LOG.  RCU_UP_ARCH picks the guest
# (x86_64: qemu-system-x86_64; arm: qemu-system-arm -M virt, Cortex-A15,
# ttyAMA0; riscv64: qemu-system-riscv64 -M virt with OpenSBI), RCU_UP_MEM its
# memory (QEMU -m, default 512 MB).  The guest is expected to power itself off
# (rcutorture.shutdown_secs=...): QEMU exits, or is ended once the console
# says "reboot: Power down" (lib.sh's guest_wait); a hard wall-clock timeout
# of SECONDS kills it otherwise.  Exit status: 0 powered off, 124 killed on
# timeout, 128+N stopped by signal N (SIGINT, SIGTERM: boot.sh's or QEMU's,
# as when the job is stopped: the guest did not end), anything else a QEMU
# failure (its messages in LOG.qemu).  LOG must
# not exist yet (results are never overwritten); the exact QEMU command goes
# to LOG.qemu-cmd.  x86_64 guests under TCG are given the host's TSC
# frequency (tsc_early_khz=; RCU_UP_TSC_KHZ=N overrides it, an empty
# RCU_UP_TSC_KHZ leaves it out).  RCU_UP_ICOUNT=N runs the TCG guest in
# QEMU's instruction-counting mode (-icount shift=N,sleep=off,align=off):
# its clocks advance 2^N ns per instruction executed, and jump to the next
# timer while it idles, so a boot's timings are a function of its code
# path, not of the host.  How the guest's clock ran (tcg, icount=N or kvm)
# goes to LOG.clock.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 4 ] || die "usage: $0 IMAGE CPUS SECONDS LOG [KERNEL ARGS...]"
kernel=$1 cpus=$2 limit=$3 console=$4
shift 4
[ ! -e "$console" ] || die "$console already exists; results are never overwritten: give a fresh path (scripts/run.sh makes one per run)"
arch=$RCU_UP_ARCH
check_arch "$arch"
need_cmds timeout
need_arch_tools "$arch" boot
initrd=$("$RCU_UP_ROOT/scripts/initramfs.sh" "$arch")
mkdir -p "$(dirname "$console")"
# RCU_UP_INITRD_EXTRA: a cpio to append (the kernel unpacks concatenated
# archives in turn), e.g. the misuse suite's test module.
if [ -n "${RCU_UP_INITRD_EXTRA:-}" ]; then
	[ -r "$RCU_UP_INITRD_EXTRA" ] || die "no $RCU_UP_INITRD_EXTRA; rebuild the kernel with scripts/build.sh"
	cat "$initrd" "$RCU_UP_INITRD_EXTRA" >"$console.initrd"
	initrd=$console.initrd
fi

accel=tcg
# KVM is used only when asked for (x86_64); these machines' /dev/kvm hangs guests.
[ "$arch" = x86_64 ] && [ "${RCU_UP_KVM:-0}" = 1 ] && [ -w /dev/kvm ] && accel=kvm
# shellcheck disable=SC2207 # the machine options are words without spaces
machine=($(arch_machine "$arch"))
# An x86_64 TCG guest calibrates its TSC against the emulated PIT, which
# fails when the host is busy (23 of 225 x86_64 boots here, 2026-12-04);
# the kernel then runs on the tick-granular refined-jiffies clocksource, and
# the scale tests time short loops as 0 ns.  Give it the host's frequency,
# which is its TSC's, instead (tsc_early_khz skips the calibration).
tsc="" icount=() clock=$accel
if [ "$accel" = tcg ] && [ -n "${RCU_UP_ICOUNT:-}" ]; then
	if ! [[ $RCU_UP_ICOUNT =~ ^[0-9]+$ ]] || [ "$RCU_UP_ICOUNT" -gt 10 ]; then
		die "RCU_UP_ICOUNT=$RCU_UP_ICOUNT: give QEMU's icount shift, 0 to 10"
	fi
	icount=(-icount "shift=$RCU_UP_ICOUNT,sleep=off,align=off") clock=icount=$RCU_UP_ICOUNT
	# The TSC counts virtual nanoseconds then: 1 GHz, whatever the shift.
	[ "$arch" != x86_64 ] || tsc="tsc_early_khz=1000000 "
elif [ "$arch" = x86_64 ] && [ "$accel" = tcg ] && [ "${RCU_UP_TSC_KHZ-x}" != "" ]; then
	khz=${RCU_UP_TSC_KHZ:-$(host_tsc_khz)}
	# tsc=reliable: the guest's only other clocksource, refined-jiffies,
	# loses ticks while the host is busy, and its watchdog then marked the
	# TSC unstable 1.4 s into each of the six refscale boots of a cold make
	# run (20261207T113136Z), two guests on two cores: the refscale loops
	# were timed in ticks.  QEMU's TSC follows the host's clock.
	[ -z "$khz" ] || tsc="tsc_early_khz=$khz tsc=reliable "
fi

# RCU_UP_GUEST_LOCK: a lock file that keeps guests of several harness
# processes (run.sh, memfloor.sh) to one at a time.
if [ -n "${RCU_UP_GUEST_LOCK:-}" ]; then
	exec 8>"$RCU_UP_GUEST_LOCK"
	flock -n 8 || { log "  waiting for another guest to finish ($RCU_UP_GUEST_LOCK)"; flock 8; }
fi
qemu=("$(arch_qemu "$arch")" "${machine[@]}" -accel "$accel" "${icount[@]}" -m "${RCU_UP_MEM:-512}" -smp "$cpus"
	-display none -monitor none -serial "file:$console" -no-reboot
	-kernel "$kernel" -initrd "$initrd"
	-append "console=$(arch_console "$arch") panic=-1 $tsc$*")
printf '%q ' timeout --foreground -k 10 "$limit" "${qemu[@]}" >"$console.qemu-cmd"
echo >>"$console.qemu-cmd"
echo "$clock" >"$console.clock"
boot_t0=$(date +%s)
# Stopped by a signal (run.sh stopping the job): QEMU goes too, and the
# exit status says which signal, so that the run is not taken for a guest
# that failed.  (Started by run.sh in the background, boot.sh ignores
# SIGINT: run.sh sends SIGTERM.)
stopped() { # SIGNAL_NUMBER
	trap - INT TERM
	kill -TERM "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	echo "$(( $(date +%s) - boot_t0 ))" >"$console.seconds"
	rm -f "$console.initrd"
	exit $((128 + $1))
}
trap 'stopped 2' INT
trap 'stopped 15' TERM
timeout --foreground -k 10 "$limit" "${qemu[@]}" </dev/null >"$console.qemu" 2>&1 &
pid=$!
rc=0
guest_wait "$pid" "$console" "$limit" || rc=$?
trap - INT TERM
# QEMU handles SIGINT and SIGTERM itself, exiting as if the guest had
# (status 0, or timeout's 128+N): ^C in the terminal reaches it directly.
# A guest that did not power off or time out but whose QEMU says so was
# stopped, not failed.
sig=$(sed -n 's/.*terminating on signal \([0-9][0-9]*\).*/\1/p' "$console.qemu" 2>/dev/null | head -n1)
if [ -n "$sig" ] && [ "$rc" -ne 124 ] && ! grep -aEq "$POWEROFF_RE" "$console" 2>/dev/null; then
	rc=$((128 + sig))
fi
echo "$(( $(date +%s) - boot_t0 ))" >"$console.seconds"
rm -f "$console.initrd"
exit "$rc"
