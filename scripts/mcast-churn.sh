#!/usr/bin/env bash
# Multicast LIDs are never lost, under ibsim: jsm (bin/opensm) on the first host of a fabric, then ROUNDS rounds in
# which each of HOSTS hosts, in one process (dev.jsm.sa.agent.SaRegisterMain), creates GROUPS groups with a random
# full JoinState (FullMember, SendOnlyFullMember, or either with other bits), joins the groups the previous host
# created in the round with any JoinState, and leaves two thirds of its own groups again (a host may keep only so
# many groups it created: the SA's fair share, answered with no resources beyond it); every other round one host's
# cable is pulled (ibsim's Unlink) and put back after the SM's next sweep, so that its memberships go with its port.
# At the end every host but the SM's is unplugged (their groups lose their last full member and go), plugged back,
# and one host creates a group: it must get the lowest MLID after the partition's broadcast group (0xc001), which it
# does only if no MLID was lost on the way. Prints per round the answers (ok, refused), then
# "final mlid=0x.... expected 0xc001: ok|LOST" and how many MLIDs the switches forward before and after the cleanup
# (dump_mfts; a group of one port has no tree, so fewer than the groups).
#
# Usage: scripts/mcast-churn.sh [-r ROUNDS] [-n HOSTS] [-g GROUPS] [-k] [FABRIC.net, default fabrics/fat2-16.net]
#   defaults: 20 rounds, 8 hosts, 25 groups per host and round (4,000 groups created); -k keeps the work directory
# Needs: ibsim-utils, util-linux (unshare), root; bin/opensm built (mvn -B -ntp -o -q package -pl daemon -am
# -DskipTests -Dcds.skip=true, which also fills daemon/target/lib) and the SA test classes (mvn -B -ntp -o -q -pl sa
# -am test-compile).
set -euo pipefail

rounds=20 nhosts=8 groups=25 keep=0
while getopts "r:n:g:k" opt; do
    case $opt in
        r) rounds=$OPTARG ;;
        n) nhosts=$OPTARG ;;
        g) groups=$OPTARG ;;
        k) keep=1 ;;
        *) sed -n '2,18p' "$0"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
here=$(cd "$(dirname "$0")/.." && pwd)
fabric=${1:-$here/fabrics/fat2-16.net}
fabric=$(cd "$(dirname "$fabric")" && pwd)/$(basename "$fabric")
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
for tool in ibsim dump_mfts unshare java; do
    command -v "$tool" > /dev/null || { echo "mcast-churn: $tool is missing" >&2; exit 3; }
done
[[ -x $here/bin/opensm && -d $here/daemon/target/lib \
    && -f $here/sa/target/test-classes/dev/jsm/sa/agent/SaRegisterMain.class \
    && -n $(compgen -G "$here/daemon/target/lib/sa-*.jar") ]] || { echo "mcast-churn: build first (see the header)" >&2; exit 3; }
classpath="$here/sa/target/test-classes:$here/daemon/target/lib/*"
work=$(mktemp -d /tmp/mcast-churn.XXXXXX)
echo "fabric $fabric; $rounds rounds, $nhosts hosts, $groups groups per host and round; files in $work"

