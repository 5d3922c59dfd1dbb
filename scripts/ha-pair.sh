#!/usr/bin/env bash
# Two SMs on one ibsim fabric, in a private network namespace: the first on the first host, the second on the fifth
# (each with its own cache and log directory), then one event, and what it did:
#   kill      SIGKILL to the master: the standby must notice (polling) and take over;
#   term      SIGTERM to the master: jsm hands over before it exits, OpenSM just exits;
#   priority  raise the standby's sm_priority in its config file to 15 and send it SIGHUP: the master must hand over.
# Prints, one per line: each SM's state before ("before a=MASTER b=STANDBY"), how often the standby logged SUBNET
# UP and a refused Set (jsm's SM-0629) before the event ("standby b subnet-up 0 refused-sets 0"), the event, the
# seconds from the event to the new master's SUBNET UP ("takeover 1.234"; after a kill, also split at the standby's
# polling timeout line: "detection 0.812 then-subnet-up 0.101"; after a jsm takeover that trusted its standby's
# model, the seconds to the SUBNET UP of the full sweep that follows, "full sweep after subnet-up 2.345"), the states
# after, whether the LIDs
# (ibnetdiscover -p) and the LFTs (dump_fts) read before and after are identical ("lids identical", "lfts
# identical"), for a jsm SM whose log_flags have VERBOSE (0x04) the LFT block Sets of its first sweep as the new
# master ("new master lft-block-sets 0"), and the HANDOVER/ACKNOWLEDGE/takeover lines of both logs. With -r N the
# event is repeated on N fresh pairs and the median takeover time is printed last.
#
# Usage: scripts/ha-pair.sh [-a KIND:PRIO] [-b KIND:PRIO] [-e kill|term|priority] [-t POLL_MS] [-n RETRIES]
#                           [-r RUNS] [-k] FABRIC.net
#   KIND is ref (Debian's /usr/sbin/opensm) or jsm (bin/opensm); defaults -a ref:10 -b jsm:1 -e kill.
#   -t/-n set sminfo_polling_timeout and polling_retry_number in both SMs' config files (OpenSM's defaults
#   10000 and 4 otherwise); -k keeps the work directory. HA_LOG_FLAGS in the environment sets both SMs' log_flags.
# Needs: ibsim-utils, libibumad3, infiniband-diags, opensm, util-linux (unshare), root; a built tree.
set -euo pipefail

a=ref:10 b=jsm:1 event=kill poll="" retries="" runs=1 keep=0
while getopts "a:b:e:t:n:r:k" opt; do
    case $opt in
        a) a=$OPTARG ;;
        b) b=$OPTARG ;;
        e) event=$OPTARG ;;
        t) poll=$OPTARG ;;
        n) retries=$OPTARG ;;
        r) runs=$OPTARG ;;
        k) keep=1 ;;
        *) sed -n '2,23p' "$0"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -eq 1 && -f $1 ]] || { echo "ha-pair: give an ibsim fabric file" >&2; exit 2; }
case $event in kill|term|priority) ;; *) echo "ha-pair: unknown event $event" >&2; exit 2 ;; esac
fabric=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")/.." && pwd)
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
for tool in ibsim ibnetdiscover dump_fts unshare /usr/sbin/opensm; do
    command -v "$tool" >/dev/null || { echo "ha-pair: $tool is missing" >&2; exit 3; }
done
[[ -f $preload ]] || { echo "ha-pair: $preload is missing (apt-get install ibsim-utils)" >&2; exit 3; }
[[ -x $here/bin/opensm && -d $here/daemon/target/lib ]] || {
    echo "ha-pair: build first: mvn -B -ntp package -DskipTests" >&2; exit 3; }
work=$(mktemp -d /tmp/ha-pair.XXXXXX)
[[ $keep -eq 1 ]] && echo "files in $work"

