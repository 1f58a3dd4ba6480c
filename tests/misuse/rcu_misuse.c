// SPDX-License-Identifier: GPL-2.0-only
/*
 * rcu_misuse: provoke one misuse of the RCU API per boot, so that the
 * harness can check that TINY_PREEMPT_RCU diagnoses it the way tree
 * PREEMPT_RCU does.  scripts/misuse-expect.txt lists what tree RCU prints
 * for each case; the MISUSE scenario boots this at stage 0 (tree) and at
 * stage 1 (tiny) against the same list.
 *
 * rcu-up's guest init loads it with test=CASE.  It prints "CASE: provoking"
 * before and "CASE: done" after, and the console in between is judged.
 * Test code only: it damages the kernel it runs in (sync_in_reader leaves
 * a task deadlocked for good), so the guest powers off right after.
 */
#define pr_fmt(fmt) "rcu-misuse: " fmt

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/debug.h>
#include <linux/sched/rt.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/srcu.h>
#include <linux/timer.h>
#include <asm/apic.h>
#include <asm/nmi.h>

static char *test = "none";
module_param(test, charp, 0444);
MODULE_PARM_DESC(test, "Case to run: underflow, sync_in_reader, stall_timeout, stall_suppressed, nmi_reader, srcu_softirq_reader, tasks_softirq_qs, boost_prio, fifo_cb_flood, irqs_off_unboost, preempt_off_resched, stall_panic, stall_panic_max or stall_ftrace");

static int stall_wait = 40;
module_param(stall_wait, int, 0444);
MODULE_PARM_DESC(stall_wait, "Seconds to wait for the RCU CPU stall warning (sync_in_reader, stall_*)");

/*
 * rcu_read_unlock() with no reader open.  Both implementations check the
 * nesting count under PROVE_LOCKING, and lockdep sees rcu_lock_map released
 * without being held.  The count is then put back by hand: lockdep has
 * switched itself off after its report, so it need not be told.
 */
static void misuse_underflow(void)
{
	int depth;

	rcu_read_unlock();
	depth = rcu_preempt_depth();
	current->rcu_read_lock_nesting = 0;
	pr_info("underflow: nesting after the unbalanced unlock: %d\n", depth);
}

/*
 * A reader that waits for a grace period waits for itself.  Lockdep names
 * the illegal call, might_sleep() the RCU nesting, the scheduler the
 * voluntary context switch in a reader, and the never-ending grace period
 * draws RCU CPU stall warnings.  The task stays blocked for good, so it is
 * a kthread of its own and the module only waits for the stall warning.
 */
static int sync_in_reader_thread(void *unused)
{
	rcu_read_lock();
	synchronize_rcu();
	rcu_read_unlock();
	WARN(1, "rcu-misuse: sync_in_reader: synchronize_rcu() returned inside its own reader\n");
	return 0;
}

static void misuse_sync_in_reader(void)
{
	struct task_struct *t;

	t = kthread_run(sync_in_reader_thread, NULL, "rcu_misuse_sync");
	if (IS_ERR(t)) {
		pr_err("sync_in_reader: cannot start kthread: %ld\n", PTR_ERR(t));
		return;
	}
	ssleep(stall_wait);
}

/*
 * NMI handlers may run RCU readers, and their rcu_read_unlock() must leave
 * the interrupted task's deferred quiescent state alone: it cannot take
 * locks or wake anyone.  Set that state up (a reader preempted, then ended
 * with interrupts disabled, so its quiescent state is deferred) and run a
 * reader in an NMI on top of it.  No diagnostic is expected, and grace
 * periods must still complete afterwards.
 */
static atomic_t nmi_readers;
static bool nmi_armed;
static unsigned int nmi_special;	/* ->rcu_read_unlock_special seen in NMI. */

static int misuse_nmi_handler(unsigned int type, struct pt_regs *regs)
{
	if (!READ_ONCE(nmi_armed))
		return NMI_DONE;
	WRITE_ONCE(nmi_special, READ_ONCE(current->rcu_read_unlock_special.s));
	rcu_read_lock();
	rcu_read_unlock();
	atomic_inc(&nmi_readers);
	WRITE_ONCE(nmi_armed, false);
	return NMI_HANDLED;
}

