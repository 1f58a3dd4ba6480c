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
import tempfile
import sys

import latency_report
import perf_report
from perf_report import gnuplot

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


# The implementations the per-arch sections compare, each from its UP build.
ARCH_IMPLS = ("TINY_RCU", "TINY_PREEMPT_RCU", "PREEMPT_RCU")
ARCH_SOURCES = [s for s in IMPL_SOURCES if s[0] in ARCH_IMPLS and s[2] in ("UP-NONE", "UP-PREEMPT")]
TREE, TINY = "PREEMPT_RCU", "TINY_PREEMPT_RCU"  # the pair the article compares

# Prefix of each arch's binutils (bloat-o-meter's -p); plain `size` and
# `nm` only read x86 objects.
CROSS = {"x86_64": "", "arm": "arm-linux-gnueabihf-", "riscv64": "riscv64-linux-gnu-"}
FOOT_MB = 128  # the guest of the article's claim
NOISE_PCT = 1.0  # below this share of the guest, a difference is called "in the noise"


def load_records(path):
    """Every boot of a results file, each with its arch and guest size
    (lines from before those dimensions have neither: x86_64, 512 MB)."""
    with open(path) as f:
        records = [json.loads(line) for line in f if line.strip()]
    for r in records:
        r["arch"] = r.get("arch") or "x86_64"
        r["mem_mb"] = r.get("mem_mb") or 512
    return records


def select(records, arch="x86_64", mem_mb=None):
    """The boots of one arch, in one guest size unless mem_mb is None."""
    return [r for r in records if r["arch"] == arch and (mem_mb is None or r["mem_mb"] == mem_mb)]


