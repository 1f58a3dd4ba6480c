rcutorture.n_barrier_cbs=4
rcutorture.irqreader=1
rcutorture.read_exit_burst=16
rcutorture.fwd_progress=1
