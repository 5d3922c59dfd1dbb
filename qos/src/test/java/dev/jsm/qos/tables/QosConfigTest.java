package dev.jsm.qos.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jsm.conf.ConfFile;
import dev.jsm.conf.OpenSmConfReader;
import dev.jsm.conf.SmOptions;
import dev.jsm.subnet.Sl2VlMap;
import dev.jsm.subnet.VlArbBlock;
import org.junit.jupiter.api.Test;

/** OpenSM's defaults and per-class fall-back for the qos_* options (docs/reference/opensm-behaviour.md#qos). */
class QosConfigTest {

    @Test
    void defaultsAreOpenSmsBuiltInTables() {
        QosConfig c = QosConfig.from(SmOptions.defaults());

        assertThat(c.enabled()).isFalse();
        assertThat(c.useOptimizedSl2Vl()).isFalse();
        for (QosPortConfig p : new QosPortConfig[] {c.ca(), c.router(), c.switchPort0(), c.switchExternal()}) {
            assertThat(p).isEqualTo(QosPortConfig.builtIn());
            assertThat(p.maxVls()).isEqualTo(15);
            assertThat(p.highLimit()).isZero();
            assertThat(p.sl2Vl()).isEqualTo(Sl2VlMap.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 7));
            VlArbBlock high = p.vlArbBlock(2);
            VlArbBlock low = p.vlArbBlock(0);
            assertThat(high.vl(0)).isZero();
            assertThat(high.weight(0)).isEqualTo(4);
            assertThat(high.vl(14)).isEqualTo(14);
            assertThat(high.weight(14)).isZero();
            assertThat(low.weight(0)).isZero();
            assertThat(low.vl(1)).isEqualTo(1);
            assertThat(low.weight(14)).isEqualTo(4);
            assertThat(low.weight(15)).as("past the list: 0:0").isZero();
            assertThat(p.vlArbBlock(1)).isEqualTo(p.vlArbBlock(3));
        }
    }

    @Test
    void typicalHpcOptionsApplyToEveryClass() {
        QosConfig c = QosConfig.from(options("""
                qos TRUE
                qos_max_vls 8
                qos_high_limit 0
                qos_vlarb_high 2:1
                qos_vlarb_low 0:96,1:224
                qos_sl2vl 0,1,2,3,4,5,6,7,15,15,15,15,15,15,15,15
                """));

        assertThat(c.enabled()).isTrue();
        for (QosPortConfig p : new QosPortConfig[] {c.ca(), c.router(), c.switchPort0(), c.switchExternal()}) {
            assertThat(p.maxVls()).isEqualTo(8);
            assertThat(p.vlArbBlock(2).vl(0)).isEqualTo(2);
            assertThat(p.vlArbBlock(2).weight(0)).isEqualTo(1);
            assertThat(p.vlArbBlock(2).weight(1)).isZero();
            assertThat(p.vlArbBlock(0).weight(1)).isEqualTo(224);
            assertThat(p.sl2Vl().vl(8)).isEqualTo(15);
        }
    }

    @Test
    void classOptionsOverrideTheQosOptionsWhichOverrideTheBuiltIns() {
        QosConfig c = QosConfig.from(options("""
                qos_max_vls 4
                qos_ca_max_vls 2
                qos_swe_high_limit 6
                qos_ca_vlarb_low 0:1,
                qos_sl2vl 0,0,0,0,0,0,0,0,1,1,1,1,1,1,1,15
                qos_rtr_sl2vl 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1
                use_optimized_slvl TRUE
                """));

        assertThat(c.useOptimizedSl2Vl()).isTrue();
        assertThat(c.ca().maxVls()).isEqualTo(2);
        assertThat(c.switchExternal().maxVls()).isEqualTo(4);
        assertThat(c.switchExternal().highLimit()).isEqualTo(6);
        assertThat(c.ca().highLimit()).isZero();
        assertThat(c.ca().vlArbBlock(0).weight(0)).as("EDC example's trailing comma").isEqualTo(1);
        assertThat(c.ca().vlArbBlock(0).weight(1)).isZero();
        assertThat(c.switchExternal().vlArbLow()).isEqualTo(QosPortConfig.builtIn().vlArbLow());
        assertThat(c.router().sl2Vl().vl(0)).isEqualTo(1);
        assertThat(c.ca().sl2Vl().vl(15)).isEqualTo(15);
        assertThat(c.switchPort0().sl2Vl()).isEqualTo(c.ca().sl2Vl());
    }

    @Test
    void badValuesAreReportedByConfWithFileAndLine() {
        ConfFile f = OpenSmConfReader.parse("opensm.conf", "qos TRUE\nqos_ca_vlarb_high 15:4\n");

        assertThat(f.errors()).hasSize(1);
        assertThat(f.errors().get(0).toString()).startsWith("opensm.conf:2: option 'qos_ca_vlarb_high': expected");
        assertThat(QosConfig.from(SmOptions.fromFile(f)).ca()).isEqualTo(QosPortConfig.builtIn());
    }

    @Test
    void listParserNamesOptionAndEntry() {
        assertThatThrownBy(() -> QosListParser.vlArb("qos_vlarb_high", "0:4,15:1"))
                .hasMessage("option 'qos_vlarb_high': expected VL 0..14, found '15:1'");
        assertThatThrownBy(() -> QosListParser.vlArb("qos_vlarb_low", "0:4,1"))
                .hasMessage("option 'qos_vlarb_low': expected a VL:weight pair, found '1'");
        assertThatThrownBy(() -> QosListParser.sl2Vl("qos_swe_sl2vl", "0,1,2"))
                .hasMessage("option 'qos_swe_sl2vl': expected exactly 16 VLs, one per SL (found 3), found '0,1,2'");
        assertThatThrownBy(() -> QosListParser.vlArb("qos_vlarb_low", "0:256"))
                .hasMessage("option 'qos_vlarb_low': expected weight 0..255, found '0:256'");
        assertThatThrownBy(() -> QosListParser.vlArb("qos_vlarb_low", "0:08"))
                .hasMessage("option 'qos_vlarb_low': expected weight 0..255, found '0:08'");
        assertThatThrownBy(() -> QosListParser.vlArb("qos_vlarb_low", "+1:1"))
                .hasMessage("option 'qos_vlarb_low': expected VL 0..14, found '+1:1'");
    }

    @Test
    void listNumbersFollowStrtoul() {
        VlArbBlock block = QosListParser.vlArb("qos_vlarb_high", "0x1:010, 016:0xff").get(0);

        assertThat(new int[] {block.vl(0), block.weight(0), block.vl(1), block.weight(1)})
                .containsExactly(1, 8, 14, 255);
    }

    private static SmOptions options(String text) {
        ConfFile f = OpenSmConfReader.parse("opensm.conf", text);
        assertThat(f.errors()).isEmpty();
        return SmOptions.fromFile(f);
    }
}
