# The boost curve's reader (SCHED_FIFO 1) is preempted by a hog at FIFO 2:
# RCU's boost kthread, and tree's grace-period kthread, must be above both.
rcutree.kthread_prio=3
