rcutorture.n_barrier_cbs=4
rcutorture.irqreader=1
rcutorture.read_exit_burst=16
# Start the callback-flood forward-progress test 10 s in, not after 60 s
# (the default), which is when our runs end.
rcutorture.fwd_progress=1
rcutorture.fwd_progress_holdoff=10
