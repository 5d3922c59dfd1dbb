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
#
# JSM=1 runs jsm's bin/opensm instead (build first: mvn -B -ntp package -DskipTests), the way the issue asks for it:
# one daemon with the file; at SUBNET UP the tables; then the edited file copied over it and SIGHUP, and at the next
# SUBNET UP the tables again. Its output has the same table lines (diff them against the transcript) plus
# "pkey-sets: N" per sweep, the P_KeyTable Sets jsm's partition manager sent (its VERBOSE log), instead of the
# enforce-set lines; then a third SUBNET UP after SIGHUP with a syntax error put in the file ("=== after a broken
# file": the tables must not change) and jsm's PKEY-* log lines. dev.jsm.daemon.PartitionsIbsimIT runs it.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
NET="$HERE/golden-fabric.net"
UMAD2SIM=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so

JSM_OPENSM="$HERE/../bin/opensm"
if [[ "${1:-}" != "--in-netns" ]]; then
    if [[ "${JSM:-0}" == 1 && ! -d "$HERE/../daemon/target/lib" ]]; then
        echo "partitions-reference: jsm is not built (mvn -B -ntp package -DskipTests)" >&2; exit 2
    fi
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
if [[ "${JSM:-0}" == 1 ]]; then
    # up_count: the SUBNET UPs in jsm's log so far
    up_count() { grep -c "SUBNET UP" "$W/jsm.log" 2>/dev/null || true; }
    await_up() {
        local i
        for ((i = 0; i < 600; i++)); do
            [[ $(up_count) -ge $1 ]] && return 0
            kill -0 "$SM_PID" 2>/dev/null || break
            sleep 0.1
        done
        echo "partitions-reference: no SUBNET UP number $1 from jsm" >&2; tail -20 "$W/jsm.log" >&2; exit 1
    }
    cp "$W/partitions.conf" "$W/active.conf"
    env LD_PRELOAD="$UMAD2SIM" OSM_CACHE_DIR="$W" OSM_TMP_DIR="$W" "$JSM_OPENSM" -P "$W/active.conf" -s 0 \
        -D 0x07 -f "$W/jsm.log" --dump_files_dir "$W" > "$W/jsm.out" 2>&1 &
    SM_PID=$!
    await_up 1
    echo "=== after OpenSM"
    tables
    cp "$W/partitions-edited.conf" "$W/active.conf"
    kill -HUP "$SM_PID"
    await_up 2
    echo "=== after OpenSM with the edited file"
    tables
    # a syntax error on line 3 (no ':'): the last good set (the edited file) stays in force
    sed '3s/^/P6=0x0006 ALL=full ;\n/' "$W/partitions-edited.conf" > "$W/active.conf"
    kill -HUP "$SM_PID"
    await_up 3
    echo "=== after a broken file"
    tables
    grep -o 'PARTITIONS CONFIGURED: [0-9]*' "$W/jsm.log" | sed 's/.*: /pkey-sets: /'
    grep -E 'PKEY-[0-9]+' "$W/jsm.log" | sed 's/^/log: /' || true
    exit 0
fi
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
