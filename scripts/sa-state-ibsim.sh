#!/usr/bin/env bash
# The SA's registrations across a failover or a restart, under ibsim in a private network namespace (star of six
# hosts: the SMs on "sm" and "sb", hosts h2..h5). Hosts register through dev.jsm.sa.agent.SaRegisterMain: group
# ff12::77 created by h2 and joined by h3 (full members) and h4 (send-only non-member), group ff12::78 created by
# h4, a ServiceRecord of h2 with a lease of 3600 s and one of h3 that never expires, h3 subscribed to traps 64 and
# 65. Then one of:
#   ha          jsm (sm_priority 10) on sm, jsm (1) on sb; the registrations; kill -9 of the master; the standby
#               takes over (docs/operations.md, "SA state across restarts and failovers");
#   restart     jsm on sm with sa_db_dump TRUE; the registrations; SIGTERM; jsm again with sa_db_file;
#   ref-to-jsm  the same, the reference OpenSM writing the file and jsm reading it;
#   jsm-to-ref  jsm writing it and the reference reading it.
# Prints the SA's groups (saquery -g: MGID, MLID), members (MGID, MLID, PortGID, JoinState) and services (ServiceID,
# GID, name; both read by SaRegisterMain, which gets no answer from the reference under umad2sim) before and after,
# each record on one line, then "groups identical|differ", "members ...", "services ...", for the restarts
# "dumped ..." (the records of both SMs' opensm-sa.dump, subscriptions too) and for ha and restart
# "mfts identical|differ" (dump_mfts, jsm on both sides).
#
# Usage: scripts/sa-state-ibsim.sh [-k] ha|restart|ref-to-jsm|jsm-to-ref     (-k keeps the work directory)
# Needs: ibsim-utils, infiniband-diags, opensm, util-linux (unshare), root; bin/opensm built (mvn -B -ntp -o -q
# package -pl daemon -am -DskipTests -Dcds.skip=true, which also fills daemon/target/lib) and the SA test classes
# (mvn -B -ntp -o -q -pl sa -am test-compile).
set -euo pipefail

keep=0
[[ ${1:-} == -k ]] && { keep=1; shift; }
mode=${1:-}
case $mode in ha|restart|ref-to-jsm|jsm-to-ref) ;; *) sed -n '2,20p' "$0"; exit 2 ;; esac
here=$(cd "$(dirname "$0")/.." && pwd)
preload=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
for tool in ibsim saquery dump_mfts unshare java /usr/sbin/opensm; do
    command -v "$tool" > /dev/null || { echo "sa-state-ibsim: $tool is missing" >&2; exit 3; }
done
[[ -x $here/bin/opensm && -d $here/daemon/target/lib \
    && -f $here/sa/target/test-classes/dev/jsm/sa/agent/SaRegisterMain.class \
    && -n $(compgen -G "$here/daemon/target/lib/sa-*.jar") ]] || { echo "sa-state-ibsim: build first (see the header)" >&2; exit 3; }
classpath="$here/sa/target/test-classes:$here/daemon/target/lib/*"
work=$(mktemp -d /tmp/sa-state-ibsim.XXXXXX)
cat > "$work/star.net" << 'NET'
Switch 8 "sw"
[1] "sm"[1]
[2] "sb"[1]
[3] "h2"[1]
[4] "h3"[1]
[5] "h4"[1]
[6] "h5"[1]

Hca 1 "sm"
[1] "sw"[1]

Hca 1 "sb"
[1] "sw"[2]

Hca 1 "h2"
[1] "sw"[3]

Hca 1 "h3"
[1] "sw"[4]

Hca 1 "h4"
[1] "sw"[5]

Hca 1 "h5"
[1] "sw"[6]
NET

