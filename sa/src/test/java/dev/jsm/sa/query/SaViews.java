package dev.jsm.sa.query;

/** Views of {@link SaTestFabric} for tests in other packages. Stateless. */
public final class SaViews {

    private SaViews() {
    }

    /** The small two-switch, four-host fabric with default policies, the SM on switch B (LID 1). */
    public static SaView small() {
        return SaTestFabric.view(false);
    }
}
