#!/usr/bin/env bash
# Runs the reference OpenSM (Debian's /usr/sbin/opensm) and jsm (bin/opensm) on the same ibsim fabric, one after
# the other, each against a fresh ibsim in its own network namespace, and reports for each:
#   - time from start to the SUBNET UP line (its timestamp in the SM's log), wall time from start to exit with -o
#     (exit right after the first SUBNET UP; dump files and shutdown included), CPU time and peak RSS (/usr/bin/time);
#   - MADs the SM's port sent (PortXmitPkts of the SM's port, read with perfquery from ibsim's counters);
#   - the routes it programmed, read back from the switches with dump_fts (dump_lfts without its deprecation banner) and checked by jsm's route verifier
#     (bin/opensm --route-only -R file -U <dump>): pairs delivered, unreachable, hops, link load max/mean;
#   - whether the two SMs programmed identical LFTs, or identical ones on every entry the reference programmed with jsm
#     adding entries the reference leaves empty (jsm's updn and dnup route every switch LID, see the README);
#   - with more than one run: the median time to SUBNET UP and CPU of each, jsm's time over the reference's run by
#     run, and in how many runs jsm was first. The two SMs take turns to go first.
#
# Usage: scripts/side-by-side.sh [-R engine] [-r runs] [-- extra opensm options] FABRIC.net
#        scripts/side-by-side.sh -t [-R engine] [-r runs] [-- extra opensm options] FABRIC.net...
#   -R engine   routing engine for both (default minhop)
#   -r runs     runs per SM; each is reported (default 1)
#   -t          the table of issue 24 for each fabric in turn: each SM is started without -o and kept running; it
#               reports the time from start to the first SUBNET UP and the process's CPU (user + system, from
#               /proc) up to then, then sends SIGHUP (a heavy sweep) and reports the time from the signal to the
#               next SUBNET UP and that sweep's CPU, and last the peak RSS (VmHWM) of the whole life; one line per
#               fabric with jsm's figures over the reference's. Both SMs get force_log_flush (-F), so that the
#               reference's log shows SUBNET UP when it happens. The first run of each SM on a fabric starts with
#               an empty cache directory; later runs with the guid2lid its earlier run wrote (a restart) and jsm's
#               jsm-heap-size (its launcher sizes the heap from them), nothing else. With more than one run: medians.
# Needs: ibsim-utils, libibumad3, infiniband-diags, opensm, util-linux (unshare), root (for unshare -n);
# a built tree (mvn -B -ntp package -DskipTests). Leaves everything in a temporary directory it prints.
set -euo pipefail

engine=minhop
runs=1
table=0
while getopts "R:r:t" opt; do
    case $opt in
        R) engine=$OPTARG ;;
        r) runs=$OPTARG ;;
        t) table=1 ;;
        *) sed -n '2,24p' "$0"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
extra=()
fabric=""
fabrics=()
for a in "$@"; do
    if [[ -f $a && ( -z $fabric || $table -eq 1 ) ]]; then
        fabrics+=("$(cd "$(dirname "$a")" && pwd)/$(basename "$a")")
        fabric=$a
    else
        extra+=("$a")
    fi
done
[[ -n $fabric ]] || { echo "side-by-side: give an ibsim fabric file" >&2; exit 2; }

here=$(cd "$(dirname "$0")/.." && pwd)
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
for tool in ibsim perfquery dump_fts unshare /usr/bin/time /usr/sbin/opensm; do
    command -v "$tool" >/dev/null || { echo "side-by-side: $tool is missing (apt-get install ibsim-utils" \
        "infiniband-diags opensm time)" >&2; exit 3; }
done
[[ -f $preload ]] || { echo "side-by-side: $preload is missing (apt-get install ibsim-utils)" >&2; exit 3; }
[[ -x $here/bin/opensm && -d $here/daemon/target/lib ]] || {
    echo "side-by-side: build first: mvn -B -ntp package -DskipTests" >&2; exit 3; }
fabric=${fabrics[0]}
work=$(mktemp -d /tmp/side-by-side.XXXXXX)
# Sourced by every run's script inside its network namespace, with $fabric set: starts ibsim (ibsim_pid). ibsim's
# default limits (256 switches) are too small for the larger example fabrics: they are sized from the file.
cat > "$work/ibsim-start.sh" <<'START'
ip link set lo up 2>/dev/null || true
nodes=$(grep -c -E '^(Switch|Hca|Ca|Rt)' "$fabric")
ibsim -n -s -N $((nodes + 64)) -S $((nodes + 64)) -P $((nodes * 40 + 1024)) "$fabric" > ibsim.out 2>&1 &
ibsim_pid=$!
for _ in $(seq 200); do grep -q ':ctl' /proc/net/unix && break; sleep 0.05; done
START
if (( table == 0 )); then
    echo "fabric $fabric, engine $engine, $runs run(s) each; files in $work"
