#!/usr/bin/env bash
# Installs the built .deb and runs the installed opensm against ibsim, as an administrator would - inside a
# throw-away view of this machine: a private mount namespace where /etc, /usr and /var are overlays whose writes
# land in a tmpfs, a private network namespace for ibsim and a private PID namespace (logrotate's signal reaches
# only this run's daemon). The machine itself (its dpkg database, Debian's opensm, other ibsim instances, other
# daemons) is never touched, so this is safe on a shared machine and repeatable.
#
# Steps: remove Debian's opensm if installed (the .deb conflicts with it) -> dpkg -i (the alerting rules and the
# dashboard under /usr/share/jsm, the rules checked by promtool where it is installed; postinst's JVM start-up cache,
# an AOT cache for a JDK 25 or later or else a class data sharing archive, exists and the launcher's JVM uses it)
# -> the installed /usr/sbin/opensm under LD_PRELOAD=libumad2sim.so against ibsim: SUBNET UP in
# /var/log/opensm.log (the configured log), SIGHUP gives a second SUBNET UP; logrotate -f with the shipped
# /etc/logrotate.d/opensm during a third sweep (logrotate from the apt cache if it is not installed; skipped if
# neither): every SUBNET UP line is in opensm.log.1 or the new opensm.log, which starts with the reopen line;
# SIGTERM ends the daemon with "Exiting SM" -> dpkg -r leaves only the conffiles, the cache and the log -> dpkg
# --purge leaves nothing.
#
# Usage: scripts/deb-smoke.sh [DEB] [NET]   (defaults: packaging/target/jsm_*_all.deb, fabrics/fat2-16.net)
# Needs root, unshare, overlayfs, dpkg and ibsim-utils; prints one "[deb-smoke] SKIPPED: ..." line and exits 0
# without them. Exit status 0 = every check passed; 1 = a check failed (the line before says which).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)

skip() {
    echo "[deb-smoke] SKIPPED: $*"
    exit 0
}
fail() {
    echo "[deb-smoke] FAILED: $*" >&2
    exit 1
}
say() {
    echo "[deb-smoke] $*"
}

if [ -z "${JSM_DEB_SMOKE_INNER:-}" ]; then
    deb=${1:-$(ls "$top"/packaging/target/jsm_*_all.deb 2>/dev/null | head -n 1)}
    net=${2:-$top/fabrics/fat2-16.net}
    [ -n "$deb" ] && [ -f "$deb" ] || skip "no .deb built (mvn -B -ntp package -pl packaging -am)"
    [ "$(id -u)" -eq 0 ] || skip "needs root (dpkg -i into an overlay of /)"
    for tool in unshare dpkg ibsim; do
        command -v "$tool" >/dev/null 2>&1 || skip "$tool not installed"
    done
    grep -qw overlay /proc/filesystems || skip "no overlayfs in this kernel"
    scratch=$(mktemp -d /tmp/jsm-deb-smoke.XXXXXX)
    set +e
    JSM_DEB_SMOKE_INNER=1 unshare -m -n -p -f --mount-proc --propagation private "$0" "$(readlink -f "$deb")" \
        "$(readlink -f "$net")" "$scratch"
    rc=$?
    set -e
    rm -rf "$scratch"
    exit $rc
fi

# ---- inside the private namespaces
deb=$1 net=$2 scratch=$3
mount -t tmpfs jsm-deb-smoke "$scratch"
for d in etc usr var; do
    mkdir -p "$scratch/$d.upper" "$scratch/$d.work"
    mount -t overlay overlay -o "lowerdir=/$d,upperdir=$scratch/$d.upper,workdir=$scratch/$d.work" "/$d" \
        || skip "cannot mount an overlay on /$d"
