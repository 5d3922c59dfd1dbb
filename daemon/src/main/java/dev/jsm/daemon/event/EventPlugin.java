package dev.jsm.daemon.event;

/**
 * What an event plug-in implements, OpenSM's {@code osm_event_plugin_t} in Java: a plug-in is a class with a public
 * no-argument constructor, listed in its jar's {@code META-INF/services/dev.jsm.daemon.event.EventPlugin}, and
 * loaded when {@code event_plugin_name} names it ({@link #name}). {@link #open} gets {@code event_plugin_options};
 * {@link #report} gets every event, one at a time, on the plug-in's own thread ({@code jsm-plugin-NAME}), never on
 * the SM's; {@link #close} is called once when the SM stops. A plug-in that throws loses that event (counted and
 * logged once); one slower than the events loses those its queue cannot hold (counted, logged once).
 */
public interface EventPlugin {

    /** The name {@code event_plugin_name} selects this plug-in by (OpenSM: the {@code X} of {@code libX.so}). */
    String name();

    /**
     * Prepares the plug-in before its first event.
     *
     * @param options {@code event_plugin_options} as the config file has it ({@code ""} when unset); every plug-in
     *     gets the same text, as in OpenSM
     * @throws Exception if the plug-in cannot work: it is then not loaded, and the SM goes on without it
     */
    default void open(String options) throws Exception {
    }

    /** One event. Called on the plug-in's thread only, in the order the SM reported the events. */
    void report(FabricEvent event) throws Exception;

    /** Releases what the plug-in holds; called on its thread after its last event. */
    default void close() throws Exception {
    }
}
