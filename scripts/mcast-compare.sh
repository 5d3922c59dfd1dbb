#!/usr/bin/env bash
# Compares what jsm (bin/opensm) and the reference OpenSM (Debian's /usr/sbin/opensm) program for multicast groups
# on fat2-16.net, each SM on its own ibsim (with its console on a fifo) in its own network namespace:
#   1. host-0-1 creates group ff12::77, host-1-2 and host-3-3 join it, host-3-3 alone creates ff12::78 (a group of
#      one port); then `dump_mfts` and `saquery -g` (the MCMemberRecords of the first MAD: the three groups);
#   2. host-3-3 is unplugged (ibsim `Unlink "host-3-3"`) and, after the SMs' next sweeps, the same two readings:
#      its membership of ff12::77 is dropped with its cable's MFT bit, and ff12::78, whose only full member it was,
#      is gone.
# Prints one line per reading (mfts-joined, groups-joined, mfts-unlinked, groups-unlinked): same | DIFFERENT (with
# the diff); exit status 1 if any differs.
# Usage: scripts/mcast-compare.sh [FABRIC.net, default fabrics/fat2-16.net: needs host-0-1, host-1-2, host-3-3]
# Needs: ibsim-utils, infiniband-diags, opensm, util-linux (unshare), root; a built tree with the test classes
# (mvn -B -ntp -o -q package -pl sa,daemon -DskipTests -Dcds.skip=true && mvn -B -ntp -o -q test-compile -pl daemon)
# for the join client (dev.jsm.daemon.McJoinMain). Files stay in the temporary directory printed.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
fabric=${1:-$here/fabrics/fat2-16.net}
fabric=$(cd "$(dirname "$fabric")" && pwd)/$(basename "$fabric")
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
for tool in ibsim saquery dump_mfts unshare java /usr/sbin/opensm; do
    command -v "$tool" >/dev/null || { echo "mcast-compare: $tool is missing" >&2; exit 3; }
done
client=$here/daemon/target/test-classes/dev/jsm/daemon/McJoinMain.class
[[ -x $here/bin/opensm && -d $here/daemon/target/lib && -f $client ]] \
    || { echo "mcast-compare: build first (see the header)" >&2; exit 3; }
work=$(mktemp -d /tmp/mcast-compare.XXXXXX)
echo "fabric $fabric; files in $work"
target=$here/daemon/target
classpath=$target/test-classes:$target/classes:$(ls "$target"/lib/*.jar | tr '\n' ':')

# Runs one SM and the scenario inside a private network namespace. Arguments: dir command...
run_sm() {
    local dir=$1
    shift
    mkdir -p "$dir/cache"
    (cd "$dir" && unshare -n bash -s -- "$fabric" "$preload" "$classpath" "$@" > run.out 2>&1 <<'INNER'
set -u
fabric=$1 preload=$2 classpath=$3
shift 3
ip link set lo up 2>/dev/null || true
mkfifo console
ibsim -s "$fabric" < console > ibsim.out 2>&1 &
ibsim_pid=$!
exec 3> console
for _ in $(seq 200); do grep -q ':ctl' /proc/net/unix && break; sleep 0.05; done
export OSM_CACHE_DIR=$PWD/cache OSM_TMP_DIR=$PWD
LD_PRELOAD="$preload" "$@" > sm.out 2>&1 &
sm_pid=$!
for _ in $(seq 600); do grep -q 'SUBNET UP' sm.log 2> /dev/null && break; sleep 0.1; done
sleep 3
mc_join() {
    SIM_HOST=$1 LD_PRELOAD="$preload" java -cp "$classpath" dev.jsm.daemon.McJoinMain "$2" "$3" >> join.out 2>&1
    echo "$1 $2 $3 exit $?" >> join.out
}
mc_join host-0-1 create 77; mc_join host-1-2 join 77; mc_join host-3-3 join 77; mc_join host-3-3 create 78
read_fabric() {
    sleep "$1"
    SIM_HOST=host-0-1 LD_PRELOAD="$preload" dump_mfts 2> /dev/null | grep -v '^ibwarn' > "mfts-$2.txt"
    SIM_HOST=host-0-1 LD_PRELOAD="$preload" saquery -g 2> /dev/null | grep -v '^ibwarn' > "groups-$2.txt"
}
read_fabric 12 joined
echo 'Unlink "host-3-3"' >&3
read_fabric 30 unlinked
kill "$sm_pid"
for _ in $(seq 100); do kill -0 "$sm_pid" 2> /dev/null || break; sleep 0.1; done
echo quit >&3
exec 3>&-
sleep 1
kill "$ibsim_pid" 2> /dev/null
wait
INNER
    ) || true
}

run_sm "$work/reference" /usr/sbin/opensm -f "$work/reference/sm.log" &
ref_job=$!
run_sm "$work/jsm" "$here/bin/opensm" -f "$work/jsm/sm.log" &
jsm_job=$!
wait "$ref_job" "$jsm_job"

different=0
for reading in mfts-joined groups-joined mfts-unlinked groups-unlinked; do
    if [[ ! -s $work/reference/$reading.txt ]]; then
        echo "$reading: the reference gave no answer (see $work/reference)"; different=1; continue
    fi
    if cmp -s "$work/reference/$reading.txt" "$work/jsm/$reading.txt"; then
        echo "$reading same"
    else
        echo "$reading DIFFERENT"
        diff "$work/reference/$reading.txt" "$work/jsm/$reading.txt" | sed 's/^/    /' | head -20 || true
        different=1
    fi
done
[[ $different -eq 0 ]]
