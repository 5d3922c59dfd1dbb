package dev.jsm.daemon.systemd;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jsm.daemon.Main;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code opensm} main in a child JVM, as systemd starts it: {@code NOTIFY_SOCKET} names a datagram socket
 * this test listens on, {@code WATCHDOG_USEC} asks for keep-alives. READY=1 must come only once "SUBNET UP" is in
 * the log, then WATCHDOG=1, and STOPPING=1 on SIGTERM.
 */
class SystemdNotifyTest {

    private static final long STEP_MS = 60_000;

    @TempDir
    Path dir;

    @Test
    void readyOnlyAfterSubnetUpThenWatchdogAndStopping() throws Exception {
        Path log = dir.resolve("opensm.log");
        Files.writeString(dir.resolve("empty.conf"), "# nothing\n");
        try (NotifySocket socket = NotifySocket.bindAbstract("jsm-notify-test-" + ProcessHandle.current().pid()
                + "-" + System.nanoTime())) {
            ProcessBuilder pb = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"),
                    "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                    Main.class.getName(), "-F", dir.resolve("empty.conf").toString(), "--sim-topology", "fat2:k=4",
                    "-f", log.toString(), "-s", "0")
                    .redirectErrorStream(true).redirectOutput(dir.resolve("stdout").toFile());
            pb.environment().putAll(Map.of("NOTIFY_SOCKET", socket.address(), "WATCHDOG_USEC", "200000",
                    "OSM_CACHE_DIR", dir.toString(), "OSM_TMP_DIR", dir.toString()));
            Process child = pb.start();
            try {
                List<String> seen = new ArrayList<>();
                String ready = awaitMessage(socket, seen, "READY=1", child);
                assertThat(Files.readString(log)).as("the log when READY=1 arrived").contains("SUBNET UP");
                assertThat(seen.subList(0, seen.size() - 1)).noneMatch(m -> m.contains("READY=1"));
                assertThat(ready).contains("STATUS=SUBNET UP (heavy sweep 1): 14 nodes, 6 switches, 14 end ports");
                awaitMessage(socket, seen, "WATCHDOG=1", child);
                child.destroy();
                assertThat(child.waitFor(STEP_MS, TimeUnit.MILLISECONDS)).isTrue();
                assertThat(seen).noneMatch(m -> m.contains("STOPPING=1"));
                awaitMessage(socket, seen, "STOPPING=1", null);
                assertThat(seen.stream().filter(m -> m.contains("READY=1"))).hasSize(1);
            } finally {
                child.destroyForcibly().waitFor();
            }
        }
    }

    /** Reads datagrams into {@code seen} until one contains {@code key}; returns it. */
    private String awaitMessage(NotifySocket socket, List<String> seen, String key, Process child)
            throws Exception {
        long end = System.currentTimeMillis() + STEP_MS;
        while (System.currentTimeMillis() < end) {
            for (String m : socket.drain()) {
                seen.add(m);
                if (m.contains(key)) {
                    return m;
                }
            }
            if (child != null && !child.isAlive()) {
                throw new AssertionError("the daemon exited with " + child.exitValue() + " before " + key + ": "
                        + Files.readString(dir.resolve("stdout")));
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no " + key + " within " + STEP_MS + " ms; got " + seen);
    }
}
