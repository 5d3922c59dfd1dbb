#!/usr/bin/env bash
# A long life compressed: one jsm on an ibsim fabric, in a private network namespace, living through a fabric's
# everyday changes over and over, with its memory sampled as it goes. Each cycle runs, one after the other, and
# waits after each until the SM has said SUBNET UP and stays quiet for the settle time:
#   host    a host reboots: all of its links dropped at once (Unlink "host") and plugged back (Link ...)
#   switch  a leaf switch reboots: all of its links dropped (Unlink "leaf"), then plugged back one by one
#   cable   an inter-switch cable pulled and plugged back
#   hup     SIGHUP with nothing changed (a reconfiguration: the files re-read, the fabric checked)
#   sa      saquery: every NodeRecord, then every PathRecord (the largest table a host can ask for: 31.5 MB at 648
#           hosts, which the SA streams, PathTable, and refuses beyond 4,194,304 records: 2,048 end ports)
# Hosts and switches taken in turn (never the SM's own host or its leaf), so every cycle brings back a node the SM
# dropped: the model makes new objects for it and must let go of the old ones.
# Every -e cycles (and before the first) it prints one line: cycles done, minutes, the process's resident set
# (VmRSS, as the daemon left it) and its highest so far (VmHWM), then forces a full collection for the live heap
# and the instances of the model's classes (jcmd GC.class_histogram: Node, PhysPort, PortAttributes, PortConfig),
# threads, open files. A model that lets go of what left the fabric keeps Node and PhysPort at the fabric's counts
# and the live heap level, cycle after cycle.
#
# Usage: scripts/soak.sh [-m MINUTES] [-e CYCLES] [-q SECONDS] [-r] [-k] [-- OPTIONS] FABRIC.net
#   -m  minutes to run cycles for (default 20)
#   -e  cycles between samples (default 5)
#   -q  seconds without another SUBNET UP after which an event counts as handled (default 2)
#   -r  restart the SM once after its first SUBNET UP, before the cycles: the launcher then sizes the heap from the
#       fabric (guid2lid, jsm-heap-size), as for every start after the first on a cache directory
#   -k  keep the work directory (opensm.log, the samples)
# OPTIONS go to bin/opensm. Needs: ibsim-utils, libibumad3, infiniband-diags, util-linux (unshare), a JDK's jcmd
# (the JVM's own, found beside the java bin/opensm runs), root; a built tree.
set -euo pipefail

minutes=20 every=5 settle=2 keep=0 restart=0
while getopts "m:e:q:rk" opt; do
    case $opt in
        m) minutes=$OPTARG ;;
        e) every=$OPTARG ;;
        q) settle=$OPTARG ;;
        r) restart=1 ;;
        k) keep=1 ;;
        *) sed -n '2,26p' "$0"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/scripts/lib/ibsim.sh"
fabric_args "$@"
[[ -n $fabric ]] || { echo "soak: give an ibsim fabric file" >&2; exit 2; }
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
for tool in ibsim saquery unshare; do
    command -v "$tool" >/dev/null || { echo "soak: $tool is missing" >&2; exit 3; }
done
[[ -f $preload ]] || { echo "soak: $preload is missing (apt-get install ibsim-utils)" >&2; exit 3; }
[[ -x $here/bin/opensm && -d $here/daemon/target/lib ]] || {
    echo "soak: build first: mvn -B -ntp package -DskipTests" >&2; exit 3; }
work=$(mktemp -d /tmp/soak.XXXXXX)
[[ $keep -eq 1 ]] && echo "files in $work"

