#!/usr/bin/env bash
# The query list of scripts/sa-compare.sh (run by it inside the SM's network namespace; not meant to be run alone).
# Usage: sa-compare-queries.sh PORTS CLIENT OUTDIR   with SIM_HOST and PRELOAD (libumad2sim.so) in the environment.
#   PORTS   `ibnetdiscover -p` output of the fabric (gives each node's name and LID)
#   CLIENT  the CA the queries come from
# Writes OUTDIR/NN.txt per query: first line "saquery ARGS" (with "# TAG" for a query given as "q explain:TAG ...",
# whose difference sa-compare.sh reports as explained by TAG), then saquery's output, stderr and exit status. Targets
# are picked by LID order so that both SMs get the same queries when they assign the same LIDs: the CAs with the
# lowest, middle and highest LIDs, the switches with the lowest and highest LIDs.
set -u
ports=$1 client=$2 out=$3
mkdir -p "$out"

# name lid kind, one per node, from "CA 22 1 0x.. 4x SDR - SW 7 4 0x.. ( 'host-3-3' - 'leaf-3' )"
nodes=$(awk '{
    n = split($0, q, "\047");
    split($0, f, " - ");
    split(f[1], l, " "); split(f[2], r, " ");
    print q[2], l[2], l[1]; print q[4], r[2], r[1]
}' "$ports" | sort -u | sort -k2,2n)
lid_of() { awk -v n="$1" '$1 == n {print $2; exit}' <<< "$nodes"; }
mapfile -t ca_lids < <(awk '$3 == "CA" {print $2}' <<< "$nodes")
mapfile -t sw_lids < <(awk '$3 == "SW" {print $2}' <<< "$nodes")
me=$(lid_of "$client")
ca_lo=${ca_lids[0]}
ca_mid=${ca_lids[$((${#ca_lids[@]} / 2))]}
ca_hi=${ca_lids[$((${#ca_lids[@]} - 1))]}
sw_lo=${sw_lids[0]}
sw_hi=${sw_lids[$((${#sw_lids[@]} - 1))]}
sw_name=$(awk -v l="$sw_lo" '$2 == l {print $1; exit}' <<< "$nodes")

n=0
q() {
    local tag=""
    if [[ $1 == explain:* ]]; then tag=" # ${1#explain:}"; shift; fi
    n=$((n + 1))
    local f
    f=$(printf '%s/%02d.txt' "$out" "$n")
    sleep 1
    {
        echo "saquery $*$tag"
        LD_PRELOAD=$PRELOAD timeout 10 saquery "$@" 2>&1
        echo "exit $?"
    } > "$f"
}

q CPI
q NR "$ca_hi"
q NR "$sw_lo"
q "$sw_name"
q PIR "$ca_hi/1"
q PIR "$sw_lo/0"
q PIR "$sw_lo/1"
for pair in "$me:$ca_hi" "$ca_lo:$ca_mid" "$ca_hi:$me" "$me:$sw_hi" "$sw_lo:$ca_mid"; do
    q --src-to-dst "$pair"
done
q --sl 0 --src-to-dst "$me:$ca_hi"
q --sl 1 --src-to-dst "$me:$ca_hi"
q --pkey 0xffff --src-to-dst "$me:$ca_mid"
q --pkey 0x7fff --src-to-dst "$me:$ca_mid"
q --pkey 0x8001 --src-to-dst "$me:$ca_mid"
q -M 4 --src-to-dst "$me:$ca_hi"
q SMIR
q SMIR "$ca_lo"
q SWIR "$sw_lo"
q SWIR "$sw_hi"
q LR "$sw_lo/1"
q LR "$ca_hi/1"
q LFTR "$sw_lo/0"
q LFTR "$sw_hi/0"
q PKTR "$sw_lo/0/0"
q PKTR "$ca_hi/1/0"
q --smkey 1 PKTR "$ca_hi/1/0"
q --smkey 1 PKTR "$sw_lo/0/0"
q --smkey 1 PKTR "$sw_lo/1/0"
q explain:pkey-unread --smkey 1 PKTR "$sw_hi/2/0"
q SL2VL "$sw_lo/1/2"
q SL2VL "$ca_hi/0/1"
q VLAR "$sw_lo/1/1"
q VLAR "$ca_hi/1/1"
q GIR "$ca_hi/0"
q GIR "$sw_lo/0"
q SR
