#!/usr/bin/env bash
# Captures an opensm-sa.dump written by the reference OpenSM (Debian's /usr/sbin/opensm 3.3.23, sa_db_dump TRUE) for
# the tests of jsm's reader: ibsim on a star of five hosts in a private network namespace, the reference SM on
# host "sm", and registrations from three hosts through dev.jsm.sa.agent.SaRegisterMain: group ff12::77 created by
# h2 (full member), joined by h3 (full member) and h4 (send-only non-member), group ff12::78 created by h4; a
# ServiceRecord of h2 with a lease of 3600 s and one of h3 that never expires; h3 subscribed to traps 64 and 65.
# After the SM's next light sweep (it writes the file when something changed) the file is copied to OUT.
# Usage: scripts/capture-sa-dump.sh [OUT, default sa/src/test/resources/dev/jsm/sa/state/reference-opensm-sa.dump]
# Needs: ibsim-utils, opensm, util-linux (unshare), root; the SA test classes and daemon/target/lib (mvn -B -ntp -o
# -q package -pl daemon -am -DskipTests -Dcds.skip=true).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$here/sa/src/test/resources/dev/jsm/sa/state/reference-opensm-sa.dump}
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
for tool in ibsim unshare java /usr/sbin/opensm; do
    command -v "$tool" > /dev/null || { echo "capture-sa-dump: $tool is missing" >&2; exit 3; }
done
[[ -f $here/sa/target/test-classes/dev/jsm/sa/agent/SaRegisterMain.class && -n $(compgen -G "$here/daemon/target/lib/sa-*.jar") ]] \
    || { echo "capture-sa-dump: build first (see the header)" >&2; exit 3; }
classpath="$here/sa/target/test-classes:$here/daemon/target/lib/*"
work=$(mktemp -d /tmp/capture-sa-dump.XXXXXX)
echo "files in $work"
cat > "$work/star.net" << 'NET'
Switch 8 "sw"
[1] "sm"[1]
[2] "h2"[1]
[3] "h3"[1]
[4] "h4"[1]
[5] "h5"[1]

Hca 1 "sm"
[1] "sw"[1]

Hca 1 "h2"
[1] "sw"[2]

Hca 1 "h3"
[1] "sw"[3]

Hca 1 "h4"
[1] "sw"[4]

Hca 1 "h5"
[1] "sw"[5]
NET
printf 'sa_db_dump TRUE\nsweep_interval 2\n' > "$work/opensm.conf"

(cd "$work" && unshare -n bash -s -- "$preload" "$classpath" > run.out 2>&1 << 'INNER'
set -u
preload=$1 classpath=$2
ip link set lo up 2> /dev/null || true
ibsim -s -n star.net > ibsim.out 2>&1 &
ibsim_pid=$!
for _ in $(seq 200); do grep -q ':ctl' /proc/net/unix && break; sleep 0.05; done
mkdir -p cache
export OSM_CACHE_DIR=$PWD/cache OSM_TMP_DIR=$PWD
SIM_HOST=sm LD_PRELOAD="$preload" /usr/sbin/opensm -F opensm.conf -f "$PWD/sm.log" > sm.out 2>&1 &
sm_pid=$!
for _ in $(seq 600); do grep -q 'SUBNET UP' sm.log 2> /dev/null && break; sleep 0.1; done
register() {
    local host=$1
    shift
    SIM_HOST=$host LD_PRELOAD="$preload" java -cp "$classpath" dev.jsm.sa.agent.SaRegisterMain "$@" >> reg.out 2>&1
    echo "$host exit $?" >> reg.out
}
register h2 create 77 1 service 4096 3600 h2-lease
register h3 join 77 1 service 4097 0 h3-forever subscribe 64 subscribe 65
register h4 join 77 4 create 78 1
for _ in $(seq 100); do
    [[ -f opensm-sa.dump ]] && grep -q 'Service Record' opensm-sa.dump && break
    sleep 0.1
done
sleep 3
kill "$sm_pid"
for _ in $(seq 100); do kill -0 "$sm_pid" 2> /dev/null || break; sleep 0.1; done
kill "$ibsim_pid" 2> /dev/null
wait
INNER
) || true
cat "$work/reg.out"
[[ -s $work/opensm-sa.dump ]] || { echo "capture-sa-dump: no opensm-sa.dump (see $work)" >&2; exit 1; }
cp "$work/opensm-sa.dump" "$out"
echo "written $out"
