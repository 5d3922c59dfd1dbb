package dev.jsm.daemon.dump;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.log.LogLevels;
import dev.jsm.routing.LftTables;
import dev.jsm.routing.PathSlProvider;
import dev.jsm.routing.RouteOutcome;
import dev.jsm.routing.RoutingResult;
import dev.jsm.routing.Sl2VlProvider;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code opensm-path-sl.dump}: the lines {@code ibdmchk -c} reads, {@code 0x<source node GUID> <DLID> <SL>}, one per
 * source end port (switch port 0 included, in OpenSM's port GUID order) and destination LID (every LID of an LMC
 * range), the SL from the source's base LID; written only with ROUTING and an engine that gives paths SLs.
 */
class PathSlDumpTest {

    private static final long SWITCH = 0x0002c90100000200L;
    private static final long HOST_A = 0x0002c90200000100L;
    private static final long HOST_B = 0x0002c90200000300L;

    @TempDir
    Path dir;

    /** A switch (LID 1) with two single-port hosts: A with LIDs 2-3 (LMC 1), B with LID 4. */
    private static SubnetSnapshot fabric() {
        Subnet s = new Subnet();
        Node sw = s.addNode(NodeKind.SWITCH, SWITCH, 2);
        PhysPort port0 = s.addPort(sw, 0, SWITCH);
        PhysPort p1 = s.addPort(sw, 1, SWITCH);
        PhysPort p2 = s.addPort(sw, 2, SWITCH);
        Node a = s.addNode(NodeKind.CA, HOST_A, 1);
        PhysPort pa = s.addPort(a, 1, HOST_A + 1);
        Node b = s.addNode(NodeKind.CA, HOST_B, 1);
        PhysPort pb = s.addPort(b, 1, HOST_B + 1);
        s.connect(pa, p1);
        s.connect(pb, p2);
        s.assignLids(port0.endPort(), LidRange.single(1));
        s.assignLids(pa.endPort(), LidRange.of(2, 1));
        s.assignLids(pb.endPort(), LidRange.single(4));
        return SubnetSnapshot.of(s);
    }

    /** SL = 2 * source LID + destination LID, modulo 16: every line tells which pair it is. */
    private static final PathSlProvider SLS = (src, dst) -> (2 * src + dst) % 16;

    @Test
    void oneLinePerSourcePortAndDestinationLidWithTheSlOfTheSourcesBaseLid() throws Exception {
        StringWriter out = new StringWriter();

        PathSlDump.write(fabric(), SLS, out);

        // byte-reversed port GUIDs: 0x...0200 (switch) < 0x...0101 (A) < 0x...0301 (B)
        assertThat(out.toString()).isEqualTo(""
                + "0x0002c90100000200 1 3\n0x0002c90100000200 2 4\n0x0002c90100000200 3 5\n0x0002c90100000200 4 6\n"
                + "0x0002c90200000100 1 5\n0x0002c90200000100 2 6\n0x0002c90200000100 3 7\n0x0002c90200000100 4 8\n"
                + "0x0002c90200000300 1 9\n0x0002c90200000300 2 10\n0x0002c90200000300 3 11\n"
                + "0x0002c90200000300 4 12\n");
        assertThat(PathSlDump.lines(fabric())).isEqualTo(12);
    }

    @Test
    void writtenWithRoutingAndAnEngineThatGivesPathsSlsOnly() throws Exception {
        SubnetSnapshot s = fabric();
        RoutingResult plain = routed(PathSlProvider.DEFAULT);

        assertThat(DumpFiles.writePathSl(dir, s, LogLevels.ROUTING, plain)).isFalse();
        assertThat(DumpFiles.writePathSl(dir, s, 0x03, routed(SLS))).isFalse();
        assertThat(DumpFiles.writePathSl(dir, s, LogLevels.ROUTING, null)).isFalse();
        assertThat(dir.resolve(DumpFiles.PATH_SL)).doesNotExist();

        assertThat(DumpFiles.writePathSl(dir, s, 0x43, routed(SLS))).isTrue();
        assertThat(Files.readAllLines(dir.resolve(DumpFiles.PATH_SL))).hasSize(12)
                .allMatch(l -> l.matches("0x[0-9a-f]{16} \\d+ \\d+"));
    }

    private static RoutingResult routed(PathSlProvider sls) {
        RoutingResult.Attempt a = new RoutingResult.Attempt("lash",
                new RouteOutcome.Routed(sls, Sl2VlProvider.ALL_VL0), 0, false);
        return new RoutingResult(new LftTables(1, 4), a, List.of(a), List.of(), List.of());
    }
}
