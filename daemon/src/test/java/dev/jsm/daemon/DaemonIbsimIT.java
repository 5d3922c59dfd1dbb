package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.ibsim.IbsimHarness;
import dev.jsm.mad.ibsim.IbsimResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The daemon's real {@code main} against Debian's ibsim serving {@code fat2-16.net}, through JNA, libibumad and
 * umad2sim ({@code -f LOG -s 0}), judged with infiniband-diags run in the same namespace: SUBNET UP, the log says
 * which local port the SM chose and why, every node has a LID ({@code ibnetdiscover}), every switch reaches every
 * LID ({@code dump_lfts}, walked by {@link FabricDump}), {@code sminfo} finds the SM; SIGHUP gives another SUBNET
 * UP; SIGUSR1 after moving the log gives a fresh log; a cable removed with ibsim's console is routed around after the
 * next sweep; a restart keeps every LID. The steps run in {@link IbsimDaemonProbe}.
 */
@Tag("ibsim")
class DaemonIbsimIT {

    @Test
    void subnetUpOnIbsimWithSignalsRerouteAndRestart() throws Exception {
        IbsimHarness.assumeAvailable();
        IbsimHarness harness = IbsimHarness.builder(Path.of("..", "fabrics", "fat2-16.net")).console(true)
                .timeout(Duration.ofSeconds(240)).env("OSM_CACHE_DIR", ".").env("OSM_TMP_DIR", ".").build();
        IbsimResult r = harness.runSession(IbsimDaemonProbe.class, s -> {
            Path stdout = s.directory().resolve("stdout.txt");
            long end = System.currentTimeMillis() + 120_000;
            while (!(Files.exists(stdout) && Files.readString(stdout).contains("UNLINK-READY"))
                    && s.process().isAlive() && System.currentTimeMillis() < end) {
                Thread.sleep(50);
            }
            if (s.process().isAlive()) {
                assertThat(Files.readString(stdout)).as("probe output").contains("UNLINK-READY");
                s.console("Unlink \"leaf-0\"[5]");
                Files.createFile(s.directory().resolve("unlinked"));
            }
        }, "opensm.log", "-f", "opensm.log", "-s", "0");
        assertThat(r.exitCode()).as(r::describe).isZero();
        assertThat(r.lines("UP ")).containsExactly("UP 1", "UP 2", "UP 3");
        assertThat(r.lines("REOPENED")).hasSize(1);
        assertThat(r.lines("PORT ")).singleElement().asString()
                .contains("SM port ibsim0/1 (GUID ").contains(") chosen among 1 local port(s) read from libibumad"
                        + " (umad2sim): ");

        FabricDump before = dump(r, "IBND", "LFTS");
        assertThat(before.lids).hasSize(22).doesNotContainValue(0);
        assertThat(before.lfts).hasSize(6);
        assertThat(before.unreachable()).isEmpty();
        assertThat(String.join("\n", r.lines("SMINFO "))).contains("sminfo: sm lid 1").contains("state 3");

        FabricDump after = dump(r, "IBND2", "LFTS2");
        assertThat(after.cables.get("S-0002c90100000000")).doesNotContainKey(5);
        assertThat(after.unreachable()).isEmpty();

        assertThat(r.lines("EXIT ")).containsExactly("EXIT 0");
        assertThat(r.lines("RESTART ")).containsExactly("RESTART 0");
        List<String> g2l = strip(r.lines("G2L "));
        assertThat(g2l).hasSize(22).isEqualTo(strip(r.lines("G2L2 ")));
        FabricDump restarted = dump(r, "IBND3", null);
        assertThat(restarted.lids).isEqualTo(after.lids);
    }

    private static FabricDump dump(IbsimResult r, String ibnd, String lfts) {
        FabricDump d = new FabricDump();
        d.readIbnetdiscover(strip(r.lines(ibnd + " ")));
        if (lfts != null) {
            d.readDumpLfts(strip(r.lines(lfts + " ")));
        }
        return d;
    }

    private static List<String> strip(List<String> lines) {
        return lines.stream().map(l -> l.substring(l.indexOf(' ') + 1)).toList();
    }
}
