#!/usr/bin/env bash
# Reproduces the SMP attribute captures behind mad-transport's *GoldenTest classes
# (mad-transport/src/test/java/dev/jsm/mad/smp/).
#
# Every byte printed here was produced by software we did not write: Debian's ibsim (the SMAs of
# the simulated switches and CAs), OpenSM 3.3 (it programs LIDs, LFTs, MFTs, SL2VL, VLArb and
# P_Key tables, answers SMInfo and receives the trap), and infiniband-diags (smpdump prints the raw
# 64-byte SMP data, smpquery/ibroute/sminfo print their own decoding of the same attribute).
#
# Steps, all inside a private network namespace (ibsim's control sockets are per namespace):
#   1. ibsim -s -n -v -v -v on scripts/golden-fabric.net (the -v's make ibsim hex-dump every packet,
#      which is the only place the trap it sends is visible as raw bytes);
#   2. OpenSM with QoS tables and a second partition, until "SUBNET UP";
#   3. three CA ports join the IPoIB broadcast group (a SubnAdmSet(MCMemberRecord), sent by a
#      short python3/ctypes libibumad client), so that OpenSM programs the switches' MFTs;
#   4. smpdump + the decoding tool for every attribute;
#   5. ibportstate changes LinkSpeedEnabled of a CA port; ibsim answers with Trap 144 to the SM,
#      whose Notice payload is cut out of ibsim's packet dump.
# ibsim and OpenSM are stopped by PID on exit. Output goes to stdout.
#
# The committed transcript is mad-transport/src/test/resources/dev/jsm/mad/smp/golden-captures.txt;
# the golden tests check their annotated fixtures against it, and GoldenCaptureIT (tag ibsim) re-runs
# this script and compares everything but the first (date/version) line.
#
# Requires: ibsim-utils, infiniband-diags, opensm, libibumad3, python3, unshare (util-linux).
# Usage: scripts/capture-golden.sh [> captures.txt]      (KEEP=1 keeps the work directory)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
NET="$HERE/golden-fabric.net"
UMAD2SIM=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so

if [[ "${1:-}" != "--in-netns" ]]; then
    for tool in ibsim smpdump smpquery sminfo ibroute ibportstate opensm python3 unshare; do
        command -v "$tool" >/dev/null || { echo "capture-golden: $tool not found" >&2; exit 2; }
    done
    [[ -r "$UMAD2SIM" ]] || { echo "capture-golden: $UMAD2SIM not found (ibsim-utils)" >&2; exit 2; }
    if [[ $(id -u) -eq 0 ]]; then
        exec unshare -n "$0" --in-netns
    else
        exec unshare -rn "$0" --in-netns
    fi
fi

W=$(mktemp -d /tmp/capture-golden.XXXXXX)
SIM_PID=""
SM_PID=""
cleanup() {
    if [[ -n "$SM_PID" ]]; then kill "$SM_PID" 2>/dev/null || true; wait "$SM_PID" 2>/dev/null || true; fi
    if [[ -n "$SIM_PID" ]]; then kill "$SIM_PID" 2>/dev/null || true; wait "$SIM_PID" 2>/dev/null || true; fi
    if [[ "${KEEP:-0}" == 1 ]]; then echo "# work directory kept: $W" >&2; else rm -rf "$W"; fi
}
trap cleanup EXIT
trap 'exit 143' TERM INT HUP

# wait_for FILE PATTERN SECONDS
wait_for() {
    local i
    for ((i = 0; i < $3 * 10; i++)); do
        grep -q "$2" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "capture-golden: timed out waiting for '$2' in $1" >&2
    return 1
}

