package dev.jsm.routing.torus;

/**
 * Why torus-2QoS will not route a fabric: the fabric is not the configured torus (no usable seed, a radix that does
 * not match), or it is, but broken in a way that cannot be routed free of credit loops (a ring broken into disjoint
 * segments, failed switches not adjacent in the last DOR dimension). The message is one line for the operator.
 *
 * <p>Immutable; safe to share.
 */
final class TorusRefusal extends Exception {

    private static final long serialVersionUID = 1L;

    private final boolean notATorus;

    private TorusRefusal(String message, boolean notATorus) {
        super(message, null, false, false);
        this.notATorus = notATorus;
    }

    /** The fabric is not the configured torus (the engine declines it). */
    static TorusRefusal notATorus(String message) {
        return new TorusRefusal(message, true);
    }

    /** The torus is there but cannot be routed free of credit loops (the engine fails). */
    static TorusRefusal unroutable(String message) {
        return new TorusRefusal(message, false);
    }

    /** Whether the fabric did not match the configuration, rather than being unroutable. */
    boolean notATorus() {
        return notATorus;
    }
}
