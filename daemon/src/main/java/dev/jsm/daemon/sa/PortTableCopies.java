package dev.jsm.daemon.sa;

import dev.jsm.sa.query.PortTables;
import dev.jsm.subnet.Sl2VlMap;
import dev.jsm.subnet.snapshot.HeldBlocks;
import dev.jsm.subnet.snapshot.PortView;
import dev.jsm.subnet.snapshot.SubnetSnapshot;

/**
 * Copies the tables a SUBNET UP's snapshot says the ports hold into the SA's {@link PortTables}: the P_Key blocks
 * the partition manager programmed ({@link PortView#heldPKeys()}; a block not acknowledged reads as zeros) and the
 * SL2VL and VLArb tables the QoS manager programmed ({@link PortView#heldSl2Vl()}, {@link PortView#heldVlArb()};
 * none without {@code -Q}, so the SA answers zeros as OpenSM does).
 *
 * <p>Stateless; the snapshot is immutable, so any thread may call it.
 */
public final class PortTableCopies {

    private PortTableCopies() {
    }

    /** The copies of every port of {@code snapshot}. */
    public static PortTables of(SubnetSnapshot snapshot) {
        PortTables.Builder b = PortTables.builder();
        byte[] buf = new byte[Math.max(PortTables.P_KEY_BLOCK_BYTES, PortTables.VL_ARB_BLOCK_BYTES)];
        for (PortView port : snapshot.ports()) {
            copyPKeys(b, port, buf);
            copySl2Vl(b, port, buf);
            copyVlArb(b, port, buf);
        }
        return b.build();
    }

    private static void copyPKeys(PortTables.Builder b, PortView port, byte[] buf) {
        HeldBlocks t = port.heldPKeys();
        if (t == null) {
            return;
        }
        b.pKeyBlocks(port.nodeGuid(), port.portNum(), t.blockCount());
        for (int block = 0; block < t.blockCount(); block++) {
            if (t.isKnown(block)) {
                t.copy(block, buf, 0);
                b.pKeyBlock(port.nodeGuid(), port.portNum(), block, buf, 0);
            }
        }
    }

    private static void copySl2Vl(PortTables.Builder b, PortView port, byte[] buf) {
        HeldBlocks t = port.heldSl2Vl();
        for (int in = 0; t != null && in < t.blockCount(); in++) {
            if (t.isKnown(in)) {
                t.copy(in, buf, 0);
                b.sl2Vl(port.nodeGuid(), port.portNum(), in, Sl2VlMap.read(buf, 0).bits());
            }
        }
    }

    private static void copyVlArb(PortTables.Builder b, PortView port, byte[] buf) {
        HeldBlocks t = port.heldVlArb();
        for (int block = 0; t != null && block < t.blockCount(); block++) {
            if (t.isKnown(block)) {
                t.copy(block, buf, 0);
                b.vlArb(port.nodeGuid(), port.portNum(), block + 1, buf, 0);
            }
        }
    }
}
