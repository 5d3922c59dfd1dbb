package dev.jsm.subnet.snapshot;

/**
 * A link as it was when the snapshot was taken.
 *
 * <p>Immutable; safe to share.
 *
 * @param index the dense link index
 * @param portIndexA physical-port index of the lower end
 * @param portIndexB physical-port index of the higher end
 * @param ends the ends by GUID and port number, stable across sweeps
 */
public record LinkView(int index, int portIndexA, int portIndexB, LinkEnds ends) {

    /** {@code 0x...[1] <-> 0x...[3]}. */
    @Override
    public String toString() {
        return ends.toString();
    }
}
