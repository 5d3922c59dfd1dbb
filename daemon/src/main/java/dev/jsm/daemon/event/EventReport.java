package dev.jsm.daemon.event;

/**
 * Where the SM's parts report events ({@link EventPlugins} when plug-ins are loaded). A report must not block: it
 * is called on the SM's threads.
 */
@FunctionalInterface
public interface EventReport {

    /** Reports nothing: no plug-in is loaded. */
    EventReport NONE = e -> { };

    /** Hands {@code event} to the plug-ins; returns at once. */
    void report(FabricEvent event);
}
