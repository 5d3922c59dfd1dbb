#!/usr/bin/env bash
# SMP round trips per second through MadTransactions with max_wire_smps 1, 4, 16 and 64 outstanding, over
#   - the in-JVM simulator: dev.jsm.sim.txn.TransactionsBenchmark (SimMadChannel), and
#   - Debian's ibsim: dev.jsm.mad.txn.UmadTransactionsBenchmark (UmadChannel: JNA, libibumad, libumad2sim.so),
#     started by mad-transport/src/test/ibsim/bin/java-under-ibsim (own network namespace, ibsim -n, stopped by PID),
#   - jsm's simulator server (dev.jsm.sim.server.SimServerMain, docs/sim-server.md): the same
#     UmadTransactionsBenchmark under the same preload, the server in ibsim's place (own network namespace),
# on the same fabric (fabrics/mesh-5x5.net = shape mesh:dims=5x5,hosts=2: 75 nodes, routes of 0..10 hops):
# batches of directed-route NodeInfo Gets to every node, handlers on one SM thread, after one warm-up batch.
# Prints one Markdown table (the one in docs/performance.md) plus the machine it ran on.
#
# Usage: scripts/bench-transport.sh [seconds per window, default 3]
# Environment: MVN (default "mvn -B -ntp -q -o"), JAVA_HOME.
# Requires: JDK 17, Maven; for the ibsim column ibsim-utils and libibumad3 (else it says n/a).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
secs=${1:-3}
mvn=${MVN:-mvn -B -ntp -q -o}
net=$top/fabrics/mesh-5x5.net
shape=mesh:dims=5x5,hosts=2
java=${JAVA_HOME:+$JAVA_HOME/bin/}java
opts="-XX:+UseSerialGC"
work=$(mktemp -d /tmp/bench-transport.XXXXXX)
trap 'rm -rf "$work"' EXIT

echo "[bench] building mad-transport and the sim test classes ..." >&2
# One reactor build (nothing installed into the local repository): every module writes the class path file in turn,
# sim last, as the modules it needs come first.
$mvn -f "$top/pom.xml" -pl sim -am test-compile dependency:build-classpath -Dmdep.outputFile="$work/sim.cp" \
    -Dmdep.includeScope=test >&2

echo "[bench] in-JVM simulator, $shape, ${secs}s per window ..." >&2
"$java" $opts -cp "$top/sim/target/test-classes:$top/sim/target/classes:$(cat "$work/sim.cp")" \
    dev.jsm.sim.txn.TransactionsBenchmark "$shape" "$secs" | tee "$work/sim.txt" >&2

if [ -x /usr/bin/ibsim ] && [ -r /usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so ]; then
    echo "[bench] ibsim through JNA + umad2sim, $(basename "$net"), ${secs}s per window ..." >&2
    JSM_IBSIM_NET=$net "$top/mad-transport/src/test/ibsim/bin/java-under-ibsim" $opts \
        -cp "$top/mad-transport/target/test-classes:$top/mad-transport/target/classes:$top/mad-transport/target/lib/*" \
        dev.jsm.mad.txn.UmadTransactionsBenchmark "$secs" 2>"$work/ibsim.err" | tee "$work/ibsim.txt" >&2 || {
        echo "[bench] ibsim run failed:" >&2; cat "$work/ibsim.err" >&2; exit 1; }
else
    echo "[bench] ibsim-utils not installed: no ibsim column" >&2
    : > "$work/ibsim.txt"
fi

if [ -r /usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so ] && unshare -n true 2>/dev/null; then
    echo "[bench] sim-server through JNA + umad2sim, $(basename "$net"), ${secs}s per window ..." >&2
    mkdir "$work/server"
    # shellcheck disable=SC2016
    unshare -n bash -c '
        cd "$1" || exit 2
        "$2" $3 -cp "$4" dev.jsm.sim.server.SimServerMain "$5" --quiet > server.log 2>&1 &
        server=$!
        for _ in $(seq 600); do grep -qE "@sim:ctl@?$" /proc/net/unix && break; sleep 0.05; done
        JSM_IBSIM_READY=1 JSM_IBSIM_NET=$5 LD_PRELOAD=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so \
            "$2" $3 -cp "$6" dev.jsm.mad.txn.UmadTransactionsBenchmark "$7"
        rc=$?
        kill "$server"; wait "$server"
        exit $rc' bench "$work/server" "$java" "$opts" "$top/sim/target/classes:$(cat "$work/sim.cp")" "$net" \
        "$top/mad-transport/target/test-classes:$top/mad-transport/target/classes:$top/mad-transport/target/lib/*" \
        "$secs" 2>"$work/server.err" | tee "$work/server.txt" >&2 || {
        echo "[bench] sim-server run failed:" >&2; cat "$work/server.err" >&2; exit 1; }
else
    echo "[bench] umad2sim or unshare -n not available: no sim-server column" >&2
    : > "$work/server.txt"
fi

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
echo
echo "$(date -u +%Y-%m-%d), $(nproc) cores ($cpu), $("$java" -version 2>&1 | head -n 1)," \
    "load average $(cut -d' ' -f1-3 /proc/loadavg), ${secs} s per window"
echo
echo "| window (max_wire_smps) | simulator SMPs/s | simulator us/SMP | ibsim SMPs/s | ibsim us/SMP |" \
    "sim-server SMPs/s | sim-server us/SMP | sim-server / ibsim |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|"
# benchmark rows: window SMPs seconds SMPs/s us/SMP max-on-wire
awk '{ file = FILENAME == ARGV[1] ? 1 : FILENAME == ARGV[2] ? 2 : 3 }
     $1 ~ /^[0-9]+$/ && NF == 6 { rate[file, $1] = $4; us[file, $1] = $5; windows[$1] = 1 }
     END {
         n = split("1 4 16 64", order, " ")
         for (i = 1; i <= n; i++) {
             w = order[i]
             ratio = ((2, w) in rate) && ((3, w) in rate) && rate[2, w] > 0 ? \
                 sprintf("%.2f", rate[3, w] / rate[2, w]) : "n/a"
             printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", w,
                 ((1, w) in rate) ? rate[1, w] : "n/a", ((1, w) in us) ? us[1, w] : "n/a",
                 ((2, w) in rate) ? rate[2, w] : "n/a", ((2, w) in us) ? us[2, w] : "n/a",
                 ((3, w) in rate) ? rate[3, w] : "n/a", ((3, w) in us) ? us[3, w] : "n/a", ratio
         }
     }' "$work/sim.txt" "$work/ibsim.txt" "$work/server.txt"
