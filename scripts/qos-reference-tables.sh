#!/usr/bin/env bash
# Dumps the SL2VL and VL arbitration tables an SM programmed with QoS on ibsim, one normalized line per table, so
# two runs (Debian's reference OpenSM and jsm, same options, same fabric) can be compared with diff:
#   sl2vl <node guid> in <in> out <out>: <16 VLs>
#   vlarb <node guid> port <port> low|high: <VL:weight ...>
# The SM runs in a private network namespace (unshare -n) against ibsim -n, through libumad2sim.so; every process
# is stopped by its PID. Tables are read with smpquery once the SM logs "SUBNET UP".
#
# Usage: scripts/qos-reference-tables.sh FABRIC.net OPENSM.conf [SM command, default: opensm] > tables.txt
#   e.g. scripts/qos-reference-tables.sh fabrics/fat2-16.net my-qos.conf > ref.txt
# The SM command is run as: CMD -F <OPENSM.conf + force_log_flush TRUE> -f LOG -Q; cache/dump files go to a scratch dir.
# Environment: WAIT seconds to wait for SUBNET UP (default 120); KEEP=1 keeps the scratch dir (logs).
# Requires: unshare -n (root) or -rn, ibsim-utils, libibumad3, infiniband-diags, opensm.
set -euo pipefail

if [ "${QOS_TABLES_IN_NETNS:-}" != 1 ]; then
    [ $# -ge 2 ] || { sed -n '2,13p' "$0" >&2; exit 2; }
    export QOS_TABLES_IN_NETNS=1
    if [ "$(id -u)" = 0 ]; then exec unshare -n "$0" "$@"; else exec unshare -rn "$0" "$@"; fi
fi

fabric=$(realpath "$1")
conf=$(realpath "$2")
sm=${3:-opensm}
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
work=$(mktemp -d /tmp/qos-tables.XXXXXX)
cd "$work"
export OSM_CACHE_DIR=$work OSM_TMP_DIR=$work
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
    [ -n "${KEEP:-}" ] && echo "kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT

ibsim -s -n "$fabric" > ibsim.log 2>&1 &
pids=($!)
for _ in $(seq 100); do grep -q '@sim:ctl' /proc/net/unix 2>/dev/null && break; sleep 0.05; done
sleep 1  # let ibsim finish building the fabric: an SMP lost at start-up stalls OpenSM for good under umad2sim
# OpenSM buffers its log: force_log_flush makes "SUBNET UP" visible at once
{ cat "$conf"; echo; echo "force_log_flush TRUE"; } > sm.conf
LD_PRELOAD=$preload $sm -F "$work/sm.conf" -f "$work/sm.log" -Q > sm.out 2>&1 &
pids=($! "${pids[@]}")
for _ in $(seq ${WAIT:-120}); do grep -q "SUBNET UP" sm.log 2>/dev/null && break; sleep 1; done
grep -q "SUBNET UP" sm.log || { echo "no SUBNET UP after 120 s; see the SM log" >&2; tail -20 sm.log >&2; exit 1; }

q() { LD_PRELOAD=$preload "$@" 2>/dev/null; }
# vlarb output: "VL    : |0x0 |..." then "WEIGHT: |0x60|..." per table, low first
vlarb() {
    q smpquery vlarb "$1" "$2" | awk -v id="vlarb $3 port $2" '
        function hex(s,   i, n) {
            s = tolower(s); gsub(/[ \t]/, "", s); sub(/^0x/, "", s); n = 0
            for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
            return n
        }
        /Low priority/ {t = "low"} /High priority/ {t = "high"}
        /^VL/ {n = split($0, v, "|")}
        /^WEIGHT/ {split($0, w, "|"); s = ""; for (i = 2; i < n; i++) s = s " " hex(v[i]) ":" hex(w[i]); print id " " t ":" s}'
}
sl2vl() {
    q smpquery sl2vl "$1" "$2" | awk -v g="$3" '/^ports:/ {
        split($0, a, ":"); split(a[2], p, ","); gsub(/[^0-9]/, "", p[1]); gsub(/[^0-9]/, "", p[2]);
        n = split(a[3], v, "|"); s = ""; for (i = 2; i < n; i++) s = s " " v[i] + 0;
        print "sl2vl " g " in " p[1] " out " p[2] ":" s}'
}
q ibnetdiscover -p | awk '$1 == "CA" || $1 == "SW" {print $1, $2, $3, $4}' | sort -u |
while read -r kind lid port guid; do
    if [ "$kind" = CA ]; then
        sl2vl "$lid" "" "$guid"
        vlarb "$lid" 0 "$guid"
    else
        sl2vl "$lid" "$port" "$guid"
        vlarb "$lid" "$port" "$guid"
    fi
done | sort -u