fi

# The table mode (-t): one SM kept running on a fresh ibsim in a private network namespace, then sent SIGHUP once.
# Arguments: fabric dir cache command...; the cache directory (OSM_CACHE_DIR) keeps only guid2lid and jsm-heap-size
# from an earlier run. Prints one line "UP s CPU s HUP s HUPCPU s RSS MB" (a "?" for what it did not see).
run_live() {
    local fab=$1 dir=$2 cache=$3
    shift 3
    mkdir -p "$cache"
    find "$cache" -mindepth 1 ! -name guid2lid ! -name jsm-heap-size -delete
    echo "force_log_flush TRUE" > "$dir/opensm.conf"
    (cd "$dir" && unshare -n bash -s -- "$fab" "$preload" "$work/ibsim-start.sh" "$cache" "$@" > live.out 2>&1 <<'INNER'
set -u
fabric=$1 preload=$2 cache=$4
. "$3"
shift 4
export OSM_CACHE_DIR=$cache OSM_TMP_DIR=$PWD
ups() { local n; n=$(grep -c 'SUBNET UP' opensm.log 2>/dev/null); echo "${n:-0}"; }
cpu() { awk -v hz="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / hz}' "/proc/$sm/stat"; }
# waits up to 20 minutes for more than $1 SUBNET UP lines while the SM lives; prints its CPU then
await() {
    local i
    for i in $(seq 60000); do
        [[ $(ups) -gt $1 ]] && { cpu; return 0; }
        kill -0 "$sm" 2>/dev/null || break
        sleep 0.02
    done
    echo "?"
}
echo "START $(date +%s.%N)"
LD_PRELOAD="$preload" "$@" > sm.out 2>&1 &
sm=$!
echo "UPCPU $(await 0)"
sleep 1
c0=$(cpu)
echo "HUP $(date +%s.%N)"
kill -HUP "$sm"
c1=$(await 1)
[[ $c1 == "?" ]] || c1=$(awk -v a="$c1" -v b="$c0" 'BEGIN {printf "%.2f", a - b}')
echo "HUPCPU $c1"
sleep 1
echo "RSS $(awk '/^VmHWM/ {printf "%.0f", $2 / 1024}' "/proc/$sm/status")"
kill -TERM "$sm"
wait "$sm" 2> /dev/null
kill "$ibsim_pid"
wait "$ibsim_pid" 2> /dev/null || true
INNER
    ) || true
    # the n-th SUBNET UP line's time stamp ("Nov 22 10:44:39 316647 [...]", this machine's clock) in seconds
    local up1 up2 start hup
    stamp_of() {
        grep 'SUBNET UP' "$dir/opensm.log" 2>/dev/null | sed -n "${1}p" | awk '{print $1, $2, $3, $4}' |
            while read -r mon day time us; do echo "$(date -d "$mon $day $time" +%s).$us"; done
    }
    up1=$(stamp_of 1)
    up2=$(stamp_of 2)
    start=$(awk '/^START/ {print $2}' "$dir/live.out")
    hup=$(awk '/^HUP / {print $2}' "$dir/live.out")
    awk -v s="$start" -v u1="${up1:-}" -v h="$hup" -v u2="${up2:-}" \
        -v c="$(awk '/^UPCPU/ {print $2}' "$dir/live.out")" -v hc="$(awk '/^HUPCPU/ {print $2}' "$dir/live.out")" \
        -v r="$(awk '/^RSS/ {print $2}' "$dir/live.out")" 'BEGIN {
            printf "%s %s %s %s %s\n", (u1 == "" ? "?" : sprintf("%.2f", u1 - s)), (c == "" ? "?" : c),
                (u2 == "" ? "?" : sprintf("%.2f", u2 - h)), (hc == "" ? "?" : hc), (r == "" ? "?" : r) }'
}

# The median of the numbers on standard input ("?" lines skipped).
median() {
    grep -v '?' | sort -n | awk '{a[NR] = $1} END {if (NR == 0) print "?"; else if (NR % 2) print a[(NR + 1) / 2];
        else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}

