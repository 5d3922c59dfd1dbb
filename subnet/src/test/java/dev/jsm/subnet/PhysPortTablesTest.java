package dev.jsm.subnet;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A port's P_Key, SL2VL and VLArb tables: created on first use, sized by the port's kind. */
class PhysPortTablesTest {

    @Test
    void aSwitchPortHasOneSl2VlBlockPerInputPortACaPortOne() {
        Subnet s = new Subnet();
        Node sw = TestFabric.addSwitch(s, 0x100, 8);
        PhysPort out = sw.port(3);
        PhysPort ca = s.addPort(s.addNode(NodeKind.CA, 0x200, 2), 2, 0x202);

        assertThat(out.sl2VlTableIfAny()).isNull();
        assertThat(out.sl2VlTable().blockCount()).isEqualTo(9);
        assertThat(out.sl2VlTable().blockBytes()).isEqualTo(Sl2VlMap.BLOCK_BYTES);
        assertThat(out.sl2VlTableIfAny()).isSameAs(out.sl2VlTable());
        assertThat(ca.sl2VlTable().blockCount()).isEqualTo(1);
        assertThat(ca.vlArbTableIfAny()).isNull();
        assertThat(ca.vlArbTable().blockCount()).isEqualTo(4);
        assertThat(ca.vlArbTable().blockBytes()).isEqualTo(VlArbBlock.BLOCK_BYTES);
        assertThat(ca.pKeyTableIfAny()).isNull();
    }
}
