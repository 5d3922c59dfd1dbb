#!/usr/bin/env bash
# One SM on an ibsim fabric, in a private network namespace, living through the changes a production fabric sees,
# one after the other once the SM has said SUBNET UP:
#   unlink  an inter-switch cable pulled through ibsim's console (Unlink "switch"[port]; with -c N, N cables of
#           N different switches at once);
#   link    the cable(s) plugged back in (Link "a"[p] "b"[q]; ibsim has no Relink);
#   hup     SIGHUP with nothing changed.
# Console lines go to ibsim 0.2 s apart (it reads one line per wake-up). For each event it prints the seconds from
# the event to the SM's next SUBNET UP line (its log time stamp) and to the last one before the fabric stays quiet
# (-q), the MADs the SM's port sent meanwhile (PortXmitPkts read with perfquery from ibsim's counters), and for jsm
# the SMP Sets its sweeps sent and the kinds of sweep (jsm's /metrics on the console port). With -v the fabric (ibnetdiscover) and
# the LFTs (dump_fts) are read before the first event and after each, and checked by jsm's route verifier (bin/opensm
# --route-only -R file: pairs delivered, unreachable).
#
# Usage: scripts/fabric-changes.sh [-s jsm|ref] [-c CABLES] [-r RUNS] [-w CYCLES] [-q SECONDS] [-v] [-k] [-- OPTIONS]
#                                   FABRIC.net
#   -s  the SM: jsm (bin/opensm, default) or ref (Debian's /usr/sbin/opensm)
#   -c  cables to pull at once (default 1)
#   -r  runs, each on a fresh ibsim (default 1); the median of each event is printed last
#   -w  unlink/link cycles of other switches' cables before the measured events, printed as warm-unlink and
#       warm-link (default 0): a daemon that has run for a while has compiled its repair code, the first change
#       after a start runs it cold
#   -q  seconds without another SUBNET UP after which an event counts as handled (default 3)
#   -v  read and verify the LFTs after every event (slow on large fabrics)
#   -k  keep the work directory
# FC_LOG_FLAGS in the environment sets the SM's log_flags.
# Needs: ibsim-utils, libibumad3, infiniband-diags, opensm, util-linux (unshare), curl, root; a built tree.
set -euo pipefail

sm=jsm cables=1 runs=1 verify=0 keep=0 settle=3
while getopts "s:c:r:w:q:vk" opt; do
    case $opt in
        s) sm=$OPTARG ;;
        c) cables=$OPTARG ;;
        r) runs=$OPTARG ;;
        w) export FC_WARMUP=$OPTARG ;;
        q) settle=$OPTARG ;;
        v) verify=1 ;;
        k) keep=1 ;;
        *) sed -n '2,27p' "$0"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/scripts/lib/ibsim.sh"
fabric_args "$@"
[[ -n $fabric ]] || { echo "fabric-changes: give an ibsim fabric file" >&2; exit 2; }
case $sm in jsm|ref) ;; *) echo "fabric-changes: -s jsm or ref" >&2; exit 2 ;; esac
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
for tool in ibsim perfquery dump_fts unshare curl /usr/sbin/opensm; do
    command -v "$tool" >/dev/null || { echo "fabric-changes: $tool is missing" >&2; exit 3; }
done
[[ -f $preload ]] || { echo "fabric-changes: $preload is missing (apt-get install ibsim-utils)" >&2; exit 3; }
[[ -x $here/bin/opensm && -d $here/daemon/target/lib ]] || {
    echo "fabric-changes: build first: mvn -B -ntp package -DskipTests" >&2; exit 3; }
work=$(mktemp -d /tmp/fabric-changes.XXXXXX)
[[ $keep -eq 1 ]] && echo "files in $work"