if (( table == 1 )); then
    jdk=$(. "$here/packaging/src/root/usr/lib/jsm/java.sh" && jsm_select_java && "$jsm_java" -version 2>&1 |
        sed -n 's/.*Runtime Environment[^(]*(build \([^)]*\)).*/\1/p' | head -n 1)
    echo "engine $engine, $runs run(s) each, SMs in turn; jsm on JDK ${jdk:-?}; $(date -u '+%Y-%m-%d %H:%M UTC');" \
        "load average $(cut -d ' ' -f 1-3 /proc/loadavg); files in $work"
    printf '%-16s %-9s %8s %8s %8s %8s %8s\n' fabric SM "UP(s)" "CPU(s)" "HUP(s)" "HUPCPU" "RSS(MB)"
    for fab in "${fabrics[@]}"; do
        name=$(basename "$fab" .net)
        for i in $(seq "$runs"); do
            order="reference jsm"
            if (( i % 2 == 0 )); then order="jsm reference"; fi
            for sm in $order; do
                d="$work/$name-$sm-$i"
                mkdir -p "$d"
                if [[ $sm == jsm ]]; then cmd=("$here/bin/opensm"); else cmd=(/usr/sbin/opensm); fi
                line=$(run_live "$fab" "$d" "$work/$name-$sm-cache" "${cmd[@]}" -F "$d/opensm.conf" -f "$d/opensm.log" -R "$engine" \
                    ${extra[@]+"${extra[@]}"})
                echo "$name $sm $line" >> "$work/table.txt"
                printf '%-16s %-9s %8s %8s %8s %8s %8s\n' "$name" "$sm" $line
            done
        done
    done
    echo "jsm over the reference (medians of each; below 1: jsm took less):"
    printf '%-16s %8s %8s %8s %8s %8s\n' fabric "UP" "CPU" "HUP" "HUPCPU" "RSS"
    for fab in "${fabrics[@]}"; do
        name=$(basename "$fab" .net)
        row=()
        for col in 3 4 5 6 7; do
            j=$(awk -v n="$name" -v c="$col" '$1 == n && $2 == "jsm" {print $c}' "$work/table.txt" | median)
            r=$(awk -v n="$name" -v c="$col" '$1 == n && $2 == "reference" {print $c}' "$work/table.txt" | median)
            row+=("$(awk -v j="$j" -v r="$r" 'BEGIN {if (j == "?" || r == "?" || r == 0) print "?";
                else printf "%.2f", j / r}')")
        done
        printf '%-16s %8s %8s %8s %8s %8s\n' "$name" "${row[@]}"
    done
    exit 0
fi

# One run of one SM inside a private network namespace with its own ibsim. Arguments: name dir command...
run_one() {
    local name=$1 dir=$2
    shift 2
    mkdir -p "$dir/cache"
    (cd "$dir" && unshare -n bash -s -- "$fabric" "$preload" "$work/ibsim-start.sh" "$@" > run.out 2>&1 <<'INNER'
set -u
fabric=$1 preload=$2
. "$3"
shift 3
export OSM_CACHE_DIR=$PWD/cache OSM_TMP_DIR=$PWD
echo "START $(date +%s.%N)"
/usr/bin/time -f 'TIME %e %M %U %S' env LD_PRELOAD="$preload" "$@" > sm.out 2> sm.err
echo "SM_EXIT $?"
grep '^TIME' sm.err || true
LD_PRELOAD="$preload" perfquery 2> /dev/null | sed -n 's/^PortXmitPkts:\.*/XMIT /p'
LD_PRELOAD="$preload" dump_fts > lfts.out 2> /dev/null
kill "$ibsim_pid"
wait "$ibsim_pid" 2> /dev/null || true
INNER
    ) || true
    local t cpu rss xmit up toup start stamp
    t=$(awk '/^TIME/ {print $2}' "$dir/run.out")
    start=$(awk '/^START/ {print $2}' "$dir/run.out")
    # The log's time stamp ("Nov 22 10:44:39 316647 [...] 0x02 -> SUBNET UP") is this machine's clock, as START is.
    stamp=$(grep -m 1 'SUBNET UP' "$dir/opensm.log" 2>/dev/null | awk '{print $1, $2, $3, $4}' || true)
    toup=?
    if [[ -n $stamp && -n $start ]]; then
        toup=$(awk -v s="$(date -d "${stamp% *}" +%s)" -v us="${stamp##* }" -v st="$start" \
            'BEGIN {printf "%.3f", s + us / 1e6 - st}')
    fi
    cpu=$(awk '/^TIME/ {printf "%.2f", $4 + $5}' "$dir/run.out")
    rss=$(awk '/^TIME/ {printf "%.0f", $3 / 1024}' "$dir/run.out")
    xmit=$(awk '/^XMIT/ {print $2}' "$dir/run.out")
    up=$(grep -c 'SUBNET UP' "$dir/opensm.log" 2>/dev/null || true)
    (cd "$dir" && "$here/bin/opensm" --route-only --sim-topology "$fabric" -R file,no_fallback -U lfts.out \
        -f "$dir/check.log" > check.out 2> check.err) || true
    local pairs unreach load
    pairs=$(sed -n 's/^route check: .* \([0-9]*\) pairs: \([0-9]*\) delivered.*/\2\/\1/p' "$dir/check.out")
    unreach=$(sed -n 's/^route check: .* delivered, \([0-9]*\) unreachable.*/\1/p' "$dir/check.out")
    load=$(sed -n 's/.*max\/mean \([0-9.]*\).*/\1/p' "$dir/check.out")
    printf '%-10s %8s %8s %8s %10s %9s %10s %14s %12s %9s\n' "$name" "$toup" "${t:-?}" "${cpu:-?}" "${xmit:-?}" "${rss:-?}" \
        "${up:-0}" "${pairs:-?}" "${unreach:-?}" "${load:-?}"
    echo "$name $toup ${cpu:-?}" >> "$work/summary.txt"
}

