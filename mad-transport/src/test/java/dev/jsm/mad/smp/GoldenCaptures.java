package dev.jsm.mad.smp;

import dev.jsm.mad.codec.HexFixture;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The raw transcript of {@code scripts/capture-golden.sh} ({@code golden-captures.txt} next to this class): bytes
 * that Debian's ibsim, OpenSM and infiniband-diags produced, not this project. The golden tests check that their
 * annotated fixtures are exactly these bytes, so a fixture cannot drift from what was captured.
 *
 * <p>Each capture is a {@code === title} section; its first four hex lines (smpdump's 64 data bytes, or the Notice
 * cut out of ibsim's packet dump) are the attribute.
 *
 * <p>Stateless; the transcript is read once.
 */
final class GoldenCaptures {

    private static final List<String> LINES = load();

    private GoldenCaptures() {
    }

    /** The 64 payload bytes of the capture titled {@code title}. */
    static byte[] payload(String title) {
        int at = LINES.indexOf("=== " + title);
        if (at < 0) {
            throw new IllegalArgumentException("golden-captures.txt has no capture '" + title + "'");
        }
        StringBuilder hex = new StringBuilder();
        int found = 0;
        for (int i = at + 1; i < LINES.size() && found < 4 && !LINES.get(i).startsWith("=== "); i++) {
            if (LINES.get(i).matches("([0-9a-f]{4} ){7}[0-9a-f]{4}")) {
                hex.append(LINES.get(i)).append('\n');
                found++;
            }
        }
        if (found != 4) {
            throw new IllegalStateException("capture '" + title + "' has " + found + " hex lines, expected 4");
        }
        return HexFixture.parse(hex.toString());
    }

    private static List<String> load() {
        try (InputStream in = GoldenCaptures.class.getResourceAsStream("golden-captures.txt")) {
            if (in == null) {
                throw new IllegalStateException("golden-captures.txt missing from the test resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
