#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# A stand-in for scripts/workspace.sh, for tests/harness.bats: an empty
# tree per stage (run.sh only asks for its path).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
case $1 in
stage) mkdir -p "$(stage_src "$2")" && stage_src "$2" ;;
esac