static void misuse_nmi_reader(void)
{
	struct task_struct *t = current;
	int i, ret;

	ret = register_nmi_handler(NMI_LOCAL, misuse_nmi_handler, 0, "rcu_misuse");
	if (ret) {
		pr_err("nmi_reader: cannot register NMI handler: %d\n", ret);
		return;
	}

	/* Be preempted within a reader: the task is queued as blocked. */
	rcu_read_lock();
	preempt_disable();
	set_tsk_need_resched(t);
	set_preempt_need_resched();
	preempt_enable();

	/* End it with interrupts disabled: the quiescent state is deferred. */
	local_irq_disable();
	rcu_read_unlock();
	WRITE_ONCE(nmi_armed, true);
	/* Not the "self" shorthand: it cannot carry an NMI (x2APIC, SDM). */
	__apic_send_IPI_mask(cpumask_of(smp_processor_id()), NMI_VECTOR);
	for (i = 0; i < 10000 && READ_ONCE(nmi_armed); i++)
		udelay(100);
	WRITE_ONCE(nmi_armed, false);
	local_irq_enable();
	unregister_nmi_handler(NMI_LOCAL, "rcu_misuse");

	if (!atomic_read(&nmi_readers)) {
		pr_err("nmi_reader: no NMI arrived\n");
		return;
	}
	pr_info("nmi_reader: NMI reader ran %d time(s), %s a deferred quiescent state pending (%#x)\n",
		atomic_read(&nmi_readers), nmi_special ? "with" : "without", nmi_special);
	synchronize_rcu();
	pr_info("nmi_reader: a grace period completed after the NMI reader\n");
}

/*
 * Parity cases: legal use that tree PREEMPT_RCU handles, so TINY_PREEMPT_RCU
 * must handle it too.  Each prints one line saying how it went.
 */

/*
 * An SRCU reader in a timer callback that is preempted while a grace
 * period starts, and that then ends the last reader of the old index.  On
 * PREEMPT_RT, softirq handlers are preemptible (in ksoftirqd, SCHED_OTHER
 * unless rcutorture raised it), so the grace-period worker can run, flip
 * the index and sleep in the middle of the reader; the reader's
 * srcu_read_unlock() must then wake it.  No other reader of this
 * srcu_struct comes along to do so instead.  Elsewhere the callback
 * cannot be preempted and the case is trivially legal.
 */
DEFINE_STATIC_SRCU(misuse_srcu);
static int srcu_reader_ms = 300;
module_param(srcu_reader_ms, int, 0444);
MODULE_PARM_DESC(srcu_reader_ms, "Length of the timer callback's SRCU reader (srcu_softirq_reader)");
static bool srcu_timer_reading;
static DECLARE_COMPLETION(srcu_reader_done);
static DECLARE_COMPLETION(srcu_synced);

static void srcu_reader_timer_fn(struct timer_list *unused)
{
	int idx = srcu_read_lock(&misuse_srcu);

	WRITE_ONCE(srcu_timer_reading, true);
	mdelay(srcu_reader_ms);
	srcu_read_unlock(&misuse_srcu, idx);
	complete(&srcu_reader_done);
}

static int srcu_sync_thread(void *unused)
{
	synchronize_srcu(&misuse_srcu);
	complete(&srcu_synced);
	return 0;
}

static void parity_srcu_softirq_reader(void)
{
	struct timer_list timer;
	struct task_struct *t;
	unsigned long j;
	int idx;

	timer_setup_on_stack(&timer, srcu_reader_timer_fn, 0);
	mod_timer(&timer, jiffies + 1);
	while (!READ_ONCE(srcu_timer_reading))
		schedule_timeout_uninterruptible(1);
	t = kthread_run(srcu_sync_thread, NULL, "rcu_misuse_srcu");
	if (IS_ERR(t)) {
		pr_err("srcu_softirq_reader: cannot start kthread: %ld\n", PTR_ERR(t));
		wait_for_completion(&srcu_reader_done);
		goto out;
	}
	wait_for_completion(&srcu_reader_done);
	j = jiffies;
	if (wait_for_completion_timeout(&srcu_synced, 10 * HZ)) {
		pr_info("srcu_softirq_reader: synchronize_srcu() returned %u ms after the softirq reader ended\n",
			jiffies_to_msecs(jiffies - j));
		goto out;
	}
	pr_err("srcu_softirq_reader: synchronize_srcu() still waiting 10 s after the softirq reader ended\n");
	/* A task-context reader wakes the grace period: do not leave it hung. */
	idx = srcu_read_lock(&misuse_srcu);
	srcu_read_unlock(&misuse_srcu, idx);
	wait_for_completion(&srcu_synced);
out:
	del_timer_sync(&timer);
	destroy_timer_on_stack(&timer);
}

