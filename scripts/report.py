#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""report.py RESULTS.jsonl OUTDIR: the 2026 re-measurement of "Simplifying
RCU", from the harness's own results, as OUTDIR/REPORT.md plus gnuplot
charts (SVG and PNG).

Everything in the report is computed from the results file, the build
directories it names and the tables the test suite wrote next to it
(kconfig-matrix.tsv, series-stats.tsv); nothing is typed in except the
published 2010 and 2013 figures, which are quoted as such.
"""
import json
import re
import statistics
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.environ.get("RCU_UP_WORK", os.path.join(ROOT, "work"))

# `size` of the RCU objects as published: (object, text, data, bss, dec).
# 2013: "Simplifying RCU", x86_64.  2010: commit a57eb940d130, which added
# TINY_PREEMPT_RCU (architecture not stated).  Tree PREEMPT_RCU was then
# called TREE_PREEMPT_RCU.
SEED = {
    "2010": {
        "TINY_RCU": [("rcupdate.o", 13, 0, 0, 13), ("rcutiny.o", 719, 25, 0, 744)],
        "TINY_PREEMPT_RCU": [("rcupdate.o", 13, 0, 0, 13), ("rcutiny.o", 2081, 81, 8, 2170)],
        "PREEMPT_RCU": [("rcupdate.o", 13, 0, 0, 13), ("rcutree.o", 6170, 825, 28, 7023)],
    },
    "2013": {
        "TINY_RCU": [("rcupdate.o", 963, 337, 0, 1300), ("rcutiny.o", 1869, 90, 0, 1959)],
        "TINY_PREEMPT_RCU": [("rcupdate.o", 1205, 337, 0, 1542), ("rcutiny.o", 3499, 212, 8, 3719)],
        "PREEMPT_RCU": [("rcupdate.o", 1541, 385, 0, 1926), ("rcutree.o", 18060, 2787, 24, 20871)],
    },
}


def seed_dec(year, impl):
    """An implementation's published total (dec), or None."""
    objs = SEED[year].get(impl)
    return sum(o[4] for o in objs) if objs else None


MB = 1024 * 1024

IMPL_SOURCES = [  # (implementation, stage, scenario) giving its 2026 size
    ("TINY_RCU", 0, "UP-NONE"),
    ("TINY_RCU", 1, "UP-NONE"),  # make check's TINY_RCU kernel
    ("TINY_PREEMPT_RCU", 1, "UP-PREEMPT"),
    ("TINY_PREEMPT_RCU", 1, "TINYP03"),  # PREEMPT_DYNAMIC, if make run did not run
    ("PREEMPT_RCU", 0, "UP-PREEMPT"),
    ("TREE_RCU", 0, "SMP-NONE"),
    ("PREEMPT_RCU (SMP)", 0, "SMP-PREEMPT"),
]


def load_all(path):
    """The x86_64 boots in the default 512 MB guest: the report's tables are
    those of one arch and one guest size (lines from before the arch
    dimension have no "arch" and ran in 512 MB)."""
    with open(path) as f:
        records = [json.loads(line) for line in f if line.strip()]
    return [r for r in records
            if r.get("arch", "x86_64") == "x86_64" and r.get("mem_mb", 512) == 512]


def latest(records):
    """The latest record of each matrix line (stage, scenario, type, args)."""
    runs = {}
    for r in records:
        runs[(r["stage"], r["scenario"], r["torture_type"], r.get("boot_args", ""))] = r
    return list(runs.values())


PERF = [  # metric, what it measures, lower is better
    ("read-side", "rcu_read_lock()+rcu_read_unlock() (refscale)", True),
    ("gp-normal", "synchronize_rcu() latency (rcuscale)", True),
    ("gp-expedited", "synchronize_rcu_expedited() latency (rcuscale gp_exp=1)", True),
    ("cb-flood", "call_rcu() flood throughput (rcutorture forward progress)", False),
]
PERF_IMPLS = ("PREEMPT_RCU", "TINY_PREEMPT_RCU")


def newest_boots(records, key):
    """{key(r): [records]} for the records key() does not map to None,
    each group keeping only the boots of its newest run."""
    newest, groups = {}, {}
    for r in records:
        k = key(r)
        if k is not None:
            newest[k] = max(newest.get(k, ""), r["run"])
            groups.setdefault(k, []).append(r)
    return {k: [r for r in rs if r["run"] == newest[k]] for k, rs in groups.items()}


