package dev.jsm.qos.policy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The QoS policy examples of NVIDIA's MLNX_OFED documentation of OpenSM ("QoS Configuration Examples" and the
 * policy file sections; docs/reference/opensm-behaviour.md#qos), one resource each, with the line breaks its web
 * page lost put back and the placeholder GUIDs (OST1, SRPT1, ...) replaced by real ones, as the document asks.
 */
final class SeedExamples {

    /** Every example resource name. */
    static final List<String> ALL = List.of("advanced-shortest.conf", "advanced-all-keywords.conf",
            "simple-shortest.conf", "simple-all-keywords.conf", "simple-every-ulp.conf", "hpc-mpi-lustre.conf",
            "edc-2tier.conf", "edc-3tier.conf");

    private SeedExamples() {
    }

    /** The text of one example. */
    static String text(String name) {
        try (InputStream in = SeedExamples.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One example parsed. */
    static QosPolicy parse(String name) throws QosPolicyException {
        return QosPolicyParser.parse(name, text(name));
    }
}
