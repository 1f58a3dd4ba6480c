// SPDX-License-Identifier: GPL-2.0-only
/*
 * rcu-up's guest init: the only program in the initramfs.
 *
 * A test built into the kernel (rcutorture, in most scenarios) is started by
 * its own boot parameters and powers the guest off when it is done.  A
 * kernel that serves several tests has them as modules, in a cpio appended
 * to the initramfs: rcu_up.test=NAME on the kernel command line names the
 * one to load, with its parameters from the command line.  rcutorture,
 * refscale and rcuscale then run and power off as when built in; the misuse
 * and perf suites' modules run their cases as they load, and init powers
 * off once they return.  rcu_up.latency=SECONDS makes init measure wakeup
 * latency with the kernel's timerlat tracer for that long, beside the test
 * module as its load (see run_latency()).  Otherwise init only has to exist, report the
 * runtime footprint the report needs, and stay out of the way.
 * Everything it prints starts with "rcu-up-init:" so the harness can parse
 * it out of the console log.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sched.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * The test modules init knows: what each needs loaded first, and whether
 * it powers the guest off itself (the torture-style tests do, with
 * NAME.shutdown set) or returns from its init when done.
 */
static const struct test_module {
	const char *name;
	const char *needs;
	int powers_off;
} test_modules[] = {
	{ "rcutorture", "torture", 1 },
	{ "refscale", "torture", 1 },
	{ "rcuscale", "torture", 1 },
	{ "rcu_misuse", NULL, 0 },
	{ "rcu_perf", NULL, 0 },
	{ NULL, NULL, 0 },
};

static void setup_console(void)
{
	int fd;

	mkdir("/dev", 0755);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	fd = open("/dev/console", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
}

static void report_meminfo(void)
{
	static const char *const keys[] = {
		"MemTotal:", "MemFree:", "MemAvailable:", "KernelStack:",
		"Slab:", "SUnreclaim:", NULL,
	};
	char line[256];
	FILE *f = fopen("/proc/meminfo", "r");
	int i;

	if (!f) {
		printf("rcu-up-init: no /proc/meminfo\n");
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		for (i = 0; keys[i]; i++)
			if (!strncmp(line, keys[i], strlen(keys[i])))
				printf("rcu-up-init: meminfo %s", line);
	}
	fclose(f);
}

/* Kernel threads have no mm, hence an empty /proc/PID/cmdline. */
static int is_kthread(const char *pid)
{
	char path[300];
	int fd, n;
	char c;

	snprintf(path, sizeof(path), "/proc/%s/cmdline", pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	n = read(fd, &c, 1);
	close(fd);
	return n == 0 && strcmp(pid, "1") != 0;
}

static void report_kthreads(void)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	int total = 0, rcu = 0;

	if (!d)
		return;
	while ((de = readdir(d))) {
		char path[300], comm[64] = "";
		FILE *f;

		if (de->d_name[0] < '0' || de->d_name[0] > '9' || !is_kthread(de->d_name))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", de->d_name);
		f = fopen(path, "r");
		if (f) {
			if (fgets(comm, sizeof(comm), f))
				comm[strcspn(comm, "\n")] = '\0';
			fclose(f);
		}
		total++;
		/* RCU's own threads, not the tests' (rcu_torture_*, ...). */
		if (strstr(comm, "rcu") && !strstr(comm, "torture") &&
		    !strstr(comm, "scale")) {
			rcu++;
			printf("rcu-up-init: kthread %s %s\n", de->d_name, comm);
		}
	}
	closedir(d);
	printf("rcu-up-init: kthreads total=%d rcu=%d\n", total, rcu);
}

static void read_cmdline(char *cmdline, size_t size)
{
	FILE *f = fopen("/proc/cmdline", "r");

	cmdline[0] = '\0';
	if (!f)
		return;
	if (!fgets(cmdline, size, f))
		cmdline[0] = '\0';
	fclose(f);
}

/*
 * The kernel leaves "module.param=value" boot parameters of modules it does
 * not have built in to user space (modprobe's job): collect NAME's.
 */
static void module_params(const char *name, char *params, size_t size)
{
	char prefix[64];
	char cmdline[4096], *tok, *save;
	size_t n = 0, len;

	snprintf(prefix, sizeof(prefix), "%s.", name);
	params[0] = '\0';
	read_cmdline(cmdline, sizeof(cmdline));
	for (tok = strtok_r(cmdline, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save)) {
		if (strncmp(tok, prefix, strlen(prefix)))
			continue;
		tok += strlen(prefix);
		len = strlen(tok);
		if (n + len + 2 > size)
			break;
		n += snprintf(params + n, size - n, "%s%s", n ? " " : "", tok);
	}
}

/* The module rcu_up.test= names, or NULL when there is none. */
static const struct test_module *test_asked_for(void)
{
	char params[256], *name;
	int i;

	module_params("rcu_up", params, sizeof(params));
	name = strstr(params, "test=");
	if (!name || (name != params && name[-1] != ' '))
		return NULL;
	name += 5;
	name[strcspn(name, " ")] = '\0';
	for (i = 0; test_modules[i].name; i++)
		if (!strcmp(name, test_modules[i].name))
			return &test_modules[i];
	printf("rcu-up-init: rcu_up.test=%s: no such test module\n", name);
	return NULL;
}

/* Load /NAME.ko with NAME's boot parameters; 0 when it loaded. */
static int load_module(const char *name)
{
	char path[64], params[4096];
	int fd, ret;

	snprintf(path, sizeof(path), "/%s.ko", name);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		printf("rcu-up-init: no %s in the initramfs: %s\n", path, strerror(errno));
		return -1;
	}
	module_params(name, params, sizeof(params));
	printf("rcu-up-init: loading %s %s\n", path, params);
	ret = syscall(SYS_finit_module, fd, params, 0);
	if (ret)
		printf("rcu-up-init: loading %s failed: %s\n", path, strerror(errno));
	close(fd);
	return ret;
}