(cd "$work" && unshare -n bash -s -- "$here" "$fabric" "$preload" "$classpath" "$rounds" "$nhosts" "$groups" \
    << 'INNER'
set -u
here=$1 fabric=$2 preload=$3 classpath=$4 rounds=$5 nhosts=$6 groups=$7
source "$here/scripts/lib/ibsim.sh"
ip link set lo up 2> /dev/null || true
ibsim_with_console "$fabric"
mapfile -t hosts < <(sed -n 's/^Hca[^"]*"\([^"]*\)".*/\1/p' "$fabric")
mkdir -p cache
SIM_HOST=${hosts[0]} OSM_CACHE_DIR=$PWD/cache OSM_TMP_DIR=$PWD LD_PRELOAD=$preload \
    "$here/bin/opensm" -f "$PWD/opensm.log" > sm.out 2>&1 &
sm_pid=$!
for _ in $(seq 600); do grep -q 'SUBNET UP' opensm.log 2> /dev/null && break; sleep 0.1; done
ups() { grep -c 'SUBNET UP' opensm.log || true; }
# register HOST COMMANDS...: one SaRegisterMain run on HOST; prints its last line
register() {
    local host=$1
    shift
    echo "$@" | SIM_HOST=$host LD_PRELOAD=$preload java -cp "$classpath" dev.jsm.sa.agent.SaRegisterMain - \
        > "reg-$host.out" 2>&1
    tail -n 1 "reg-$host.out"
}
# a sweep after a cable change: wait for the next SUBNET UP (at most 60 s)
sweep_after() {
    local before=$1
    for _ in $(seq 600); do [[ $(ups) -gt $before ]] && break; sleep 0.1; done
}
# the MLIDs some switch forwards (dump_mfts from the last host, as the switches hold them)
mlids() {
    SIM_HOST=${hosts[$((nhosts + 1))]} LD_PRELOAD=$preload dump_mfts 2> /dev/null \
        | awk 'tolower($1) ~ /^0xc[0-9a-f][0-9a-f][0-9a-f]$/ {print tolower($1)}' | sort -u | wc -l
}
full=(1 8 9 3 5 13 15 11)
created=0
for r in $(seq "$rounds"); do
    ok=0 refused=0
    prev=()
    for hi in $(seq 1 "$nhosts"); do
        cmds=() mine=() states=()
        for i in $(seq "$groups"); do
            id=$(printf '%x' $(( (r << 16) | (hi << 8) | i )))
            mine+=("$id")
            states+=("${full[$((RANDOM % ${#full[@]}))]}")
            cmds+=(create "$id" "${states[-1]}")
        done
        for id in "${prev[@]}"; do
            cmds+=(join "$id" $((1 + RANDOM % 15)))
        done
        # two thirds of its own groups the host leaves again, with the JoinState it created them with
        for i in "${!mine[@]}"; do
            (( RANDOM % 3 != 0 )) && cmds+=(leave "${mine[$i]}" "${states[$i]}")
        done
        line=$(register "${hosts[$hi]}" "${cmds[@]}")
        n=$(sed -n 's/.*ok=\([0-9]*\).*/\1/p' <<< "$line")
        ok=$((ok + ${n:-0}))
        n=$(sed -n 's/.*failed=\([0-9]*\).*/\1/p' <<< "$line")
        refused=$((refused + ${n:-0}))
        [[ $line == *done* ]] || echo "round $r: ${hosts[$hi]}: $line"
        created=$((created + groups))
        prev=("${mine[@]}")
    done
    if (( r % 2 == 0 )); then
        victim=${hosts[$((1 + RANDOM % nhosts))]}
        before=$(ups)
        console "Unlink \"$victim\""
        sweep_after "$before"
        before=$(ups)
        console "Relink \"$victim\""
        sweep_after "$before"
        echo "round $r: answers ok=$ok refused=$refused; $victim unplugged and back; MLIDs forwarded $(mlids)"
    else
        echo "round $r: answers ok=$ok refused=$refused; MLIDs forwarded $(mlids)"
    fi
done
echo "groups created $created; MLIDs forwarded before the cleanup $(mlids)"
for hi in $(seq 1 "$nhosts"); do console "Unlink \"${hosts[$hi]}\""; done
before=$(ups)
sweep_after "$before"
sleep 2
for hi in $(seq 1 "$nhosts"); do console "Relink \"${hosts[$hi]}\""; done
before=$(ups)
sweep_after "$before"
sleep 2
line=$(register "${hosts[1]}" create ffff0001 1)
mlid=$(sed -n 's/.*mlid=\(0x[0-9a-f]*\).*/\1/p' "reg-${hosts[1]}.out" | head -n 1)
if [[ $mlid == 0xc001 ]]; then verdict=ok; else verdict=LOST; fi
echo "final mlid=$mlid expected 0xc001: $verdict"
echo "MLIDs forwarded after the cleanup $(mlids)"
kill "$sm_pid"
for _ in $(seq 100); do kill -0 "$sm_pid" 2> /dev/null || break; sleep 0.1; done
kill "$ibsim_pid" 2> /dev/null
wait 2> /dev/null || true
INNER
) | tee "$work/summary.txt"
grep -q 'expected 0xc001: ok' "$work/summary.txt" || { echo "mcast-churn: see $work" >&2; exit 1; }
[[ $keep -eq 1 ]] || rm -rf "$work"
