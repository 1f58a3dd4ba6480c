# SPDX-License-Identifier: GPL-2.0-only
#
# rcu-up: patches/ -> stages (work/src) -> builds (work/build) -> boots and
# verdicts (results/) -> report (report/).  See README.md.

SHELL := /bin/bash
MATRIX ?= matrix/headline

.PHONY: all run run-full latency recheck tables check check-full soak snapshot-soak bisect deps workspace checkpatch report clean distclean

all: run

deps:
	@scripts/deps.sh

workspace: deps
	@scripts/workspace.sh base

# The main job: the headline matrix (every implementation at stages 0 and
# 1, the performance boots, the small arm and riscv64 guests), then the
# report.  run-full: the same with every stage x scenario (matrix/default).
# SCENARIOS="TREE09 SRCU-T" (with DURATION=, BOOTARGS=, STAGES=, and
# RCU_UP_ARCH= for arm or riscv64): those scenarios at every stage instead
# (scripts/matrix-for.sh).  KCONFIG="CONFIG_X=y ...": options added to
# every kernel, as kvm.sh's --kconfig.
# ^C (or SIGTERM) stops the whole job within seconds, builds and guests
# included; the boots it cut short are recorded as INTERRUPTED, and its
# last line names the run.  RESUME=RUN_ID (or RESUME=last) goes on with
# that run, given the same matrix, KCONFIG and harness commit: its finished
# runs are kept, only the missing and INTERRUPTED ones built and booted
# (results/runs/RUN_ID/attempts.tsv: what each attempt did).
# The headline's rcutorture guests boot beside the builds (RCU_UP_OVERLAP,
# scripts/run.sh): the figures it reports from them are memory and
# verdicts, not host time.  Other matrices and SCENARIOS= runs (run-full's
# callback-flood rates) keep them apart unless RCU_UP_OVERLAP=1.
run: workspace
	@export RCU_UP_KCONFIG="$(KCONFIG)"; \
	export RCU_UP_OVERLAP="$${RCU_UP_OVERLAP:-$(if $(SCENARIOS),0,$(if $(filter matrix/headline,$(MATRIX)),1,0))}"; \
	m=$(MATRIX); if [ -n "$(SCENARIOS)" ]; then \
		mkdir -p results && m=results/scenarios.matrix && \
		DURATION="$(DURATION)" BOOTARGS="$(BOOTARGS)" STAGES="$(STAGES)" \
			scripts/matrix-for.sh $(SCENARIOS) >$$m || exit 1; fi; \
	scripts/run.sh $(if $(RESUME),--resume $(RESUME)) $$m || { rc=$$?; [ $$rc -lt 128 ] || exit $$rc; \
		echo "some runs did not give the expected verdict (see the table above)"; }
	@$(MAKE) -s tables
	@scripts/report.py results/results.jsonl report

# Judge a finished run's console logs again with the current verdict rules,
# booting nothing (kvm-recheck.sh's job): RUN=RUN_ID (default: the last
# run).  Its table and results lines are rewritten, each keeping its
# earlier verdicts; then the report.
recheck:
	@scripts/recheck.sh $(or $(RUN),last) || { [ $$? -eq 3 ] && echo "some runs do not have the expected verdict (see the table above)"; }
	@scripts/report.py results/results.jsonl report

run-full:
	@$(MAKE) run MATRIX=matrix/default

# The report's Kconfig and series tables (make check writes them too).
tables: workspace
	@mkdir -p results
	@scripts/series-stats.sh >results/series-stats.tsv
	@scripts/kconfig-matrix.sh >results/kconfig-matrix.tsv

report:
	@scripts/report.py results/results.jsonl report

checkpatch: workspace
	@scripts/workspace.sh checkpatch

# Wakeup latency on UP PREEMPT_RT, tree against tiny (timerlat):
# results/latency.jsonl, which the report (section 4b) reads beside the
# main job's results.
latency: workspace
	@scripts/run.sh matrix/latency results/latency.jsonl || echo "some latency runs did not give the expected verdict (see the table above)"
	@if [ -s results/results.jsonl ]; then scripts/report.py results/results.jsonl report; \
	else echo "results in results/latency.jsonl; make run writes the report (section 4b)"; fi

# Tests: harness unit tests, checkpatch, and the end-to-end check matrix.
check: workspace
	@tests/run.sh

# Longer tier: the full matrix, then every patch built and booted on its own.
check-full: workspace
	@tests/run.sh --full
	@scripts/bisect.sh

# Two hours of cumulative rcutorture on TINY_PREEMPT_RCU (one hour of wall time).
soak: workspace
	@scripts/run.sh matrix/soak results/soak.jsonl

# The soak's raw results, kept with the snapshot like the main run's.
snapshot-soak:
	@test -s results/soak.jsonl || { echo "no results/soak.jsonl: run make soak first"; exit 1; }
	@cp results/soak.jsonl snapshot/soak.jsonl
	@echo "snapshot/soak.jsonl updated; commit it with the snapshot"

bisect: workspace
	@scripts/bisect.sh

# The only target that deletes results (results/runs/ included).
clean:
	rm -rf results report

distclean: clean
	rm -rf work
