#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# boot.sh BZIMAGE CPUS SECONDS LOG [KERNEL ARGS...]
#
# Boot a kernel under QEMU (TCG: KVM hangs on this project's machines) with our
# initramfs, console on the serial port into LOG.  The guest is expected to
# power itself off (rcutorture.shutdown_secs=...); a hard wall-clock timeout of
# SECONDS kills it otherwise.  Exit status: 0 powered off, 124 killed on
# timeout, anything else a QEMU failure.  LOG must not exist yet (results are
# never overwritten); the exact QEMU command goes to LOG.qemu-cmd.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 4 ] || die "usage: $0 BZIMAGE CPUS SECONDS LOG [KERNEL ARGS...]"
kernel=$1 cpus=$2 limit=$3 console=$4
shift 4
[ ! -e "$console" ] || die "$console already exists; results are never overwritten: give a fresh path (scripts/run.sh makes one per run)"
need_cmds qemu-system-x86_64 timeout
initrd=$("$RCU_UP_ROOT/scripts/initramfs.sh")
mkdir -p "$(dirname "$console")"
# RCU_UP_INITRD_EXTRA: a cpio to append (the kernel unpacks concatenated
# archives in turn), e.g. the misuse suite's test module.
if [ -n "${RCU_UP_INITRD_EXTRA:-}" ]; then
	[ -r "$RCU_UP_INITRD_EXTRA" ] || die "no $RCU_UP_INITRD_EXTRA; rebuild the kernel with scripts/build.sh"
	cat "$initrd" "$RCU_UP_INITRD_EXTRA" >"$console.initrd"
	initrd=$console.initrd
fi

accel=tcg
# KVM is used only when asked for; these machines' /dev/kvm hangs guests.
[ "${RCU_UP_KVM:-0}" = 1 ] && [ -w /dev/kvm ] && accel=kvm

qemu=(qemu-system-x86_64 -accel "$accel" -m "${RCU_UP_MEM:-512}" -smp "$cpus"
	-display none -monitor none -serial "file:$console" -no-reboot
	-kernel "$kernel" -initrd "$initrd"
	-append "console=ttyS0 panic=-1 $*")
printf '%q ' timeout --foreground -k 10 "$limit" "${qemu[@]}" >"$console.qemu-cmd"
echo >>"$console.qemu-cmd"
t0=$(date +%s)
timeout --foreground -k 10 "$limit" "${qemu[@]}" </dev/null >"$console.qemu" 2>&1 &
pid=$!
while kill -0 "$pid" 2>/dev/null; do
	sleep 10
	kill -0 "$pid" 2>/dev/null || break
	log "  booted $(( $(date +%s) - t0 ))s of at most ${limit}s: $(grep -a 'rcu-torture\|ref_scale\|rcu-scale\|rcu-misuse' "$console" 2>/dev/null | tail -n1 | cut -c1-80)"
done
rc=0
wait "$pid" || rc=$?
echo "$(( $(date +%s) - t0 ))" >"$console.seconds"
rm -f "$console.initrd"
exit "$rc"
