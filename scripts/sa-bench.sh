#!/bin/sh
# The SA's PathRecord query path without the transport, under JMH (sa/src/test/.../agent/PathRecordBenchmark.java):
# PathRecord Gets answered a second on one thread at 11664 hosts (fat3:k=36), by GID and by LID. Compiles the sa
# module's tests offline, then runs JMH on the JVM bin/opensm would choose (packaging's java.sh). Arguments go to
# JMH, e.g. scripts/sa-bench.sh -p shape=fat2:k=36 -wi 3 -i 5 -f 1   (docs/performance.md has the figures).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
mvn -B -ntp -o -q -pl sa -am test-compile dependency:build-classpath -Dmdep.outputFile=target/test.classpath \
    -Dmdep.includeScope=test
. "$here/packaging/src/root/usr/lib/jsm/java.sh"
jsm_select_java
echo "sa-bench: $("$jsm_java" -version 2>&1 | head -n 1); $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
exec "$jsm_java" -cp "$here/sa/target/test-classes:$here/sa/target/classes:$(cat "$here/sa/target/test.classpath")" \
    org.openjdk.jmh.Main PathRecordBenchmark "$@"
