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
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <asm/apic.h>
#include <asm/nmi.h>

static char *test = "none";
module_param(test, charp, 0444);
MODULE_PARM_DESC(test, "Misuse to provoke: underflow, sync_in_reader or nmi_reader");

static int stall_wait = 40;
module_param(stall_wait, int, 0444);
MODULE_PARM_DESC(stall_wait, "Seconds to wait for the RCU CPU stall warning (sync_in_reader)");

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

static const struct {
	const char *name;
	void (*fn)(void);
} misuse_cases[] = {
	{ "underflow", misuse_underflow },
	{ "sync_in_reader", misuse_sync_in_reader },
	{ "nmi_reader", misuse_nmi_reader },
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