def share(kb):
    """A memory figure in kB as a share of the article's 128 MB and of 16 MB."""
    return "%.2f%% of 128 MB, %.2f%% of 16 MB" % (100.0 * kb / (128 * 1024), 100.0 * kb / (16 * 1024))


def size_gap(sizes):
    """The article's claim, 2026 against 2013: what tree PREEMPT_RCU's
    objects cost over TINY_PREEMPT_RCU's on UP, and its share of memory."""
    d = sizes["PREEMPT_RCU"] - sizes["TINY_PREEMPT_RCU"]
    d13 = seed_dec("2013", "PREEMPT_RCU") - seed_dec("2013", "TINY_PREEMPT_RCU")
    return ("On a 2026 UP+PREEMPT kernel, tree PREEMPT_RCU's objects take %s bytes (%.1f KiB) "
            "more than TINY_PREEMPT_RCU's (%.1fx): %.3f%% of 128 MB, %.2f%% of 16 MB. "
            "The 2013 article measured %s bytes (%.1f KiB), %.3f%% of 128 MB." % (
                num(d), d / 1024.0, sizes["PREEMPT_RCU"] / sizes["TINY_PREEMPT_RCU"],
                100.0 * d / (128 * MB), 100.0 * d / (16 * MB), num(d13), d13 / 1024.0,
                100.0 * d13 / (128 * MB)))


def perf_boots(records):
    """{(metric, impl): [(boot median, unit)]}.  Boots are grouped by matrix
    line (metric, kernel arguments, implementation), each group keeping the
    boots of its newest run (repeated lines give one boot each).  Per metric,
    the arguments measured on both implementations with the most boots win,
    so that tree and tiny are compared under the same test parameters."""
    groups = {k: [(r["perf"]["median"], r["perf"]["unit"]) for r in rs]
              for k, rs in newest_boots(records, lambda r: (
                  r["perf"]["metric"], r.get("boot_args", ""), r["rcu_impl"]["config"])
                  if r.get("perf") and r["verdict"] == "PASS" else None).items()}
    out = {}
    for metric in {k[0] for k in groups}:
        def score(args):
            n = [len(groups.get((metric, args, i), [])) for i in PERF_IMPLS]
            return (min(n) > 0, sum(n))
        best = max({k[1] for k in groups if k[0] == metric}, key=score)
        for impl in PERF_IMPLS:
            if (metric, best, impl) in groups:
                out[(metric, impl)] = groups[(metric, best, impl)]
    return out


def num(v):
    """A figure for a table: thousands separated, three significant digits below."""
    return "{:,.0f}".format(v) if abs(v) >= 1000 else "%.3g" % v


def fast_path(vmlinux, func):
    """The instructions of func up to and including its first conditional
    branch (its fast path), with addresses and displacements blanked so
    that two images compare by code alone; None if objdump cannot tell."""
    try:
        out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "--disassemble=" + func,
                              vmlinux], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    insns = []
    for line in out.split("<%s>:" % func, 1)[-1].splitlines():
        f = line.split("\t")
        if len(f) < 2 or not f[1].strip():
            continue
        insn = re.sub(r"0x[0-9a-f]+|[0-9a-f]{8,}|<[^>]*>|#.*", "X", f[1].strip())
        insns.append(" ".join(insn.split()))
        if insn.startswith("j") and not insn.startswith("jmp"):
            break
    return insns or None


def read_side_code():
    """Whether the two read-side fast paths measured by refscale are the
    same machine code: if they are, a ratio away from 1 is the emulator's."""
    imgs = {}
    for impl, stage in (("tree", 0), ("tiny", 1)):
        for scen in ("REFSCALE", "UP-PREEMPT"):
            v = os.path.join(build_dir(stage, scen), "vmlinux")
            if os.path.exists(v):
                imgs[impl] = (v, scen)
                break
    if len(imgs) < 2:
        return []
    parts, same = [], True
    for func in ("__rcu_read_lock", "__rcu_read_unlock"):
        tree, tiny = fast_path(imgs["tree"][0], func), fast_path(imgs["tiny"][0], func)
        if not (tree and tiny):
            return []
        same &= tree == tiny
        parts.append("`%s()` %s" % (func, "the same %d instructions" % len(tree) if tree == tiny else
                                    "differs (%d instructions in tree, %d in tiny)" % (len(tree), len(tiny))))
    return ["Read-side code, from `objdump -d` of the stage 0 (tree) and stage 1 (tiny) %s images, "
            "up to each function's first conditional branch, addresses and displacements aside: "
            "%s.%s" % (
                imgs["tiny"][1], ", ".join(parts),
                " The fast paths refscale times are the same instructions in both, so a read-side "
                "ratio away from 1.00 comes from the emulator (TCG translation, image layout), "
                "not from the code." if same else ""), ""]


