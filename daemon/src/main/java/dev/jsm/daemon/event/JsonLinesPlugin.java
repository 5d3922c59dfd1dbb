package dev.jsm.daemon.event;

import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * The example event plug-in, {@code jsonlines}: appends every event to a file as one JSON object per line - its
 * {@code kind}, its {@code time} (ISO-8601) and the record's fields by name, GUIDs as {@code "0x..."} strings -
 * and flushes after each, so {@code tail -f} and log shippers see it at once. The file is the
 * {@code jsonlines.file=PATH} token of {@code event_plugin_options} (blank-separated {@code key=value} tokens;
 * default {@link #DEFAULT_FILE}).
 *
 * <p>Called on its own thread only ({@link EventPlugin}).
 */
public final class JsonLinesPlugin implements EventPlugin {

    /** The file when the options name none. */
    public static final String DEFAULT_FILE = "/var/log/opensm-events.jsonl";
    private static final String FILE_KEY = "jsonlines.file=";

    private BufferedWriter out;

    @Override
    public String name() {
        return "jsonlines";
    }

    @Override
    public void open(String options) throws IOException {
        Path file = Path.of(fileOption(options));
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }

    /** The file {@code options} names, or the default. */
    static String fileOption(String options) {
        for (String token : options.trim().split("\\s+")) {
            if (token.startsWith(FILE_KEY) && token.length() > FILE_KEY.length()) {
                return token.substring(FILE_KEY.length());
            }
        }
        return DEFAULT_FILE;
    }

    @Override
    public void report(FabricEvent event) throws IOException {
        out.write(toJson(event));
        out.newLine();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        if (out != null) {
            out.close();
        }
    }

    /** {@code event} as one JSON object: kind, time, then its other fields in declaration order. */
    static String toJson(FabricEvent event) {
        StringBuilder b = new StringBuilder(128);
        b.append("{\"kind\":");
        string(b, event.kind());
        b.append(",\"time\":");
        string(b, event.time().toString());
        fields(b, (Record) event, "time");
        return b.append('}').toString();
    }

    /** Appends the record's components except {@code skip}, each as {@code ,"name":value}. */
    private static void fields(StringBuilder b, Record r, String skip) {
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            if (c.getName().equals(skip)) {
                continue;
            }
            Object v;
            try {
                v = c.getAccessor().invoke(r);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("record component " + c.getName(), e);
            }
            b.append(',');
            string(b, c.getName());
            b.append(':');
            value(b, c.getName(), v);
        }
    }

    private static void value(StringBuilder b, String name, Object v) {
        if (v == null) {
            b.append("null");
        } else if (v instanceof Long l && name.endsWith("Guid")) {
            string(b, String.format("0x%016x", l));
        } else if (v instanceof Number || v instanceof Boolean) {
            b.append(v);
        } else if (v instanceof Record r) {
            b.append('{');
            int at = b.length();
            fields(b, r, null);
            if (b.length() > at) {
                b.deleteCharAt(at);
            }
            b.append('}');
        } else if (v instanceof Map<?, ?> m) {
            b.append('{');
            String sep = "";
            for (Map.Entry<?, ?> e : new TreeMap<>(m).entrySet()) {
                b.append(sep);
                string(b, String.valueOf(e.getKey()));
                b.append(':');
                value(b, "", e.getValue());
                sep = ",";
            }
            b.append('}');
        } else {
            string(b, v.toString());
        }
    }

    private static void string(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (ch < 0x20) {
                        b.append(String.format("\\u%04x", (int) ch));
                    } else {
                        b.append(ch);
                    }
                }
            }
        }
        b.append('"');
    }
}
