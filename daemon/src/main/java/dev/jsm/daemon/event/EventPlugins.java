package dev.jsm.daemon.event;

import dev.jsm.daemon.view.FabricView;
import dev.jsm.daemon.view.SweepKind;
import dev.jsm.daemon.view.SweepListener;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The event plug-ins {@code event_plugin_name} names, loaded and fed: {@link #load} finds every
 * {@link EventPlugin} by {@link ServiceLoader} on the class path and in the jars of the plug-in directory, keeps
 * those named (a name not found, or a plug-in whose {@link EventPlugin#open} throws, is logged and left out: the SM
 * starts without it, as OpenSM does), and {@link #report} hands every event to each on its own
 * {@link PluginRunner}. As a {@link SweepListener} it reports SUBNET UP and the start and end of heavy sweeps.
 *
 * <p>Thread-safe: {@link #report} from any thread, never blocking.
 */
public final class EventPlugins implements EventReport, SweepListener {

    /** The system property naming the plug-in directory (its {@code *.jar} files are searched). */
    public static final String DIRECTORY_PROPERTY = "jsm.plugin.dir";
    /** The plug-in directory when the property is not set. */
    public static final Path DEFAULT_DIRECTORY = Path.of("/usr/lib/jsm/plugins");
    /** Events a plug-in's queue holds; what comes while it is full is dropped for that plug-in. */
    static final int QUEUE_EVENTS = 4096;
    /** How long {@link #close} lets each plug-in finish its queue. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);
    private static final Logger LOG = LogManager.getLogger(EventPlugins.class);

    private final List<PluginRunner> runners;

    private EventPlugins(List<PluginRunner> runners) {
        this.runners = List.copyOf(runners);
    }

    /** No plug-in: reports go nowhere. */
    public static EventPlugins none() {
        return new EventPlugins(List.of());
    }

    /**
     * Loads the plug-ins {@code names} lists ({@code event_plugin_name}: names separated by blanks or commas; null or
     * blank for none), opening each with {@code options} ({@code event_plugin_options}; null for none).
     *
     * @param directory the plug-in directory; its jars are searched after the class path (it may be absent)
     */
    public static EventPlugins load(String names, String options, Path directory) {
        List<String> wanted = names(names);
        if (wanted.isEmpty()) {
            return none();
        }
        Map<String, EventPlugin> found = available(directory);
        List<PluginRunner> runners = new ArrayList<>();
        for (String name : wanted) {
            EventPlugin p = found.remove(name);
            if (p == null) {
                LOG.error("PLUG-1501 event plug-in {} not found on the class path nor in {}: not loaded", name,
                        directory);
                continue;
            }
            try {
                p.open(options == null ? "" : options);
            } catch (Exception | LinkageError e) {
                LOG.error("PLUG-1502 event plug-in {} could not start: {}; not loaded", name, e.toString());
                continue;
            }
            runners.add(new PluginRunner(p, QUEUE_EVENTS));
            LOG.info("event plug-in {} loaded ({})", name, p.getClass().getName());
        }
        return new EventPlugins(runners);
    }

    /** The names of {@code event_plugin_name}, in order, each once. */
    static List<String> names(String names) {
        if (names == null || names.isBlank()) {
            return List.of();
        }
        return Arrays.stream(names.trim().split("[\\s,]+")).filter(s -> !s.isEmpty()).distinct().toList();
    }

    /** Every plug-in on the class path and in {@code directory}'s jars, by name (the first of a name wins). */
    private static Map<String, EventPlugin> available(Path directory) {
        Map<String, EventPlugin> byName = new LinkedHashMap<>();
        Iterator<EventPlugin> it = ServiceLoader.load(EventPlugin.class, classLoader(directory)).iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                EventPlugin p = it.next();
                byName.putIfAbsent(p.name(), p);
            } catch (ServiceConfigurationError | LinkageError | RuntimeException e) {
                LOG.error("PLUG-1507 an event plug-in could not be instantiated: {}", e.toString());
            }
        }
        return byName;
    }

    private static ClassLoader classLoader(Path directory) {
        ClassLoader parent = EventPlugins.class.getClassLoader();
        if (directory == null || !Files.isDirectory(directory)) {
            return parent;
        }
        List<URL> jars = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".jar")).sorted().toList()) {
                jars.add(f.toUri().toURL());
            }
        } catch (IOException e) {
            LOG.error("PLUG-1508 cannot read the plug-in directory {}: {}", directory, e.toString());
        }
        return jars.isEmpty() ? parent : new URLClassLoader(jars.toArray(URL[]::new), parent);
    }

    /** The names of the plug-ins loaded, in {@code event_plugin_name}'s order. */
    public List<String> loaded() {
        return runners.stream().map(PluginRunner::name).toList();
    }

    @Override
    public void report(FabricEvent event) {
        for (PluginRunner r : runners) {
            r.offer(event);
        }
    }

    @Override
    public void subnetUp(FabricView view) {
        report(new FabricEvent.SubnetUp(Instant.now()));
    }

    @Override
    public void sweepStarted(SweepKind kind) {
        if (kind == SweepKind.HEAVY) {
            report(new FabricEvent.HeavySweepStart(Instant.now()));
        }
    }

    @Override
    public void sweepEnded(SweepKind kind, boolean ok, long nanos) {
        if (kind == SweepKind.HEAVY) {
            report(new FabricEvent.HeavySweepDone(Instant.now(), ok));
        }
    }

    /** Lets every plug-in finish its queue (a few seconds at most each) and closes it; logs the counts. */
    public void close() {
        for (PluginRunner r : runners) {
            try {
                r.stop(CLOSE_WAIT);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** The plug-ins' runners (tests). */
    List<PluginRunner> runners() {
        return runners;
    }
}
