package dev.jsm.sa.mcast;

import static dev.jsm.sa.codec.McMemberRecord.COMPONENT_FLOW_LABEL;
import static dev.jsm.sa.codec.McMemberRecord.COMPONENT_JOIN_STATE;
import static dev.jsm.sa.codec.McMemberRecord.COMPONENT_MGID;
import static dev.jsm.sa.codec.McMemberRecord.COMPONENT_PORT_GID;
import static dev.jsm.sa.codec.McMemberRecord.COMPONENT_P_KEY;
import static dev.jsm.sa.codec.McMemberRecord.COMPONENT_Q_KEY;
import static dev.jsm.sa.codec.McMemberRecord.COMPONENT_SL;
import static dev.jsm.sa.codec.McMemberRecord.COMPONENT_T_CLASS;

import dev.jsm.sa.codec.McMemberRecord;
import dev.jsm.sa.query.Rates;
import dev.jsm.subnet.PortAttributes;

/**
 * OpenSM's MCMemberRecord comparisons ({@code osm_sa_mcmember_record.c} behaviour;
 * docs/reference/opensm-behaviour.md#multicast): the components a
 * join and a create need, whether a request's Q_Key/P_Key/TClass/SL/FlowLabel/HopLimit agree with a group
 * ({@link #otherFieldsAgree}), whether its MTU and rate selectors accept the group's values ({@link #selectorsAgree};
 * PacketLifeTime is not compared, as in OpenSM), whether a port can carry a group, and the MTU and rate a new group
 * gets from its creator's port ({@link #realize}).
 *
 * <p>Stateless; thread-safe.
 */
final class JoinRules {

    /** Components every Set and Delete needs: MGID, PortGID, JoinState. */
    static final long JOIN_MASK = 1L << COMPONENT_MGID | 1L << COMPONENT_PORT_GID | 1L << COMPONENT_JOIN_STATE;
    /** Further components a Set that creates a group needs: Q_Key, TClass, P_Key, SL, FlowLabel. */
    static final long CREATE_MASK = 1L << COMPONENT_Q_KEY | 1L << COMPONENT_T_CLASS | 1L << COMPONENT_P_KEY
            | 1L << COMPONENT_SL | 1L << COMPONENT_FLOW_LABEL;
    /** Join states that make a full member (the group lives while one is left). */
    static final int FULL_STATES = McMemberRecord.JOIN_FULL_MEMBER | McMemberRecord.JOIN_SEND_ONLY_FULL_MEMBER;

    static final int MTU_SELECTOR = 4;
    static final int MTU = 5;
    static final int RATE_SELECTOR = 8;
    static final int RATE = 9;
    private static final int HOP_LIMIT = 14;
    private static final int MTU_MIN = 1;
    private static final int MTU_MAX = 5;
    private static final int GREATER = 0;
    private static final int LESS = 1;
    private static final int EXACTLY = 2;

    private JoinRules() {
    }

    /** Whether the MTU and the rate the request names (value and selector both in the mask) are defined codes. */
    static boolean validCodes(long mask, McMemberRecord r) {
        if (has(mask, MTU_SELECTOR) && has(mask, MTU) && (r.mtu() < MTU_MIN || r.mtu() > MTU_MAX)) {
            return false;
        }
        return !(has(mask, RATE_SELECTOR) && has(mask, RATE) && Rates.mbps(r.rate()) == 0);
    }

    /**
     * Whether the Q_Key, P_Key (same base, not both limited), TClass, SL, FlowLabel and HopLimit the request names
     * equal group {@code g}'s.
     */
    static boolean otherFieldsAgree(long mask, McMemberRecord r, McMemberRecord g) {
        if (has(mask, COMPONENT_P_KEY)
                && (((r.pKey() | g.pKey()) & 0x8000) == 0 || (r.pKey() & 0x7FFF) != (g.pKey() & 0x7FFF))) {
            return false;
        }
        return (!has(mask, COMPONENT_Q_KEY) || r.qKey() == g.qKey())
                && (!has(mask, COMPONENT_T_CLASS) || r.tClass() == g.tClass())
                && (!has(mask, COMPONENT_SL) || r.sl() == g.sl())
                && (!has(mask, COMPONENT_FLOW_LABEL) || r.flowLabel() == g.flowLabel())
                && (!has(mask, HOP_LIMIT) || r.hopLimit() == g.hopLimit());
    }

