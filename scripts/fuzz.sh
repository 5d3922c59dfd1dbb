#!/usr/bin/env bash
# The fuzzing campaign of issue 25 part 7: seeded mutations of valid inputs (bit flips, byte insert/delete/
# duplicate, splicing two seeds, boundary numbers, token-level edits such as 2^31, -1, a bare 0x, huge tokens,
# non-ASCII bytes, empty lines) through every file parser and MAD decoder; per target the inputs, how many parsed
# and were rejected as documented, seconds, inputs/s, the slowest input and the findings (any throwable the parser
# does not document), then each finding's first input and stack. The targets are dev.jsm.fuzz.* in fuzz/src/test.
#
# Usage: scripts/fuzz.sh [-n COUNT] [-s SEED] [-o DIR] [TARGET-PREFIX...]
#   -n COUNT  inputs per target (default 1000000)     -s SEED  campaign seed (default 25)
#   -o DIR    write each finding's first input to DIR  TARGET-PREFIX  e.g. sa. or routing.chain (default all)
#   scripts/fuzz.sh -h lists the targets. Input i of a target depends only on the seed, the target and i.
# Environment: MVN (default "mvn -B -ntp -q -o"), JAVA_HOME, FUZZ_NO_BUILD=1 to reuse the built tree.
# Exit status: 0 no finding, 1 findings, 2 usage.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
mvn=${MVN:-mvn -B -ntp -q -o}
java=${JAVA_HOME:+$JAVA_HOME/bin/}java

if [[ -z ${FUZZ_NO_BUILD:-} || ! -f $top/fuzz/target/fuzz.classpath ]]; then
    echo "[fuzz] building the reactor's classes and the fuzz module's test classes ..." >&2
    (cd "$top" && $mvn -pl fuzz -am test-compile)
fi
exec "$java" -Xss1m -Xmx1g -cp "$top/fuzz/target/test-classes:$(cat "$top/fuzz/target/fuzz.classpath")" \
    dev.jsm.fuzz.FuzzMain "$@"
