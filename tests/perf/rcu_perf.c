// SPDX-License-Identifier: GPL-2.0-only
/*
 * rcu_perf: how the cost of an RCU implementation grows with its load, on
 * a uniprocessor guest.  The perf suite boots it at stage 0 (tree
 * PREEMPT_RCU) and at stage 1 (TINY_PREEMPT_RCU), under QEMU instruction
 * counting, so that the curves compare the implementations alone.
 *
 * rcu-up's guest init loads it with test=CASE,CASE...; it runs the cases
 * from module_init, in the order given, and the guest powers off once it
 * returns.  Each case prints "rcu-perf: CASE key=value ..." lines (integers
 * only, for the harness's awk) and "rcu-perf: CASE: done"; the module ends
 * with "rcu-perf: done".  Setup failures print "rcu-perf: error ...".
 *
 *  footprint  memory in use at a fixed point after boot
 *  gp         grace-period latency with N readers preempted inside their
 *             critical sections, normal and expedited
 *  flood      call_rcu() floods of rising rate: throughput, backlog, drain
 *  boost      how long a reader starved by a real-time hog waits for RCU
 *             priority boosting (CONFIG_RCU_BOOST only)
 *  idle       interrupts, softirqs and context switches while idle and
 *             under a light call_rcu() load
 */
#define pr_fmt(fmt) "rcu-perf: " fmt

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/hardirq.h>
#include <linux/jiffies.h>
#include <linux/kernel_stat.h>
#include <linux/kthread.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/vmstat.h>
#include <uapi/linux/sched/types.h>

static char *test = "footprint,gp,flood,boost,idle";
module_param(test, charp, 0444);
MODULE_PARM_DESC(test, "Comma-separated cases, run in this order: footprint, gp, flood, boost, idle");

static char *readers = "0,1,10,100,1000";
module_param(readers, charp, 0444);
MODULE_PARM_DESC(readers, "Numbers of preempted readers per grace period (gp)");
static int reps = 10;
module_param(reps, int, 0444);
MODULE_PARM_DESC(reps, "Grace periods of each kind per number of readers (gp)");
static bool gp_switches;
module_param(gp_switches, bool, 0444);
MODULE_PARM_DESC(gp_switches, "gp: also count the context switches each timed grace period took");

static char *rates = "1000,10000,100000,1000000";
module_param(rates, charp, 0444);
MODULE_PARM_DESC(rates, "call_rcu() rates to offer, per second (flood)");
static int flood_ms = 1000;
module_param(flood_ms, int, 0444);
MODULE_PARM_DESC(flood_ms, "How long each rate is offered (flood)");
static int max_pending = 200000;
module_param(max_pending, int, 0444);
MODULE_PARM_DESC(max_pending, "Backlog of callbacks at which posting stops (flood)");

static int boost_reps = 5;
module_param(boost_reps, int, 0444);
MODULE_PARM_DESC(boost_reps, "Repetitions of each kind (boost)");
static int hog_ms = 3000;
module_param(hog_ms, int, 0444);
MODULE_PARM_DESC(hog_ms, "Longest the real-time hog spins (boost)");

static int idle_ms = 10000;
module_param(idle_ms, int, 0444);
MODULE_PARM_DESC(idle_ms, "Length of each window (idle)");
static char *loads = "0,10,100";
module_param(loads, charp, 0444);
MODULE_PARM_DESC(loads, "call_rcu() rates during the windows, per second (idle)");

#define PERF_MAX_POINTS	16

/* The number lists, parsed before any case runs. */
static unsigned int gp_readers[PERF_MAX_POINTS], gp_nreaders;
static unsigned int flood_rates[PERF_MAX_POINTS], flood_nrates;
static unsigned int idle_loads[PERF_MAX_POINTS], idle_nloads;

/*
 * Parse the comma-separated list @s of parameter @name into @vals.
 * Returns 0, or -EINVAL after saying what is wrong.
 */
