# jsm: which JVM runs the daemon, and the start-up cache that goes with it. Sourced (POSIX sh) by the installed
# launcher /usr/sbin/opensm, by the .deb's postinst and, from the source tree, by bin/opensm and the daemon
# module's build; so all of them choose the same JVM and the same cache. Only jsm_* names are defined.
#
# The JVM: the newest JDK 25 or later, because from 25 on the JVM can start from an ahead-of-time cache (JEP 483,
# 514, 515: classes loaded and linked, and method profiles, all taken from a training run) - JAVA_HOME when it is
# one, else the newest one found under JSM_JVM_DIR (default /usr/lib/jvm; empty: look nowhere). Without one: JAVA_HOME,
# else the first java on PATH, as before. A JDK's version is read from its "release" file: no JVM is started.
#
# The cache: for a JDK 25 or later BASE.aot (an AOT cache), for an older one BASE.jsa (a dynamic class data sharing
# archive), made by jsm_make_jvm_cache with one run of the daemon on a simulated fabric up to SUBNET UP and through
# one cable repair. A launcher passes it only while it is newer than the jars and than the JDK's own class image: a
# JDK 25 handed a cache that does not match says so and starts anyway, but without any class sharing, even its own
# default archive (the daemon then takes twice as long to start as with no cache at all), so a stale cache is better
# left out.

# The first feature release that reads an AOT cache made with -XX:AOTCacheOutput.
jsm_aot_feature=25

