package dev.jsm.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.routing.minhop.MinHopEngine;
import dev.jsm.routing.minhop.MinHopOptions;
import dev.jsm.routing.testing.TopologySubnets;
import dev.jsm.routing.testing.VPortFabrics;
import dev.jsm.sim.topo.TopologyShapes;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class PersistedRoutingCodecTest {

    /** One switch (2 ports, LID 1), a CA on its port 1 (LID 2), port 2 not cabled; minhop's tables. */
    private static final String TINY = """
            4a534d52 0001                       # magic "JSMR", version 1
            0006 6d696e686f70 00                # engine "minhop", not the fallback
            0002 6162                           # fingerprint "ab"
            00000000000003e8                    # saved at 1000 ms
            00 00000001                         # lmc 0, 1 switch
            0002c90000000001                    # switchGuid
            0002c90000000001                    # switchSystemImageGuid
            02 0001                             # numPorts 2, switchLid 1
            ffffffff fffffffe ffffffff          # portEdge: port 0 none, port 1 to a CA, port 2 none
            00 04 00                            # portOperationalVls
            00000000 00000000                   # linkStart: no edges
            0002                                # maxLid 2
            ffffffff ff ffffffff                # LID 0: no owner
            00000000 00 00000000                # LID 1: switch 0 port 0, end port 0
            00000000 01 00000001                # LID 2: switch 0 port 1, end port 1
            00000002                            # 2 end ports
            0001 01 0002c90000000001 0002c90000000001 0002 7377 0002c90000000001 01 00000000  # switch port 0 "sw"
            0002 01 0002c90000000010 0002c90000000011 0001 68 0002c90000000011 00 00000000    # CA port "h"
            04                                  # dataVls
            ff 00 01                            # LFT of switch 0: LID 0 none, 1 -> 0, 2 -> 1
            4a534d52                            # end
            """;

    @Test
    void writesTheTinyFabricAsTheAnnotatedFixture() throws IOException {
        assertThat(HexFormat.of().formatHex(bytes(tiny()))).isEqualTo(hex(TINY));
    }

    @Test
    void readsTheFixtureBack() throws IOException {
        PersistedRouting r = read(HexFormat.of().parseHex(hex(TINY)));
        PersistedRouting expected = tiny();
        assertThat(sameContent(r.input(), expected.input())).isTrue();
        assertThat(r.tables().contentEquals(expected.tables())).isTrue();
        assertThat(r.engine()).isEqualTo("minhop");
        assertThat(r.fallback()).isFalse();
        assertThat(r.fingerprint()).isEqualTo("ab");
        assertThat(r.savedAtMillis()).isEqualTo(1000);
    }

    @Test
    void roundTripsARoutedFat3() throws IOException {
        RoutingInput in = RoutingInput.from(SubnetSnapshot.of(TopologySubnets.subnet(
                TopologyShapes.parse("fat3:k=4"), 0)), 1);
        LftTables tables = LftTables.forInput(in);
        MinHopEngine minhop = new MinHopEngine(MinHopOptions.from(EngineOptions.defaults()));
        assertThat(minhop.route(in, tables).isRouted()).isTrue();
        PersistedRouting saved = new PersistedRouting(in, tables, "minhop", true, "f00d", 42);

        PersistedRouting back = read(bytes(saved));

        assertThat(sameContent(back.input(), in)).isTrue();
        assertThat(back.tables().contentEquals(tables)).isTrue();
        assertThat(back.fallback()).isTrue();
        assertThat(back.input().switchIndexOf(in.switchGuid()[3])).isEqualTo(3);
    }

    @Test
    void theExtraLidsOfAnEndPortComeBackFromItsLidArrays() throws IOException {
        Subnet s = TopologySubnets.subnet(TopologyShapes.parse("fat3:k=4"), 0);
        VPortFabrics.addVPorts(s, 1, true);
        RoutingInput in = RoutingInput.from(SubnetSnapshot.of(s), 0);
        assertThat(in.extraLids()).isNotEmpty();

        RoutingInput back = read(bytes(new PersistedRouting(in, LftTables.forInput(in), "minhop", false, "ab", 1)))
                .input();

        assertThat(back.extraLids()).containsExactly(in.extraLids());
        assertThat(back.extraLidBase()).containsExactly(in.extraLidBase());
    }

    @Test
    void refusesATruncatedFileWithEof() throws IOException {
        byte[] all = bytes(tiny());
        for (int n = 0; n < all.length; n++) {
            byte[] cut = Arrays.copyOf(all, n);
            assertThatThrownBy(() -> read(cut)).as("cut at %d", n).isInstanceOf(IOException.class);
        }
        assertThatThrownBy(() -> read(Arrays.copyOf(all, all.length - 1))).isInstanceOf(EOFException.class);
    }

    @Test
    void refusesOtherMagicVersionAndHugeCountsWithoutAllocating() {
        byte[] good = HexFormat.of().parseHex(hex(TINY));
        byte[] magic = good.clone();
        magic[0] = 0x7f;
        assertThatThrownBy(() -> read(magic)).hasMessageContaining("not a jsm routing file");
        byte[] version = good.clone();
        version[5] = 9;
        assertThatThrownBy(() -> read(version)).hasMessageContaining("version 9");
        byte[] switches = good.clone();
        int at = 4 + 2 + 2 + 6 + 1 + 2 + 2 + 8 + 1;
        switches[at] = 0x00;
        switches[at + 1] = 0x00;
        switches[at + 2] = (byte) 0xbf;
        switches[at + 3] = (byte) 0xff;
        assertThatThrownBy(() -> read(switches)).hasMessageContaining("need more bytes than the file can hold");
        switches[at] = 0x7f;
        assertThatThrownBy(() -> read(switches)).hasMessageContaining("bad 2130755583 switches (at most 49151)");
    }

    @Test
    void refusesIndexesOutOfRange() {
        byte[] bad = HexFormat.of().parseHex(hex(TINY));
        int lid2EndPort = hex(TINY).indexOf("000000000100000001") / 2 + 5;
        bad[lid2EndPort + 3] = 7;
        assertThatThrownBy(() -> read(bad)).hasMessageContaining("bad owners of LID 2");
    }

    private static PersistedRouting tiny() {
        RoutingInputBuilder b = new RoutingInputBuilder(0);
        long sw = 0x0002c90000000001L;
        b.switchGuid = new long[] {sw};
        b.switchSystemImageGuid = new long[] {sw};
        b.switchNumPorts = new int[] {2};
        b.switchLid = new int[] {1};
        b.portStart = new int[] {0, 3};
        b.portEdge = new int[] {RoutingInput.PORT_UNCONNECTED, RoutingInput.PORT_TO_END_NODE,
            RoutingInput.PORT_UNCONNECTED};
        b.portOperationalVls = new byte[] {0, 4, 0};
        b.linkStart = new int[] {0, 0};
        b.peerSwitch = new int[0];
        b.localPort = new byte[0];
        b.peerPort = new byte[0];
        b.edgeThrottled = new boolean[0];
        b.maxLid = 2;
        b.lidOwnerSwitch = new int[] {-1, 0, 0};
        b.lidOwnerPort = new byte[] {(byte) 0xff, 0, 1};
        b.lidEndPort = new int[] {-1, 0, 1};
        b.endPortBaseLid = new int[] {1, 2};
        b.endPortLidCount = new int[] {1, 1};
        b.endPortGuid = new long[] {sw, 0x0002c90000000010L};
        b.endPortNodeGuid = new long[] {sw, 0x0002c90000000011L};
        b.endPortNodeDescription = new String[] {"sw", "h"};
        b.endPortSystemImageGuid = new long[] {sw, 0x0002c90000000011L};
        b.endPortIsSwitch = new boolean[] {true, false};
        b.endPortSwitch = new int[] {0, 0};
        b.dataVls = 4;
        RoutingInput in = new RoutingInput(b);
        LftTables t = LftTables.forInput(in);
        t.setPort(0, 1, 0);
        t.setPort(0, 2, 1);
        return new PersistedRouting(in, t, "minhop", false, "ab", 1000);
    }

    private static byte[] bytes(PersistedRouting r) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PersistedRoutingCodec.write(r, new DataOutputStream(bytes));
        return bytes.toByteArray();
    }

    private static PersistedRouting read(byte[] bytes) throws IOException {
        return PersistedRoutingCodec.read(new DataInputStream(new ByteArrayInputStream(bytes)), bytes.length * 4L);
    }

    /** The fixture's hex digits without comments and spaces. */
    private static String hex(String annotated) {
        return annotated.lines().map(l -> l.replaceAll("#.*", "").replaceAll("\\s", ""))
                .reduce("", String::concat);
    }

    private static boolean sameContent(RoutingInput a, RoutingInput b) {
        return a.lmc == b.lmc && Arrays.equals(a.switchGuid, b.switchGuid)
                && Arrays.equals(a.switchSystemImageGuid, b.switchSystemImageGuid)
                && Arrays.equals(a.switchNumPorts, b.switchNumPorts) && Arrays.equals(a.switchLid, b.switchLid)
                && Arrays.equals(a.portStart, b.portStart) && Arrays.equals(a.portEdge, b.portEdge)
                && Arrays.equals(a.portOperationalVls, b.portOperationalVls)
                && Arrays.equals(a.linkStart, b.linkStart) && Arrays.equals(a.peerSwitch, b.peerSwitch)
                && Arrays.equals(a.localPort, b.localPort) && Arrays.equals(a.peerPort, b.peerPort)
                && a.maxLid == b.maxLid && Arrays.equals(a.lidOwnerSwitch, b.lidOwnerSwitch)
                && Arrays.equals(a.lidOwnerPort, b.lidOwnerPort) && Arrays.equals(a.lidEndPort, b.lidEndPort)
                && Arrays.equals(a.endPortBaseLid, b.endPortBaseLid)
                && Arrays.equals(a.endPortLidCount, b.endPortLidCount) && Arrays.equals(a.endPortGuid, b.endPortGuid)
                && Arrays.equals(a.endPortNodeGuid, b.endPortNodeGuid)
                && Arrays.equals(a.endPortNodeDescription, b.endPortNodeDescription)
                && Arrays.equals(a.endPortSystemImageGuid, b.endPortSystemImageGuid)
                && Arrays.equals(a.endPortIsSwitch, b.endPortIsSwitch)
                && Arrays.equals(a.endPortSwitch, b.endPortSwitch) && a.dataVls == b.dataVls
                && Arrays.equals(a.edgeThrottled, b.edgeThrottled);
    }
}
