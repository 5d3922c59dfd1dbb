package dev.jsm.conf;

import static dev.jsm.conf.OptionList.BOOL;
import static dev.jsm.conf.OptionList.HEX64;
import static dev.jsm.conf.OptionList.POSITIVE;
import static dev.jsm.conf.OptionList.U16;
import static dev.jsm.conf.OptionList.U8;

import dev.jsm.conf.IntType.Style;
import java.math.BigInteger;
import java.util.List;

/**
 * Options of the congestion control sections ({@link OptionGroup#CONGESTION} to {@link OptionGroup#CC_TABLE}):
 * the switch and CA congestion settings and the congestion control table the SM writes when
 * {@code congestion_control} is TRUE (IBA vol. 1, Annex A10). Each constant's description string is its
 * documentation.
 *
 * <p>Immutable; safe to share.
 */
public final class CongestionOptions {

    private static final OptionList L = new OptionList(OptionGroup.CONGESTION);
    private static final IntType FOUR_BITS = IntType.range(0, 15, Style.HEX2_UPPER);

    public static final Option<Boolean> CONGESTION_CONTROL = L.live("congestion_control", BOOL, false,
            "Configure congestion control on switches and CAs (experimental)");
    public static final Option<Long> CC_KEY = L.restart("cc_key", HEX64, 0L,
            "CC_Key sent in congestion control MADs (it is used, not written to the devices)");
    public static final Option<Long> CC_MAX_OUTSTANDING_MADS = L.restart("cc_max_outstanding_mads", POSITIVE, 500L,
            "Congestion control MADs in flight at once");

    static {
        L.group(OptionGroup.CC_SWITCH);
    }

    public static final Option<Long> CC_SW_CONG_SETTING_CONTROL_MAP = L.live("cc_sw_cong_setting_control_map",
            IntType.range(0, 0xFFFFFFFFL, Style.HEX_UPPER), 0L, "Switch fields to apply, as a mask: 0x1 victim mask, "
                    + "0x2 credit mask, 0x4 threshold and packet size, 0x8 credit starvation, 0x10 marking rate");
    public static final Option<BigInteger> CC_SW_CONG_SETTING_VICTIM_MASK = L.live("cc_sw_cong_setting_victim_mask",
            MaskType.INSTANCE, BigInteger.ZERO, "Switch ports (bit n = port n) that mark FECN as victims too");
    public static final Option<BigInteger> CC_SW_CONG_SETTING_CREDIT_MASK = L.live("cc_sw_cong_setting_credit_mask",
            MaskType.INSTANCE, BigInteger.ZERO, "Switch ports (bit n = port n) that apply credit starvation");
    public static final Option<Long> CC_SW_CONG_SETTING_THRESHOLD = L.live("cc_sw_cong_setting_threshold",
            FOUR_BITS, 0L, "How readily switches mark congestion, 0 (never) to 15 (most readily)");
    public static final Option<Long> CC_SW_CONG_SETTING_PACKET_SIZE = L.live("cc_sw_cong_setting_packet_size", U8,
            0L, "Packets smaller than this many credits are never marked");
    public static final Option<Long> CC_SW_CONG_SETTING_CREDIT_STARVATION_THRESHOLD = L.live(
            "cc_sw_cong_setting_credit_starvation_threshold", FOUR_BITS, 0L,
            "How readily switches declare credit starvation, 0 (never) to 15 (most readily)");
    public static final Option<CctEntry> CC_SW_CONG_SETTING_CREDIT_STARVATION_RETURN_DELAY = L.live(
            "cc_sw_cong_setting_credit_starvation_return_delay", CctEntryType.INSTANCE, new CctEntry(0, 0),
            "Credit starvation return delay, as a CCT entry shift:multiplier");
    public static final Option<Long> CC_SW_CONG_SETTING_MARKING_RATE = L.live("cc_sw_cong_setting_marking_rate",
            U16, 0L, "Average number of packets between two FECN markings");

    static {
        L.group(OptionGroup.CC_CA);
    }

    public static final Option<Long> CC_CA_CONG_SETTING_PORT_CONTROL = L.live("cc_ca_cong_setting_port_control",
            IntType.range(0, 0xFFFF, Style.HEX4_UPPER), 0L, "CA congestion control per QP (0) or per SL and port (1)");
    public static final Option<Long> CC_CA_CONG_SETTING_CONTROL_MAP = L.live("cc_ca_cong_setting_control_map",
            IntType.range(0, 0xFFFF, Style.HEX4_UPPER), 0L, "SLs (bit n = SL n) whose CA entries below are applied");

    static {
        L.group(OptionGroup.CC_CA_ENTRIES);
    }

    public static final Option<PerSlValues> CC_CA_CONG_SETTING_CCTI_TIMER = L.live("cc_ca_cong_setting_ccti_timer",
            PerSlType.of(U16), PerSlValues.ZERO, "Per SL: CCTI timer; each expiry lowers the CCTI by one");
    public static final Option<PerSlValues> CC_CA_CONG_SETTING_CCTI_INCREASE = L.live(
            "cc_ca_cong_setting_ccti_increase", PerSlType.of(U8), PerSlValues.ZERO,
            "Per SL: how much the CCTI rises on each BECN");
    public static final Option<PerSlValues> CC_CA_CONG_SETTING_TRIGGER_THRESHOLD = L.live(
            "cc_ca_cong_setting_trigger_threshold", PerSlType.of(U8), PerSlValues.ZERO,
            "Per SL: CCTI at which the CA logs a congestion event");
    public static final Option<PerSlValues> CC_CA_CONG_SETTING_CCTI_MIN = L.live("cc_ca_cong_setting_ccti_min",
            PerSlType.of(U8), PerSlValues.ZERO, "Per SL: lowest CCTI, so some injection delay always applies");

    static {
        L.group(OptionGroup.CC_TABLE);
    }

    public static final Option<List<CctEntry>> CC_CCT = L.live("cc_cct", CctTableType.INSTANCE, List.of(),
            "Congestion control table: comma-separated shift:multiplier entries");

    static final List<Option<?>> ALL = L.all();

    private CongestionOptions() {
    }
}
