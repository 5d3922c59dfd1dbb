#!/usr/bin/env bash
# An SM on jsm's simulator server (bin/sim-server) over a fabric of mixed link speeds with IB routers
# (fabrics/mixed-speeds-router.net; docs/link-speeds.md, docs/routers.md), then the stock tools and the SA's answers,
# written to OUTDIR/<sm>/ so that two SMs can be compared:
#   ibnetdiscover         the fabric with the LIDs the SM assigned
#   iblinkinfo            the links as the tools see them
#   pi-<name>             smpquery portinfo of the port of host <name> (by its LID)
#   pr-<src>-<dst>        saquery PathRecord between two hosts (by name; LIDs looked up in ibnetdiscover)
#   pr-router-<prefix>    saquery PathRecord from host edr to a GID with subnet prefix <prefix> (behind a router
#                         when the prefix routes file has a route for it)
#   gir                   saquery GUIDInfoRecords
#   gir-ops               with GIR_CLIENT_CMD (a command running dev.jsm.sa.agent.GuidInfoRecordClientMain): from host
#                         edr, GUIDInfoRecord Sets and Deletes of its own port's alias GUIDs (an explicit one and an
#                         SA-assigned one, one already taken, GUID0, a block beyond GUIDCap, an unknown LID, a Delete
#                         twice), one answer a line
#   guidinfo-edr          smpquery guidinfo of host edr's port after gir-ops (what the SM wrote to the port)
#   status                one line per step: name and exit status
# SMs: "reference" (/usr/sbin/opensm -s 0) and "jsm" (bin/opensm, or JSM_OPENSM_CMD), each at host "sm", with an
# opensm.conf holding prefix_routes_file OUTDIR/<sm>/prefix-routes.conf (routes: 0xfec0000000000001 to the router
# "rt", 0xfec0000000000003 to the first router) plus the lines of $SM_CONF.
# Usage: scripts/router-speeds.sh FABRIC OUTDIR SM...
# Environment: SIM_SERVER_CMD (default bin/sim-server), JSM_OPENSM_CMD (default bin/opensm), GIR_CLIENT_CMD (none:
#   no gir-ops), SM_CONF, SM_TIMEOUT (seconds to SUBNET UP, default 120).
# Requires: root or user namespaces (unshare -n / -rn), infiniband-diags, opensm.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
umad2sim=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
hosts=(sm edr hdr ndr xdr fdr10 qdr ndr2x xdr2 ndr1x)
pairs=(edr:hdr edr:ndr xdr:xdr2 xdr:ndr hdr:ndr ndr2x:xdr ndr1x:xdr fdr10:xdr qdr:ndr edr:rt xdr:rt)