def impl_of(r):
    return (r.get("rcu_impl") or {}).get("config")


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
                  if r.get("perf") and r["verdict"] == "PASS" and "median" in r["perf"]
                  and not perf_report.icount(r) else None).items()}
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
    md = ["## 4. Performance on UP+PREEMPT (x86_64), tree vs tiny", "",
          "### Host time (QEMU TCG; KVM where `RCU_UP_KVM=1` works)", "",
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
                # A grace period tiny ends at once is not a speed-up: with
                # no preempted reader the caller itself is the quiescent state.
                at_once = factor and metric.startswith("gp-")
                goal = "tiny <= tree: %s (%s%s)" % ("met" if met else "missed",
                                                    "tiny returns at once: no preempted reader, "
                                                    "the caller is the quiescent state" if at_once else
                                                    "%sx faster" % num(1 / q) if factor else
                                                    "%+.0f%%" % (100 * (q - 1)), note)
                by = "because tiny returns at once (no preempted reader to wait for)" if at_once else \
                    "by a factor of %s" % num(1 / q) if factor else "by %.0f%%" % abs(100 * (q - 1))
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
        md += ["Not measured: `make run` boots the REFSCALE scenario under TCG (matrix/headline), "
               "`make run-full` the RCUSCALE scenarios and the UP-PREEMPT callback floods too.", ""]
    icount_md, goals = perf_report.icount_section(records, outdir)
    md += icount_md
    for name in dict.fromkeys(g[0] for g in goals):
        gs = [g for g in goals if g[0] == name]
        verdicts.append("%s under icount: %d met, %d missed, %d no measurable difference" % (
            name, sum(1 for g in gs if g[1] is True), sum(1 for g in gs if g[1] is False),
            sum(1 for g in gs if g[1] is None)))
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


MEMINFO = ("MemFree", "KernelStack", "Slab")


def footprint_boot(r):
    """Whether a boot's /proc figures count: a passing boot that read them,
    of rcutorture `rcu` or of a misuse case."""
    s = suite(r)
    return bool((r.get("meminfo_kb") or {}).get("MemFree")) and r["verdict"] == "PASS" and (
        s == "misuse" or (s == "rcutorture" and r["torture_type"] == "rcu"))


def footprint_groups(records, key):
    """{key(r): figures} over the counted boots (footprint_boot) that key()
    maps: the median over each kernel's boots in its newest run (MemFree
    moves by hundreds of kB between boots of one kernel, so one boot proves
    little).  figures: the median of each MEMINFO field and of the kthread
    counts, n (boots), free (MemFree of each boot, sorted) and rcu_kthreads
    (the RCU kthread counts seen, "/"-joined)."""
    groups = newest_boots(records, lambda r: key(r) if footprint_boot(r) else None)
    out = {}
    for k, rs in groups.items():
        col = {}
        for f in MEMINFO:
            v = [r["meminfo_kb"].get(f) for r in rs if r["meminfo_kb"].get(f) is not None]
            col[f] = statistics.median(v) if v else None
        col["n"] = len(rs)
        col["free"] = sorted(r["meminfo_kb"]["MemFree"] for r in rs)
        kt = [(r.get("kthreads") or {}).get("total") for r in rs]
        col["kthreads"] = statistics.median(kt) if None not in kt else None
        col["rcu_kthreads"] = "/".join(sorted({str((r.get("kthreads") or {}).get("rcu")) for r in rs}))
        out[k] = col
    return out


def footprint_section(records):
    """/proc/meminfo and RCU kthreads as our init read them, per kernel
    (footprint_groups).  Returns (markdown, {scenario: (MemFree,
    KernelStack, Slab) tiny - tree})."""
    groups = footprint_groups(records, lambda r: (r["stage"], r["scenario"], r["rcu_impl"]["boot"]))
    med = {}
    md = ["## 3. Runtime footprint after boot (x86_64, 512 MB guest, from the guest's /proc)", "",
          "Read by our init as it starts; median over each kernel's passing boots "
          "(rcutorture `rcu` and misuse boots of its newest run).", "",
          "| stage | scenario | RCU | boots | MemFree kB min / median / max | KernelStack kB | "
          "Slab kB | RCU kthreads |", "|---|---|---|---|---|---|---|---|"]
    for key in sorted(groups):
        col = groups[key]
        med[key[:2]] = col
        free = col["free"]
        md.append("| %d | %s | %s | %d | %d / %g / %d | %g | %g | %s |" % (
            key[0], key[1], key[2], col["n"], free[0], col["MemFree"], free[-1],
            col["KernelStack"], col["Slab"], col["rcu_kthreads"]))
    diffs = {}
    md.append("")
    for scen, what in FOOTPRINT_PAIRS:
        tree, tiny = med.get((0, scen)), med.get((1, scen))
        if not (tree and tiny):
            continue
        d = tuple(tiny[f] - tree[f] for f in MEMINFO)
        diffs[scen] = d
        md.append("- %s (%s), tiny (stage 1) against tree (stage 0): %+g kB MemFree "
                  "(%s), %+g kB KernelStack, %+g kB Slab." % (scen, what, d[0], share(d[0]), d[1], d[2]))
    if not diffs:
        md.append("Not measured: boots of the same scenario at stages 0 and 1 are needed.")
    md += ["", "These boots read memory while rcutorture runs, under host time, so one kernel's "
           "figure moves between boots by hundreds of kB. Section 4's \"Runtime footprint at a "
           "fixed point\" reads it at one point of an instruction-counted boot, with stage 3 "
           "(the same tree as stage 0) beside it as the floor."]
    return md + [""], diffs


def section_size(elf, name, arch="x86_64"):
    """Size of one ELF section, from `size -A`, or None."""
    try:
        out = subprocess.run([CROSS.get(arch, "") + "size", "-A", elf], capture_output=True, text=True,
                             check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    sizes = {f[0]: int(f[1]) for f in (l.split() for l in out.splitlines()) if len(f) == 3 and f[1].isdigit()}
    return sizes.get(name)


def scenario_kernel(scen):
    """As scripts/lib.sh's scenario_kernel: the kernel a #KERNEL# scenario boots."""
    try:
        with open(os.path.join(ROOT, "scenarios", scen)) as f:
            for line in f:
                if line.startswith("#KERNEL#"):
                    return line.split()[1]
    except OSError:
        pass
    return scen


def build_dir(stage, scen, arch="x86_64"):
    """As scripts/lib.sh's build_dir: x86_64 keeps the path from before arches."""
    scen = scenario_kernel(scen)
    if arch == "x86_64":
        return os.path.join(WORK, "stage-%d" % stage, "build", scen)
    return os.path.join(WORK, "stage-%d" % stage, "build-" + arch, scen)


def objects_size(stage, scen, arch="x86_64"):
    """Per-object `size` of the RCU objects of one build, or []."""
    d = os.path.join(build_dir(stage, scen, arch), "kernel", "rcu")
    if not os.path.isdir(d):
        return []
    objs = sorted(os.path.join(d, o) for o in os.listdir(d)
                  if o.endswith(".o") and o not in ("rcutorture.o", "rcuscale.o",
                                                    "refscale.o", "built-in.o"))
    try:
        out = subprocess.run([CROSS.get(arch, "") + "size"] + objs, capture_output=True, text=True).stdout
    except OSError:
        return []
    rows = []
    for line in out.splitlines()[1:]:
        f = line.split()
        if len(f) == 6 and all(x.isdigit() for x in f[:4]):
            rows.append((os.path.basename(f[5]), int(f[0]), int(f[1]), int(f[2]), int(f[3])))
    return rows


def bloat_o_meter(old, new, arch="x86_64"):
    """scripts/bloat-o-meter's lines from image old to image new ([] if it
    cannot run), with the arch's nm."""
    bloat = os.path.join(WORK, "linux", "scripts", "bloat-o-meter")
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [bloat, old, new]
        if CROSS.get(arch):
            # The cross nm, without the nameless symbols arm's images have
            # ("00000004 t "), on which bloat-o-meter stops.
            nm = os.path.join(tmp, "nm")
            with open(nm, "w") as f:
                f.write("#!/bin/sh\n%snm \"$@\" | awk 'NF == 3'\n" % CROSS[arch])
            os.chmod(nm, 0o755)
            cmd[1:1] = ["-p", tmp + "/"]
        try:
            return subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()
        except OSError:
            return []


def up_preempt_images(arch="x86_64"):
    """The vmlinux of the stage 0 (tree) and stage 1 (tiny) UP-PREEMPT builds."""
    return tuple(os.path.join(build_dir(stage, "UP-PREEMPT", arch), "vmlinux") for stage in (0, 1))


def newest(records, rank=lambda r: 0):
    """The newest of some records, or None: the highest run, within it the
    highest rank(r), then the last in the file."""
    best = None
    for r in records:
        if best is None or (r["run"], rank(r)) >= (best["run"], rank(best)):
            best = r
    return best


def rcu_sizes(records, arch="x86_64", sources=IMPL_SOURCES):
    """{implementation: (stage, scenario, {text, data, bss, dec}, objects)}:
    each implementation from the first of its builds in sources that the
    records (or, failing them, the build directory) give a size for; the
    newest record of that build, one that lists the objects if its run has
    one (a record whose kernel had another implementation does not count)."""
    out = {}
    for impl, stage, scen in sources:
        if impl in out:
            continue
        r = newest([x for x in records if x["stage"] == stage and x["scenario"] == scen
                    and impl_of(x) in (None, impl.split()[0])
                    and (x.get("rcu_size") or x.get("rcu_objects"))], lambda x: bool(x.get("rcu_objects")))
        objs = [(o["object"], o["text"], o["data"], o["bss"], o["dec"])
                for o in (r or {}).get("rcu_objects") or []] or objects_size(stage, scen, arch)
        if r and r.get("rcu_size"):
            s = r["rcu_size"]
        elif objs:
            s = {"text": sum(o[1] for o in objs), "data": sum(o[2] for o in objs),
                 "bss": sum(o[3] for o in objs), "dec": sum(o[4] for o in objs)}
        else:
            continue
        out[impl] = (stage, scen, s, objs)
    return out


def size_table(sizes):
    """Section 1's table of 2026 sizes beside 2010's and 2013's (x86_64)."""
    md = ["| implementation | build (stage, scenario) | text | data | bss | dec | 2010 dec | 2013 dec "
          "| 2026/2010 | 2026/2013 |", "|---|---|---|---|---|---|---|---|---|---|"]
    for impl, (stage, scen, s, _) in sizes.items():
        seeds = [seed_dec(y, impl) for y in ("2010", "2013")]
        md.append("| %s | stage %d, %s | %d | %d | %d | %d | %s | %s |" % (
            impl, stage, scen, s["text"], s["data"], s["bss"], s["dec"],
            " | ".join("{:,}".format(v) if v else "-" for v in seeds),
            " | ".join("%.1fx" % (s["dec"] / v) if v else "-" for v in seeds)))
    return md


def pct(part, whole, sign=False):
    """part as a share of whole: one decimal from 1% up, three below."""
    p = 100.0 * part / whole
    return ("%+.1f%%" if sign else "%.1f%%") % p if abs(p) >= 1 else ("%+.3f%%" if sign else "%.3f%%") % p


def fig(v):
    """A median for a table (whole numbers stay whole), or "-"."""
    return "-" if v is None else "%g" % v


def size_mb(v):
    """A guest size from a matrix line's mem= ("512", "32M", "1G"), as
    scripts/lib.sh's mem_mb reads it, in MB; None if it is none."""
    v = v.upper()
    try:
        return int(v[:-1]) * 1024 if v.endswith("G") else int(v[:-1] if v.endswith("M") else v)
    except ValueError:
        return None


def matrix_line(arch, stage, scen, mem_mb=None):
    """(matrix, the first line of make run's matrix that boots rcutorture
    `rcu` on that build, in mem_mb MB if given, or None)."""
    matrix = os.environ.get("MATRIX", os.path.join("matrix", "default"))
    found = None
    try:
        with open(os.path.join(ROOT, matrix)) as f:
            lines = [l.split("#", 1)[0].split() for l in f]
    except OSError:
        lines = []
    for w in lines:
        if not w:
            continue
        a = w.pop(0) if not w[0].isdigit() else "x86_64"
        if len(w) < 4 or (a, w[0], w[1], w[2]) != (arch, str(stage), scen, "rcu"):
            continue
        mem = [size_mb(x[4:]) for x in w[5:] if x.startswith("mem=")]
        if mem_mb is None or (mem and mem[0] == mem_mb):
            found = " ".join(([a] if a != "x86_64" else []) + w)
            break
    return matrix, found


def matrix_hint(arch, stage, scen, mem_mb=None):
    """How to get a missing boot: the matrix line of make run that boots
    it, or one that would."""
    matrix, found = matrix_line(arch, stage, scen, mem_mb)
    if found:
        return "`make run` boots it with %s's line `%s`" % (matrix, found)
    return "no line of %s boots it; one such as `%s %d %s rcu 60%s` would, with `make run`" % (
        matrix, arch, stage, scen, " - mem=%dM" % mem_mb if mem_mb else "")


def load_memfloor(results):
    """The memory-floor searches (scripts/memfloor.sh) beside the results
    file: (path, [search]); lines before the arch field are x86_64."""
    path = os.path.join(os.path.dirname(os.path.abspath(results)), "memfloor.jsonl")
    searches = []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                try:
                    m = json.loads(line)
                except ValueError:
                    continue
                if isinstance(m, dict) and m.get("floor_mb") is not None:
                    m["arch"] = m.get("arch") or "x86_64"
                    searches.append(m)
    return path, searches


def impl_rank(impl):
    return (ARCH_IMPLS.index(impl) if impl in ARCH_IMPLS else len(ARCH_IMPLS), impl or "")


def boundary_floors(records, arch):
    """Memory floors the results file shows without a search: per build and
    test, the smallest guest whose rcutorture boots all PASSed when a
    guest one MB smaller did not (e.g. matrix/floor-bounds).  Returned in
    load_memfloor()'s form, with "boundary": True."""
    groups = {}
    for r in records:
        if r["arch"] != arch or suite(r) != "rcutorture":
            continue
        k = (impl_of(r) or "?", r["stage"], r["scenario"], r["torture_type"], r["seconds"],
             r.get("boot_args") or "")
        groups.setdefault(k, []).append(r)
    out = []
    for k, rs in groups.items():
        by_mb = {}
        for r in rs:
            by_mb.setdefault(r["mem_mb"], []).append(r)
        for mb in sorted(by_mb):
            below = by_mb.get(mb - 1)
            if all(r["verdict"] == "PASS" for r in by_mb[mb]) and below and \
                    all(r["verdict"] != "PASS" for r in below):
                out.append({"arch": arch, "rcu_impl": k[0], "stage": k[1], "scenario": k[2],
                            "torture_type": k[3], "seconds": k[4], "boot_args": k[5], "floor_mb": mb,
                            "below_floor": "%s %s" % (below[0]["verdict"], below[0].get("reason", "")),
                            "probes": len(by_mb[mb]) + len(below), "date": max(r["run"] for r in rs),
                            "boundary": True})
                break
    return out


def floor_table(searches, arch, path):
    """The memory floors of one arch: the newest search of each
    implementation and test.  Returns (markdown, {(type, seconds, args):
    {implementation: (floor, date)}})."""
    newest_of, count = {}, {}
    for m in searches:
        if m["arch"] != arch:
            continue
        k = (m.get("rcu_impl") or "?", m.get("stage"), m.get("scenario"), m.get("torture_type"),
             m.get("seconds"), m.get("boot_args") or "")
        count[k] = count.get(k, 0) + 1
        if k not in newest_of or (m.get("date") or "") >= (newest_of[k].get("date") or ""):
            newest_of[k] = m
    rel = os.path.relpath(path, ROOT)
    if not newest_of:
        return ["Missing: %s has no %s search%s. `scripts/memfloor.sh` appends one per run (no make "
                "target), e.g. `scripts/memfloor.sh -a %s 0 UP-PREEMPT rcu 60 "
                "rcutorture.fwd_progress_holdoff=5` for tree PREEMPT_RCU, the same with `1 UP-PREEMPT` "
                "for TINY_PREEMPT_RCU and `1 UP-NONE` for TINY_RCU." % (
                    rel, arch, "" if os.path.exists(path) else " (no such file)", arch), ""], {}
    md = ["| implementation | build | test | floor | below the floor | probes | searched | searches |",
          "|---|---|---|---|---|---|---|---|"]
    tests = {}
    for k in sorted(newest_of, key=lambda k: (impl_rank(k[0]),) + tuple(str(x) for x in k[1:])):
        m = newest_of[k]
        below = " ".join(str(m.get("below_floor") or "-").split()).replace("|", "\\|")
        if len(below) > 80:
            below = below[:77] + "..."
        md.append("| %s | stage %s, %s | %s %ss%s | %s MB | %s | %s | %s | %d |" % (
            k[0], k[1], k[2], k[3], k[4], " " + k[5] if k[5] else "", m["floor_mb"], below,
            m.get("probes", "-"), m.get("date", "-"), count[k]))
        tests.setdefault(k[3:], {})[k[0]] = (m["floor_mb"], m.get("date") or "")
    missing = [i for i in ARCH_IMPLS if not any(i in t for t in tests.values())]
    if all(m.get("boundary") for m in newest_of.values()):
        md += ["", "The smallest guest (QEMU `-m`, MB) in which the run still passed with the expected "
               "implementation, from the boots of the results file: the floor passed and the guest one "
               "MB smaller did not (`matrix/floor-bounds`, no `scripts/memfloor.sh` search in %s); "
               "\"probes\" counts those boots, \"searched\" is their newest run." % rel]
    else:
        md += ["", "The smallest guest (QEMU `-m`, MB) in which the run still passed with the expected "
               "implementation, found by `scripts/memfloor.sh` bisecting from 128 MB; \"below the floor\" "
               "is the verdict one MB lower. Newest search of each implementation and test "
               "(%s)." % rel]
    if missing:
        md[-1] += " Missing: no search of %s; `scripts/memfloor.sh -a %s STAGE SCENARIO` (no make " \
                  "target) gives one." % (", ".join(missing), arch)
    return md + [""], tests


def floor_pair(tests):
    """(tree floor, tiny floor, test) from the newest test both were
    searched with, or None."""
    both = [(min(v[TREE][1], v[TINY][1]), k) for k, v in tests.items() if TREE in v and TINY in v]
    if not both:
        return None
    k = max(both, key=lambda b: (b[0], tuple(str(x) for x in b[1])))[1]
    return tests[k][TREE][0], tests[k][TINY][0], k


def arch_source(arch, impl, mem_mb=None):
    """(stage, scenario) of the build to ask for when an implementation is
    missing: the first of ARCH_SOURCES that the matrix boots, else the last."""
    builds = [(st, sc) for i, st, sc in ARCH_SOURCES if i == impl]
    return next((b for b in builds if matrix_line(arch, b[0], b[1], mem_mb)[1]), builds[-1])


def arch_section(n, arch, records, searches, floor_path):
    """Section n: one arch's sizes, image delta, 128 MB footprint, verdicts
    by guest size and memory floors, then its answer to the article's
    claim.  records: the arch's boots, every guest size.  Returns
    (markdown, the answer)."""
    guest_kb = FOOT_MB * 1024
    src = {(stage, scen): impl for impl, stage, scen in ARCH_SOURCES}
    md = ["## %d. %s" % (n, arch), "",
          "The %s boots of the results file (%d boots, every guest size): the same kernels as "
          "x86_64's plus `scenarios/arch/%s`, under QEMU TCG." % (arch, len(records), arch), ""]

    # n.1 Sizes of the RCU objects.
    md += ["### %d.1 Size of the RCU objects (%s)" % (n, arch), ""]
    found = rcu_sizes(records, arch, ARCH_SOURCES)
    if found:
        md += size_table(found)
        if TREE in found and TINY in found:
            t, s = found[TREE][2], found[TINY][2]
            seeds = [seed_dec(y, TREE) - seed_dec(y, TINY) for y in ("2010", "2013")]
            md.append("| tree - tiny (%s - %s) | | %+d | %+d | %+d | %+d | %s | - | - |" % (
                TREE, TINY, t["text"] - s["text"], t["data"] - s["data"], t["bss"] - s["bss"],
                t["dec"] - s["dec"], " | ".join("{:+,}".format(v) for v in seeds)))
        md += ["", "From the newest %s record of each build (`size` of every object of kernel/rcu/ "
               "but the torture and scale tests). The 2010 and 2013 columns are the published "
               "figures quoted in section 1: x86_64 (2013, the seed article) and an unnamed "
               "architecture (2010), not %s, so the ratios give the scale only." % (arch, arch)]
        if TREE in found and TINY in found:
            d = found[TREE][2]["dec"] - found[TINY][2]["dec"]
            md[-1] += " Tree PREEMPT_RCU's objects take %s bytes %s than TINY_PREEMPT_RCU's, %s of " \
                      "%d MB." % (num(abs(d)), "more" if d >= 0 else "fewer", pct(d, FOOT_MB * MB), FOOT_MB)
        md += ["", "| implementation | object | text | data | bss | dec |", "|---|---|---|---|---|---|"]
        for impl, (_, _, _, objs) in found.items():
            md += ["| %s | %s | %d | %d | %d | %d |" % ((impl,) + o) for o in objs]
        md.append("")
    for impl in ARCH_IMPLS:
        if impl not in found:
            stage, scen = arch_source(arch, impl)
            md += ["Missing: no %s size of %s (stage %d, %s); %s." % (
                arch, impl, stage, scen, matrix_hint(arch, stage, scen)), ""]

    # n.2 Whole image, only RCU flipped.
    md += ["### %d.2 Whole image (%s): UP+PREEMPT, tree (stage 0) vs tiny (stage 1)" % (n, arch), ""]
    img = {impl: newest([r for r in records if (r["stage"], r["scenario"]) == (stage, "UP-PREEMPT")
                         and impl_of(r) == impl and r.get("vmlinux_size")])
           for impl, stage in ((TREE, 0), (TINY, 1))}
    image_d = None
    if img[TREE] and img[TINY]:
        t, s = img[TREE]["vmlinux_size"], img[TINY]["vmlinux_size"]
        image_d = t["dec"] - s["dec"]
        md += ["| vmlinux | text | data | bss | dec |", "|---|---|---|---|---|",
               "| tree %s (stage 0, UP-PREEMPT) | %d | %d | %d | %d |" % ((TREE,) + tuple(t[f] for f in (
                   "text", "data", "bss", "dec"))),
               "| %s (stage 1, UP-PREEMPT) | %d | %d | %d | %d |" % ((TINY,) + tuple(s[f] for f in (
                   "text", "data", "bss", "dec"))),
               "| tree - tiny | %+d | %+d | %+d | %+d |" % tuple(t[f] - s[f] for f in (
                   "text", "data", "bss", "dec")), "",
               "`size` of each image (newest record of each build): tree's image is %s bytes %s "
               "(dec), %s of a %d MB guest." % (num(abs(image_d)), "larger" if image_d >= 0 else "smaller",
                                               pct(image_d, FOOT_MB * MB), FOOT_MB)]
    else:
        md += ["Missing: no %s image size of %s; %s." % (
            arch, " nor ".join("%s (stage %d, UP-PREEMPT)" % (i, st) for i, st in ((TREE, 0), (TINY, 1))
                               if not img[i]),
            "; ".join(matrix_hint(arch, st, "UP-PREEMPT") for i, st in ((TREE, 0), (TINY, 1)) if not img[i]))]
    tree_v, tiny_v = up_preempt_images(arch)
    lines = bloat_o_meter(tiny_v, tree_v, arch) if os.path.exists(tree_v) and os.path.exists(tiny_v) else []
    if lines:
        md += ["", "`scripts/bloat-o-meter -p %s` from tiny to tree: `%s` ... `%s`" % (
            CROSS.get(arch, ""), lines[0].strip(), lines[-1].strip())]
    else:
        rel = [os.path.relpath(v, ROOT) if v.startswith(ROOT + os.sep) else v for v in (tree_v, tiny_v)]
        md += ["", "No bloat-o-meter total: it needs both images, %s and %s (%s); the builds of "
               "`make run` write them." % (rel[0], rel[1], "bloat-o-meter gave no output" if
                                           os.path.exists(tree_v) and os.path.exists(tiny_v) else
                                           "not both present")]
    md.append("")

    # n.3 Runtime footprint in the 128 MB guest.
    md += ["### %d.3 Runtime footprint in the %d MB guest (%s)" % (n, FOOT_MB, arch), "",
           "/proc/meminfo and kthreads as our init read them (passing rcutorture `rcu` boots; median "
           "over each kernel's boots in its newest run, n boots); each memory figure also as a share "
           "of the guest's %d kB." % guest_kb, ""]
    foot = footprint_groups(select(records, arch, FOOT_MB), lambda r: (
        src.get((r["stage"], r["scenario"])), r["stage"], r["scenario"])
        if src.get((r["stage"], r["scenario"])) == impl_of(r) else None)
    if foot:
        md += ["| implementation | build | n | MemFree kB (min-max) | % | KernelStack kB | % | Slab kB | % "
               "| kthreads | RCU kthreads |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for k in sorted(foot, key=lambda k: (impl_rank(k[0]), k[1])):
        c = foot[k]
        md.append("| %s | stage %d, %s | %d | %s (%d-%d) | %s | %s | %s | %s | %s | %s | %s |" % (
            k[0], k[1], k[2], c["n"], fig(c["MemFree"]), c["free"][0], c["free"][-1],
            pct(c["MemFree"], guest_kb), fig(c["KernelStack"]),
            "-" if c["KernelStack"] is None else pct(c["KernelStack"], guest_kb), fig(c["Slab"]),
            "-" if c["Slab"] is None else pct(c["Slab"], guest_kb), fig(c["kthreads"]), c["rcu_kthreads"]))
    tree = foot.get((TREE, 0, "UP-PREEMPT"))
    tiny = foot.get((TINY, 1, "UP-PREEMPT"))
    if tree and tiny:
        d = {f: None if tree[f] is None or tiny[f] is None else tree[f] - tiny[f] for f in MEMINFO}
        md.append("| tree - tiny | | | %s | %s | %s | %s | %s | %s | | |" % tuple(
            x for f in MEMINFO for x in (("-", "-") if d[f] is None else
                                         ("%+g" % d[f], pct(d[f], guest_kb, True)))))
    if foot:
        md.append("")
    for impl in ARCH_IMPLS:
        if not any(k[0] == impl for k in foot):
            stage, scen = arch_source(arch, impl, FOOT_MB)
            md += ["Missing: no passing %d MB boot of %s (stage %d, %s) on %s; %s." % (
                FOOT_MB, impl, stage, scen, arch, matrix_hint(arch, stage, scen, FOOT_MB)), ""]

    # n.4 Verdicts by guest size.
    md += ["### %d.4 Small guests (%s): verdicts by guest size" % (n, arch), ""]
    tort = [r for r in records if suite(r) == "rcutorture" and r["torture_type"] == "rcu"]
    builds = sorted({(r["stage"], r["scenario"]) for r in tort if r["mem_mb"] != 512},
                    key=lambda b: (impl_rank(src.get(b) or impl_of(newest([r for r in tort if (
                        r["stage"], r["scenario"]) == b]))), b[1], b[0]))
    if builds:
        mems = sorted({r["mem_mb"] for r in tort if (r["stage"], r["scenario"]) in builds}, reverse=True)
        md += ["rcutorture `rcu` boots of every build booted in a guest other than 512 MB: the "
               "verdicts of every boot in the results file, with their number.", "",
               "| implementation | build | " + " | ".join("%d MB" % m for m in mems) + " | boots |",
               "|---|---|" + "---|" * (len(mems) + 1)]
        for b in builds:
            rs = [r for r in tort if (r["stage"], r["scenario"]) == b]
            cells = []
            for m in mems:
                v = {}
                for r in rs:
                    if r["mem_mb"] == m:
                        v[r["verdict"]] = v.get(r["verdict"], 0) + 1
                cells.append(", ".join("%s %d" % kv for kv in sorted(v.items())) or "-")
            md.append("| %s | stage %d, %s | %s | %d |" % (
                src.get(b) or impl_of(newest(rs)) or "?", b[0], b[1], " | ".join(cells), len(rs)))
    else:
        matrix, line = matrix_line(arch, 1, "UP-PREEMPT", 32)
        md += ["Missing: no %s boot in a guest other than 512 MB; %s." % (arch, (
            "`make run` boots them with the `mem=` lines of %s, such as `%s`" % (matrix, line)) if line else
            "no `mem=` line of %s boots one; lines such as `%s 1 UP-PREEMPT rcu 60 - mem=32M` would, "
            "with `make run`" % (matrix, arch))]
    md.append("")

    # n.5 Memory floors.
    md += ["### %d.5 Memory floor (%s)" % (n, arch), ""]
    fmd, tests = floor_table([m for m in searches if m["arch"] == arch] or boundary_floors(records, arch),
                             arch, floor_path)
    md += fmd

    # n.6 The article's claim.
    answer = claim(n, arch, tree, tiny, image_d, [i for i in (TREE, TINY) if not img[i]], floor_pair(tests))
    md += ["### %d.6 The article's claim on %s" % (n, arch), "",
           "\"The memory saving of TINY_PREEMPT_RCU over tree RCU is down in the noise at 128 MB\": "
           + answer, ""]
    return md, answer


def claim(n, arch, tree, tiny, image_d, no_image, floors):
    """One sentence on the article's claim, from the figures of one arch:
    the MemFree difference at 128 MB (else the images', image_d bytes;
    no_image: the implementations without one), against NOISE_PCT of the
    guest, and the memory floors."""
    guest_kb = FOOT_MB * 1024
    if tree and tiny:
        d = tiny["MemFree"] - tree["MemFree"]
        p = 100.0 * d / guest_kb
        if tree["n"] > 1 and tiny["n"] > 1:
            overlap = max(tree["free"][0], tiny["free"][0]) <= min(tree["free"][-1], tiny["free"][-1])
            spread = ", whose MemFree ranges %s" % ("overlap" if overlap else "do not overlap")
        else:
            spread = "; with a single boot of %s, boot-to-boot noise is not measured" % (
                "either" if tree["n"] == tiny["n"] == 1 else "one of them")
        s = "on %s in %d MB, TINY_PREEMPT_RCU leaves %g kB %s memory free than tree PREEMPT_RCU (%s of " \
            "the guest; median of %d and %d boots%s)" % (arch, FOOT_MB, abs(d), "more" if d >= 0 else "less",
                                                         pct(d, guest_kb), tiny["n"], tree["n"], spread)
        if image_d is not None:
            s += " and its image is %s bytes %s (%s of %d MB)" % (
                num(abs(image_d)), "smaller" if image_d >= 0 else "larger",
                pct(image_d, FOOT_MB * MB), FOOT_MB)
    else:
        missing = ["the passing %d MB boot of %s%s" % (FOOT_MB, "tree " if impl == TREE else "", impl) +
                   " (%s)" % matrix_hint(arch, stage, "UP-PREEMPT", FOOT_MB)
                   for impl, stage, x in ((TREE, 0, tree), (TINY, 1, tiny)) if not x]
        if image_d is None:
            return "not answered for %s: missing %s, and the UP-PREEMPT image size of %s " \
                   "(section %d.2)%s." % (arch, " and ".join(missing), " and ".join(no_image), n,
                                         floor_clause(arch, floors))
        p = 100.0 * image_d / (FOOT_MB * MB)
        s = "on %s only the images are measured, missing %s: TINY_PREEMPT_RCU's image is %s bytes %s " \
            "than tree PREEMPT_RCU's, %s of %d MB" % (
                arch, " and ".join(missing), num(abs(image_d)), "smaller" if image_d >= 0 else "larger",
                pct(image_d, FOOT_MB * MB), FOOT_MB)
    if p <= -NOISE_PCT:
        s += ": no saving at all, TINY_PREEMPT_RCU costs %.1f%% of the guest more" % -p
    elif p < NOISE_PCT:
        s += ": under %g%% of the guest, which bears the claim out" % NOISE_PCT
    else:
        s += ": %g%% of the guest or more, which does not bear the claim out" % NOISE_PCT
    return s + floor_clause(arch, floors) + "."


def floor_clause(arch, floors):
    """The end of claim()'s sentence: whether the memory floors differ."""
    if floors:
        ft, fs, test = floors
        return "; the memory floors (rcutorture %s, %ss%s) are %s" % (
            test[0], test[1], ", " + test[2] if test[2] else "",
            "the same, %s MB for both" % ft if ft == fs else
            "%s MB for tree and %s MB for tiny, %s MB apart" % (ft, fs, abs(ft - fs)))
    return "; the memory floors of tree and tiny are not both measured with one test " \
           "(`scripts/memfloor.sh -a %s 0 UP-PREEMPT` and `... 1 UP-PREEMPT`)" % arch


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


def verdict_summary(finished, interrupted):
    """One line: the boots as expected and not, and those interrupted
    (each named: its run, the newest first, goes on with make run RESUME=)."""
    ok = sum(1 for r in finished if r.get("as_expected"))
    line = "Verdicts: %d boots, %d as expected, %d not" % (len(finished), ok, len(finished) - ok)
    # A line expecting BUILT booted nothing: its kernel was built only as
    # far as its RCU objects, for section 1's sizes.
    objs = [r for r in finished if r.get("expected_verdict") == "BUILT"]
    if objs:
        line = "Verdicts: %d runs, %d as expected, %d not (%d of them builds of a kernel's RCU objects only, " \
               "for section 1, not booted)" % (len(finished), ok, len(finished) - ok, len(objs))
    if not interrupted:
        return line + "; none interrupted."
    named = ["%s stage %s %s %s%s (run %s)" % (r["arch"], r["stage"], r["scenario"], r["torture_type"],
                                             " " + r["boot_args"] if r.get("boot_args") else "", r["run"])
             for r in sorted(interrupted, key=lambda r: r["run"], reverse=True)]
    return line + ("; %d interrupted (stopped by a signal: neither passed nor failed, and not in the "
                   "tables below; `make run RESUME=RUN` boots them again): %s." % (len(interrupted), "; ".join(named)))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: report.py RESULTS.jsonl OUTDIR")
    results, outdir = sys.argv[1], sys.argv[2]
    if not os.path.exists(results):
        sys.exit("report: no results file %s; run 'make run' first" % results)
    os.makedirs(outdir, exist_ok=True)
    every = load_records(results)
    # A boot stopped by a signal (run.sh's INTERRUPTED) measured nothing:
    # it is only named in the summary, neither passed nor failed.
    interrupted = [r for r in every if r["verdict"] == "INTERRUPTED"]
    every = [r for r in every if r["verdict"] != "INTERRUPTED"]
    records = select(every, "x86_64", 512)  # sections 1 to 7: one arch, one guest size
    runs = latest(records)
    floor_path, searches = load_memfloor(results)
    # One section per other arch with boots, from 8 on: arm and riscv64 first.
    arches = sorted({r["arch"] for r in every} - {"x86_64"},
                    key=lambda a: (a not in CROSS, list(CROSS).index(a) if a in CROSS else 0, a))
    others = len(every) - len(records)
    md = ["# Simplifying RCU, re-measured in 2026", "",
          "Generated by `make report` from `%s` (%d boots, %d distinct matrix lines). "
          "Kernel: Debian's linux-source-6.12, x86_64, tinyconfig + rcu-up's "
          "`scenarios/COMMON` fragment; guests under QEMU TCG." % (
              os.path.relpath(results, ROOT), len([r for r in records if r.get("expected_verdict") != "BUILT"]),
              len(runs)), ""]
    if others:
        x86_other = len(select(every, "x86_64")) - len(records)
        md[-2] += (" Sections 1 to 7 are x86_64 in 512 MB guests; %s." % ", ".join(
            ["section %d is %s (%d boots, every guest size)" % (8 + i, a, len(select(every, a)))
             for i, a in enumerate(arches)] +
            (["%d x86_64 boots in other guest sizes are not tabulated" % x86_other] if x86_other else [])))

    md += [verdict_summary(every, interrupted), ""]

    # 1. Size tables.
    md += ["## 1. Size of the RCU objects, 2010, 2013 and 2026 (x86_64)", ""]
    found = rcu_sizes(runs)
    sizes = {impl: v[2]["dec"] for impl, v in found.items()}
    objects = {impl: v[3] for impl, v in found.items()}
    md += size_table(found)
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
    md += ["## 2. Whole image (x86_64): the same UP+PREEMPT configuration, tree vs tiny", ""]
    tree_v, tiny_v = up_preempt_images()
    if os.path.exists(tree_v) and os.path.exists(tiny_v):
        out = subprocess.run(["size", tree_v, tiny_v], capture_output=True, text=True).stdout
        md += ["```", out.rstrip().replace(WORK + "/", ""), "```", ""]
        lines = bloat_o_meter(tiny_v, tree_v)
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
    if any(m["arch"] == "x86_64" for m in searches):
        md += ["### Memory floor (x86_64)", ""] + floor_table(searches, "x86_64", floor_path)[0]

    # 4. Performance.
    perf_md, perf_verdicts = perf_section(records, outdir)
    md += perf_md
    lat_md, lat_sentences = latency_report.latency_section(records, outdir, results)
    md += lat_md

    # 5. Torture evidence.
    md += ["## 5. Torture verdicts (x86_64, 512 MB guest)", "",
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

    # 8 on: the other arches.
    answers = []
    for i, arch in enumerate(arches):
        arch_md, answer = arch_section(8 + i, arch, select(every, arch), searches, floor_path)
        md += arch_md
        answers.append((arch, answer))

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
    fixed = perf_report.footprint_sentence(records)
    if fixed:
        md += ["", fixed]
    if perf_verdicts:
        md += ["", "Performance goals (tiny-preempt no slower than tree on UP): " +
               "; ".join(perf_verdicts) + "."]
    if lat_sentences:
        md += ["", "Wakeup latency on UP PREEMPT_RT (timerlat thread context): " +
               "; ".join(lat_sentences) + "."]
    for arch, answer in answers:
        md += ["", "%s, the article's claim that TINY_PREEMPT_RCU's memory saving over tree RCU is down "
               "in the noise at 128 MB: %s" % (arch, answer)]
    with open(os.path.join(outdir, "REPORT.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("report: wrote %s" % os.path.join(outdir, "REPORT.md"))


if __name__ == "__main__":
    main()
