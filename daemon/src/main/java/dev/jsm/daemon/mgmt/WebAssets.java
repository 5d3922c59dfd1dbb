package dev.jsm.daemon.mgmt;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The web console's static files, read once from the jar: the page, its script and style sheet
 * ({@code dev/jsm/daemon/mgmt/web/}), and uPlot's script and style sheet from its WebJar (the charts of counters over
 * time and of the hop histogram), served under {@code /ui/}. Only the files named here are served, so a request path
 * never reaches the class path.
 *
 * <p>Immutable after construction; safe to share.
 */
final class WebAssets {

    /** One file: its bytes and content type. */
    record Asset(byte[] bytes, String contentType) {
    }

    private static final String OWN = "dev/jsm/daemon/mgmt/web/";
    private static final String UPLOT = "META-INF/maven/org.webjars.npm/uplot/pom.properties";

    private final Map<String, Asset> assets = new HashMap<>();

    WebAssets() {
        add("index.html", OWN + "index.html", "text/html; charset=utf-8");
        add("app.js", OWN + "app.js", "text/javascript; charset=utf-8");
        add("app.css", OWN + "app.css", "text/css; charset=utf-8");
        String dist = "META-INF/resources/webjars/uplot/" + uplotVersion() + "/dist/";
        add("lib/uPlot.iife.min.js", dist + "uPlot.iife.min.js", "text/javascript; charset=utf-8");
        add("lib/uPlot.min.css", dist + "uPlot.min.css", "text/css; charset=utf-8");
    }

    /** The file at {@code /ui/<name>}, or {@code null}. */
    Asset get(String name) {
        return assets.get(name);
    }

    private void add(String name, String resource, String type) {
        assets.put(name, new Asset(read(resource), type));
    }

    private static String uplotVersion() {
        Properties p = new Properties();
        try (InputStream in = open(UPLOT)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version");
    }

    private static byte[] read(String resource) {
        try (InputStream in = open(resource)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream open(String resource) throws IOException {
        InputStream in = WebAssets.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IOException("missing from the jar: " + resource);
        }
        return in;
    }
}