/*
 * A task that leaves the CPU only by being preempted is a Tasks RCU
 * holdout until it reports a quiescent state some other way: ksoftirqd
 * reports one through rcu_softirq_qs() after each batch of softirqs
 * (outside PREEMPT_RT).  That is what lets synchronize_rcu_tasks() end
 * while ksoftirqd never sleeps.  Time synchronize_rcu_tasks() while it is
 * kept busy.
 */
static int busy_secs = 10;
module_param(busy_secs, int, 0444);
MODULE_PARM_DESC(busy_secs, "How long to wait for synchronize_rcu_tasks() while a task is busy");
static bool busy_stop;
static DECLARE_COMPLETION(tasks_synced);

static int tasks_sync_thread(void *unused)
{
	synchronize_rcu_tasks();
	complete(&tasks_synced);
	return 0;
}

/* Where the Tasks RCU grace-period kthread waits, if it is stuck. */
static void show_tasks_gp_kthread(const char *name)
{
	struct task_struct *g, *t;

	pr_err("%s: synchronize_rcu_tasks() still waiting %d s after the task stopped being busy\n",
	       name, busy_secs);
	rcu_read_lock();
	for_each_process_thread(g, t)
		if (!strncmp(t->comm, "rcu_tasks_kthre", 15) || !strcmp(t->comm, "rcu_misuse_tasks"))
			sched_show_task(t);
	rcu_read_unlock();
}

/*
 * Start synchronize_rcu_tasks() in a kthread; return whether it ended
 * within busy_secs, and in @ms how long it took.  @stop, if any, ends the
 * busy task after busy_secs.
 */
static bool tasks_gp_while_busy(const char *name, void (*stop)(void), unsigned int *ms)
{
	struct task_struct *t;
	unsigned long j = jiffies;
	bool busy;

	t = kthread_run(tasks_sync_thread, NULL, "rcu_misuse_tasks");
	if (IS_ERR(t)) {
		pr_err("%s: cannot start kthread: %ld\n", name, PTR_ERR(t));
		if (stop)
			stop();
		return false;
	}
	busy = wait_for_completion_timeout(&tasks_synced, busy_secs * HZ);
	if (stop)
		stop();
	if (!busy) {
		if (!wait_for_completion_timeout(&tasks_synced, busy_secs * HZ))
			show_tasks_gp_kthread(name);
		wait_for_completion(&tasks_synced);
	}
	*ms = jiffies_to_msecs(jiffies - j);
	return busy;
}

static void busy_tasklet_fn(struct tasklet_struct *t)
{
	if (!READ_ONCE(busy_stop))
		tasklet_schedule(t);
}
static DECLARE_TASKLET(busy_tasklet, busy_tasklet_fn);

static void busy_tasklet_stop(void)
{
	WRITE_ONCE(busy_stop, true);
	tasklet_kill(&busy_tasklet);
}

/* ksoftirqd kept busy by a tasklet that reschedules itself. */
static void parity_tasks_softirq_qs(void)
{
	unsigned int ms;
	bool busy;

	if (!IS_ENABLED(CONFIG_TASKS_RCU)) {
		pr_err("tasks_softirq_qs: needs CONFIG_TASKS_RCU\n");
		return;
	}
	tasklet_schedule(&busy_tasklet);
	msleep(100);
	busy = tasks_gp_while_busy("tasks_softirq_qs", busy_tasklet_stop, &ms);
	pr_info("tasks_softirq_qs: synchronize_rcu_tasks() returned after %u ms, %s\n",
		ms, busy ? "while ksoftirqd was busy" : "only once ksoftirqd was no longer busy");
}

