# Shared by the scripts that run an SM on an ibsim fabric whose cables they change through ibsim's console
# (fabric-changes.sh, soak.sh). Sourced; bash.

# fabric_args ARGS...: sets fabric to the first argument that names a file, made absolute, and the array extra to
# the other arguments (the options the script passes on to the SM)
fabric_args() {
    local a
    extra=()
    fabric=""
    for a in "$@"; do
        if [[ -z $fabric && -f $a ]]; then fabric=$a; else extra+=("$a"); fi
    done
    [[ -z $fabric ]] || fabric=$(cd "$(dirname "$fabric")" && pwd)/$(basename "$fabric")
}

# ibsim_with_console FABRIC: starts ibsim on FABRIC in the background, reading its console from the fifo ./console,
# which this shell holds open on fd 7 so that ibsim never sees end of file (without -n it would spin on a closed
# stdin); sets ibsim_pid and returns once ibsim listens (or after 30 s)
ibsim_with_console() {
    local nodes
    nodes=$(grep -c -E '^(Switch|Hca|Ca|Rt)' "$1")
    mkfifo console
    exec 7<>console
    ibsim -s -N $((nodes + 64)) -S $((nodes + 64)) -P $((nodes * 40 + 1024)) "$1" < console > ibsim.out 2>&1 &
    ibsim_pid=$!
    for _ in $(seq 600); do grep -q ':ctl' /proc/net/unix && break; sleep 0.05; done
}

# console LINES...: one line at a time to ibsim's console (it reads one line per wake-up: lines written together
# wait for the next)
console() {
    local l
    for l in "$@"; do echo "$l" >&7; sleep 0.2; done
}
