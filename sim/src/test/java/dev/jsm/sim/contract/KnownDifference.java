package dev.jsm.sim.contract;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The deliberate differences between the simulator and Debian's ibsim 0.10: the table the contract comparison
 * consults before it calls a difference a failure. Each entry names one behaviour, says why the simulator differs
 * and explains only the keys of only the lines that behaviour can change: apart from {@link #RETURN_PATH_0}, which
 * concerns every directed-route answer, an entry applies only to requests the script tagged with its name
 * ({@code case=<NAME>} in the label), and only with the values that behaviour produces. Anything else that differs is
 * a failure, and {@code SimIbsimContractIT} fails too if an entry is never needed.
 *
 * <p>Most entries are the simulator's documented choices. {@link #PORT_INFO_WRITES_STORED},
 * {@link #SWITCH_INFO_WRITES_STORED}, {@link #GUID_INFO_SET}, {@link #PHYSICAL_STATE_TRAINS} and the switch-port part
 * of {@link #OUT_OF_RANGE} were found by this contract: ibsim leaves that part of IBA unimplemented (or reads past its
 * tables), and the simulator follows the spec and its own Javadoc, so they are not simulator bugs.
 *
 * <p>Immutable; safe to share.
 */
enum KnownDifference {

    /** ReturnPath[0] of every directed-route answer. */
    RETURN_PATH_0("the route lives in ReturnPath[1..HopCount] (IBA 14.2.2); the sim leaves entry 0 as sent (0),"
            + " ibsim writes the sender's port number into it") {
        @Override
        Set<String> explain(LineDiff d) {
            return "0".equals(d.sim("rp0")) && String.valueOf(d.localPort()).equals(d.ibsim("rp0"))
                    ? Set.of("rp0") : Set.of();
        }
    },

    /** An attribute no SMA implements. */
    UNKNOWN_ATTRIBUTE("an SMA answers an attribute it does not implement with status 0x000C (IBA 13.4.7); ibsim"
            + " finds no handler and drops the SMP (the requester sees a failed send)") {
        @Override
        Set<String> explain(LineDiff d) {
            return statusVersusDrop(d, "0x000c");
        }
    },

    /** SMInfo to a CA without an SM. */
    SMINFO_WITHOUT_SM("a port without an SM answers SMInfo with 0x000C, as a Linux host without SM does; ibsim"
            + " drops it") {
        @Override
        Set<String> explain(LineDiff d) {
            return statusVersusDrop(d, "0x000c");
        }
    },

    /** Set of NodeInfo or NodeDescription. */
    SET_READ_ONLY_ATTRIBUTE("Set of a read-only attribute is an unsupported method/attribute combination, 0x000C"
            + " (IBA 13.4.7); ibsim answers 0x0008 (method unsupported)") {
        @Override
        Set<String> explain(LineDiff d) {
            return d.taggedWith(this) && "0x000c".equals(d.sim("status")) && "0x0008".equals(d.ibsim("status"))
                    ? Set.of("status") : Set.of();
        }
    },

    /**
     * LFT/MFT blocks beyond the capacity, MFT positions beyond the ports, GUIDInfo blocks beyond GUIDCap, switch
     * ports beyond NumPorts in P_KeyTable, SLtoVLMappingTable and VLArbitrationTable modifiers.
     */
    OUT_OF_RANGE("a block, position or port beyond the node's capacity is an invalid modifier, 0x001C (IBA 13.4.7);"
            + " ibsim answers 0x0000 with zeros (MFT, GUIDInfo), with whatever memory lies beyond its LFT (blocks"
            + " 480-767) or with the tables of the next node's port 0 (switch ports beyond NumPorts)") {
        @Override
        Set<String> explain(LineDiff d) {
            return d.taggedWith(this) && "0x001c".equals(d.sim("status")) && "0x0000".equals(d.ibsim("status"))
                    ? d.statusAndPayload() : Set.of();
        }
    },

    /** A LID-routed SMP through ports that are Init. */
    LID_ROUTED_BEFORE_ACTIVE("SMPs travel on VL15 and cross links in Init and Armed (IBA 7.9.1); ibsim forwards"
            + " LID-routed MADs only through Active ports") {
        @Override
        Set<String> explain(LineDiff d) {
            return d.taggedWith(this) && "ANSWERED".equals(d.sim("outcome")) && "0x0000".equals(d.sim("status"))
                    && "SEND_FAILED".equals(d.ibsim("outcome")) ? d.differing() : Set.of();
        }
    },

    /** Set(PortState Armed) on an Active port, and the port read back. */
    ACTIVE_TO_ARMED("Active to Armed is not a transition of the port state machine (IBA 7.2), so the Set is"
            + " rejected with 0x001C (answering the request's payload); ibsim arms the port and answers its new"
            + " PortInfo") {
        @Override
        Set<String> explain(LineDiff d) {
            if (!d.taggedWith(this)) {
                return Set.of();
            }
            if ("0x001c".equals(d.sim("status")) && "0x0000".equals(d.ibsim("status"))) {
                return d.statusAndPayload();
            }
            return "4".equals(d.sim("PortState")) && "3".equals(d.ibsim("PortState")) ? Set.of("PortState") : Set.of();
        }
    },

    /** A PortInfo Set rejected for OperationalVLs > VLCap that also carried a new LID. */
    REJECTED_SET_WRITES_NOTHING("a rejected Set changes nothing; ibsim has already stored LID (and MasterSMLID,"
            + " LMC, HOQLife, PortPhysicalState) when it rejects OperationalVLs") {
        @Override
        Set<String> explain(LineDiff d) {
            return d.taggedWith(this) && String.valueOf(REJECTED_LID).equals(d.ibsim("LID"))
                    && !String.valueOf(REJECTED_LID).equals(d.sim("LID")) ? Set.of("LID") : Set.of();
        }
    },

    /** NeighborMTU written. */
    NEIGHBOR_MTU_STORED("NeighborMTU is writable (IBA 14.2.5.6) and stored, capped by both ends' MTUCap; ibsim"
            + " ignores the write and always reports 4") {
        @Override
        Set<String> explain(LineDiff d) {
            return d.taggedWith(this) && String.valueOf(WRITTEN_NEIGHBOR_MTU).equals(d.sim("NeighborMTU"))
                    && "4".equals(d.ibsim("NeighborMTU")) ? Set.of("NeighborMTU") : Set.of();
        }
    },

    /** The other PortInfo fields an SM writes. */
    PORT_INFO_WRITES_STORED("M_KeyLeasePeriod, MasterSMSL, VLHighLimit, SubnetTimeOut and VLStallCount are"
            + " writable (IBA 14.2.5.6) and read back as written; ibsim ignores the writes (it keeps only LID,"
            + " MasterSMLID, LMC, HOQLife, GidPrefix, OperationalVLs and the states)") {
        @Override
        Set<String> explain(LineDiff d) {
            return d.taggedWith(this) ? written(d, WRITTEN_PORT_INFO) : Set.of();
        }
    },

    /** SwitchInfo DefaultPort and MulticastFDBTop written. */
    SWITCH_INFO_WRITES_STORED("DefaultPort and MulticastFDBTop are writable (IBA 14.2.5.4) and read back as"
            + " written; ibsim keeps only LinearFDBTop, LifeTimeValue and PortStateChange") {
        @Override
        Set<String> explain(LineDiff d) {
            return d.taggedWith(this) ? written(d, WRITTEN_SWITCH_INFO) : Set.of();
        }
    },

    /** GUIDInfo Set. */
    GUID_INFO_SET("GUIDInfo is writable (IBA 14.2.5.5; entry 0 stays the port GUID) and read back as written;"
            + " ibsim answers every Set 0x0008 and stores nothing") {
        @Override
        Set<String> explain(LineDiff d) {
            if (!d.taggedWith(this)) {
                return Set.of();
            }
            Set<String> keys = new LinkedHashSet<>();
            if ("0x0000".equals(d.sim("status")) && "0x0008".equals(d.ibsim("status"))) {
                keys.add("status");
            }
            for (String k : d.differing()) {
                if (k.startsWith("GUID[") && !k.equals("GUID[0]") && "0x0".equals(d.ibsim(k))
                        && String.format("0x%x", WRITTEN_GUID).equals(d.sim(k))) {
                    keys.add(k);
                }
            }
            return keys;
        }
    },

    /** Set(PortState Down) on a live link: the answer. */
    PORT_STATE_DOWN_BOUNCES("Down restarts the link (IBA 7.2.7): the simulator answers the Set with Down and Polling,"
            + " the state the port is going through, takes the link down once the answer has left and trains it again"
            + " (Init, LinkUp) at the end of the batch (docs/link-speeds.md#the-simulator); ibsim answers Init and"
            + " LinkUp at once") {
        @Override
        Set<String> explain(LineDiff d) {
            return d.taggedWith(this) && "1".equals(d.sim("PortState")) && "2".equals(d.ibsim("PortState"))
                    && "2".equals(d.sim("PortPhysicalState")) && "5".equals(d.ibsim("PortPhysicalState"))
                    ? Set.of("PortState", "PortPhysicalState") : Set.of();
        }
    },

    /** PortPhysicalState Disabled, then Polling, on a switch port. */
    PHYSICAL_STATE_TRAINS("PortPhysicalState Disabled takes the link down (both ends Down, the far end Polling) and"
            + " Polling lets it train again to LinkUp/Init (IBA 14.2.5.6, 5.6); ibsim only stores the value: the"
            + " disabled port keeps its PortState, the far end stays up, and a port set to Polling stays Polling"
            + " in its old PortState, so directed routes through it fail") {
        @Override
        Set<String> explain(LineDiff d) {
            if (!d.taggedWith(this)) {
                return Set.of();
            }
            if ("ANSWERED".equals(d.sim("outcome")) && "SEND_FAILED".equals(d.ibsim("outcome"))) {
                return d.differing();
            }
            if ("1".equals(d.sim("PortState")) && "3".equals(d.sim("PortPhysicalState"))
                    && "3".equals(d.ibsim("PortPhysicalState"))) {
                return Set.of("PortState");
            }
            if ("2".equals(d.sim("PortState")) && "5".equals(d.sim("PortPhysicalState"))
                    && "2".equals(d.ibsim("PortPhysicalState"))) {
                return Set.of("PortState", "PortPhysicalState");
            }
            return Set.of();
        }
    },

    /** LinkWidthEnabled narrowed on a live link. */
    LINK_ENABLE_AT_RETRAIN("a new LinkWidthEnabled takes effect when the link next trains, as on hardware; ibsim"
            + " changes LinkWidthActive of both ends at once") {
        @Override
        Set<String> explain(LineDiff d) {
            return d.taggedWith(this) && !String.valueOf(WRITTEN_LINK_WIDTH).equals(d.sim("LinkWidthActive"))
                    && String.valueOf(WRITTEN_LINK_WIDTH).equals(d.ibsim("LinkWidthActive"))
                    ? Set.of("LinkWidthActive") : Set.of();
        }
    },

    /** LinkWidthEnabled 255 and LinkSpeedEnabled 15. */
    ENABLE_ALL_SUPPORTED("LinkWidthEnabled 255 and LinkSpeedEnabled 15 mean 'all supported' (IBA 14.2.5.6) and read"
            + " back as the supported mask; ibsim ignores both values") {
        @Override
        Set<String> explain(LineDiff d) {
            if (!d.taggedWith(this)) {
                return Set.of();
            }
            boolean width = d.sim("LinkWidthSupported") != null
                    && d.sim("LinkWidthSupported").equals(d.sim("LinkWidthEnabled"));
            boolean speed = d.sim("LinkSpeedSupported") != null
                    && d.sim("LinkSpeedSupported").equals(d.sim("LinkSpeedEnabled"));
            return width && speed ? Set.of("LinkWidthEnabled", "LinkSpeedEnabled") : Set.of();
        }
    };

    /** The LID of the rejected Set in {@link #REJECTED_SET_WRITES_NOTHING}. */
    static final int REJECTED_LID = 0x1234;
    /** The NeighborMTU written in {@link #NEIGHBOR_MTU_STORED} (1024 bytes; the ports' MTUCap is 4). */
    static final int WRITTEN_NEIGHBOR_MTU = 3;
    /** The LinkWidthEnabled written in {@link #LINK_ENABLE_AT_RETRAIN} (1x). */
    static final int WRITTEN_LINK_WIDTH = 1;

    /** The PortInfo values written in {@link #PORT_INFO_WRITES_STORED}. */
    static final Map<String, Long> WRITTEN_PORT_INFO = Map.of("M_KeyLeasePeriod", 15L, "MasterSMSL", 1L,
            "VLHighLimit", 4L, "SubnetTimeOut", 18L, "VLStallCount", 3L);
    /** The SwitchInfo values written in {@link #SWITCH_INFO_WRITES_STORED}. */
    static final Map<String, Long> WRITTEN_SWITCH_INFO = Map.of("DefaultPort", 1L, "MulticastFDBTop", 0xC000L);
    /** The GUID written into GUIDInfo entry 1 in {@link #GUID_INFO_SET}. */
    static final long WRITTEN_GUID = 0x0002c9fffe000042L;

    private final String reason;

    KnownDifference(String reason) {
        this.reason = reason;
    }

    /** Why the simulator differs from ibsim here. */
    String reason() {
        return reason;
    }

    /** The differing keys of {@code d} this entry accounts for (empty if it does not apply to the line). */
    abstract Set<String> explain(LineDiff d);

    /** The differing keys among {@code values} whose sim value is the one written there. */
    static Set<String> written(LineDiff d, Map<String, Long> values) {
        Set<String> keys = new LinkedHashSet<>();
        for (String k : d.differing()) {
            Long v = values.get(k);
            if (v != null && String.valueOf(v).equals(d.sim(k))) {
                keys.add(k);
            }
        }
        return keys;
    }

    /** The sim answered {@code status}, ibsim dropped the SMP: the whole line. */
    Set<String> statusVersusDrop(LineDiff d, String status) {
        return d.taggedWith(this) && status.equals(d.sim("status")) && "SEND_FAILED".equals(d.ibsim("outcome"))
                ? d.differing() : Set.of();
    }
}
