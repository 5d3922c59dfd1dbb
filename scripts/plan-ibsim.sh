#!/usr/bin/env bash
# Plan before apply under Debian's ibsim: jsm's bin/opensm runs on a 3x3 mesh, one host per switch, with
# a routing chain (minhop), a partitions file and QoS on; ibnetdiscover reads the fabric; then three changes, one
# after the other - the chain's engine edited to dor, the partitions file edited, QoS options added to opensm.conf.
# For each: `opensm --plan IN-FORCE.conf -F opensm.conf --sim-topology ibnetdiscover.txt` with the running daemon's
# OSM_CACHE_DIR (its guid2lid), then SIGHUP to the running daemon, and what the fabric holds read back before and
# after the HUP with the stock tools: every switch's LFT (dump_fts), the P_Key table of every CA port, switch port 0
# and cabled switch port, and the VL arbitration tables of every cabled port (smpquery pkeys / vlarb).
#
# Output per change: "=== <change>", the plan's report (with "plan-exit: N"), then "real: lft-switches S entries E
# blocks B pkey-tables P vlarb-tables V" counted from the read-backs. dev.jsm.daemon.PlanIbsimIT compares them. Last,
# a plan whose partitions file is broken: "=== broken", its report and stderr, "plan-exit: N".
#
# Runs inside a private network namespace; ibsim and jsm are stopped by PID. Requires ibsim-utils,
# infiniband-diags, unshare and a built tree (mvn -B -ntp package -DskipTests). Usage: scripts/plan-ibsim.sh
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
TOP="$HERE/.."
UMAD2SIM=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
JSM_OPENSM="$HERE/../bin/opensm"

if [[ "${1:-}" != "--in-netns" ]]; then
    [[ -d "$TOP/daemon/target/lib" ]] || { echo "plan-ibsim: jsm is not built (mvn package)" >&2; exit 2; }
    for tool in ibsim ibnetdiscover dump_fts smpquery unshare; do
        command -v "$tool" >/dev/null || { echo "plan-ibsim: $tool not found" >&2; exit 2; }
    done
    [[ -r "$UMAD2SIM" ]] || { echo "plan-ibsim: $UMAD2SIM not found (ibsim-utils)" >&2; exit 2; }
    if [[ $(id -u) -eq 0 ]]; then exec unshare -n "$0" --in-netns; else exec unshare -rn "$0" --in-netns; fi
fi

W=$(mktemp -d /tmp/plan-ibsim.XXXXXX)
SIM_PID=""
SM_PID=""
cleanup() {
    if [[ -n "$SM_PID" ]]; then kill "$SM_PID" 2>/dev/null || true; wait "$SM_PID" 2>/dev/null || true; fi
    if [[ -n "$SIM_PID" ]]; then kill "$SIM_PID" 2>/dev/null || true; wait "$SIM_PID" 2>/dev/null || true; fi
    if [[ "${KEEP:-0}" == 1 ]]; then echo "# work directory kept: $W" >&2; else rm -rf "$W"; fi
}
trap cleanup EXIT
trap 'exit 143' TERM INT HUP

sim() { LD_PRELOAD="$UMAD2SIM" "$@"; }

up_count() { grep -c "SUBNET UP" "$W/jsm.log" 2>/dev/null || true; }
await_up() {
    local i
    for ((i = 0; i < 1200; i++)); do
        [[ $(up_count) -ge $1 ]] && return 0
        kill -0 "$SM_PID" 2>/dev/null || break
        sleep 0.1
    done
    echo "plan-ibsim: no SUBNET UP number $1 from jsm" >&2; tail -20 "$W/jsm.log" >&2; exit 1
}

step() { printf 'unicast-step\nid: 1\nengine: %s\nend-unicast-step\n' "$1"; }
mkdir -p "$W/cache"
step minhop > "$W/chain.conf"
cat > "$W/partitions.conf" <<'CONF'
Default=0x7fff,ipoib : ALL=full ;
P1=0x8001 : 0x0002c90200000001=full, 0x0002c90200000011=full ;
CONF
printf 'sweep_interval 0\nrch_policy_file %s\npartition_config_file %s\nqos TRUE\n' "$W/chain.conf" \
    "$W/partitions.conf" > "$W/opensm.conf"

NET="$W/mesh.net"
java -cp "$TOP/daemon/target/lib/*" dev.jsm.sim.topo.TopologyTool --write "$NET" mesh:dims=3x3,hosts=1 > /dev/null
nodes=$(grep -c -E '^(Switch|Hca|Ca)' "$NET")
ibsim -s -n -N $((nodes + 64)) -S $((nodes + 64)) -P $((nodes * 40 + 1024)) "$NET" > "$W/ibsim.log" 2>&1 &
SIM_PID=$!
for _ in $(seq 600); do grep -q ':ctl' /proc/net/unix && break; sleep 0.05; done
env LD_PRELOAD="$UMAD2SIM" OSM_CACHE_DIR="$W/cache" OSM_TMP_DIR="$W" "$JSM_OPENSM" -F "$W/opensm.conf" \
    -f "$W/jsm.log" --dump_files_dir "$W" > "$W/jsm.out" 2>&1 &
