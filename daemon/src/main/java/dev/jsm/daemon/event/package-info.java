/**
 * Event plug-ins ({@code event_plugin_name}, {@code event_plugin_options}): OpenSM's {@code osm_event_plugin.h} as
 * a Java interface. {@link dev.jsm.daemon.event.FabricEvent} holds the event kinds OpenSM reports (port errors and
 * data counters, port select, traps, SUBNET UP, heavy sweep start and end, unicast routing done, state changes, SA
 * database dumped, LFT changes) as records; {@link dev.jsm.daemon.event.EventPlugin} is what a plug-in implements,
 * found by {@link java.util.ServiceLoader} on the class path or in the jars of a directory;
 * {@link dev.jsm.daemon.event.EventPlugins} hands each loaded plug-in every event on its own bounded queue and
 * thread, so a plug-in that throws or blocks loses its own events, never the SM's time.
 * {@link dev.jsm.daemon.event.JsonLinesPlugin} is the example: every event as one JSON line. docs/event-plugins.md
 * is the operator's and the plug-in writer's page.
 */
package dev.jsm.daemon.event;