cat > "$W/opensm.conf" <<'EOF'
force_log_flush TRUE
sm_priority 5
sm_key 0x0123456789abcdef
qos TRUE
qos_max_vls 8
qos_high_limit 4
qos_vlarb_high 0:4,1:8,2:16
qos_vlarb_low 0:1,1:2,2:3,3:5,4:8,5:13,6:21,7:34
qos_sl2vl 0,1,2,3,4,5,6,7,7,6,5,4,3,2,1,0
EOF
cat > "$W/partitions.conf" <<'EOF'
Default=0x7fff, ipoib : ALL=full ;
storage=0x0a0b : ALL_CAS=limited, 0x0002c90300c0ffe1=full ;
EOF
# SubnAdmSet(MCMemberRecord) joining the IPoIB broadcast group ff12:401b:ffff::ffff:ffff as a full member.
cat > "$W/sa_join.py" <<'EOF'
import ctypes, struct, sys
sm_lid, port_guid = int(sys.argv[1], 0), int(sys.argv[2], 0)
lib = ctypes.CDLL("libibumad.so.3")
lib.umad_get_mad.restype = ctypes.c_void_p
lib.umad_get_mad.argtypes = [ctypes.c_void_p]
if lib.umad_init() < 0:
    sys.exit("umad_init failed")
fd = lib.umad_open_port(None, 0)
agent = lib.umad_register(fd, 0x03, 2, 0, None) if fd >= 0 else -1
if agent < 0:
    sys.exit("cannot open the port or register an SA agent")
hdr = lib.umad_size()
buf = ctypes.create_string_buffer(hdr + 256)
mad = bytearray(256)
struct.pack_into(">BBBBHHQHHI", mad, 0, 1, 0x03, 2, 0x02, 0, 0, 0x4a534d0000000001, 0x0038, 0, 0)
struct.pack_into(">Q", mad, 48, 0x10003)   # ComponentMask: MGID | PortGID | JoinState
rec = 56
mad[rec:rec + 16] = bytes.fromhex("ff12401bffff000000000000ffffffff")
mad[rec + 16:rec + 32] = bytes.fromhex("fe80000000000000") + struct.pack(">Q", port_guid)
mad[rec + 48] = 0x21                         # Scope 2 (link local) | JoinState 1 (full member)
lib.umad_set_addr(buf, sm_lid, 1, 0, 0x80010000)
ctypes.memmove(lib.umad_get_mad(buf), bytes(mad), 256)
if lib.umad_send(fd, agent, buf, 256, 1000, 3) < 0:
    sys.exit("umad_send failed")
length = ctypes.c_int(hdr + 256)
if lib.umad_recv(fd, buf, ctypes.byref(length), 3000) < 0:
    sys.exit("no SA response")
resp = ctypes.string_at(lib.umad_get_mad(buf), 256)
status = struct.unpack_from(">H", resp, 4)[0]
print("# join 0x%016x: status 0x%04x MLID 0x%04x" % (port_guid, status, struct.unpack_from(">H", resp, rec + 36)[0]))
sys.exit(0 if status == 0 else 1)
EOF

echo "# $(date -u +%Y-%m-%dT%H:%MZ) fabric $(basename "$NET"); versions:" \
    $(dpkg-query -W -f='${Package} ${Version}, ' ibsim-utils opensm infiniband-diags 2>/dev/null || true)
ibsim -s -n -v -v -v "$NET" > "$W/ibsim.log" 2>&1 &
SIM_PID=$!
wait_for "$W/ibsim.log" "Network simulator ready" 10
# Only the IB tools run with umad2sim: it makes every process it is preloaded into an ibsim client.
sim() { LD_PRELOAD="$UMAD2SIM" "$@"; }

# env execs opensm, so $! is OpenSM's own PID (a backgrounded shell function would be a subshell).
env LD_PRELOAD="$UMAD2SIM" OSM_CACHE_DIR="$W" opensm -F "$W/opensm.conf" -P "$W/partitions.conf" -s 0 -D 0x07 \
    -f "$W/opensm.log" --dump_files_dir "$W" > "$W/opensm.out" 2>&1 &
SM_PID=$!
wait_for "$W/opensm.log" "SUBNET UP" 30

sim python3 "$W/sa_join.py" 1 0x0002c90300a1b2c1
SIM_HOST=hca-far sim python3 "$W/sa_join.py" 1 0x0002c90300c0ffe1
SIM_HOST=hca-dual sim python3 "$W/sa_join.py" 1 0x0002c90300d4e5f1
for ((i = 0; i < 50; i++)); do     # OpenSM programs the MFTs shortly after the joins
    sim smpdump -D 0,1 0x1b 0 2>/dev/null | head -1 | grep -qv '^0000 0000' && break
    sleep 0.1
