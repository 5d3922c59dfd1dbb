package dev.jsm.packaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The PromQL the package ships, read from the packaging module's source tree: the alerting rules
 * ({@code /usr/share/jsm/prometheus/jsm-alerts.yml}) and the Grafana dashboard
 * ({@code /usr/share/jsm/grafana/jsm-dashboard.json}) - each expression with where it stands.
 *
 * <p>Stateless.
 */
final class ShippedQueries {

    static final Path RULES = Path.of("src/root/usr/share/jsm/prometheus/jsm-alerts.yml").toAbsolutePath();
    static final Path DASHBOARD = Path.of("src/root/usr/share/jsm/grafana/jsm-dashboard.json").toAbsolutePath();

    /**
     * One expression.
     *
     * @param where the alert's name, or the panel's or template variable's title
     * @param expr the PromQL (a template variable's: Grafana's {@code label_values(...)})
     */
    record Query(String where, String expr) {
    }

    private ShippedQueries() {
    }

    /** The alerting rules file as YAML: {@code groups}, each with {@code rules}. */
    static Map<String, Object> rules(String yaml) {
        return new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
    }

    /** Every rule of every group of {@code rules}. */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> ruleList(Map<String, Object> rules) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> group : (List<Map<String, Object>>) rules.get("groups")) {
            out.addAll((List<Map<String, Object>>) group.get("rules"));
        }
        return out;
    }

    /** The expression of every rule, by alert (or recording rule) name. */
    static List<Query> ofRules(String yaml) {
        List<Query> out = new ArrayList<>();
        for (Map<String, Object> rule : ruleList(rules(yaml))) {
            Object name = rule.containsKey("alert") ? rule.get("alert") : rule.get("record");
            out.add(new Query("rule " + name, String.valueOf(rule.get("expr"))));
        }
        return out;
    }

    /** The dashboard file as JSON (strictly: Grafana's import takes nothing else). */
    static JsonNode dashboard(Path file) throws IOException {
        return new ObjectMapper().readTree(Files.readString(file));
    }

    /** Every panel's query (rows' panels too) and every template variable's query. */
    static List<Query> ofDashboard(JsonNode dashboard) {
        List<Query> out = new ArrayList<>();
        panels(dashboard.path("panels"), out);
        for (JsonNode v : dashboard.path("templating").path("list")) {
            if ("query".equals(v.path("type").asText())) {
                JsonNode q = v.path("query");
                out.add(new Query("variable " + v.path("name").asText(), q.isTextual() ? q.asText()
                        : q.path("query").asText()));
            }
        }
        return out;
    }

    private static void panels(JsonNode panels, List<Query> out) {
        for (JsonNode p : panels) {
            for (JsonNode t : p.path("targets")) {
                out.add(new Query("panel \"" + p.path("title").asText() + "\" " + t.path("refId").asText(),
                        t.path("expr").asText()));
            }
            panels(p.path("panels"), out);
        }
    }

    /** Every panel, rows' panels included. */
    static List<JsonNode> panelList(JsonNode dashboard) {
        List<JsonNode> out = new ArrayList<>();
        collect(dashboard.path("panels"), out);
        return out;
    }

    private static void collect(JsonNode panels, List<JsonNode> out) {
        for (JsonNode p : panels) {
            out.add(p);
            collect(p.path("panels"), out);
        }
    }

    /** The text of {@code file}. */
    static String read(Path file) throws IOException {
        return Files.readString(file);
    }
}