static int perf_parse_list(const char *name, const char *s, unsigned int *vals,
			   unsigned int *n)
{
	char *buf, *p, *tok;
	int ret = 0;

	buf = kstrdup(s, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	*n = 0;
	p = buf;
	while ((tok = strsep(&p, ",")) && !ret) {
		if (*n == PERF_MAX_POINTS || kstrtouint(tok, 10, &vals[*n]))
			ret = -EINVAL;
		else
			(*n)++;
	}
	kfree(buf);
	if (ret)
		pr_alert("error bad parameter %s=%s: up to %d non-negative integers\n",
			 name, s, PERF_MAX_POINTS);
	return ret;
}

/*
 * A kthread that sleeps, outside any reader, until it is kicked for a
 * round.  TASK_IDLE: it may wait for seconds while other rounds run, and
 * must not count as load nor draw hung-task reports.
 */
struct perf_kthread {
	struct task_struct *task;
	bool go;
};

/* Wait for the next round; false once the kthread is to stop. */
static bool perf_wait_go(struct perf_kthread *pk)
{
	for (;;) {
		set_current_state(TASK_IDLE);
		if (kthread_should_stop()) {
			__set_current_state(TASK_RUNNING);
			return false;
		}
		if (READ_ONCE(pk->go))
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	WRITE_ONCE(pk->go, false);
	return true;
}

static void perf_kick(struct perf_kthread *pk)
{
	WRITE_ONCE(pk->go, true);
	wake_up_process(pk->task);
}

/*
 * Be preempted: an involuntary context switch, which a reader may take,
 * unlike a voluntary one.  The scheduler notes it to RCU before it picks
 * the next task, so even if it picks this one again, a reader has been
 * queued as blocked.
 */
static void perf_preempt_self(void)
{
	preempt_disable();
	set_tsk_need_resched(current);
	set_preempt_need_resched();
	preempt_enable();
}

/* Has RCU queued the current task as a reader preempted in its critical section? */
static bool perf_reader_queued(void)
{
#ifdef CONFIG_PREEMPT_RCU
	return READ_ONCE(current->rcu_read_unlock_special.b.blocked);
#else
	return true;
#endif
}

/* A 64-byte object that call_rcu() frees, counting the callbacks invoked. */
struct perf_obj {
	struct rcu_head rh;
	u8 pad[64 - sizeof(struct rcu_head)];
};

static atomic_long_t perf_invoked;

static void perf_obj_free(struct rcu_head *rhp)
{
	kfree(container_of(rhp, struct perf_obj, rh));
	atomic_long_inc(&perf_invoked);
}

/* Post one callback; false if no memory.  @size, if 0, gets the object's. */
static bool perf_post_one(size_t *size)
{
	struct perf_obj *p = kmalloc(sizeof(*p), GFP_KERNEL | __GFP_NOWARN);

	if (!p)
		return false;
	if (size && !*size)
		*size = ksize(p);
	call_rcu(&p->rh, perf_obj_free);
	return true;
}

/*
 * footprint: memory in use once boot has ended and every RCU kthread
 * exists, the same point of every boot.
 */
static int perf_footprint(void)
{
	struct sysinfo si;

	si_meminfo(&si);
	pr_alert("footprint free_kb=%lu kernel_stack_kb=%lu slab_reclaimable_kb=%lu slab_unreclaimable_kb=%lu\n",
		 si.freeram << (PAGE_SHIFT - 10),
		 global_node_page_state(NR_KERNEL_STACK_KB),
		 global_node_page_state_pages(NR_SLAB_RECLAIMABLE_B) << (PAGE_SHIFT - 10),
		 global_node_page_state_pages(NR_SLAB_UNRECLAIMABLE_B) << (PAGE_SHIFT - 10));
	return 0;
}

/*
 * Context switches so far, of every task (@all) and of RCU's own kthreads
 * (@rcu).  A task that exits in between takes its count with it; the list
 * walk itself is safe against exits under rcu_read_lock().
 */
static void perf_count_switches(unsigned long *all, unsigned long *rcu)
{
	struct task_struct *g, *t;
	unsigned long n;

	*all = 0;
	*rcu = 0;
	rcu_read_lock();
	for_each_process_thread(g, t) {
		n = READ_ONCE(t->nvcsw) + READ_ONCE(t->nivcsw);
		*all += n;
		if ((t->flags & PF_KTHREAD) && !strncmp(t->comm, "rcu", 3))
			*rcu += n;
	}
	rcu_read_unlock();
}

/*
 * gp: how long synchronize_rcu() (or _expedited()) takes when it is called
 * with N readers preempted inside their critical sections, which are
 * released at the call and leave as soon as they run: what a caller waits.
 * Tiny starts the grace period inside the call, so it waits for all N
 * blocked readers' rcu_read_unlock() paths; tree starts a normal grace
 * period from its grace-period kthread, a tick or so later, by when the
 * released readers may all have left.
 *
 * The module's thread measures, at SCHED_FIFO, so that no reader (they
 * are SCHED_NORMAL) runs while it sets a round up.  It kicks the readers
 * one at a time; each enters rcu_read_lock() and completes gp_entered,
 * whose wakeup of the measurer preempts it right there.  Readers already
 * inside that the scheduler picks again before the release preempt
 * themselves at once, rather than spin until the tick; sleeping would be
 * a voluntary context switch, which no reader may take.
 *
 * Even so, a fair scheduler gives every reader inside its turn before the
 * one just kicked, which made setting up 1000 readers take 24 s.  So a
 * reader inside steps aside to nice 19 (with preemption disabled, so that
 * it is the measurer's wakeup that preempts it), and the measurer puts it
 * back to nice 0 before its next kick, while it sleeps: the kicked reader
 * then runs first, and the released ones unlock at nice 19, which only
 * matters if other SCHED_NORMAL tasks want the CPU then.
 */
static DECLARE_COMPLETION(gp_entered);
static bool gp_release;
static atomic_t gp_unqueued;	/* Readers RCU did not queue as blocked. */

static int gp_reader_fn(void *arg)
{
	struct perf_kthread *pk = arg;

	while (perf_wait_go(pk)) {
		rcu_read_lock();
		preempt_disable();
		set_user_nice(current, MAX_NICE);
		complete(&gp_entered);
		preempt_enable();
		while (!READ_ONCE(gp_release))
			perf_preempt_self();
		if (!perf_reader_queued())
			atomic_inc(&gp_unqueued);
		rcu_read_unlock();
	}
	return 0;
}

/*
 * One timed grace period with the @n readers preempted inside.  Returns
 * how long getting them there took.
 */
static u64 gp_round(struct perf_kthread *rd, unsigned int n, bool exp, int rep)
{
	const char *kind = exp ? "expedited" : "normal";
	unsigned long sw0 = 0, rcu_sw0 = 0, sw1, rcu_sw1;
	unsigned int i;
	u64 t0, t1;

	WRITE_ONCE(gp_release, false);
	atomic_set(&gp_unqueued, 0);
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		set_user_nice(rd[i].task, 0);
		perf_kick(&rd[i]);
		wait_for_completion(&gp_entered);
	}
	/* Counted before t1 and after the figure, so as not to time it. */
	if (gp_switches)
		perf_count_switches(&sw0, &rcu_sw0);
	t1 = ktime_get_ns();
	WRITE_ONCE(gp_release, true);
	if (exp)
		synchronize_rcu_expedited();
	else
		synchronize_rcu();
	pr_alert("gp kind=%s readers=%u rep=%d ns=%llu\n", kind, n, rep, ktime_get_ns() - t1);
	if (gp_switches) {
		perf_count_switches(&sw1, &rcu_sw1);
		pr_alert("gp-switches kind=%s readers=%u rep=%d switches=%lu rcu_kthread_switches=%lu\n",
			 kind, n, rep, sw1 - sw0, rcu_sw1 - rcu_sw0);
	}
	/* The grace period waited for every reader, so each has counted. */
	if (atomic_read(&gp_unqueued))
		pr_alert("error gp kind=%s readers=%u rep=%d: %d readers not queued as preempted\n",
			 kind, n, rep, atomic_read(&gp_unqueued));
	return t1 - t0;
}

/*
 * Start @n readers, time reps rounds of each kind with them, and stop
 * them.  Also prints what setting the rounds up cost.
 */
static int gp_with_readers(unsigned int n)
{
	struct perf_kthread *rd;
	struct task_struct *t;
	u64 t0, create_ns, enter_ns = 0;
	unsigned int i;
	int rep, ret = 0;

	rd = kcalloc(n, sizeof(*rd), GFP_KERNEL);
	if (!rd)
		return -ENOMEM;
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		t = kthread_run(gp_reader_fn, &rd[i], "perf_gp/%u", i);
		if (IS_ERR(t)) {
			ret = PTR_ERR(t);
			n = i;
			goto out;
		}
		rd[i].task = t;
	}
	create_ns = ktime_get_ns() - t0;
	for (rep = 0; rep < reps; rep++) {
		enter_ns = max(enter_ns, gp_round(rd, n, false, rep));
		enter_ns = max(enter_ns, gp_round(rd, n, true, rep));
	}
	if (n)
		pr_alert("setup readers=%u create_ns=%llu enter_ns=%llu\n", n, create_ns, enter_ns);
out:
	for (i = 0; i < n; i++)
		kthread_stop(rd[i].task);
	kfree(rd);
	return ret;
}