done

# capture TITLE DRPATH ATTR MOD -- DECODER...   (smpdump's raw 64 bytes, then the decoder's view)
capture() {
    local title=$1 path=$2 attr=$3 mod=$4
    shift 5
    echo "=== $title"
    echo "--- smpdump -D $path $attr $mod"
    sim smpdump -D "$path" "$attr" "$mod" 2>/dev/null
    echo "--- $*"
    sim "$@" 2>/dev/null
    echo
}

capture "NodeInfo, switch sw-a"            0,1      0x11 0          -- smpquery -D nodeinfo 0,1
capture "NodeInfo, CA hca-dual port 2"     0,1,3    0x11 0          -- smpquery -D nodeinfo 0,1,3
capture "NodeDescription, switch sw-a"     0,1      0x10 0          -- smpquery -D nodedesc 0,1
capture "PortInfo, switch sw-a port 5"     0,1      0x15 5          -- smpquery -D portinfo 0,1 5
capture "PortInfo, switch sw-a port 0"     0,1      0x15 0          -- smpquery -D portinfo 0,1 0
capture "PortInfo, CA hca-far port 1"      0,1,18   0x15 1          -- smpquery -D portinfo 0,1,18 1
capture "SwitchInfo, switch sw-a"          0,1      0x12 0          -- smpquery -D switchinfo 0,1
capture "LinearForwardingTable, sw-a block 0" 0,1   0x19 0          -- ibroute -D 0,1
capture "MulticastForwardingTable, sw-a block 0 position 0" 0,1 0x1b 0 -- ibroute -M -D 0,1
capture "MulticastForwardingTable, sw-a block 0 position 1" 0,1 0x1b 0x10000000 -- ibroute -M -D 0,1
capture "SLtoVLMappingTable, sw-a in 1 out 5" 0,1   0x17 0x0105     -- smpquery -D sl2vl 0,1 5
capture "SLtoVLMappingTable, CA hca-sm"    0        0x17 0          -- smpquery -D sl2vl 0
capture "VLArbitrationTable, sw-a port 5 low 0-31"  0,1 0x18 0x10005 -- smpquery -D vlarb 0,1 5
capture "VLArbitrationTable, sw-a port 5 high 0-31" 0,1 0x18 0x30005 -- smpquery -D vlarb 0,1 5
capture "P_KeyTable, CA hca-far block 0"   0,1,18   0x16 0          -- smpquery -D pkeys 0,1,18 1
capture "P_KeyTable, CA hca-sm block 0"    0        0x16 0          -- smpquery -D pkeys 0 1
capture "GUIDInfo, CA hca-far block 0"     0,1,18   0x14 0          -- smpquery -D guidinfo 0,1,18
capture "SMInfo, OpenSM on hca-sm"         0        0x20 0          -- sminfo -D 0

echo "=== Notice, Trap 144 from CA hca-far (ibsim -> OpenSM)"
echo "--- ibportstate -D 0,1,18 1 speed 3"
before=$(wc -l < "$W/ibsim.log")
sim ibportstate -D 0,1,18 1 speed 3 > /dev/null 2>&1
wait_for "$W/opensm.log" "Received Generic Notice" 10
# ibsim dumps the first 256 bytes of its request struct: 32 bytes of header, then the MAD.
# The trap is the dump whose MAD (third line) starts with class 0x01, method 0x05 (SubnTrap);
# MAD bytes 64..127 (the Notice) are dump lines 7..10 after the marker.
echo "--- Notice (MAD bytes 64..127) from ibsim's packet dump"
awk -v from="$before" '
    NR <= from { next }
    /^--- packet ---$/ { n = 0; grab = 1; delete l; next }
    grab { l[++n] = $0; if (n == 3 && $0 !~ /^0101 0105/) grab = 0;
           if (n == 10) { for (i = 7; i <= 10; i++) print l[i]; exit } }' "$W/ibsim.log"
echo "--- OpenSM's decoding (opensm.log)"
grep -A9 "Received Generic Notice" "$W/opensm.log" | sed 's/^.*-> //' 
