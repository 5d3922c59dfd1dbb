package dev.jsm.daemon.cc;

import dev.jsm.conf.CctEntry;
import dev.jsm.conf.CongestionOptions;
import dev.jsm.conf.PerSlValues;
import dev.jsm.conf.SmOptions;
import dev.jsm.mad.cc.CaCongestionSetting;
import dev.jsm.mad.cc.CongestionControlTable;
import dev.jsm.mad.cc.SwitchCongestionSetting;
import java.util.ArrayList;
import java.util.List;

/**
 * What congestion control the options ask for ({@code docs/congestion-control.md#what-opensm-3323-does}): whether
 * it is on, the CC_Key to present, how many Sets may await their answer, and the attributes every switch and every
 * CA port should hold - the SwitchCongestionSetting, the CACongestionSetting with its 16 per-SL entries, and the
 * CongestionControlTable blocks of {@code cc_cct}, as OpenSM 3.3.23 builds them: ceil(n / 64) blocks (one when
 * the table is empty), each with CCTI_Limit n - 1 (0 when empty), the entries past the n-th zero. Unlike OpenSM, a
 * table of one entry is written as configured (OpenSM writes its entry as 0:0).
 *
 * <p>Immutable; safe to share.
 *
 * @param enabled {@code congestion_control}
 * @param ccKey {@code cc_key}
 * @param maxOutstanding {@code cc_max_outstanding_mads}
 * @param switchSetting what every switch should hold
 * @param caSetting what every CA port should hold
 * @param tableBlocks what every CA port's table should hold, block 0 first
 */
public record CcSettings(boolean enabled, long ccKey, int maxOutstanding, SwitchCongestionSetting switchSetting,
                         CaCongestionSetting caSetting, List<CongestionControlTable> tableBlocks) {

    /** Copies the block list. */
    public CcSettings {
        tableBlocks = List.copyOf(tableBlocks);
    }

    /** The settings {@code options} give. */
    public static CcSettings of(SmOptions options) {
        CctEntry delay = options.get(CongestionOptions.CC_SW_CONG_SETTING_CREDIT_STARVATION_RETURN_DELAY);
        SwitchCongestionSetting sw = new SwitchCongestionSetting(
                options.get(CongestionOptions.CC_SW_CONG_SETTING_CONTROL_MAP),
                options.get(CongestionOptions.CC_SW_CONG_SETTING_VICTIM_MASK),
                options.get(CongestionOptions.CC_SW_CONG_SETTING_CREDIT_MASK),
                options.getInt(CongestionOptions.CC_SW_CONG_SETTING_THRESHOLD),
                options.getInt(CongestionOptions.CC_SW_CONG_SETTING_PACKET_SIZE),
                options.getInt(CongestionOptions.CC_SW_CONG_SETTING_CREDIT_STARVATION_THRESHOLD),
                SwitchCongestionSetting.returnDelay(delay.shift(), delay.multiplier()),
                options.getInt(CongestionOptions.CC_SW_CONG_SETTING_MARKING_RATE));
        PerSlValues timer = options.get(CongestionOptions.CC_CA_CONG_SETTING_CCTI_TIMER);
        PerSlValues increase = options.get(CongestionOptions.CC_CA_CONG_SETTING_CCTI_INCREASE);
        PerSlValues trigger = options.get(CongestionOptions.CC_CA_CONG_SETTING_TRIGGER_THRESHOLD);
        PerSlValues min = options.get(CongestionOptions.CC_CA_CONG_SETTING_CCTI_MIN);
        List<CaCongestionSetting.Entry> entries = new ArrayList<>(CaCongestionSetting.SLS);
        for (int sl = 0; sl < CaCongestionSetting.SLS; sl++) {
            entries.add(new CaCongestionSetting.Entry((int) timer.get(sl), (int) increase.get(sl),
                    (int) trigger.get(sl), (int) min.get(sl)));
        }
        CaCongestionSetting ca = new CaCongestionSetting(
                options.getInt(CongestionOptions.CC_CA_CONG_SETTING_PORT_CONTROL),
                options.getInt(CongestionOptions.CC_CA_CONG_SETTING_CONTROL_MAP), entries);
        return new CcSettings(options.get(CongestionOptions.CONGESTION_CONTROL),
                options.get(CongestionOptions.CC_KEY),
                options.getInt(CongestionOptions.CC_MAX_OUTSTANDING_MADS), sw, ca,
                blocks(options.get(CongestionOptions.CC_CCT)));
    }

    /** The table blocks of {@code cct}. */
    static List<CongestionControlTable> blocks(List<CctEntry> cct) {
        int n = cct.size();
        int count = n == 0 ? 1 : (n - 1) / CongestionControlTable.ENTRIES + 1;
        int limit = n == 0 ? 0 : n - 1;
        List<CongestionControlTable> blocks = new ArrayList<>(count);
        for (int b = 0; b < count; b++) {
            int[] entries = new int[CongestionControlTable.ENTRIES];
            for (int i = 0; i < entries.length && b * entries.length + i < n; i++) {
                CctEntry e = cct.get(b * entries.length + i);
                entries[i] = CongestionControlTable.entry(e.shift(), e.multiplier());
            }
            blocks.add(new CongestionControlTable(limit, entries));
        }
        return blocks;
    }
}
