package dev.jsm.sa.query;

/**
 * The alias GUIDs of the end ports (docs/routers.md): the GUIDs besides its own that a port answers to, which the SA
 * assigns by GUIDInfoRecord Set and Delete (OpenSM's {@code alias_port_guid_tbl}). A PathRecord may name a port by
 * any of them; GUIDInfoRecords show them.
 *
 * <p>Read on the SA agent's thread only (the agent owns the table that implements it).
 */
public interface AliasGuids {

    /** No alias GUIDs anywhere. */
    AliasGuids NONE = new AliasGuids() {
        @Override
        public long portOf(long guid) {
            return 0;
        }

        @Override
        public long[] table(long portGuid) {
            return null;
        }
    };

    /** The GUID of the port that {@code guid} is an alias of, or 0 if it is none's. */
    long portOf(long guid);

    /**
     * The GUIDInfo table of a port with aliases (index 0 its own GUID, 0 where nothing is assigned; as many entries
     * as its GUIDCap), or null if it has none. The caller must not change it.
     */
    long[] table(long portGuid);
}