done
ip link set lo up 2>/dev/null || true
umad2sim=$(ls /usr/lib/*/umad2sim/libumad2sim.so 2>/dev/null | head -n 1)
[ -n "$umad2sim" ] || skip "libumad2sim.so not found (apt-get install ibsim-utils)"
mkdir -p "$scratch/run"
cd "$scratch/run"   # umad2sim writes its fake sysfs into the working directory

export DEBIAN_FRONTEND=noninteractive
if dpkg-query -W -f='${Status}' opensm 2>/dev/null | grep -q "ok installed"; then
    say "removing Debian's opensm (in the overlay only)"
    dpkg -r opensm >dpkg-r-opensm.out 2>&1 || { cat dpkg-r-opensm.out; fail "dpkg -r opensm"; }
fi
# the machine's own cache may hold another fabric's LIDs (from OpenSM runs): start this fabric from an empty one
rm -rf /var/cache/opensm
say "dpkg -i $(basename "$deb")"
dpkg -i "$deb" </dev/null >dpkg-i.out 2>&1 || { cat dpkg-i.out; fail "dpkg -i"; }
[ -x /usr/sbin/opensm ] || fail "/usr/sbin/opensm not installed"
[ -d /var/cache/opensm ] || fail "/var/cache/opensm not created"
cmp -s /etc/opensm/opensm.conf <(dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./etc/opensm/opensm.conf) \
    || fail "/etc/opensm/opensm.conf is not the packaged one"
for f in /etc/default/opensm /etc/logrotate.d/opensm; do
    if cmp -s "$f" <(dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ".$f"); then
        say "$f: the packaged version"
    else
        say "$f: NOT the packaged version (kept from before: $(grep -m1 -v '^#' "$f" || true))"
    fi
done
for f in /usr/share/jsm/prometheus/jsm-alerts.yml /usr/share/jsm/grafana/jsm-dashboard.json; do
    [ -s "$f" ] || fail "$f not installed"
done
if command -v promtool >/dev/null 2>&1; then
    promtool check rules /usr/share/jsm/prometheus/jsm-alerts.yml >promtool.out 2>&1 \
        || { cat promtool.out; fail "promtool check rules /usr/share/jsm/prometheus/jsm-alerts.yml"; }
    say "installed alerting rules: promtool check rules says $(grep -o 'SUCCESS.*' promtool.out)"
fi
/usr/sbin/opensm --version >version.out 2>&1 || fail "opensm --version: $(cat version.out)"
say "installed: opensm --version says $(tail -n 1 version.out)"
cache=
for f in /var/lib/jsm/opensm.aot /var/lib/jsm/opensm.jsa; do
    if [ -s "$f" ]; then cache=$f; fi
done
[ -n "$cache" ] || fail "postinst made no JVM start-up cache (/var/lib/jsm/opensm.aot or opensm.jsa)"
JAVA_OPTS="-XX:+UseSerialGC -Xlog:class+load:file=$PWD/classes.txt" /usr/sbin/opensm --version >/dev/null 2>&1 \
    || fail "opensm --version with class logging"
shared=$(grep -c "dev\.jsm\..* source: shared objects file" classes.txt || true)
[ "${shared:-0}" -gt 0 ] || fail "the launcher's JVM did not use $cache"
say "postinst's JVM start-up cache $cache is used: $shared of jsm's classes of opensm --version came from it"

ibsim -s -n "$net" </dev/null >ibsim.log 2>&1 &
sim=$!
cleanup() {
    kill "$sim" 2>/dev/null || true
    if [ -n "${sm:-}" ]; then kill -9 "$sm" 2>/dev/null || true; fi
}
trap cleanup EXIT
for _ in $(seq 2000); do
    grep -qE "@sim:ctl@?$" /proc/net/unix && break
    kill -0 "$sim" 2>/dev/null || { cat ibsim.log; fail "ibsim exited"; }
    sleep 0.005
done

count() {
    local n
    n=$(grep -c "$1" /var/log/opensm.log 2>/dev/null || true)
    echo "${n:-0}"
}
await() { # text count seconds
    for _ in $(seq $(($3 * 10))); do
        [ "$(count "$1")" -ge "$2" ] && return 0
        kill -0 "$sm" 2>/dev/null || fail "opensm exited before '$1' x$2: $(tail -n 5 /var/log/opensm.log)"
        sleep 0.1
    done
    fail "'$1' x$2 not in /var/log/opensm.log within $3 s"
}
say "running the installed /usr/sbin/opensm under umad2sim against ibsim ($(basename "$net"))"
LD_PRELOAD=$umad2sim /usr/sbin/opensm -s 0 </dev/null >opensm.out 2>&1 &
sm=$!
await "SUBNET UP" 1 60
if [ "$(uname -m)" = x86_64 ]; then
    tr '\0' '\n' </proc/$sm/cmdline | grep -qx -- "-Djna.boot.library.path=/usr/lib/jsm/jna/com/sun/jna/linux-x86-64" \
        || fail "the launcher did not point JNA at the packaged /usr/lib/jsm/jna stub"
    say "JNA's native stub comes from /usr/lib/jsm/jna (nothing unpacked at start)"
fi
[ "$(cat /proc/$sm/comm)" = java ] || fail "the launcher did not exec java (comm $(cat /proc/$sm/comm))"
[ -s /var/cache/opensm/guid2lid ] || fail "no /var/cache/opensm/guid2lid"
say "SUBNET UP in /var/log/opensm.log; guid2lid has $(grep -c '^0x' /var/cache/opensm/guid2lid) ports"
kill -HUP "$sm"
await "SUBNET UP" 2 60
say "SIGHUP: second SUBNET UP"

total_up() { # SUBNET UP lines in the log and its rotated predecessor
    cat /var/log/opensm.log.1 /var/log/opensm.log 2>/dev/null | grep -c "SUBNET UP" || true
}
if ! command -v logrotate >/dev/null 2>&1; then
    apt-get install -y -qq --no-download logrotate >apt-logrotate.out 2>&1 || true
fi
if command -v logrotate >/dev/null 2>&1; then
    kill -HUP "$sm"
    logrotate -f -s "$scratch/run/logrotate.state" /etc/logrotate.d/opensm || fail "logrotate failed"
    [ -f /var/log/opensm.log.1 ] || fail "logrotate did not rename /var/log/opensm.log"
    await "log file reopened" 1 30
    for _ in $(seq 600); do [ "$(total_up)" -ge 3 ] && break; sleep 0.1; done
    kill -HUP "$sm"
    for _ in $(seq 600); do [ "$(total_up)" -ge 4 ] && break; sleep 0.1; done
    [ "$(total_up)" -eq 4 ] || fail "$(total_up) SUBNET UP lines across the rotation, not 4"
    [ "$(count "SUBNET UP")" -ge 1 ] || fail "no SUBNET UP in the new log after the rotation"
    head -n 1 /var/log/opensm.log | grep -q "log file reopened" || fail "the new log does not start with the reopen"
    say "logrotate (shipped config) during a sweep: 4 of 4 SUBNET UP lines kept across opensm.log.1 and opensm.log"
else
    say "logrotate step SKIPPED: logrotate not installed and not in the apt cache"
fi
kill -TERM "$sm"
wait "$sm" || true
sm=
grep -q "Exiting SM" /var/log/opensm.log || fail "no 'Exiting SM' after SIGTERM"
kill "$sim" 2>/dev/null || true
wait "$sim" 2>/dev/null || true

say "dpkg -r jsm"
dpkg -r jsm >dpkg-r.out 2>&1 || { cat dpkg-r.out; fail "dpkg -r"; }
dpkg-deb -I "$deb" conffiles >conffiles
left=$(dpkg-deb -c "$deb" | awk '$1 ~ /^-/ {print substr($6, 2)}' | while read -r p; do
    [ ! -e "$p" ] || echo "$p"
done | grep -vxF -f conffiles || true)
[ -z "$left" ] || fail "dpkg -r left files that are not conffiles: $left"
[ ! -e /usr/share/jsm ] || fail "/usr/share/jsm still there after dpkg -r"
[ ! -e /var/lib/jsm ] || fail "/var/lib/jsm (the JVM start-up cache) still there after dpkg -r"
dpkg-query -W -f='${Status}\n' jsm | grep -q "config-files" || fail "jsm not in config-files state after dpkg -r"
[ -f /etc/opensm/opensm.conf ] || fail "dpkg -r removed the conffile /etc/opensm/opensm.conf"
[ -s /var/cache/opensm/guid2lid ] || fail "dpkg -r removed the cache"
say "after dpkg -r: conffiles, /var/cache/opensm and the log remain, nothing else"
say "dpkg --purge jsm"
dpkg --purge jsm >dpkg-purge.out 2>&1 || { cat dpkg-purge.out; fail "dpkg --purge"; }
for p in /etc/opensm/opensm.conf /etc/opensm/partitions.conf /var/cache/opensm /var/log/opensm.log \
    /var/log/opensm.log.1; do
    [ ! -e "$p" ] || fail "$p still there after dpkg --purge"
done
say "after dpkg --purge: nothing left"
say "OK"
