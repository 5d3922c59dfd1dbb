package dev.jsm.daemon.dump;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.names.NodeNameMap;
import dev.jsm.mad.smp.SlToVlMappingTable;
import dev.jsm.subnet.LidRange;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PhysPort;
import dev.jsm.subnet.Subnet;
import org.junit.jupiter.api.Test;

/**
 * {@code opensm-sl2vl.dump} in OpenSM's layout (docs/reference/opensm-behaviour.md#dump-files): end ports
 * in OpenSM's port GUID order (byte-reversed),
 * a CA's one table as row 0 0, a switch's (input, output) pairs of cabled output ports only, 16 VLs left-aligned in
 * 2 columns; tables the SM never programmed have no row.
 */
class Sl2VlDumpTest {

    private static final SlToVlMappingTable HPC = SlToVlMappingTable.of(0, 1, 2, 3, 4, 5, 6, 7, 15, 15, 15, 15, 15,
            15, 15, 15);
    private static final String HEAD = "#in out : 0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15\n"
            + "#--------------------------------------------------------\n";
    private static final String TAIL = "#--------------------------------------------------------\n\n";
    private static final String ROW = ": 0  1  2  3  4  5  6  7  15 15 15 15 15 15 15 15\n";

    @Test
    void writesTheProgrammedTablesInOpenSmsLayout() {
        Subnet s = new Subnet();
        Node host = s.addNode(NodeKind.CA, 0x0002c90200000100L, 1);
        host.setDescription("h1 HCA-1");
        PhysPort ca = s.addPort(host, 1, 0x0002c90200000101L);
        Node sw = s.addNode(NodeKind.SWITCH, 0x0002c90100000200L, 2);
        sw.setDescription("leaf");
        PhysPort port0 = s.addPort(sw, 0, 0x0002c90100000200L);
        PhysPort p1 = s.addPort(sw, 1, 0x0002c90100000200L);
        s.addPort(sw, 2, 0x0002c90100000200L);
        s.connect(ca, p1);
        s.assignLids(ca.endPort(), LidRange.single(2));
        s.assignLids(port0.endPort(), LidRange.single(1));

        byte[] hpc = new byte[8];
        HPC.encodeTo(hpc, 0);
        ca.sl2VlTable().setHeld(0, hpc, 0);
        for (int in = 0; in <= 2; in++) {
            p1.sl2VlTable().setHeld(in, hpc, 0);
        }

        // 0x0002c90100000200 byte-reversed sorts before 0x0002c90200000101 byte-reversed
        assertThat(Sl2VlDump.render(s, NodeNameMap.NONE)).isEqualTo(
                "Switch 0x0002c90100000200, base LID 1, \"leaf\"\n" + HEAD
                        + "0   1   " + ROW + "1   1   " + ROW + "2   1   " + ROW + TAIL
                        + "Channel Adapter 0x0002c90200000101, base LID 2, \"h1 HCA-1\"\n" + HEAD
                        + "0   0   " + ROW + TAIL);
    }

    @Test
    void aPortNeverProgrammedHasItsHeaderOnly() {
        Subnet s = new Subnet();
        Node host = s.addNode(NodeKind.CA, 0x10L, 1);
        host.setDescription("h");
        s.addPort(host, 1, 0x11L);

        assertThat(Sl2VlDump.render(s, NodeNameMap.NONE))
                .isEqualTo("Channel Adapter 0x0000000000000011, base LID 0, \"h\"\n" + HEAD + TAIL);
    }
}
