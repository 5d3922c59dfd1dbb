package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * jsm's {@code bin/opensm} against Debian's ibsim with a partitions file (some hosts full members of 0x8001, some
 * limited, the others out; plus an indx0 partition, an ALL_CAS both partition and an auto-numbered one), run by
 * {@code JSM=1 scripts/partitions-reference.sh}: the P_Key tables read back with {@code smpdump} on every CA port,
 * switch port 0 and CA-facing switch port are exactly those Debian's OpenSM programmed for the same file (the
 * transcript {@code partitions/.../opensm-reference.txt}); after editing the file and SIGHUP they equal OpenSM's
 * for the edited file and only the changed blocks were sent; after SIGHUP with a syntax error nothing changes, no
 * block is sent and the log names file:line:column.
 */
@Tag("ibsim")
class PartitionsIbsimIT {

    private static final String AFTER = "=== after OpenSM";
    private static final String EDITED = "=== after OpenSM with the edited file";
    private static final String BROKEN = "=== after a broken file";

    @Test
    void jsmProgramsTheReferenceTablesAndSighupSendsOnlyChangedBlocks() throws Exception {
        ReferenceScript.assumeReady();
        List<String> out = ReferenceScript.run(Map.of("JSM", "1"), "partitions-reference.sh");
        List<String> ref = Files.readAllLines(ReferenceScript.TOP.resolve(
                "partitions/src/test/resources/dev/jsm/partitions/opensm-reference.txt"), StandardCharsets.UTF_8);
        Map<String, List<String>> jsm = sections(out);
        Map<String, List<String>> opensm = sections(ref);
        String all = String.join("\n", out);

        assertThat(jsm.get(AFTER)).as(all).hasSize(10).isEqualTo(opensm.get(AFTER));
        assertThat(jsm.get(EDITED)).as(all).isEqualTo(opensm.get(EDITED));
        assertThat(jsm.get(BROKEN)).as("a broken file changes nothing").isEqualTo(jsm.get(EDITED));

        int changed = 0;
        for (int i = 0; i < jsm.get(AFTER).size(); i++) {
            changed += jsm.get(AFTER).get(i).equals(jsm.get(EDITED).get(i)) ? 0 : 1;
        }
        List<String> sets = out.stream().filter(l -> l.startsWith("pkey-sets: ")).map(l -> l.substring(11)).toList();
        assertThat(sets).as(all).hasSize(3);
        assertThat(Integer.parseInt(sets.get(1))).as("Sets after the edit = changed blocks").isEqualTo(changed)
                .isPositive();
        assertThat(sets.get(2)).as("Sets after the broken file").isEqualTo("0");
        assertThat(out).as("the error names file:line:column").anyMatch(l -> l.matches(
                "log: .*PKEY-1002 .*/active\\.conf:3:\\d+: .*"));
    }

    /** The P_Key table lines ("name:port block0 ...") under each "=== ..." heading. */
    private static Map<String, List<String>> sections(List<String> lines) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        List<String> current = null;
        for (String l : lines) {
            if (l.startsWith("=== ")) {
                current = new ArrayList<>();
                m.put(l, current);
            } else if (current != null && l.matches("[a-z-]+:\\d+ block0 .*")) {
                current.add(l);
            }
        }
        return m;
    }
}
