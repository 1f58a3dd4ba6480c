#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# deps.sh: install what the harness needs from Debian 12, when it is missing.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# sparse: make check's static checks (scripts/static-check.sh), not the
# builds, so it is listed here rather than in lib.sh, whose every change
# makes build.sh rebuild all kernels.
missing=()
for p in $(deps_packages) sparse; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
	log "all packages present"
	exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
	die "missing packages: ${missing[*]}; as root run: apt-get update && apt-get install -y ${missing[*]}"
fi
log "installing ${missing[*]} (a few minutes on a fresh machine)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
log "packages installed"
