rcutorture.onoff_interval=0