(cd "$work" && unshare -n bash -s -- "$here" "$preload" "$classpath" "$mode" << 'INNER'
set -u
here=$1 preload=$2 classpath=$3 mode=$4
ip link set lo up 2> /dev/null || true
ibsim -s -n star.net > ibsim.out 2>&1 &
ibsim_pid=$!
for _ in $(seq 200); do grep -q ':ctl' /proc/net/unix && break; sleep 0.05; done

# start_sm NAME KIND HOST OPTION-LINES...: NAME/opensm.conf, the SM started in NAME/; sets pid_NAME
start_sm() {
    local name=$1 kind=$2 host=$3 bin
    shift 3
    mkdir -p "$name/cache"
    printf '%s\n' "force_log_flush TRUE" "sweep_interval 2" "$@" > "$name/opensm.conf"
    if [[ $kind == ref ]]; then bin=/usr/sbin/opensm; else bin=$here/bin/opensm; fi
    (cd "$name" && SIM_HOST=$host OSM_CACHE_DIR=$PWD/cache OSM_TMP_DIR=$PWD LD_PRELOAD=$preload \
        exec "$bin" -F "$PWD/opensm.conf" -f "$PWD/opensm.log" > sm.out 2>&1) &
    eval "pid_$name=$!"
}
# wait_for FILE PATTERN SECONDS
wait_for() {
    for _ in $(seq $(( $3 * 10 ))); do grep -q "$2" "$1" 2> /dev/null && return 0; sleep 0.1; done
    echo "no '$2' in $1 within $3 s"
    return 1
}
register() {
    local host=$1
    shift
    SIM_HOST=$host LD_PRELOAD=$preload java -cp "$classpath" dev.jsm.sa.agent.SaRegisterMain "$@" >> reg.out 2>&1
    echo "$host exit $?" >> reg.out
}
# records ATTR KEEP: saquery's records of ATTR from h5, the fields KEEP matches joined on one line, sorted
records() {
    SIM_HOST=h5 LD_PRELOAD=$preload saquery "$1" 2> /dev/null | awk -v keep="$2" '
        /dump:$/ { if (r != "") print r; r = ""; next }
        { line = $0; gsub(/^[ \t]+/, "", line); split(line, kv, /\.\.+/)
          if (kv[1] ~ keep) r = r kv[1] "=" kv[2] " " }
        END { if (r != "") print r }' | sort
}
# table services|members IDS...: the SA's records of those ServiceIDs or groups ff12::ID from h5 with SM_Key 1 (every
# member shown), one per line, sorted (one GetTable per ID, each answer one RMPP segment: under umad2sim saquery gets
# the first segment of an answer only)
table() {
    local kind=$1 id args=()
    shift
    for id in "$@"; do args+=("$kind" 1 "$id"); done
    SIM_HOST=h5 LD_PRELOAD=$preload java -cp "$classpath" dev.jsm.sa.agent.SaRegisterMain "${args[@]}" 2>&1 \
        | tee -a table.out | sed -n 's/^TABLE //p' | sort
}
capture() {
    records -g '^(MGID|Mlid)$' > "groups.$1"
    table members 77 78 > "members.$1"
    table services 4096 4097 > "services.$1"
    SIM_HOST=h5 LD_PRELOAD=$preload dump_mfts 2> /dev/null > "mfts.$1"
    for f in groups members services; do sed "s/^/$1 $f: /" "$f.$1"; done
}
# records_of DUMP: the registrations an opensm-sa.dump holds, one per line without leases and times, sorted: groups
# (MLID, MGID), members (MGID, port GID, scope and JoinState), ServiceRecords (ID, GID, P_Key, name), subscriptions
# (subscriber, InformInfo fields)
records_of() {
    awk '
        function field(name) { return match($0, name "=[^ ]*") ? substr($0, RSTART, RLENGTH) : "" }
        /^MC Group / { g = field("mgid"); print "group", $3, g }
        /^mcm_port: / { print "member", g, field("port_gid"), field("scope_state") }
        /^Service Record: / { n = $0; sub(/.* name=/, "", n); sub(/ data8=.*/, "", n)
            print "service", field("id"), field("gid"), field("pkey"), n }
        /^InformInfo Record: / { print "subscription", field("subscriber_gid"), field("lid_range_begin"),
            field("is_generic"), field("trap_type"), field("trap_num") }' "$1" | grep -v h5-mark | sort
}
compare() {
    local f
    for f in "$@"; do
        if [[ -s $f.before ]] && cmp -s "$f.before" "$f.after"; then echo "$f identical"; else echo "$f differ"; fi
    done
}
registrations() {
    register h2 create 77 1 service 4096 3600 h2-lease
    register h3 join 77 1 service 4097 0 h3-forever subscribe 64 subscribe 65
    register h4 join 77 4 create 78 1
}

case $mode in
    ha)
        start_sm a jsm sm "sm_priority 10" "sminfo_polling_timeout 500" "polling_retry_number 2" ${SA_LOG_FLAGS:+"log_flags $SA_LOG_FLAGS"}
        wait_for a/opensm.log 'SUBNET UP' 60
        start_sm b jsm sb "sm_priority 1" "sminfo_polling_timeout 500" "polling_retry_number 2" ${SA_LOG_FLAGS:+"log_flags $SA_LOG_FLAGS"}
        wait_for b/opensm.log 'SA-1309' 60
        # the master streams to the standby once its sweep met the standby's port as an SM's
        wait_for a/opensm.log 'SA-1308' 60
        registrations
        sleep 3
        capture before
        t0=$(date +%s.%N)
        kill -9 "$pid_a"
        wait "$pid_a" 2> /dev/null
        echo "event kill a"
        wait_for b/opensm.log 'SUBNET UP' 60 && echo "b took over in $(awk -v t0="$t0" -v t1="$(date +%s.%N)" \
            'BEGIN {printf "%.1f", t1 - t0}') s (or less)"
        sleep 3
        capture after
        compare groups members services mfts
        echo "standby refused-sets $(grep -c 'SM-0629' b/opensm.log || true)"
        grep -h 'SA-13\|SA-14' a/opensm.log b/opensm.log | sed 's/^/log: /' | head -20
        kill "$pid_b" ;;
    *)
        first=jsm second=jsm
        [[ $mode == ref-to-jsm ]] && first=ref
        [[ $mode == jsm-to-ref ]] && second=ref
        start_sm a $first sm "sa_db_dump TRUE"
        wait_for a/opensm.log 'SUBNET UP' 60
        registrations
        wait_for a/opensm-sa.dump 'Service Record' 30
        sleep 3
        capture before
        kill -TERM "$pid_a"
        for _ in $(seq 300); do kill -0 "$pid_a" 2> /dev/null || break; sleep 0.1; done
        echo "event restart: $first wrote $(grep -c '' a/opensm-sa.dump) lines, $second reads them"
        start_sm b $second sm "sa_db_file $PWD/a/opensm-sa.dump" "sa_db_dump TRUE"
        wait_for b/opensm.log 'SUBNET UP' 60
        # the reference dumps only what changed after it loaded the file: one more record (left out below)
        register h5 service 4098 0 h5-mark
        wait_for b/opensm-sa.dump 'h5-mark' 30
        sleep 3
        capture after
        # what each SM dumped (the reader's view, subscriptions too; the reference answers jsm's RMPP client
        # nothing under umad2sim, so its members and services are compared here)
        records_of a/opensm-sa.dump > dumped.before
        records_of b/opensm-sa.dump > dumped.after
        sed 's/^/before dumped: /' dumped.before
        sed 's/^/after dumped: /' dumped.after
        if [[ $mode == restart ]]; then compare groups members services dumped mfts; else compare groups dumped; fi
        grep -h 'SA-14\|sa_db\|4C0' b/opensm.log | sed 's/^/log: /' | head -20
        kill "$pid_b" ;;
esac
cat reg.out | sed 's/^/reg: /'
for _ in $(seq 100); do kill -0 "$pid_b" 2> /dev/null || break; sleep 0.1; done
kill "$ibsim_pid" 2> /dev/null
wait 2> /dev/null || true
INNER
) | tee "$work/summary.txt"
[[ $keep -eq 1 ]] && echo "files in $work" || rm -rf "$work"