# One SM's run number $1.
run_reference() {
    run_one reference "$work/reference-$1" /usr/sbin/opensm -o -f "$work/reference-$1/opensm.log" -R "$engine" \
        ${extra[@]+"${extra[@]}"}
}
run_jsm() {
    run_one jsm "$work/jsm-$1" "$here/bin/opensm" -o -f "$work/jsm-$1/opensm.log" -R "$engine" \
        ${extra[@]+"${extra[@]}"}
}

# The LFT entries of a dump_fts output, one "switch-GUID LID port" line each, sorted.
lft_entries() {
    awk '/^Unicast lids/ {for (i = 1; i <= NF; i++) if ($i == "guid") sw = $(i + 1)} /^0x/ {print sw, $1, $2}' "$1" |
        sort
}

# Column $2 (2 time to SUBNET UP, 3 CPU) of SM $1's runs, in run order.
sm_column() {
    awk -v sm="$1" -v col="$2" '$1 == sm {print $col}' "$work/summary.txt"
}


printf '%-10s %8s %8s %8s %10s %9s %10s %14s %12s %9s\n' SM "to UP(s)" "exit(s)" "CPU(s)" "MADs sent" "RSS(MB)" \
    "SUBNET UP" \
    "pairs routed" unreachable "load max/mean"
# The two SMs take turns to go first (the reference in odd runs), so that a machine drifting during the batch
# favours neither.
for i in $(seq "$runs"); do
    order="reference jsm"
    if (( i % 2 == 0 )); then order="jsm reference"; fi
    for name in $order; do
        "run_$name" "$i"
    done
    lft_entries "$work/reference-$i/lfts.out" > "$work/reference-$i/entries.txt"
    lft_entries "$work/jsm-$i/lfts.out" > "$work/jsm-$i/entries.txt"
    only_ref=$(comm -23 "$work/reference-$i/entries.txt" "$work/jsm-$i/entries.txt" | wc -l)
    only_jsm=$(comm -13 "$work/reference-$i/entries.txt" "$work/jsm-$i/entries.txt" | wc -l)
    if (( only_ref == 0 && only_jsm == 0 )); then
        echo "run $i: identical LFTs"
    elif (( only_ref == 0 )); then
        echo "run $i: identical LFTs on every entry the reference programmed; jsm also routes $only_jsm entries" \
            "the reference leaves empty"
    else
        echo "run $i: the LFTs differ: $only_ref of the reference's entries differ in jsm's or are missing" \
            "(diff $work/reference-$i/lfts.out $work/jsm-$i/lfts.out)"
    fi
done
echo "pairs = switch-to-LID pairs the programmed LFTs deliver (read back with dump_fts), checked by jsm's verifier"
if (( runs > 1 )); then
    echo "median to SUBNET UP: reference $(sm_column reference 2 | median) s, jsm $(sm_column jsm 2 | median) s;" \
        "median CPU: reference $(sm_column reference 3 | median) s, jsm $(sm_column jsm 3 | median) s"
    # Run by run: jsm's time to SUBNET UP over the reference's, and how often jsm was first.
    paste <(sm_column reference 2) <(sm_column jsm 2) | awk -v runs="$runs" '
        $1 != "?" && $2 != "?" {
            if ($1 > 0) { ratios = ratios sep sprintf("%.2f", $2 / $1); sep = " " }
            if ($2 < $1) ahead++
        }
        END { printf "jsm/reference run by run: %s (jsm first to SUBNET UP in %d of %d runs)\n", ratios, ahead, runs }'
fi
