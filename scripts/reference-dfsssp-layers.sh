#!/usr/bin/env bash
# Runs the reference OpenSM's dfsssp (or sssp) once on an ibsim fabric and prints what its log says about virtual
# layers and its routing time: "Virtual Lanes available/needed" and the paths per lane. For comparing the layers our
# dfsssp needs (RoutingBenchmark -Dengines=dfsssp) with OpenSM's on the same .net file.
#
# Everything runs in a private network namespace (ibsim's control sockets are per namespace); ibsim and OpenSM are
# stopped by PID on exit.
#
# With LFTS_OUT=FILE it also copies OpenSM's opensm-lfts.dump there (log level 0x43 makes OpenSM write it), so the
# reference tables can be checked by our route verifier through the file engine (-R file, lfts_file).
#
# Requires: ibsim-utils, opensm, unshare (util-linux).
# Usage: [LFTS_OUT=FILE] scripts/reference-dfsssp-layers.sh FABRIC.net [ENGINE] [TIMEOUT_SECONDS]
#        (KEEP=1 keeps the work directory with OpenSM's log)
set -euo pipefail

NET=$(readlink -f "${1:?usage: $0 FABRIC.net [dfsssp|sssp] [timeout]}")
ENGINE=${2:-dfsssp}
LIMIT=${3:-600}
UMAD2SIM=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so

if [[ "${4:-}" != "--in-netns" ]]; then
    for tool in ibsim opensm unshare; do
        command -v "$tool" >/dev/null || { echo "reference-dfsssp-layers: $tool not found" >&2; exit 2; }
    done
    [[ -r "$UMAD2SIM" ]] || { echo "reference-dfsssp-layers: $UMAD2SIM not found (ibsim-utils)" >&2; exit 2; }
    if [[ $(id -u) -eq 0 ]]; then
        exec unshare -n "$0" "$NET" "$ENGINE" "$LIMIT" --in-netns
    else
        exec unshare -rn "$0" "$NET" "$ENGINE" "$LIMIT" --in-netns
    fi
fi

W=$(mktemp -d /tmp/reference-dfsssp.XXXXXX)
SIM_PID=""
SM_PID=""
cleanup() {
    if [[ -n "$SM_PID" ]]; then kill "$SM_PID" 2>/dev/null || true; wait "$SM_PID" 2>/dev/null || true; fi
    if [[ -n "$SIM_PID" ]]; then kill "$SIM_PID" 2>/dev/null || true; wait "$SIM_PID" 2>/dev/null || true; fi
    if [[ "${KEEP:-0}" == 1 ]]; then echo "# work directory kept: $W" >&2; else rm -rf "$W"; fi
}
trap cleanup EXIT
trap 'exit 143' TERM INT HUP

ibsim -s -n "$NET" > "$W/ibsim.out" 2>&1 < /dev/null &
SIM_PID=$!
sleep 1
cat > "$W/opensm.conf" <<CONF
force_log_flush TRUE
routing_engine $ENGINE
qos TRUE
dump_files_dir $W
CONF
START=$(date +%s.%N)
LD_PRELOAD=$UMAD2SIM opensm -F "$W/opensm.conf" -f "$W/opensm.log" -D 0x43 -o > "$W/opensm.out" 2>&1 &
SM_PID=$!
for ((i = 0; i < LIMIT * 10; i++)); do
    grep -q "SUBNET UP\|Stopping dfsssp\|ERR AD" "$W/opensm.log" 2>/dev/null && break
    kill -0 "$SM_PID" 2>/dev/null || break
    sleep 0.1
done
END=$(date +%s.%N)
if [[ -n "${LFTS_OUT:-}" && -f "$W/opensm-lfts.dump" ]]; then cp "$W/opensm-lfts.dump" "$LFTS_OUT"; fi
echo "# $(basename "$NET"), routing_engine $ENGINE: $(awk "BEGIN{printf \"%.1f\", $END - $START}") s to SUBNET UP or failure"
grep -h "Virtual Lanes\|lane:\|ERR AD\|SUBNET UP\|tables configured\|Calculating shortest" "$W/opensm.log" \
    | grep -v '^\*' | sed 's/^.* -> //'
