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
 * off once they return.  Otherwise init only has to exist, report the
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
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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
	char params[256];
	int i;

	module_params("rcu_up", params, sizeof(params));
	if (strncmp(params, "test=", 5))
		return NULL;
	params[strcspn(params, " ")] = '\0';
	for (i = 0; test_modules[i].name; i++)
		if (!strcmp(params + 5, test_modules[i].name))
			return &test_modules[i];
	printf("rcu-up-init: rcu_up.%s: no such test module\n", params);
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

/*
 * Load the test module the command line asks for, if any.  One that
 * returns when done (or fails to load) is followed by a power-off.
 */
static void run_test_module(void)
{
	const struct test_module *t = test_asked_for();

	if (!t)
		return;
	if ((!t->needs || !load_module(t->needs)) && !load_module(t->name) &&
	    t->powers_off)
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
	run_test_module();
	printf("rcu-up-init: waiting for the kernel's test to power off\n");
	for (;;)
		pause();
	return 0;
}
