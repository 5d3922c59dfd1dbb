package dev.jsm.subnet.portgroup;

import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The physical ports of one resolved port group, as a bit set over the snapshot's dense port indices
 * ({@link PortView#index()}): a switch counts with the ports listed (port 0 included when the whole switch is), a CA
 * or router with its ports.
 *
 * <p>Immutable; safe to share.
 */
public final class PortSet {

    private final SubnetSnapshot snapshot;
    private final BitSet ports;

    PortSet(SubnetSnapshot snapshot, BitSet ports) {
        this.snapshot = snapshot;
        this.ports = (BitSet) ports.clone();
    }

    /** The ports, in index order. */
    public List<PortView> ports() {
        List<PortView> out = new ArrayList<>(ports.cardinality());
        for (int i = ports.nextSetBit(0); i >= 0; i = ports.nextSetBit(i + 1)) {
            out.add(snapshot.ports().get(i));
        }
        return out;
    }

    /** The number of ports. */
    public int size() {
        return ports.cardinality();
    }

    /** Whether it holds no port. */
    public boolean isEmpty() {
        return ports.isEmpty();
    }

    /** {@code PortSet[N ports]}. */
    @Override
    public String toString() {
        return "PortSet[" + size() + " ports]";
    }
}