/* rcu_up.KEY=NUMBER from the command line, or DEF. */
static long rcu_up_param(const char *key, long def)
{
	char params[256], *tok, *save;
	size_t len = strlen(key);

	module_params("rcu_up", params, sizeof(params));
	for (tok = strtok_r(params, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
		if (!strncmp(tok, key, len) && tok[len] == '=')
			return strtol(tok + len + 1, NULL, 10);
	return def;
}

/* The pid of the kernel thread called COMM, or 0. */
static int find_kthread(const char *comm)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	int pid = 0;

	if (!d)
		return 0;
	while (!pid && (de = readdir(d))) {
		char path[300], c[64] = "";
		FILE *f;

		if (de->d_name[0] < '0' || de->d_name[0] > '9' || !is_kthread(de->d_name))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(c, sizeof(c), f) && !strcmp(strtok(c, "\n"), comm))
			pid = atoi(de->d_name);
		fclose(f);
	}
	closedir(d);
	return pid;
}

#define TRACEFS "/tracing"

/* Write VAL to the tracefs file NAME; 0 when it took. */
static int tracefs_write(const char *name, const char *val)
{
	char path[128];
	int fd, ok;

	snprintf(path, sizeof(path), TRACEFS "/%s", name);
	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0) {
		printf("rcu-up-init: timerlat: no %s: %s\n", path, strerror(errno));
		return -1;
	}
	ok = write(fd, val, strlen(val)) == (ssize_t)strlen(val);
	if (!ok)
		printf("rcu-up-init: timerlat: writing %s to %s: %s\n", val, path, strerror(errno));
	close(fd);
	return ok ? 0 : -1;
}

static int tracefs_write_num(const char *name, long val)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%ld", val);
	return tracefs_write(name, buf);
}

/*
 * timerlat's timer is an hrtimer.  Until the clock event device switches
 * to high-resolution mode, which waits for a clocksource good enough for
 * it (on x86 the TSC, a second or so into boot), hrtimers expire from the
 * tick and a sample is late by up to a jiffy: those would be the tick's
 * figures, not the kernel's.  Wait up to MAX_MS for the switch.
 */
