#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel workspace: the packaged tree unpacked once into a git repository
# ($RCU_UP_WORK/linux, one commit tagged "base"), and one git worktree per stage
# ($RCU_UP_WORK/stage-N/src) made by "git am" of the patches of stages 1..N
# (and $RCU_UP_WORK/patch-K/src for the first K patches, when bisecting).
#
#   workspace.sh base        unpack /usr/src/linux-source-6.12.tar.xz (idempotent)
#   workspace.sh stage N     bring stage N's tree up to date, print its path
#   workspace.sh ready N     exit 0 when stage N's tree is there and current
#   workspace.sh upto K      the same for the first K patches (bisecting)
#   workspace.sh checkpatch  run checkpatch.pl --strict on every patch of the series
#
# Every step is made restartable: an interrupted unpack is thrown away, an
# interrupted "git am" is aborted and the stage rebuilt from "base".  /usr/src
# is only read.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

GIT=(git -c user.name=rcu-up -c user.email=rcu-up@localhost -c advice.detachedHead=false)

base() {
	local repo=$RCU_UP_WORK/linux tmp=$RCU_UP_WORK/linux.unpacking
	if [ -f "$repo/.git/rcu-up-base-done" ]; then
		return 0
	fi
	[ -f "$RCU_UP_TARBALL" ] || die "$RCU_UP_TARBALL not found; install it: apt-get install -y linux-source-6.12"
	need_cmds git xz tar
	rm -rf "$tmp" "$repo"
	mkdir -p "$tmp"
	log "unpacking $RCU_UP_TARBALL into $repo (about a minute)"
	tar -C "$tmp" -xJf "$RCU_UP_TARBALL" --strip-components=1
	log "recording the packaged tree as git commit 'base' (about a minute)"
	(
		cd "$tmp"
		"${GIT[@]}" init -q -b rcu-up-base .
		"${GIT[@]}" add -A -f .
		"${GIT[@]}" commit -q -m "linux-source-6.12 as packaged by Debian ($(basename "$RCU_UP_TARBALL"))"
		"${GIT[@]}" tag -f base >/dev/null
	)
	mv "$tmp" "$repo"
	touch "$repo/.git/rcu-up-base-done"
	log "base tree ready: $(cd "$repo" && make -s kernelversion 2>/dev/null || echo '?')"
}

# What a patch changes in the tree: its diff, without the commit message, so
# that rewording a commit does not recreate worktrees and rebuild kernels.
patch_code() {
	sed -n '/^diff --git /,$p' "$RCU_UP_ROOT/patches/$1"
}

# Fingerprint of what stage N is made of: the patch names and their diffs.
stage_fingerprint() {
	local p
	{
		echo "stage $1"
		for p in $(series_patches "$1"); do
			echo "$p"
			patch_code "$p"
		done
	} | sha256sum | cut -d' ' -f1
}

stage() {
	check_stage "$1"
	# shellcheck disable=SC2046 # patch names have no spaces
	tree "$(stage_src "$1")" "$(stage_fingerprint "$1")" $(series_patches "$1")
}

# Is stage N's tree there, with the series as it is now?  Touches nothing
# (run.sh's estimate asks before the builds prepare the trees).
ready() {
	local dir
	check_stage "$1"
	dir=$(stage_src "$1")
	[ -d "$dir" ] && [ -f "$dir.applied" ] && [ "$(cat "$dir.applied")" = "$(stage_fingerprint "$1")" ]
}

