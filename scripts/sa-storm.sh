#!/usr/bin/env bash
# The SA under a job-start storm (docs/performance.md, "The SA under a job-start storm"): N hosts at once each ask
# the SA for the PathRecords to P peers, R rounds over the same peers, at most W outstanding per host, as an MPI
# launcher's ranks do. For each SM (jsm's bin/opensm and the reference /usr/sbin/opensm, taking turns: A B A B),
# in a network namespace of its own: the fabric (jsm's simulator server by default, or ibsim), the SM at the
# fabric's first host, SUBNET UP, the SM left to go quiet, then S storms one after the other (the first is the
# fresh start's, the others warm), each by N raw libibumad clients (scripts/lib/sa-storm-client.c, compiled here)
# at N other hosts. Per storm: answers per second, p50/p99 latency (send to answer), requests timed out and
# refused, and the SM's CPU time over the storm (the kernel's per-process CPU clock, all threads, read before the
# first request and after the last answer; scripts/lib/process-cpu.c) divided by the PathRecords answered. Then the
# medians of each SM's runs and jsm's over the reference's.
#
# Usage: scripts/sa-storm.sh [options] [FABRIC.net|SHAPE] [-- extra options for both SMs]
#   default fabric fabrics/fat2-648.net; a shape (fat3:k=36: 11664 hosts) is written to a net file first
#   -n HOSTS    storming hosts (16)            -p PEERS   peers per host (64)       -R ROUNDS  rounds (4)
#   -w WINDOW   outstanding per host (16)      -t MS      timeout per request (1000; a timed-out request is given
#   -s STORMS   storms per SM start (2)                   up: -x RETRIES resends it instead)
#   -r RUNS     starts of each SM (1)          -m SMS     "jsm ref" (default), "jsm" or "ref"
#   -b ibsim    ibsim instead of the simulator server (at most 10 clients: 9 storming hosts at a time, pooled)
#   -L          ask by SLID/DLID instead of SGID/DGID     -i SECONDS  also measure the SM's idle CPU first
#   -k DIR      keep the run's files in DIR
# Needs: gcc, libibumad-dev, libumad2sim0 (ibsim-utils), opensm, util-linux (unshare), root; a built tree
# (mvn -B -ntp -q package -pl daemon,sim -am -DskipTests).
set -euo pipefail

hosts=16 peers=64 rounds=4 window=16 timeout=1000 retries=0 storms=2 runs=1 sms="jsm ref" backend=sim bylid=
idle=0 keep=
while getopts "n:p:R:w:t:x:s:r:m:b:Li:k:" opt; do
    case $opt in
        n) hosts=$OPTARG ;; p) peers=$OPTARG ;; R) rounds=$OPTARG ;; w) window=$OPTARG ;;
        t) timeout=$OPTARG ;; x) retries=$OPTARG ;; s) storms=$OPTARG ;; r) runs=$OPTARG ;; m) sms=$OPTARG ;;
        b) backend=$OPTARG ;; L) bylid=-L ;; i) idle=$OPTARG ;; k) keep=$OPTARG ;;
        *) sed -n '2,22p' "$0"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