# jsm_java_version HOME: sets jsm_version to the version of the JDK at HOME as one comparable number,
# feature * 1000000 + interim * 1000 + update (25.0.3 -> 25000003); 0 when HOME has no readable release file.
jsm_java_version() {
    jsm_version=0
    [ -r "$1/release" ] || return 0
    while IFS= read -r jsm_line; do
        case $jsm_line in
            JAVA_VERSION=*)
                jsm_line=${jsm_line#JAVA_VERSION=}
                jsm_line=${jsm_line#\"}
                jsm_line=${jsm_line%%[!0-9.]*}
                jsm_feature=${jsm_line%%.*}
                jsm_line=${jsm_line#"$jsm_feature"}
                jsm_line=${jsm_line#.}
                jsm_interim=${jsm_line%%.*}
                jsm_line=${jsm_line#"$jsm_interim"}
                jsm_line=${jsm_line#.}
                jsm_update=${jsm_line%%.*}
                jsm_version=$((${jsm_feature:-0} * 1000000 + ${jsm_interim:-0} * 1000 + ${jsm_update:-0}))
                return 0
                ;;
        esac
    done <"$1/release"
}

# jsm_select_java [OPENSM ARGS...]: sets jsm_java (the java command), jsm_java_home (its JDK, empty when unknown) and
# jsm_java_feature (its feature release, 0 when unknown) as the file's header says, and jsm_default_java_opts to the
# JVM options for it unless JAVA_OPTS replaces them (the training run's too):
# - a JDK 25 or later: both compilers (C1 and C2), so the AOT cache also holds the training run's method profiles
#   and C2 starts from them. Chosen over C1 only for a process that lives for months: on the 11664-host fat3:k=36
#   in the simulator, with an AOT cache, the tenth rerouting heavy sweep took 35% less CPU (4.3 s against 6.8 s)
#   and 1.4-2.3 times less time, while the first sweep took the same CPU (14.0 against 13.5 s). C1 only still starts
#   a small fabric sooner, with less memory: jsm_java_opts runs C1 only where guid2lid holds fewer than 8192 ports
#   or is missing (a first start, most often on a small fabric; on a large one the daemon says at SUBNET UP that the
#   next start gets C2, MAIN-0830).
#   Figures: docs/performance.md, "The JVM's start".
# - an older JVM: C1 only (-XX:TieredStopAtLevel=1; no C2, no profiled tier). Without profiles from a cache a sweep
#   is over before C2's compiles would pay back the CPU they take from it: on 2 cores fat2-648 under ibsim reaches
#   SUBNET UP 0.15-0.2 s sooner with less CPU, and a first routing of fat3-2268 takes 0.12 s instead of 0.3-0.45 s.
# Either way no -XX:+ExitOnOutOfMemoryError: it exits from inside the failed allocation (status 3, one line on
# stdout, nothing in opensm.log); the daemon's own handler logs an OutOfMemoryError to the log and stderr and exits
# with status 1.
jsm_select_java() {
    jsm_java_home=
    jsm_java_feature=0
    if [ -n "${JAVA_HOME:-}" ]; then
        jsm_java_version "$JAVA_HOME"
        if [ "$jsm_version" -ge $((jsm_aot_feature * 1000000)) ]; then
            jsm_java_home=$JAVA_HOME
        fi
    fi
    if [ -z "$jsm_java_home" ] && [ -n "${JSM_JVM_DIR-/usr/lib/jvm}" ]; then
        jsm_best=$((jsm_aot_feature * 1000000 - 1))
        for jsm_dir in "${JSM_JVM_DIR-/usr/lib/jvm}"/*; do
            [ -x "$jsm_dir/bin/java" ] || continue
            jsm_java_version "$jsm_dir"
            if [ "$jsm_version" -gt "$jsm_best" ]; then
                jsm_best=$jsm_version
                jsm_java_home=$jsm_dir
            fi
        done
    fi
    if [ -z "$jsm_java_home" ]; then
        jsm_java_home=${JAVA_HOME:-}
        if [ -z "$jsm_java_home" ] && jsm_java=$(command -v java); then
            jsm_java=$(readlink -f "$jsm_java") && jsm_java_home=${jsm_java%/bin/java}
        fi
    fi
    jsm_java=${JAVA_HOME:+$JAVA_HOME/bin/}java
    if [ -n "$jsm_java_home" ] && [ -x "$jsm_java_home/bin/java" ]; then
        jsm_java=$jsm_java_home/bin/java
        jsm_java_version "$jsm_java_home"
        jsm_java_feature=$((jsm_version / 1000000))
    fi
    jsm_heap_options "${OSM_CACHE_DIR:-/var/cache/opensm}/guid2lid" "$@"
    jsm_default_java_opts="-XX:+UseSerialGC $jsm_heap_opts -XX:TieredStopAtLevel=1"
    if [ "$jsm_java_feature" -ge "$jsm_aot_feature" ]; then
        jsm_default_java_opts="-XX:+UseSerialGC $jsm_heap_opts"
    fi
}

# jsm_heap_options GUID2LID [OPENSM ARGS...]: sets jsm_heap_opts to the heap options for the fabric the SM last saw,
# read from its guid2lid file (one line per port GUID given a LID: every switch and every channel adapter port), so
# that the heap follows the fabric and not the machine (without -Xmx the JVM may take a quarter of the RAM, and the
# Serial collector grows its old generation up to that before it ever compacts it: 1.1-1.4 GB after four HUPs at
# 11664 hosts). For N ports, in KiB:
# - young generation 1.5 N, within 8-32 MiB: its whole eden is touched between two collections, so it is resident;
#   16 MiB without a guid2lid (N unknown): the Serial collector grows the uncapped old generation by all that a young
#   collection promotes, and at 11664 hosts the 8 MiB young generation promoted so much of the first sweep's garbage
#   that the first start peaked at 406 MB against 351 MB with 16 MiB (16, 24 and 32 MiB alike); fat2-648's first
#   start costs 8 MB more (93-99 against 102-107 MB), fat3-2268's 5 MB less (under ibsim, 2026-11-27);
# - maximum heap: the max_heap_kib line of jsm-heap-size beside guid2lid, which the daemon writes at a SUBNET UP
#   from the fabric it configured (HeapSize.java: 64 MiB, 1.5 KiB per physical port and 5 bytes per switch per
#   LID; 272 MiB at 11664 hosts, where the live heap peaks at 153-163 MiB in a start and HUPs and at up to 208 MiB
#   when cables fail three at a time: with 212 MiB the collector thrashed there); without that file (a cache
#   directory of an earlier version) 64 MiB + 8 N + 5 N * N / 8192, which counts the forwarding tables as up to one
#   switch for eight ports (a fat tree's, not a torus's with one host per switch);
# - the initial heap 16 MiB above the young generation (the AOT cache's objects need an old generation), and the
#   old generation given back after a full collection beyond 40% free.
# Without a guid2lid (the first start on this cache directory) the maximum is left to the JVM, and so it is when the
# last run ran out of heap (the daemon then leaves jsm-heap-exhausted beside guid2lid, and removes it after its next
# SUBNET UP): a fabric much larger than guid2lid says runs out during discovery, before guid2lid is written again,
# and would at every restart.
# With --sim-topology the simulated fabric shares the heap, and the cache directory's files may be another fabric's:
# the maximum follows the simulated fabric instead (jsm_sim_size), 64 MiB + 2 KiB per physical port + 4 bytes per
# switch per LID (the SM's and the simulator's forwarding tables, a repair's new copy, one byte each, and the route
# check's), at least 256 MiB (a small fabric's --route-only run of torus-2QoS with a route check ran out of 65 MiB;
# the maximum only caps, the heap grows as needed), or is left to the JVM when its size is not known. Left to the
# JVM, the Serial collector never compacts the old generation before it must, and it only grows: fat3:k=64,pods=44
# peaked at 1.75 GiB RSS for 914 MiB live.
# There this maximum is 1,356 MiB: a start, a cable's repair and its return peaked at 1.41 GiB RSS; with 3 bytes per
# switch per LID (1,177 MiB) the cable's return ran out of heap, with 3.5 once in two runs (docs/scale.md).
# Where the fallback guesses too small (a torus, before its first SUBNET UP writes jsm-heap-size), JAVA_OPTS with a
# larger -Xmx serves until then; a heap the fabric exhausts is noticed as above.
jsm_heap_options() {
    jsm_ports=0
    if [ -r "$1" ]; then
        jsm_ports=$(grep -c '^0x' "$1" 2>/dev/null) || jsm_ports=0
    fi
    jsm_young=$((jsm_ports * 3 / 2))
    [ "$jsm_ports" -gt 0 ] || jsm_young=16384
    [ "$jsm_young" -ge 8192 ] || jsm_young=8192
    [ "$jsm_young" -le 32768 ] || jsm_young=32768
    jsm_heap_opts="-Xms$((jsm_young + 16384))k -Xmn${jsm_young}k -XX:MinHeapFreeRatio=20 -XX:MaxHeapFreeRatio=40"
    jsm_heap_cap=true
    [ ! -e "${1%/*}/jsm-heap-exhausted" ] || jsm_heap_cap=false
    jsm_sim=
    jsm_prev=
    for jsm_arg in "$@"; do
        case $jsm_prev:$jsm_arg in
            --sim-topology:*) jsm_sim=$jsm_arg ;;
            *:--sim-topology=*) jsm_sim=${jsm_arg#--sim-topology=} ;;
        esac
        jsm_prev=$jsm_arg
    done
    jsm_heap_max=
    if [ -n "$jsm_sim" ]; then
        jsm_sim_size "$jsm_sim"
        if [ "$jsm_sim_ports" -gt 0 ]; then
            jsm_heap_max=$((65536 + 2 * jsm_sim_ports + 4 * jsm_sim_switches * jsm_sim_lids / 1024))
            [ "$jsm_heap_max" -ge 262144 ] || jsm_heap_max=262144
        else
            jsm_heap_cap=false
        fi
    elif [ -r "${1%/*}/jsm-heap-size" ]; then
        while IFS=' ' read -r jsm_key jsm_value jsm_rest; do
            case $jsm_key:$jsm_value in
                max_heap_kib:[1-9]*) case $jsm_value in *[!0-9]*) ;; *) jsm_heap_max=$jsm_value ;; esac ;;
            esac
        done <"${1%/*}/jsm-heap-size"
    fi
    if [ -z "$jsm_heap_max" ] && [ "$jsm_ports" -gt 0 ]; then
        jsm_heap_max=$((65536 + 8 * jsm_ports + jsm_ports * jsm_ports * 5 / 8192))
    fi
    if [ -n "$jsm_heap_max" ] && $jsm_heap_cap; then
        jsm_heap_opts="$jsm_heap_opts -Xmx${jsm_heap_max}k"
    fi
}

# jsm_sim_size TOPOLOGY: sets jsm_sim_ports (physical ports: every switch port and port 0, every CA port),
# jsm_sim_switches and jsm_sim_lids (switches and CA ports) for the fabric --sim-topology TOPOLOGY simulates, or all
# three to 0 when they are not known here: a topology file (ibsim net or ibnetdiscover format: its node lines) or a
# fat2 or fat3 shape, counted as the sim module's TopologyShapes builds it; another shape, or one with keys that add
# nodes or LIDs (routers, vports) or that this does not know, is not known. A malformed one is the daemon's to report.
jsm_sim_size() {
    jsm_sim_ports=0
    jsm_sim_switches=0
    jsm_sim_lids=0
    if [ -f "$1" ]; then
        # the unquoted output is three numbers
        set -- $(awk '$1 == "Switch" && $2 ~ /^[0-9]+$/ { s++; p += $2 + 1 }
            ($1 == "Hca" || $1 == "Ca" || $1 == "Rt") && $2 ~ /^[0-9]+$/ { c += $2 }
            END { print p + c, s + 0, s + c }' "$1" 2>/dev/null)
        [ $# -eq 3 ] || return 0
        jsm_sim_ports=$1
        jsm_sim_switches=$2
        jsm_sim_lids=$3
        return 0
    fi
    jsm_kind=${1%%:*}
    jsm_list=${1#"$jsm_kind"}
    jsm_list=${jsm_list#:},
    jsm_k= jsm_pods= jsm_leaves= jsm_mids= jsm_cores= jsm_hosts= jsm_spines= jsm_links=
    while [ -n "$jsm_list" ]; do
        jsm_kv=${jsm_list%%,*}
        jsm_list=${jsm_list#*,}
        [ -n "$jsm_kv" ] || continue
        jsm_value=${jsm_kv#*=}
        case $jsm_value in '' | *[!0-9]*) jsm_value= ;; esac
        case ${jsm_kv%%=*} in
            k | radix) jsm_k=$jsm_value ;;
            pods) jsm_pods=$jsm_value ;;
            leaves) jsm_leaves=$jsm_value ;;
            mids) jsm_mids=$jsm_value ;;
            cores) jsm_cores=$jsm_value ;;
            hosts) jsm_hosts=$jsm_value ;;
            spines) jsm_spines=$jsm_value ;;
            links) jsm_links=$jsm_value ;;
            lftcap | speed | width | host-speeds) continue ;;
            remove-switches | remove-links | degrade-seed | twin | twin-of) continue ;;
            *) return 0 ;;
        esac
        [ -n "$jsm_value" ] || return 0
    done
    [ -n "$jsm_k" ] && [ "$jsm_k" -ge 2 ] || return 0
    jsm_half=$((jsm_k / 2))
    jsm_hosts=${jsm_hosts:-$jsm_half}
    case $jsm_kind in
        fat2 | fattree2)
            [ "$jsm_hosts" -lt "$jsm_k" ] && [ "${jsm_links:-1}" -ge 1 ] || return 0
            jsm_spines=${jsm_spines:-$(((jsm_k - jsm_hosts) / ${jsm_links:-1}))}
            [ "$jsm_spines" -ge 1 ] || return 0
            jsm_links=${jsm_links:-$(((jsm_k - jsm_hosts) / jsm_spines))}
            [ "$jsm_links" -ge 1 ] || jsm_links=1
            jsm_leaves=${jsm_leaves:-$((jsm_k / jsm_links))}
            jsm_sim_switches=$((jsm_leaves + jsm_spines))
            jsm_hosts=$((jsm_leaves * jsm_hosts))
            ;;
        fat3 | fattree3)
            jsm_mids=${jsm_mids:-$jsm_half}
            jsm_leaves=${jsm_leaves:-$jsm_half}
            jsm_sim_switches=$((${jsm_pods:-$jsm_k} * (jsm_leaves + jsm_mids) + jsm_mids * ${jsm_cores:-$jsm_half}))
            jsm_hosts=$((${jsm_pods:-$jsm_k} * jsm_leaves * jsm_hosts))
            ;;
        *) return 0 ;;
    esac
    jsm_sim_ports=$((jsm_sim_switches * (jsm_k + 1) + jsm_hosts))
    jsm_sim_lids=$((jsm_sim_switches + jsm_hosts))
}

# jsm_java_opts (after jsm_select_java): sets jsm_opts to JAVA_OPTS or, when it is empty, to jsm_default_java_opts,
# with C1 only on a JDK 25 or later when guid2lid holds fewer than 8192 ports, none at all included (a first start,
# whose fabric is not known yet: most are small, and a large one's first sweep costs the same CPU with C1, its later
# recomputes a third more until the next start): there C2 never pays back what it costs
# (under ibsim, a restart and two HUPs, 2026-11-27: fat2-648 to SUBNET UP in 1.30 s against 1.59-1.88 s and 91 MB
# peak RSS against 104-106 MB; fat3-2268 4.14 s against 4.46-5.00 s and 159 MB against 186-188 MB; HUPs the same),
# while at 11664 hosts its recomputes take a third less CPU (docs/performance.md, "The JVM's start"). The AOT
# cache's training run keeps both compilers (jsm_default_java_opts), so its method profiles are there for C2.
# Returns 1, saying why on stderr, when the options hold -Xrs (the JVM would then die on SIGHUP instead of sweeping).
jsm_java_opts() {
    jsm_opts=${JAVA_OPTS:-$jsm_default_java_opts}
    if [ -z "${JAVA_OPTS:-}" ] && [ "$jsm_java_feature" -ge "$jsm_aot_feature" ] && [ "$jsm_ports" -lt 8192 ]; then
        jsm_opts="$jsm_opts -XX:TieredStopAtLevel=1"
    fi
    case " $jsm_opts " in
        *" -Xrs "*)
            echo "opensm: JAVA_OPTS must not contain -Xrs: the JVM would then die on SIGHUP instead of sweeping" >&2
            return 1
            ;;
    esac
}

# jsm_cache_kind BASE: for the JVM jsm_select_java chose, sets jsm_cache_file to the cache it takes (BASE.aot or
# BASE.jsa), jsm_cache_use to the JVM options that read it and jsm_cache_record to those that write it, and
# jsm_jvm_options to what the JVM needs in any case: for a JDK 25 or later native access for JNA (without it the JVM
# warns at the first native call, and a cache only matches a JVM started with the same setting).
jsm_cache_kind() {
    if [ "$jsm_java_feature" -ge "$jsm_aot_feature" ]; then
        jsm_jvm_options=--enable-native-access=ALL-UNNAMED
        jsm_cache_file=$1.aot
        # errors only: a cache that does not match is still said, the JDK's notes on what it left out are not
        jsm_cache_use="-XX:AOTCache=$jsm_cache_file -Xlog:aot*=error"
        jsm_cache_record="-XX:AOTCacheOutput=$jsm_cache_file -Xlog:aot*=error"
    else
        jsm_jvm_options=
        jsm_cache_file=$1.jsa
        jsm_cache_use="-XX:SharedArchiveFile=$jsm_cache_file -Xlog:cds=off -Xlog:cds+dynamic=off"
        jsm_cache_record="-XX:ArchiveClassesAtExit=$jsm_cache_file -Xlog:cds=off -Xlog:cds+dynamic=off"
    fi
}

# jsm_jvm_cache_options BASE JARS: jsm_cache_kind BASE, then sets jsm_cache_options to jsm_cache_use, or to nothing
# when jsm_cache_file is missing or not newer than JARS (a file or directory the build or the package writes with
# the jars) and than the JDK's class image (lib/modules: replaced when the JDK is upgraded).
jsm_jvm_cache_options() {
    jsm_cache_kind "$1"
    jsm_cache_options=
    [ -f "$jsm_cache_file" ] && [ "$jsm_cache_file" -nt "$2" ] || return 0
    if [ -n "$jsm_java_home" ] && [ -f "$jsm_java_home/lib/modules" ]; then
        [ "$jsm_cache_file" -nt "$jsm_java_home/lib/modules" ] || return 0
    fi
    jsm_cache_options=$jsm_cache_use
}

# jsm_make_jvm_cache BASE CLASSPATH FABRIC: makes the cache jsm_jvm_cache_options BASE would use (BASE.aot or
# BASE.jsa) for the JVM jsm_select_java chose, from a training run: the daemon on
# CLASSPATH with the simulated FABRIC (a topology file or shape), from start to the first SUBNET UP, then one cable
# between two switches pulled and plugged back, each repaired by an incremental sweep (-Djsm.cacheTraining=repair:
# the repair code is in the cache too, so the first change after a start is as quick as later ones), and out (-o),
# with the launchers' default JVM options (a JDK 25 then writes the cache in a second JVM of its own). The daemon
# touches no device; its log, cache and dump files go to a temporary directory. Returns 1, with the run's last
# line on stderr, when no cache was made.
jsm_make_jvm_cache() {
    jsm_work=$(mktemp -d "${TMPDIR:-/tmp}/jsm-jvm-cache.XXXXXX") || return 1
    jsm_cache_kind "$jsm_work/cache"
    jsm_made=$jsm_cache_file
    rm -f "$1.${jsm_made##*.}"
    jsm_timeout=
    if command -v timeout >/dev/null 2>&1; then jsm_timeout="timeout 300"; fi
    # the option strings are word lists: unquoted on purpose
    if OSM_CACHE_DIR=$jsm_work OSM_TMP_DIR=$jsm_work $jsm_timeout "$jsm_java" $jsm_default_java_opts \
            $jsm_jvm_options $jsm_cache_record -Djsm.cacheTraining=repair \
            -cp "$2" dev.jsm.daemon.Main -F /dev/null --sim-topology "$3" \
            -f "$jsm_work/opensm.log" --dump_files_dir "$jsm_work" -o -s 0 >"$jsm_work/run.out" 2>&1 \
            && [ -s "$jsm_made" ] && mv "$jsm_made" "$1.${jsm_made##*.}"; then
        rm -rf "$jsm_work"
        return 0
    fi
    echo "jsm: no JVM start-up cache $1.${jsm_made##*.}: $(tail -n 1 "$jsm_work/run.out")" >&2
    rm -rf "$jsm_work"
    return 1
}
