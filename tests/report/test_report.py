#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""scripts/report.py's per-arch sections (8 on), from the synthetic
results.jsonl and memfloor.jsonl beside this file: arm has every figure
(sizes, images, 128/32/16 MB boots, floors), riscv64 only TINY_PREEMPT_RCU,
so its section must say what is missing.  Run from the repository:
python3 -m unittest tests/report/test_report.py"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
REPORT = os.path.join(ROOT, "scripts", "report.py")

# A stand-in for the kernel's scripts/bloat-o-meter: records its arguments.
FAKE_BLOAT = """#!/usr/bin/env python3
import sys
with open(sys.argv[0] + ".args", "a") as f:
    f.write(" ".join(sys.argv[1:]) + "\\n")
if sys.argv[1] == "-p":
    with open(sys.argv[2] + "nm") as nm, open(sys.argv[0] + ".nm", "w") as f:
        f.write(nm.read())
print("add/remove: 2/0 grow/shrink: 1/0 up/down: 300/0 (300)")
print("Function old new delta")
print("Total: Before=1000, After=1300, chg +30.00%")
"""


class ReportTest(unittest.TestCase):
    def run_report(self, records=None, memfloor=True, work=None):
        """REPORT.md from the fixtures (records: replacement lines),
        memfloor.jsonl beside the results unless memfloor is False."""
        d = tempfile.mkdtemp(prefix="report-test-")
        self.addCleanup(shutil.rmtree, d)
        results = os.path.join(d, "results.jsonl")
        if records is None:
            shutil.copy(os.path.join(HERE, "results.jsonl"), results)
        else:
            with open(results, "w") as f:
                f.writelines(json.dumps(r) + "\n" for r in records)
        if memfloor:
            shutil.copy(os.path.join(HERE, "memfloor.jsonl"), d)
        env = dict(os.environ, RCU_UP_WORK=work or os.path.join(d, "no-work"),
                   MATRIX=os.path.join(HERE, "matrix"))
        out = subprocess.run([sys.executable, REPORT, results, os.path.join(d, "out")],
                             env=env, cwd=ROOT, capture_output=True, text=True)
        self.assertEqual(out.returncode, 0, out.stderr)
        with open(os.path.join(d, "out", "REPORT.md")) as f:
            # The temporary directory's name aside, the report is the same every time.
            return f.read().replace(os.path.relpath(d, ROOT), "TMP").replace(d, "TMP")

    @staticmethod
    def fixture():
        with open(os.path.join(HERE, "results.jsonl")) as f:
            return [json.loads(l) for l in f if l.strip()]

    @staticmethod
    def section(md, start, end):
        return md[md.index(start):md.index(end)]

    def test_sections_per_arch(self):
        md = self.run_report()
        for h in ("## 1. Size of the RCU objects, 2010, 2013 and 2026 (x86_64)", "## 8. arm",
                  "### 8.1 Size of the RCU objects (arm)",
                  "### 8.3 Runtime footprint in the 128 MB guest (arm)",
                  "### 8.4 Small guests (arm)", "### 8.5 Memory floor (arm)", "## 9. riscv64",
                  "### 9.6 The article's claim on riscv64"):
            self.assertIn(h, md)
        # The line without arch/mem_mb counts as x86_64 in 512 MB.
        self.assertIn("(3 boots, 3 distinct matrix lines)", md)
        self.assertIn("section 8 is arm (17 boots, every guest size), section 9 is riscv64 (2 boots", md)

    def test_arch_sizes_and_image(self):
        arm = self.section(self.run_report(), "## 8. arm", "## 9. riscv64")
        self.assertIn("| PREEMPT_RCU | stage 0, UP-PREEMPT | 54500 | 4030 | 124 | 58654 | 7,036 | 22,797 "
                      "| 8.3x | 2.6x |", arm)
        self.assertIn("| tree - tiny (PREEMPT_RCU - TINY_PREEMPT_RCU) | | +46500 | +3280 | +107 | +49887 "
                      "| +4,853 | +17,536 | - | - |", arm)
        self.assertIn("x86_64 (2013, the seed article)", arm)
        self.assertIn("| TINY_RCU | tiny.o | 2000 | 300 | 8 | 2308 |", arm)
        self.assertIn("| tree - tiny | +50000 | +10000 | +2000 | +62000 |", arm)
        self.assertIn("tree's image is 62,000 bytes larger (dec), 0.046% of a 128 MB guest", arm)
        self.assertIn("No bloat-o-meter total", arm)

    def test_footprint_128(self):
        arm = self.section(self.run_report(), "### 8.3", "### 8.4")
        # Newest run only: run A's 90000 kB boot of tree is left out, n = 2.
        self.assertIn("| PREEMPT_RCU | stage 0, UP-PREEMPT | 2 | 100200 (100000-100400) | 76.4% | 400 "
                      "| 0.305% | 2005 | 1.5% | 25 | 5 |", arm)
        self.assertIn("| TINY_PREEMPT_RCU | stage 1, UP-PREEMPT | 2 | 100500 (100300-100700) | 76.7% | 300 "
                      "| 0.229% | 1905 | 1.5% | 21 | 1 |", arm)
        self.assertIn("| TINY_RCU | stage 1, UP-NONE | 1 | 100800 (100800-100800) | 76.9% |", arm)
        self.assertIn("| tree - tiny | | | -300 | -0.229% | +100 | +0.076% | +100 | +0.076% | | |", arm)
        self.assertNotIn("Missing", arm)

    def test_small_guests(self):
        arm = self.section(self.run_report(), "### 8.4", "### 8.5")
        self.assertIn("| implementation | build | 512 MB | 128 MB | 32 MB | 16 MB | boots |", arm)
        self.assertIn("| TINY_RCU | stage 1, UP-NONE | PASS 1 | PASS 1 | PASS 1 | NOMEM 1, PASS 1 | 5 |", arm)
        self.assertIn("| PREEMPT_RCU | stage 0, UP-PREEMPT | PASS 1 | PASS 3 | PASS 1 | NOMEM 1 | 6 |", arm)
        self.assertNotIn("busted", arm)

    def test_floor_table(self):
        md = self.run_report()
        arm = self.section(md, "### 8.5", "### 8.6")
        # The newest of the two tree searches, below_floor cut to 80 characters.
        self.assertIn("| PREEMPT_RCU | stage 0, UP-PREEMPT | rcu 60s rcutorture.fwd_progress_holdoff=5 "
                      "| 12 MB | NOMEM guest of 11 MB too small: [ 0.200370] Initramfs unpacking failed: "
                      "inval... | 8 | 2026-12-04T12:05:02Z | 2 |", arm)
        self.assertIn("| TINY_PREEMPT_RCU | stage 1, UP-PREEMPT | rcu 60s rcutorture.fwd_progress_holdoff=5 "
                      "| 11 MB |", arm)
        self.assertNotIn("13 MB", arm)
        # A search from before the arch field is x86_64's, in section 3.
        x86 = self.section(md, "### Memory floor (x86_64)", "## 4.")
        self.assertIn("| TINY_PREEMPT_RCU | stage 1, UP-PREEMPT | rcu 30s | 20 MB "
                      "| NOMEM guest of 19 MB too small | 7 | 2026-12-04T08:00:00Z | 1 |", x86)
        self.assertNotIn("20 MB", arm)
        self.assertIn("Missing: ", self.section(md, "### 9.5", "### 9.6"))
        self.assertIn("has no riscv64 search", md)
        self.assertIn("scripts/memfloor.sh -a riscv64 0 UP-PREEMPT", md)

    def test_floor_from_boundary_boots(self):
        """Without a memfloor.jsonl search, a floor the results show at its
        boundary: every boot at N MB passed, the boot at N-1 MB did not."""
        recs = [r for r in self.fixture() if r.get("arch") == "riscv64"]
        base = dict(recs[0], seconds=60, boot_args="", torture_type="rcu")
        extra = [dict(base, mem_mb=9, verdict="PASS", run="20261204T190000Z"),
                 dict(base, mem_mb=8, verdict="NOMEM", reason="guest of 8 MB printed nothing",
                      run="20261204T190000Z"),
                 dict(base, mem_mb=7, verdict="NOMEM", reason="x", run="20261204T190000Z")]
        md = self.run_report(self.fixture() + extra)
        rv = self.section(md, "### 9.5", "### 9.6")
        self.assertIn("| 9 MB | NOMEM guest of 8 MB printed nothing | 2 | 20261204T190000Z |", rv)
        self.assertIn("the floor passed and the guest one MB smaller did not", rv)
        # A passing size whose smaller neighbour was not booted is no floor.
        md = self.run_report(self.fixture() + extra[:1])
        self.assertNotIn("| 9 MB |", self.section(md, "### 9.5", "### 9.6"))

    def test_claim(self):
        md = self.run_report()
        arm = self.section(md, "### 8.6", "## 9. riscv64")
        self.assertIn("TINY_PREEMPT_RCU leaves 300 kB more memory free than tree PREEMPT_RCU (0.229% of "
                      "the guest; median of 2 and 2 boots, whose MemFree ranges overlap) and its image is "
                      "62,000 bytes smaller (0.046% of 128 MB): under 1% of the guest, which bears the claim "
                      "out", arm)
        self.assertIn("12 MB for tree and 11 MB for tiny, 1 MB apart", arm)
        self.assertIn("arm, the article's claim", self.section(md, "## Conclusion", "riscv64, the article"))
        # The figures, not the wording, decide: 2000 kB less for tree is 1.5% of the guest.
        recs = self.fixture()
        for r in recs:
            if r.get("arch") == "arm" and r.get("mem_mb") == 128 and r["stage"] == 0:
                r["meminfo_kb"]["MemFree"] -= 2000
        arm = self.section(self.run_report(recs), "### 8.6", "## 9. riscv64")
        self.assertIn("leaves 2300 kB more memory free than tree PREEMPT_RCU (1.8% of the guest;", arm)
        self.assertIn("does not bear the claim out", arm)

    def test_missing(self):
        md = self.run_report()
        rv = md[md.index("## 9. riscv64"):md.index("## Conclusion")]
        matrix = os.path.join(HERE, "matrix")
        self.assertIn("Missing: no riscv64 size of PREEMPT_RCU (stage 0, UP-PREEMPT); `make run` boots it "
                      "with %s's line `riscv64 0 UP-PREEMPT rcu 60`." % matrix, rv)
        self.assertIn("Missing: no passing 128 MB boot of TINY_RCU (stage 1, UP-NONE) on riscv64; `make run` "
                      "boots it with %s's line `riscv64 1 UP-NONE rcu 60 - mem=128M`." % matrix, rv)
        # No matrix line: the section says which line would boot it.
        self.assertIn("Missing: no passing 128 MB boot of PREEMPT_RCU (stage 0, UP-PREEMPT) on riscv64; "
                      "no line of %s boots it; one such as `riscv64 0 UP-PREEMPT rcu 60 - mem=128M` would, "
                      "with `make run`." % matrix, rv)
        self.assertIn("| TINY_PREEMPT_RCU | stage 1, UP-PREEMPT | 1 | 110000 (110000-110000) | 83.9% |", rv)
        self.assertIn("not answered for riscv64: missing the passing 128 MB boot of tree PREEMPT_RCU", rv)
        self.assertNotIn("bears the claim out", rv)
        # No memfloor.jsonl at all.
        md = self.run_report(memfloor=False)
        self.assertIn("memfloor.jsonl has no arm search (no such file)", md)
        self.assertIn("the memory floors of tree and tiny are not both measured", md)

    def test_bloat_o_meter_per_arch(self):
        d = tempfile.mkdtemp(prefix="report-work-")
        self.addCleanup(shutil.rmtree, d)
        bloat = os.path.join(d, "linux", "scripts", "bloat-o-meter")
        os.makedirs(os.path.dirname(bloat))
        with open(bloat, "w") as f:
            f.write(FAKE_BLOAT)
        os.chmod(bloat, 0o755)
        for stage in (0, 1):
            v = os.path.join(d, "stage-%d" % stage, "build-arm", "UP-PREEMPT", "vmlinux")
            os.makedirs(os.path.dirname(v))
            open(v, "w").close()
        md = self.run_report(work=d)
        arm = self.section(md, "### 8.2", "### 8.3")
        self.assertIn("`scripts/bloat-o-meter -p arm-linux-gnueabihf-` from tiny to tree: `add/remove: "
                      "2/0 grow/shrink: 1/0 up/down: 300/0 (300)` ... `Total: Before=1000, After=1300, "
                      "chg +30.00%`", arm)
        # bloat-o-meter ran with the arch's nm prefix, from tiny (stage 1) to tree (stage 0).
        images = [os.path.join(d, "stage-%d" % s, "build-arm", "UP-PREEMPT", "vmlinux") for s in (1, 0)]
        with open(bloat + ".args") as f:
            args = f.read().split()
        self.assertEqual(args[0], "-p")
        self.assertEqual(args[2:], images)
        # The prefix is a directory whose nm runs arm's without nameless symbols.
        with open(bloat + ".nm") as f:
            self.assertIn("arm-linux-gnueabihf-nm \"$@\" | awk 'NF == 3'", f.read())
        self.assertIn("No bloat-o-meter total", self.section(md, "### 9.2", "### 9.3"))

    def test_deterministic(self):
        self.assertEqual(self.run_report(), self.run_report())


if __name__ == "__main__":
    unittest.main()
