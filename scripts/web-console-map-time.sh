#!/bin/bash
# How long the web console's fabric map takes to draw in Debian's chromium on a large simulated fabric: jsm
# (bin/opensm --sim-topology SHAPE, the in-JVM simulator, console loopback) in its own network namespace, then the
# map page loaded through Selenium (dev.jsm.daemon.WebConsoleBrowser --map-only, from JSM_TEST_CLASSPATH) RUNS times;
# prints each run's line with the render time the page measured (performance.now() around the canvas drawing), and
# before it the size of /api/map and the time curl took to fetch it. CONF's lines, if given, are added to the
# daemon's opensm.conf (a torus: routing_engine torus-2QoS and its torus_config, for the map by torus position).
#
# Usage: JSM_TEST_CLASSPATH=... scripts/web-console-map-time.sh [SHAPE [RUNS [SHOTS [CONF]]]]
# (default fat3:k=36: 11664 hosts)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
shape=${1:-fat3:k=36} runs=${2:-5}
shots=$(mkdir -p "${3:-/tmp/web-console-map}" && cd "${3:-/tmp/web-console-map}" && pwd)
conf=${4:+$(cd "$(dirname "$4")" && pwd)/$(basename "$4")}
: "${JSM_TEST_CLASSPATH:?the test class path}"
work=$(mktemp -d /tmp/web-console-map.XXXXXX)
cd "$work"
status=0
unshare -n bash -s -- "$here" "$shape" "$runs" "$shots" "${conf:-}" <<'INNER' || status=1
set -u
here=$1 shape=$2 runs=$3 shots=$4 conf=$5
ip link set lo up 2>/dev/null || true
printf 'console loopback\nconsole_port 10000\nweb_console_port 10001\nsweep_interval 0\n' > opensm.conf
if [ -n "$conf" ]; then cat "$conf" >> opensm.conf; fi
"$here/bin/opensm" --sim-topology "$shape" -F "$PWD/opensm.conf" -f "$PWD/opensm.log" > sm.out 2>&1 &
sm_pid=$!
for _ in $(seq 6000); do
    grep -q 'SUBNET UP' opensm.log 2>/dev/null && break
    kill -0 $sm_pid 2>/dev/null || break
    sleep 0.1
done
status=1
if grep -q 'SUBNET UP' opensm.log 2>/dev/null; then
    status=0
    for _ in $(seq "$runs"); do
        curl -s -o /dev/null -w 'api/map: %{size_download} bytes in %{time_total} s\n' http://127.0.0.1:10001/api/map
        java -cp "$JSM_TEST_CLASSPATH" dev.jsm.daemon.WebConsoleBrowser http://127.0.0.1:10001 "$shots" --map-only \
            2>/dev/null || status=1
    done
else
    echo "FAILED: no SUBNET UP"
fi
kill -TERM $sm_pid; wait $sm_pid 2>/dev/null
exit $status
INNER
rm -rf "$work"
exit $status