SM_PID=$!
await_up 1
sim ibnetdiscover > "$W/fabric.txt"
# the cabled ports as "LID PORT" (both ends of every link) and every switch's port 0
sim ibnetdiscover -p 2>/dev/null | awk '$7 == "-" {print $2, $3; print $9, $10} $1 == "SW" {print $2, 0}' \
    | sort -u > "$W/ports"

# readback FILE: every switch's LFT, then one hash per port of its P_Key and VL arbitration tables
readback() {
    sim dump_fts 2>/dev/null > "$1.lft"
    local lid port
    : > "$1.pkeys"
    : > "$1.vlarb"
    while read -r lid port; do
        printf '%s %s %s\n' "$lid" "$port" "$(sim smpquery pkeys "$lid" "$port" 2>/dev/null | grep -v '^#' | md5sum)" \
            >> "$1.pkeys"
        printf '%s %s %s\n' "$lid" "$port" "$(sim smpquery vlarb "$lid" "$port" 2>/dev/null | grep -v '^#' | md5sum)" \
            >> "$1.vlarb"
    done < <(grep -v ' 0$' "$W/ports")
    while read -r lid port; do
        printf '%s %s %s\n' "$lid" "$port" "$(sim smpquery pkeys "$lid" 2>/dev/null | grep -v '^#' | md5sum)" >> "$1.pkeys"
    done < <(grep ' 0$' "$W/ports")
}

# counts BEFORE AFTER: the changes between two read-backs
counts() {
    awk '
        function hex(s,    n, i) {
            s = tolower(substr(s, 3))
            for (i = 1; i <= length(s); i++) n = n * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
            return n
        }
        /^Unicast lids/ { sw = $0; sub(/.* guid /, "", sw); sub(/ .*/, "", sw); next }
        /^0x[0-9a-f]+ [0-9]+ / { lid = hex($1); key = sw " " lid
            if (FILENAME == ARGV[1]) { a[key] = $2 } else { b[key] = $2 } }
        END {
            for (k in a) { if (!(k in b) || b[k] != a[k]) ch[k] = 1 }
            for (k in b) { if (!(k in a)) ch[k] = 1 }
            for (k in ch) { split(k, p, " "); e++; s[p[1]] = 1; blk[p[1] " " int(p[2] / 64)] = 1 }
            printf "lft-switches %d entries %d blocks %d", length(s), e, length(blk)
        }' "$1.lft" "$2.lft"
    printf ' pkey-tables %d' "$(diff "$1.pkeys" "$2.pkeys" | grep -c '^>' || true)"
    printf ' vlarb-tables %d\n' "$(diff "$1.vlarb" "$2.vlarb" | grep -c '^>' || true)"
}

# change NAME EDIT...: keep the configuration in force, make the edit, plan, HUP, read back around the HUP
n=1
change() {
    local name=$1
    shift
    sed "s#$W/chain.conf#$W/in-force.chain.conf#; s#$W/partitions.conf#$W/in-force.partitions.conf#" \
        "$W/opensm.conf" > "$W/in-force.conf"
    cp "$W/chain.conf" "$W/in-force.chain.conf"
    cp "$W/partitions.conf" "$W/in-force.partitions.conf"
    "$@"
    echo "=== $name"
    local rc=0
    env OSM_CACHE_DIR="$W/cache" OSM_TMP_DIR="$W" "$JSM_OPENSM" --plan "$W/in-force.conf" -F "$W/opensm.conf" \
        --sim-topology "$W/fabric.txt" -f "$W/plan-$name.log" 2> "$W/plan-$name.err" || rc=$?
    sed "s/^/plan-err: /" "$W/plan-$name.err"
    echo "plan-exit: $rc"
    readback "$W/before-$name"
    kill -HUP "$SM_PID"
    n=$((n + 1))
    await_up "$n"
    readback "$W/after-$name"
    echo "real: $(counts "$W/before-$name" "$W/after-$name")"
}

engine() { step dor > "$W/chain.conf"; }
partitions() {
    cat > "$W/partitions.conf" <<'CONF'
Default=0x7fff,ipoib : ALL=full ;
P1=0x8001 : 0x0002c90200000001=full, 0x0002c90200000021=full, 0x0002c90200000031=limited ;
CONF
}
qos() { printf 'qos_swe_vlarb_high 0:8,1:8\nqos_ca_vlarb_low 0:32,1:16\n' >> "$W/opensm.conf"; }

change engine engine
change partitions partitions
change qos qos

echo "=== broken"
cp "$W/opensm.conf" "$W/in-force.conf"
sed "s#$W/partitions.conf#$W/in-force.partitions.conf#" "$W/opensm.conf" > "$W/in-force.conf"
cp "$W/partitions.conf" "$W/in-force.partitions.conf"
printf 'P2=0x8002 0x0002c90200000001=full ;\n' >> "$W/partitions.conf"
rc=0
env OSM_CACHE_DIR="$W/cache" OSM_TMP_DIR="$W" "$JSM_OPENSM" --plan "$W/in-force.conf" -F "$W/opensm.conf" \
    --sim-topology "$W/fabric.txt" -f "$W/plan-broken.log" 2> "$W/plan-broken.err" || rc=$?
sed "s/^/plan-err: /" "$W/plan-broken.err"
echo "plan-exit: $rc"
echo "broken-file: $W/partitions.conf"
