# SPDX-License-Identifier: GPL-2.0-only
"""The report's wakeup-latency section: the kernel's timerlat tracer in the
UP PREEMPT_RT guests (scenario LAT-RT, suite latency), tree PREEMPT_RCU
(stage 0) against TINY_PREEMPT_RCU (stage 1), with stage 3 (the same tree
as stage 0) as the floor.  One table row per (clock, load, timerlat
priority, RCU kthread priority): the thread context's samples, p50, p99,
p99.9 and max, as an RT user reads rtla timerlat's summary; and one
histogram per clock and load on log axes.

Under QEMU's -icount a nanosecond of guest time is an instruction (shift 0:
a 1 GHz in-order model), so a latency there is the number of instructions
between the timer's expiry and the thread running; under plain TCG it is
host time, noisy, and the boots are repeated.
"""
import json
import os

from perf_report import gnuplot

STAGES = ((0, "tree"), (1, "tiny"), (3, "tree, stage 3"))


def arg(r, name, default):
    for a in (r.get("boot_args") or "").split():
        if a.startswith(name + "="):
            return a.split("=", 1)[1]
    return default


def clock(r):
    return "icount" if (r.get("clock") or "").startswith("icount") else "TCG"


def key(r):
    """What a row compares the stages on: clock, load, the timerlat
    thread's SCHED_FIFO priority, RCU's kthread priority."""
    return (clock(r), r["torture_type"], int(arg(r, "rcu_up.lat_prio", "95")),
            arg(r, "rcutree.kthread_prio", "default"))


def latency_runs(records, noise=False):
    """Passing latency boots: those with the osnoise events off (the
    figures), or on (what ran in the worst windows)."""
    return [r for r in records if r.get("suite") == "latency" and r["verdict"] == "PASS"
            and (r.get("perf") or {}).get("metric") == "latency"
            and (arg(r, "rcu_up.lat_noise", "0") != "0") == noise]


def us(ns):
    return "%.1f" % (ns / 1000.0)


