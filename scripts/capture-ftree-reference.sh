#!/usr/bin/env bash
# Captures OpenSM's own ftree result for a fabric, the reference the ftree tests compare with
# (routing/src/test/resources/opensm-dumps/ftree/, see the README there).
#
# Runs Debian's ibsim on NET (ibsim's net format; write one from a shape with sim's TopologyTool --write) and
# OpenSM 3.3 with -R ftree, force_log_flush and log flags 0x43 (ROUTING makes it write opensm-lfts.dump), both
# inside a private network namespace, until "SUBNET UP"; then copies opensm-lfts.dump and
# opensm-ftree-ca-order.dump to OUT_DIR.
# ibsim and OpenSM are stopped by PID on exit.
#
# Requires: ibsim-utils, opensm, unshare (util-linux).
# Usage: scripts/capture-ftree-reference.sh NET OUT_DIR      (KEEP=1 keeps the work directory)
set -euo pipefail

UMAD2SIM=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
if [[ "${1:-}" != "--in-netns" ]]; then
    [[ $# -eq 2 ]] || { echo "usage: $0 NET OUT_DIR" >&2; exit 2; }
    for tool in ibsim opensm unshare; do
        command -v "$tool" >/dev/null || { echo "capture-ftree-reference: $tool not found" >&2; exit 2; }
    done
    [[ -r "$UMAD2SIM" ]] || { echo "capture-ftree-reference: $UMAD2SIM not found (ibsim-utils)" >&2; exit 2; }
    NET=$(realpath "$1")
    mkdir -p "$2"
    OUT=$(realpath "$2")
    if [[ $(id -u) -eq 0 ]]; then
        exec unshare -n "$0" --in-netns "$NET" "$OUT"
    else
        exec unshare -rn "$0" --in-netns "$NET" "$OUT"
    fi
fi
NET=$2
OUT=$3

W=$(mktemp -d /tmp/capture-ftree.XXXXXX)
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
    echo "capture-ftree-reference: no '$2' in $1 after $3 s" >&2
    exit 1
}

# force_log_flush: OpenSM buffers its log otherwise, and "SUBNET UP" may not reach the file until it exits.
echo "force_log_flush TRUE" > "$W/opensm.conf"
ibsim -s -n "$NET" > "$W/ibsim.log" 2>&1 &
SIM_PID=$!
wait_for "$W/ibsim.log" "Network simulator ready" 10
# env execs opensm, so $! is OpenSM's own PID.
env LD_PRELOAD="$UMAD2SIM" OSM_CACHE_DIR="$W" opensm -F "$W/opensm.conf" -R ftree -s 0 -D 0x43 -f "$W/opensm.log" \
    --dump_files_dir "$W" > "$W/opensm.out" 2>&1 &
SM_PID=$!
wait_for "$W/opensm.log" "SUBNET UP" 120
cp "$W/opensm-lfts.dump" "$W/opensm-ftree-ca-order.dump" "$OUT/"
echo "capture-ftree-reference: wrote $OUT/opensm-lfts.dump and $OUT/opensm-ftree-ca-order.dump" >&2
