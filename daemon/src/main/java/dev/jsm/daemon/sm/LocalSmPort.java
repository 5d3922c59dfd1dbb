package dev.jsm.daemon.sm;

import dev.jsm.subnet.PortAttributes;

/**
 * What this SM's own port said in its last PortInfo: its LID (the source of a standby's Trap 144), its M_Key and
 * M_KeyProtectBits (which decide whether another SM's SMInfo Get or Set is answered and whether an answer shows the
 * SM_Key, as OpenSM checks them) and its CapabilityMask (whether its SMA sends Trap 144 itself).
 *
 * <p>Thread-safe: written on the SM thread after each discovery, read on the receive thread.
 */
public final class LocalSmPort {

    private volatile PortAttributes attributes = PortAttributes.NONE;

    /** Records the port's PortInfo values. */
    public void update(PortAttributes a) {
        attributes = a;
    }

    /** The port's base LID, 0 if it has none yet. */
    public int lid() {
        return attributes.lid();
    }

    /** The port's M_Key, 0 if none. */
    public long mKey() {
        return attributes.mKey();
    }

    /** The port's M_KeyProtectBits. */
    public int mKeyProtectBits() {
        return attributes.mKeyProtectBits();
    }

    /** The port's CapabilityMask. */
    public long capabilityMask() {
        return attributes.capabilityMask();
    }
}
