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

    /** {@link #small()} after host H4 (LID 10, port GUID 0x0002c90000004001) disappeared. */
    public static SaView smallWithoutH4() {
        return smallWithout(SaTestFabric.H4);
    }

    /** {@link #small()} after the hosts with node GUIDs {@code gone} (H1 ..1000 to H4 ..4000) left the fabric. */
    public static SaView smallWithout(long... gone) {
        return SaTestFabric.view(SaTestFabric.snapshotWithout(gone));
    }
}
