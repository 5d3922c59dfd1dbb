package dev.jsm.sa.query;

/** Views of {@link SaTestFabric} for tests in other packages. Stateless. */
public final class SaViews {

    private SaViews() {
    }

    /** The small two-switch, four-host fabric with default policies, the SM on switch B (LID 1). */
    public static SaView small() {
        return SaTestFabric.view(false);
    }

    /** {@link #small()} after host H4 (LID 10, port GUID 0x0002c90000004001) disappeared. */
    public static SaView smallWithoutH4() {
        return SaTestFabric.view(SaTestFabric.snapshot(false, 5, false));
    }
}