/*
 * The priority of the RCU priority-boosting kthread, which the
 * rcutree.kthread_prio boot parameter sets.
 */
static void parity_boost_prio(void)
{
	struct task_struct *g, *t;
	int n = 0;

	rcu_read_lock();
	for_each_process_thread(g, t) {
		if (strcmp(t->comm, "rcub/0"))
			continue;
		pr_info("boost_prio: %s is %s priority %u\n", t->comm,
			t->policy == SCHED_FIFO ? "SCHED_FIFO" : "not SCHED_FIFO",
			t->rt_priority);
		n++;
	}
	rcu_read_unlock();
	if (!n)
		pr_err("boost_prio: no rcub/0 kthread\n");
}

/*
 * A call_rcu() flood from a SCHED_FIFO task that never sleeps.  Tree RCU
 * on PREEMPT_RT invokes callbacks from its rcuc kthreads at SCHED_FIFO
 * rcutree.kthread_prio (with RCU_BOOST), so with that priority above the
 * flooder's, callbacks keep being invoked a few jiffies after their grace
 * period.  Where they are invoked from ksoftirqd at SCHED_OTHER, they wait
 * for whatever CPU time the scheduler grants normal tasks beside a
 * real-time hog.  Each callback records how long it waited; the flood
 * gives up early if the backlog reaches flood_max.
 */
static int flood_secs = 3;
module_param(flood_secs, int, 0444);
MODULE_PARM_DESC(flood_secs, "How long the SCHED_FIFO task floods call_rcu() (fifo_cb_flood)");
static int flood_lat_ms = 250;
module_param(flood_lat_ms, int, 0444);
MODULE_PARM_DESC(flood_lat_ms, "Longest a callback may wait during the flood (fifo_cb_flood)");
static long flood_max = 200000;
module_param(flood_max, long, 0444);
MODULE_PARM_DESC(flood_max, "Backlog of callbacks at which the flood gives up (fifo_cb_flood)");

struct flood_cb {
	struct rcu_head rh;
	unsigned long queued;	/* jiffies at call_rcu() */
};

static atomic_long_t flood_invoked;
static unsigned long flood_lat_max;	/* Longest wait seen, in jiffies. */
static DECLARE_COMPLETION(flood_done);

/* Invoked with bottom halves disabled, one at a time on the one CPU. */
static void flood_cb_fn(struct rcu_head *rhp)
{
	struct flood_cb *fcp = container_of(rhp, struct flood_cb, rh);
	unsigned long lat = jiffies - fcp->queued;

	if (lat > flood_lat_max)
		flood_lat_max = lat;
	kfree(fcp);
	atomic_long_inc(&flood_invoked);
}

static long flood_queued;
static long flood_peak;

static int flood_thread(void *unused)
{
	unsigned long end = jiffies + flood_secs * HZ;
	struct flood_cb *fcp;
	long backlog;

	sched_set_fifo(current);
	while (time_before(jiffies, end)) {
		backlog = flood_queued - atomic_long_read(&flood_invoked);
		flood_peak = max(flood_peak, backlog);
		if (backlog >= flood_max)
			break;
		fcp = kmalloc(sizeof(*fcp), GFP_KERNEL);
		if (!fcp)
			break;
		fcp->queued = jiffies;
		call_rcu(&fcp->rh, flood_cb_fn);
		flood_queued++;
	}
	sched_set_normal(current, 0);
	complete(&flood_done);
	return 0;
}

static void parity_fifo_cb_flood(void)
{
	unsigned long lat_ms;
	struct task_struct *t;
	long invoked;

	t = kthread_run(flood_thread, NULL, "rcu_misuse_flood");
	if (IS_ERR(t)) {
		pr_err("fifo_cb_flood: cannot start kthread: %ld\n", PTR_ERR(t));
		return;
	}
	wait_for_completion(&flood_done);
	invoked = atomic_long_read(&flood_invoked);
	lat_ms = jiffies_to_msecs(READ_ONCE(flood_lat_max));
	if (flood_peak >= flood_max)
		pr_err("fifo_cb_flood: backlog reached %ld callbacks, %ld invoked: callbacks are starved\n",
		       flood_peak, invoked);
	else if (lat_ms > flood_lat_ms)
		pr_err("fifo_cb_flood: a callback waited %lu ms to be invoked during the flood (limit %d ms)\n",
		       lat_ms, flood_lat_ms);
	else
		pr_info("fifo_cb_flood: %ld callbacks in %d s, backlog peaked at %ld, longest wait %lu ms\n",
			flood_queued, flood_secs, flood_peak, lat_ms);
	rcu_barrier();
}

