# SPDX-License-Identifier: GPL-2.0-only
"""The report's performance under instruction counting (report.py's section
4, after the TCG table): refscale's read-side cost per type with its spread
over boots, the perf suite's four curves (tests/perf/rcu_perf.c), the
runtime footprint read at a fixed point, and the goals, each against the
noise floor that two builds of the same tree (stage 0 and stage 3) give.

Under QEMU's -icount the guest's clock advances by instructions executed,
so a figure is a function of the code path: boots of one kernel repeat it,
and what differs between stage 0 and stage 3 (the same source, built in two
directories) is image layout, which sets the floor below which a tree/tiny
difference is "no measurable difference".
"""
import math
import os
import statistics
import subprocess
import sys

TREE, TINY, SAME = 0, 1, 3          # the stages: tree, tiny, tree again (the floor)
IMPL = {TREE: "tree PREEMPT_RCU", TINY: "TINY_PREEMPT_RCU", SAME: "tree, stage 3"}
READ_TYPES = ["rcu", "srcu", "rcu-tasks", "rcu-trace", "refcnt", "lock"]
RCU_TYPES = ("rcu", "srcu", "rcu-tasks", "rcu-trace")   # both implement these; refcnt, lock: yardsticks


def icount(r):
    return (r.get("clock") or "").startswith("icount")


def newest_run(records, pred):
    """The records of the newest run that has any record matching pred,
    restricted to those; [] if none."""
    rs = [r for r in records if pred(r) and r["verdict"] == "PASS" and r.get("perf")]
    if not rs:
        return []
    run = max(r["run"] for r in rs)
    return [r for r in rs if r["run"] == run]


