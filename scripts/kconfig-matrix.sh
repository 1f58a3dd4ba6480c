#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# kconfig-matrix.sh [STAGES...]: the configuration step only, no build.  For
# every stage x {SMP, UP} x preemption model, configure (x86_64) tinyconfig +
# scenarios/arch/x86_64 + COMMON + the cell, and record which RCU
# implementation Kconfig picked and whether it offered the user an
# RCU-implementation prompt.  Prints a TSV table:
#   stage  cpus  model  rcu  prompt(yes/no)  prompted-symbols
# "n/a" in the rcu column: the model's dependencies are not met there.
# tests/kconfig-expected.tsv holds the table the series must produce.
# Stages are configured in parallel, one per CPU: each is olddefconfig runs
# only, on a build directory of its own.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

stages=("$@")
[ ${#stages[@]} -gt 0 ] || mapfile -t stages < <(seq 0 "$(max_stage)")
MODELS=(NONE VOLUNTARY PREEMPT DYNAMIC RT)
RCU_SYMS='TREE_RCU|PREEMPT_RCU|TINY_RCU|TINY_PREEMPT_RCU|TREE_PREEMPT_RCU'

model_fragment() {
	case $1 in
	NONE) echo CONFIG_PREEMPT_NONE=y ;;
	VOLUNTARY) echo CONFIG_PREEMPT_VOLUNTARY=y ;;
	PREEMPT) printf 'CONFIG_PREEMPT=y\n# CONFIG_PREEMPT_DYNAMIC is not set\n' ;;
	DYNAMIC) printf 'CONFIG_PREEMPT=y\nCONFIG_PREEMPT_DYNAMIC=y\n' ;;
	RT) echo CONFIG_PREEMPT_RT=y ;;
	esac
}

# One stage's rows, kept in its build directory with what they were made
# from (the stage tree, the fragments, these scripts): an unchanged stage
# is not configured again.
stage_rows() {
	local stage=$1 src O key
	src=$(stage_src "$stage")
	O=$(build_dir "$stage" kconfig-matrix)
	mkdir -p "$O"
	key=$( { tree_state "$src"; cat "$SCENARIO_DIR/arch/x86_64" "$SCENARIO_DIR/COMMON" "$0" "$RCU_UP_ROOT/scripts/lib.sh"; } |
		sha256sum | cut -d' ' -f1)
	if [ -f "$O/rows.key" ] && [ "$(cat "$O/rows.key")" = "$key" ] && [ -f "$O/rows.tsv" ]; then
		log "kconfig matrix: stage $stage unchanged since $(date -r "$O/rows.key" '+%F %H:%M'), rows kept"
		cat "$O/rows.tsv"
		return
	fi
	rm -f "$O/rows.key"
	log "kconfig matrix: stage $stage"
	configure_rows "$src" "$O" "$stage" >"$O/rows.tsv"
	echo "$key" >"$O/rows.key"
	cat "$O/rows.tsv"
}

configure_rows() { # SRC O STAGE
	local src=$1 O=$2 stage=$3 smp model rcu want opt prompt
	make -s -C "$src" O="$O" tinyconfig >/dev/null 2>&1
	cp "$O/.config" "$O/tinyconfig"
	for smp in y n; do
		for model in "${MODELS[@]}"; do
			cp "$O/tinyconfig" "$O/.config"
			{
				grep -h '^CONFIG_' "$SCENARIO_DIR/arch/x86_64" "$SCENARIO_DIR/COMMON" |
					sed -e 's/^\(CONFIG_[A-Za-z0-9_]*\)=n$/# \1 is not set/'
				if [ $smp = y ]; then echo CONFIG_SMP=y; else echo '# CONFIG_SMP is not set'; fi
				model_fragment "$model"
			} >>"$O/.config"
			make -s -C "$src" O="$O" olddefconfig >/dev/null 2>&1
			rcu=$(config_rcu_impl "$O/.config")
			while read -r want; do
				opt=${want%%=*}
				[ "$(config_value "$O/.config" "$opt")" = "${want#*=}" ] || rcu=n/a
			done < <(model_fragment "$model" | grep '^CONFIG_'; echo "CONFIG_SMP=$smp")
			# Forget the implementation symbols and ask Kconfig which
			# of them it would prompt for.
			sed -i -E "/^(# )?CONFIG_($RCU_SYMS)[= ]/d" "$O/.config"
			prompt=$(make -s -C "$src" O="$O" listnewconfig 2>/dev/null |
				{ grep -oE "CONFIG_($RCU_SYMS)=" || true; } | tr -d '=' | sort -u | tr '\n' ',' | sed 's/,$//')
			printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$stage" "$([ $smp = y ] && echo SMP || echo UP)" \
				"$model" "$rcu" "$([ -n "$prompt" ] && echo yes || echo no)" "${prompt:--}"
		done
	done
}

# The stage trees are made one after the other (workspace.sh shares the
# unpacked tree between them), then configured in parallel.
for stage in "${stages[@]}"; do
	check_stage "$stage"
	"$RCU_UP_ROOT/scripts/workspace.sh" stage "$stage" >/dev/null
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for stage in "${stages[@]}"; do
	while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
	( stage_rows "$stage" >"$tmp/$stage"; touch "$tmp/$stage.ok" ) &
done
wait
for stage in "${stages[@]}"; do
	[ -e "$tmp/$stage.ok" ] || die "kconfig matrix: stage $stage failed; rerun 'scripts/kconfig-matrix.sh $stage' to see why"
done
printf 'stage\tcpus\tmodel\trcu\tprompt\tprompted-symbols\n'
for stage in "${stages[@]}"; do cat "$tmp/$stage"; done