if [[ "${1:-}" == --inside ]]; then
    sm=$2 net=$3 out=$4
    mkdir -p "$out" && cd "$out" || exit 2
    : > status
    step() { # NAME COMMAND...: runs the command with the preload at host edr, output to NAME, status to ./status
        local name=$1; shift
        LD_PRELOAD=$umad2sim SIM_HOST=edr timeout 60 "$@" > "$name" 2> "$name.err"
        echo "$name $?" >> status
    }
    # shellcheck disable=SC2086
    ${SIM_SERVER_CMD:-$top/bin/sim-server} "$net" --quiet < /dev/null > server.log 2>&1 &
    server=$!
    for ((i = 0; i < 1200; i++)); do
        grep -qE '@sim:ctl@?$' /proc/net/unix && break
        kill -0 "$server" 2> /dev/null || break
        sleep 0.05
    done
    grep -qE '@sim:ctl@?$' /proc/net/unix || { echo "server not up" >> status; cat server.log >&2; exit 3; }
    rtguid=$(sed -n 's/^rtguid=0x\([0-9a-fA-F]*\)$/\1/p' "$net" | head -n 1)
    printf '# routes to the remote subnets\n0xfec0000000000001 0x%016x\n0xfec0000000000003 *\n' \
        $((16#${rtguid:-0} + 1)) > prefix-routes.conf
    printf 'prefix_routes_file %s\n%s\n' "$out/prefix-routes.conf" "${SM_CONF:-}" > opensm.conf
    if [[ $sm == reference ]]; then
        printf 'force_log_flush TRUE\n' >> opensm.conf
        LD_PRELOAD=$umad2sim SIM_HOST=sm OSM_CACHE_DIR=$out /usr/sbin/opensm -F "$out/opensm.conf" -s 0 \
            -f "$out/opensm.log" --dump_files_dir "$out" > opensm.out 2>&1 &
    else
        # shellcheck disable=SC2086
        LD_PRELOAD=$umad2sim SIM_HOST=sm OSM_CACHE_DIR=$out OSM_TMP_DIR=$out ${JSM_OPENSM_CMD:-$top/bin/opensm} \
            -F "$out/opensm.conf" -s 0 -f "$out/opensm.log" > opensm.out 2>&1 &
    fi
    smpid=$!
    for ((i = 0; i < ${SM_TIMEOUT:-120} * 10; i++)); do
        grep -q "SUBNET UP" opensm.log 2> /dev/null && break
        kill -0 "$smpid" 2> /dev/null || break
        sleep 0.1
    done
    grep -q "SUBNET UP" opensm.log 2> /dev/null; echo "sm.subnet_up $?" >> status
    sleep 1
    step ibnetdiscover ibnetdiscover
    step iblinkinfo iblinkinfo
    lid() { # NAME: the LID ibnetdiscover gave the port of node NAME
        awk -v n="\"$1\"" '($1 == "Ca" || $1 == "Rt") && $NF == n { getline; for (i = 1; i < NF; i++)
            if ($i == "lid") { print $(i + 1); exit } }' ibnetdiscover
    }
    for h in "${hosts[@]}"; do
        step "pi-$h" smpquery portinfo "$(lid "$h")" 1
    done
    for p in "${pairs[@]}"; do
        s=${p%%:*} d=${p##*:}
        step "pr-$s-$d" saquery -p --src-to-dst "$(lid "$s"):$(lid "$d")"
    done
    for prefix in fec0:0:0:1 fec0:0:0:2 fec0:0:0:3; do
        step "pr-router-$prefix" saquery -p --sgid-to-dgid "fe80::10:3-$prefix:2:c903:0:5"
    done
    step gir saquery GIR
    if [[ -n "${GIR_CLIENT_CMD:-}" ]]; then
        me=$(lid edr) other=$(lid hdr) smlid=$(lid sm)
        gir() { # NAME ARGS...: the client with ARGS, its answer appended to gir-ops as "NAME: status=... guids=..."
            # (an error's status only: OpenSM echoes the request's record, jsm sends none)
            local name=$1; shift
            # shellcheck disable=SC2086
            LD_PRELOAD=$umad2sim SIM_HOST=edr timeout 60 $GIR_CLIENT_CMD "$@" 2>> gir-ops.err \
                | sed -n -e "s/^CLIENT \(status=0x0000\) lid=[0-9]* \(.*\)/$name: \1 \2/p" \
                    -e "s/^CLIENT \(status=[^ ]*\) .*/$name: \1/p" >> gir-ops
        }
        : > gir-ops
        gir set-explicit-and-assigned set "$smlid" "$me" 0 1,2 0x0002c90300000077 0
        gir set-zero-keeps set "$smlid" "$me" 0 2 0
        gir set-taken-elsewhere set "$smlid" "$other" 0 1 0x0002c90300000077
        gir set-guid0 set "$smlid" "$me" 0 0 0x1
        gir set-beyond-guidcap set "$smlid" "$me" 4 1 0x99
        gir set-unknown-lid set "$smlid" 77 0 1 0x99
        gir delete delete "$smlid" "$me" 0 1
        gir delete-again delete "$smlid" "$me" 0 1
        sleep 2
        step guidinfo-edr smpquery guidinfo "$me"
    fi
    kill "$smpid" 2> /dev/null; wait "$smpid" 2> /dev/null
    kill "$server" 2> /dev/null; wait "$server" 2> /dev/null
    sed -i '/generated on/d' ibnetdiscover
    rm -rf sys-*
    exit 0
fi

[[ $# -ge 3 ]] || { echo "usage: $0 FABRIC OUTDIR SM... (SM: reference, jsm)" >&2; exit 2; }
net=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir -p "$2" && out=$(cd "$2" && pwd)
shift 2
if unshare -n true 2> /dev/null; then ns=(unshare -n); else ns=(unshare -rn); fi
rc=0
for sm in "$@"; do
    "${ns[@]}" "$0" --inside "$sm" "$net" "$out/$sm" || rc=$?
done
exit $rc