# The inter-switch cables to pull: the first port of each of the first CABLES switches that leads to a switch, as
# ibsim console lines 'Unlink "a"[p]' and 'Link "a"[p] "b"[q]'; with -w, the warm-up cycles pull the next CABLES
# switches' cables (a cable pulled before would find its routes already moved away by the first repair).
warm=${FC_WARMUP:-0}
awk -v want="$((warm > 0 ? 2 * cables : cables))" '
    /^Switch/ { match($0, /"[^"]*"/); sw = substr($0, RSTART, RLENGTH); taken = 0; switches[sw] = 1; next }
    /^(Hca|Ca|Rt)/ { sw = ""; next }
    sw != "" && !taken && /^\[[0-9]+\]/ {
        match($0, /^\[[0-9]+\]/); p = substr($0, RSTART + 1, RLENGTH - 2)
        rest = substr($0, RLENGTH + 1); match(rest, /"[^"]*"\[[0-9]+\]/); remote = substr(rest, RSTART, RLENGTH)
        split(remote, r, "[")
        cand[++n] = sw "|" p "|" r[1] "|" substr(r[2], 1, length(r[2]) - 1)
        taken = 1
    }
    END {
        got = 0
        for (i = 1; i <= n && got < want; i++) {
            split(cand[i], c, "|")
            if (!(c[3] in switches) || (c[1] in used) || (c[3] in used)) continue
            used[c[1]] = 1; used[c[3]] = 1; got++
            printf "Unlink %s[%s]\tLink %s[%s] %s[%s]\n", c[1], c[2], c[1], c[2], c[3], c[4]
        }
    }' "$fabric" > "$work/cables.all"
head -n "$cables" "$work/cables.all" > "$work/cables"
tail -n +"$((cables + 1))" "$work/cables.all" > "$work/cables.warm"
[[ $(wc -l < "$work/cables") -eq $cables ]] || { echo "fabric-changes: found only $(wc -l < "$work/cables")" \
    "inter-switch cables of distinct switches" >&2; exit 2; }

one_run() {
    local dir=$1
    mkdir -p "$dir"
    (cd "$dir" && unshare -n bash -s -- "$fabric" "$preload" "$here" "$sm" "$verify" "$work/cables" "$settle" \
        "${extra[@]+"${extra[@]}"}" <<'INNER'
set -u
fabric=$1 preload=$2 here=$3 sm=$4 verify=$5 cables=$6 settle=$7
shift 7
ip link set lo up 2>/dev/null || true
. "$here/scripts/lib/ibsim.sh"
ibsim_with_console "$fabric"
host=$(sed -n 's/^Hca[^"]*"\([^"]*\)".*/\1/p' "$fabric" | head -n 1)
mkdir -p cache
{
    echo "force_log_flush TRUE"
    [[ -n ${FC_LOG_FLAGS:-} ]] && echo "log_flags $FC_LOG_FLAGS"
    if [[ $sm == jsm ]]; then echo "console loopback"; echo "console_port 10000"; fi
} > opensm.conf
if [[ $sm == ref ]]; then bin=/usr/sbin/opensm; else bin=$here/bin/opensm; fi
SIM_HOST=$host OSM_CACHE_DIR=$PWD/cache OSM_TMP_DIR=$PWD LD_PRELOAD=$preload \
    "$bin" -F "$PWD/opensm.conf" -f "$PWD/opensm.log" "$@" > sm.out 2>&1 &
sm_pid=$!
ups() { grep -c 'SUBNET UP' opensm.log 2>/dev/null || true; }
# the time stamp of a log line ("Nov 27 04:02:47 776443 [...]") in seconds since the epoch
stamp() {
    awk '{print $1, $2, $3, $4}' | while read -r mon day time us; do
        echo "$(date -d "$mon $day $time" +%s).$us"
    done
}
xmit() {
    LD_PRELOAD=$preload SIM_HOST=$host perfquery 2>/dev/null | sed -n 's/^PortXmitPkts:\.*\([0-9]*\)/\1/p'
}
metric() { # NAME: the value of a jsm metric line starting with NAME
    [[ $sm == jsm ]] || { echo "-"; return; }
    curl -s --max-time 5 http://127.0.0.1:10000/metrics | awk -v m="$1" 'index($0, m) == 1 {print $2; exit}'
}
verify_lfts() { # SUFFIX: the fabric as it is now (ibnetdiscover) and the LFTs (dump_fts), checked by jsm's verifier
    [[ $verify -eq 1 ]] || return 0
    LD_PRELOAD=$preload SIM_HOST=$host ibnetdiscover 2>/dev/null > "topo.$1"
    LD_PRELOAD=$preload SIM_HOST=$host dump_fts 2>/dev/null > "lfts.$1"
    "$here/bin/opensm" --route-only --sim-topology "topo.$1" -R file,no_fallback -U "lfts.$1" -f "check.$1.log" \
        2>/dev/null | sed -n 's/^route check: /verify '"$1"': /p' | head -n 1
}
for _ in $(seq 2400); do [[ $(ups) -gt 0 ]] && break; sleep 0.05; done
[[ $(ups) -gt 0 ]] || { echo "no SUBNET UP"; kill -9 $sm_pid $ibsim_pid; exit 1; }
sleep 2
verify_lfts start
# event NAME: runs the event's action (the rest of the arguments), waits for the next SUBNET UP and then until no
# other comes for $settle seconds, reports
event() {
    local name=$1 before x0 s0 kinds0 first last t1 tn n
    shift
    before=$(ups); x0=$(xmit); s0=$(metric jsm_smp_sets_total)
    kinds0=$(curl -s --max-time 5 http://127.0.0.1:10000/metrics 2>/dev/null | grep '^jsm_sweeps_total' || true)
    t0=$(date +%s.%N)
    "$@"
    for _ in $(seq 3000); do [[ $(ups) -gt $before ]] && break; sleep 0.02; done
    n=$(ups)
    while :; do
        sleep "$settle"
        [[ $(ups) -eq $n ]] && break
        n=$(ups)
    done
    first=$(grep 'SUBNET UP' opensm.log | sed -n "$((before + 1))p")
    last=$(grep 'SUBNET UP' opensm.log | tail -n 1)
    if [[ -z $first ]]; then echo "$name none"; return; fi
    t1=$(echo "$first" | stamp); tn=$(echo "$last" | stamp)
    local kind="-" sets="-"
    if [[ $sm == jsm ]]; then
        sets=$(( $(metric jsm_smp_sets_total) - s0 ))
        kind=$(diff <(echo "$kinds0") <(curl -s --max-time 5 http://127.0.0.1:10000/metrics | grep '^jsm_sweeps_total') \
            | sed -n 's/^> jsm_sweeps_total{kind="\([a-z]*\)",result="\([a-z]*\)"}.*/\1:\2/p' | paste -sd, -)
    fi
    awk -v n="$name" -v t0="$t0" -v t1="$t1" -v tn="$tn" -v c="$((n - before))" -v m="$(( $(xmit) - x0 ))" \
        -v s="$sets" -v k="$kind" 'BEGIN {printf "%s %.3f s (last of %d SUBNET UP %.3f s), %d MADs, %s Sets, " \
        "sweeps %s\n", n, t1 - t0, c, tn - t0, m, s, k}'
    verify_lfts "$name"
}
unlink_all() { mapfile -t l < <(cut -f1 "${1:-$cables}"); console "${l[@]}"; }
link_all() { mapfile -t l < <(cut -f2 "${1:-$cables}"); console "${l[@]}"; }
hup() { kill -HUP $sm_pid; }
for _ in $(seq "${FC_WARMUP:-0}"); do
    event warm-unlink unlink_all "$cables.warm"
    event warm-link link_all "$cables.warm"
done
event unlink unlink_all
event link link_all
event hup hup
kill -TERM $sm_pid; wait $sm_pid 2>/dev/null
kill $ibsim_pid; wait 2>/dev/null || true
INNER
    )
}

: > "$work/all"
for r in $(seq "$runs"); do
    one_run "$work/run$r" | tee -a "$work/all"
done
if [[ $runs -gt 1 ]]; then
    for e in unlink link hup; do
        awk -v e="$e" '$1 == e && $2 != "none" {print $2}' "$work/all" | sort -n | awk -v e="$e" '{v[NR] = $1}
            END { if (NR) printf "median %s %.3f s (min %.3f, max %.3f, %d runs)\n", e, v[int((NR + 1) / 2)], v[1],
                v[NR], NR }'
    done
fi
[[ $keep -eq 1 ]] || rm -rf "$work"