def perf_section(records, outdir):
    md = ["## 4. Performance on UP+PREEMPT, tree vs tiny", "",
          "QEMU TCG timings: relative between the two implementations on the same host, "
          "not absolute. Each boot contributes its median; min/median/max are over boots.", "",
          "| measure | unit | tree PREEMPT_RCU min / median / max (boots) | "
          "TINY_PREEMPT_RCU min / median / max (boots) | tiny/tree | goal |",
          "|---|---|---|---|---|---|"]
    boots = perf_boots(records)
    rows, verdicts = [], []
    for metric, what, lower in PERF:
        cells, med, span = [], {}, {}
        unit = ""
        for impl in PERF_IMPLS:
            b = boots.get((metric, impl), [])
            if not b:
                cells.append("not measured")
                continue
            unit = b[0][1]
            v = [x[0] for x in b]
            med[impl] = statistics.median(v)
            span[impl] = (min(v), max(v))
            cells.append("%s / %s / %s (%d)" % (num(min(v)), num(med[impl]), num(max(v)), len(v)))
        if not med:
            continue
        ratio = goal = "-"
        if len(med) == 2 and med["PREEMPT_RCU"] > 0:
            q = med["TINY_PREEMPT_RCU"] / med["PREEMPT_RCU"]
            ratio = "%.2f" % q if q >= 0.01 else "%.1e" % q
            # Overlapping boot ranges: the difference is within boot-to-boot noise.
            noise = max(lo for lo, _ in span.values()) <= min(hi for _, hi in span.values())
            note = "; boot ranges overlap" if noise else ""
            if lower:
                met = q <= 1.0
                factor = q < 0.1  # a large win reads better as a factor than as -100%
                goal = "tiny <= tree: %s (%s%s)" % ("met" if met else "missed",
                                                    "%sx faster" % num(1 / q) if factor else
                                                    "%+.0f%%" % (100 * (q - 1)), note)
                by = "by a factor of %s" % num(1 / q) if factor else "by %.0f%%" % abs(100 * (q - 1))
                verdicts.append("%s: %s %s%s" % (metric, "met" if met else "missed", by,
                                                 " on the medians, but the boot ranges overlap: the "
                                                 "difference is within noise" if noise else ""))
            else:
                goal = "higher is better" + note
            rows.append((metric, 100.0, 100.0 * q))
        md.append("| %s | %s | %s | %s | %s | %s |" % (what, unit, cells[0], cells[1], ratio, goal))
    md.append("")
    md += read_side_code()
    if rows and chart(outdir, "perf", "UP+PREEMPT under QEMU TCG: tiny relative to tree (median of boots)",
                      "% of tree PREEMPT_RCU's median", rows, ["tree PREEMPT_RCU", "TINY_PREEMPT_RCU"]):
        md += ["![tiny vs tree performance](perf.png) ([SVG](perf.svg)): read-side and grace-period "
               "bars are times (lower is faster), cb-flood is a throughput (higher is faster).", ""]
    if not boots:
        md += ["Not measured: `make run` (matrix/default) boots the REFSCALE and RCUSCALE scenarios "
               "and the UP-PREEMPT callback floods.", ""]
    return md, verdicts


def suite(r):
    """The test a run's kernel booted into (runs before the field: by name)."""
    if r.get("suite"):
        return r["suite"]
    return {"REFSCALE": "refscale", "RCUSCALE": "rcuscale"}.get(r["scenario"], "rcutorture")


