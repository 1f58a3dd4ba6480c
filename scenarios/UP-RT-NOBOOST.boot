rcutorture.n_barrier_cbs=4
rcutorture.irqreader=1
rcutorture.fwd_progress=1