static int wait_hres(long max_ms)
{
	long waited;

	for (waited = 0; waited <= max_ms; waited += 50) {
		char line[128];
		FILE *f = fopen("/proc/timer_list", "r");
		int hres = 0;

		while (f && !hres && fgets(line, sizeof(line), f))
			hres = !strcmp(line, "  .hres_active    : 1\n");
		if (f)
			fclose(f);
		if (hres) {
			printf("rcu-up-init: timerlat high-resolution timers on after %ld ms\n", waited);
			return 0;
		}
		usleep(50000);
	}
	printf("rcu-up-init: timerlat: high-resolution timers still off after %ld ms\n", max_ms);
	return -1;
}

/*
 * Start the timerlat tracer as rtla timerlat does: a period of PERIOD_US,
 * the IRQ-context stack saved for every activation and printed with the
 * thread's sample when its latency exceeds STACK_US (0: never), the
 * osnoise events traced if NOISE, and the timerlat/0 thread at SCHED_FIFO
 * PRIO (the tracer's own default is 95).
 */
static int timerlat_start(long period_us, long stack_us, int prio, int noise)
{
	struct sched_param sp = { .sched_priority = prio };
	int pid;

	if (wait_hres(30000))
		return -1;
	mkdir(TRACEFS, 0755);
	if (mount("tracefs", TRACEFS, "tracefs", 0, NULL)) {
		printf("rcu-up-init: timerlat: mounting tracefs: %s\n", strerror(errno));
		return -1;
	}
	/* A sample is two events: 16 MB holds minutes of them at 1 kHz. */
	if (tracefs_write("tracing_on", "0") || tracefs_write_num("buffer_size_kb", 16384) ||
	    tracefs_write_num("osnoise/timerlat_period_us", period_us) ||
	    tracefs_write_num("osnoise/print_stack", stack_us) ||
	    tracefs_write("events/osnoise/enable", noise ? "1" : "0") ||
	    tracefs_write("current_tracer", "timerlat") || tracefs_write("tracing_on", "1"))
		return -1;
	/* The thread sets its own priority as it starts: set ours after. */
	usleep(100000);
	pid = find_kthread("timerlat/0");
	if (!pid || sched_setscheduler(pid, SCHED_FIFO, &sp)) {
		printf("rcu-up-init: timerlat: no timerlat/0 thread to set to SCHED_FIFO %d: %s\n",
		       prio, pid ? strerror(errno) : "not found");
		return -1;
	}
	printf("rcu-up-init: timerlat started: period %ld us, timerlat/0 (pid %d) at SCHED_FIFO %d\n",
	       period_us, pid, prio);
	return 0;
}

struct lat_samples {
	const char *context;
	unsigned long long *ns;
	size_t n, size;
};

static int lat_add(struct lat_samples *l, unsigned long long ns)
{
	if (l->n == l->size) {
		size_t size = l->size ? 2 * l->size : 65536;
		unsigned long long *p = realloc(l->ns, size * sizeof(*p));

		if (!p)
			return -1;
		l->ns = p;
		l->size = size;
	}
	l->ns[l->n++] = ns;
	return 0;
}

static int cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

/* The sample at or below which PER100K in 100,000 of them lie. */
static unsigned long long lat_pct(const struct lat_samples *l, unsigned int per100k)
{
	size_t i = (l->n * per100k + 99999) / 100000;

	return l->ns[i ? i - 1 : 0];
}

/*
 * One context's figures and its histogram in 1 us buckets (as cyclictest's
 * and rtla's), non-empty buckets only; the harness checks that the buckets
 * add up to samples=.
 */
