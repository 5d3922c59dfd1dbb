package dev.jsm.sa.query;

import dev.jsm.subnet.snapshot.SubnetSnapshot;

/** Views of {@link SaTestFabric} for tests in other packages. Stateless. */
public final class SaViews {

    private SaViews() {
    }

    /** The small two-switch, four-host fabric with default policies, the SM on switch B (LID 1). */
    public static SaView small() {
        return SaTestFabric.view(false);
    }

    /** A view of {@code snapshot} with the small fabric's SM identity and default policies. */
    public static SaView of(SubnetSnapshot snapshot) {
        return SaTestFabric.view(snapshot);
    }

    /**
     * {@link #small()} with virtual ports: H2 (LID 8) has vport 1 (GUID 0x8001c90000002001, LID 20, Active) and vport
     * 2 (0x8002c90000002001, no LID of its own, Init); H3 has vport 1 (0x8001c90000003001, LID 21, Down).
     */
    public static SaView smallWithVPorts() {
        return SaTestFabric.view(SaTestFabric.snapshotWithVPorts());
    }

    /** {@link #small()} after host H4 (LID 10, port GUID 0x0002c90000004001) disappeared. */
    public static SaView smallWithoutH4() {
        return smallWithout(SaTestFabric.H4);
    }

    /** {@link #small()} after the hosts with node GUIDs {@code gone} (H1 ..1000 to H4 ..4000) left the fabric. */
    public static SaView smallWithout(long... gone) {
        return SaTestFabric.view(SaTestFabric.snapshotWithout(gone));
    }
}