here=$(cd "$(dirname "$0")/.." && pwd)
fabric=$here/fabrics/fat2-648.net
if [[ $# -gt 0 && $1 != -- ]]; then fabric=$1; shift; fi
[[ ${1:-} != -- ]] || shift
extra=("$@")
[[ $backend == sim || $backend == ibsim ]] || { echo "sa-storm: -b sim or -b ibsim" >&2; exit 2; }
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
for tool in gcc unshare /usr/sbin/opensm; do
    command -v "$tool" > /dev/null || { echo "sa-storm: $tool is missing" >&2; exit 3; }
done
[[ -f $preload && -f /usr/include/infiniband/umad.h ]] || {
    echo "sa-storm: needs libumad2sim0 and libibumad-dev (apt-get install ibsim-utils libibumad-dev)" >&2; exit 3; }
[[ $backend == sim ]] || command -v ibsim > /dev/null || { echo "sa-storm: ibsim is missing" >&2; exit 3; }
simjar=$(ls "$here"/sim/target/sim-*.jar 2> /dev/null | grep -v -e tests -e sources | head -n 1 || true)
[[ -x $here/bin/opensm && -d $here/daemon/target/lib && -n $simjar ]] || {
    echo "sa-storm: build first: mvn -B -ntp -q package -pl daemon,sim -am -DskipTests" >&2; exit 3; }

work=${keep:-$(mktemp -d /tmp/sa-storm.XXXXXX)}
mkdir -p "$work/bin"
gcc -O2 -Wall -o "$work/bin/sa-storm-client" "$here/scripts/lib/sa-storm-client.c" -libumad
gcc -O2 -Wall -o "$work/bin/process-cpu" "$here/scripts/lib/process-cpu.c"
if [[ -f $fabric ]]; then
    fabric=$(cd "$(dirname "$fabric")" && pwd)/$(basename "$fabric")
else
    java -cp "$simjar:$here/sim/target/lib/*" dev.jsm.sim.topo.TopologyTool --write "$work/fabric.net" "$fabric" \
        > /dev/null
    fabric=$work/fabric.net
fi
mapfile -t cas < <(sed -n 's/^\(Hca\|Ca\)[[:space:]].*"\([^"]*\)".*/\2/p' "$fabric")
[[ ${#cas[@]} -gt $hosts ]] || { echo "sa-storm: $fabric has ${#cas[@]} hosts, fewer than -n $hosts + 1" >&2; exit 2; }
# the SM at the first host, the storming hosts spread evenly over the others
for ((i = 0; i < hosts; i++)); do
    echo "${cas[$((1 + i * (${#cas[@]} - 1) / hosts))]}"
done > "$work/hosts"
sed -n 's/^switchguid=0x\([0-9a-fA-F]*\).*/\1/p' "$fabric" | tr 'A-F' 'a-f' > "$work/switches"
nodes=$(grep -c -E '^(Switch|Hca|Ca|Rt)' "$fabric")
echo "sa-storm: $(basename "$fabric"): ${#cas[@]} hosts; $hosts storming hosts x $peers peers x $rounds rounds," \
    "window $window, timeout $timeout ms, $storms storms per start, $backend; load $(cut -d' ' -f1-3 /proc/loadavg);" \
    "files in $work"

# One start of one SM and its storms, in a private network namespace. Arguments: dir command...
run_sm() {
    local dir=$1
    shift
    mkdir -p "$dir/cache" "$dir/clients"
    (cd "$dir" && unshare -n bash -s -- "$fabric" "$backend" "${cas[0]}" "$work" "$preload" "$nodes" \
        "$peers" "$rounds" "$window" "$timeout" "$retries" "$storms" "$idle" "$bylid" "$here" "$@" \
        > run.out 2>&1 <<'INNER'
set -u
fabric=$1 backend=$2 smhost=$3 work=$4 preload=$5 nodes=$6 peers=$7 rounds=$8 window=$9 timeout=${10}
retries=${11} storms=${12} idle=${13} bylid=${14} here=${15}
shift 15
cpu() { "$work/bin/process-cpu" "$1"; }
# each thread's CPU time in ns ("TID NAME NS", the name without blanks): where a storm's CPU went
threads() { for t in /proc/"$1"/task/*; do echo "${t##*/} $(tr -d ' ' < "$t/comm") $(cut -d' ' -f1 "$t/schedstat")"; done; }
ip link set lo up 2> /dev/null || true
if [[ $backend == sim ]]; then
    JAVA_OPTS= "$here/bin/sim-server" "$fabric" --quiet > fabric.out 2>&1 &
    fabric_pid=$!
    for _ in $(seq 1200); do grep -q 'ready' fabric.out && break; sleep 0.1; done
else
    ibsim -n -s -N $((nodes + 64)) -S $((nodes + 64)) -P $((nodes * 40 + 1024)) "$fabric" > fabric.out 2>&1 &
    fabric_pid=$!
fi
for _ in $(seq 1200); do grep -q ':ctl' /proc/net/unix && break; sleep 0.1; done
start=$(date +%s%N)
OSM_CACHE_DIR=$PWD/cache OSM_TMP_DIR=$PWD SIM_HOST=$smhost LD_PRELOAD=$preload "$@" > sm.out 2>&1 &
sm_pid=$!
for _ in $(seq 6000); do grep -q 'SUBNET UP' sm.log 2> /dev/null && break; kill -0 $sm_pid || break; sleep 0.1; done
echo "UP $(( ($(date +%s%N) - start) / 1000000 ))"
for _ in $(seq 600); do [[ -s cache/guid2lid ]] && break; sleep 0.1; done
# the peers: every channel adapter port with a LID ("LID GUID"), from the SM's guid2lid
awk 'NR == FNR { sw["0x" $1] = 1; next } NF >= 2 && !(tolower($1) in sw) { printf "%d %s\n", $2, $1 }' \
    "$work/switches" cache/guid2lid > peers.txt
mapfile -t hosts < "$work/hosts"
for _ in $(seq 60); do
    SIM_HOST=${hosts[0]} LD_PRELOAD=$preload timeout 5 saquery CPI > /dev/null 2>&1 && break
    sleep 0.5
done
# quiet: less than 20 ms of CPU in a second (jsm checks its routes and writes its dumps after SUBNET UP)
prev=$(cpu $sm_pid)
for _ in $(seq 180); do
    sleep 1
    now=$(cpu $sm_pid)
    (( now - prev < 20000000 )) && break
    prev=$now
done
if (( idle > 0 )); then
    threads $sm_pid > idle.before
    a=$(cpu $sm_pid)
    sleep "$idle"
    b=$(cpu $sm_pid)
    threads $sm_pid > idle.after
    echo "IDLE $(( (b - a) / idle / 1000 ))"
fi
storm_client() { # host storm index
    (cd clients && SIM_HOST=$1 LD_PRELOAD=$preload "$work/bin/sa-storm-client" -p "$peers" -R "$rounds" \
        -w "$window" -t "$timeout" -r "$retries" -S "$2" $bylid ${4:+-g "$4"} -l "lat.$2.$3" ../peers.txt \
        > "out.$2.$3" 2> "err.$2.$3")
}
for s in $(seq "$storms"); do
    rm -f clients/go
    if [[ $backend == sim ]]; then
        pids=()
        for i in "${!hosts[@]}"; do
            storm_client "${hosts[$i]}" "$s" "$i" go &
            pids+=($!)
        done
        for _ in $(seq 1200); do
            [[ $(cat clients/out."$s".* 2> /dev/null | grep -c '^READY') -ge ${#hosts[@]} ]] && break
            sleep 0.05
        done
        threads $sm_pid > "threads.$s.before"
        a=$(cpu $sm_pid)
        # when, in the SM's life (seconds since its start): to read its JVM's logs against
        echo "AT $s $(awk -v t="$(cut -d' ' -f22 /proc/$sm_pid/stat)" -v hz="$(getconf CLK_TCK)" \
            '{ printf "%.2f", $1 - t / hz }' /proc/uptime)"
        touch clients/go
        wait "${pids[@]}"
        b=$(cpu $sm_pid)
        threads $sm_pid > "threads.$s.after"
    else
        # ibsim serves at most 10 clients, the SM one of them: 9 storming hosts at a time
        a=$(cpu $sm_pid)
        export -f storm_client
        export preload work peers rounds window timeout retries bylid
        printf '%s\n' "${!hosts[@]}" | xargs -P 9 -I{} bash -c 'storm_client "$1" "$2" "$3"' _ \
            "{}" "$s" "{}" 2> /dev/null || true
        b=$(cpu $sm_pid)
    fi
    echo "STORM $s cpu_ns=$((b - a))"
    [[ ! -f threads.$s.before ]] || awk 'NR == FNR { t[$1] = $3; next }
        { d = $3 - t[$1]; if (d >= 1000000) printf "THREAD %s %s %.1f ms\n", $1, $2, d / 1e6 }' \
        "threads.$s.before" "threads.$s.after" | sort -k4 -g -r
    sleep 1
done
kill $sm_pid
for _ in $(seq 100); do kill -0 $sm_pid 2> /dev/null || break; sleep 0.1; done
kill $fabric_pid
wait $sm_pid 2> /dev/null || true
wait $fabric_pid 2> /dev/null || true
INNER
    ) || true
}

# One storm's figures: sent answered ok refused timedout late wall_s answers/s p50_ms p99_ms cpu_us/PR
storm_figures() { # dir storm
    local dir=$1 s=$2 cpu
    cpu=$(sed -n "s/^STORM $s cpu_ns=//p" "$dir/run.out")
    [[ -n $cpu ]] || { echo "- - - - - - - - - - -"; return; }
    cat "$dir"/clients/out."$s".* | awk -v cpu="$cpu" -v lats="$(cat "$dir"/clients/lat."$s".* 2> /dev/null \
            | cut -d' ' -f1 | sort -n | awk '{ a[NR] = $1 } END {
                if (NR == 0) { print "- -"; exit }
                i = int(NR * 0.5 + 0.5); if (i < 1) i = 1; j = int(NR * 0.99 + 0.5); if (j < 1) j = 1
                printf "%.2f %.2f", a[i] / 1e6, a[j] / 1e6 }')" '
        $1 == "STORM" {
            for (k = 2; k <= NF; k++) { split($k, kv, "="); v[kv[1]] += kv[2] }
            split($NF, t, "="); if (t[2] > wall) wall = t[2]
        }
        END {
            split(lats, l, " ")
            printf "%d %d %d %d %d %d %.3f %.0f %s %s %.1f\n", v["sent"], v["answered"], v["ok"], v["refused"],
                v["timedout"], v["late"], wall / 1e9, (wall > 0 ? v["answered"] / (wall / 1e9) : 0), l[1], l[2],
                (v["ok"] > 0 ? cpu / 1000 / v["ok"] : 0)
        }'
}

for ((r = 1; r <= runs; r++)); do
    order=$sms
    if (( r % 2 == 0 )); then order=$(echo "$sms" | awk '{ for (i = NF; i > 0; i--) printf "%s%s", $i, (i > 1 ? " " : "") }'); fi
    for sm in $order; do
        dir=$work/$sm-$r
        case $sm in
            jsm) run_sm "$dir" "$here/bin/opensm" -f "$dir/sm.log" ${extra[@]+"${extra[@]}"} ;;
            ref) # OpenSM buffers its log: without force_log_flush "SUBNET UP" may reach the file minutes later
                mkdir -p "$dir"
                echo "force_log_flush TRUE" > "$dir/opensm.conf"
                run_sm "$dir" /usr/sbin/opensm -F "$dir/opensm.conf" -f "$dir/sm.log" ${extra[@]+"${extra[@]}"} ;;
            *) echo "sa-storm: unknown SM $sm" >&2; exit 2 ;;
        esac
        up=$(sed -n 's/^UP //p' "$dir/run.out")
        idle_line=$(sed -n 's/^IDLE //p' "$dir/run.out")
        echo "run $r $sm: SUBNET UP after ${up:-?} ms${idle_line:+, idle ${idle_line} us of CPU per second};" \
            "load $(cut -d' ' -f1-3 /proc/loadavg)"
        for ((s = 1; s <= storms; s++)); do
            echo "RESULT $sm $r $s $(storm_figures "$dir" "$s")" | tee -a "$work/results"
        done
    done
done

# medians per SM and storm kind (1 = fresh start, 2.. = warm): the columns of storm_figures
echo
printf '%-4s %-6s %8s %8s %8s %8s %9s %8s %8s %10s\n' SM storm answered refused timedout "ans/s" "p50 ms" "p99 ms" \
    runs "CPU us/PR"
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR == 0) { print "-"; exit } print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
declare -A cpu_median
for sm in $sms; do
    for kind in fresh warm; do
        if [[ $kind == fresh ]]; then sel='$4 == 1'; else sel='$4 > 1'; fi
        rows=$(awk "\$1 == \"RESULT\" && \$2 == \"$sm\" && $sel && \$6 != \"-\"" "$work/results")
        [[ -n $rows ]] || continue
        col() { echo "$rows" | awk -v c="$1" '{ print $c }' | median; }
        cpu_median[$sm-$kind]=$(col 15)
        printf '%-4s %-6s %8s %8s %8s %8s %9s %8s %8s %10s\n' "$sm" "$kind" "$(col 6)" "$(col 8)" "$(col 9)" \
            "$(col 12)" "$(col 13)" "$(col 14)" "$(echo "$rows" | wc -l)" "${cpu_median[$sm-$kind]}"
    done
done
for kind in fresh warm; do
    j=${cpu_median[jsm-$kind]:-} f=${cpu_median[ref-$kind]:-}
    if [[ -n $j && -n $f ]]; then
        echo "jsm's CPU per PathRecord over the reference's, $kind: $(awk -v a="$j" -v b="$f" 'BEGIN { printf "%.2f", a / b }')"
    fi
done