static void lat_report(struct lat_samples *l)
{
	size_t i, count;

	if (!l->n) {
		printf("rcu-up-init: timerlat %s samples=0\n", l->context);
		return;
	}
	qsort(l->ns, l->n, sizeof(*l->ns), cmp_ull);
	printf("rcu-up-init: timerlat %s samples=%zu min=%llu p50=%llu p99=%llu p999=%llu max=%llu\n",
	       l->context, l->n, l->ns[0], lat_pct(l, 50000), lat_pct(l, 99000),
	       lat_pct(l, 99900), l->ns[l->n - 1]);
	for (i = 0; i < l->n; i += count) {
		unsigned long long us = l->ns[i] / 1000;

		for (count = 0; i + count < l->n && l->ns[i + count] / 1000 == us; count++)
			;
		printf("rcu-up-init: timerlat hist %s %llu %zu\n", l->context, us, count);
	}
}

/*
 * What ran instead of the timerlat thread (rcu_up.lat_noise=1): the
 * osnoise events the tracer hooks (irq_noise, softirq_noise, thread_noise,
 * nmi_noise), one line per piece of interference, traced as it ends.
 * rtla timerlat's auto analysis reads them the same way.  Totals per
 * source over the window (threads called NAME/N counted as one, "NAME/N":
 * per-CPU kthreads, the perf module's readers), and the list of those that
 * ended between the worst thread sample's timer interrupt and its thread
 * running.  Tracing them costs every sample time of its own, so the
 * figures are taken with them off.
 */
#define NOISE_SOURCES	64
#define NOISE_PRINTED	12
#define NOISE_WINDOW	32

struct noise_source {
	char type[8], name[32];
	unsigned long count;
	unsigned long long total_ns, max_ns;
};

struct noise {
	char type[8], name[32];
	unsigned long long ns;
};

struct lat_trace {
	struct lat_samples irq, thread;
	struct noise_source src[NOISE_SOURCES];
	int nsrc;
	/* Interference since the last irq sample, and the worst sample's. */
	struct noise win[NOISE_WINDOW], worst_win[NOISE_WINDOW];
	int nwin, worst_nwin, win_lost, worst_win_lost;
	unsigned long long worst_ns, worst_irq_ns, last_thread_ns, last_irq_ns;
	char stack[4096], worst_stack[4096];
	int in_stack;
};

/*
 * "TYPE_noise: NAME:ID start S.NS duration NS ns" (no NAME:ID for nmi):
 * 0 and the parts, or -1.  NAME may hold colons (kworker/0:1), so the ID
 * is after the last one.
 */
static int noise_parse(const char *line, struct noise *n)
{
	const char *p = strstr(line, "_noise: "), *t, *end, *colon = NULL, *q;
	size_t len;

	if (!p)
		return -1;
	for (t = p; t > line && t[-1] != ' '; t--)
		;
	len = p - t;
	if (len >= sizeof(n->type))
		return -1;
	memcpy(n->type, t, len);
	n->type[len] = '\0';
	p += strlen("_noise: ");
	end = strstr(p, "start ");
	q = strstr(p, " duration ");
	if (!end || !q || sscanf(q, " duration %llu ns", &n->ns) != 1)
		return -1;
	while (*p == ' ')
		p++;
	for (q = p; q < end; q++)
		if (*q == ':')
			colon = q;
	len = colon ? (size_t)(colon - p) : 0;
	if (len >= sizeof(n->name))
		len = sizeof(n->name) - 1;
	memcpy(n->name, p, len);
	n->name[len] = '\0';
	q = strrchr(n->name, '/');
	if (q && q[1] && strspn(q + 1, "0123456789") == strlen(q + 1))
		strcpy(n->name + (q + 1 - n->name), "*");
	return 0;
}

static void noise_add(struct lat_trace *lt, const struct noise *n)
{
	struct noise_source *s;
	int i;

	for (i = 0; i < lt->nsrc; i++)
		if (!strcmp(lt->src[i].type, n->type) && !strcmp(lt->src[i].name, n->name))
			break;
	if (i == lt->nsrc) {
		if (lt->nsrc == NOISE_SOURCES)
			i--;	/* The last slot takes whatever else there is. */
		else
			lt->nsrc++;
		s = &lt->src[i];
		if (!s->count) {
			strcpy(s->type, n->type);
			strcpy(s->name, i == NOISE_SOURCES - 1 ? "other" : n->name);
		}
	}
	s = &lt->src[i];
	s->count++;
	s->total_ns += n->ns;
	if (n->ns > s->max_ns)
		s->max_ns = n->ns;
	if (lt->nwin < NOISE_WINDOW)
		lt->win[lt->nwin++] = *n;
	else
		lt->win_lost++;
}