static int perf_gp(void)
{
	int nice = task_nice(current);
	unsigned int i;
	int ret = 0;

	sched_set_fifo(current);
	for (i = 0; i < gp_nreaders && !ret; i++) {
		ret = gp_with_readers(gp_readers[i]);
		if (ret)
			pr_alert("error gp readers=%u: cannot set the readers up: %d\n",
				 gp_readers[i], ret);
	}
	sched_set_normal(current, nice);
	return ret;
}

/*
 * flood: call_rcu() at a rate, from this SCHED_NORMAL thread, for flood_ms,
 * in batches one jiffy apart.  Each batch posts what is due by the end of
 * its jiffy, so fractions carry over (low rates) and a late batch catches
 * up.  Posting stops for good once the backlog reaches max_pending, or at
 * the first allocation failure.
 */
struct flood_result {
	unsigned long posted;
	unsigned long invoked;
	unsigned long peak;	/* Largest backlog: posted, not invoked. */
	size_t size;		/* ksize() of one object. */
	bool capped;
	bool nomem;
};

/* Post until @due have been; false once posting is to stop. */
static bool flood_batch(struct flood_result *fr, u64 due, unsigned long end)
{
	unsigned long pending;

	while (fr->posted < due) {
		if (!perf_post_one(&fr->size)) {
			fr->nomem = true;
			return false;
		}
		fr->posted++;
		pending = fr->posted - atomic_long_read(&perf_invoked);
		fr->peak = max(fr->peak, pending);
		if (pending >= (unsigned long)max_pending) {
			fr->capped = true;
			return false;
		}
		/*
		 * A batch that cannot keep up must not outlast the window
		 * by more than the jiffy its last batch may start in.
		 */
		if (!(fr->posted & 255) && time_after(jiffies, end))
			return false;
	}
	return true;
}