# The first K patches of the series, whatever their stages (for bisecting).
upto() {
	local k=$1 all
	mapfile -t all < <(series_patches "$(max_stage)")
	[[ "$k" =~ ^[0-9]+$ ]] && [ "$k" -le ${#all[@]} ] ||
		die "no patch number '$k'; the series has ${#all[@]} patches"
	tree "$RCU_UP_WORK/patch-$k/src" "$( { echo "upto $k"; for p in "${all[@]:0:$k}"; do patch_code "$p"; done; } | sha256sum | cut -d' ' -f1)" "${all[@]:0:$k}"
}

# tree DIR FINGERPRINT PATCHES...: a worktree of "base" with PATCHES applied.
tree() {
	local dir=$1 want=$2 repo=$RCU_UP_WORK/linux stamp p n=${1#"$RCU_UP_WORK"/}
	shift 2
	base
	stamp=$dir.applied
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -d "$dir" ] &&
	   [ ! -d "$("${GIT[@]}" -C "$dir" rev-parse --git-path rebase-apply)" ] &&
	   [ -z "$("${GIT[@]}" -C "$dir" status --porcelain --untracked-files=no)" ]; then
		echo "$dir"
		return 0
	fi
	rm -f "$stamp"
	if [ ! -d "$dir/.git" ] && [ ! -f "$dir/.git" ]; then
		rm -rf "$dir"
		"${GIT[@]}" -C "$repo" worktree prune
		log "$n: checking out a worktree (about a minute)"
		mkdir -p "$(dirname "$dir")"
		"${GIT[@]}" -C "$repo" worktree add -q --detach "$dir" base
	else
		"${GIT[@]}" -C "$dir" am --abort >/dev/null 2>&1 || true
		"${GIT[@]}" -C "$dir" reset -q --hard base
		"${GIT[@]}" -C "$dir" clean -qfdx
	fi
	for p in "$@"; do
		[ -f "$RCU_UP_ROOT/patches/$p" ] || die "patches/series names $p, but patches/$p does not exist"
		log "$n: applying $p"
		if ! "${GIT[@]}" -C "$dir" am -q --keep-cr "$RCU_UP_ROOT/patches/$p" >"$dir.am.log" 2>&1; then
			cat "$dir.am.log" >&2
			"${GIT[@]}" -C "$dir" am --show-current-patch=diff 2>/dev/null | head -40 >&2 || true
			"${GIT[@]}" -C "$dir" am --abort >/dev/null 2>&1 || true
			die "patch $p (stage $(patch_stage "$p")) does not apply in $n; the failing hunk is shown above"
		fi
	done
	echo "$want" >"$stamp"
	echo "$dir"
}

# Only a clean run or WARNING/CHECK-only reports pass (checkpatch_outcome):
# ERROR lines, a crash, "open failed" or a failure without a report fail.
# A patch's passing report is kept under work/checkpatch/, named by the
# hash of the patch and of checkpatch.pl: an unchanged patch is not checked
# again.
checkpatch() {
	local dir p out st rc=0 n=0 key cache
	dir=$(stage 0)
	mkdir -p "$RCU_UP_WORK/checkpatch"
	for p in $(series_patches "$(max_stage)"); do
		n=$((n + 1))
		st=0
		key=$(cat "$RCU_UP_ROOT/patches/$p" "$dir/scripts/checkpatch.pl" | sha256sum | cut -d' ' -f1)
		cache=$RCU_UP_WORK/checkpatch/$key
		if [ -f "$cache.status" ]; then
			st=$(cat "$cache.status")
			out=$(cat "$cache.out")
		else
			out=$(cd "$dir" && PATH=/usr/bin:$PATH perl scripts/checkpatch.pl --strict -q \
				--ignore FILE_PATH_CHANGES "$RCU_UP_ROOT/patches/$p" 2>&1) || st=$?
			# Only a report that passes is kept: a crash is retried.
			case $(checkpatch_outcome "$st" "$out") in
			clean | warnings) printf '%s\n' "$out" >"$cache.out" && echo "$st" >"$cache.status" ;;
			esac
		fi
		case $(checkpatch_outcome "$st" "$out") in
		clean) log "checkpatch: $p: clean" ;;
		warnings) printf '%s\n' "$out" >&2; log "checkpatch: $p: warnings only" ;;
		*) printf '%s\n' "$out" >&2; log "checkpatch: $p: ERRORS or checkpatch failed (exit $st)"; rc=1 ;;
		esac
	done
	log "checkpatch: $n patches checked"
	return $rc
}

case "${1:-}" in
base) base ;;
stage) [ $# -eq 2 ] || die "usage: $0 stage N"; stage "$2" ;;
ready) [ $# -eq 2 ] || die "usage: $0 ready N"; ready "$2" ;;
upto) [ $# -eq 2 ] || die "usage: $0 upto K"; upto "$2" ;;
checkpatch) checkpatch ;;
*) die "usage: $0 base | stage N | ready N | upto K | checkpatch" ;;
esac
