#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""estimate-check.py LOG: how true were a run's time-left estimates?

LOG is what scripts/run.sh printed (make run's or make check's output).
Each line "[HH:MM:SS] ... about N min left (builds M, boots K)" or
"... about N min of builds left" is set against what was really left:
the time from that line to the run's last "N of N runs as expected"
line (to the last build's "built in" line for the builds' estimates).
Prints one row per estimate (time, minutes estimated, minutes left,
error) and the largest error from the middle of the run on while at
least 5 minutes were left (below that the whole minutes of the estimate
are most of its error); exits 1 when LOG has no estimate or no end."""
import re
import sys

STAMP = re.compile(r"^\[(\d\d):(\d\d):(\d\d)\] ")
TOTAL = re.compile(r"about (\d+) min left \(builds (\d+), boots (\d+)\)")
BUILDS = re.compile(r"about (\d+) min of builds left")
END = re.compile(r"\d+ of \d+ runs as expected|runs as expected")
BUILT = re.compile(r": built in \d+s|: up to date, not rebuilt")


def seconds(m, last, day):
    """Seconds since the log's first line, across midnight."""
    s = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3)) + day
    if last is not None and s < last - 43200:
        day += 86400
        s += 86400
    return s, day


def main(path):
    total, builds = [], []
    end = built = None
    last, day = None, 0
    with open(path, errors="replace") as f:
        for line in f:
            m = STAMP.match(line)
            if not m:
                continue
            t, day = seconds(m, last, day)
            last = t
            if (e := TOTAL.search(line)):
                total.append((m.group(0)[1:9], t, int(e.group(1))))
            elif (e := BUILDS.search(line)):
                builds.append((m.group(0)[1:9], t, int(e.group(1))))
            if BUILT.search(line):
                built = t
            if END.search(line):
                end = t
    if end is None or not (total or builds):
        print("%s: no estimate or no end line (\"N of N runs as expected\")" % path)
        return 1
    start = min(x[1] for x in total + builds)
    mid = start + (end - start) / 2

    def table(name, rows, until):
        worst = 0.0
        print("%s: time, estimated min, actual min, error" % name)
        for stamp, t, est in rows:
            actual = (until - t) / 60
            err = (est - actual) / actual * 100 if actual >= 1 else 0.0
            if t >= mid and actual >= 5:
                worst = max(worst, abs(err))
            print("  %s  %4d  %6.1f  %+5.0f%%" % (stamp, est, actual, err))
        return worst

    if builds and built is not None:
        w = table("builds left", builds, built)
        print("  largest error from the middle of the run on, 5 min or more left: %.0f%%" % w)
    if total:
        w = table("left in all", total, end)
        print("  largest error from the middle of the run on, 5 min or more left: %.0f%%" % w)
    print("run: %d min from the first estimate to the end" % round((end - start) / 60))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: %s LOG (make run's or make check's output)" % sys.argv[0])
    sys.exit(main(sys.argv[1]))
