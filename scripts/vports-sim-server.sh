#!/bin/bash
# Virtual ports and enhanced QoS judged by the stock tools (docs/virtualization.md, docs/enhanced-qos.md): serves
# SHAPE with bin/sim-server in a private network namespace, runs jsm's SM (SM_CMD, e.g. bin/opensm) at the first
# host with virt_enabled 2, a partitions.conf with ALL_VCAS and an enhanced QoS policy, waits for SUBNET UP, then
# from another host:
# - asks the SA with saquery, one-record queries (umad2sim does no RMPP): the NodeRecord and PortInfoRecord of every
#   vport with a LID of its own (from jsm's opensm-vports.dump), and the PathRecord between the first and the last;
# - reads back with smpdump, LID-routed to each CA port, every vport's VPortPKeyTable (0xFFB6) and QoSConfigSL
#   (0xFF82, vport form) and each CA port's own QoSConfigSL, into rb/ (smpquery knows none of these attributes;
#   smpdump sends any attribute ID and modifier and prints the 64 bytes);
# - writes a broken policy, sends HUP, waits for the sweep after it and reads the QoSConfigSL tables again into rb2/;
# - stops the SM (TERM), moves one vport to LID 0x0030 in guid2lid and starts the SM again on that cache directory,
#   and keeps both vport dumps;
# - serves the fabric afresh and runs the reference OpenSM (/usr/sbin/opensm) at the first host instead, with its own
#   cache directory, and asks its SA for the NodeRecords of the LIDs jsm gave vports (into ref/).
# Usage: SIM_SERVER_CMD=bin/sim-server SM_CMD=bin/opensm scripts/vports-sim-server.sh SHAPE OUTDIR   (as root)
set -u
shape=$1
out=$2
if [ -z "${IN_NS:-}" ]; then
    IN_NS=1 exec unshare -n "$0" "$@"
fi
mkdir -p "$out/q" "$out/sm" "$out/rb" "$out/rb2"
cd "$out" || exit 2
cat > opensm.conf <<CONF
virt_enabled 2
partition_config_file $out/partitions.conf
qos TRUE
enhanced_qos_policy_file $out/enhanced-qos.conf
dump_files_dir $out
sweep_interval 0
CONF
printf 'Default=0x7fff, ipoib : ALL=full ;\nvms=0x8002 : ALL_VCAS=limited ;\n' > partitions.conf
printf 'BW_NAMES\nbw1 = 50\nbw3 = 15\nBW_RULES\ndefault = 1:bw1\nVPORT_BW_RULES\ndefault = all:bw3\n' \
    > enhanced-qos.conf
$SIM_SERVER_CMD "$shape" --quiet > server.log 2>&1 &
server=$!
for _ in $(seq 100); do grep -q ready server.log && break; sleep 0.2; done
export LD_PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so

# start_sm LOG: the SM at the first host, logging to LOG; sets sm
start_sm() {
    (cd sm && OSM_CACHE_DIR="$out/cache" SIM_HOST=host-0-0 exec $SM_CMD -F "$out/opensm.conf" -f "$1") \
        >> sm.out 2>&1 &
    sm=$!
}

# await_up LOG COUNT: waits until LOG has COUNT "SUBNET UP" lines and the vport dump is there (2 minutes at most)
await_up() {
    for _ in $(seq 240); do
        n=$(grep -c "SUBNET UP" "$1" 2>/dev/null)
        [ "${n:-0}" -ge "$2" ] && [ -s opensm-vports.dump ] && return 0
        sleep 0.5
    done
    echo "no SUBNET UP number $2 with vports in $1; the SM said:"; cat sm.out; tail -n 20 "$1"
    return 1
}

# read_qos DIR: every CA port's and vport's QoSConfigSL, read with smpdump from host-1-1 by the port's LID
read_qos() {
    for p in $ports; do
        SIM_HOST=host-1-1 smpdump "${lid[$p]}" 0xff82 0 > "$1/qos.$p.port" 2>&1
    done
    while read -r p index _; do
        SIM_HOST=host-1-1 smpdump "${lid[$p]}" 0xff82 $((0x80000000 | index)) > "$1/qos.$p.$index" 2>&1
    done < vports.list
}