one_run() {
    local dir=$1
    mkdir -p "$dir"
    (cd "$dir" && unshare -n bash -s -- "$fabric" "$preload" "$here" "$a" "$b" "$event" "$poll" "$retries" \
        <<'INNER'
set -u
fabric=$1 preload=$2 here=$3 a=$4 b=$5 event=$6 poll=$7 retries=$8
ip link set lo up 2>/dev/null || true
nodes=$(grep -c -E '^(Switch|Hca|Ca|Rt)' "$fabric")
ibsim -n -s -N $((nodes + 64)) -S $((nodes + 64)) -P $((nodes * 40 + 1024)) "$fabric" > ibsim.out 2>&1 &
ibsim_pid=$!
for _ in $(seq 200); do grep -q ':ctl' /proc/net/unix && break; sleep 0.05; done
mapfile -t hosts < <(sed -n 's/^Hca[^"]*"\([^"]*\)".*/\1/p' "$fabric")
sm_pid=()

# start_sm NAME KIND:PRIO HOST: writes NAME/opensm.conf and starts the SM in NAME/
start_sm() {
    local name=$1 kind=${2%%:*} prio=${2##*:} host=$3 bin
    mkdir -p "$name/cache"
    {
        echo "sm_priority $prio"
        [[ -n $poll ]] && echo "sminfo_polling_timeout $poll"
        [[ -n $retries ]] && echo "polling_retry_number $retries"
        echo "force_log_flush TRUE"
        [[ -n ${HA_LOG_FLAGS:-} ]] && echo "log_flags $HA_LOG_FLAGS"
    } > "$name/opensm.conf"
    if [[ $kind == ref ]]; then bin=/usr/sbin/opensm; else bin=$here/bin/opensm; fi
    (cd "$name" && SIM_HOST=$host OSM_CACHE_DIR=$PWD/cache OSM_TMP_DIR=$PWD LD_PRELOAD=$preload \
        exec "$bin" -F "$PWD/opensm.conf" -f "$PWD/opensm.log" > sm.out 2>&1) &
    sm_pid+=($!)
}
# wait_for FILE PATTERN SECONDS
wait_for() {
    for _ in $(seq $(( $3 * 20 ))); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.05; done
    return 1
}
state_of() {
    grep -o 'Entering [A-Z]* state' "$1/opensm.log" 2>/dev/null | tail -n 1 | awk '{print $2}'
}
# the time stamp of a log line ("Nov 27 04:02:47 776443 [...]") in seconds since the epoch
stamp() {
    awk '{print $1, $2, $3, $4}' | while read -r mon day time us; do
        echo "$(date -d "$mon $day $time" +%s).$us"
    done
}
read_fabric() { # SUFFIX
    LD_PRELOAD=$preload SIM_HOST=${hosts[8]} ibnetdiscover -p 2>/dev/null | sort > "lids.$1"
    LD_PRELOAD=$preload SIM_HOST=${hosts[8]} dump_fts 2>/dev/null > "lfts.$1"
}

start_sm a "$a" "${hosts[0]}"
wait_for a/opensm.log 'SUBNET UP' 300 || echo "a: no SUBNET UP"
a_ups=$(grep -c 'SUBNET UP' a/opensm.log || true)
start_sm b "$b" "${hosts[4]}"
wait_for b/opensm.log 'Entering STANDBY\|Entering MASTER' 60 || true
# a jsm master learns of the new SM at the heavy sweep the newcomer's Trap 144 asks for (it logs SUBNET UP again;
# OpenSM does not): wait for it (at most 30 s; a loaded machine can take long) so that the event meets a master
# that knows its standby
for _ in $(seq 600); do
    [[ ${a%%:*} != jsm || $(state_of a) != MASTER || $(grep -c 'SUBNET UP' a/opensm.log || true) -gt $a_ups ]] \
        && break
    sleep 0.05
done
# a jsm standby logging VERBOSE (0x04) says when its LFT read is done: wait for it (at most 300 s; it takes long on
# a large fabric) so that the event meets a warm standby
if [[ ${b%%:*} == jsm && $(( ${HA_LOG_FLAGS:-0} & 4 )) -ne 0 ]]; then
    wait_for b/opensm.log 'switches known whole' 300 || true
fi
sleep 3
echo "before a=$(state_of a) b=$(state_of b)"
read_fabric before
if [[ $(state_of a) == MASTER ]]; then master=a; other=b; mi=0; else master=b; other=a; mi=1; fi
ups=$(grep -c 'SUBNET UP' "$other/opensm.log" || true)
cfg=$(grep -c 'SWITCHES CONFIGURED FOR UNICAST' "$other/opensm.log" || true)
# a jsm standby that was never master configured nothing: no SUBNET UP, no Set refused (SM-0629)
echo "standby $other subnet-up $ups refused-sets $(grep -c 'SM-0629' "$other/opensm.log" || true)"
case $event in
    kill) echo "event kill $master"; t0=$(date +%s.%N); kill -9 "${sm_pid[$mi]}"; wait "${sm_pid[$mi]}" 2>/dev/null ;;
    term) echo "event term $master"; t0=$(date +%s.%N); kill -TERM "${sm_pid[$mi]}" ;;
    priority)
        sed -i 's/^sm_priority .*/sm_priority 15/' "$other/opensm.conf"
        oi=$((1 - mi))
        echo "event priority $other"; t0=$(date +%s.%N); kill -HUP "${sm_pid[$oi]}" ;;
