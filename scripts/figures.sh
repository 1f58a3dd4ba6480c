#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# figures.sh [PATCH...]: every figure a commit message of the series gives
# (a number with a unit: bytes, KB/MB, %, ns/us/ms/s, minutes, jiffies,
# lines, "N.Nx") must be accounted for in tests/figures.tsv, one line per
# figure:
#
#   PATCH-NUMBER <TAB> FIGURE <TAB> parameter <TAB> why it is not a measurement
#   PATCH-NUMBER <TAB> FIGURE <TAB> measured  <TAB> FILE <TAB> CONFIGURATION
#
# A parameter is a design or test constant the message states (a timeout,
# a polling interval).  A measured figure must appear, digits as written
# (thousands separators dropped), in FILE, a committed result (snapshot/...),
# and CONFIGURATION names the kernel it was measured on.  Any other figure
# fails, and so does an entry whose figure no message gives any more, so
# that a message can never quote a number no committed run produced.
# Prints one line per figure; exits non-zero if any figure or entry fails.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

table=${RCU_UP_FIGURES:-$RCU_UP_ROOT/tests/figures.tsv}
[ -r "$table" ] || die "no $table: list the figures of the commit messages there (see $0)"
if [ $# -eq 0 ]; then
	mapfile -t patches < <(series_patches "$(max_stage)" | sed "s|^|$RCU_UP_ROOT/patches/|")
else
	patches=("$@")
fi

units='bytes?|[KMG]i?B|kB|%|ns|us|ms|s|seconds?|minutes?|hours?|jiffies|lines'
bad=0 seen=$(mktemp)
trap 'rm -f "$seen"' EXIT

# The message of a patch file: from the Subject line to the "---" line.
message() { sed -n '/^Subject:/,/^---$/p' "$1" | sed '$d'; }

# FIGURE's entry for patch number NUM in the table, or nothing.
entry() { awk -F'\t' -v n="$1" -v f="$2" '$1 == n && $2 == f { print; exit }' "$table"; }

for p in "${patches[@]}"; do
	[ -r "$p" ] || die "no patch file $p"
	num=$(basename "$p" | cut -c1-4)
	while IFS= read -r fig; do
		printf '%s\t%s\n' "$num" "$fig" >>"$seen"
		e=$(entry "$num" "$fig")
		kind=$(cut -f3 <<<"$e")
		case $kind in
		parameter)
			echo "ok $num '$fig': a parameter ($(cut -f4 <<<"$e"))" ;;
		measured)
			file=$(cut -f4 <<<"$e") digits=${fig//,/}
			[ "${file:0:1}" = / ] || file=$RCU_UP_ROOT/$file
			digits=${digits%%[!0-9.]*}
			if [ -r "$file" ] && grep -qF -- "$digits" "$file"; then
				echo "ok $num '$fig': measured, in $(cut -f4 <<<"$e") ($(cut -f5 <<<"$e"))"
			else
				echo "FAIL $num '$fig': said to be measured, but $digits is not in $(cut -f4 <<<"$e")"
				bad=1
			fi ;;
		*)
			echo "FAIL $num '$fig': a figure no committed result accounts for; add it to ${table#"$RCU_UP_ROOT"/} (measured, with its file and configuration) or take it out of the message"
			bad=1 ;;
		esac
	done < <(message "$p" | grep -oE "[0-9][0-9,]*(\.[0-9]+)? ?(($units)\b|%)|[0-9]+(\.[0-9]+)?x\b" | sort -u)
done

# Entries whose figure is gone from the messages are stale.
while IFS=$'\t' read -r num fig _; do
	[[ "$num" =~ ^[0-9]{4}$ ]] || continue
	grep -qxF "$num	$fig" "$seen" && continue
	[ $# -eq 0 ] || continue
	echo "FAIL $num '$fig': listed in ${table#"$RCU_UP_ROOT"/}, but no commit message gives it any more"
	bad=1
done <"$table"
exit $bad