# the SM first: its exit closes the issm device through umad2sim, which asks the server
stop() {
    kill "$sm" 2>/dev/null
    wait "$sm" 2>/dev/null
    kill "$server" 2>/dev/null
    wait "$server" 2>/dev/null
}

start_sm "$out/opensm.log"
await_up opensm.log 1 || { stop; exit 3; }
cd q || exit 2
lids=$(awk '$5 ~ /^0x/ {print $5}' "$out/opensm-vports.dump")
for l in $lids; do
    SIM_HOST=host-1-1 saquery NR $((l)) > "$out/nr.$((l))" 2>&1
    SIM_HOST=host-1-1 saquery PIR $((l)) > "$out/pir.$((l))" 2>&1
done
first=$(echo "$lids" | head -n 1)
last=$(echo "$lids" | tail -n 1)
SIM_HOST=host-1-1 saquery PR --src-to-dst $((first)):$((last)) > "$out/pr" 2>&1
cd "$out" || exit 2

# the physical ports' LIDs from guid2lid, the vports from the dump (port GUID, index, vport GUID)
declare -A lid
while read -r g l _; do lid[$g]=$((l)); done < <(grep '^0x' cache/guid2lid)
awk '!/^#/ {print $1, $2, $3}' opensm-vports.dump > vports.list
ports=$(awk '{print $1}' vports.list | sort -u)
while read -r p index guid; do
    SIM_HOST=host-1-1 smpdump "${lid[$p]}" 0xffb6 $((index << 16)) > "rb/pkeys.$p.$index" 2>&1
done < vports.list
read_qos rb

# a broken policy: the HUP's sweep keeps the last good one and names file:line
cp opensm-vports.dump vports-first.dump
ups=$(grep -c "SUBNET UP" opensm.log)
printf 'BW_NAMES\nbw1 = 50\nbw3 == 15\nBW_RULES\ndefault = 1:bw1\n' > enhanced-qos.conf
kill -HUP "$sm"
await_up opensm.log $((ups + 1)) || { stop; exit 3; }
read_qos rb2

# a restart on the same cache: the vports keep their LIDs; the first vport with one is moved to LID 0x0030 in
# guid2lid first, so that LIDs given afresh in the same order could not pass for LIDs taken from the cache
kill "$sm"
wait "$sm" 2>/dev/null
moved=$(awk '$5 ~ /^0x/ {print $3; exit}' vports-first.dump)
sed -i "s/^$moved .*/$moved 0x0030 0x0030/" cache/guid2lid
echo "$moved" > moved.txt
rm -f opensm-vports.dump
start_sm "$out/opensm-restart.log"
await_up opensm-restart.log 1 || { stop; exit 3; }
cp opensm-vports.dump vports-restart.dump
stop

# side by side: the reference OpenSM on the same fabric, served afresh; it ignores the vports (no LID, no record)
mkdir -p ref refcache
$SIM_SERVER_CMD "$shape" --quiet > server-ref.log 2>&1 &
server=$!
for _ in $(seq 100); do grep -q ready server-ref.log && break; sleep 0.2; done
printf 'force_log_flush TRUE\n' > ref/opensm.conf
(cd ref && OSM_CACHE_DIR="$out/refcache" SIM_HOST=host-0-0 exec /usr/sbin/opensm -F "$out/ref/opensm.conf" -s 0 \
    -f "$out/ref/opensm.log" --dump_files_dir "$out/ref") > ref/opensm.out 2>&1 &
sm=$!
for _ in $(seq 240); do grep -q "SUBNET UP" ref/opensm.log 2>/dev/null && break; sleep 0.5; done
for l in $lids; do
    SIM_HOST=host-1-1 saquery NR $((l)) > "ref/nr.$((l))" 2>&1
done
stop
exit 0
