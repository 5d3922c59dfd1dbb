#!/usr/bin/env bash
# Layers the reference OpenSM's lash needs on a fabric, for comparison with jsm's lash (RoutingBenchmark
# -Dengines=lash prints ours): runs `opensm -o -R lash -Q [--do_mesh_analysis]` once under Debian's ibsim, in a
# private network namespace (ibsim -n), and prints the lash lines of its log ("min operational vl", the mesh
# analysis' findings, "Lanes needed: N" or "ERR 4D02: Lane requirements (N) exceed available lanes (M)").
# ibsim's ports operate 8 VLs, so the reference stops counting above 8 layers.
#
# Usage: scripts/lash-reference-layers.sh NET-FILE [--do_mesh_analysis]
#   (write a generated shape with TopologyTool --write, see README "Tools")
# Environment: TIMEOUT seconds for opensm (default 900; the reference takes ~15 min on an 8x8x8 torus here).
# Requires: root (unshare -n), ibsim-utils, opensm, libumad2sim.
set -euo pipefail

net=${1:?usage: $0 NET-FILE [--do_mesh_analysis]}
shift
net=$(readlink -f "$net")
work=$(mktemp -d /tmp/lash-reference.XXXXXX)
trap 'rm -rf "$work"' EXIT
umad2sim=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
counts=$(grep -m1 -o 'switches=[0-9]* hosts=[0-9]*' "$net" || true)
switches=$(echo "$counts" | sed -n 's/.*switches=\([0-9]*\).*/\1/p')
hosts=$(echo "$counts" | sed -n 's/.*hosts=\([0-9]*\).*/\1/p')
switches=${switches:-256}
hosts=${hosts:-1024}

unshare -n bash -c '
    ibsim -s -n -N '"$((switches + hosts + 16))"' -S '"$((switches + 16))"' -P 20000 "$1" > "$2/ibsim.out" 2>&1 &
    sim=$!
    sleep 3
    LD_PRELOAD='"$umad2sim"' timeout '"${TIMEOUT:-900}"' opensm -o -R lash -Q "${@:3}" -f "$2/opensm.log" -D 0x03 \
        > "$2/opensm.out" 2>&1 || true
    kill "$sim"
    wait "$sim" 2>/dev/null || true
' lash-reference "$net" "$work" "$@"

grep -h -E 'min operational vl|osm_do_mesh_analysis: (node shape|found)|Lanes needed|ERR 4D|tables configured' \
    "$work/opensm.log" | sed 's/^.*-> //'