def median_ci(xs, conf=0.95):
    """(median, low, high): the median and a distribution-free confidence
    interval for it from the order statistics (binomial, p = 1/2); low and
    high are None when there are too few samples for the confidence asked
    (fewer than 6 for 95%)."""
    s = sorted(xs)
    n = len(s)
    med = statistics.median(s)
    best = None
    for lo in range(1, n // 2 + 1):       # 1-based order statistics lo and n + 1 - lo
        cover = sum(math.comb(n, i) for i in range(lo, n + 1 - lo)) / 2.0 ** n
        if cover >= conf:
            best = lo
    if best is None:
        return med, None, None
    return med, s[best - 1], s[n - best]


def spread(xs):
    """max/min - 1, as a fraction; 0 for identical samples."""
    if max(xs) == min(xs):
        return 0.0
    return max(xs) / min(xs) - 1 if min(xs) > 0 else float("inf")


def num(v):
    return "{:,.0f}".format(v) if abs(v) >= 100 else "%.3g" % v


def pc(f, sign=False):
    """A fraction as a percentage, with two decimals below 1%."""
    return ("%+.2f%%" if sign else "%.2f%%") % (100 * f) if abs(f) < 0.01 else \
        ("%+.1f%%" if sign else "%.1f%%") % (100 * f)


def difference(tree, tiny, floor, lower=True):
    """tiny against tree in words: "no measurable difference" within the
    floor (a fraction of tree's figure), else which is better and by how much."""
    if tree == 0 and tiny == 0:
        return "no difference (both 0)", None
    if tree == 0:
        return "tiny %s, tree 0" % num(tiny), False if lower else True
    q = tiny / tree
    if abs(q - 1) <= floor:
        return "no measurable difference (%s, floor %s)" % (pc(q - 1, True), pc(floor)), None
    better = q < 1 if lower else q > 1
    return "tiny %s: %s (floor %s)" % ("better" if better else "worse", pc(q - 1, True), pc(floor)), better


def goal_word(ok):
    return {True: "met", False: "missed", None: "no measurable difference"}[ok]


# 1. refscale under icount.
def read_side(records):
    """{(type, stage): [per-run samples of every boot]} and boot counts."""
    rs = [r for r in records if icount(r) and r.get("suite") == "refscale"
          and r["perf"].get("metric") == "read-side"]
    out, boots = {}, {}
    for r in newest_run(rs, lambda r: True):
        k = (r["torture_type"], r["stage"])
        out.setdefault(k, []).append(r["perf"].get("samples") or [r["perf"]["median"]])
        boots[k] = boots.get(k, 0) + 1
    return out


def read_side_md(records):
    data = read_side(records)
    if not data:
        return ["Not measured: `make run` boots refscale under `icount=0` (matrix/headline).", ""], []
    md = ["### Read-side cost under instruction counting (refscale)", "",
          "refscale, `icount=0` (one instruction is one nanosecond of guest time), "
          "`refscale.loops=100000 refscale.nruns=5`; each cell: median ns per reader "
          "over every run of every boot, the spread max/min over the boots' medians, "
          "and the number of boots. Stage 3 is stage 0's tree built again: its "
          "difference from stage 0 is the floor.", "",
          "| type | tree (stage 0) | TINY_PREEMPT_RCU (stage 1) | tree again (stage 3) | "
          "floor | tiny/tree | goal tiny/tree <= 1.00 |", "|---|---|---|---|---|---|---|"]
    goals = []
    for t in READ_TYPES:
        cells, med = [], {}
        for st in (TREE, TINY, SAME):
            boots = data.get((t, st))
            if not boots:
                cells.append("not measured")
                continue
            meds = [statistics.median(b) for b in boots]
            med[st] = statistics.median([x for b in boots for x in b])
            cells.append("%s (spread %.2f%%, %d boots)" % (num(med[st]), 100 * spread(meds), len(boots)))
        ratio = goal = "-"
        if TREE in med and TINY in med and med[TREE] == 0:
            goal, ok = difference(0, med[TINY], 0)
            if med[TINY] == 0:
                goal += ": the reader is no code at all"
            if t in RCU_TYPES:
                goals.append(("read-side cost", ok, "%s: %s" % (t, goal)))
        elif TREE in med and TINY in med:
            q = med[TINY] / med[TREE]
            ratio = "%.3f" % q
            if SAME in med and med[TREE]:
                words, ok = difference(med[TREE], med[TINY], abs(med[SAME] / med[TREE] - 1))
                goal = words if ok is None else "%s: %s" % (goal_word(ok), words)
            else:
                ok = q <= 1
                goal = "%s (%+.1f%%; no floor measured)" % (goal_word(ok), 100 * (q - 1))
            if t in RCU_TYPES:
                goals.append(("read-side cost", ok, "%s: %s" % (t, goal)))
        fl = pc(abs(med[SAME] / med[TREE] - 1)) if SAME in med and med.get(TREE) else "-"
        md.append("| %s | %s | %s | %s | %s | %s | %s |" % (t, cells[0], cells[1], cells[2], fl, ratio, goal))
    md += ["", "`refcnt` (an atomic reference count) and `lock` (a spinlock) are yardsticks: "
           "neither uses RCU, so tree and tiny differ there only by image layout.", ""]
    return md, goals


# 2. The perf suite's points.
def curve_points(records):
    """{stage: {scenario: [points of every boot]}}, {stage: boots}."""
    rs = [r for r in records if r.get("suite") == "perf" and r["perf"].get("metric") == "curves"]
    pts, boots = {}, {}
    for r in newest_run(rs, lambda r: True):
        pts.setdefault(r["stage"], {}).setdefault(r["scenario"], []).extend(
            dict(p, boot=len(boots)) for p in r["perf"]["points"])
        boots[(r["stage"], r["scenario"])] = boots.get((r["stage"], r["scenario"]), 0) + 1
    return pts, boots


def pick(points, case, **match):
    return [p for p in points if p["case"] == case and all(p.get(k) == v for k, v in match.items())]


def gnuplot(script, outdir):
    try:
        subprocess.run(["gnuplot"], input=script, text=True, cwd=outdir, check=True)
        return True
    except (OSError, subprocess.CalledProcessError) as e:
        print("report: gnuplot failed: %s" % e, file=sys.stderr)
        return False


def curve_chart(outdir, name, title, xlabel, ylabel, xlabels, series, logy=True):
    """Lines with error bars: series = [(title, [(median, low, high) or None per x])],
    x at 0..len(xlabels)-1 labelled xlabels.  Error bars are the 95% confidence
    interval of the median where there are enough samples, else min to max."""
    dat = os.path.join(outdir, name + ".dat")
    plots = []
    with open(dat, "w") as f:
        for i, (title_s, ys) in enumerate(series):
            f.write("# %s\n" % title_s)
            for x, y in enumerate(ys):
                if y is not None and (not logy or y[0] > 0):
                    f.write("%g %g %g %g\n" % (x + (i - (len(series) - 1) / 2.0) * 0.04, y[0],
                                               max(y[1], 1e-9) if logy else y[1], y[2]))
            f.write("\n\n")
            plots.append("'%s.dat' index %d using 1:2:3:4 with yerrorlines title '%s'" % (name, i, title_s))
    common = """set termoption noenhanced
set title "%s"
set xlabel "%s"
set ylabel "%s"
set xtics (%s)
set xrange [-0.5:%f]
set grid
set key below
%s
""" % (title, xlabel, ylabel, ", ".join('"%s" %d' % (l, i) for i, l in enumerate(xlabels)),
       len(xlabels) - 0.5, "set logscale y" if logy else "set yrange [0:*]")
    body = "plot " + ", ".join(plots) + "\n"
    ok = gnuplot("set terminal svg size 900,450 dynamic\nset output '%s.svg'\n%s%s" % (name, common, body), outdir)
    ok &= gnuplot("set terminal png size 900,450\nset output '%s.png'\n%s%s" % (name, common, body), outdir)
    return ok


def stat(xs):
    """(median, low, high) for a chart: the 95% CI of the median, or the
    range when there are too few samples."""
    med, lo, hi = median_ci(xs)
    return (med, lo, hi) if lo is not None else (med, min(xs), max(xs))


def cell(xs, scale=1.0, unit=""):
    med, lo, hi = median_ci(xs)
    if lo is None:
        return "%s%s (n=%d, range %s-%s)" % (num(med / scale), unit, len(xs), num(min(xs) / scale),
                                             num(max(xs) / scale))
    return "%s%s [%s, %s] (n=%d)" % (num(med / scale), unit, num(lo / scale), num(hi / scale), len(xs))


def floor_of(tree, same):
    return abs(statistics.median(same) / statistics.median(tree) - 1) if tree and same and \
        statistics.median(tree) else None


def compare_row(label, xs, scale, unit, lower, goals, goal_name, why_tiny_zero=None):
    """A table row tree / tiny / floor / verdict for one point; appends a goal."""
    t, s, f = xs.get(TREE), xs.get(TINY), xs.get(SAME)
    cells = [cell(v, scale, unit) if v else "not measured" for v in (t, s, f)]
    verdict = "-"
    if t and s:
        mt, ms = statistics.median(t), statistics.median(s)
        fl = floor_of(t, f)
        if why_tiny_zero and ms <= mt:
            verdict, ok = "met: %s (%s%s against %s%s)" % (why_tiny_zero, num(ms / scale), unit,
                                                        num(mt / scale), unit), True
        elif mt == 0:
            verdict, ok = difference(0, ms, 0, lower)
        elif fl is None:
            ok = ms <= mt if lower else ms >= mt
            verdict = "%s (%+.1f%%; no floor measured)" % (goal_word(ok), 100 * (ms / mt - 1) if mt else 0)
        else:
            words, ok = difference(mt, ms, fl, lower)
            if ok is not None and not 0.1 <= ms / mt <= 10:
                # Far apart: the two figures say more than a percentage.
                words = "tiny %s: %s%s against tree's %s%s (floor %s)" % (
                    "better" if ok else "worse", num(ms / scale), unit, num(mt / scale), unit, pc(fl))
            verdict = words if ok is None else "%s: %s" % (goal_word(ok), words)
        goals.append((goal_name, ok, "%s: %s" % (label, verdict)))
    return "| %s | %s | %s | %s | %s |" % (label, cells[0], cells[1], cells[2], verdict)


TABLE_HEAD = ["| point | tree (stage 0) | TINY_PREEMPT_RCU (stage 1) | tree again (stage 3, the floor) "
              "| goal |", "|---|---|---|---|---|"]


def gp_md(pts, outdir, goals):
    md = ["#### Grace-period latency against preempted readers", "",
          "`synchronize_rcu()` and `synchronize_rcu_expedited()` timed from the call to "
          "their return, with N kthreads preempted inside `rcu_read_lock()` when the call "
          "is made; the readers are released at the call and leave as soon as they run: "
          "what a caller waits. Tiny starts the grace period inside the call, so it waits "
          "for all N blocked readers' `rcu_read_unlock()`; tree starts a normal grace period "
          "from its grace-period kthread up to a few ticks later, by when the released "
          "readers may all have left, so its normal latency is ticks whatever N is. Each "
          "cell: median microseconds [95% confidence interval of the median] over every "
          "repetition of every boot.", ""] + TABLE_HEAD
    ns = sorted({p["readers"] for st in pts.values() for p in pick(st.get("PERF", []), "gp")})
    series = []
    for kind in ("normal", "expedited"):
        for st in (TREE, TINY):
            ys = []
            for n in ns:
                xs = [p["ns"] / 1000.0 for p in pick(pts.get(st, {}).get("PERF", []), "gp", kind=kind, readers=n)]
                ys.append(stat(xs) if xs else None)
            series.append(("%s, %s" % (IMPL[st], kind), ys))
        for n in ns:
            xs = {st: [p["ns"] for p in pick(pts.get(st, {}).get("PERF", []), "gp", kind=kind, readers=n)]
                  for st in (TREE, TINY, SAME)}
            md.append(compare_row("%s, N=%d" % (kind, n), xs, 1000.0, " us", True, goals,
                                  "grace-period latency",
                                  "no preempted reader, so tiny has nothing to wait for and "
                                  "returns at once: the caller is the quiescent state"
                                  if n == 0 else None))
    md.append("")
    if ns and curve_chart(outdir, "perf-gp", "Grace-period latency with N preempted readers (icount)",
                          "readers preempted in their critical sections (N)", "microseconds (log)",
                          [str(n) for n in ns], series):
        md += ["![grace-period latency](perf-gp.png) ([SVG](perf-gp.svg))", ""]
    return md


def flood_md(pts, outdir, goals):
    md = ["#### call_rcu() floods of rising rate", "",
          "A kthread posts `call_rcu()` on 64-byte objects at the offered rate for the "
          "window, paced per jiffy; throughput is callbacks posted per second of window "
          "plus the `rcu_barrier()` that drains them; peak memory is the most callbacks "
          "pending at once times the object size. One sample per boot: the bars span the "
          "boots' range where there are fewer than six.", ""] + TABLE_HEAD
    rates = sorted({p["rate"] for st in pts.values() for p in pick(st.get("PERF", []), "flood")})

    def thr(p):
        return p["posted"] * 1e9 / max(1, p["window_ns"] + p["drain_ns"])
    s_thr, s_mem = [], []
    for st in (TREE, TINY):
        fl = [pick(pts.get(st, {}).get("PERF", []), "flood", rate=r) for r in rates]
        s_thr.append((IMPL[st], [stat([thr(p) for p in f]) if f else None for f in fl]))
        s_mem.append((IMPL[st], [stat([p["peak_bytes"] / 1024.0 for p in f]) if f else None for f in fl]))
    for r in rates:
        xs = {st: [thr(p) for p in pick(pts.get(st, {}).get("PERF", []), "flood", rate=r)]
              for st in (TREE, TINY, SAME)}
        md.append(compare_row("%s/s offered: throughput" % num(r), xs, 1.0, "/s", False, goals,
                              "flood throughput"))
        xs = {st: [p["peak_bytes"] / 1024.0 for p in pick(pts.get(st, {}).get("PERF", []), "flood", rate=r)]
              for st in (TREE, TINY, SAME)}
        md.append(compare_row("%s/s offered: peak pending" % num(r), xs, 1.0, " kB", True, [], ""))
    capped = sorted({(IMPL[st], p["rate"]) for st in (TREE, TINY)
                     for p in pick(pts.get(st, {}).get("PERF", []), "flood") if p.get("capped")})
    md.append("")
    if capped:
        md += ["Did not keep up (pending callbacks reached `max_pending`, posting stopped): " +
               ", ".join("%s at %s/s" % (i, num(r)) for i, r in capped) + ".", ""]
    if rates:
        ok = curve_chart(outdir, "perf-flood", "call_rcu() throughput against offered rate (icount)",
                         "offered call_rcu() per second", "callbacks per second (log)",
                         [num(r) for r in rates], s_thr)
        ok &= curve_chart(outdir, "perf-flood-mem", "Peak memory held by pending callbacks (icount)",
                          "offered call_rcu() per second", "kB (log)", [num(r) for r in rates], s_mem)
        if ok:
            md += ["![flood throughput](perf-flood.png) ([SVG](perf-flood.svg)) "
                   "![flood memory](perf-flood-mem.png) ([SVG](perf-flood-mem.svg))", ""]
    return md


def boost_md(pts, outdir, goals):
    md = ["#### Priority-boost latency", "",
          "A SCHED_FIFO 1 reader preempted in its critical section by a SCHED_FIFO 2 CPU hog; "
          "time from the `synchronize_rcu()` call that requests the grace period (tree starts "
          "it up to a tick later, tiny inside the call) to the reader's `rcu_read_unlock()`, which only "
          "RCU's boost (to `rcutree.kthread_prio=3`) lets it reach. The delay is "
          "CONFIG_RCU_BOOST_DELAY (PERF: 500 ms, PERF-B100: 100 ms); an expedited grace "
          "period boosts at once (0). Median milliseconds over every repetition.", ""] + TABLE_HEAD
    keys = sorted({(p["delay_ms"], p["kind"]) for st in pts.values() for sc in st.values()
                   for p in pick(sc, "boost")})
    series = []
    for st in (TREE, TINY):
        ys = []
        for d, kind in keys:
            xs = [p["ns"] / 1e6 for sc in pts.get(st, {}).values() for p in pick(sc, "boost", delay_ms=d, kind=kind)]
            ys.append(stat(xs) if xs else None)
        series.append((IMPL[st], ys))
    for d, kind in keys:
        xs = {st: [p["ns"] for sc in pts.get(st, {}).values() for p in pick(sc, "boost", delay_ms=d, kind=kind)]
              for st in (TREE, TINY, SAME)}
        md.append(compare_row("%s, boost delay %d ms" % (kind, d), xs, 1e6, " ms", True, goals,
                              "boost latency"))
    timeouts = sorted({IMPL[st] for st in (TREE, TINY) for sc in pts.get(st, {}).values()
                       for p in pick(sc, "boost") if p.get("hog_timeout")})
    md.append("")
    if timeouts:
        md += ["The hog ran out its time without the reader being boosted in: %s." % ", ".join(timeouts), ""]
    if keys and curve_chart(outdir, "perf-boost", "Boosted reader's latency by boost delay (icount)",
                            "grace period and CONFIG_RCU_BOOST_DELAY",
                            "milliseconds (log)", ["%s %d ms" % (k, d) for d, k in keys], series):
        md += ["![boost latency](perf-boost.png) ([SVG](perf-boost.svg))", ""]
    return md


IDLE = [("irqs", "interrupts/s (each one wakes the idle CPU)"), ("rcu_softirqs", "RCU softirqs/s"),
        ("rcu_kthread_switches", "RCU kthread context switches/s")]


def idle_md(pts, outdir, goals):
    md = ["#### Idle cost", "",
          "NO_HZ_IDLE guest, the module's thread asleep for the window (load 0) or posting one "
          "`call_rcu()` every 1/L s; counts per second of guest time over the window. Tree's "
          "grace periods are driven by its grace-period kthread, tiny's by the tick and "
          "RCU_SOFTIRQ.", ""] + TABLE_HEAD
    loads = sorted({p["load"] for st in pts.values() for p in pick(st.get("PERF", []), "idle")})
    series = []

    def rate(p, k):
        return p[k] * 1e9 / max(1, p["window_ns"])
    for k, what in IDLE:
        for st in (TREE, TINY):
            ys = []
            for ld in loads:
                xs = [rate(p, k) for p in pick(pts.get(st, {}).get("PERF", []), "idle", load=ld)]
                ys.append(stat(xs) if xs else None)
            series.append(("%s: %s" % (IMPL[st], what), ys))
        for ld in loads:
            xs = {st: [rate(p, k) for p in pick(pts.get(st, {}).get("PERF", []), "idle", load=ld)]
                  for st in (TREE, TINY, SAME)}
            md.append(compare_row("%s, load %d/s" % (what, ld), xs, 1.0, "", True,
                                  goals if k == "irqs" else [], "idle wakeups"))
    md.append("")
    if loads and curve_chart(outdir, "perf-idle", "Idle and light-load cost (icount)",
                             "call_rcu() per second", "events per second",
                             [str(ld) for ld in loads], series, logy=False):
        md += ["![idle cost](perf-idle.png) ([SVG](perf-idle.svg))", ""]
    return md


FOOT = [("free_kb", "free memory, kB"), ("kernel_stack_kb", "kernel stacks, kB"),
        ("slab_unreclaimable_kb", "unreclaimable slab, kB"), ("slab_reclaimable_kb", "reclaimable slab, kB")]


def footprint_md(pts):
    md = ["#### Runtime footprint at a fixed point", "",
          "Read by the perf module when it is loaded (every RCU kthread exists, nothing "
          "tested yet), under icount, every PERF boot; the floor is stage 0 against "
          "stage 3, the same tree.", "",
          "| figure | tree (stage 0) | TINY_PREEMPT_RCU (stage 1) | tree again (stage 3) | floor "
          "(stage 3 - stage 0) | tiny - tree |", "|---|---|---|---|---|---|"]
    rows = 0
    for k, what in FOOT:
        v = {st: [p[k] for p in pick(pts.get(st, {}).get("PERF", []), "footprint")] for st in (TREE, TINY, SAME)}
        if not v[TREE] or not v[TINY]:
            continue
        m = {st: statistics.median(x) for st, x in v.items() if x}
        rng = {st: "%s%s" % (num(m[st]), "" if min(v[st]) == max(v[st]) else
                             " (%s-%s)" % (num(min(v[st])), num(max(v[st]))))
               for st in m}
        md.append("| %s | %s | %s | %s | %s | %+g |" % (
            what, rng[TREE], rng[TINY], rng.get(SAME, "not measured"),
            "%+g" % (m[SAME] - m[TREE]) if SAME in m else "-", m[TINY] - m[TREE]))
        rows += 1
    return md + [""] if rows else []


EXP_WHY = ("not explained by the code: counted with rcu_perf.gp_switches=1 (docs/performance.md, "
           "snapshot/gp-switches.txt), both implementations take one context switch per preempted "
           "reader and about ten boost handoffs before their boost kthread yields, so a difference "
           "here is the noise of that run or a change since; count again.")

# Why tiny misses a goal, where the code says why: (goal, start of the point).
WHY = {
    ("read-side cost", "srcu"):
        "kept, because Tiny SRCU's reader (as packaged: patch 0002 leaves its fast path alone) "
        "needs its preemption pairs on a preemptible kernel, and Tree SRCU's cheaper reader costs "
        "its size. `__srcu_read_lock()` and `__srcu_read_unlock()` each disable and re-enable "
        "preemption (a reader preempted between reading `srcu_idx` and counting itself would "
        "count where the next grace period no longer looks), the unlock tests for a waiting "
        "worker, and the 16-bit shared counter takes an index and a read-modify-write, where Tree "
        "SRCU's reader is a `this_cpu_inc()`; Tree SRCU would add `srcutree.o`'s size to every "
        "tiny kernel and needs tree RCU's geometry (patch 0002's message and "
        "docs/performance.md, \"The SRCU reader\", give the instruction count and the sizes).",
    ("grace-period latency", "expedited, N=100"): EXP_WHY,
    ("grace-period latency", "expedited, N=1000"): EXP_WHY,
}


def footprint_sentence(records):
    """The conclusion's footprint: tiny against tree at the fixed point, with
    its floor; None without PERF boots at stages 0 and 1."""
    pts, _ = curve_points(records)
    m = {}
    for st in (TREE, TINY, SAME):
        fp = pick(pts.get(st, {}).get("PERF", []), "footprint")
        if fp:
            m[st] = {k: statistics.median(p[k] for p in fp) for k, _ in FOOT}
    if TREE not in m or TINY not in m:
        return None
    d = {k: m[TINY][k] - m[TREE][k] for k, _ in FOOT}
    return ("At a fixed point of an instruction-counted boot (section 4), TINY_PREEMPT_RCU leaves "
            "%s kB %s memory free than tree PREEMPT_RCU (%s of 128 MB, %s of 16 MB), with "
            "%+g kB of kernel stacks and %+g kB of unreclaimable slab; %s" % (
                num(abs(d["free_kb"])), "more" if d["free_kb"] >= 0 else "less",
                pc(abs(d["free_kb"]) / (128 * 1024.0)), pc(abs(d["free_kb"]) / (16 * 1024.0)),
                d["kernel_stack_kb"], d["slab_unreclaimable_kb"],
                "stage 3, the same tree as stage 0, differs from it by %+g kB: the floor." % (
                    m[SAME]["free_kb"] - m[TREE]["free_kb"]) if SAME in m else "no floor measured."))


def goals_md(goals):
    md = ["#### Goals", "", "| goal | met | missed | no measurable difference | where tiny misses |",
          "|---|---|---|---|---|"]
    names = []
    for g, _, _ in goals:
        if g not in names:
            names.append(g)
    for g in names:
        gs = [x for x in goals if x[0] == g]
        miss = [w for n, ok, w in gs if ok is False]
        md.append("| %s | %d | %d | %d | %s |" % (
            g, sum(1 for x in gs if x[1] is True), len(miss), sum(1 for x in gs if x[1] is None),
            "; ".join(miss) or "-"))
    md.append("")
    for g, ok, w in goals:
        if ok is False:
            why = [t for (goal, point), t in WHY.items() if goal == g and w.startswith(point + ":")]
            md.append("- %s, %s: %s" % (g, w.split(":")[0], why[0] if why else
                                        "not explained yet (this report has no analysis of it)."))
    return md + [""]


def icount_section(records, outdir):
    """Section 4's instruction-counting part: markdown lines and the goal
    summaries for the conclusion."""
    md = ["### Under instruction counting: tree vs tiny, deterministic", "",
          "These boots run QEMU with `-icount shift=0,sleep=off,align=off`: the guest's "
          "clocks advance one nanosecond per instruction executed and skip idle time, so "
          "each figure is a property of the code path (a 1 GHz machine that runs one "
          "instruction per cycle), the same on every boot of one kernel and on any host. "
          "It is not a wall-clock time on real hardware; memory and cache effects are not "
          "modelled. The TCG table above is the host-time view.", ""]
    rmd, goals = read_side_md(records)
    md += rmd
    pts, boots = curve_points(records)
    if not pts:
        md += ["Curves not measured: `make run` boots the PERF scenarios (matrix/headline).", ""]
        return md, goals
    md += ["### How cost grows with load (tests/perf/rcu_perf.c)", "",
           "Boots per kernel: %s." % ", ".join("stage %d %s: %d" % (st, sc, n)
                                               for (st, sc), n in sorted(boots.items())), ""]
    md += footprint_md(pts)
    md += gp_md(pts, outdir, goals)
    md += flood_md(pts, outdir, goals)
    md += boost_md(pts, outdir, goals)
    md += idle_md(pts, outdir, goals)
    md += goals_md(goals)
    return md, goals