# The fabric's links as ibsim console lines, one file per node: nodes/NAME holds 'Link "NAME"[p] "remote"[q]' for
# each of its cabled ports. hosts and leaves list the nodes cycled (a leaf is a switch with a host on it), cables
# one 'Unlink "a"[p]<TAB>Link "a"[p] "b"[q]' per inter-switch cable of distinct switches, all without the SM's
# host (the first host in the file) and its leaf.
mkdir "$work/nodes"
awk -v dir="$work/nodes" -v work="$work" '
    /^(Switch|Hca|Ca|Rt)/ { match($0, /"[^"]*"/); name = substr($0, RSTART + 1, RLENGTH - 2)
        kind = ($1 == "Switch") ? "s" : "h"; type[name] = kind; order[++n] = name
        if (kind == "h" && sm == "") sm = name; next }
    /^\[[0-9]+\]/ && name != "" {
        match($0, /^\[[0-9]+\]/); p = substr($0, RSTART + 1, RLENGTH - 2)
        rest = substr($0, RLENGTH + 1); if (!match(rest, /"[^"]*"\[[0-9]+\]/)) next
        remote = substr(rest, RSTART, RLENGTH); split(remote, r, "[")
        rname = substr(r[1], 2, length(r[1]) - 2); rport = substr(r[2], 1, length(r[2]) - 1)
        line[name] = line[name] sprintf("Link \"%s\"[%s] \"%s\"[%s]\n", name, p, rname, rport)
        peer[name, p] = rname; peers[name] = peers[name] " " rname
        if (type[name] == "h" && smleaf == "" && name == sm) smleaf = rname
        if (type[name] == "s") { cable[++c] = name "|" p "|" rname "|" rport }
    }
    END {
        for (i = 1; i <= n; i++) {
            x = order[i]; printf "%s", line[x] > (dir "/" x)
            if (x == sm) continue
            if (type[x] == "h") { if (line[x] != "") print x > (work "/hosts") }
            else if (x != smleaf) {
                split(peers[x], ps, " "); hashost = 0
                for (k in ps) if (type[ps[k]] == "h") hashost = 1
                if (hashost) print x > (work "/leaves")
            }
        }
        for (i = 1; i <= c; i++) {
            split(cable[i], e, "|")
            if (type[e[3]] != "s" || e[1] == smleaf || e[3] == smleaf || (e[1] in used) || (e[3] in used)) continue
            used[e[1]] = 1; used[e[3]] = 1
            printf "Unlink \"%s\"[%s]\tLink \"%s\"[%s] \"%s\"[%s]\n", e[1], e[2], e[1], e[2], e[3], e[4] \
                > (work "/cables")
        }
        print sm > (work "/sm")
    }' "$fabric"
for f in hosts leaves cables; do
    [[ -s $work/$f ]] || { echo "soak: the fabric has no $f to cycle (besides the SM's)" >&2; exit 2; }
done

mkdir -p "$work/run"
(cd "$work/run" && unshare -n bash -s -- "$fabric" "$preload" "$here" "$work" "$minutes" "$every" "$settle" \
    "$restart" "${extra[@]+"${extra[@]}"}" <<'INNER'
set -u
fabric=$1 preload=$2 here=$3 work=$4 minutes=$5 every=$6 settle=$7 restart=$8
shift 8
ip link set lo up 2>/dev/null || true
. "$here/scripts/lib/ibsim.sh"
ibsim_with_console "$fabric"
host=$(cat "$work/sm")
mkdir -p cache
echo "force_log_flush TRUE" > opensm.conf
ups() { grep -c 'SUBNET UP' opensm.log 2>/dev/null || true; }
# start_sm: starts the SM and waits for its next SUBNET UP; sets sm_pid and jcmd (the JVM's own)
start_sm() {
    local before java_bin
    before=$(ups)
    SIM_HOST=$host OSM_CACHE_DIR=$PWD/cache OSM_TMP_DIR=$PWD LD_PRELOAD=$preload \
        "$here/bin/opensm" -F "$PWD/opensm.conf" -f "$PWD/opensm.log" "$@" >> sm.out 2>&1 &
    sm_pid=$!
    for _ in $(seq 2400); do [[ $(ups) -gt $before ]] && break; sleep 0.05; done
    [[ $(ups) -gt $before ]] || { echo "no SUBNET UP"; kill -9 $sm_pid $ibsim_pid; exit 1; }
    java_bin=$(readlink -f "/proc/$sm_pid/exe" 2>/dev/null || true)
    jcmd=$(dirname "$java_bin")/jcmd
    [[ -x $jcmd ]] || jcmd=jcmd
}
start_sm "$@"
if [[ $restart -eq 1 ]]; then
    kill -TERM $sm_pid; wait $sm_pid 2>/dev/null
    start_sm "$@"
fi
# settled BEFORE: waits for a SUBNET UP after BEFORE of them, then until none comes for $settle seconds
settled() {
    local n
    for _ in $(seq 1500); do [[ $(ups) -gt $1 ]] && break; sleep 0.02; done
    n=$(ups)
    while :; do sleep "$settle"; [[ $(ups) -eq $n ]] && break; n=$(ups); done
}
# reboot NODE: all of its links dropped at once, then plugged back one by one
reboot() {
    local before l
    before=$(ups)
    console "Unlink \"$1\""
    settled "$before"
    before=$(ups)
    mapfile -t l < "$work/nodes/$1"
    console "${l[@]}"
    settled "$before"
}
cable() {
    local before
    before=$(ups); console "$(cut -f1 <<< "$1")"; settled "$before"
    before=$(ups); console "$(cut -f2 <<< "$1")"; settled "$before"
}
hup() { local before; before=$(ups); kill -HUP $sm_pid; settled "$before"; }
sa_failed=0 pr_failed=0
# saquery under umad2sim can hang for good when a MAD arrives while it closes the port (its two threads wait on each
# other: seen once, as a multi-segment answer came in just after saquery had timed out): killed after 60 s.
sa() {
    LD_PRELOAD=$preload SIM_HOST=$host timeout -s KILL 60 saquery > /dev/null 2>&1 || sa_failed=$((sa_failed + 1))
    LD_PRELOAD=$preload SIM_HOST=$host timeout -s KILL 60 saquery -p > /dev/null 2>&1 || pr_failed=$((pr_failed + 1))
}
start=$(date +%s)
sample() { # CYCLES
    local histo live counts rss hwm
    # the resident set as the daemon left it, before the forced collection; and the highest so far
    rss=$(awk '/^VmRSS/ {print $2}' /proc/$sm_pid/status)
    hwm=$(awk '/^VmHWM/ {print $2}' /proc/$sm_pid/status)
    histo=$("$jcmd" $sm_pid GC.class_histogram 2>/dev/null)
    # the collector's fillers (dead space it leaves in place in the old generation) are not live
    live=$(awk '/FillerElement/ {dead += $3} /^Total/ {printf "%.1f", ($3 - dead) / 1048576}' <<< "$histo")
    counts=$(awk '$4 == "dev.jsm.subnet.Node" {n = $2} $4 == "dev.jsm.subnet.PhysPort" {p = $2}
        $4 == "dev.jsm.subnet.PortAttributes" {a = $2} $4 == "dev.jsm.daemon.link.PortConfig" {c = $2}
        END {printf "%d %d %d %d", n, p, a, c}' <<< "$histo")
    awk -v c="$1" -v m="$(( $(date +%s) - start ))" -v rss="$rss" -v hwm="$hwm" \
        -v live="$live" -v counts="$counts" -v t="$(ls /proc/$sm_pid/task | wc -l)" \
        -v f="$(ls /proc/$sm_pid/fd | wc -l)" -v u="$(ups)" 'BEGIN {split(counts, k, " ")
        printf "%6d %7.1f %7.1f %7.1f %7s %6d %8d %8d %8d %5d %5d %6d\n", c, m / 60, rss / 1024, hwm / 1024, live,
            k[1], k[2], k[3], k[4], t, f, u}'
}
echo " cycle minutes  RSS-MB  HWM-MB live-MB  Nodes PhysPort PortAttr PortConf thrds  fds    ups"
sample 0
mapfile -t hosts < "$work/hosts"
mapfile -t leaves < "$work/leaves"
mapfile -t cables < "$work/cables"
cycle=0
while [[ $(( $(date +%s) - start )) -lt $((minutes * 60)) ]]; do
    reboot "${hosts[cycle % ${#hosts[@]}]}"
    reboot "${leaves[cycle % ${#leaves[@]}]}"
    cable "${cables[cycle % ${#cables[@]}]}"
    hup
    sa
    cycle=$((cycle + 1))
    kill -0 $sm_pid 2>/dev/null || { echo "the SM exited: $(tail -n 3 opensm.log)"; kill $ibsim_pid; exit 1; }
    [[ $((cycle % every)) -eq 0 ]] && sample $cycle
done
[[ $((cycle % every)) -eq 0 ]] || sample $cycle
echo "saquery over $cycle cycles: NodeRecords failed $sa_failed times; the table of every PathRecord failed" \
    "$pr_failed times (refused with ERR_NO_RESOURCES beyond 4,194,304 records, or not answered in saquery's time)"
grep -c -E '\] 0x01 -> ' opensm.log | sed 's/^/error lines in opensm.log: /'
kill -TERM $sm_pid; wait $sm_pid 2>/dev/null
kill $ibsim_pid; wait 2>/dev/null || true
INNER
) | tee "$work/samples"
[[ $keep -eq 1 ]] || rm -rf "$work"