static void flood_rate(unsigned int rate)
{
	unsigned long len = msecs_to_jiffies(flood_ms);
	struct flood_result fr = {};
	unsigned long j0, n, end;
	u64 t0, window_ns, drain_ns;

	atomic_long_set(&perf_invoked, 0);
	t0 = ktime_get_ns();
	j0 = jiffies;
	end = j0 + len;
	do {
		/* Jiffies into the window by the end of this batch's. */
		n = min(jiffies - j0 + 1, len);
		if (!flood_batch(&fr, div_u64((u64)rate * n, HZ), end))
			break;
		if (n < len)
			schedule_timeout_uninterruptible(1);
	} while (n < len);
	/* Capped: the rest of the window without posting. */
	while (fr.capped && time_before(jiffies, end))
		schedule_timeout_uninterruptible(end - jiffies);
	window_ns = ktime_get_ns() - t0;
	fr.invoked = atomic_long_read(&perf_invoked);
	t0 = ktime_get_ns();
	rcu_barrier();
	drain_ns = ktime_get_ns() - t0;
	if (fr.nomem)
		pr_alert("flood rate=%u: out of memory after %lu callbacks, posting stopped\n",
			 rate, fr.posted);
	pr_alert("flood rate=%u posted=%lu invoked=%lu window_ns=%llu drain_ns=%llu peak_pending=%lu peak_bytes=%lu capped=%d\n",
		 rate, fr.posted, fr.invoked, window_ns, drain_ns, fr.peak,
		 fr.peak * fr.size, fr.capped);
	if (atomic_long_read(&perf_invoked) != fr.posted)
		pr_alert("error flood rate=%u: %ld of %lu callbacks invoked after rcu_barrier()\n",
			 rate, atomic_long_read(&perf_invoked), fr.posted);
}