/* A thread sample: the worst so far keeps its window's interference. */
static void lat_thread_sample(struct lat_trace *lt, unsigned long long ns)
{
	lt->last_thread_ns = ns;
	if (ns < lt->worst_ns)
		return;
	lt->worst_ns = ns;
	lt->worst_irq_ns = lt->last_irq_ns;
	memcpy(lt->worst_win, lt->win, lt->nwin * sizeof(lt->win[0]));
	lt->worst_nwin = lt->nwin;
	lt->worst_win_lost = lt->win_lost;
}

/* One line of the trace; -1 when out of memory. */
static int lat_trace_line(struct lat_trace *lt, const char *line)
{
	const char *c = strstr(line, " context ");
	unsigned long long ns;
	struct noise n;
	char ctx[16];

	if (lt->in_stack && !strncmp(line, " => ", 4)) {
		if (strlen(lt->stack) + strlen(line) < sizeof(lt->stack))
			strcat(lt->stack, line + 4);
		return 0;
	}
	if (lt->in_stack && lt->last_thread_ns >= lt->worst_ns)
		strcpy(lt->worst_stack, lt->stack);
	lt->in_stack = 0;
	if (strstr(line, "<stack trace>")) {
		lt->in_stack = 1;
		lt->stack[0] = '\0';
		return 0;
	}
	if (!noise_parse(line, &n)) {
		noise_add(lt, &n);
		return 0;
	}
	if (!c || sscanf(c, " context %15s timer_latency %llu ns", ctx, &ns) != 2)
		return 0;
	if (!strcmp(ctx, "irq")) {
		lt->nwin = 0;
		lt->win_lost = 0;
		lt->last_irq_ns = ns;
		return lat_add(&lt->irq, ns);
	}
	if (strcmp(ctx, "thread"))
		return 0;
	lat_thread_sample(lt, ns);
	return lat_add(&lt->thread, ns);
}

static int cmp_noise_total(const void *a, const void *b)
{
	const struct noise_source *x = a, *y = b;

	return x->total_ns < y->total_ns ? 1 : x->total_ns > y->total_ns ? -1 : 0;
}

static void noise_report(struct lat_trace *lt)
{
	int i;

	if (!lt->nsrc)
		return;
	qsort(lt->src, lt->nsrc, sizeof(lt->src[0]), cmp_noise_total);
	for (i = 0; i < lt->nsrc && i < NOISE_PRINTED; i++)
		printf("rcu-up-init: timerlat noise %s %s count=%lu total_ns=%llu max_ns=%llu\n",
		       lt->src[i].type, lt->src[i].name[0] ? lt->src[i].name : "-",
		       lt->src[i].count, lt->src[i].total_ns, lt->src[i].max_ns);
	printf("rcu-up-init: timerlat worst thread sample %llu ns (irq %llu ns): %d interference%s%s\n",
	       lt->worst_ns, lt->worst_irq_ns, lt->worst_nwin, lt->worst_nwin == 1 ? "" : "s",
	       lt->worst_win_lost ? " (more not kept)" : "");
	for (i = 0; i < lt->worst_nwin; i++)
		printf("rcu-up-init: timerlat worst %s %s %llu\n", lt->worst_win[i].type,
		       lt->worst_win[i].name[0] ? lt->worst_win[i].name : "-", lt->worst_win[i].ns);
}

/*
 * Stop tracing and read the samples out of the trace buffer: "#SEQ context
 * irq|thread timer_latency NS ns" lines, and the osnoise events between
 * them.  The stack timerlat printed for the worst thread sample over the
 * print_stack threshold (" => FUNCTION" lines after its "<stack trace>"
 * line) is printed with it.
 */