def misuse_section(runs):
    """Each misuse case's verdict per stage: tree (0, 2) beside tiny (1)."""
    cases = {}
    for r in runs:
        if suite(r) == "misuse":
            cases.setdefault(r["torture_type"], {})[r["stage"]] = r
    if not cases:
        return []
    stages = sorted({st for c in cases.values() for st in c})
    md = ["### RCU API misuse: the diagnostics, tree against tiny", "",
          "Each case provokes one misuse (`tests/misuse/rcu_misuse.c`); PASS means the console "
          "showed every diagnostic tree RCU gives for it (`scripts/misuse-expect.txt`), "
          "or, for legal use, nothing at all.", "",
          "| case | " + " | ".join("stage %d (%s)" % (st, next(
              c[st]["rcu_impl"]["config"] for c in cases.values() if st in c)) for st in stages) + " |",
          "|---|" + "---|" * len(stages)]
    for name in sorted(cases):
        md.append("| %s | " % name + " | ".join(
            "%s: %s" % (cases[name][st]["verdict"], cases[name][st]["reason"]) if st in cases[name] else "-"
            for st in stages) + " |")
    return md + [""]


FOOTPRINT_PAIRS = [  # scenario booted at stage 0 (tree) and stage 1 (tiny), what runs in it
    ("UP-PREEMPT", "rcutorture running"),
    ("MISUSE", "no torture test: PROVE_LOCKING kernel, read before the test module loads"),
]


def footprint_section(records):
    """/proc/meminfo and RCU kthreads as our init read them, per kernel:
    the median over that kernel's boots in its newest run (MemFree moves by
    hundreds of kB between boots of one kernel, so one boot proves little).
    Returns (markdown, {scenario: (MemFree, KernelStack, Slab) tiny - tree})."""
    def key(r):
        s = suite(r)
        if (r.get("meminfo_kb") or {}).get("MemFree") and r["verdict"] == "PASS" and (
                s == "misuse" or (s == "rcutorture" and r["torture_type"] == "rcu")):
            return (r["stage"], r["scenario"], r["rcu_impl"]["boot"])
        return None
    groups = newest_boots(records, key)
    med = {}
    md = ["## 3. Runtime footprint after boot (from the guest's /proc)", "",
          "Read by our init as it starts; median over each kernel's passing boots "
          "(rcutorture `rcu` and misuse boots of its newest run).", "",
          "| stage | scenario | RCU | boots | MemFree kB min / median / max | KernelStack kB | "
          "Slab kB | RCU kthreads |", "|---|---|---|---|---|---|---|---|"]
    for key in sorted(groups):
        rs = groups[key]
        col = {f: statistics.median(r["meminfo_kb"][f] for r in rs)
               for f in ("MemFree", "KernelStack", "Slab")}
        med[key[:2]] = col
        free = sorted(r["meminfo_kb"]["MemFree"] for r in rs)
        md.append("| %d | %s | %s | %d | %d / %g / %d | %g | %g | %s |" % (
            key[0], key[1], key[2], len(rs), free[0], col["MemFree"], free[-1],
            col["KernelStack"], col["Slab"],
            "/".join(sorted({str(r["kthreads"]["rcu"]) for r in rs}))))
    diffs = {}
    md.append("")
    for scen, what in FOOTPRINT_PAIRS:
        tree, tiny = med.get((0, scen)), med.get((1, scen))
        if not (tree and tiny):
            continue
        d = tuple(tiny[f] - tree[f] for f in ("MemFree", "KernelStack", "Slab"))
        diffs[scen] = d
        md.append("- %s (%s), tiny (stage 1) against tree (stage 0): %+g kB MemFree "
                  "(%s), %+g kB KernelStack, %+g kB Slab." % (scen, what, d[0], share(d[0]), d[1], d[2]))
    if not diffs:
        md.append("Not measured: boots of the same scenario at stages 0 and 1 are needed.")
    return md + [""], diffs


