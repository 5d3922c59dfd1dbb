#!/bin/bash
# Virtual ports judged by the stock tools (docs/virtualization.md): serves SHAPE with bin/sim-server in a private
# network namespace, runs jsm's SM (SM_CMD, e.g. bin/opensm) at the first host with
# virt_enabled 2 and a partitions.conf with ALL_VCAS, waits for SUBNET UP, then asks the SA with saquery from another
# host, one-record queries (umad2sim does no RMPP): the NodeRecord and PortInfoRecord of every vport with a LID of its
# own (from jsm's opensm-vports.dump), and the PathRecord between the first and the last of them.
# Usage: SIM_SERVER_CMD=bin/sim-server SM_CMD=bin/opensm scripts/vports-sim-server.sh SHAPE OUTDIR   (as root)
set -u
shape=$1
out=$2
if [ -z "${IN_NS:-}" ]; then
    IN_NS=1 exec unshare -n "$0" "$@"
fi
mkdir -p "$out/q" "$out/sm"
cd "$out" || exit 2
cat > opensm.conf <<CONF
virt_enabled 2
partition_config_file $out/partitions.conf
dump_files_dir $out
sweep_interval 0
CONF
printf 'Default=0x7fff, ipoib : ALL=full ;\nvms=0x8002 : ALL_VCAS=limited ;\n' > partitions.conf
$SIM_SERVER_CMD "$shape" --quiet > server.log 2>&1 &
server=$!
for _ in $(seq 100); do grep -q ready server.log && break; sleep 0.2; done
export LD_PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
(cd sm && OSM_CACHE_DIR="$out/cache" SIM_HOST=host-0-0 exec $SM_CMD -F "$out/opensm.conf" -f "$out/opensm.log") \
    > sm.out 2>&1 &
sm=$!
for _ in $(seq 240); do
    grep -q "SUBNET UP" opensm.log 2>/dev/null && [ -s opensm-vports.dump ] && break
    sleep 0.5
done
if [ ! -s opensm-vports.dump ]; then
    echo "no SUBNET UP with vports; the SM said:"; cat sm.out; tail -n 20 opensm.log
    kill "$sm" "$server"
    exit 3
fi
cd q || exit 2
lids=$(awk '$5 ~ /^0x/ {print $5}' "$out/opensm-vports.dump")
for lid in $lids; do
    SIM_HOST=host-1-1 saquery NR $((lid)) > "$out/nr.$((lid))" 2>&1
    SIM_HOST=host-1-1 saquery PIR $((lid)) > "$out/pir.$((lid))" 2>&1
done
first=$(echo "$lids" | head -n 1)
last=$(echo "$lids" | tail -n 1)
SIM_HOST=host-1-1 saquery PR --src-to-dst $((first)):$((last)) > "$out/pr" 2>&1
kill "$sm"; wait "$sm" 2>/dev/null
kill "$server"; wait "$server" 2>/dev/null
exit 0
