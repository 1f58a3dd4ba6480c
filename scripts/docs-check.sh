#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# docs-check.sh [DIR]: the documentation of the clone DIR (default this
# one) holds no broken link and no figure without a source:
#
#   links    every relative link of README.md and docs/*.md, [text](TARGET)
#            or ![alt](TARGET) outside code, resolves from the page's own
#            directory to a file or directory of the clone, and its
#            #anchor, if any, to a heading of the page it names (GitHub's
#            anchors: lower case, punctuation dropped, spaces as hyphens,
#            -1, -2 for repeats); links with a scheme (https:, mailto:)
#            are not followed.
#   figures  every figure README.md gives (a number with a unit, as
#            scripts/figures.sh finds them in commit messages) has a line
#            in DIR/tests/figures.tsv (RCU_UP_FIGURES overrides):
#              README.md <TAB> FIGURE <TAB> parameter <TAB> why it is not a measurement
#              README.md <TAB> FIGURE <TAB> quoted    <TAB> where it is quoted from
#              README.md <TAB> FIGURE <TAB> measured  <TAB> FILE <TAB> what it was measured on
#            where FILE is part of the committed snapshot (RESULTS.md or
#            snapshot/...) and holds the figure, as written or without its
#            thousands separators, as a whole number; a README.md line whose
#            figure the README no longer gives fails too.
#
# Prints one line per figure and a count of the links, "FAIL ..." for each
# problem; exits non-zero if there is any.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

root=$(cd "${1:-$RCU_UP_ROOT}" && pwd)
table=${RCU_UP_FIGURES:-$root/tests/figures.tsv}
readme=$root/README.md
[ -r "$readme" ] || die "no $readme"
[ -r "$table" ] || die "no $table: list the figures of README.md there (see $0)"
bad=0

# The figures of README.md: scripts/figures.sh's units.
units='bytes?|[KMG]i?B|kB|%|ns|us|ms|s|seconds?|minutes?|hours?|jiffies|lines'
figures() { grep -oE "[0-9][0-9,]*(\.[0-9]+)? ?(($units)\b|%)|[0-9]+(\.[0-9]+)?x\b" "$1" | sort -u || true; }

# Is the number NUM (digits, commas, a point) in FILE as a whole number,
# as written or without its thousands separators?
has_number() {
	local num=$1 file=$2 n
	for n in "$num" "${num//,/}"; do
		n=${n//./\\.}
		grep -qE "(^|[^0-9.,])$n([^0-9,.]|[.,]([^0-9]|$)|$)" "$file" && return 0
	done
	return 1
}

check_figures() {
	local fig e kind file num seen
	seen=$(figures "$readme")
	while IFS= read -r fig; do
		[ -n "$fig" ] || continue
		e=$(awk -F'\t' -v f="$fig" '$1 == "README.md" && $2 == f { print; exit }' "$table")
		kind=$(cut -f3 <<<"$e")
		case $kind in
		parameter | quoted)
			echo "ok README.md '$fig': $kind ($(cut -f4 <<<"$e"))" ;;
		measured)
			file=$(cut -f4 <<<"$e")
			num=$(grep -oE '^[0-9][0-9,]*(\.[0-9]+)?' <<<"$fig")
			if [[ "$file" != RESULTS.md && "$file" != snapshot/* ]]; then
				echo "FAIL README.md '$fig': $file is not part of the committed snapshot (RESULTS.md, snapshot/)"
				bad=1
			elif [ -r "$root/$file" ] && has_number "$num" "$root/$file"; then
				echo "ok README.md '$fig': measured, in $file ($(cut -f5 <<<"$e"))"
			else
				echo "FAIL README.md '$fig': said to be measured, but $num is not in $file"
				bad=1
			fi ;;
		*)
			echo "FAIL README.md '$fig': a figure nothing accounts for; add it to ${table#"$root"/} (measured, with the snapshot file that holds it) or take it out of README.md"
			bad=1 ;;
		esac
	done <<<"$seen"
	while IFS=$'\t' read -r key fig _; do
		[ "$key" = README.md ] || continue
		grep -qxF -- "$fig" <<<"$seen" && continue
		echo "FAIL README.md '$fig': listed in ${table#"$root"/}, but README.md does not give it any more"
		bad=1
	done <"$table"
}

# The text of a markdown page outside code: fenced blocks and indented
# blocks (after a blank line) blanked, the lines staying where they are;
# inline code spans removed, or with "keep" only their backticks.
prose() {
	awk -v keep="${2:-}" '
		/^[ \t]*(```|~~~)/ { fence = !fence; print ""; next }
		fence { print ""; next }
		/^(    |\t)/ && (blank || code) { code = 1; print ""; next }
		{ code = 0; blank = ($0 ~ /^[ \t]*$/) }
		{ if (keep) gsub(/`/, ""); else gsub(/`[^`]*`/, ""); print }
	' "$1"
}

# The anchors of a page's headings, one a line, as GitHub makes them.
anchors() {
	prose "$1" keep | sed -n 's/^#\{1,6\}[[:space:]]\{1,\}//p' | sed 's/[[:space:]]*#*[[:space:]]*$//' |
		tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9_ -]//g; s/ /-/g' |
		awk '{ n = seen[$0]++; print (n ? $0 "-" n : $0) }'
}

check_links() {
	local page rel target path anchor file n=0
	for page in "$readme" "$root"/docs/*.md; do
		[ -r "$page" ] || continue
		rel=${page#"$root"/}
		while IFS= read -r target; do
			n=$((n + 1))
			path=${target%%#*} anchor=
			[[ "$target" != *"#"* ]] || anchor=${target#*#}
			if [ -z "$path" ]; then
				file=$page
			else
				file=$(realpath -m "$(dirname "$page")/$path")
				if [[ "$file" != "$root" && "$file" != "$root"/* ]]; then
					echo "FAIL $rel: link $target: outside the clone"
					bad=1
					continue
				elif [ ! -e "$file" ]; then
					echo "FAIL $rel: link $target: no such file"
					bad=1
					continue
				fi
			fi
			if [ -n "$anchor" ]; then
				if [[ "$file" != *.md ]]; then
					echo "FAIL $rel: link $target: an anchor into ${file#"$root"/}, which is not a markdown page"
					bad=1
				elif ! anchors "$file" | grep -qxF -- "$anchor"; then
					echo "FAIL $rel: link $target: no heading $anchor in ${file#"$root"/}"
					bad=1
				fi
			fi
		done < <(prose "$page" | grep -oE '\]\([^)[:space:]]+\)' | sed 's/^](//; s/)$//' |
			grep -vE '^[a-zA-Z][a-zA-Z0-9+.-]*:' || true)
	done
	echo "links: $n relative links in README.md and docs/ checked"
}

check_links
check_figures
exit $bad
