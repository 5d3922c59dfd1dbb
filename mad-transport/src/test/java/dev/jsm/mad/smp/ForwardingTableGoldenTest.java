package dev.jsm.mad.smp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.codec.HexFixture;
import org.junit.jupiter.api.Test;

/**
 * Golden tests for LinearForwardingTable and MulticastForwardingTable on bytes we did not produce: switch sw-a's
 * tables as OpenSM (minhop) programmed them into ibsim, read back with {@code smpdump} by
 * {@code scripts/capture-golden.sh}. The MFT entry exists because three CA ports joined the IPoIB broadcast group
 * (MLID 0xC000). Expected values are what {@code ibroute} / {@code ibroute -M} printed, quoted next to them.
 */
class ForwardingTableGoldenTest {

    /** smpdump -D 0,1 0x19 0: sw-a's LFT block 0 (LIDs 0..63). */
    static final byte[] LFT_BLOCK_0 = HexFixture.parse("""
            ff                  // Port[0]: LID 0 is not a unicast LID
            01                  // Port[1]: LID 1, hca-sm
            00                  // Port[2]: LID 2, sw-a itself (port 0)
            06                  // Port[3]: LID 3, sw-b
            12                  // Port[4]: LID 4, hca-far (port 18)
            05                  // Port[5]: LID 5, hca-dual port 1 (through sw-b)
            03                  // Port[6]: LID 6, hca-dual port 2
            ff*57               // Port[7..63]: no route
            """);

    /** smpdump -D 0,1 0x1b 0: sw-a's MFT block 0, position 0 (ports 0..15). */
    static final byte[] MFT_BLOCK_0_POSITION_0 = HexFixture.parse("""
            0022                // PortMask[0]: MLID 0xC000 -> ports 1 and 5 (bits 1, 5)
            0000*31             // PortMask[1..31]: MLIDs 0xC001..0xC01F unused
            """);

    /** smpdump -D 0,1 0x1b 0x10000000: sw-a's MFT block 0, position 1 (ports 16..31). */
    static final byte[] MFT_BLOCK_0_POSITION_1 = HexFixture.parse("""
            0004                // PortMask[0]: MLID 0xC000 -> port 18 (bit 18 - 16 = 2)
            0000*31             // PortMask[1..31]
            """);

    @Test
    void fixturesAreTheCapturedBytes() {
        assertThat(LFT_BLOCK_0).isEqualTo(GoldenCaptures.payload("LinearForwardingTable, sw-a block 0"));
        assertThat(MFT_BLOCK_0_POSITION_0)
                .isEqualTo(GoldenCaptures.payload("MulticastForwardingTable, sw-a block 0 position 0"));
        assertThat(MFT_BLOCK_0_POSITION_1)
                .isEqualTo(GoldenCaptures.payload("MulticastForwardingTable, sw-a block 0 position 1"));
    }

    @Test
    void lftMatchesIbroute() {
        LinearForwardingTable lft = LinearForwardingTable.decode(LFT_BLOCK_0, 0);
        assertThat(lft.port(0)).isEqualTo(LinearForwardingTable.NO_PATH);
        // ibroute: "Lid  Out   Destination"
        assertThat(lft.port(1)).isEqualTo(1);   // 0x0001 001 : (Channel Adapter portguid 0x0002c90300a1b2c1: 'hca-sm')
        assertThat(lft.port(2)).isEqualTo(0);   // 0x0002 000 : (Switch portguid 0x00066a00e3000510: 'sw-a')
        assertThat(lft.port(3)).isEqualTo(6);   // 0x0003 006 : (Switch portguid 0x00066a00e3000520: 'sw-b')
        assertThat(lft.port(4)).isEqualTo(18);  // 0x0004 018 : (... portguid 0x0002c90300c0ffe1: 'hca-far')
        assertThat(lft.port(5)).isEqualTo(5);   // 0x0005 005 : (... portguid 0x0002c90300d4e5f1: 'hca-dual')
        assertThat(lft.port(6)).isEqualTo(3);   // 0x0006 003 : (... portguid 0x0002c90300d4e5f2: 'hca-dual')
        for (int i = 7; i < LinearForwardingTable.ENTRIES; i++) {
            assertThat(lft.port(i)).as("LID %d", i).isEqualTo(LinearForwardingTable.NO_PATH);  // 6 valid lids dumped
        }
        assertThat(LinearForwardingTable.lid(0, 4)).isEqualTo(4);
        assertThat(NodeGoldenTest.reencoded(lft::encodeTo)).isEqualTo(LFT_BLOCK_0);
    }

    @Test
    void lftBlockMovesInAndOutOfAWholeTable() {
        LinearForwardingTable lft = LinearForwardingTable.decode(LFT_BLOCK_0, 0);
        byte[] table = new byte[7];                       // LIDs 0..6, as a switch's table indexed by LID
        lft.copyInto(table, 0);
        assertThat(table).containsExactly(0xff, 1, 0, 6, 18, 5, 3);
        assertThat(LinearForwardingTable.fromTable(table, 0)).isEqualTo(lft);
        assertThat(LinearForwardingTable.fromTable(table, 1).port(0)).isEqualTo(LinearForwardingTable.NO_PATH);
    }

    @Test
    void mftMatchesIbrouteM() {
        //             0                   1                   2
        //      Ports: 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4
        //  MLid
        // 0xc000        x       x                         x
        MulticastForwardingTable low = MulticastForwardingTable.decode(MFT_BLOCK_0_POSITION_0, 0);
        MulticastForwardingTable high = MulticastForwardingTable.decode(MFT_BLOCK_0_POSITION_1, 0);
        assertThat(MulticastForwardingTable.mlid(0, 0)).isEqualTo(0xC000);
        assertThat(low.portMask(0)).isEqualTo(1 << 1 | 1 << 5);
        assertThat(high.portMask(0)).isEqualTo(1 << (18 - MulticastForwardingTable.PORTS_PER_POSITION));
        for (int i = 1; i < MulticastForwardingTable.ENTRIES; i++) {
            assertThat(low.portMask(i)).isZero();                   // 1 valid mlids dumped
            assertThat(high.portMask(i)).isZero();
        }
        assertThat(NodeGoldenTest.reencoded(low::encodeTo)).isEqualTo(MFT_BLOCK_0_POSITION_0);
        assertThat(NodeGoldenTest.reencoded(high::encodeTo)).isEqualTo(MFT_BLOCK_0_POSITION_1);
    }

    @Test
    void mftModifiersAreWhatSmpdumpSent() {
        assertThat(MulticastForwardingTable.modifier(0, 0)).isZero();
        assertThat(MulticastForwardingTable.modifier(1, 0)).isEqualTo(0x10000000L);
        assertThat(MulticastForwardingTable.position(0x10000000L)).isEqualTo(1);
        assertThat(MulticastForwardingTable.block(0x10000000L)).isZero();
    }
}
