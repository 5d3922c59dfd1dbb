package dev.jsm.mad.channel;

/**
 * Where a MAD goes to or came from. Directed-route SMPs carry their route in the MAD itself; everything else is
 * addressed by LID and queue pair.
 */
public sealed interface MadAddress permits MadAddress.DirectedRoute, MadAddress.LidRouted {

    /** QP0, the subnet management queue pair. */
    int QP0 = 0;
    /** QP1, the general services queue pair. */
    int QP1 = 1;
    /** The well-known Q_Key of QP1. */
    int QP1_QKEY = 0x8001_0000;

    /** The address of directed-route SMPs (sent to the permissive LID; the path is in the MAD). */
    static DirectedRoute directedRoute() {
        return DirectedRoute.INSTANCE;
    }

    /** A LID-routed SMP to or from {@code lid} on QP0. */
    static LidRouted smi(int lid) {
        return new LidRouted(lid, QP0, 0, 0, 0);
    }

    /** A GSI MAD (SA and other classes) to or from {@code lid} on QP1 with the well-known Q_Key. */
    static LidRouted gsi(int lid, int sl, int pkeyIndex) {
        return new LidRouted(lid, QP1, QP1_QKEY, sl, pkeyIndex);
    }

    /** The directed-route address; carries nothing, the route travels in the MAD. */
    final class DirectedRoute implements MadAddress {
        static final DirectedRoute INSTANCE = new DirectedRoute();

        private DirectedRoute() {
        }

        @Override
        public String toString() {
            return "DR";
        }
    }

    /**
     * A LID-routed address.
     *
     * @param lid remote LID (the destination when sending, the source when receiving)
     * @param qpn remote queue pair number (0 for SMPs, 1 for GSI, or a client's QP)
     * @param qkey Q_Key (0 for QP0)
     * @param sl service level
     * @param pkeyIndex index of the P_Key in the local port's table
     */
    record LidRouted(int lid, int qpn, int qkey, int sl, int pkeyIndex) implements MadAddress {
    }
}
