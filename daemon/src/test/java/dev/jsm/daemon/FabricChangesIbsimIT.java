package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A routed fabric kept routed, under ibsim through libibumad ({@code scripts/fabric-changes.sh -v} in its own network
 * namespace): an inter-switch cable of {@code fat2-16} pulled through ibsim's console ({@code Unlink}), plugged back
 * ({@code Link}), then a HUP with nothing changed. After each event the fabric ({@code ibnetdiscover}) and the LFTs
 * the switches hold ({@code dump_fts}) are read back and checked by the route verifier: every pair delivered. The
 * cable's loss and return are handled by incremental sweeps (no heavy sweep), the HUP by a reconfiguration that sends
 * no Set.
 */
@Tag("ibsim")
class FabricChangesIbsimIT {

    private static final String FABRIC = ReferenceScript.TOP.resolve("fabrics/fat2-16.net").toString();

    @BeforeAll
    static void ready() {
        ReferenceScript.assumeReady();
    }

    @Test
    void cablesPulledAndPluggedBackAreRepairedIncrementallyAndEveryPairStaysDelivered() throws Exception {
        List<String> out = ReferenceScript.run(Map.of(), "fabric-changes.sh", "-v", "-c", "1", "-q", "2", FABRIC);
        System.err.println("[ibsim] fabric-changes.sh -v -c 1 fat2-16: " + String.join(" | ", out));

        assertThat(out).filteredOn(l -> l.startsWith("verify ")).extracting(l -> l.substring(7, l.indexOf(':')))
                .containsExactly("start", "unlink", "link", "hup");
        assertThat(out).filteredOn(l -> l.startsWith("verify "))
                .allMatch(l -> l.contains(" 0 unreachable"), "every pair delivered");
        assertThat(line(out, "unlink ")).contains("sweeps incremental:ok").doesNotContain("heavy");
        assertThat(line(out, "link ")).contains("sweeps incremental:ok").doesNotContain("heavy");
        assertThat(line(out, "hup ")).contains(" 0 Sets, sweeps reconfigure:ok");
    }

    private static String line(List<String> out, String prefix) {
        return out.stream().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + prefix + "in " + out));
    }
}