esac
for _ in $(seq 2400); do
    [[ $(grep -c 'SUBNET UP' "$other/opensm.log" || true) -gt $ups ]] && break
    sleep 0.05
done
line=$(grep 'SUBNET UP' "$other/opensm.log" | sed -n "$((ups + 1))p")
poll_line=$(grep 'polling timeout' "$other/opensm.log" | tail -n 1)
if [[ -n $line && -n $poll_line && $event == kill ]]; then
    awk -v t0="$t0" -v t1="$(echo "$poll_line" | stamp)" -v t2="$(echo "$line" | stamp)" \
        'BEGIN {printf "detection %.3f then-subnet-up %.3f\n", t1 - t0, t2 - t1}'
fi
if [[ -n $line ]]; then
    awk -v t0="$t0" -v t1="$(echo "$line" | stamp)" 'BEGIN {printf "takeover %.3f\n", t1 - t0}'
else
    echo "takeover none"
fi
# a jsm takeover that trusted its standby's model runs the full heavy sweep after its SUBNET UP: wait for that
# sweep's SUBNET UP (at most 120 s), so that the LFT Sets counted and the fabric read after are its
if grep -q 'taking over with the model kept as standby' "$other/opensm.log" 2>/dev/null; then
    for _ in $(seq 2400); do
        [[ $(grep -c 'SUBNET UP' "$other/opensm.log" || true) -gt $((ups + 1)) ]] && break
        sleep 0.05
    done
    full=$(grep 'SUBNET UP' "$other/opensm.log" | sed -n "$((ups + 2))p")
    [[ -n $full ]] && awk -v t1="$(echo "$line" | stamp)" -v t2="$(echo "$full" | stamp)" \
        'BEGIN {printf "full sweep after subnet-up %.3f\n", t2 - t1}'
fi
# the LFT block Sets of the new master's first sweep that configured the LFTs (a jsm SM whose log_flags have VERBOSE,
# 0x04)
sets=$(grep 'SWITCHES CONFIGURED FOR UNICAST' "$other/opensm.log" | sed -n "$((cfg + 1))p" \
    | sed -n 's/.* \([0-9]*\) LFT block Sets.*/\1/p')
[[ -n $sets ]] && echo "new master lft-block-sets $sets"
sleep 2
if [[ $event == priority ]]; then
    echo "after a=$(state_of a) b=$(state_of b)"
else
    echo "after $other=$(state_of $other)"
fi
read_fabric after
cmp -s lids.before lids.after && echo "lids identical" || echo "lids differ"
cmp -s lfts.before lfts.after && echo "lfts identical" || echo "lfts differ"
for sm in a b; do
    grep -h 'HANDOVER\|ACKNOWLEDGE\|taking over\|polling timeout\|did not answer' "$sm/opensm.log" \
        | sed "s/^/log $sm: /"
done
for p in "${sm_pid[@]}"; do kill -9 "$p" 2>/dev/null && wait "$p" 2>/dev/null; done
kill "$ibsim_pid"
wait 2>/dev/null || true
INNER
    )
}

times=()
for r in $(seq "$runs"); do
    out=$(one_run "$work/run$r")
    echo "$out"
    t=$(sed -n 's/^takeover \([0-9.]*\)$/\1/p' <<< "$out")
    [[ -n $t ]] && times+=("$t")
done
if [[ $runs -gt 1 && ${#times[@]} -gt 0 ]]; then
    printf '%s\n' "${times[@]}" | sort -n | awk '{v[NR] = $1} END {
        printf "median takeover %.3f (min %.3f, max %.3f, %d runs)\n", v[int((NR + 1) / 2)], v[1], v[NR], NR}'
fi
[[ $keep -eq 1 ]] || rm -rf "$work"
