#!/usr/bin/env bash
# The contract between Debian's ibsim and jsm's simulator server (bin/sim-server, docs/sim-server.md): runs the same
# fabric under each, in a private network namespace each, with the same stock tools under umad2sim, and writes what
# they printed to OUTDIR/ibsim/ and OUTDIR/sim-server/ so that they can be compared (SimServerContractIT does):
#   ibnetdiscover.pre   ibnetdiscover before any SM ran (no LIDs)
#   opensm.log          the reference OpenSM (/usr/sbin/opensm -s 0: one sweep, then it stays up), until SUBNET UP
#   dump_fts            the LFTs it programmed, read back from the switches
#   ibnetdiscover.post  ibnetdiscover with the LIDs it assigned
#   saquery             its SA's NodeRecords (saquery, attached at the SM's node)
#   smpquery, perfquery NodeInfo and PortCounters of the SM's port by LID
#   osmtest             with OSMTEST=1: osmtest -f c, then -f a, against the reference OpenSM
#   ibnetdiscover.again ibnetdiscover after one was killed (-9) 0.2 s into its run and, where python3 is installed,
#                       two malformed datagrams went to the control socket (malformed.sent says so)
#   status              one line per step: name and exit status
# The "generated on" line of ibnetdiscover is removed (its timestamp differs).
#
# Usage: scripts/sim-server-contract.sh FABRIC OUTDIR [MODE...]   MODE: ibsim, sim-server (default: both)
# Environment: SIM_SERVER_CMD (default bin/sim-server; the IT passes a java command line), OSMTEST=1,
#   SM_TIMEOUT (seconds to SUBNET UP, default 120).
# Requires: root or user namespaces (unshare -n / -rn), ibsim-utils, infiniband-diags, opensm.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
umad2sim=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so

if [[ "${1:-}" == --inside ]]; then
    mode=$2 net=$3 out=$4
    mkdir -p "$out" && cd "$out" || exit 2
    : > status
    step() { # NAME COMMAND...: runs the command with the preload, output to NAME, status to ./status
        local name=$1; shift
        LD_PRELOAD=$umad2sim timeout 120 "$@" > "$name" 2> "$name.err"
        echo "$name $?" >> status
    }
    if [[ $mode == ibsim ]]; then
        nodes=$(grep -c -E '^(Switch|Hca|Ca|Rt)' "$net")
        ibsim -s -n -N $((nodes + 64)) -S $((nodes + 64)) -P $((nodes * 40 + 1024)) "$net" \
            < /dev/null > server.log 2>&1 &
    else
        # shellcheck disable=SC2086
        ${SIM_SERVER_CMD:-$top/bin/sim-server} "$net" --quiet < /dev/null > server.log 2>&1 &
    fi
    server=$!
    for ((i = 0; i < 1200; i++)); do
        grep -qE '@sim:ctl@?$' /proc/net/unix && break
        kill -0 "$server" 2> /dev/null || break
        sleep 0.05
    done
    grep -qE '@sim:ctl@?$' /proc/net/unix || { echo "server not up" >> status; cat server.log >&2; exit 3; }
    step ibnetdiscover.pre ibnetdiscover
    printf 'force_log_flush TRUE\n' > opensm.conf
    LD_PRELOAD=$umad2sim OSM_CACHE_DIR=$out /usr/sbin/opensm -F "$out/opensm.conf" -s 0 -f "$out/opensm.log" \
        -D 0x03 --dump_files_dir "$out" > opensm.out 2>&1 &
    sm=$!
    for ((i = 0; i < ${SM_TIMEOUT:-120} * 10; i++)); do
        grep -q "SUBNET UP" opensm.log 2> /dev/null && break
        kill -0 "$sm" 2> /dev/null || break
        sleep 0.1
    done
    grep -q "SUBNET UP" opensm.log 2> /dev/null; echo "opensm.subnet_up $?" >> status
    step dump_fts dump_fts
    step ibnetdiscover.post ibnetdiscover
    step saquery saquery
    smlid=$(LD_PRELOAD=$umad2sim sminfo 2> /dev/null | sed -n 's/^sminfo: sm lid \([0-9]*\).*/\1/p')
    step smpquery smpquery nodeinfo "${smlid:-1}"
    step perfquery perfquery "${smlid:-1}" 1
    if [[ "${OSMTEST:-0}" == 1 ]]; then
        step osmtest.c osmtest -f c -i "$out/osmtest.dat"
        step osmtest.a osmtest -f a -i "$out/osmtest.dat"
    fi
    LD_PRELOAD=$umad2sim ibnetdiscover > /dev/null 2>&1 &
    victim=$!
    sleep 0.2
    kill -9 "$victim" 2> /dev/null; wait "$victim" 2> /dev/null
    if command -v python3 > /dev/null; then
        python3 -c 'import socket, struct
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.sendto(b"short", b"\0sim:ctl\0")
s.sendto(struct.pack("<IIII", 0x12345678, 0, 3, 0) + bytes(64), b"\0sim:ctl\0")' && : > malformed.sent
    fi
    step ibnetdiscover.again ibnetdiscover
    kill "$sm" 2> /dev/null; wait "$sm" 2> /dev/null
    kill "$server" 2> /dev/null; wait "$server" 2> /dev/null
    sed -i '/generated on/d' ibnetdiscover.pre ibnetdiscover.post ibnetdiscover.again
    rm -rf sys-*
    exit 0
fi

[[ $# -ge 2 ]] || { echo "usage: $0 FABRIC OUTDIR [ibsim|sim-server...]" >&2; exit 2; }
net=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir -p "$2" && out=$(cd "$2" && pwd)
shift 2
modes=("$@")
[[ ${#modes[@]} -gt 0 ]] || modes=(ibsim sim-server)
if unshare -n true 2> /dev/null; then ns=(unshare -n); else ns=(unshare -rn); fi
rc=0
for mode in "${modes[@]}"; do
    "${ns[@]}" "$0" --inside "$mode" "$net" "$out/$mode" || rc=$?
done
exit $rc
