package dev.jsm.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/router-speeds.sh} with the reference OpenSM and jsm's {@code bin/opensm}, each alone on the
 * simulator server over {@code fabrics/mixed-speeds-router.net} (docs/link-speeds.md, docs/routers.md): the stock
 * tools see the same fabric and PortInfo under both; PathRecords to GIDs behind the router are the reference's; the
 * rates of paths over NDR and XDR links are those of the speeds the links run in jsm's answers, where OpenSM 3.3.23,
 * which knows no NDR or XDR and reads PortInfo without SMSupportExtendedSpeeds, rates them as QDR. A DGID of a prefix
 * without a route: the reference answers an empty table (it computes ERR_INVALID_GID and discards it), jsm
 * ERR_INVALID_GID, as for any GID of no port.
 */
@Tag("ibsim")
class RouterSpeedsSideBySideIT {

    @Test
    void jsmAnswersTheRouterPathsAsTheReferenceAndRatesTheNewSpeeds(@TempDir Path out) throws Exception {
        ReferenceScript.assumeReady();
        ReferenceScript.run(Map.of(), "router-speeds.sh",
                ReferenceScript.TOP.resolve("fabrics/mixed-speeds-router.net").toString(), out.toString(),
                "reference", "jsm");
        Path ref = out.resolve("reference");
        Path jsm = out.resolve("jsm");
        assertThat(Files.readString(jsm.resolve("status"))).as("jsm's steps")
                .contains("sm.subnet_up 0", "pr-router-fec0:0:0:1 0", "pr-router-fec0:0:0:2 5");
        assertThat(Files.readString(jsm.resolve("ibnetdiscover"))).isEqualTo(Files.readString(ref.resolve(
                "ibnetdiscover")));
        for (String host : new String[] {"edr", "hdr", "ndr", "xdr", "fdr10", "qdr", "ndr2x", "xdr2", "ndr1x"}) {
            assertThat(Files.readString(jsm.resolve("pi-" + host))).as("smpquery portinfo of " + host)
                    .isEqualTo(Files.readString(ref.resolve("pi-" + host)));
        }
        for (String file : new String[] {"pr-router-fec0:0:0:1", "pr-router-fec0:0:0:3", "pr-edr-rt"}) {
            assertThat(path(jsm, file)).as(file).isEqualTo(path(ref, file));
        }
        assertThat(path(jsm, "pr-router-fec0:0:0:1")).as("DLID the router's, HopLimit 255, 100 Gb/s, 2048")
                .containsExactly(3, 0xFF, 0x90, 0x84);
        assertThat(Files.readString(ref.resolve("pr-router-fec0:0:0:2"))).isEmpty();
        assertThat(Files.readString(jsm.resolve("pr-router-fec0:0:0:2.err"))).contains("0x0500");

        Map<String, int[]> rates = new LinkedHashMap<>();
        rates.put("pr-edr-hdr", new int[] {0x90, 0x90});
        rates.put("pr-edr-ndr", new int[] {0x87, 0x90});
        rates.put("pr-hdr-ndr", new int[] {0x87, 0x91});
        rates.put("pr-xdr-ndr", new int[] {0x87, 0x95});
        rates.put("pr-xdr-xdr2", new int[] {0x87, 0x97});
        rates.put("pr-ndr2x-xdr", new int[] {0x86, 0x91});
        rates.put("pr-ndr1x-xdr", new int[] {0x83, 0x90});
        rates.put("pr-xdr-rt", new int[] {0x87, 0x91});
        rates.put("pr-fdr10-xdr", new int[] {0x87, 0x87});
        rates.put("pr-qdr-ndr", new int[] {0x87, 0x87});
        for (Map.Entry<String, int[]> e : rates.entrySet()) {
            assertThat(path(ref, e.getKey())[2]).as("the reference's rate of " + e.getKey())
                    .isEqualTo(e.getValue()[0]);
            assertThat(path(jsm, e.getKey())[2]).as("jsm's rate of " + e.getKey()).isEqualTo(e.getValue()[1]);
        }
    }

    /** DLID, hop_flow_raw, rate and MTU of the first PathRecord saquery printed. */
    private static int[] path(Path dir, String file) throws IOException {
        String text = Files.readString(dir.resolve(file));
        int[] v = new int[4];
        String[] names = {"dlid", "hop_flow_raw", "rate", "mtu"};
        for (int i = 0; i < names.length; i++) {
            Matcher m = Pattern.compile("\\s" + names[i] + "\\.+(0x)?([0-9A-Fa-f]+)").matcher(text);
            assertThat(m.find()).as(names[i] + " in " + file + ":\n" + text).isTrue();
            v[i] = Integer.parseInt(m.group(2), m.group(1) != null ? 16 : 10);
        }
        return v;
    }
}