static void timerlat_report(long window_s, long period_us)
{
	static struct lat_trace lt = { .irq.context = "irq", .thread.context = "thread" };
	char line[512];
	FILE *f;

	tracefs_write("tracing_on", "0");
	f = fopen(TRACEFS "/trace", "r");
	if (!f) {
		printf("rcu-up-init: timerlat: no " TRACEFS "/trace: %s\n", strerror(errno));
		return;
	}
	while (fgets(line, sizeof(line), f))
		if (lat_trace_line(&lt, line))
			break;
	fclose(f);
	/* Stop the timerlat thread and its timer: the guest is to power off. */
	tracefs_write("current_tracer", "nop");
	if (lt.in_stack && lt.last_thread_ns >= lt.worst_ns)
		strcpy(lt.worst_stack, lt.stack);
	printf("rcu-up-init: timerlat window=%ld s period=%ld us expected=%ld\n",
	       window_s, period_us, window_s * 1000000 / period_us);
	lat_report(&lt.irq);
	lat_report(&lt.thread);
	noise_report(&lt);
	if (lt.worst_stack[0]) {
		char *fn, *save;

		printf("rcu-up-init: timerlat stack of the worst sample over the threshold:\n");
		for (fn = strtok_r(lt.worst_stack, "\n", &save); fn; fn = strtok_r(NULL, "\n", &save))
			printf("rcu-up-init: timerlat stack %s\n", fn);
	}
	free(lt.irq.ns);
	free(lt.thread.ns);
}

static void run_test_module(int power_off);

/*
 * rcu_up.latency=SECONDS: timerlat for that long, with the test module the
 * command line names (if any) as the load, started after the tracer.  A
 * module that runs its cases from its init (the perf module) is loaded by
 * a child, which that blocks; rcutorture runs in its own threads and powers
 * the guest off itself, after the window (rcutorture.shutdown_secs).
 */
static int run_latency(void)
{
	long window = rcu_up_param("latency", 0);
	long period = rcu_up_param("lat_period_us", 1000);
	long stack = rcu_up_param("lat_stack_us", 0);
	int prio = rcu_up_param("lat_prio", 95);
	int noise = rcu_up_param("lat_noise", 0);
	const struct test_module *t = test_asked_for();
	pid_t child = -1;

	if (window <= 0)
		return 0;
	if (timerlat_start(period, stack, prio, noise)) {
		printf("rcu-up-init: timerlat failed to start, powering off\n");
		reboot(RB_POWER_OFF);
	}
	if (t && !t->powers_off) {
		child = fork();
		if (!child) {
			run_test_module(0);
			_exit(0);
		}
	} else if (t) {
		run_test_module(0);
	}
	sleep(window);
	timerlat_report(window, period);
	printf("rcu-up-init: timerlat done\n");
	if (child > 0)
		waitpid(child, NULL, 0);
	if (t && t->powers_off)
		return 1;
	sleep(2);
	printf("rcu-up-init: latency run over, powering off\n");
	reboot(RB_POWER_OFF);
	return 1;
}

/*
 * Load the test module the command line asks for, if any.  One that
 * returns when done (or fails to load) is followed by a power-off, unless
 * POWER_OFF is 0 (it is the load of a latency run).
 */
static void run_test_module(int power_off)
{
	const struct test_module *t = test_asked_for();

	if (!t)
		return;
	if ((!t->needs || !load_module(t->needs)) && !load_module(t->name) &&
	    (t->powers_off || !power_off))
		return;
	/*
	 * Give the kernel's console a moment to print the module's last
	 * lines first: on PREEMPT_RT it prints from a kthread, behind us, and
	 * a power-off that falls back to halting does not flush it.
	 */
	sleep(2);
	printf("rcu-up-init: test module returned, powering off\n");
	reboot(RB_POWER_OFF);
}

int main(void)
{
	setup_console();
	mkdir("/proc", 0555);
	mount("proc", "/proc", "proc", 0, NULL);
	printf("rcu-up-init: started\n");
	report_meminfo();
	report_kthreads();
	if (!run_latency())
		run_test_module(1);
	printf("rcu-up-init: waiting for the kernel's test to power off\n");
	for (;;)
		pause();
	return 0;
}
