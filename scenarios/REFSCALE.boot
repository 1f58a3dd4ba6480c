# One CPU: refscale defaults to 75% of the CPUs as readers, i.e. none
# here, and WARNs that it adjusted that to one.  Ask for one.
refscale.nreaders=1
