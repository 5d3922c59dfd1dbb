#!/usr/bin/env bash
# Dumps the congestion control settings an SM programmed on jsm's simulator (bin/sim-server; ibsim has no congestion
# control agent), read back with the stock ibccquery, one normalized line per attribute entry, so that two runs (the
# reference OpenSM and jsm, same options, same fabric) can be compared with diff. Lines are keyed by GUID, not LID
# (the SMs may number the ports differently):
#   <switch guid> SwitchCongestionSetting: Control_Map=0x0000001f Victim_Mask=... Marking_Rate=10
#   <switch guid> SwitchPortCongestionSetting Port=<n>: Valid=0 Control_Type=0 ...   (ports 0-31)
#   <port guid> CACongestionSetting: Port_Control=0x0001 Control_Map=0x0005
#   <port guid> CACongestionSetting SL=<n>: CCTI_Timer=1024 CCTI_Increase=1 Trigger_Threshold=2 CCTI_Min=0
#   <port guid> CongestionControlTable: CCTI_Limit=69
#   <port guid> CongestionControlTable Entry=<n>: CCT_Shift=0 CCT_Multiplier=100
#   <guid> CongestionKeyInfo: CC_Key=0x0000000000000000 CC_KeyProtectBit=0 ...
#   read <op> switch|ca <status>   every ibccquery operation once at the first switch and the first CA port
# The sim server and the SM run in a private network namespace (unshare -n), the tools through libumad2sim.so; every
# process is stopped by its PID. The settings are read once the SM logs "SUBNET UP".
#
# Usage: scripts/cc-tables.sh FABRIC OPENSM.conf [SM command, default: opensm] > tables.txt
#   e.g. scripts/cc-tables.sh fabrics/fat2-16.net my-cc.conf > ref.txt
#        scripts/cc-tables.sh fabrics/fat2-16.net my-cc.conf bin/opensm > jsm.txt
# The SM command is run as: CMD -F <OPENSM.conf + force_log_flush TRUE> -f LOG -s 0, at the node SM_HOST names (the
# fabric's first node by default); cache and dump files go to a scratch directory.
# Environment: SIM_SERVER_CMD (default bin/sim-server), SM_HOST, WAIT seconds to SUBNET UP (default 120), KEEP=1
# keeps the scratch directory (the SM's log, the server's log).
# Requires: unshare -n (root) or -rn, ibsim-utils (libumad2sim.so), infiniband-diags, opensm; a built tree
# (mvn -B -ntp -q package -DskipTests).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
if [ "${CC_TABLES_IN_NETNS:-}" != 1 ]; then
    [ $# -ge 2 ] || { sed -n '2,25p' "$0" >&2; exit 2; }
    export CC_TABLES_IN_NETNS=1
    if [ "$(id -u)" = 0 ]; then exec unshare -n "$0" "$@"; else exec unshare -rn "$0" "$@"; fi
fi

fabric=$(realpath "$1")
conf=$(realpath "$2")
sm=${3:-opensm}
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
work=$(mktemp -d /tmp/cc-tables.XXXXXX)
cd "$work"
export OSM_CACHE_DIR=$work OSM_TMP_DIR=$work
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
    rm -rf "$work"/sys-*
    [ -n "${KEEP:-}" ] && echo "kept $work" >&2 || rm -rf "$work"
}
trap cleanup EXIT

# shellcheck disable=SC2086
${SIM_SERVER_CMD:-$top/bin/sim-server} "$fabric" --quiet < /dev/null > server.log 2>&1 &
pids=($!)
for _ in $(seq 600); do grep -qE '@sim:ctl@?$' /proc/net/unix 2>/dev/null && break; sleep 0.05; done
grep -qE '@sim:ctl@?$' /proc/net/unix || { echo "the sim server did not start" >&2; cat server.log >&2; exit 1; }
# OpenSM buffers its log: force_log_flush makes "SUBNET UP" visible at once
{ cat "$conf"; echo; echo "force_log_flush TRUE"; } > sm.conf
# shellcheck disable=SC2086
SIM_HOST=${SM_HOST:-} LD_PRELOAD=$preload $sm -F "$work/sm.conf" -f "$work/sm.log" -s 0 > sm.out 2>&1 &
pids=($! "${pids[@]}")
for _ in $(seq $((${WAIT:-120} * 10))); do grep -q "SUBNET UP" sm.log 2>/dev/null && break; sleep 0.1; done
grep -q "SUBNET UP" sm.log || { echo "no SUBNET UP; the SM's log:" >&2; tail -20 sm.log >&2; exit 1; }

q() { LD_PRELOAD=$preload "$@" 2>/dev/null; }
# ibccquery's "Name:.....value" lines, a blank line between groups; a group that starts with SL, Entry or Port
# becomes "<key> <Attribute> SL=n: ..."
dump() { # KEY OP LID
    q ibccquery "$2" "$3" | awk -v key="$1" -v op="$2" '
        function flush() { if (line != "") print key " " op head ":" line; line = ""; head = "" }
        /^#/ { next }
        /^$/ { flush(); next }
        {
            i = index($0, ":"); name = substr($0, 1, i - 1); value = substr($0, i + 1); gsub(/^\.+/, "", value)
            if (line == "" && head == "" && (name == "SL" || name == "Entry" || name == "Port")) {
                head = " " name "=" value
            } else {
                line = line " " name "=" value
            }
        }
        END { flush() }'
}
q ibnetdiscover -p > ports.txt
awk '$1 == "SW" {print $2, $4}' ports.txt | sort -u > switches.txt
awk '$1 == "CA" {print $2, $4}' ports.txt | sort -u > cas.txt
while read -r lid guid; do
    dump "$guid" SwitchCongestionSetting "$lid"
    dump "$guid" SwitchPortCongestionSetting "$lid" | awk '{split($3, p, "="); if (p[2] + 0 < 32) print}'
    dump "$guid" CongestionKeyInfo "$lid"
done < switches.txt
while read -r lid guid; do
    dump "$guid" CACongestionSetting "$lid"
    dump "$guid" CongestionControlTable "$lid"
    dump "$guid" CongestionKeyInfo "$lid"
done < cas.txt
for kind in switch ca; do
    lid=$(head -n 1 "$([ $kind = switch ] && echo switches.txt || echo cas.txt)" | cut -d' ' -f1)
    for op in ClassPortInfo CongestionInfo CongestionKeyInfo CongestionLog SwitchCongestionSetting \
            SwitchPortCongestionSetting CACongestionSetting CongestionControlTable Timestamp; do
        status=0
        q ibccquery "$op" "$lid" > /dev/null || status=$?
        echo "read $op $kind $status"
    done
done
