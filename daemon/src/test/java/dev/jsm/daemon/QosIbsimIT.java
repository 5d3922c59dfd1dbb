package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * jsm's {@code bin/opensm -Q} and Debian's OpenSM with the "typical HPC" QoS options
 * (docs/reference/opensm-behaviour.md#qos),
 * each on a fresh ibsim
 * serving {@code fat2-16.net}, run by {@code scripts/qos-reference-tables.sh}: {@code smpquery sl2vl} and
 * {@code smpquery vlarb} on every CA port and switch port read back the configured tables, and jsm's are line for
 * line those OpenSM programmed.
 */
@Tag("ibsim")
class QosIbsimIT {

    private static final String TYPICAL_HPC = """
            qos_max_vls 8
            qos_high_limit 0
            qos_vlarb_high 2:1
            qos_vlarb_low 0:96,1:224
            qos_sl2vl 0,1,2,3,4,5,6,7,15,15,15,15,15,15,15,15
            """;

    @Test
    void typicalHpcTablesAreConfiguredAndEqualTheReferences() throws Exception {
        ReferenceScript.assumeReady();
        Path conf = Files.createTempFile("qos-typical-hpc", ".conf");
        try {
            Files.writeString(conf, TYPICAL_HPC);
            String fabric = ReferenceScript.TOP.resolve("fabrics/fat2-16.net").toString();
            List<String> opensm = ReferenceScript.run(Map.of("WAIT", "120"), "qos-reference-tables.sh", fabric,
                    conf.toString());
            List<String> jsm = ReferenceScript.run(Map.of("WAIT", "120"), "qos-reference-tables.sh", fabric,
                    conf.toString(), ReferenceScript.TOP.resolve("bin/opensm").toString());

            assertThat(jsm.stream().filter(l -> l.startsWith("sl2vl "))).isNotEmpty()
                    .allMatch(l -> l.endsWith(": 0 1 2 3 4 5 6 7 15 15 15 15 15 15 15 15"));
            assertThat(jsm.stream().filter(l -> l.contains(" low:"))).isNotEmpty()
                    .allMatch(l -> l.endsWith("low: 0:96 1:224 0:0 0:0 0:0 0:0 0:0 0:0"));
            assertThat(jsm.stream().filter(l -> l.contains(" high:"))).isNotEmpty()
                    .allMatch(l -> l.endsWith("high: 2:1 0:0 0:0 0:0 0:0 0:0 0:0 0:0"));
            assertThat(jsm).isEqualTo(opensm);
            System.out.println("[ibsim] QoS typical HPC on fat2-16.net: " + jsm.size() + " tables equal the reference");
        } finally {
            Files.deleteIfExists(conf);
        }
    }
}