static int perf_flood(void)
{
	unsigned int i;

	rcu_barrier();
	for (i = 0; i < flood_nrates; i++)
		flood_rate(flood_rates[i]);
	return 0;
}

/*
 * boost: a SCHED_FIFO 1 reader is preempted inside its critical section
 * by a SCHED_FIFO 2 hog, and a grace period that has to wait for it
 * starts.  The reader runs again only once RCU boosts it to
 * rcutree.kthread_prio (3, from the harness) above the hog: after
 * CONFIG_RCU_BOOST_DELAY, or at once for an expedited grace period.  ns is
 * the time from the synchronize_rcu() call that requests the grace period
 * to the reader running again (tree starts the grace period itself up to a
 * tick later, from its grace-period kthread; tiny inside the call).  The
 * hog stops by itself when the reader has run, or after hog_ms without a
 * boost (hog_timeout=1), so nothing waits forever.  The measurer, at
 * SCHED_FIFO 50, is above both.
 */

/* kernel/rcu/rcu.h's, exported by tree and by tiny with RCU_BOOST. */
int rcu_get_gp_kthreads_prio(void);

#ifdef CONFIG_RCU_BOOST
#define BOOST_DELAY_MS	CONFIG_RCU_BOOST_DELAY
#else
#define BOOST_DELAY_MS	0
#endif

static struct perf_kthread boost_reader, boost_hog;
static DECLARE_COMPLETION(boost_hog_spinning);
static DECLARE_COMPLETION(boost_hog_done);
static DECLARE_COMPLETION(boost_reader_done);
static bool boost_reader_ran;
static bool boost_reader_queued;
static bool boost_hog_timeout;
static u64 boost_reader_at;

/*
 * The time is taken when the reader runs again, before its
 * rcu_read_unlock(): that unlock ends its boost, and the hog, RCU's boost
 * kthread and the measurer then run before the reader could take it.
 */
static int boost_reader_fn(void *unused)
{
	while (perf_wait_go(&boost_reader)) {
		rcu_read_lock();
		perf_kick(&boost_hog);	/* The hog preempts this reader here. */
		WRITE_ONCE(boost_reader_at, ktime_get_ns());
		WRITE_ONCE(boost_reader_ran, true);
		boost_reader_queued = perf_reader_queued();
		rcu_read_unlock();
		complete(&boost_reader_done);
	}
	return 0;
}

static int boost_hog_fn(void *unused)
{
	u64 t0, limit = (u64)hog_ms * NSEC_PER_MSEC;
	bool timeout;

	while (perf_wait_go(&boost_hog)) {
		t0 = ktime_get_ns();
		timeout = false;
		complete(&boost_hog_spinning);	/* The measurer preempts the hog here. */
		while (!READ_ONCE(boost_reader_ran) && !timeout) {
			cpu_relax();
			timeout = ktime_get_ns() - t0 >= limit;
		}
		WRITE_ONCE(boost_hog_timeout, timeout);
		complete(&boost_hog_done);
	}
	return 0;
}

static void boost_round(bool exp, int rep)
{
	u64 t0, ns;

	/* A grace period already in flight could boost the reader early. */
	synchronize_rcu();
	WRITE_ONCE(boost_reader_ran, false);
	perf_kick(&boost_reader);
	wait_for_completion(&boost_hog_spinning);
	t0 = ktime_get_ns();
	if (exp)
		synchronize_rcu_expedited();
	else
		synchronize_rcu();
	wait_for_completion(&boost_reader_done);
	wait_for_completion(&boost_hog_done);
	ns = READ_ONCE(boost_reader_at) - t0;
	pr_alert("boost kind=%s delay_ms=%d rep=%d ns=%llu hog_timeout=%d\n",
		 exp ? "expedited" : "normal", exp ? 0 : BOOST_DELAY_MS, rep, ns,
		 READ_ONCE(boost_hog_timeout));
	if (!boost_reader_queued)
		pr_alert("error boost rep=%d: the reader was not queued as preempted\n", rep);
}

