#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# kconfig-matrix.sh [STAGES...]: the configuration step only, no build.  For
# every stage x {SMP, UP} x preemption model, configure (x86_64) tinyconfig +
# scenarios/arch/x86_64 + COMMON + the cell with KCONFIG_WERROR=1, so that
# any Kconfig warning (an unknown symbol, an unmet dependency) fails it, and
# record which RCU implementation Kconfig picked and which symbols of
# kernel/rcu/Kconfig it would prompt the user for.  Prints a TSV table:
#   stage  cpus  model  rcu  prompt(yes/no)  prompted-symbols
# prompt is "yes" when a prompted symbol belongs to a choice of
# kernel/rcu/Kconfig (an RCU-implementation choice); each member of such a
# choice is then also selected in turn, in a row whose model is
# MODEL:SYMBOL.  "n/a" in the rcu column: the model's dependencies are not
# met there.  tests/kconfig-expected.tsv holds the table the series must
# produce.  Stages are configured in parallel, one per CPU: each is
# olddefconfig runs only, on a build directory of its own.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

stages=("$@")
[ ${#stages[@]} -gt 0 ] || mapfile -t stages < <(seq 0 "$(max_stage)")
MODELS=(NONE VOLUNTARY PREEMPT DYNAMIC RT)

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

# kernel/rcu/Kconfig's symbols, as an ERE alternation; with "choice", only
# those declared between choice and endchoice.
rcu_kconfig_syms() { # SRC [choice]
	awk -v only="${2:-}" '
		/^choice/ { inchoice = 1 } /^endchoice/ { inchoice = 0 }
		/^(menu)?config [A-Z0-9_]+$/ && (only == "" || inchoice) { print $2 }' "$1/kernel/rcu/Kconfig" |
		paste -sd'|'
}

# Configure one cell into $O/.config: tinyconfig, then the fragments, the
# cell and any extra lines, each symbol's last value replacing tinyconfig's
# line rather than overriding it (as merge_config.sh does), so that
# KCONFIG_WERROR=1 fails on real warnings only.
configure_cell() { # SRC O STAGE SMP MODEL [LINE...]
	local src=$1 O=$2 stage=$3 smp=$4 model=$5 syms
	shift 5
	{
		grep -h '^CONFIG_' "$SCENARIO_DIR/arch/x86_64" "$SCENARIO_DIR/COMMON" |
			sed -e 's/^\(CONFIG_[A-Za-z0-9_]*\)=n$/# \1 is not set/'
		if [ "$smp" = y ]; then echo CONFIG_SMP=y; else echo '# CONFIG_SMP is not set'; fi
		model_fragment "$model"
		printf '%s\n' "$@"
	} | awk '{ k = $0; sub(/^# /, "", k); sub(/[= ].*/, "", k)
		   if (!(k in v)) o[n++] = k; v[k] = $0 }
		 END { for (i = 0; i < n; i++) print v[o[i]] }' >"$O/cell"
	syms=$(sed -E 's/^# //; s/[= ].*//' "$O/cell" | paste -sd'|')
	{ grep -vE "^(# )?($syms)[= ]" "$O/tinyconfig"; cat "$O/cell"; } >"$O/.config"
	if ! KCONFIG_WERROR=1 KCONFIG_WARN_UNKNOWN_SYMBOLS=1 make -s -C "$src" O="$O" olddefconfig >"$O/olddefconfig.log" 2>&1; then
		log "kconfig matrix: stage $stage, SMP=$smp, $model${*:+, $*}: Kconfig warned (KCONFIG_WERROR=1):"
		cat "$O/olddefconfig.log" >&2
		return 1
	fi
}

# The implementation a configured cell got, or n/a when Kconfig did not
# keep the model or SMP setting.
cell_rcu() { # O SMP MODEL
	local O=$1 smp=$2 model=$3 rcu want opt
	rcu=$(config_rcu_impl "$O/.config")
	while read -r want; do
		opt=${want%%=*}
		[ "$(config_value "$O/.config" "$opt")" = "${want#*=}" ] || rcu=n/a
	done < <(model_fragment "$model" | grep '^CONFIG_'; echo "CONFIG_SMP=$smp")
	echo "$rcu"
}

row() { # STAGE SMP MODEL RCU PROMPT PROMPTED
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$([ "$2" = y ] && echo SMP || echo UP)" "$3" "$4" "$5" "$6"
}

configure_rows() { # SRC O STAGE
	local src=$1 O=$2 stage=$3 smp model rcu prompted prompt all choice sym
	all=$(rcu_kconfig_syms "$src")
	choice=$(rcu_kconfig_syms "$src" choice)
	make -s -C "$src" O="$O" tinyconfig >/dev/null 2>&1
	cp "$O/.config" "$O/tinyconfig"
	for smp in y n; do
		for model in "${MODELS[@]}"; do
			configure_cell "$src" "$O" "$stage" $smp "$model" || return 1
			rcu=$(cell_rcu "$O" $smp "$model")
			# Forget kernel/rcu/Kconfig's symbols and ask Kconfig
			# which of them it would prompt for.
			sed -i -E "/^(# )?CONFIG_($all)[= ]/d" "$O/.config"
			prompted=$(make -s -C "$src" O="$O" listnewconfig 2>/dev/null |
				{ grep -oE "^CONFIG_($all)=" || true; } | tr -d '=' | sed 's/^CONFIG_//' | sort -u | paste -sd,)
			prompt=no
			[ -z "$choice" ] || ! tr ',' '\n' <<<"$prompted" | grep -qxE "$choice" || prompt=yes
			row "$stage" $smp "$model" "$rcu" $prompt "${prompted:--}"
			[ $prompt = yes ] || continue
			# Each choice the user is offered, taken.
			for sym in $(tr ',' '\n' <<<"$prompted" | grep -xE "$choice"); do
				configure_cell "$src" "$O" "$stage" $smp "$model" "CONFIG_$sym=y" || return 1
				row "$stage" $smp "$model:$sym" "$(cell_rcu "$O" $smp "$model")" yes "${prompted:--}"
			done
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