/*
 * A boosted reader that ends its critical section with interrupts
 * disabled defers its quiescent state, and with it the end of its boost,
 * until it can reschedule.  Enabling interrupts does not reschedule, so
 * tree RCU queues an irq_work there, whose interrupt's return does.
 * Without it the task keeps its real-time priority until the next tick
 * or preemption point.  Each round, this task is preempted within a
 * reader by a SCHED_FIFO kthread that calls synchronize_rcu_expedited(),
 * which boosts the reader: TINY_PREEMPT_RCU at once, tree RCU on
 * PREEMPT_RT after RCU_BOOST_DELAY, as its expedited grace periods are
 * normal ones after boot there (rcupdate.rcu_normal_after_boot).  The
 * reader then ends with interrupts disabled, enables them and spins until
 * it is no longer boosted.  The case fails if more than a quarter of the
 * rounds waited for a tick.
 */
static int unboost_rounds = 20;
module_param(unboost_rounds, int, 0444);
MODULE_PARM_DESC(unboost_rounds, "Rounds of a boosted reader ended with interrupts disabled (irqs_off_unboost)");
static int boost_wait_ms = 1500;
module_param(boost_wait_ms, int, 0444);
MODULE_PARM_DESC(boost_wait_ms, "How long a round waits for the reader to be boosted (irqs_off_unboost)");
static DECLARE_COMPLETION(unboost_go);
static DECLARE_COMPLETION(unboost_synced);

static int unboost_exp_thread(void *unused)
{
	wait_for_completion(&unboost_go);
	synchronize_rcu_expedited();
	complete(&unboost_synced);
	return 0;
}

/*
 * One round.  Returns how many microseconds the task stayed boosted after
 * its reader ended, and in @ticked whether a tick came first; or -EAGAIN
 * if the reader was never boosted, or another negative errno.
 */
static long unboost_round(bool *ticked)
{
	struct task_struct *t;
	unsigned long j;
	ktime_t t0;
	int i;

	reinit_completion(&unboost_go);
	reinit_completion(&unboost_synced);
	t = kthread_create(unboost_exp_thread, NULL, "rcu_misuse_exp");
	if (IS_ERR(t))
		return PTR_ERR(t);
	sched_set_fifo_low(t);
	wake_up_process(t);

	rcu_read_lock();
	complete(&unboost_go);	/* The kthread preempts this reader... */
	for (i = 0; i < boost_wait_ms * 10 && !rt_task(current); i++)
		udelay(100);	/* ...and its grace period boosts it. */
	if (!rt_task(current)) {
		rcu_read_unlock();
		wait_for_completion(&unboost_synced);
		return -EAGAIN;
	}
	local_irq_disable();
	rcu_read_unlock();
	j = jiffies;
	t0 = ktime_get();
	local_irq_enable();
	while (rt_task(current) && ktime_us_delta(ktime_get(), t0) < 100 * USEC_PER_MSEC)
		cpu_relax();
	*ticked = jiffies != j;
	wait_for_completion(&unboost_synced);
	return ktime_us_delta(ktime_get(), t0);
}