/* Start @pk's kthread at SCHED_FIFO @prio. */
static int boost_start(struct perf_kthread *pk, int (*fn)(void *), int prio, const char *name)
{
	struct sched_attr attr = { .sched_policy = SCHED_FIFO, .sched_priority = prio };
	struct task_struct *t;
	int ret;

	t = kthread_create(fn, NULL, "%s", name);
	if (IS_ERR(t)) {
		pr_alert("error boost: cannot start %s: %ld\n", name, PTR_ERR(t));
		return PTR_ERR(t);
	}
	ret = sched_setattr_nocheck(t, &attr);
	if (ret) {
		pr_alert("error boost: cannot make %s SCHED_FIFO %d: %d\n", name, prio, ret);
		kthread_stop(t);
		return ret;
	}
	pk->task = t;
	wake_up_process(t);
	return 0;
}

static int perf_boost(void)
{
	int nice = task_nice(current);
	int rep, ret;

	if (!IS_ENABLED(CONFIG_RCU_BOOST)) {
		pr_alert("boost: skipped, no CONFIG_RCU_BOOST\n");
		return 0;
	}
	/* Boosted below the hog, the reader would wait out hog_ms every time. */
	if (rcu_get_gp_kthreads_prio() < 3) {
		pr_alert("error boost: RCU boosts to SCHED_FIFO %d, not above the hog's 2: %s\n",
			 rcu_get_gp_kthreads_prio(), "boot with rcutree.kthread_prio=3");
		return -EINVAL;
	}
	sched_set_fifo(current);
	ret = boost_start(&boost_hog, boost_hog_fn, 2, "perf_boost_hog");
	if (ret)
		goto out;
	ret = boost_start(&boost_reader, boost_reader_fn, 1, "perf_boost_rd");
	if (ret)
		goto out_hog;
	for (rep = 0; rep < boost_reps; rep++)
		boost_round(false, rep);
	for (rep = 0; rep < boost_reps; rep++)
		boost_round(true, rep);
	kthread_stop(boost_reader.task);
out_hog:
	kthread_stop(boost_hog.task);
out:
	sched_set_normal(current, nice);
	return ret;
}

/*
 * idle: what keeps an idle board's CPU from sleeping, over idle_ms, with
 * this thread asleep (load 0) or posting a single call_rcu() every
 * 1000/load ms: interrupts, RCU and timer softirqs, and context switches,
 * those of RCU's own kthreads apart.
 */
struct idle_counts {
	u64 irqs;
	unsigned int rcu_softirqs;
	unsigned int timer_softirqs;
	unsigned long switches;
	unsigned long rcu_switches;
};

/*
 * Interrupts taken by CPU 0.  x86 counts its local APIC's interrupts, the
 * timer's among them, apart from the others, and does not export the sum
 * (arch_irq_stat_cpu()), so add them up here.
 */
static u64 idle_irqs(void)
{
	u64 n = kstat_cpu_irqs_sum(0);

#ifdef CONFIG_X86_LOCAL_APIC
	const irq_cpustat_t *is = &per_cpu(irq_stat, 0);

	n += is->__nmi_count + is->apic_timer_irqs + is->irq_spurious_count +
	     is->apic_perf_irqs + is->apic_irq_work_irqs;
#endif
	return n;
}

static void idle_snapshot(struct idle_counts *c)
{
	c->irqs = idle_irqs();
	c->rcu_softirqs = kstat_softirqs_cpu(RCU_SOFTIRQ, 0);
	c->timer_softirqs = kstat_softirqs_cpu(TIMER_SOFTIRQ, 0);
	perf_count_switches(&c->switches, &c->rcu_switches);
}

