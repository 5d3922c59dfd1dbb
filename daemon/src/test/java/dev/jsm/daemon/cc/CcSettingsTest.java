package dev.jsm.daemon.cc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.conf.CctEntry;
import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.mad.cc.CaCongestionSetting;
import dev.jsm.mad.cc.CongestionControlTable;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The attributes {@link CcSettings} builds from the options, as OpenSM 3.3.23 builds them
 * ({@code docs/congestion-control.md#what-opensm-3323-does}): the table's blocks and CCTI_Limit for empty, one-entry,
 * one-block and two-block tables; the per-SL entries; the switch fields.
 */
class CcSettingsTest {

    @Test
    void anEmptyTableIsOneZeroBlockWithLimitZero() {
        assertThat(CcSettings.blocks(List.of())).containsExactly(CongestionControlTable.empty(0));
    }

    @Test
    void aOneEntryTableIsWrittenAsConfiguredUnlikeOpenSm() {
        List<CongestionControlTable> blocks = CcSettings.blocks(List.of(new CctEntry(1, 7)));
        assertThat(blocks).hasSize(1);
        assertThat(blocks.get(0).cctiLimit()).isZero();
        assertThat(blocks.get(0).entries()[0]).isEqualTo(CongestionControlTable.entry(1, 7)).isEqualTo(0x4007);
        assertThat(blocks.get(0).entries()[1]).isZero();
    }

    @Test
    void sixtyFourEntriesFillOneBlockAndSixtyFiveSpillIntoASecond() {
        assertThat(CcSettings.blocks(entries(64))).hasSize(1)
                .allSatisfy(b -> assertThat(b.cctiLimit()).isEqualTo(63));
        List<CongestionControlTable> two = CcSettings.blocks(entries(65));
        assertThat(two).hasSize(2).allSatisfy(b -> assertThat(b.cctiLimit()).isEqualTo(64));
        assertThat(two.get(0).entries()[63]).isEqualTo(CongestionControlTable.entry(3, 63));
        assertThat(two.get(1).entries()[0]).isEqualTo(CongestionControlTable.entry(0, 64));
        assertThat(two.get(1).entries()[1]).isZero();
        assertThat(CcSettings.blocks(entries(128))).hasSize(2);
    }

    @Test
    void theOptionsGiveTheSwitchFieldsAndEverySlsEntry() throws Exception {
        SmOptions.Builder b = SmOptions.builder();
        String[] pairs = {"congestion_control", "TRUE", "cc_key", "0x1234", "cc_max_outstanding_mads", "7",
            "cc_sw_cong_setting_victim_mask", "0x8000000000000000000000000000000000000000000000000000000000000001",
            "cc_sw_cong_setting_credit_starvation_return_delay", "2:5", "cc_sw_cong_setting_threshold", "0x0A",
            "cc_ca_cong_setting_ccti_timer", "15 300", "cc_ca_cong_setting_ccti_min", "15 4"};
        for (int i = 0; i < pairs.length; i += 2) {
            b.setText(OptionTable.get(pairs[i]), pairs[i + 1]);
        }
        CcSettings s = CcSettings.of(b.build());
        assertThat(s.enabled()).isTrue();
        assertThat(s.ccKey()).isEqualTo(0x1234);
        assertThat(s.maxOutstanding()).isEqualTo(7);
        assertThat(s.switchSetting().victimMask()).isEqualTo(BigInteger.ONE.shiftLeft(255).add(BigInteger.ONE));
        assertThat(s.switchSetting().csReturnDelay()).isEqualTo(0x8005);
        assertThat(s.switchSetting().threshold()).isEqualTo(10);
        assertThat(s.caSetting().entries()).hasSize(16);
        assertThat(s.caSetting().entries().get(15)).isEqualTo(new CaCongestionSetting.Entry(300, 0, 0, 4));
        assertThat(s.caSetting().entries().subList(0, 15)).containsOnly(CaCongestionSetting.Entry.ZERO);
        assertThat(s.tableBlocks()).containsExactly(CongestionControlTable.empty(0));
    }

    /** n entries, entry i = (i % 4):i. */
    private static List<CctEntry> entries(int n) {
        List<CctEntry> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new CctEntry(i % 4, i));
        }
        return out;
    }
}