static void parity_irqs_off_unboost(void)
{
	int i, n = 0, late = 0;
	long us, us_max = 0;
	bool ticked;

	if (!IS_ENABLED(CONFIG_RCU_BOOST)) {
		pr_err("irqs_off_unboost: needs CONFIG_RCU_BOOST\n");
		return;
	}
	for (i = 0; i < unboost_rounds; i++) {
		us = unboost_round(&ticked);
		if (us == -EAGAIN)
			continue;
		if (us < 0) {
			pr_err("irqs_off_unboost: cannot start kthread: %ld\n", us);
			return;
		}
		n++;
		late += ticked;
		us_max = max(us_max, us);
		msleep(20);
	}
	if (n < unboost_rounds / 2)
		pr_err("irqs_off_unboost: the reader was boosted in only %d of %d rounds\n",
		       n, unboost_rounds);
	else if (late > n / 4)
		pr_err("irqs_off_unboost: the boost outlived the reader until a tick in %d of %d rounds (longest %ld us)\n",
		       late, n, us_max);
	else
		pr_info("irqs_off_unboost: boost ended before the next tick in %d of %d rounds, longest %ld us after the reader\n",
			n - late, n, us_max);
}

/*
 * How often RCU interrupts a CPU-bound task that runs with preemption
 * disabled most of the time (1-ms regions, as a long loop under spinlocks
 * does outside PREEMPT_RT) while it keeps grace periods in demand with a
 * call_rcu() between regions.  With one CPU, a grace period can end only
 * between such regions: tree RCU's grace-period kthread (and, on
 * PREEMPT_RT, rcuc/0) must be switched to, while TINY_PREEMPT_RCU asks for
 * a reschedule from the tick that finds the CPU owing a quiescent state.
 * Both are legal; the case prints the regions that ended with a reschedule
 * pending, the task's involuntary context switches and the callbacks
 * invoked, for the report to compare.
 */
static int resched_secs = 3;
module_param(resched_secs, int, 0444);
MODULE_PARM_DESC(resched_secs, "How long the preemption-disabled task runs (preempt_off_resched)");
static atomic_long_t resched_invoked;

static void resched_cb_fn(struct rcu_head *rhp)
{
	kfree(rhp);
	atomic_long_inc(&resched_invoked);
}

static void parity_preempt_off_resched(void)
{
	unsigned long end = jiffies + resched_secs * HZ;
	unsigned long nivcsw = current->nivcsw;
	long regions = 0, pending = 0, invoked;
	struct rcu_head *rhp;

	while (time_before(jiffies, end)) {
		preempt_disable();
		mdelay(1);
		pending += need_resched();
		regions++;
		preempt_enable();
		rhp = kmalloc(sizeof(*rhp), GFP_KERNEL);
		if (rhp)
			call_rcu(rhp, resched_cb_fn);
	}
	invoked = atomic_long_read(&resched_invoked);
	nivcsw = current->nivcsw - nivcsw;
	rcu_barrier();
	pr_info("preempt_off_resched: in %d s, %ld of %ld preemption-disabled regions ended with a reschedule pending, %lu involuntary context switches, %ld callbacks invoked\n",
		resched_secs, pending, regions, nivcsw, invoked);
}

static const struct {
	const char *name;
	void (*fn)(void);
} misuse_cases[] = {
	{ "underflow", misuse_underflow },
	{ "sync_in_reader", misuse_sync_in_reader },
	/* The same, booted with the stall-warning knobs set. */
	{ "stall_timeout", misuse_sync_in_reader },
	{ "stall_suppressed", misuse_sync_in_reader },
	{ "stall_panic", misuse_sync_in_reader },
	{ "stall_panic_max", misuse_sync_in_reader },
	{ "stall_ftrace", misuse_sync_in_reader },
	{ "nmi_reader", misuse_nmi_reader },
	{ "srcu_softirq_reader", parity_srcu_softirq_reader },
	{ "tasks_softirq_qs", parity_tasks_softirq_qs },
	{ "boost_prio", parity_boost_prio },
	{ "fifo_cb_flood", parity_fifo_cb_flood },
	{ "irqs_off_unboost", parity_irqs_off_unboost },
	{ "preempt_off_resched", parity_preempt_off_resched },
};

static int __init rcu_misuse_init(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(misuse_cases); i++) {
		if (strcmp(test, misuse_cases[i].name))
			continue;
		pr_info("%s: provoking\n", test);
		misuse_cases[i].fn();
		pr_info("%s: done\n", test);
		return 0;
	}
	pr_err("unknown test '%s'\n", test);
	return -EINVAL;
}
module_init(rcu_misuse_init);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Provoke RCU API misuse to check its diagnostics (rcu-up test)");
