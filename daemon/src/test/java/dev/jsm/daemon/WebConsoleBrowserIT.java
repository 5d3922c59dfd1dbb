package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The web console in Debian's chromium through Selenium, against jsm on an ibsim {@code fat2-16} fabric
 * ({@code scripts/web-console-browser.sh}, in its own network namespace): every page loads and shows the fabric (the
 * map by level and by the performance manager's traffic, a port's chart of its readings), an unknown path is 404,
 * and an inter-switch cable pulled on ibsim's console turns red on the map. The screenshots stay in
 * {@code daemon/target/web-console/} as build artifacts.
 */
@Tag("ibsim")
class WebConsoleBrowserIT {

    private static final String FABRIC = ReferenceScript.TOP.resolve("fabrics/fat2-16.net").toString();
    private static final Path SHOTS = Path.of("target/web-console").toAbsolutePath();

    @BeforeAll
    static void ready() {
        ReferenceScript.assumeReady();
        boolean browser = Files.isExecutable(Path.of("/usr/bin/chromium"))
                && Files.isExecutable(Path.of("/usr/bin/chromedriver"));
        if (!browser) {
            System.err.println("[ibsim] SKIPPED: needs Debian's chromium and chromium-driver");
        }
        Assumptions.assumeTrue(browser);
    }

    @Test
    void everyPageLoadsAndAPulledCableTurnsRed() throws Exception {
        List<String> out = ReferenceScript.run(Map.of("JSM_TEST_CLASSPATH", System.getProperty("java.class.path")),
                "web-console-browser.sh", FABRIC, SHOTS.toString());
        System.err.println("[ibsim] web-console-browser.sh fat2-16: " + String.join(" | ", out));

        assertThat(out).noneMatch(l -> l.startsWith("FAILED"));
        assertThat(line(out, "page overview: ")).contains("MASTER").contains("warnings: none");
        assertThat(line(out, "page map: ")).contains(" switches, ").contains(" ms").contains("layout levels");
        assertThat(line(out, "page map by traffic: ")).matches(".* busiest pair of switches [0-9.]+ [kMG]?B/s");
        assertThat(line(out, "page switch: ")).contains(" ports");
        assertThat(line(out, "page port: ")).contains("port 1, counters and chart shown (")
                .doesNotContain("(0 readings").doesNotContain("(1 readings");
        assertThat(line(out, "page routing: ")).contains("no credit loop").contains(" pairs delivered");
        assertThat(line(out, "page /nothing: ")).startsWith("page /nothing: not found");
        assertThat(line(out, "cable pulled: ")).contains("drawn red");
        for (String shot : List.of("overview", "map", "map-traffic", "switch", "port", "routing",
                "map-cable-pulled")) {
            assertThat(SHOTS.resolve(shot + ".png")).as(shot).isNotEmptyFile();
        }
    }

    /**
     * {@code fabrics/torus-6x5.net} routed by torus-2QoS on the in-JVM simulator
     * ({@code scripts/web-console-map-time.sh} with the torus's configuration): the map places its switches by the
     * engine's coordinates.
     */
    @Test
    void aTorusIsDrawnByTheEnginesPlacement() throws Exception {
        Path conf = Files.createDirectories(SHOTS).resolve("torus-opensm.conf");
        Files.writeString(conf, "routing_engine torus-2QoS,no_fallback\ntorus_config "
                + ReferenceScript.TOP.resolve("fabrics/torus-6x5.torus-2QoS.conf") + "\n");
        List<String> out = ReferenceScript.run(Map.of("JSM_TEST_CLASSPATH", System.getProperty("java.class.path")),
                "web-console-map-time.sh", ReferenceScript.TOP.resolve("fabrics/torus-6x5.net").toString(), "1",
                SHOTS.resolve("torus").toString(), conf.toString());
        System.err.println("[ibsim] web-console-map-time.sh torus-6x5: " + String.join(" | ", out));

        assertThat(line(out, "page map: ")).contains("30 switches, 60 switch pairs").contains("layout torus");
        assertThat(SHOTS.resolve("torus/map.png")).isNotEmptyFile();
    }

    private static String line(List<String> out, String prefix) {
        return out.stream().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no line " + prefix + "in " + out));
    }
}
