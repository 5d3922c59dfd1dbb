package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.mad.ibsim.IbsimResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Issue 25's hostile SA clients replayed against the daemon's real {@code main} on Debian's ibsim serving
 * {@code fat2-16.net} with default settings, each case from a raw libibumad client of our own on another host
 * ({@link SaAttackClientMain}; the steps in {@link SaAttackProbe}): the daemon survives every case with its resident
 * set bounded, the other hosts are still served, a foreign ServiceRecord Delete is refused, the per-port shares hold
 * (ServiceRecords, subscriptions, groups) and joins reprogram the MFTs without heavy sweeps. The figures are
 * printed.
 */
@Tag("ibsim")
class SaAttackIbsimIT {

    /** Resident set growth allowed over the whole run (the JVM's own growth included). */
    private static final long RSS_GROWTH_KB = 300 * 1024;

    @Test
    void theSaSurvivesEveryCaseAndServesTheOtherHosts() throws Exception {
        IbsimHarness.assumeAvailable();
        IbsimResult r = IbsimHarness.builder(Path.of("..", "fabrics", "fat2-16.net"))
                .timeout(Duration.ofSeconds(400)).jvmArgs("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")
                .env("OSM_CACHE_DIR", ".").env("OSM_TMP_DIR", ".").build()
                .run(SaAttackProbe.class, "host-1-1", "host-2-2", "host-3-3",
                        "rmpp,services,gettable,inform,joins,groups,flood", "-f", "opensm.log", "-s", "0");
        System.out.println("[ibsim] " + String.join("\n[ibsim] ", r.stdout().lines()
                .filter(l -> l.matches("^(A|B|C|RSS|SWEEPS|RATE-LOG) .*")).toList()));
        assertThat(r.exitCode()).as(() -> r.describe() + "\n--- stdout ---\n" + r.stdout()).isZero();
        assertThat(r.lines("DONE")).hasSize(1);

        // refusals are answered within a budget per requester (100 at once, then 10 a second): the rest unanswered
        String rmpp = line(r, "A RMPP ");
        int stops = field(rmpp, "stop");
        assertThat(rmpp).contains("sent=9000").doesNotContain("0x0000");
        assertThat(stops).as(rmpp).isPositive().isLessThanOrEqualTo(110 + 10 * (field(rmpp, "ms") / 1000 + 1));
        assertThat(field(rmpp, "none")).as(rmpp).isEqualTo(9000 - stops);
        assertThat(line(r, "B PATHS ", 0)).as("B is served after A's RMPP flood").contains("statuses={0x0000=100}");

        String set = line(r, "A SET ");
        assertThat(set).as("every registration within the share is taken").contains("statuses={0x0000=1000, ");
        assertThat(field(set, "0x0100") + field(set, "none")).as(set).isPositive();
        assertThat(line(r, "B SET ")).as("B still registers").contains("statuses={0x0000=10}");
        assertThat(line(r, "B DELETE0 ")).contains("statuses={0x0300=1}");
        assertThat(line(r, "B DELETERID ")).as("A's record is not B's to delete").contains("statuses={0x0300=1}");
        assertThat(line(r, "A COUNT ")).contains("records=1010 ");

        assertThat(line(r, "A GETTABLE ")).contains("answered=100", "records=1010");
        assertThat(line(r, "B PATHS ", 1)).as("and during A's GetTables").contains("statuses={0x0000=100}");

        assertThat(line(r, "A INFORM ")).contains("statuses={0x0000=100, 0x0100=50}");
        assertThat(line(r, "B INFORM ")).contains("statuses={0x0000=5}");

        assertThat(line(r, "C JOINS ")).contains("statuses={0x0000=1000}");
        assertThat(line(r, "SWEEPS ")).as("joins reprogram the MFTs without heavy sweeps").isEqualTo("SWEEPS heavy=0");

        assertThat(line(r, "A GROUPS ")).contains("statuses={0x0000=256, 0x0100=44}");
        assertThat(line(r, "B GROUPS ")).contains("statuses={0x0000=5}");

        assertThat(line(r, "B PATHS ", 2)).as("B is served during A's flood").contains("statuses={0x0000=2000}");
        assertThat(line(r, "RATE-LOG ")).as("the flood is refused and logged").isNotEqualTo("RATE-LOG 0");

        List<String> rss = r.lines("RSS ");
        long start = kb(rss.get(0));
        for (String l : rss) {
            assertThat(kb(l) - start).as(l).isLessThan(RSS_GROWTH_KB);
        }
    }

    private static String line(IbsimResult r, String prefix) {
        return line(r, prefix, 0);
    }

    private static String line(IbsimResult r, String prefix, int index) {
        List<String> lines = r.lines(prefix);
        assertThat(lines).as(prefix + " in\n" + r.stdout()).hasSizeGreaterThan(index);
        return lines.get(index);
    }

    /** The number after {@code name=} in a probe line, or 0 when it has none. */
    private static int field(String line, String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("[{ ,]" + java.util.regex.Pattern.quote(name)
                + "=(\\d+)").matcher(line);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    private static long kb(String rssLine) {
        return Long.parseLong(rssLine.replaceAll(".* kB=(\\d+).*", "$1"));
    }
}
