package dev.jsm.sa.agent;

/**
 * Told when a GUIDInfoRecord Set or Delete changed a port's alias GUIDs, so that the SM writes the block to the port
 * with a GUIDInfo Set (OpenSM's GUID manager). Called on the SA agent's thread; must not block.
 */
@FunctionalInterface
public interface AliasGuidListener {

    /** Ignores every change. */
    AliasGuidListener NONE = (portGuid, block, guids) -> { };

    /**
     * The alias GUIDs of block {@code block} of port {@code portGuid}'s GUIDInfo are now {@code guids}.
     *
     * @param guids the 8 GUIDs of the block (a copy)
     */
    void aliasesChanged(long portGuid, int block, long[] guids);
}
