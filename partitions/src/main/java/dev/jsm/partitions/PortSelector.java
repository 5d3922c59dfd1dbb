package dev.jsm.partitions;

import dev.jsm.subnet.Guid;
import java.util.Locale;

/**
 * One port specifier of a partition statement: a keyword naming a class of end ports, the SM's own port, or one port
 * GUID, with the membership it is given.
 *
 * <p>Immutable; safe to share.
 *
 * @param kind what the specifier selects
 * @param guid the port GUID for {@link Kind#GUID}, 0 otherwise
 * @param membership the membership given to the selected ports
 */
public record PortSelector(Kind kind, long guid, Membership membership) {

    /** What a port specifier selects. Keywords are matched by prefix in this order, as OpenSM does. */
    public enum Kind {
        /** {@code ALL}: every end port (CA and router ports, switch port 0) and every virtual port. */
        ALL("ALL"),
        /** {@code ALL_CAS}: every CA end port (not the virtual ports behind them). */
        ALL_CAS("ALL_CAS"),
        /** {@code ALL_VCAS}: every virtual port (SR-IOV vport, docs/virtualization.md) but the vports 0. */
        ALL_VCAS("ALL_VCAS"),
        /** {@code ALL_SWITCHES}: every switch port 0. */
        ALL_SWITCHES("ALL_SWITCHES"),
        /** {@code ALL_ROUTERS}: every router end port. */
        ALL_ROUTERS("ALL_ROUTERS"),
        /** {@code SELF}: the SM's own port. */
        SELF("SELF"),
        /** A port GUID. */
        GUID("");

        private final String keyword;

        Kind(String keyword) {
            this.keyword = keyword;
        }

        /** The keyword as written in the file ("" for {@link #GUID}). */
        public String keyword() {
            return keyword;
        }

        /** The keyword {@code word} is a prefix of, or {@code null}. */
        static Kind ofPrefix(String word) {
            for (Kind k : values()) {
                if (k != GUID && k.keyword.startsWith(word)) {
                    return k;
                }
            }
            return null;
        }
    }

    /** {@code ALL=full}, {@code 0x0002c90300000001=limited}. */
    @Override
    public String toString() {
        String name = kind == Kind.GUID ? Guid.toString(guid) : kind.keyword();
        return name + "=" + membership.name().toLowerCase(Locale.ROOT);
    }
}
