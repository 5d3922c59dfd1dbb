package dev.jsm.daemon.route;

import com.google.common.hash.Hasher;
import com.google.common.hash.Hashing;
import dev.jsm.conf.Option;
import dev.jsm.conf.OptionGroup;
import dev.jsm.conf.OptionTable;
import dev.jsm.conf.SmOptions;
import dev.jsm.conf.TextType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A digest of the options that change routing results: {@code lmc} and every option of the ROUTING section
 * ({@code routing_engine} among them), by name and value, and the content of each file such an option names (a root
 * GUID file edited in place changes the routes as much as another path would). A persisted routing is reused at start
 * only under the same fingerprint. SHA-256 (Guava's {@link Hashing#sha256}), as 64 hex digits.
 *
 * <p>Stateless; thread-safe.
 */
final class RoutingFingerprint {

    private RoutingFingerprint() {
    }

    /** The fingerprint of {@code options}. Reads the files the routing options name. */
    static String of(SmOptions options) {
        Hasher h = Hashing.sha256().newHasher();
        add(h, "lmc", String.valueOf(options.lmc()));
        for (Option<?> o : OptionTable.all()) {
            if (o.group() != OptionGroup.ROUTING) {
                continue;
            }
            String value = options.format(o);
            add(h, o.name(), value);
            if (o.type() == TextType.PATH && options.get(o) != null) {
                addFile(h, Path.of(options.get(o).toString()));
            }
        }
        return h.hash().toString();
    }

    private static void add(Hasher h, String name, String value) {
        h.putString(name, StandardCharsets.UTF_8).putByte((byte) '=');
        h.putString(value == null ? "" : value, StandardCharsets.UTF_8).putByte((byte) '\n');
    }

    /** The file's bytes, or a mark that it could not be read (then the engine fails alike either way). */
    private static void addFile(Hasher h, Path file) {
        try {
            h.putBytes(Files.readAllBytes(file));
        } catch (IOException | RuntimeException e) {
            h.putString("(unreadable)", StandardCharsets.UTF_8);
        }
    }
}
