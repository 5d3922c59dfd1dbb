package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jsm.mad.ibsim.IbsimHarness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code opensm --plan} under Debian's ibsim with the running jsm as the source ({@code scripts/plan-ibsim.sh}: the
 * fabric read by {@code ibnetdiscover}, the LIDs from the daemon's guid2lid), for an engine change (a routing
 * chain's engine edited from minhop to dor), a partitions file edit and a QoS edit, each compared with what the
 * daemon's SIGHUP then really programs, read back with {@code dump_fts} and {@code smpquery}: the plan's counts of
 * switches, LFT entries and blocks, P_Key tables and VL arbitration tables equal the read-backs'. A plan from a
 * broken partitions file names its file:line and exits 31.
 */
@Tag("ibsim")
class PlanIbsimIT {

    private static final Pattern LFTS = Pattern.compile("LFTs: (\\d+) of \\d+ switches change, (\\d+) entries in "
            + "(\\d+) blocks");
    private static final Pattern REAL = Pattern.compile("real: lft-switches (\\d+) entries (\\d+) blocks (\\d+) "
            + "pkey-tables (\\d+) vlarb-tables (\\d+)");

    @Test
    void thePlansCountsEqualWhatTheHupProgrammed() throws Exception {
        IbsimHarness.assumeAvailable();
        boolean ready = Files.isExecutable(Path.of("/usr/bin/unshare"))
                && Files.isDirectory(ReferenceScript.TOP.resolve("daemon/target/lib"));
        if (!ready) {
            System.err.println("[ibsim] SKIPPED: needs unshare and a packaged tree (mvn package)");
        }
        assumeTrue(ready);
        List<String> out = ReferenceScript.run(Map.of(), "plan-ibsim.sh");
        Map<String, List<String>> sections = sections(out);
        String all = String.join("\n", out);
        for (String change : List.of("engine", "partitions", "qos")) {
            List<String> s = sections.get(change);
            assertThat(s).as(all).isNotNull();
            assertThat(s).as(change + "\n" + all).contains("plan-exit: 0", "plan: OK", "LIDs: 0 change");
            Matcher plan = find(s, LFTS, change, all);
            Matcher real = find(s, REAL, change, all);
            assertThat(plan.group(1)).as(change + ": switches whose LFT changes").isEqualTo(real.group(1));
            assertThat(plan.group(2)).as(change + ": LFT entries").isEqualTo(real.group(2));
            assertThat(plan.group(3)).as(change + ": LFT blocks").isEqualTo(real.group(3));
            assertThat(s).as(change + ": P_Key tables").contains("P_Key tables: " + real.group(4) + " change");
            assertThat(s).as(change + ": VLArb tables").contains("VLArb tables: " + real.group(5) + " change");
        }
        assertThat(find(sections.get("engine"), LFTS, "engine", all).group(2)).as("dor moves minhop's routes")
                .isNotEqualTo("0");
        assertThat(find(sections.get("partitions"), REAL, "partitions", all).group(4)).isNotEqualTo("0");
        assertThat(find(sections.get("qos"), REAL, "qos", all).group(5)).isNotEqualTo("0");

        List<String> broken = sections.get("broken");
        String file = broken.stream().filter(l -> l.startsWith("broken-file: ")).findFirst().orElseThrow()
                .substring("broken-file: ".length());
        assertThat(broken).as(all).contains("plan-exit: 31")
                .anyMatch(l -> l.startsWith("plan-err: opensm: PKEY-1002 " + file + ":3:"));
    }

    private static Matcher find(List<String> lines, Pattern p, String change, String all) {
        for (String l : lines) {
            Matcher m = p.matcher(l);
            if (m.matches()) {
                return m;
            }
        }
        throw new AssertionError(change + ": no line like " + p + "\n" + all);
    }

    /** The lines under each "=== name" heading. */
    private static Map<String, List<String>> sections(List<String> lines) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        List<String> current = null;
        for (String l : lines) {
            if (l.startsWith("=== ")) {
                current = new ArrayList<>();
                m.put(l.substring(4), current);
            } else if (current != null) {
                current.add(l);
            }
        }
        return m;
    }
}