def merged(rs, context="thread"):
    """The boots of one cell taken together: samples summed, the worst
    boot's max, and the median boot's percentiles."""
    cs = [r["perf"][context] for r in rs if r["perf"].get(context, {}).get("samples")]
    if not cs:
        return None
    cs.sort(key=lambda c: c["p99"])
    mid = cs[len(cs) // 2]
    return {"boots": len(cs), "samples": sum(c["samples"] for c in cs), "p50": mid["p50"],
            "p99": mid["p99"], "p999": mid["p999"], "max": max(c["max"] for c in cs),
            "p99_range": (cs[0]["p99"], cs[-1]["p99"]),
            "hist": [b for c in cs for b in c.get("hist", [])]}


def coarse(b):
    """A 1-us bucket from 100 us up merged into one of two significant
    digits (120, 4600 us...), and that bucket's width in us: a TCG tail
    spans 100,000 buckets."""
    if b < 100:
        return b, 1
    e = 10 ** (len(str(b)) - 2)
    return b // e * e, e


def histogram_chart(outdir, name, title, cells):
    """Log-log histogram: one set of points per stage (points, not lines:
    the tail's buckets are sparse), x the latency in us, y the count of
    thread samples in that 1-us bucket (from 100 us, coarse()'s buckets,
    divided by their width)."""
    series = []
    for label, cell in cells:
        counts = {}
        for b, n in cell["hist"]:
            c, width = coarse(b)
            counts[c] = counts.get(c, 0) + n / width
        dat = "%s-%d.dat" % (name, len(series))
        with open(os.path.join(outdir, dat), "w") as f:
            for b in sorted(counts):
                f.write("%d %g\n" % (max(b, 1), counts[b]))
        series.append("'%s' using 1:2 with points pointtype 7 pointsize 0.8 title '%s'" % (dat, label))
    common = """set termoption noenhanced
set title "%s"
set xlabel "thread wakeup latency (us, 1-us buckets)"
set ylabel "samples per us of latency (from 100 us, averaged over 2-digit buckets)"
set logscale xy
set grid
set key top right
""" % title
    ok = gnuplot("set terminal svg size 900,500 dynamic\nset output '%s.svg'\n%splot %s\n"
                 % (name, common, ", ".join(series)), outdir)
    ok &= gnuplot("set terminal png size 900,500\nset output '%s.png'\n%splot %s\n"
                  % (name, common, ", ".join(series)), outdir)
    return ok


def load_latency(results):
    """The latency runs (make latency: scripts/run.sh matrix/latency
    results/latency.jsonl) beside the main run's results, if any."""
    path = os.path.join(os.path.dirname(os.path.abspath(results)), "latency.jsonl")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def label_of(k):
    return "%s, load %s, timerlat FIFO %d, RCU kthreads %s" % k


def kernel_of(r):
    """What tells two builds of a stage apart in a record: its sizes."""
    return (r.get("vmlinux_size"), r.get("rcu_objects"), r.get("rcu_size"))


def newest_cells(runs):
    """(key, stage) -> the boots of the newest run that measured it, with
    those of earlier runs of the same kernel (a run that re-measured some
    cells only)."""
    cells = {}
    for r in runs:
        cells.setdefault((key(r), r["stage"]), []).append(r)
    for k, rs in cells.items():
        newest = max(rs, key=lambda r: r["run"])
        cells[k] = [r for r in rs if kernel_of(r) == kernel_of(newest)]
    return cells


def noise_lines(cells):
    """Per cell: what ran in the worst thread sample's window, and the
    three sources that took the most time over the window."""
    if not cells:
        return ["No boot with the osnoise events on (`rcu_up.lat_noise=1`): what ran in the worst "
                "windows is not traced.", ""]
    keys = sorted({k for k, _ in cells})
    md = ["What ran instead of the timerlat thread (the tracer's osnoise events, as `rtla timerlat "
          "--auto-analysis` reads them), in the newest boot of each cell: the worst thread "
          "sample (us; in brackets its timer interrupt's latency), the interference that ended "
          "between that interrupt and its thread running, then the three "
          "sources that took most time over the whole window (count, total).", "",
          "| clock | load | timerlat prio | rcu kthread prio | RCU | worst sample | its window | most time over the window |",
          "|---|---|---|---|---|---|---|---|"]
    for k in keys:
        for stage, label in STAGES:
            rs = cells.get((k, stage))
            if not rs:
                continue
            worst = max(rs, key=lambda r: r["perf"]["thread"].get("max", 0))
            p = worst["perf"]
            win = ", ".join("%s %s %s" % (w["type"], w["name"], us(w["ns"])) for w in p.get("worst", []))
            top = ", ".join("%s %s (%d, %s)" % (n["type"], n["name"], n["count"], us(n["total_ns"]))
                            for n in p.get("noise", [])[:3])
            irq = (p.get("worst_sample") or {}).get("irq_ns")
            md.append("| %s | %s | %d | %s | %s | %s%s | %s | %s |" % (
                k[0], k[1], k[2], k[3], label, us(p["thread"]["max"]),
                " (irq %s)" % us(irq) if irq is not None else "", win or "nothing traced", top or "-"))
    return md + [""]


def latency_section(records, outdir, results=None):
    """Markdown lines of the section, and one sentence per load for the
    conclusion."""
    records = records + (load_latency(results) if results else [])
    runs = latency_runs(records)
    md = ["## 4b. Wakeup latency on UP PREEMPT_RT (timerlat), tree vs tiny", ""]
    if not runs:
        return md + ["Not measured: no passing latency boot (scenario LAT-RT, `make latency`) "
                     "in the results.", ""], []
    cells = newest_cells(runs)
    keys = sorted({k for k, _ in cells})
    md += ["The kernel's timerlat tracer, started by our init through tracefs as `rtla timerlat` "
           "does (period 1 ms), in a uniprocessor PREEMPT_RT guest with RCU "
           "priority boosting and no debugging options (`scenarios/LAT-RT`, `make latency`), "
           "beside each load: none (idle), rcutorture, or a perf module case (flood: call_rcu() "
           "at a fixed rate; gp: grace periods, normal and expedited, with readers preempted in "
           "their critical sections; boost: a reader starved by a SCHED_FIFO hog, boosted). "
           "Thread-context latency, as cyclictest measures it, in us; under icount a microsecond "
           "is 1,000 instructions. p50/p99/p99.9 are the median boot's (by p99; in brackets the "
           "lowest and highest boot's p99), max the worst boot's. "
           "Stage 3 is the same tree as stage 0 built again: the floor of what a difference "
           "between two builds is.", "",
           "| clock | load | timerlat prio | rcu kthread prio | RCU | boots | samples | p50 | p99 | p99.9 | max |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    sentences, charts = [], []
    for k in keys:
        row = []
        for stage, label in STAGES:
            c = merged(cells.get((k, stage), []))
            if not c:
                continue
            row.append((label, c))
            p99 = us(c["p99"])
            if c["boots"] > 1:
                p99 += " (%s-%s)" % tuple(us(v) for v in c["p99_range"])
            md.append("| %s | %s | %d | %s | %s | %d | %d | %s | %s | %s | %s |" % (
                k[0], k[1], k[2], k[3], label, c["boots"], c["samples"], us(c["p50"]),
                p99, us(c["p999"]), us(c["max"])))
        got = dict(row)
        if "tree" in got and "tiny" in got:
            floor = ""
            if "tree, stage 3" in got:
                floor = " (stage 3: %s us)" % us(got["tree, stage 3"]["max"])
            sentences.append("%s, load %s, timerlat at FIFO %d: max %s us on tree, %s us on tiny%s" % (
                k[0], k[1], k[2], us(got["tree"]["max"]), us(got["tiny"]["max"]), floor))
        name = "latency-%s-%s-p%d-k%s" % (k[0].lower(), k[1], k[2], k[3])
        if row and histogram_chart(outdir, name, "timerlat thread latency: " + label_of(k), row):
            charts += ["![%s](%s.png) ([SVG](%s.svg))" % (name, name, name), ""]
    md += [""] + noise_lines(newest_cells(latency_runs(records, noise=True))) + charts
    return md, sentences
