package dev.jsm.conf;

import static dev.jsm.conf.OptionList.BOOL;
import static dev.jsm.conf.OptionList.HEX64;
import static dev.jsm.conf.OptionList.NIBBLE;
import static dev.jsm.conf.OptionList.U16;

import dev.jsm.conf.IntType.Style;
import java.util.List;

/**
 * Options of the {@link OptionGroup#DEVICE} section: the port GUID to run on, the keys, the subnet prefix and LMC,
 * and the link and port attributes the SM writes into every PortInfo. Each constant's description string is its
 * documentation.
 *
 * <p>Immutable; safe to share.
 */
public final class DeviceOptions {

    private static final OptionList L = new OptionList(OptionGroup.DEVICE);

    public static final Option<Long> GUID = L.restart("guid", HEX64, 0L,
            "GUID of the local port the SM runs on; 0 means the first active port");
    /**
     * Not in OpenSM 3.3.23 nor in NVIDIA's OpenSM (NVIDIA's UFM moves its SM to another port outside the SM); jsm's
     * move is {@code SmPortFailover}'s.
     */
    public static final Option<Boolean> SM_PORT_FAILOVER = L.extension("sm_port_failover", BOOL, false,
            "When the SM's own port goes down, move the SM to another active local port on the same subnet");
    /** Read at start only (OpenSM re-reads it): the SMP senders keep the key the ports were given. */
    public static final Option<Long> M_KEY = L.restart("m_key", HEX64, 0L,
            "M_Key written to every port and sent in every SMP; 0 means no M_Key protection");
    public static final Option<Long> M_KEY_LEASE_PERIOD = L.live("m_key_lease_period", U16, 0L,
            "Seconds a port keeps its M_Key protection once the SM stops refreshing it; 0 means forever");
    public static final Option<Long> M_KEY_PROTECTION_LEVEL = L.live("m_key_protection_level", IntType.range(0, 3),
            0L, "M_Key protection bits written to every port, 0 (none) to 3 (strictest)");
    public static final Option<Boolean> M_KEY_LOOKUP = L.live("m_key_lookup", BOOL, true,
            "Keep every port's M_Key in the guid2mkey file of the cache directory and use it for SMPs to the port");
    /** Not in OpenSM 3.3.23 (NVIDIA's UFM has "mkey-per-port"); jsm's derivation is {@code MKeyBook}'s. */
    public static final Option<Boolean> M_KEY_PER_PORT = L.extension("m_key_per_port", BOOL, false,
            "Give every port its own M_Key, derived from m_key and the port GUID, instead of m_key itself");
    public static final Option<Long> SM_KEY = L.live("sm_key", HEX64, 1L,
            "SM_Key this SM shows other SMs in SMInfo exchanges");
    public static final Option<Long> SA_KEY = L.live("sa_key", HEX64, 1L,
            "SA_Key that makes an SA request trusted");
    public static final Option<Long> SUBNET_PREFIX = L.restart("subnet_prefix", HEX64, 0xfe80000000000000L,
            "GID prefix of this subnet, written to every port");
    public static final Option<Long> LMC = L.restart("lmc", IntType.range(0, 7), 0L,
            "LID Mask Control: every end port gets 2^lmc consecutive LIDs");
    public static final Option<Boolean> LMC_ESP0 = L.restart("lmc_esp0", BOOL, false,
            "Apply lmc to switch management ports (enhanced port 0) too; otherwise they get one LID");
    public static final Option<Long> SM_SL = L.live("sm_sl", NIBBLE, 0L,
            "Service level of the SM's and SA's own traffic (MasterSMSL)");
    public static final Option<Long> PACKET_LIFE_TIME = L.live("packet_life_time", IntType.range(0, 31, Style.HEX2),
            0x12L, "Switch packet lifetime code, 4.096 us * 2^n; 20 and above disable the limit");
    public static final Option<Long> VL_STALL_COUNT = L.live("vl_stall_count", IntType.range(0, 7, Style.HEX2), 7L,
            "Packets dropped in a row that put a VL of a switch-to-switch port into the stalled state");
    public static final Option<Long> LEAF_VL_STALL_COUNT = L.live("leaf_vl_stall_count",
            IntType.range(0, 7, Style.HEX2), 7L,
            "Like vl_stall_count, for switch ports that lead to a CA or a router");
    public static final Option<Long> HEAD_OF_QUEUE_LIFETIME = L.live("head_of_queue_lifetime",
            IntType.range(0, 31, Style.HEX2), 0x12L,
            "Head-of-queue lifetime code of switch-to-switch ports, 4.096 us * 2^n; 20 and above disable it");
    public static final Option<Long> LEAF_HEAD_OF_QUEUE_LIFETIME = L.live("leaf_head_of_queue_lifetime",
            IntType.range(0, 31, Style.HEX2), 0x10L,
            "Like head_of_queue_lifetime, for switch ports that lead to a CA or a router");
    public static final Option<Long> MAX_OP_VLS = L.live("max_op_vls", IntType.range(1, 5), 5L,
            "Cap on OperationalVLs: 1 = VL0, 2 = VL0-1, 3 = VL0-3, 4 = VL0-7, 5 = VL0-14");
    public static final Option<Long> FORCE_LINK_SPEED = L.live("force_link_speed", IntType.ranges(0, 7, 15, 15),
            15L, "LinkSpeedEnabled for switch ports: 0 leaves it, 15 copies LinkSpeedSupported, "
                    + "otherwise a mask (1 SDR, 2 DDR, 4 QDR)");
    public static final Option<Long> FORCE_LINK_SPEED_EXT = L.live("force_link_speed_ext",
            IntType.ranges(0, 7, 30, 31), 31L, "LinkSpeedExtEnabled for ports: 0 leaves it, 30 turns extended "
                    + "speeds off, 31 copies the supported set, otherwise a mask (1 FDR, 2 EDR, 4 HDR)");
    public static final Option<Long> FORCE_LINK_WIDTH = L.live("force_link_width", IntType.ranges(0, 31, 255, 255),
            255L, "LinkWidthEnabled for switch ports: 0 leaves it, 255 copies LinkWidthSupported, "
                    + "otherwise a mask (1 1x, 2 4x, 4 8x, 8 12x, 16 2x)");
    public static final Option<Long> FDR10 = L.live("fdr10", IntType.range(0, 2), 1L,
            "FDR10 where supported: 0 sends no Mellanox ExtendedPortInfo at all, 1 turns it on, 2 off");
    public static final Option<Long> SUBNET_TIMEOUT = L.live("subnet_timeout", IntType.range(0, 31), 18L,
            "SubnetTimeOut code written to every port, 4.096 us * 2^n");
    public static final Option<Long> LOCAL_PHY_ERRORS_THRESHOLD = L.live("local_phy_errors_threshold",
            IntType.range(0, 15, Style.HEX2), 8L, "Local physical error count at which a port sends trap 129");
    public static final Option<Long> OVERRUN_ERRORS_THRESHOLD = L.live("overrun_errors_threshold",
            IntType.range(0, 15, Style.HEX2), 8L, "Credit overrun count at which a port sends trap 130");
    public static final Option<Boolean> USE_MFTTOP = L.live("use_mfttop", BOOL, true,
            "Use SwitchInfo:MulticastFDBTop on switches that advertise it");

    static final List<Option<?>> ALL = L.all();

    private DeviceOptions() {
    }
}