    /**
     * Whether group {@code g}'s MTU and rate satisfy the request's selectors (only the selector bit of the mask
     * counts, as in OpenSM; selector 3 accepts anything).
     */
    static boolean selectorsAgree(long mask, McMemberRecord r, McMemberRecord g) {
        return (!has(mask, MTU_SELECTOR) || ordered(g.mtu(), r.mtuSelector(), r.mtu()))
                && (!has(mask, RATE_SELECTOR)
                    || ordered(Rates.mbps(g.rate()), r.rateSelector(), Rates.mbps(r.rate())));
    }

    /** Whether a port with attributes {@code a} can take the group's MTU and rate. */
    static boolean portCanCarry(PortAttributes a, McMemberRecord g) {
        return g.mtu() <= portMtu(a) && Rates.mbps(g.rate()) <= Rates.portMbps(a);
    }

    /**
     * The MTU and rate of a group created by request {@code r} from a port with attributes {@code a}: the port's
     * unless the request gives value and selector; "greater than" needs the port to exceed the value and gives the
     * port's, "less than" gives the port's if it is below the value and the next value down otherwise, "exactly" the
     * value.
     *
     * @return {@code {mtu, rate}}, or {@code null} if no defined code results
     */
    static int[] realize(long mask, McMemberRecord r, PortAttributes a) {
        int portMtu = portMtu(a);
        int mtu = portMtu;
        if (has(mask, MTU) && has(mask, MTU_SELECTOR) && r.mtuSelector() != 3) {
            mtu = switch (r.mtuSelector()) {
                case GREATER -> r.mtu() >= portMtu ? -1 : portMtu;
                case LESS -> r.mtu() > portMtu ? portMtu : r.mtu() - 1;
                default -> r.mtu();
            };
            if (mtu < MTU_MIN || mtu > MTU_MAX) {
                return null;
            }
        }
        int portRate = Rates.rateOf(Rates.portMbps(a));
        int rate = portRate;
        if (has(mask, RATE) && has(mask, RATE_SELECTOR) && r.rateSelector() != 3) {
            int want = Rates.mbps(r.rate());
            int have = Rates.mbps(portRate);
            rate = switch (r.rateSelector()) {
                case GREATER -> want >= have ? -1 : portRate;
                case LESS -> want > have ? portRate : nextLower(want);
                default -> r.rate();
            };
            if (rate < 0 || Rates.mbps(rate) == 0) {
                return null;
            }
        }
        return new int[] {mtu, rate};
    }

    /** The MTU code a port runs: NeighborMTU once set, at most MTUCap. */
    static int portMtu(PortAttributes a) {
        int n = a.neighborMtu();
        return n > 0 ? Math.min(n, a.mtuCap()) : a.mtuCap();
    }

    static boolean has(long mask, int bit) {
        return (mask & 1L << bit) != 0;
    }

    /** The rate code of the largest defined rate below {@code mbps}, -1 if there is none. */
    private static int nextLower(int mbps) {
        int best = -1;
        for (int code = 0; code < 64; code++) {
            int m = Rates.mbps(code);
            if (m > 0 && m < mbps && (best < 0 || m > Rates.mbps(best))) {
                best = code;
            }
        }
        return best;
    }

    /** Whether {@code have} satisfies selector {@code selector} against {@code want} (0 &gt;, 1 &lt;, 2 =, 3 any). */
    private static boolean ordered(int have, int selector, int want) {
        return switch (selector) {
            case GREATER -> have > want;
            case LESS -> have < want;
            case EXACTLY -> have == want;
            default -> true;
        };
    }
}
