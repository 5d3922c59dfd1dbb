#!/bin/bash
# The web console in a real browser: jsm (bin/opensm, console loopback, the web console on port 10001) on an ibsim
# fabric in its own network namespace, and inside it Debian's chromium driven by Selenium (the test class
# dev.jsm.daemon.WebConsoleBrowser, from the class path in JSM_TEST_CLASSPATH; the performance manager on, sweeping
# every second, for the port page's counters and chart): every page loaded and checked, a screenshot each, then the
# first inter-switch cable pulled through ibsim's console ('Unlink "switch"[port]') and the map watched until the link
# is red.
# The browser's lines go to stdout; the screenshots to SHOTS.
#
# Usage: JSM_TEST_CLASSPATH=... scripts/web-console-browser.sh FABRIC SHOTS
# Needs: ibsim-utils, libibumad3 (umad2sim), chromium, chromium-driver, util-linux (unshare), root; a built tree.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
fabric=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shots=$(mkdir -p "$2" && cd "$2" && pwd)
: "${JSM_TEST_CLASSPATH:?the test class path}"
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
work=$(mktemp -d /tmp/web-console.XXXXXX)
# the first cable from a switch to another switch: Unlink "a"[p]
cable=$(awk '
    /^Switch/ { match($0, /"[^"]*"/); sw = substr($0, RSTART, RLENGTH); switches[sw] = 1; next }
    /^(Hca|Ca|Rt)/ { sw = ""; next }
    sw != "" && /^\[[0-9]+\]/ {
        match($0, /^\[[0-9]+\]/); p = substr($0, RSTART + 1, RLENGTH - 2)
        rest = substr($0, RLENGTH + 1); match(rest, /"[^"]*"/); remote = substr(rest, RSTART, RLENGTH)
        cand[++n] = sw "|" p "|" remote
    }
    END {
        for (i = 1; i <= n; i++) {
            split(cand[i], c, "|")
            if (c[3] in switches) { printf "Unlink %s[%s]\n", c[1], c[2]; exit }
        }
    }' "$fabric")
cd "$work"
status=0
unshare -n bash -s -- "$fabric" "$preload" "$here" "$shots" "$cable" <<'INNER' || status=1
set -u
fabric=$1 preload=$2 here=$3 shots=$4 cable=$5
ip link set lo up 2>/dev/null || true
. "$here/scripts/lib/ibsim.sh"
ibsim_with_console "$fabric"
host=$(sed -n 's/^Hca[^"]*"\([^"]*\)".*/\1/p' "$fabric" | head -n 1)
mkdir -p cache
printf '%s\n' 'console loopback' 'console_port 10000' 'web_console_port 10001' 'perfmgr TRUE' \
    'perfmgr_sweep_time_s 1' > opensm.conf
SIM_HOST=$host OSM_CACHE_DIR=$PWD/cache OSM_TMP_DIR=$PWD LD_PRELOAD=$preload \
    "$here/bin/opensm" -F "$PWD/opensm.conf" -f "$PWD/opensm.log" > sm.out 2>&1 &
sm_pid=$!
for _ in $(seq 2400); do grep -q 'SUBNET UP' opensm.log 2>/dev/null && break; sleep 0.05; done
status=1
if grep -q 'SUBNET UP' opensm.log 2>/dev/null; then
    java -cp "$JSM_TEST_CLASSPATH" dev.jsm.daemon.WebConsoleBrowser http://127.0.0.1:10001 "$shots" "$PWD/console" \
        "$cable" && status=0
else
    echo "FAILED: no SUBNET UP"
fi
kill -TERM $sm_pid; wait $sm_pid 2>/dev/null
kill $ibsim_pid; wait 2>/dev/null || true
cp opensm.log "$shots/opensm.log" 2>/dev/null || true
exit $status
INNER
rm -rf "$work"
exit $status
