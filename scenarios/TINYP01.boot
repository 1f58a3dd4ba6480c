# Our additions to the kernel tree's TINYP01.boot (configs/rcu, patch 0005):
# start the callback-flood forward-progress test 10 s in, not after 60 s
# (the default), which is when our runs end.
rcutorture.fwd_progress=1
rcutorture.fwd_progress_holdoff=10
