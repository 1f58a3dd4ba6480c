#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# initramfs.sh [ARCH]: build the one-file initramfs (our static init, plus
# /dev/console) with the kernel tree's own gen_init_cpio.  The init is
# compiled for ARCH (default x86_64, or $RCU_UP_ARCH) with that arch's
# compiler (arm-linux-gnueabihf-gcc, riscv64-linux-gnu-gcc).  Prints its path.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

arch=${1:-$RCU_UP_ARCH}
check_arch "$arch"
src=$RCU_UP_ROOT/initramfs/init.c
# Named after the arch and what it is made from, so that checkouts sharing
# one work directory (RCU_UP_WORK) never boot each other's init.
dir=$RCU_UP_WORK/initramfs/$arch-$(cat "$src" "$0" | sha256sum | cut -c1-12)
cpio=$dir/initramfs.cpio
mkdir -p "$dir"
fresh() { [ -f "$cpio" ]; }
fresh && { echo "$cpio"; exit 0; }
# Parallel boots may all find it stale: one builds it, the others wait for
# it (building it side by side, one would run a half-written gen_init_cpio).
exec 9>"$dir/.lock"
flock 9
fresh && { echo "$cpio"; exit 0; }
need_cmds gcc
need_arch_tools "$arch" build
"$RCU_UP_ROOT/scripts/workspace.sh" base
gcc -O2 -Wall -o "$dir/gen_init_cpio" "$RCU_UP_WORK/linux/usr/gen_init_cpio.c"
cc=$(arch_cross "$arch")gcc
libc="libc6-dev (apt-get install -y build-essential)"
[ "$arch" = x86_64 ] || libc="the cross libc (apt-get install -y $(arch_packages "$arch"))"
"$cc" -static -O2 -Wall -o "$dir/init" "$src" ||
	die "cannot link a static init for $arch with $cc; install $libc"
cat >"$dir/list" <<LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /proc 0555 0 0
file /init $dir/init 0755 0 0
LIST
"$dir/gen_init_cpio" "$dir/list" >"$cpio.tmp"
mv "$cpio.tmp" "$cpio"
echo "$cpio"
