package dev.jsm.conf;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Test resources: OpenSM 3.3.23's own default file and its option names. */
final class ConfFixtures {

    /** The file {@code opensm -c} wrote (OpenSM 3.3.23, Debian 12). */
    static final String OPENSM_DEFAULT_CONF = "opensm-3.3.23-default.conf";

    private ConfFixtures() {
    }

    static String resource(String name) {
        try (InputStream in = ConfFixtures.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The option names of OpenSM's own file, in file order. */
    static List<String> openSmOptionNames() {
        List<String> names = new ArrayList<>();
        for (String line : resource("opensm-3.3.23-option-names.txt").split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                names.add(line.strip());
            }
        }
        return names;
    }

    /** The names of the options set in a config text, in order, without repeats. */
    static List<String> namesIn(String confText) {
        List<String> names = new ArrayList<>();
        for (String line : confText.split("\n")) {
            String content = line.contains("#") ? line.substring(0, line.indexOf('#')) : line;
            if (!content.isBlank()) {
                String name = content.strip().split("[ \t]+")[0];
                if (!names.contains(name)) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    /** The names of all options of the table, in table order. */
    static List<String> tableNames() {
        List<String> names = new ArrayList<>();
        for (Option<?> o : OptionTable.all()) {
            names.add(o.name());
        }
        return names;
    }
}
