#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# initramfs.sh: build the one-file initramfs (our static init, plus
# /dev/console) with the kernel tree's own gen_init_cpio.  Prints its path.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

src=$RCU_UP_ROOT/initramfs/init.c
# Named after what it is made from, so that checkouts sharing one work
# directory (RCU_UP_WORK) never boot each other's init.
out=$RCU_UP_WORK/initramfs/$(cat "$src" "$0" | sha256sum | cut -c1-12)
cpio=$out/initramfs.cpio
mkdir -p "$out"
fresh() { [ -f "$cpio" ]; }
fresh && { echo "$cpio"; exit 0; }
# Parallel boots may all find it stale: one builds it, the others wait for
# it (building it side by side, one would run a half-written gen_init_cpio).
exec 9>"$out/.lock"
flock 9
fresh && { echo "$cpio"; exit 0; }
need_cmds gcc
"$RCU_UP_ROOT/scripts/workspace.sh" base
gcc -O2 -Wall -o "$out/gen_init_cpio" "$RCU_UP_WORK/linux/usr/gen_init_cpio.c"
gcc -static -O2 -Wall -o "$out/init" "$src" ||
	die "cannot link a static init; install libc6-dev (apt-get install -y build-essential)"
cat >"$out/list" <<LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /proc 0555 0 0
file /init $out/init 0755 0 0
LIST
"$out/gen_init_cpio" "$out/list" >"$cpio.tmp"
mv "$cpio.tmp" "$cpio"
echo "$cpio"
