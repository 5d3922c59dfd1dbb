package dev.jsm.sim.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.sim.SimFabric;
import dev.jsm.sim.SimMadChannel;
import dev.jsm.sim.topo.Topology;
import dev.jsm.sim.topo.TopologyReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ContractScript} on the simulator alone, so that the script itself is checked where ibsim is missing: it runs
 * to its end, never waits for an answer that does not come, and gives the same lines on two fresh fabrics (the
 * contract compares line by line, so it must be deterministic).
 */
class ContractScriptTest {

    @Test
    void scriptRunsToItsEndAndRepeatsItself() throws Exception {
        Topology t = TopologyReader.read(Path.of(getClass().getResource("/contract/fat2-16.net").toURI()));
        List<String> first = run(t);
        List<String> second = run(t);

        assertThat(first).isEqualTo(second);
        assertThat(first.get(first.size() - 1)).isEqualTo("END => smps=" + (first.size() - 2) + " nodes=22 maxLid=23");
        assertThat(first).noneMatch(l -> l.contains("outcome=NO_ANSWER") || l.startsWith("UNSOLICITED"));
        assertThat(ContractComparison.compare(first, second).failures()).isEmpty();
    }

    private static List<String> run(Topology t) throws Exception {
        List<String> lines = new ArrayList<>();
        try (SimFabric fabric = new SimFabric(t); SimMadChannel channel = fabric.openChannel("host-0-0", 1)) {
            ContractScript.run(channel, lines::add);
        }
        return lines;
    }
}
