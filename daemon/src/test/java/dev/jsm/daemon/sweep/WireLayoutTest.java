package dev.jsm.daemon.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.mad.smp.LinearForwardingTable;
import dev.jsm.mad.smp.MulticastForwardingTable;
import dev.jsm.mad.smp.PortInfo;
import dev.jsm.mad.smp.SlToVlMappingTable;
import dev.jsm.mad.smp.VlArbitrationTable;
import dev.jsm.subnet.Node;
import dev.jsm.subnet.NodeKind;
import dev.jsm.subnet.PortAttributes;
import dev.jsm.subnet.ProgrammableTable;
import dev.jsm.subnet.Sl2VlMap;
import dev.jsm.subnet.Subnet;
import dev.jsm.subnet.SwitchLft;
import dev.jsm.subnet.SwitchMft;
import dev.jsm.subnet.VlArbBlock;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The model keeps its tables in the attributes' wire layout, and {@link BlockSync} copies a block into the SMP as it
 * is: these tests hold each model layout against the MAD codec, both ways, so the two cannot drift apart.
 */
class WireLayoutTest {

    private final Random random = new Random(19);

    @Test
    void sl2VlMapIsTheSlToVlMappingTableLayout() {
        assertThat(Sl2VlMap.BLOCK_BYTES).isEqualTo(SlToVlMappingTable.LAYOUT.size());
        assertThat(Sl2VlMap.SL_COUNT).isEqualTo(SlToVlMappingTable.SL_COUNT);
        for (int round = 0; round < 100; round++) {
            int[] vls = new int[Sl2VlMap.SL_COUNT];
            for (int sl = 0; sl < vls.length; sl++) {
                vls[sl] = random.nextInt(16);
            }
            byte[] model = new byte[8];
            byte[] codec = new byte[8];
            Sl2VlMap.of(vls).writeTo(model, 0);
            SlToVlMappingTable.of(vls).encodeTo(codec, 0);

            assertThat(model).isEqualTo(codec);
            assertThat(Sl2VlMap.read(codec, 0)).isEqualTo(Sl2VlMap.of(vls));
            assertThat(SlToVlMappingTable.decode(model, 0)).isEqualTo(SlToVlMappingTable.of(vls));
        }
    }

    @Test
    void vlArbBlockIsTheVlArbitrationTableLayout() {
        assertThat(VlArbBlock.BLOCK_BYTES).isEqualTo(VlArbitrationTable.LAYOUT.size());
        assertThat(VlArbBlock.ENTRIES).isEqualTo(VlArbitrationTable.ENTRIES);
        for (int round = 0; round < 100; round++) {
            byte[] vls = new byte[VlArbBlock.ENTRIES];
            int[] weights = new int[VlArbBlock.ENTRIES];
            for (int i = 0; i < vls.length; i++) {
                vls[i] = (byte) random.nextInt(16);
                weights[i] = random.nextInt(256);
            }
            byte[] model = new byte[64];
            byte[] codec = new byte[64];
            new VlArbBlock(vls, weights).writeTo(model, 0);
            new VlArbitrationTable(vls, weights).encodeTo(codec, 0);

            assertThat(model).isEqualTo(codec);
            codec[2] |= (byte) 0xA0;
            assertThat(VlArbBlock.read(codec, 0)).as("reserved bits ignored, as the codec does")
                    .isEqualTo(new VlArbBlock(vls, weights));
            assertThat(VlArbitrationTable.decode(model, 0)).isEqualTo(new VlArbitrationTable(vls, weights));
        }
    }

    @Test
    void forwardingTableBlocksAreTheLftAndMftLayouts() {
        Subnet s = new Subnet();
        Node sw = s.addNode(NodeKind.SWITCH, 0x100, 20);
        SwitchLft lft = sw.asSwitch().lft();
        for (int lid = 64; lid < 128; lid++) {
            lft.setWantedPort(lid, random.nextInt(21));
        }
        byte[] model = new byte[64];
        lft.copyWanted(1, model, 0);
        assertThat(lft.blockBytes()).isEqualTo(LinearForwardingTable.LAYOUT.size());
        assertThat(LinearForwardingTable.decode(model, 0)).isEqualTo(LinearForwardingTable.fromTable(
                lft.wantedCopy(), 1));

        SwitchMft mft = sw.asSwitch().mft();
        for (int i = 0; i < 32; i++) {
            mft.setWantedPort(0xC020 + i, 16 + random.nextInt(5), true);
        }
        ProgrammableTable position1 = mft.position(1);
        assertThat(position1.blockBytes()).isEqualTo(MulticastForwardingTable.LAYOUT.size());
        position1.copyWanted(1, model, 0);
        MulticastForwardingTable decoded = MulticastForwardingTable.decode(model, 0);
        for (int i = 0; i < 32; i++) {
            assertThat(decoded.portMasks()[i]).isEqualTo(mft.wantedMask(0xC020 + i, 1));
        }
        int[] masks = new int[32];
        masks[5] = 0x8001;
        new MulticastForwardingTable(masks).encodeTo(model, 0);
        position1.setHeld(2, model, 0);
        assertThat(mft.programmedMask(0xC045, 1)).isEqualTo(0x8001);
    }

    @Test
    void theSlMappingCapabilityBitIsPortInfos() {
        assertThat(PortAttributes.CAP_IS_SL_MAPPING_SUPPORTED).isEqualTo(PortInfo.CAP_IS_SL_MAPPING_SUPPORTED);
    }
}
