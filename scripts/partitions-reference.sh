#!/usr/bin/env bash
# Records what the reference OpenSM programs for a partitions.conf: the P_Key tables of every CA port and switch
# port 0 and of the switch ports facing CAs, and which switch ports OpenSM sent partition-enforcement PortInfo Sets
# to, on Debian's ibsim running scripts/golden-fabric.net; then the tables a second OpenSM programs on that fabric
# for an edited file (keep_pkey_indexes).
#
# The committed transcript is partitions/src/test/resources/dev/jsm/partitions/opensm-reference.txt, and
# dev.jsm.partitions.OpenSmReferenceTest checks that PKeyPlanner computes the same tables and bits for the same
# fabric and file. Re-run after changing the file below and update both.
#
# Steps, inside a private network namespace: ibsim -s -n on the fabric; the P_Key tables as ibsim starts them;
# OpenSM (run once, -o) with the file; the tables and bits again (smpdump raw blocks). ibsim and OpenSM are stopped
# by PID. Requires ibsim-utils, infiniband-diags, opensm, unshare. Usage: scripts/partitions-reference.sh [> out]
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
NET="$HERE/golden-fabric.net"
UMAD2SIM=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so

if [[ "${1:-}" != "--in-netns" ]]; then
    for tool in ibsim smpdump smpquery opensm unshare; do
        command -v "$tool" >/dev/null || { echo "partitions-reference: $tool not found" >&2; exit 2; }
    done
    [[ -r "$UMAD2SIM" ]] || { echo "partitions-reference: $UMAD2SIM not found (ibsim-utils)" >&2; exit 2; }
    if [[ $(id -u) -eq 0 ]]; then exec unshare -n "$0" --in-netns; else exec unshare -rn "$0" --in-netns; fi
fi

W=$(mktemp -d /tmp/partitions-reference.XXXXXX)
SIM_PID=""
SM_PID=""
cleanup() {
    if [[ -n "$SM_PID" ]]; then kill "$SM_PID" 2>/dev/null || true; wait "$SM_PID" 2>/dev/null || true; fi
    if [[ -n "$SIM_PID" ]]; then kill "$SIM_PID" 2>/dev/null || true; wait "$SIM_PID" 2>/dev/null || true; fi
    if [[ "${KEEP:-0}" == 1 ]]; then echo "# work directory kept: $W" >&2; else rm -rf "$W"; fi
}
trap cleanup EXIT
trap 'exit 143' TERM INT HUP

wait_for() {
    local i
    for ((i = 0; i < $3 * 10; i++)); do
        grep -q "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "partitions-reference: timed out waiting for '$2' in $1" >&2
    return 1
}

cat > "$W/partitions.conf" <<'CONF'
Default=0x7fff,ipoib : ALL=limited, SELF=full ;
P1=0x8001,ipoib : 0x0002c90300c0ffe1=full, 0x0002c90300d4e5f1=limited, SELF=full ;
P2=0x0002,indx0 : 0x0002c90300d4e5f2=full ;
P3=0x0a0b : ALL_CAS=both ;
P4 : ALL_SWITCHES=full ;
CONF

# the same policy edited: P1 drops hca-far and makes hca-dual:1 full, P2 (indx0) goes, P5 is new
cat > "$W/partitions-edited.conf" <<'CONF'
Default=0x7fff,ipoib : ALL=limited, SELF=full ;
P1=0x8001,ipoib : 0x0002c90300d4e5f1=full, SELF=full ;
P3=0x0a0b : ALL_CAS=both ;
P5=0x0005 : 0x0002c90300c0ffe1=full, 0x0002c90300d4e5f2 ;
P4 : ALL_SWITCHES=full ;
CONF

sim() { LD_PRELOAD="$UMAD2SIM" "$@"; }

# name, directed route, port (attribute modifier port for switch external ports), blocks
PORTS=(
    "hca-sm:1 0 0 1"
    "hca-far:1 0,1,18 0 1"
    "hca-dual:1 0,1,5,2 0 1"
    "hca-dual:2 0,1,3 0 1"
    "sw-a:0 0,1 0 1"
    "sw-b:0 0,1,5 0 1"
    "sw-a:1 0,1 1 1"
    "sw-a:3 0,1 3 1"
    "sw-a:18 0,1 18 1"
    "sw-b:2 0,1,5 2 1"
)
SWITCH_PORTS=("sw-a 0,1 1" "sw-a 0,1 3" "sw-a 0,1 5" "sw-a 0,1 6" "sw-a 0,1 18"
              "sw-b 0,1,5 2" "sw-b 0,1,5 5" "sw-b 0,1,5 6")

tables() {
    local entry name path port mod
    for entry in "${PORTS[@]}"; do
        read -r name path port _ <<< "$entry"
        mod=$(printf '0x%x' $((port << 16)))
        printf '%s block0' "$name"
        sim smpdump -D "$path" 0x16 "$mod" 2>/dev/null | grep -v '^SMP status' | tr -s ' \n' ' ' \
            | sed 's/ *$//; s/^ */ /'
        echo
    done
}

enforcement() {
    local entry sw path port
    for entry in "${SWITCH_PORTS[@]}"; do
        read -r sw path port <<< "$entry"
        printf '%s:%s enforce in=%s out=%s\n' "$sw" "$port" \
            "$(sim smpquery -D portinfo "$path" "$port" 2>/dev/null | sed -n 's/^PartEnforceInb:\.*//p')" \
            "$(sim smpquery -D portinfo "$path" "$port" 2>/dev/null | sed -n 's/^PartEnforceOutb:\.*//p')"
    done
}

echo "# $(basename "$NET"); versions:" \
    $(dpkg-query -W -f='${Package} ${Version}, ' ibsim-utils opensm infiniband-diags 2>/dev/null || true)
echo "# partitions.conf:"
sed 's/^/#   /' "$W/partitions.conf"
echo "# partitions-edited.conf:"
sed 's/^/#~  /' "$W/partitions-edited.conf"
ibsim -s -n "$NET" > "$W/ibsim.log" 2>&1 &
SIM_PID=$!
wait_for "$W/ibsim.log" "Network simulator ready" 10
echo "=== before OpenSM"
tables
enforcement
# run_opensm FILE LOG: OpenSM once (-o) on the fabric as it is
run_opensm() {
    env LD_PRELOAD="$UMAD2SIM" OSM_CACHE_DIR="$W" opensm -o -P "$1" -s 0 -D 0x0f -f "$2" \
        --dump_files_dir "$W" > "$W/opensm.out" 2>&1 &
    SM_PID=$!
    wait "$SM_PID" || true
    SM_PID=""
    grep -q "SUBNET UP" "$2" || { echo "partitions-reference: OpenSM did not bring the subnet up" >&2; exit 1; }
}
run_opensm "$W/partitions.conf" "$W/opensm.log"
echo "=== after OpenSM"
tables
# ibsim does not keep the PortInfo enforcement bits a Set writes (they read back 0), so record which switch ports
# OpenSM sent a partition-enforcement PortInfo Set to (its debug log), with the bits its part_enforce implies.
grep -o 'Set PortInfo for node 0x[0-9a-f]* port [0-9]*' "$W/opensm.log" | sort -u | sed 's/^/enforce-set: /'
# a new OpenSM (keep_pkey_indexes TRUE) on the programmed fabric with the edited file
run_opensm "$W/partitions-edited.conf" "$W/opensm-edited.log"
echo "=== after OpenSM with the edited file"
tables
