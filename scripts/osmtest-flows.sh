#!/usr/bin/env bash
# Runs osmtest (Debian's opensm package, OpenSM's SA test program) flows against the reference OpenSM
# (/usr/sbin/opensm) and against jsm (bin/opensm), each SM on its own ibsim in its own network namespace (as
# scripts/side-by-side.sh does), osmtest running on a second CA of the fabric, and prints one line per flow:
#   flow  reference-result  jsm-result     (PASS = exit 0, FAIL(n) = exit n, TIMEOUT)
# Flows, in order (c first: it writes the inventory osmtest.dat the others read):
#   c, e, q, "f -s1", "f -s2", "f -s4", s, m   (override with -F "c|e|q")
# Usage: scripts/osmtest-flows.sh [-F flows] [-t seconds per flow, default 120] FABRIC.net [-- extra SM options]
# Needs: ibsim-utils, opensm (osmtest), util-linux (unshare), root; a built tree. Files (each flow's osmtest log
# and output, the SM logs) stay in the temporary directory printed.
set -euo pipefail

flows='c|e|q|f -s1|f -s2|f -s4|s|m'
limit=120
while getopts "F:t:" opt; do
    case $opt in
        F) flows=$OPTARG ;;
        t) limit=$OPTARG ;;
        *) sed -n '2,10p' "$0"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
extra=()
fabric=""
for a in "$@"; do
    if [[ -z $fabric && -f $a ]]; then fabric=$a; else extra+=("$a"); fi
done
[[ -n $fabric ]] || { echo "osmtest-flows: give an ibsim fabric file" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
for tool in ibsim osmtest saquery unshare /usr/sbin/opensm; do
    command -v "$tool" >/dev/null || { echo "osmtest-flows: $tool is missing (apt-get install ibsim-utils" \
        "opensm infiniband-diags)" >&2; exit 3; }
done
[[ -x $here/bin/opensm && -d $here/daemon/target/lib ]] || {
    echo "osmtest-flows: build first: mvn -B -ntp -o -q package -pl sa,daemon -DskipTests -Dcds.skip=true" >&2
    exit 3; }
fabric=$(cd "$(dirname "$fabric")" && pwd)/$(basename "$fabric")
mapfile -t cas < <(sed -n 's/^\(Hca\|Ca\)[[:space:]].*"\([^"]*\)".*/\2/p' "$fabric")
[[ ${#cas[@]} -ge 2 ]] || { echo "osmtest-flows: $fabric needs at least 2 CAs" >&2; exit 2; }
client=${cas[1]}
work=$(mktemp -d /tmp/osmtest-flows.XXXXXX)
echo "fabric $fabric, osmtest on $client, $limit s per flow; files in $work"

# One SM and all flows in a private network namespace. Arguments: dir command...
run_sm() {
    local dir=$1
    shift
    mkdir -p "$dir/cache"
    (cd "$dir" && unshare -n bash -s -- "$fabric" "$preload" "$client" "$limit" "$flows" "$@" > run.out 2>&1 <<'INNER'
set -u
fabric=$1 preload=$2 client=$3 limit=$4 flows=$5
shift 5
ip link set lo up 2>/dev/null || true
ibsim -n -s "$fabric" > ibsim.out 2>&1 &
ibsim_pid=$!
for _ in $(seq 200); do grep -q ':ctl' /proc/net/unix && break; sleep 0.05; done
export OSM_CACHE_DIR=$PWD/cache OSM_TMP_DIR=$PWD
LD_PRELOAD="$preload" "$@" > sm.out 2>&1 &
sm_pid=$!
for _ in $(seq 600); do grep -q 'SUBNET UP' sm.log 2> /dev/null && break; sleep 0.1; done
for _ in $(seq 40); do
    SIM_HOST=$client LD_PRELOAD="$preload" timeout 5 saquery CPI > /dev/null 2>&1 && break
    sleep 0.5
done
sleep 2
IFS='|' read -r -a list <<< "$flows"
i=0
for flow in "${list[@]}"; do
    i=$((i + 1))
    # shellcheck disable=SC2086 # the flow is "f -s1": two words
    SIM_HOST=$client LD_PRELOAD="$preload" timeout "$limit" osmtest -f $flow -i osmtest.dat \
        -l "flow-$i.log" > "flow-$i.out" 2>&1
    rc=$?
    echo "FLOW $i $rc $flow"
    sleep 2
done
# an SM blocked in a send to a stalled ibsim only ends once ibsim does: give it 10 s, then end ibsim first
kill "$sm_pid"
for _ in $(seq 100); do kill -0 "$sm_pid" 2> /dev/null || break; sleep 0.1; done
kill "$ibsim_pid"
wait "$sm_pid" 2> /dev/null || true
wait "$ibsim_pid" 2> /dev/null || true
INNER
    ) || true
}

run_sm "$work/reference" /usr/sbin/opensm -f "$work/reference/sm.log" ${extra[@]+"${extra[@]}"} &
ref_job=$!
run_sm "$work/jsm" "$here/bin/opensm" -f "$work/jsm/sm.log" ${extra[@]+"${extra[@]}"} &
jsm_job=$!
wait "$ref_job" "$jsm_job"

result() {
    local rc
    rc=$(awk -v i="$2" '$1 == "FLOW" && $2 == i {print $3}' "$work/$1/run.out")
    case $rc in
        "") echo "not run" ;;
        0) echo PASS ;;
        124) echo TIMEOUT ;;
        *) echo "FAIL($rc)" ;;
    esac
}
printf '%-8s %-12s %-12s\n' flow reference jsm
IFS='|' read -r -a list <<< "$flows"
for i in "${!list[@]}"; do
    printf '%-8s %-12s %-12s\n' "${list[$i]}" "$(result reference $((i + 1)))" "$(result jsm $((i + 1)))"
done
