package dev.jsm.packaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * Prometheus' own checks of what the package ships, with {@code promtool} (Debian's {@code prometheus} package,
 * which {@code .ci/run} installs): the alerting rules are valid, their unit tests pass (series in, alerts out:
 * {@code src/test/prometheus/jsm-alerts-test.yml}), and every query of the Grafana dashboard parses as PromQL once
 * Grafana's variables are replaced by values. Skipped with one line where promtool is not installed.
 */
class PromtoolTest {

    private static final Path RULE_TESTS = Path.of("src/test/prometheus/jsm-alerts-test.yml").toAbsolutePath();
    /** Grafana's variables, as Grafana would give them. */
    private static final Map<String, String> VARIABLES = Map.of("$__rate_interval", "1m", "$__range", "6h",
            "$topn", "10", "$job", "jsm", "$instance", ".+");

    private static boolean installed;

    @TempDir
    Path dir;

    @BeforeAll
    static void lookForPromtool() {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            installed |= Files.isExecutable(Path.of(d, "promtool"));
        }
        if (!installed) {
            System.err.println("[packaging] SKIPPED: promtool not installed (apt-get install prometheus)");
        }
    }

    @BeforeEach
    void promtoolInstalled() {
        assumeTrue(installed, "promtool not installed");
    }

    @Test
    void theAlertingRulesAreValid() throws Exception {
        assertThat(promtool("check", "rules", ShippedQueries.RULES.toString())).contains("SUCCESS: 7 rules found");
    }

    @Test
    void theAlertingRulesPassTheirUnitTests() throws Exception {
        assertThat(promtool("test", "rules", RULE_TESTS.toString())).contains("SUCCESS");
    }

    @Test
    void everyDashboardQueryParsesAsPromQl() throws Exception {
        List<ShippedQueries.Query> queries = ShippedQueries.ofDashboard(
                ShippedQueries.dashboard(ShippedQueries.DASHBOARD));
        List<Map<String, String>> rules = new ArrayList<>();
        for (ShippedQueries.Query q : queries) {
            if (q.where().startsWith("variable ")) {
                continue;   // Grafana's label_values(...), no PromQL
            }
            String expr = q.expr();
            for (Map.Entry<String, String> v : VARIABLES.entrySet()) {
                expr = expr.replace(v.getKey(), v.getValue());
            }
            assertThat(expr).as(q.where() + ": a variable this test does not know").doesNotContain("$");
            Map<String, String> rule = new LinkedHashMap<>();
            rule.put("record", "dashboard_query_" + rules.size());
            rule.put("expr", expr);
            rules.add(rule);
        }
        Path file = dir.resolve("dashboard-queries.yml");
        Files.writeString(file, new Yaml().dump(Map.of("groups", List.of(Map.of("name", "dashboard",
                "rules", rules)))));
        assertThat(promtool("check", "rules", file.toString())).contains("SUCCESS: " + rules.size() + " rules found");
        assertThat(rules).hasSizeGreaterThan(40);
    }

    private String promtool(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("promtool"));
        cmd.addAll(List.of(args));
        return Shell.run(dir, cmd, Map.of());
    }
}