def section_size(elf, name):
    """Size of one ELF section, from `size -A`, or None."""
    try:
        out = subprocess.run(["size", "-A", elf], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    sizes = {f[0]: int(f[1]) for f in (l.split() for l in out.splitlines()) if len(f) == 3 and f[1].isdigit()}
    return sizes.get(name)


def build_dir(stage, scen):
    return os.path.join(WORK, "stage-%d" % stage, "build", scen)


def objects_size(stage, scen):
    """Per-object `size` of the RCU objects of one build, or []."""
    d = os.path.join(build_dir(stage, scen), "kernel", "rcu")
    if not os.path.isdir(d):
        return []
    objs = sorted(os.path.join(d, o) for o in os.listdir(d)
                  if o.endswith(".o") and o not in ("rcutorture.o", "rcuscale.o",
                                                    "refscale.o", "built-in.o"))
    out = subprocess.run(["size"] + objs, capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines()[1:]:
        f = line.split()
        rows.append((os.path.basename(f[5]), int(f[0]), int(f[1]), int(f[2]), int(f[3])))
    return rows


def first(runs, **kw):
    for r in runs:
        if all(r.get(k) == v for k, v in kw.items()):
            return r
    return None


def gnuplot(script, outdir):
    try:
        subprocess.run(["gnuplot"], input=script, text=True, cwd=outdir, check=True)
        return True
    except (OSError, subprocess.CalledProcessError) as e:
        print("report: gnuplot failed: %s" % e, file=sys.stderr)
        return False


def chart(outdir, name, title, ylabel, rows, cols):
    """Clustered bar chart: rows = [(label, v1, v2, ...)], cols = series names."""
    dat = os.path.join(outdir, name + ".dat")
    with open(dat, "w") as f:
        f.write("label " + " ".join('"%s"' % c for c in cols) + "\n")
        for r in rows:
            f.write('"%s" ' % r[0] + " ".join(str(v if v is not None else "NaN") for v in r[1:]) + "\n")
    plots = ", ".join("'%s.dat' using %d:xtic(1) title columnheader(%d)" % (name, i + 2, i + 2)
                      for i in range(len(cols)))
    # Each bar's value above it (a bar can be too short to see): bar i of
    # n sits at cluster + (i - (n - 1) / 2) / (n + gap), gap 1 below; the
    # header line counts as record 0 here.
    n = len(cols)
    plots += "".join(", '%s.dat' using ($0 - 1 %+f):%d:(v=column(%d), v < 1000 ? sprintf('%%.3g', v) : "
                     "sprintf('%%.0f', v)) with labels offset 0,0.7 font ',9' notitle"
                     % (name, (i - (n - 1) / 2.0) / (n + 1), i + 2, i + 2) for i in range(n))
    common = """set termoption noenhanced
set title "%s"
set ylabel "%s"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set key top left
set grid ytics
set yrange [0:*]
set offsets 0, 0, graph 0.1, 0
set xtics rotate by -20
set bmargin 5
set xrange [-0.6:%f]
""" % (title, ylabel, len(rows) - 0.4)
    ok = gnuplot("set terminal svg size 900,500 dynamic\nset output '%s.svg'\n%splot %s\n"
                 % (name, common, plots), outdir)
    ok &= gnuplot("set terminal png size 900,500\nset output '%s.png'\n%splot %s\n"
                  % (name, common, plots), outdir)
    return ok


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: report.py RESULTS.jsonl OUTDIR")
    results, outdir = sys.argv[1], sys.argv[2]
    if not os.path.exists(results):
        sys.exit("report: no results file %s; run 'make run' first" % results)
    os.makedirs(outdir, exist_ok=True)
    records = load_all(results)
    runs = latest(records)
    md = ["# Simplifying RCU, re-measured in 2026", "",
          "Generated by `make report` from `%s` (%d boots, %d distinct matrix lines). "
          "Kernel: Debian's linux-source-6.12, x86_64, tinyconfig + rcu-up's "
          "`scenarios/COMMON` fragment; guests under QEMU TCG." % (
              os.path.relpath(results, ROOT), len(records), len(runs)), ""]

    # 1. Size tables.
    md += ["## 1. Size of the RCU objects, 2010, 2013 and 2026", "",
           "| implementation | build (stage, scenario) | text | data | bss | dec | 2010 dec | 2013 dec "
           "| 2026/2010 | 2026/2013 |", "|---|---|---|---|---|---|---|---|---|---|"]
    sizes, objects = {}, {}
    for impl, stage, scen in IMPL_SOURCES:
        if impl in sizes:
            continue
        r = first(runs, stage=stage, scenario=scen)
        objs = [(o["object"], o["text"], o["data"], o["bss"], o["dec"])
                for o in (r or {}).get("rcu_objects") or []] or objects_size(stage, scen)
        if r and r.get("rcu_size"):
            s = r["rcu_size"]
        elif objs:
            s = {"text": sum(o[1] for o in objs), "data": sum(o[2] for o in objs),
                 "bss": sum(o[3] for o in objs), "dec": sum(o[4] for o in objs)}
        else:
            continue
        sizes[impl], objects[impl] = s["dec"], objs
        seeds = [seed_dec(y, impl) for y in ("2010", "2013")]
        md.append("| %s | stage %d, %s | %d | %d | %d | %d | %s | %s |" % (
            impl, stage, scen, s["text"], s["data"], s["bss"], s["dec"],
            " | ".join("{:,}".format(v) if v else "-" for v in seeds),
            " | ".join("%.1fx" % (s["dec"] / v) if v else "-" for v in seeds)))
    md += ["", "Every object, as the article's tables give them (2026: every object built "
           "from kernel/rcu/ except the torture and scale tests):", "",
           "| implementation | year | object | text | data | bss | dec |", "|---|---|---|---|---|---|---|"]
    for impl in sizes:
        for year, objs in [(y, SEED[y].get(impl, [])) for y in sorted(SEED)] + [("2026", objects[impl])]:
            md += ["| %s | %s | %s | %d | %d | %d | %d |" % ((impl, year) + o) for o in objs]
    md += ["", "2010: commit a57eb940d130, which added TINY_PREEMPT_RCU; 2013: the seed article, "
           "x86_64; both `size` of rcupdate.o and rcutree.o/rcutiny.o. The 2010 commit prints "
           "TREE_PREEMPT_RCU's total as 7,026 bytes, but its own rows add up to %s "
           "(%s); the tables here use the sum of the rows." % (
               "{:,}".format(seed_dec("2010", "PREEMPT_RCU")),
               " + ".join("{:,}".format(o[4]) for o in SEED["2010"]["PREEMPT_RCU"])), ""]
    if "PREEMPT_RCU" in sizes and "TINY_PREEMPT_RCU" in sizes:
        md += [size_gap(sizes), ""]
        # The 2013 tables counted rcupdate.o and rcutree.o/rcutiny.o only;
        # SRCU was then kernel/srcu.c, and rcu_segcblist.o and sync.o did
        # not exist.  The same subset of 2026's objects, for a like-for-like
        # difference.
        like = {impl: sum(o[4] for o in objects[impl] if o[0] in ("update.o", "tree.o", "tiny.o"))
                for impl in ("PREEMPT_RCU", "TINY_PREEMPT_RCU")}
        if all(like.values()):
            md += ["Like for like with 2013 (update.o, rcupdate.o's successor, and tree.o/tiny.o; "
                   "no SRCU, rcu_segcblist.o or sync.o): tree %s bytes, tiny %s, a difference of %s "
                   "bytes against 2013's %s." % (
                       num(like["PREEMPT_RCU"]), num(like["TINY_PREEMPT_RCU"]),
                       num(like["PREEMPT_RCU"] - like["TINY_PREEMPT_RCU"]),
                       num(seed_dec("2013", "PREEMPT_RCU") - seed_dec("2013", "TINY_PREEMPT_RCU"))), ""]
    rows = [(impl, seed_dec("2010", impl), seed_dec("2013", impl), sizes.get(impl))
            for impl in ("TINY_RCU", "TINY_PREEMPT_RCU", "PREEMPT_RCU")]
    if chart(outdir, "sizes", "RCU objects: 2010, 2013 (x86_64) and 2026 (x86_64)", "bytes (size, dec)",
             rows, ["2010", "2013", "2026"]):
        md += ["![RCU object sizes](sizes.png) ([SVG](sizes.svg))", ""]

    # 2. Whole image and bloat-o-meter, tiny vs tree on the same UP+PREEMPT config.
    md += ["## 2. Whole image: the same UP+PREEMPT configuration, tree vs tiny", ""]
    tree_v = os.path.join(build_dir(0, "UP-PREEMPT"), "vmlinux")
    tiny_v = os.path.join(build_dir(1, "UP-PREEMPT"), "vmlinux")
    if os.path.exists(tree_v) and os.path.exists(tiny_v):
        out = subprocess.run(["size", tree_v, tiny_v], capture_output=True, text=True).stdout
        md += ["```", out.rstrip().replace(WORK + "/", ""), "```", ""]
        bloat = os.path.join(WORK, "linux", "scripts", "bloat-o-meter")
        out = subprocess.run([bloat, tiny_v, tree_v], capture_output=True, text=True).stdout
        lines = out.splitlines()
        md += ["`scripts/bloat-o-meter` from tiny (stage 1) to tree (stage 0), first symbols:", "",
               "```"] + lines[:25] + ["...", lines[-1] if lines else "", "```", ""]
        text = [section_size(v, ".text") for v in (tree_v, tiny_v)]
        if None not in text and all(t % (2 * MB) == 0 for t in text):
            md += ["`size` totals understate the difference: `.text` is %d bytes in tree and %d in "
                   "tiny, both padded to a multiple of 2 MB, which absorbs the code tree adds. "
                   "bloat-o-meter's symbol total (first line above) is what the choice adds to the "
                   "image; the kernel frees the padding after boot, and section 3's MemFree counts "
                   "that image difference together with what tree allocates at run time "
                   "(kthread stacks, slab)." % tuple(text), ""]
    else:
        md += ["Not measured: both stage 0 and stage 1 UP-PREEMPT builds are needed.", ""]

    # 3. Runtime footprint.
    foot_md, foot = footprint_section(records)
    md += foot_md

    # 4. Performance.
    perf_md, perf_verdicts = perf_section(records, outdir)
    md += perf_md

    # 5. Torture evidence.
    md += ["## 5. Torture verdicts", "",
           "| stage | scenario | type | args | seconds | verdict | expected | RCU |",
           "|---|---|---|---|---|---|---|---|"]
    for r in sorted(runs, key=lambda r: (r["stage"], r["scenario"], r["torture_type"])):
        md.append("| %d | %s | %s | %s | %d | %s | %s | %s |" % (
            r["stage"], r["scenario"], r["torture_type"], r.get("boot_args", ""), r["seconds"],
            r["verdict"], r["expected_verdict"], r["rcu_impl"]["config"]))
    minutes = {}
    for r in records:
        if r["verdict"] == "PASS" and suite(r) == "rcutorture":
            minutes[r["rcu_impl"]["config"]] = minutes.get(r["rcu_impl"]["config"], 0) + r["seconds"] / 60.0
    md += ["", "Cumulative passing rcutorture minutes per implementation (every boot in the "
           "results file, repeated lines included): " +
           ", ".join("%s %.1f" % kv for kv in sorted(minutes.items())) + ".", ""]
    md += misuse_section(runs)

    # 6. and 7. Kconfig and series.
    rdir = os.path.dirname(os.path.abspath(results))
    for title, fname in (("## 6. Kconfig per stage", "kconfig-matrix.tsv"),
                         ("## 7. Lines added and removed per stage", "series-stats.tsv")):
        md += [title, ""]
        p = os.path.join(rdir, fname)
        if os.path.exists(p):
            rows = [l.rstrip("\n").split("\t") for l in open(p) if l.strip()]
            md += ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
            md += ["| " + " | ".join(r) + " |" for r in rows[1:] if len(r) == len(rows[0])]
            # A short row is a summary: series-stats.sh's "cumulative none"
            # says the whole series' diff against the packaged tree is empty.
            md += ["", "; ".join("%s: %s" % ({"cumulative": "The whole series' diff against the "
                                             "packaged tree"}.get(r[0], r[0]), " ".join(r[1:]))
                                 for r in rows[1:] if len(r) != len(rows[0]))]
        else:
            md.append("Not available: `make check` writes %s." % fname)
        md.append("")

    # Conclusion, from the figures above only.
    md += ["## Conclusion", ""]
    if "PREEMPT_RCU" in sizes and "TINY_PREEMPT_RCU" in sizes:
        md.append(size_gap(sizes))
    else:
        md.append("Not enough builds in the results to compare tree and tiny.")
    for scen, d in sorted(foot.items()):
        md += ["", "After boot (%s, median of boots), tree RCU leaves %g kB %s memory free "
               "than TINY_PREEMPT_RCU: %s; its kernel stacks take %+g kB and its slab %+g kB." % (
                   scen, abs(d[0]), "less" if d[0] >= 0 else "more", share(abs(d[0])), -d[1], -d[2])]
    if perf_verdicts:
        md += ["", "Performance goals (tiny-preempt no slower than tree on UP): " +
               "; ".join(perf_verdicts) + "."]
    with open(os.path.join(outdir, "REPORT.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("report: wrote %s" % os.path.join(outdir, "REPORT.md"))


if __name__ == "__main__":
    main()
