#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# A stand-in for scripts/initramfs.sh, for tests/harness.bats: an empty file.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
mkdir -p "$RCU_UP_WORK/initramfs"
: >"$RCU_UP_WORK/initramfs/${1:-x86_64}.cpio"
echo "$RCU_UP_WORK/initramfs/${1:-x86_64}.cpio"
