package dev.jsm.daemon.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loading by {@code event_plugin_name} and the isolation of each plug-in: one that throws or blocks loses its own
 * events, counted, while the others get every event and {@link EventPlugins#report} never waits.
 */
class EventPluginsTest {

    @TempDir
    Path dir;

    @BeforeEach
    void clear() {
        TestPlugins.Collecting.EVENTS.clear();
    }

    @Test
    void namesAreSeparatedByBlanksOrCommasAsOpenSmsList() {
        assertThat(EventPlugins.names(" a b,c\tb ")).containsExactly("a", "b", "c");
        assertThat(EventPlugins.names(null)).isEmpty();
        assertThat(EventPlugins.names("  ")).isEmpty();
    }

    @Test
    void onlyTheNamedPluginsAreLoadedAndTheOptionsReachThem() {
        EventPlugins p = EventPlugins.load("test-collecting no-such-plugin test-failing-open", "a=1 b=2", dir);
        assertThat(p.loaded()).containsExactly("test-collecting");
        assertThat(TestPlugins.Collecting.options).isEqualTo("a=1 b=2");
        p.report(new FabricEvent.SubnetUp(Instant.EPOCH));
        p.close();
        assertThat(TestPlugins.Collecting.EVENTS).containsExactly(new FabricEvent.SubnetUp(Instant.EPOCH));
    }

    @Test
    void noNameLoadsNothing() {
        assertThat(EventPlugins.load(null, null, dir).loaded()).isEmpty();
    }

    @Test
    void aThrowingPluginLosesItsOwnEventsOnly() {
        EventPlugins p = EventPlugins.load("test-throwing,test-collecting", "", dir);
        for (int i = 0; i < 100; i++) {
            p.report(new FabricEvent.StateChange(Instant.EPOCH, "MASTER"));
        }
        p.close();
        PluginRunner throwing = p.runners().get(0);
        assertThat(throwing.failed()).isEqualTo(100);
        assertThat(throwing.delivered()).isZero();
        assertThat(p.runners().get(1).delivered()).isEqualTo(100);
        assertThat(TestPlugins.Collecting.EVENTS).hasSize(100);
    }

    @Test
    void aBlockedPluginDropsWhatItsQueueCannotHoldAndTheOthersGetEverything() throws Exception {
        EventPlugins p = EventPlugins.load("test-blocking test-collecting", "", dir);
        int events = EventPlugins.QUEUE_EVENTS + 500;
        p.report(new FabricEvent.HeavySweepStart(Instant.EPOCH));
        TestPlugins.Blocking.ENTERED.await();
        PluginRunner collecting = p.runners().get(1);
        for (int i = 1; i < events; i++) {
            if (i % 1000 == 0) {
                // the collecting plug-in's queue holds QUEUE_EVENTS too: let it drain, so that only the blocked one
                // can overflow however slowly this machine runs its thread
                awaitDelivered(collecting, i);
            }
            p.report(new FabricEvent.HeavySweepStart(Instant.EPOCH));
        }
        PluginRunner blocked = p.runners().get(0);
        assertThat(blocked.dropped()).as("one event taken, a queue full, the rest dropped")
                .isEqualTo(events - 1 - EventPlugins.QUEUE_EVENTS);
        TestPlugins.Blocking.RELEASE.countDown();
        p.close();
        assertThat(blocked.delivered()).isEqualTo(1 + EventPlugins.QUEUE_EVENTS);
        assertThat(p.runners().get(1).delivered()).isEqualTo(events);
        assertThat(TestPlugins.Collecting.EVENTS).hasSize(events);
    }

    /** Waits (at most 10 s) until {@code runner} has delivered {@code n} events. */
    private static void awaitDelivered(PluginRunner runner, long n) throws InterruptedException {
        for (int i = 0; i < 1000 && runner.delivered() < n; i++) {
            Thread.sleep(10);
        }
        assertThat(runner.delivered()).as("delivered within 10 s").isGreaterThanOrEqualTo(n);
    }

    @Test
    void theExampleJsonLinesPluginIsOnTheClassPath() throws Exception {
        EventPlugins p = EventPlugins.load("jsonlines", "jsonlines.file=" + dir.resolve("e.jsonl"), dir);
        assertThat(p.loaded()).containsExactly("jsonlines");
        p.report(new FabricEvent.SubnetUp(Instant.EPOCH));
        p.close();
        assertThat(Files.readAllLines(dir.resolve("e.jsonl")))
                .isEqualTo(List.of("{\"kind\":\"SUBNET_UP\",\"time\":\"1970-01-01T00:00:00Z\"}"));
    }

    /** A plug-in compiled here into a jar of the plug-in directory, which is not on the class path. */
    @Test
    void pluginsInTheDirectorysJarsAreFound() throws Exception {
        Path src = dir.resolve("src/example/DirPlugin.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, """
                package example;
                public class DirPlugin implements dev.jsm.daemon.event.EventPlugin {
                    public String name() { return "dir-plugin"; }
                    public void open(String options) throws Exception {
                        java.nio.file.Files.writeString(java.nio.file.Path.of(options), "opened");
                    }
                    public void report(dev.jsm.daemon.event.FabricEvent e) { }
                }
                """);
        Path classes = dir.resolve("classes");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, "-d", classes.toString(), "-cp",
                System.getProperty("java.class.path"), src.toString())).isZero();
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(plugins.resolve("dir.jar")))) {
            jar.putNextEntry(new JarEntry("example/DirPlugin.class"));
            jar.write(Files.readAllBytes(classes.resolve("example/DirPlugin.class")));
            jar.putNextEntry(new JarEntry("META-INF/services/" + EventPlugin.class.getName()));
            jar.write("example.DirPlugin\n".getBytes(StandardCharsets.US_ASCII));
        }
        Path marker = dir.resolve("marker");
        EventPlugins p = EventPlugins.load("dir-plugin", marker.toString(), plugins);
        assertThat(p.loaded()).containsExactly("dir-plugin");
        p.close();
        assertThat(Files.readString(marker)).isEqualTo("opened");
        assertThat(EventPlugins.load("dir-plugin", marker.toString(), dir).loaded()).as("not on the class path")
                .isEmpty();
    }
}