/* Post @load callbacks per second until @end, paced on jiffies. */
static void idle_post(unsigned int load, unsigned long end, bool *nomem)
{
	unsigned long j0 = jiffies, next;
	u64 k;

	for (k = 1; time_before(jiffies, end); k++) {
		next = j0 + div_u64(k * HZ, load);
		if (time_after(next, end))
			next = end;
		if (time_before(jiffies, next))
			schedule_timeout_idle(next - jiffies);
		if (time_before(jiffies, end) && !*nomem && !perf_post_one(NULL))
			*nomem = true;
	}
}

static void idle_window(unsigned int load)
{
	struct idle_counts a, b;
	unsigned long end;
	bool nomem = false;
	u64 t0, window_ns;

	/* Let earlier work, console output included, die down first. */
	rcu_barrier();
	schedule_timeout_idle(HZ / 10);
	idle_snapshot(&a);
	t0 = ktime_get_ns();
	end = jiffies + msecs_to_jiffies(idle_ms);
	if (load)
		idle_post(load, end, &nomem);
	while (time_before(jiffies, end))
		schedule_timeout_idle(end - jiffies);
	window_ns = ktime_get_ns() - t0;
	idle_snapshot(&b);
	pr_alert("idle load=%u window_ns=%llu irqs=%llu rcu_softirqs=%u timer_softirqs=%u switches=%ld rcu_kthread_switches=%ld\n",
		 load, window_ns, b.irqs - a.irqs, b.rcu_softirqs - a.rcu_softirqs,
		 b.timer_softirqs - a.timer_softirqs, (long)(b.switches - a.switches),
		 (long)(b.rcu_switches - a.rcu_switches));
	if (nomem)
		pr_alert("idle load=%u: out of memory, posting stopped\n", load);
}

static int perf_idle(void)
{
	unsigned int i;

	for (i = 0; i < idle_nloads; i++)
		idle_window(idle_loads[i]);
	return 0;
}

static const struct {
	const char *name;
	int (*fn)(void);
} perf_cases[] = {
	{ "footprint", perf_footprint },
	{ "gp", perf_gp },
	{ "flood", perf_flood },
	{ "boost", perf_boost },
	{ "idle", perf_idle },
};

/* Parse the test parameter into indexes into perf_cases[]. */
static int perf_parse_test(int *todo, int *n)
{
	char *buf, *p, *tok;
	int i, ret = 0;

	buf = kstrdup(test, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	*n = 0;
	p = buf;
	while ((tok = strsep(&p, ",")) && !ret) {
		for (i = 0; i < ARRAY_SIZE(perf_cases); i++)
			if (!strcmp(tok, perf_cases[i].name))
				break;
		if (i == ARRAY_SIZE(perf_cases) || *n == PERF_MAX_POINTS)
			ret = -EINVAL;
		else
			todo[(*n)++] = i;
	}
	kfree(buf);
	if (ret)
		pr_alert("error bad parameter test=%s: cases are footprint, gp, flood, boost and idle\n",
			 test);
	return ret;
}

static int perf_check_params(void)
{
	if (reps < 0 || flood_ms < 0 || max_pending < 1 || boost_reps < 0 ||
	    hog_ms < 0 || idle_ms < 0) {
		pr_alert("error bad parameter: negative count or time, or max_pending below 1\n");
		return -EINVAL;
	}
	return perf_parse_list("readers", readers, gp_readers, &gp_nreaders) ?:
	       perf_parse_list("rates", rates, flood_rates, &flood_nrates) ?:
	       perf_parse_list("loads", loads, idle_loads, &idle_nloads);
}

static int __init rcu_perf_init(void)
{
	int todo[PERF_MAX_POINTS];
	int i, n, err, ret;

	ret = perf_check_params() ?: perf_parse_test(todo, &n);
	if (ret)
		return ret;
	pr_alert("start test=%s\n", test);
	for (i = 0; i < n; i++) {
		err = perf_cases[todo[i]].fn();
		ret = ret ?: err;
		pr_alert("%s: done\n", perf_cases[todo[i]].name);
	}
	rcu_barrier();
	pr_alert("done\n");
	return ret;
}
module_init(rcu_perf_init);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("How the cost of RCU grows with its load on one CPU (rcu-up test)");
